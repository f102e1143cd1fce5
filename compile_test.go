package kiln

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/kiln-gpu/kiln/ir"
	"github.com/kiln-gpu/kiln/ir/pass"
)

// parseFile parses and verifies path.
func parseFile(t testing.TB, path string) *ir.Operation {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	mod, err := parse(NewContext(), string(data), filepath.Base(path))
	if err != nil {
		t.Fatal(err)
	}
	return mod
}

func firstGPUModule(t *testing.T, mod *ir.Operation) *ir.Operation {
	t.Helper()
	gms := gpuModules(mod)
	if len(gms) == 0 {
		t.Fatal("no gpu.module")
	}
	return gms[0]
}

func TestMissingPasses(t *testing.T) {
	if got := Missing(pass.Registry{}); len(got) != len(Pipeline) || got[1] != "convert-to-spirv" {
		t.Errorf("Missing = %v", got)
	}
	mod := parseFile(t, "runner/testdata/addf.mlir")
	_, err := (&Compiler{Passes: pass.Registry{}}).Compile(firstGPUModule(t, mod), nil)
	if err == nil || !strings.Contains(err.Error(), "are not registered") || !strings.HasPrefix(err.Error(), "addf.mlir:") {
		t.Errorf("got %v", err)
	}
}

// TestManifestInterfaceVarABI checks that bindings come from
// spirv.interface_var_abi and that arguments without a variable are
// marked unused.
func TestManifestInterfaceVarABI(t *testing.T) {
	src := `
gpu.module @m {
  gpu.func @k(%a : memref<4xi32> {spirv.interface_var_abi = #spirv.interface_var_abi<(1, 3)>}, %n : i32) kernel {
    gpu.return
  }
}
spirv.module @__spv__m Logical GLSL450 requires #spirv.vce<v1.0, [Shader], [SPV_KHR_storage_buffer_storage_class]> {
  spirv.GlobalVariable @a bind(1, 3) : !spirv.ptr<!spirv.struct<(!spirv.array<4 x i32, stride=4> [0])>, StorageBuffer>
  spirv.func @k() "None" {
    spirv.Return
  }
  spirv.EntryPoint "GLCompute" @k
  spirv.ExecutionMode @k "LocalSize", 4, 2, 1
}`
	mod, err := ir.Parse(NewContext(), src, "abi.mlir")
	if err != nil {
		t.Fatal(err)
	}
	gm := ir.ModuleBody(mod).First()
	man, err := buildManifest(gm, gm.NextOp())
	if err != nil {
		t.Fatal(err)
	}
	k := man.Kernel("k")
	if k == nil || k.WorkgroupSize != [3]uint32{4, 2, 1} || len(k.Args) != 2 {
		t.Fatalf("manifest %+v", man)
	}
	if a := k.Args[0]; a.Set != 1 || a.Binding != 3 || a.Size != 16 || a.Unused {
		t.Errorf("arg 0: %+v", a)
	}
	if a := k.Args[1]; a.Set != 0 || a.Binding != 1 || !a.Unused || a.Type != "i32" {
		t.Errorf("arg 1: %+v", a)
	}
}
