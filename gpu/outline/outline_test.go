package outline

import (
	"fmt"
	"strings"
	"testing"

	"github.com/kiln-gpu/kiln/gpu"
	"github.com/kiln-gpu/kiln/ir"
	"github.com/kiln-gpu/kiln/ir/pass"
)

func wantAll(t *testing.T, got string, want ...string) {
	t.Helper()
	for _, w := range want {
		if !strings.Contains(got, w) {
			t.Errorf("output lacks %q:\n%s", w, got)
		}
	}
}

// memref.dim of a kernel argument is sunk with the constant it needs (MLIR's
// extra_constants case); an unregistered op's result is passed.
func TestSinkDimOfArgument(t *testing.T) {
	got := outlined(t, `func.func @f(%arg0: memref<?xf32>) {
  %c8 = arith.constant 8 : index
  %c0 = arith.constant 0 : index
  %d = memref.dim %arg0, %c0 : memref<?xf32>
  %s = "secret"() : () -> index
  gpu.launch blocks(%a, %b, %c) in (%e = %c8, %f = %c8, %g = %c8)
             threads(%h, %i, %j) in (%k = %c8, %l = %c8, %m = %c8) {
    "use"(%arg0, %d, %s) : (memref<?xf32>, index, index) -> ()
    gpu.terminator
  }
  return
}`)
	wantAll(t, got,
		"args(%arg0 : memref<?xf32>, %0 : index)",
		"gpu.func @f_kernel(%arg0: memref<?xf32>, %arg1: index) kernel",
		"%c0 = arith.constant 0 : index\n      %dim = memref.dim %arg0, %c0 : memref<?xf32>\n      \"use\"(%arg0, %dim, %arg1)",
	)
	// The host keeps its own copies for other users.
	wantAll(t, got, "%dim = memref.dim %arg0, %c0 : memref<?xf32>\n    %0 = \"secret\"")
}

// A launch whose only use of a value is a sunk op's operand does not pass it.
func TestSinkKeepsNothingUnneeded(t *testing.T) {
	got := outlined(t, `func.func @f(%arg0: memref<?xf32>, %arg1: memref<?xf32>) {
  %c1 = arith.constant 1 : index
  %c0 = arith.constant 0 : index
  %d = memref.dim %arg1, %c0 : memref<?xf32>
  gpu.launch blocks(%a, %b, %c) in (%e = %c1, %f = %c1, %g = %c1)
             threads(%h, %i, %j) in (%k = %c1, %l = %c1, %m = %c1) {
    "use"(%arg0, %d) : (memref<?xf32>, index) -> ()
    gpu.terminator
  }
  return
}`)
	// %arg1 is not already a kernel argument, so memref.dim stays outside.
	wantAll(t, got, "args(%arg0 : memref<?xf32>, %dim : index)")
}

func TestClusters(t *testing.T) {
	got := outlined(t, `func.func @f() {
  %c2 = arith.constant 2 : index
  gpu.launch clusters(%cx, %cy, %cz) in (%sx = %c2, %sy = %c2, %sz = %c2)
             blocks(%a, %b, %c) in (%e = %c2, %f = %c2, %g = %c2)
             threads(%h, %i, %j) in (%k = %c2, %l = %c2, %m = %c2) {
    "use"(%cx, %sz) : (index, index) -> ()
    gpu.terminator
  }
  return
}`)
	wantAll(t, got,
		"gpu.launch_func  @f_kernel::@f_kernel clusters in (%c2, %c2, %c2) blocks in (%c2, %c2, %c2) threads in (%c2, %c2, %c2)",
		"%cluster_id_x = gpu.cluster_id  x",
		"\"use\"(%cluster_id_x, %cluster_dim_z)",
		"known_cluster_size = array<i32: 2, 2, 2>",
	)
}

// Launches nested in other ops' regions, and in several functions, all
// get outlined next to their function, in order.
func TestNestedAndOrder(t *testing.T) {
	got := outlined(t, `func.func @a(%cond: i1) {
  %c1 = arith.constant 1 : index
  cf.cond_br %cond, ^bb1, ^bb2
^bb1:
  gpu.launch blocks(%x, %y, %z) in (%e = %c1, %f = %c1, %g = %c1)
             threads(%h, %i, %j) in (%k = %c1, %l = %c1, %m = %c1) {
    gpu.terminator
  }
  cf.br ^bb2
^bb2:
  return
}
func.func @b() {
  %c1 = arith.constant 1 : index
  "test.region"() ({
    gpu.launch blocks(%x, %y, %z) in (%e = %c1, %f = %c1, %g = %c1)
               threads(%h, %i, %j) in (%k = %c1, %l = %c1, %m = %c1) {
      gpu.terminator
    }
    "test.end"() : () -> ()
  }) : () -> ()
  return
}`)
	ia, ka, ib, kb := strings.Index(got, "func.func @a"), strings.Index(got, "gpu.module @a_kernel"),
		strings.Index(got, "func.func @b"), strings.Index(got, "gpu.module @b_kernel")
	if ia < 0 || ka < ia || ib < ka || kb < ib {
		t.Errorf("want @a, @a_kernel, @b, @b_kernel in order:\n%s", got)
	}
}

