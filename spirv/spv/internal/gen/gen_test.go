package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"
)

const (
	grammarDir = "/opt/kiln/spirv-headers/unified1"
	registry   = "/opt/kiln/spirv-headers/spir-v.xml"
	pkgDir     = "../.."
)

// The committed tables are exactly what the generator writes today.
func TestGeneratedFilesAreFresh(t *testing.T) {
	if _, err := os.Stat(filepath.Join(grammarDir, "spirv.core.grammar.json")); err != nil {
		t.Skipf("no SPIR-V grammar (run ci/install-spirv-headers.sh): %v", err)
	}
	m, err := load(grammarDir, registry)
	if err != nil {
		t.Fatal(err)
	}
	files, err := generate(m)
	if err != nil {
		t.Fatal(err)
	}
	for name, want := range files {
		got, err := os.ReadFile(filepath.Join(pkgDir, name))
		if err != nil || !bytes.Equal(got, want) {
			t.Errorf("%s is stale or missing: run go generate ./spirv/spv", name)
		}
	}
	committed, _ := filepath.Glob(filepath.Join(pkgDir, "zz_generated_*.go"))
	for _, path := range committed {
		if _, ok := files[filepath.Base(path)]; !ok {
			t.Errorf("%s is not generated any more: delete it", path)
		}
	}
}

// Older grammars list an alias as a second instruction with the same
// opcode; newer ones name it in an "aliases" field. Both give the same
// table entry.
func TestAliasesInBothGrammarStyles(t *testing.T) {
	caps := jsonKind{Category: "ValueEnum", Kind: "Capability", Enumerants: []jsonEnumerant{
		{Enumerant: "DotProduct", Value: json.RawMessage(`6019`), Version: "1.6"},
		{Enumerant: "DotProductKHR", Value: json.RawMessage(`6019`), Extensions: []string{"SPV_KHR_integer_dot_product"}, Version: "1.6"},
	}}
	newCaps := jsonKind{Category: "ValueEnum", Kind: "Capability", Enumerants: []jsonEnumerant{
		{Enumerant: "DotProduct", Aliases: []string{"DotProductKHR"}, Value: json.RawMessage(`"6019"`), Extensions: []string{"SPV_KHR_integer_dot_product"}, Version: "1.6"},
	}}
	old := []jsonInst{
		{OpName: "OpSDot", Opcode: 4450, Capabilities: []string{"DotProduct"}, Version: "1.6"},
		{OpName: "OpSDotKHR", Opcode: 4450, Capabilities: []string{"DotProductKHR"}, Extensions: []string{"SPV_KHR_integer_dot_product"}, Version: "1.6"},
	}
	newer := []jsonInst{
		{OpName: "OpSDot", Opcode: 4450, Aliases: []string{"OpSDotKHR"}, Capabilities: []string{"DotProduct"}, Extensions: []string{"SPV_KHR_integer_dot_product"}, Version: "1.6"},
	}
	build := func(k jsonKind, insts []jsonInst) *model {
		ck, err := mergeKind(k)
		if err != nil {
			t.Fatal(err)
		}
		m := &model{kinds: []*kind{ck}, insts: mergeInsts(insts)}
		if err := m.resolve(); err != nil {
			t.Fatal(err)
		}
		return m
	}
	a, b := build(caps, old), build(newCaps, newer)
	if !reflect.DeepEqual(a, b) {
		t.Errorf("old style %+v\nnew style %+v", a, b)
	}
	want := inst{name: "OpSDot", aliases: []string{"OpSDotKHR"}, opcode: 4450,
		avail: avail{caps: []string{"DotProduct"}, exts: []string{"SPV_KHR_integer_dot_product"}, minVersion: "1.6"}}
	if !reflect.DeepEqual(a.insts[0], want) {
		t.Errorf("got %+v\nwant %+v", a.insts[0], want)
	}
}

func TestMergeAvail(t *testing.T) {
	for _, tc := range []struct {
		in   []avail
		want avail
	}{
		{[]avail{{}}, avail{}},
		{[]avail{{minVersion: "None"}}, avail{minVersion: "None"}},
		{[]avail{{minVersion: "1.4"}, {minVersion: "None", exts: []string{"E"}}}, avail{minVersion: "1.4", exts: []string{"E"}}},
		{[]avail{{minVersion: "1.0", lastVersion: "1.3"}, {lastVersion: "1.5"}}, avail{lastVersion: "1.5"}},
		{[]avail{{lastVersion: "1.3"}, {}}, avail{}},
	} {
		if got := mergeAvail(tc.in); !reflect.DeepEqual(got, tc.want) {
			t.Errorf("mergeAvail(%+v) = %+v, want %+v", tc.in, got, tc.want)
		}
	}
}

func TestNames(t *testing.T) {
	for in, want := range map[string]string{"s_abs": "SAbs", "FindILsb": "FindILsb", "vload_halfn": "VloadHalfn", "printf": "Printf"} {
		if got := goName(in); got != want {
			t.Errorf("goName(%q) = %q, want %q", in, got, want)
		}
	}
	for in, want := range map[string]string{"'Pointer'": "Pointer", "'Operand 1', +\n'Operand 2', +\n...": "Operand 1, Operand 2, ..."} {
		if got := operandName(in); got != want {
			t.Errorf("operandName(%q) = %q, want %q", in, got, want)
		}
	}
}

// MLIR's own entries join the core grammar's, and one whose number Khronos
// has defined since is an error, not a second entry for that number.
func TestMergeMLIR(t *testing.T) {
	capKind := func(vals ...string) jsonKind {
		k := jsonKind{Category: "ValueEnum", Kind: "Capability"}
		for _, v := range vals {
			k.Enumerants = append(k.Enumerants, jsonEnumerant{Enumerant: "C" + v, Value: json.RawMessage(v)})
		}
		return k
	}
	core := jsonCore{OperandKinds: []jsonKind{capKind("1")}, Instructions: []jsonInst{{OpName: "OpNop", Opcode: 0}}}
	if err := mergeMLIR(&core); err != nil {
		t.Fatal(err)
	}
	if !slices.ContainsFunc(core.Instructions, func(in jsonInst) bool { return in.OpName == "OpJointMatrixLoadINTEL" && in.Opcode == 6120 }) {
		t.Errorf("no OpJointMatrixLoadINTEL 6120 in %+v", core.Instructions)
	}
	if !slices.ContainsFunc(core.OperandKinds[0].Enumerants, func(e jsonEnumerant) bool { return e.Enumerant == "JointMatrixINTEL" }) {
		t.Errorf("no JointMatrixINTEL in %+v", core.OperandKinds[0].Enumerants)
	}
	taken := jsonCore{OperandKinds: []jsonKind{capKind("1")}, Instructions: []jsonInst{{OpName: "OpTaken", Opcode: 6120}}}
	if err := mergeMLIR(&taken); err == nil || !strings.Contains(err.Error(), "the core grammar has opcode 6120") {
		t.Errorf("opcode taken: %v", err)
	}
	taken = jsonCore{OperandKinds: []jsonKind{capKind("6118")}}
	if err := mergeMLIR(&taken); err == nil || !strings.Contains(err.Error(), "the core grammar has value 6118 (C6118)") {
		t.Errorf("capability taken: %v", err)
	}
}
