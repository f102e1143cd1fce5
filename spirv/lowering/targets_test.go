package lowering_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/kiln-gpu/kiln/ir"
	"github.com/kiln-gpu/kiln/spirv/lowering"
)

// TestTargets checks what the target environment decides: native or
// emulated narrow types, 64-bit index, OpenCL instructions on Kernel
// targets, and refusals naming the capability.
func TestTargets(t *testing.T) {
	for _, c := range []struct {
		name, caps, exts, args, body string
		opts                         lowering.Options
		want                         []string
		wantErr                      string
	}{
		{name: "native i8", caps: "Shader, Int8, StorageBuffer8BitAccess", exts: "SPV_KHR_storage_buffer_storage_class, SPV_KHR_8bit_storage",
			args: "%a: memref<8xi8>", body: "%v = memref.load %a[%c0] : memref<8xi8>\n memref.store %v, %a[%c0] : memref<8xi8>",
			want: []string{"!spirv.array<8 x i8, stride=1>", `spirv.Load "StorageBuffer" %{{}} : i8`}},
		{name: "emulated i16", caps: "Shader", exts: "SPV_KHR_storage_buffer_storage_class",
			args: "%a: memref<6xi16>", body: "%v = memref.load %a[%c0] : memref<6xi16>\n memref.store %v, %a[%c0] : memref<6xi16>",
			want: []string{"!spirv.array<3 x i32, stride=4>", "spirv.ShiftRightArithmetic",
				// Ordered on the buffer: Vulkan wants a storage class bit.
				"spirv.AtomicAnd <Device> <AcquireRelease|UniformMemory> %{{}}, %{{}} : !spirv.ptr<i32, StorageBuffer>",
				"spirv.AtomicOr <Device> <AcquireRelease|UniformMemory> %{{}}, %{{}} : !spirv.ptr<i32, StorageBuffer>"}},
		{name: "emulated i8 in workgroup memory", caps: "Shader", exts: "SPV_KHR_storage_buffer_storage_class",
			args: "%i: i8) workgroup(%w: memref<8xi8, #gpu.address_space<workgroup>>", body: "memref.store %i, %w[%c0] : memref<8xi8, #gpu.address_space<workgroup>>",
			want: []string{"!spirv.array<2 x i32>",
				"spirv.AtomicAnd <Workgroup> <AcquireRelease|WorkgroupMemory> %{{}}, %{{}} : !spirv.ptr<i32, Workgroup>",
				"spirv.AtomicOr <Workgroup> <AcquireRelease|WorkgroupMemory> %{{}}, %{{}} : !spirv.ptr<i32, Workgroup>"}},
		{name: "64-bit index", caps: "Shader, Int64", exts: "SPV_KHR_storage_buffer_storage_class",
			args: "%a: memref<8xf32>", body: "%x = gpu.thread_id x\n %v = memref.load %a[%x] : memref<8xf32>",
			opts: lowering.Options{GPUModules: true, Use64BitIndex: true},
			want: []string{"spirv.UConvert %{{}} : i32 to i64", "spirv.AccessChain %{{}}[%{{}}, %{{}}] : !spirv.ptr<!spirv.struct<(!spirv.array<8 x f32, stride=4> [0])>, StorageBuffer>, i64, i64"}},
		{name: "OpenCL math", caps: "Kernel, Addresses", exts: "",
			args: "%f: f32", body: "%r = math.sqrt %f : f32",
			want: []string{"spirv.CL.sqrt", "Physical32 OpenCL"}},
		{name: "OpenCL pointers as wide as the index", caps: "Kernel, Addresses, Int64", exts: "",
			args: "%f: f32", body: "%r = math.sqrt %f : f32",
			opts: lowering.Options{GPUModules: true, Use64BitIndex: true},
			want: []string{"Physical64 OpenCL"}},
		{name: "all_reduce needs group arithmetic", caps: "Shader", exts: "SPV_KHR_storage_buffer_storage_class",
			args: "%f: f32", body: "%r = gpu.all_reduce add %f uniform {} : (f32) -> f32",
			wantErr: "'gpu.all_reduce' op lowers to"},
		{name: "f64 refused", caps: "Shader", exts: "SPV_KHR_storage_buffer_storage_class",
			args: "%d: f64", body: "%r = arith.addf %d, %d : f64",
			wantErr: "needs capability Float64, not in target #spirv.target_env"},
		{name: "vector too long", caps: "Shader", exts: "SPV_KHR_storage_buffer_storage_class",
			args: "%v: vector<5xf32>", body: "%r = arith.addf %v, %v : vector<5xf32>",
			wantErr: "has 5 elements"},
	} {
		t.Run(c.name, func(t *testing.T) {
			src := `module attributes {gpu.container_module, spirv.target_env = #spirv.target_env<#spirv.vce<v1.3, [` + c.caps + `], [` + c.exts + `]>, #spirv.resource_limits<>>} {
  gpu.module @m {
    gpu.func @k(` + c.args + `) kernel attributes {spirv.entry_point_abi = #spirv.entry_point_abi<workgroup_size = [4, 1, 1]>} {
      %c0 = arith.constant 0 : index
      ` + c.body + `
      gpu.return
    }
  }
}`
			m, err := ir.Parse(newContext(), src, "t.mlir")
			if err != nil {
				t.Fatal(err)
			}
			opts := c.opts
			opts.GPUModules = true
			err = lowering.Convert(m, opts)
			if c.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), c.wantErr) {
					t.Fatalf("want an error containing %q, got %v", c.wantErr, err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if err := ir.Verify(m); err != nil {
				t.Fatal(err)
			}
			out := ir.OpString(m, ir.PrintOptions{})
			for _, w := range c.want {
				if !matches(out, w) {
					t.Errorf("output lacks %q:\n%s", w, out)
				}
			}
		})
	}
}

