package runner

import (
	"slices"
	"strings"
	"testing"

	"github.com/kiln-gpu/kiln/interp"
	"github.com/kiln-gpu/kiln/ir"
	"github.com/kiln-gpu/kiln/ir/pass"
	"github.com/kiln-gpu/kiln/runtime/vulkan"
	"github.com/kiln-gpu/kiln/spirv"
	"github.com/kiln-gpu/kiln/spirv/spv"
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
	c := &Compiler{Passes: fakePasses(t, "testdata/addf.spirv.mlir")}
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
	k := a.Manifest.Kernel("kernel_add")
	if k == nil || k.Entry != "kernel_add" || k.WorkgroupSize != [3]uint32{1, 1, 1} || len(k.Args) != 3 {
		t.Fatalf("manifest %+v", a.Manifest)
	}
	for i, arg := range k.Args {
		if arg.Set != 0 || arg.Binding != uint32(i) || arg.Size != 32 || arg.StorageClass != "StorageBuffer" || arg.Type != "memref<8xf32>" {
			t.Errorf("arg %d: %+v", i, arg)
		}
	}
	if a.Manifest.Env != "vulkan1.0" {
		t.Errorf("env %q", a.Manifest.Env)
	}
}

func TestMissingPasses(t *testing.T) {
	if got := Missing(pass.Registry{}); len(got) != len(Pipeline) || got[1] != "convert-to-spirv" {
		t.Errorf("Missing = %v", got)
	}
	mod := parseFile(t, "testdata/addf.mlir")
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
	mod, err := ir.Parse(newContext(), src, "abi.mlir")
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

func TestTargetEnvFromDevice(t *testing.T) {
	ctx := newContext()
	info := vulkan.DeviceInfo{Name: "dev", APIVersion: vulkan.Version(1<<22 | 1<<12)}
	info.Features.ShaderInt8 = true
	info.Features.StorageBuffer8BitAccess = true
	info.Subgroup = vulkan.Subgroup{Size: 8, Stages: []string{"compute"}, Operations: []string{"basic", "ballot"}}
	info.Limits.MaxComputeWorkGroupInvocations = 1024
	info.Limits.MaxComputeWorkGroupSize = [3]uint32{1024, 1024, 64}
	env := DeviceTargetEnv(ctx, info)
	if env.Version() != spv.MakeVersion(1, 3) {
		t.Errorf("version %v", env.Version())
	}
	for _, c := range []spv.Capability{spv.CapabilityShader, spv.CapabilityInt8, spv.CapabilityStorageBuffer8BitAccess,
		spv.CapabilityGroupNonUniform, spv.CapabilityGroupNonUniformBallot} {
		if !slices.Contains(env.Capabilities(), c) {
			t.Errorf("missing capability %v", c)
		}
	}
	if !slices.Contains(env.Extensions(), "SPV_KHR_8bit_storage") || env.Limits.SubgroupSize != 8 ||
		env.Limits.MaxComputeWorkgroupInvocations != 1024 {
		t.Errorf("env %s", ir.AttrString(env))
	}
	want := spirv.NewTargetEnv(ctx, spirv.TargetEnv{
		VCE:    spirv.VCE(ctx, spv.MakeVersion(1, 0), []spv.Capability{spv.CapabilityShader, spv.CapabilityFloat64}, []string{"SPV_KHR_16bit_storage"}),
		Limits: spirv.Limits(ctx, spirv.DefaultResourceLimits()),
	})
	mod, _ := ir.Parse(ctx, "func.func @f() { return }", "t.mlir")
	err := checkTargetEnv(mod, want, env, "dev")
	if err == nil || !strings.Contains(err.Error(), "capabilities Float64") || !strings.Contains(err.Error(), "SPV_KHR_16bit_storage") {
		t.Errorf("got %v", err)
	}
	red := reducedTargetEnv(ctx, want, env)
	if slices.Contains(red.Capabilities(), spv.CapabilityFloat64) || len(red.Extensions()) != 0 {
		t.Errorf("reduced %s", ir.AttrString(red))
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
	km := &KernelManifest{Name: "kernel_add", Args: []ArgManifest{{Size: 32}}}
	mr := interp.NewMemRef(mod.Context().F32(), []int64{8}, nil)
	_, _, err := s.bind(launch, fn, km, []interp.Value{mr})
	if err == nil || !strings.Contains(err.Error(), "maxStorageBufferRange 16") {
		t.Errorf("got %v", err)
	}
	km.Args = []ArgManifest{{}, {}, {}}
	err = checkArgs(launch, fn, km, []interp.Value{mr, interp.Int(1), mr})
	if err == nil || !strings.Contains(err.Error(), "argument 1") {
		t.Errorf("got %v", err)
	}
	err = checkArgs(launch, fn, km, []interp.Value{interp.NewMemRef(mod.Context().I(32), []int64{8}, nil), mr, mr})
	if err == nil || !strings.Contains(err.Error(), "memref of i32") {
		t.Errorf("got %v", err)
	}
}
