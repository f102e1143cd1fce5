package main

import (
	"fmt"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"
)

// model is the grammar after alias merging: exactly what the emitters print.
type model struct {
	magic                  uint32
	major, minor, revision int
	insts                  []inst // one per opcode, sorted by opcode
	kinds                  []*kind
	extSets                []extSet
	vendors                []vendor
}

// avail is the availability of an instruction or enumerant.
type avail struct {
	caps        []string // canonical capability names; any one enables it
	exts        []string // any one of these enables it below minVersion
	minVersion  string   // "" (every version), "None" (extensions only) or "1.3"
	lastVersion string   // "" (still present) or "1.5"
}

type operand struct{ kind, name, quant string }

type inst struct {
	name     string
	aliases  []string
	class    string
	opcode   uint32
	operands []operand
	avail
}

type kind struct {
	name, category, doc string
	bases               []string
	enums               []enumerant // sorted by value
}

type enumerant struct {
	name    string
	aliases []string
	value   uint32
	params  []operand
	avail
}

type extSet struct {
	importName        string // the OpExtInstImport name, "GLSL.std.450"
	goType            string // the Go type of its instruction numbers, "GLSLstd450"
	file              string
	version, revision int
	insts             []inst // sorted by number
}

type vendor struct {
	id           uint32
	vendor, tool string
}

// extSetSources lists the extended instruction sets the tables include.
var extSetSources = []struct{ file, importName, goType string }{
	{"extinst.glsl.std.450.grammar.json", "GLSL.std.450", "GLSLstd450"},
	{"extinst.opencl.std.100.grammar.json", "OpenCL.std", "OpenCLstd"},
	{"extinst.tosa.001000.1.grammar.json", "TOSA.001000.1", "TOSA"},
	{"extinst.arm.experimental-ml-operations.grammar.json", "Arm.ExperimentalMLOperations.1", "ArmExperimentalML"},
}

// load reads the grammar files in dir and the registry xmlPath.
func load(dir, xmlPath string) (*model, error) {
	var core jsonCore
	if err := readJSON(filepath.Join(dir, "spirv.core.grammar.json"), &core); err != nil {
		return nil, err
	}
	magic, err := strconv.ParseUint(core.MagicNumber, 0, 32)
	if err != nil {
		return nil, fmt.Errorf("magic_number %q: %v", core.MagicNumber, err)
	}
	if err := mergeMLIR(&core); err != nil {
		return nil, err
	}
	m := &model{magic: uint32(magic), major: core.Major, minor: core.Minor, revision: core.Revision}
	for _, jk := range core.OperandKinds {
		k, err := mergeKind(jk)
		if err != nil {
			return nil, err
		}
		m.kinds = append(m.kinds, k)
	}
	m.insts = mergeInsts(core.Instructions)
	for _, src := range extSetSources {
		var ext jsonExt
		if err := readJSON(filepath.Join(dir, src.file), &ext); err != nil {
			return nil, err
		}
		m.extSets = append(m.extSets, extSet{
			importName: src.importName, goType: src.goType, file: src.file,
			version: ext.Version, revision: ext.Revision, insts: mergeInsts(ext.Instructions),
		})
	}
	if m.vendors, err = loadVendors(xmlPath); err != nil {
		return nil, err
	}
	return m, m.resolve()
}

// mergeKind builds one operand kind, merging enumerants that share a value.
func mergeKind(jk jsonKind) (*kind, error) {
	k := &kind{name: jk.Kind, category: jk.Category, doc: jk.Doc, bases: jk.Bases}
	byValue := map[uint32]int{}
	var parts [][]jsonEnumerant
	for _, je := range jk.Enumerants {
		v, err := parseValue(je.Value)
		if err != nil {
			return nil, fmt.Errorf("%s.%s: %v", jk.Kind, je.Enumerant, err)
		}
		i, ok := byValue[v]
		if !ok {
			i = len(parts)
			byValue[v] = i
			parts = append(parts, nil)
		}
		parts[i] = append(parts[i], je)
	}
	for _, group := range parts {
		first := group[0]
		v, _ := parseValue(first.Value)
		e := enumerant{name: first.Enumerant, value: v, params: operands(first.Parameters)}
		var av []avail
		for _, je := range group {
			e.aliases = appendNew(e.aliases, je.Aliases...)
			if je.Enumerant != e.name {
				e.aliases = appendNew(e.aliases, je.Enumerant)
			}
			av = append(av, avail{caps: je.Capabilities, exts: je.Extensions, minVersion: je.Version, lastVersion: je.LastVersion})
		}
		e.avail = mergeAvail(av)
		k.enums = append(k.enums, e)
	}
	sort.SliceStable(k.enums, func(i, j int) bool { return k.enums[i].value < k.enums[j].value })
	return k, nil
}