// matches reports whether out contains want, where %{{}} stands for any
// SSA name.
func matches(out, want string) bool {
	parts := strings.Split(want, "%{{}}")
	for _, line := range strings.Split(out, "\n") {
		rest, ok := line, true
		for i, p := range parts {
			j := strings.Index(rest, p)
			if j < 0 || i == 0 && len(parts) == 1 && j < 0 {
				ok = false
				break
			}
			rest = rest[j+len(p):]
			if i < len(parts)-1 {
				// Skip the SSA name.
				k := strings.IndexFunc(rest, func(r rune) bool {
					return !(r == '_' || r == '#' || r >= '0' && r <= '9' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z')
				})
				if k < 0 {
					k = len(rest)
				}
				rest = rest[k:]
			}
		}
		if ok {
			return true
		}
	}
	return false
}

// The explained "failed to legalize" keeps the driver's note on the op.
func TestRefusedTypeNotesOp(t *testing.T) {
	ctx := newContext()
	ctx.SetPrintOpOnDiagnostic(true)
	m, err := ir.Parse(ctx, `module attributes {spirv.target_env = #spirv.target_env<#spirv.vce<v1.0, [Shader], []>, #spirv.resource_limits<>>} {
  func.func @f(%a: vector<5xi32>) -> vector<5xi32> {
    %0 = arith.addi %a, %a : vector<5xi32>
    return %0 : vector<5xi32>
  }
}`, "t.mlir")
	if err != nil {
		t.Fatal(err)
	}
	var d *ir.Diagnostic
	opts := lowering.Options{Dialects: []string{"arith"}, Illegal: []string{"arith"}, StorageClassesOnly: true}
	if err := lowering.Convert(m, opts); !errors.As(err, &d) {
		t.Fatalf("err = %v", err)
	}
	got := d.Format(ctx)
	if !strings.Contains(got, "t.mlir:3:10: error: failed to legalize operation 'arith.addi'") ||
		!strings.Contains(got, "has 5 elements") ||
		!strings.Contains(got, `t.mlir:3:10: note: see current operation: %0 = "arith.addi"(%arg0, %arg0)`) {
		t.Errorf("got\n%s", got)
	}
}
