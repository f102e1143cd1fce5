package lowering_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/kiln-gpu/kiln/arith"
	"github.com/kiln-gpu/kiln/cf"
	"github.com/kiln-gpu/kiln/fn"
	"github.com/kiln-gpu/kiln/gpu"
	"github.com/kiln-gpu/kiln/index"
	"github.com/kiln-gpu/kiln/ir"
	mathd "github.com/kiln-gpu/kiln/math"
	"github.com/kiln-gpu/kiln/memref"
	"github.com/kiln-gpu/kiln/scf"
	"github.com/kiln-gpu/kiln/spirv"
	"github.com/kiln-gpu/kiln/spirv/lowering"
	"github.com/kiln-gpu/kiln/spirv/transforms"
	"github.com/kiln-gpu/kiln/ub"
	"github.com/kiln-gpu/kiln/vector"
)

func newContext() *ir.Context {
	return ir.NewContext(fn.Dialect(), cf.Dialect(), arith.Dialect(), mathd.Dialect(),
		memref.Dialect(), scf.Dialect(), vector.Dialect(), gpu.Dialect(), index.Dialect(), spirv.Dialect(), ub.Dialect())
}

const kernel = `module attributes {gpu.container_module, spirv.target_env = #spirv.target_env<#spirv.vce<v1.0, [Shader], [SPV_KHR_storage_buffer_storage_class]>, #spirv.resource_limits<>>} {
  gpu.module @kernels {
    gpu.func @k(%a: memref<8xi8>, %b: memref<4x4xf32>, %n: index) kernel attributes {spirv.entry_point_abi = #spirv.entry_point_abi<workgroup_size = [4, 1, 1]>} {
      %x = gpu.thread_id x
      %v = memref.load %a[%x] : memref<8xi8>
      %w = arith.extui %v : i8 to i32
      %c = arith.cmpi slt, %x, %n : index
      %r = scf.if %c -> (f32) {
        %f = arith.uitofp %w : i32 to f32
        scf.yield %f : f32
      } else {
        %z = arith.constant 0.0 : f32
        scf.yield %z : f32
      }
      memref.store %r, %b[%x, %x] : memref<4x4xf32>
      memref.store %v, %a[%x] : memref<8xi8>
      gpu.return
    }
  }
}`

// TestKernel lowers a kernel with emulated i8 storage, control flow and
// 2-D indexing, and checks the result verifies and has the expected shape.
func TestKernel(t *testing.T) {
	ctx := newContext()
	m, err := ir.Parse(ctx, kernel, "k.mlir")
	if err != nil {
		t.Fatal(err)
	}
	if err := lowering.Convert(m, lowering.Options{GPUModules: true}); err != nil {
		t.Fatal(err)
	}
	if err := ir.Verify(m); err != nil {
		t.Fatalf("%v\n%s", err, ir.OpString(m, ir.PrintOptions{}))
	}
	out := ir.OpString(m, ir.PrintOptions{})
	for _, want := range []string{
		"spirv.module @__spv__kernels",
		"!spirv.array<2 x i32, stride=4>", // 8 x i8 packed in i32 words
		"!spirv.array<16 x f32, stride=4>",
		"spirv.mlir.selection",
		"spirv.AtomicOr",
		`built_in("LocalInvocationId")`,
		"gpu.module @kernels", // kept for the host side
	} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
}

// TestRefusesMissingCapability checks that f64 on a target without
// Float64 is a located diagnostic naming the capability and the target.
func TestRefusesMissingCapability(t *testing.T) {
	ctx := newContext()
	src := strings.NewReplacer("memref<8xi8>", "memref<8xf64>", "arith.extui %v : i8 to i32", "arith.fptoui %v : f64 to i32",
		"memref.store %v, %a[%x] : memref<8xi8>", "").Replace(kernel)
	m, err := ir.Parse(ctx, src, "k.mlir")
	if err != nil {
		t.Fatal(err)
	}
	err = lowering.Convert(m, lowering.Options{GPUModules: true})
	if err == nil || !strings.Contains(err.Error(), "Float64") || !strings.Contains(err.Error(), "#spirv.target_env") {
		t.Fatalf("want a diagnostic naming Float64 and the target, got %v", err)
	}
}

// TestBuiltinBeyondTarget checks that a built-in the target does not allow
// converts, as in MLIR, and that spirv-update-vce (which kiln compile runs
// after the conversion) still refuses it at the source op.
func TestBuiltinBeyondTarget(t *testing.T) {
	ctx := newContext()
	src := strings.Replace(kernel, "%x = gpu.thread_id x", "%x = gpu.subgroup_id : index", 1)
	m, err := ir.Parse(ctx, src, "k.mlir")
	if err != nil {
		t.Fatal(err)
	}
	if err := lowering.Convert(m, lowering.Options{GPUModules: true}); err != nil {
		t.Fatal(err)
	}
	if out := ir.OpString(m, ir.PrintOptions{}); !strings.Contains(out, `built_in("SubgroupId")`) {
		t.Fatalf("no SubgroupId built-in in\n%s", out)
	}
	err = transforms.DeduceVCE(m)
	if err == nil || !strings.Contains(err.Error(), "k.mlir:4:") || !strings.Contains(err.Error(), "BuiltIn SubgroupId needs capability") {
		t.Fatalf("want spirv-update-vce to refuse SubgroupId at k.mlir:4, got %v", err)
	}
}

// TestKernelArgumentABIs converts kernels whose arguments differ in kind:
// each gets the default interface ABIs of its own arguments (scalars in
// StorageBuffer), although kernels of the same shape share them.
func TestKernelArgumentABIs(t *testing.T) {
	var src strings.Builder
	src.WriteString("module attributes {gpu.container_module} {\n  gpu.module @kernels {\n")
	for i, args := range []string{"%a: memref<4xf32>, %n: index", "%n: index, %a: memref<4xf32>", "%a: memref<4xf32>, %n: index"} {
		fmt.Fprintf(&src, "    gpu.func @k%d(%s) kernel attributes {spirv.entry_point_abi = #spirv.entry_point_abi<workgroup_size = [1, 1, 1]>} {\n", i, args)
		src.WriteString("      %x = gpu.thread_id x\n      %v = memref.load %a[%x] : memref<4xf32>\n      memref.store %v, %a[%n] : memref<4xf32>\n      gpu.return\n    }\n")
	}
	src.WriteString("  }\n}\n")
	m, err := ir.Parse(newContext(), src.String(), "k.mlir")
	if err != nil {
		t.Fatal(err)
	}
	if err := lowering.Convert(m, lowering.Options{GPUModules: true}); err != nil {
		t.Fatal(err)
	}
	want := map[string][2]string{
		"@k0": {"interface_var_abi<(0, 0)>", "interface_var_abi<(0, 1), StorageBuffer>"},
		"@k1": {"interface_var_abi<(0, 0), StorageBuffer>", "interface_var_abi<(0, 1)>"},
		"@k2": {"interface_var_abi<(0, 0)>", "interface_var_abi<(0, 1), StorageBuffer>"},
	}
	for line := range strings.Lines(ir.OpString(m, ir.PrintOptions{})) {
		_, rest, ok := strings.Cut(line, "spirv.func ")
		if !ok {
			continue
		}
		name, _, _ := strings.Cut(rest, "(")
		w, ok := want[name]
		if !ok || !strings.Contains(line, w[0]) || !strings.Contains(line, w[1]) {
			t.Errorf("%s: want %q and %q in\n%s", name, w[0], w[1], line)
		}
		delete(want, name)
	}
	if len(want) > 0 {
		t.Errorf("kernels not converted: %v", want)
	}
}