// mergeInsts builds one entry per opcode. Older grammars list aliases as
// separate instructions with the same opcode; newer ones name them in an
// "aliases" field. The first entry listed for an opcode is the canonical one.
func mergeInsts(list []jsonInst) []inst {
	byOpcode := map[uint32]int{}
	var out []inst
	var avs [][]avail
	for _, ji := range list {
		i, ok := byOpcode[ji.Opcode]
		if !ok {
			i = len(out)
			byOpcode[ji.Opcode] = i
			out = append(out, inst{name: ji.OpName, class: ji.Class, opcode: ji.Opcode, operands: operands(ji.Operands)})
			avs = append(avs, nil)
		}
		in := &out[i]
		in.aliases = appendNew(in.aliases, ji.Aliases...)
		if ji.OpName != in.name {
			in.aliases = appendNew(in.aliases, ji.OpName)
		}
		avs[i] = append(avs[i], avail{caps: ji.Capabilities, exts: ji.Extensions, minVersion: ji.Version, lastVersion: ji.LastVersion})
	}
	for i := range out {
		out[i].avail = mergeAvail(avs[i])
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].opcode < out[j].opcode })
	return out
}

func operands(list []jsonOperand) []operand {
	var out []operand
	for _, o := range list {
		out = append(out, operand{kind: o.Kind, name: operandName(o.Name), quant: o.Quantifier})
	}
	return out
}

// mergeAvail joins the availability of an entry and its aliases: any of
// their capabilities or extensions, from the earliest version any of them
// has, until the latest last version (none if any of them has none).
func mergeAvail(list []avail) avail {
	a := avail{minVersion: "None"}
	stillPresent := false
	for _, x := range list {
		a.caps = appendNew(a.caps, x.caps...)
		a.exts = appendNew(a.exts, x.exts...)
		if versionKey(x.minVersion) < versionKey(a.minVersion) {
			a.minVersion = x.minVersion
		}
		if x.lastVersion == "" {
			stillPresent = true
		} else if a.lastVersion == "" || versionKey(x.lastVersion) > versionKey(a.lastVersion) {
			a.lastVersion = x.lastVersion
		}
	}
	if stillPresent {
		a.lastVersion = ""
	}
	if a.minVersion == "1.0" {
		a.minVersion = ""
	}
	return a
}

// versionKey orders grammar version strings: "" and "1.0" first, "None" last.
func versionKey(s string) int {
	switch s {
	case "":
		return 0x10000
	case "None":
		return 1 << 30
	}
	maj, min, _ := strings.Cut(s, ".")
	a, _ := strconv.Atoi(maj)
	b, _ := strconv.Atoi(min)
	return a<<16 | b<<8
}

func appendNew(list []string, names ...string) []string {
	for _, n := range names {
		if !slices.Contains(list, n) {
			list = append(list, n)
		}
	}
	return list
}

// resolve checks every reference in the model and rewrites capability
// names to their canonical spelling.
func (m *model) resolve() error {
	kinds := map[string]*kind{}
	for _, k := range m.kinds {
		kinds[k.name] = k
	}
	caps := map[string]string{}
	capKind := kinds["Capability"]
	if capKind == nil {
		return fmt.Errorf("grammar has no Capability operand kind")
	}
	for _, e := range capKind.enums {
		caps[e.name] = e.name
		for _, a := range e.aliases {
			caps[a] = e.name
		}
	}
	fixAvail := func(where string, a *avail) error {
		var out []string
		for _, c := range a.caps {
			canon, ok := caps[c]
			if !ok {
				return fmt.Errorf("%s: unknown capability %q", where, c)
			}
			out = appendNew(out, canon)
		}
		a.caps = out
		for _, v := range []string{a.minVersion, a.lastVersion} {
			if v != "" && v != "None" && versionKey(v)>>16 != 1 {
				return fmt.Errorf("%s: unexpected version %q", where, v)
			}
		}
		return nil
	}
	checkOperands := func(where string, ops []operand) error {
		for _, o := range ops {
			if kinds[o.kind] == nil {
				return fmt.Errorf("%s: unknown operand kind %q", where, o.kind)
			}
			if o.quant != "" && o.quant != "?" && o.quant != "*" {
				return fmt.Errorf("%s: unknown quantifier %q", where, o.quant)
			}
		}
		return nil
	}
	for _, k := range m.kinds {
		for _, b := range k.bases {
			if kinds[b] == nil {
				return fmt.Errorf("%s: unknown base kind %q", k.name, b)
			}
		}
		for i := range k.enums {
			e := &k.enums[i]
			where := k.name + "." + e.name
			if err := fixAvail(where, &e.avail); err != nil {
				return err
			}
			if err := checkOperands(where, e.params); err != nil {
				return err
			}
		}
	}
	insts := [][]inst{m.insts}
	for _, s := range m.extSets {
		insts = append(insts, s.insts)
	}
	for _, list := range insts {
		for i := range list {
			if err := fixAvail(list[i].name, &list[i].avail); err != nil {
				return err
			}
			if err := checkOperands(list[i].name, list[i].operands); err != nil {
				return err
			}
		}
	}
	return nil
}

// enumKinds returns the kinds that get a Go type: the bit and value enums.
func (m *model) enumKinds() []*kind {
	var out []*kind
	for _, k := range m.kinds {
		if k.category == "BitEnum" || k.category == "ValueEnum" {
			out = append(out, k)
		}
	}
	return out
}
