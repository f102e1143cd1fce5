package validate

import (
	"context"
	"errors"
	"flag"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rebuild testdata/*.spv from testdata/*.spvasm with spirv-as")

func module(t *testing.T, name string) []byte {
	t.Helper()
	base := filepath.Join("testdata", name)
	if *update {
		out, err := exec.Command("spirv-as", "--target-env", "vulkan1.0", base+".spvasm", "-o", base+".spv").CombinedOutput()
		if err != nil {
			t.Fatalf("spirv-as: %v\n%s", err, out)
		}
	}
	data, err := os.ReadFile(base + ".spv")
	if err != nil {
		t.Fatal(err)
	}
	return data
}

func needSpirvVal(t *testing.T) {
	t.Helper()
	if _, err := exec.LookPath("spirv-val"); err != nil {
		t.Skip("spirv-val not on PATH (Debian package spirv-tools)")
	}
}

func TestValidModulePasses(t *testing.T) {
	needSpirvVal(t)
	data := module(t, "valid")
	for _, env := range Envs() {
		v := Validator{Env: env}
		if err := v.ValidateBytes(context.Background(), data); err != nil {
			t.Errorf("%s: %v", env, err)
		}
	}
}

func TestValidateWords(t *testing.T) {
	needSpirvVal(t)
	data := module(t, "valid")
	words := make([]uint32, len(data)/4)
	for i := range words {
		words[i] = uint32(data[4*i]) | uint32(data[4*i+1])<<8 | uint32(data[4*i+2])<<16 | uint32(data[4*i+3])<<24
	}
	if err := Validate(context.Background(), words, Vulkan1_1); err != nil {
		t.Fatal(err)
	}
}

func TestInvalidModuleReportsInstructionAndVUID(t *testing.T) {
	needSpirvVal(t)
	data := module(t, "invalid")
	if err := (&Validator{Env: Spv1_0}).ValidateBytes(context.Background(), data); err != nil {
		t.Fatalf("spv1.0 has no Vulkan scope rule, yet: %v", err)
	}
	err := (&Validator{Env: Vulkan1_0}).ValidateBytes(context.Background(), data)
	var verr *Error
	if !errors.As(err, &verr) {
		t.Fatalf("got %v, want a *Error", err)
	}
	if len(verr.Messages) != 1 {
		t.Fatalf("got %d messages, want 1: %v", len(verr.Messages), err)
	}
	m := verr.Messages[0]
	if m.Severity != "error" || m.VUID != "VUID-StandaloneSpirv-None-04636" || m.Instruction != 11 ||
		m.Disassembly != "OpControlBarrier %uint_1 %uint_1 %uint_264" || m.Result != 0 {
		t.Errorf("got %#v", m)
	}
	if !strings.Contains(err.Error(), "instruction 11: [VUID-StandaloneSpirv-None-04636] ControlBarrier") {
		t.Errorf("error text: %s", err)
	}
}

func TestGarbageIsAModuleLevelError(t *testing.T) {
	needSpirvVal(t)
	err := Validate(context.Background(), []uint32{0x07230203, 0x00010000}, Vulkan1_0)
	var verr *Error
	if !errors.As(err, &verr) || verr.Messages[0].Instruction != -1 {
		t.Fatalf("got %v, want a module-level *Error", err)
	}
}

func TestMissingValidator(t *testing.T) {
	v := Validator{Env: Vulkan1_0, Path: filepath.Join(t.TempDir(), "spirv-val")}
	if err := v.Validate(context.Background(), nil); !errors.Is(err, ErrNotFound) {
		t.Errorf("explicit path: got %v, want ErrNotFound", err)
	}
	t.Setenv("PATH", t.TempDir())
	if err := Validate(context.Background(), nil, Vulkan1_0); !errors.Is(err, ErrNotFound) {
		t.Errorf("empty PATH: got %v, want ErrNotFound", err)
	}
}

func TestUnknownEnv(t *testing.T) {
	for _, env := range []Env{"", "vulkan9.9"} {
		if err := Validate(context.Background(), nil, env); err == nil || !strings.Contains(err.Error(), "unknown target environment") {
			t.Errorf("%q: got %v", env, err)
		}
	}
}

func TestEnvs(t *testing.T) {
	for _, tc := range []struct {
		env          string
		major, minor int
	}{{"vulkan1.0", 1, 0}, {"vulkan1.1", 1, 3}, {"vulkan1.2", 1, 5}, {"vulkan1.3", 1, 6}, {"spv1.4", 1, 4}, {"opengl4.5", 1, 0}} {
		e, err := ParseEnv(tc.env)
		if err != nil {
			t.Fatal(err)
		}
		if major, minor, ok := e.SPIRVVersion(); !ok || major != tc.major || minor != tc.minor {
			t.Errorf("%s: got %d.%d %v, want %d.%d", e, major, minor, ok, tc.major, tc.minor)
		}
	}
}

func TestParseMessages(t *testing.T) {
	out := `warning: line 0: something about the module
error: line 13: Invalid use of function result id '1[%main]' and '7[%7]'.
  %8 = OpLoad %uint %main

error: line 20: Structure id 5 decorated as Block must follow standard layout rules:
member 0 at offset 4 is not aligned to 8
  %main = OpTypeStruct %float %v2float

`
	want := []Message{
		{Severity: "warning", Text: "something about the module", Instruction: -1},
		{Severity: "error", Text: "Invalid use of function result id '1[%main]' and '7[%7]'.", Instruction: 12,
			Disassembly: "%8 = OpLoad %uint %main", Result: 8, IDs: []uint32{1, 7}},
		{Severity: "error", Text: "Structure id 5 decorated as Block must follow standard layout rules:\nmember 0 at offset 4 is not aligned to 8",
			Instruction: 19, Disassembly: "%main = OpTypeStruct %float %v2float"},
	}
	if got := parseMessages(out); !reflect.DeepEqual(got, want) {
		t.Errorf("got  %#v\nwant %#v", got, want)
	}
}
