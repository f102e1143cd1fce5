package gpu

import (
	"strings"
	"testing"

	"github.com/kiln-gpu/kiln/ir"
)

const viewsSrc = `module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @k(%a: memref<8xf32>, %b: f32) workgroup(%w: memref<32xf32, #gpu.address_space<workgroup>>) private(%p: memref<1xf32, #gpu.address_space<private>>, %q: memref<2xf32, #gpu.address_space<private>>) kernel attributes {known_block_size = array<i32: 8, 1, 1>} {
      gpu.return
    }
  }
  func.func @main(%a: memref<8xf32>, %b: f32, %g: index, %s: index, %shm: i32, %t: !gpu.async.token) {
    %0 = gpu.launch_func async [%t] @kernels::@k blocks in (%g, %s, %s) threads in (%s, %g, %s) dynamic_shared_memory_size %shm args(%a : memref<8xf32>, %b : f32)
    "gpu.launch_func"(%g, %g, %g, %s, %s, %s, %a, %b) {kernel = @kernels::@k, operand_segment_sizes = array<i32: 0, 1, 1, 1, 1, 1, 1, 0, 2>} : (index, index, index, index, index, index, memref<8xf32>, f32) -> ()
    gpu.launch blocks(%bx, %by, %bz) in (%gx = %g, %gy = %s, %gz = %s) threads(%tx, %ty, %tz) in (%sx = %s, %sy = %s, %sz = %g) workgroup(%w: memref<4xf32, #gpu.address_space<workgroup>>) {
      gpu.terminator
    }
    return
  }
}`

func TestViews(t *testing.T) {
	m, err := ir.Parse(newContext(), viewsSrc, "views.mlir")
	if err != nil {
		t.Fatal(err)
	}
	if err := ir.Verify(m); err != nil {
		t.Fatal(err)
	}
	var mods []Module
	var funcs []Func
	var lfs []LaunchFunc
	var launches []Launch
	m.Walk(func(op *ir.Operation) bool {
		if v, ok := AsModule(op); ok {
			mods = append(mods, v)
		}
		if v, ok := AsFunc(op); ok {
			funcs = append(funcs, v)
		}
		if v, ok := AsLaunchFunc(op); ok {
			lfs = append(lfs, v)
		}
		if v, ok := AsLaunch(op); ok {
			launches = append(launches, v)
		}
		return true
	})
	if len(mods) != 1 || len(funcs) != 1 || len(lfs) != 2 || len(launches) != 1 {
		t.Fatalf("found %d modules, %d funcs, %d launch_funcs, %d launches", len(mods), len(funcs), len(lfs), len(launches))
	}
	if mods[0].Name() != "kernels" || len(mods[0].Funcs()) != 1 || mods[0].Lookup("k") != funcs[0].Operation {
		t.Errorf("module view: %s, %d funcs", mods[0].Name(), len(mods[0].Funcs()))
	}
	f := funcs[0]
	if !f.IsKernel() || len(f.Arguments()) != 2 || len(f.WorkgroupAttributions()) != 1 || len(f.PrivateAttributions()) != 2 {
		t.Errorf("func view: kernel %v, %d args, %d workgroup, %d private", f.IsKernel(), len(f.Arguments()), len(f.WorkgroupAttributions()), len(f.PrivateAttributions()))
	}
	if s, ok := f.KnownBlockSize(); !ok || s != [3]int64{8, 1, 1} {
		t.Errorf("known block size %v %v", s, ok)
	}
	if _, ok := f.KnownGridSize(); ok {
		t.Error("unexpected known grid size")
	}
	main := m.Region(0).Entry().Last()
	args := main.Region(0).Entry().Args()
	a, b, g, s, shm, tok := args[0], args[1], args[2], args[3], args[4], args[5]

	l := lfs[0]
	if k := l.Kernel(); k == nil || ir.AttrString(k) != "@kernels::@k" || l.KernelModuleName() != "kernels" || l.KernelName() != "k" {
		t.Errorf("kernel %v", l.Kernel())
	}
	if l.GridSize() != [3]*ir.Value{g, s, s} || l.BlockSize() != [3]*ir.Value{s, g, s} {
		t.Error("launch_func sizes")
	}
	if _, ok := l.ClusterSize(); ok {
		t.Error("unexpected cluster size")
	}
	if l.DynamicSharedMemorySize() != shm || l.AsyncToken() == nil || l.AsyncObject() != nil {
		t.Error("launch_func dynamic shared memory / token")
	}
	if deps := l.AsyncDependencies(); len(deps) != 1 || deps[0] != tok {
		t.Error("launch_func async dependencies")
	}
	if ops := l.KernelOperands(); len(ops) != 2 || ops[0] != a || ops[1] != b {
		t.Error("launch_func kernel operands")
	}
	// MLIR 16's 9 operand segments.
	old := lfs[1]
	if old.GridSize() != [3]*ir.Value{g, g, g} || old.DynamicSharedMemorySize() != nil || len(old.KernelOperands()) != 2 || old.AsyncToken() != nil {
		t.Error("legacy launch_func segments")
	}

	ln := launches[0]
	if ln.GridSize() != [3]*ir.Value{g, s, s} || ln.BlockSize() != [3]*ir.Value{s, s, g} || ln.DynamicSharedMemorySize() != nil {
		t.Error("launch sizes")
	}
	body := ln.Body().Entry().Args()
	if ln.BlockIDs()[0] != body[0] || ln.ThreadIDs()[2] != body[5] || ln.GridSizeArgs()[0] != body[6] || ln.BlockSizeArgs()[2] != body[11] {
		t.Error("launch region arguments")
	}
	if wg := ln.WorkgroupAttributions(); len(wg) != 1 || wg[0] != body[12] || len(ln.PrivateAttributions()) != 0 {
		t.Error("launch attributions")
	}
}