// Existing symbols push kernel module names further; many launches stay
// unique.
func TestUniqueNames(t *testing.T) {
	var src strings.Builder
	src.WriteString("func.func @f_kernel_1() {\n  return\n}\nfunc.func @f() {\n  %c1 = arith.constant 1 : index\n")
	const n = 300
	for range n {
		src.WriteString("  gpu.launch blocks(%x, %y, %z) in (%e = %c1, %f = %c1, %g = %c1) threads(%h, %i, %j) in (%k = %c1, %l = %c1, %m = %c1) {\n    gpu.terminator\n  }\n")
	}
	src.WriteString("  return\n}\n")
	m := parse(t, src.String())
	if err := Outline(m); err != nil {
		t.Fatal(err)
	}
	if err := ir.Verify(m); err != nil {
		t.Fatal(err)
	}
	names := map[string]bool{}
	for op := range m.Region(0).Entry().Ops() {
		if g, ok := gpu.AsModule(op); ok {
			if names[g.Name()] {
				t.Fatalf("duplicate %s", g.Name())
			}
			names[g.Name()] = true
		}
	}
	if len(names) != n || !names["f_kernel"] || !names["f_kernel_0"] || names["f_kernel_1"] || !names["f_kernel_2"] {
		t.Errorf("got %d modules, want %d named f_kernel, f_kernel_0, f_kernel_2, ...", len(names), n)
	}
}

func TestNoLaunchLeavesModuleAlone(t *testing.T) {
	got := outlined(t, "func.func @f() {\n  return\n}")
	if strings.Contains(got, "gpu.container_module") {
		t.Errorf("module marked without kernels:\n%s", got)
	}
}

// An unnamed enclosing op gives the kernel the plain name "kernel".
func TestUnnamedParent(t *testing.T) {
	got := outlined(t, `"test.host"() ({
  %c1 = arith.constant 1 : index
  gpu.launch blocks(%x, %y, %z) in (%e = %c1, %f = %c1, %g = %c1)
             threads(%h, %i, %j) in (%k = %c1, %l = %c1, %m = %c1) {
    gpu.terminator
  }
  "test.end"() : () -> ()
}) : () -> ()`)
	wantAll(t, got, "gpu.launch_func  @kernel::@kernel", "gpu.module @kernel {")
}

func TestPassesThroughRegistry(t *testing.T) {
	reg := pass.Registry{}
	Register(reg)
	p, err := pass.Parse("builtin.module(gpu-kernel-outlining, gpu-derive-workgroup-size)", reg)
	if err != nil {
		t.Fatal(err)
	}
	m := parse(t, `func.func @f() {
  %c4 = arith.constant 4 : index
  gpu.launch blocks(%x, %y, %z) in (%e = %c4, %f = %c4, %g = %c4)
             threads(%h, %i, %j) in (%k = %c4, %l = %c4, %m = %c4) {
    gpu.terminator
  }
  return
}`)
	if err := pass.New(p, pass.Config{}).Run(m); err != nil {
		t.Fatal(err)
	}
	wantAll(t, m.String(), "spirv.entry_point_abi = #spirv.entry_point_abi<workgroup_size = [4, 4, 4]>")
}

// BenchmarkOutline outlines modules of n functions with one launch each;
// time per launch should stay flat as n grows.
func BenchmarkOutline(b *testing.B) {
	for _, n := range []int{100, 1000, 4000} {
		var src strings.Builder
		for i := range n {
			fmt.Fprintf(&src, "func.func @f%d(%%arg0: memref<8xf32>) {\n  %%c1 = arith.constant 1 : index\n"+
				"  gpu.launch blocks(%%x, %%y, %%z) in (%%e = %%c1, %%f = %%c1, %%g = %%c1) threads(%%h, %%i, %%j) in (%%k = %%c1, %%l = %%c1, %%m = %%c1) {\n"+
				"    \"use\"(%%arg0) : (memref<8xf32>) -> ()\n    gpu.terminator\n  }\n  return\n}\n", i)
		}
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			for b.Loop() {
				b.StopTimer()
				m := parse(b, src.String())
				b.StartTimer()
				if err := Outline(m); err != nil {
					b.Fatal(err)
				}
				DeriveWorkgroupSizes(m)
			}
		})
	}
}
