package runner

import (
	"strings"
	"testing"

	"github.com/kiln-gpu/kiln"
	"github.com/kiln-gpu/kiln/interp"
	"github.com/kiln-gpu/kiln/ir"
	"github.com/kiln-gpu/kiln/runtime/vulkan"
)

func firstGPUModule(t *testing.T, mod *ir.Operation) *ir.Operation {
	t.Helper()
	for op := ir.ModuleBody(mod).First(); op != nil; op = op.NextOp() {
		if op.Name() == "gpu.module" {
			return op
		}
	}
	t.Fatal("no gpu.module")
	return nil
}

func TestCompilerCacheAndManifest(t *testing.T) {
	mod := parseFile(t, "testdata/addf.mlir")
	gm := firstGPUModule(t, mod)
	c := &kiln.Compiler{Passes: fakePasses(t, "testdata/addf.spirv.mlir")}
	a, err := c.Compile(gm, nil)
	if err != nil {
		t.Fatal(err)
	}
	b, err := c.Compile(gm, nil)
	if err != nil {
		t.Fatal(err)
	}
	if a != b {
		t.Error("the second Compile of the same module and environment compiled again")
	}
	k := a.Kernel("kernel_add")
	if k == nil || k.Entry != "kernel_add" || k.WorkgroupSize != [3]uint32{1, 1, 1} || len(k.Args) != 3 {
		t.Fatalf("manifest %+v", a)
	}
	for i, arg := range k.Args {
		if arg.Set != 0 || arg.Binding != uint32(i) || arg.Size != 32 || arg.StorageClass != "StorageBuffer" || arg.Type != "memref<8xf32>" {
			t.Errorf("arg %d: %+v", i, arg)
		}
	}
	if a.Env != "vulkan1.0" {
		t.Errorf("env %q", a.Env)
	}
}

// TestBindChecksDeviceLimits needs no device: the size check comes first.
func TestBindChecksDeviceLimits(t *testing.T) {
	mod := parseFile(t, "testdata/addf.mlir")
	var launch, fn *ir.Operation
	mod.Walk(func(op *ir.Operation) bool {
		switch op.Name() {
		case "gpu.launch_func":
			launch = op
		case "gpu.func":
			fn = op
		}
		return true
	})
	s := &session{info: vulkan.DeviceInfo{Limits: vulkan.Limits{MaxStorageBufferRange: 16}}}
	km := &kiln.Kernel{Name: "kernel_add", Args: []kiln.Binding{{Size: 32}}}
	mr := interp.NewMemRef(mod.Context().F32(), []int64{8}, nil)
	_, _, err := s.bind(launch, fn, km, []interp.Value{mr})
	if err == nil || !strings.Contains(err.Error(), "maxStorageBufferRange 16") {
		t.Errorf("got %v", err)
	}
	km.Args = []kiln.Binding{{}, {}, {}}
	err = checkArgs(launch, fn, km, []interp.Value{mr, interp.Int(1), mr})
	if err == nil || !strings.Contains(err.Error(), "argument 1") {
		t.Errorf("got %v", err)
	}
	err = checkArgs(launch, fn, km, []interp.Value{interp.NewMemRef(mod.Context().I(32), []int64{8}, nil), mr, mr})
	if err == nil || !strings.Contains(err.Error(), "memref of i32") {
		t.Errorf("got %v", err)
	}
}