func TestDimOpsAndEnums(t *testing.T) {
	src := "%0 = gpu.block_dim y upper_bound 8\n%1 = gpu.subgroup_reduce max %0 : (index) -> index\n" +
		"%2 = \"test.def\"() : () -> i32\n%3 = gpu.subgroup_reduce min %2 : (i32) -> i32"
	m, err := ir.Parse(newContext(), src, "t.mlir")
	if err != nil {
		t.Fatal(err)
	}
	ops := m.Region(0).Entry().OpList()
	d, ok := AsDimOp(ops[0])
	if !ok {
		t.Fatal("not a dim op")
	}
	if dim, ok := d.Dimension(); !ok || dim != DimY {
		t.Errorf("dimension %v", dim)
	}
	if ub, ok := d.UpperBound(); !ok || ub != 8 {
		t.Errorf("upper bound %d", ub)
	}
	r, _ := AsReduce(ops[3])
	if k, ok := r.Kind(); !ok || k != ReduceMinSI {
		t.Errorf("kind %v", k)
	}
	legacy, err := ir.Parse(newContext(), `%0 = "test.def"() : () -> f32
%1 = "gpu.subgroup_reduce"(%0) {op = #gpu<all_reduce_op max>} : (f32) -> f32`, "t.mlir")
	if err != nil {
		t.Fatal(err)
	}
	if s := string(ir.PrintBytes(legacy, ir.PrintOptions{})); !strings.Contains(s, "gpu.subgroup_reduce  maxnumf %0 : (f32) -> f32") {
		t.Errorf("MLIR 16 max printed as\n%s", s)
	}
	if ReduceMax.Resolve(m.Context().F32()) != ReduceMaxNumF {
		t.Error("max on f32")
	}
	if a := Enum(m.Context(), AddressSpaceWorkgroup); ir.AttrString(a) != "#gpu.address_space<workgroup>" {
		t.Errorf("printed %s", ir.AttrString(a))
	}
	if a := Enum(m.Context(), ShuffleIdx); ir.AttrString(a) != "#gpu<shuffle_mode idx>" {
		t.Errorf("printed %s", ir.AttrString(a))
	}
}
