package transforms_test

import (
	"strings"
	"testing"

	"github.com/kiln-gpu/kiln/affine"
	"github.com/kiln-gpu/kiln/arith"
	"github.com/kiln-gpu/kiln/cf"
	"github.com/kiln-gpu/kiln/fn"
	"github.com/kiln-gpu/kiln/interp/interptest"
	"github.com/kiln-gpu/kiln/ir"
	"github.com/kiln-gpu/kiln/ir/irtest"
	"github.com/kiln-gpu/kiln/ir/pass"
	"github.com/kiln-gpu/kiln/memref"
	"github.com/kiln-gpu/kiln/scf"
	"github.com/kiln-gpu/kiln/scf/transforms"
	"github.com/kiln-gpu/kiln/tensor"
)

var newContext = irtest.ContextWith(scf.Dialect(), cf.Dialect(), arith.Dialect(), fn.Dialect(), memref.Dialect(), tensor.Dialect(), affine.Dialect())

// kernel stores into a memref through loops of every kind and returns a
// checksum of it and of the carried values, for @main(%a, %b).
const kernel = `func.func @main(%a: index, %b: index) -> (index, index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c16 = arith.constant 16 : index
  %m = memref.alloca() : memref<16x16xindex>
  scf.forall (%i, %j) in (16, 16) {
    memref.store %c0, %m[%i, %j] : memref<16x16xindex>
  }
  scf.forall (%i, %j) = (1, 0) to (%a, %b) step (2, 3) {
    %v = arith.muli %i, %j : index
    %w = arith.addi %v, %c3 : index
    memref.store %w, %m[%i, %j] : memref<16x16xindex>
  }
  scf.parallel (%i, %j) = (%c0, %c1) to (%b, %a) step (%c3, %c1) {
    %x = memref.load %m[%i, %j] : memref<16x16xindex>
    %y = arith.addi %x, %i : index
    memref.store %y, %m[%i, %j] : memref<16x16xindex>
  }
  %s:2 = scf.for %i = %c0 to %c16 step %c1 iter_args(%acc = %c0, %n = %c1) -> (index, index) {
    %r = scf.for %j = %c0 to %c16 step %c1 iter_args(%in = %acc) -> (index) {
      %x = memref.load %m[%i, %j] : memref<16x16xindex>
      %k = arith.muli %i, %c16 : index
      %kj = arith.addi %k, %j : index
      %xx = arith.muli %x, %kj : index
      %y = arith.addi %in, %xx : index
      scf.yield %y : index
    }
    %n2 = arith.addi %n, %i : index
    scf.yield %r, %n2 : index, index
  }
  return %s#0, %s#1 : index, index
}`

// rangeKernel indexes a buffer with sums and products of the induction
// variables, which scf-for-loop-range-folding moves into the loop ranges.
const rangeKernel = `func.func @main(%a: index, %b: index) -> (index, index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c64 = arith.constant 64 : index
  %m = memref.alloca() : memref<64xindex>
  scf.for %i = %c0 to %c64 step %c1 {
    memref.store %c0, %m[%i] : memref<64xindex>
  }
  scf.for %i = %c0 to %a step %c1 {
    %k = arith.addi %b, %i : index
    %k3 = arith.muli %k, %c3 : index
    %x = memref.load %m[%k3] : memref<64xindex>
    %y = arith.addi %x, %a : index
    memref.store %y, %m[%k3] : memref<64xindex>
  }
  scf.for %j = %c1 to %b step %c1 {
    scf.for %i = %j to %a step %c1 {
      %k = arith.addi %b, %i : index
      %x = memref.load %m[%k] : memref<64xindex>
      %y = arith.addi %x, %c1 : index
      memref.store %y, %m[%k] : memref<64xindex>
    }
  }
  %s:2 = scf.for %i = %c0 to %c64 step %c1 iter_args(%acc = %c0, %n = %c0) -> (index, index) {
    %x = memref.load %m[%i] : memref<64xindex>
    %xi = arith.muli %x, %i : index
    %acc2 = arith.addi %acc, %xi : index
    %n2 = arith.addi %n, %x : index
    scf.yield %acc2, %n2 : index, index
  }
  return %s#0, %s#1 : index, index
}`

// minKernel runs loops bounded by affine.min, which the specialization
// passes version on the constant bound.
const minKernel = `func.func @main(%a: index, %b: index) -> (index, index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %m = memref.alloca() : memref<16x16xindex>
  scf.for %i = %c0 to %b step %c1 {
    scf.for %j = %c0 to %a step %c1 {
      memref.store %c1, %m[%i, %j] : memref<16x16xindex>
    }
  }
  %b0 = affine.min affine_map<()[s0] -> (8, s0)>()[%a]
  %b1 = affine.min affine_map<()[s0, s1] -> (4, s0 - s1, 6)>()[%b, %c1]
  scf.for %i = %c0 to %b0 step %c1 {
    %x = memref.load %m[%i, %i] : memref<16x16xindex>
    %y = arith.addi %x, %b1 : index
    memref.store %y, %m[%i, %i] : memref<16x16xindex>
  }
  scf.parallel (%i, %j) = (%c0, %c0) to (%b1, %b0) step (%c1, %c1) {
    %x = memref.load %m[%i, %j] : memref<16x16xindex>
    %y = arith.muli %x, %b0 : index
    memref.store %y, %m[%i, %j] : memref<16x16xindex>
  }
  %s:2 = scf.for %i = %c0 to %b step %c1 iter_args(%acc = %c0, %n = %c0) -> (index, index) {
    %r:2 = scf.for %j = %c0 to %a step %c1 iter_args(%p = %acc, %q = %n) -> (index, index) {
      %x = memref.load %m[%i, %j] : memref<16x16xindex>
      %xi = arith.muli %x, %j : index
      %p2 = arith.addi %p, %xi : index
      %q2 = arith.addi %q, %x : index
      scf.yield %p2, %q2 : index, index
    }
    scf.yield %r#0, %r#1 : index, index
  }
  return %s#0, %s#1 : index, index
}`

// tileKernel writes through parallel loops with dynamic, negative and
// static bounds, which scf-parallel-loop-tiling tiles.
const tileKernel = `func.func @main(%a: index, %b: index) -> (index, index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c16 = arith.constant 16 : index
  %cm2 = arith.constant -2 : index
  %m = memref.alloca() : memref<16x16xindex>
  scf.parallel (%i, %j) = (%c0, %c0) to (%c16, %c16) step (%c1, %c1) {
    memref.store %c0, %m[%i, %j] : memref<16x16xindex>
  }
  scf.parallel (%i, %j) = (%c1, %b) to (%a, %c16) step (%c2, %c3) {
    %v = arith.addi %i, %j : index
    memref.store %v, %m[%i, %j] : memref<16x16xindex>
  }
  scf.parallel (%i) = (%cm2) to (%b) step (%c1) {
    %k = arith.addi %i, %c2 : index
    %x = memref.load %m[%k, %k] : memref<16x16xindex>
    %y = arith.addi %x, %a : index
    memref.store %y, %m[%k, %k] : memref<16x16xindex>
  }
  %s:2 = scf.for %i = %c0 to %c16 step %c1 iter_args(%acc = %c0, %n = %c0) -> (index, index) {
    %r:2 = scf.for %j = %c0 to %c16 step %c1 iter_args(%p = %acc, %q = %n) -> (index, index) {
      %x = memref.load %m[%i, %j] : memref<16x16xindex>
      %xi = arith.muli %x, %j : index
      %p2 = arith.addi %p, %xi : index
      %q2 = arith.addi %q, %x : index
      scf.yield %p2, %q2 : index, index
    }
    scf.yield %r#0, %r#1 : index, index
  }
  return %s#0, %s#1 : index, index
}`

// ifKernel branches on conditions that it tests again inside the
// branches, which scf-if-condition-propagation makes constants.
const ifKernel = `func.func @main(%a: index, %b: index) -> (index, index) {
  %c = arith.cmpi slt, %a, %b : index
  %r = scf.if %c -> index {
    %x = arith.select %c, %a, %b : index
    %y = scf.if %c -> index {
      scf.yield %x : index
    } else {
      scf.yield %b : index
    }
    scf.yield %y : index
  } else {
    %z = arith.extui %c : i1 to i64
    %w = arith.index_cast %z : i64 to index
    %v = arith.addi %w, %b : index
    scf.yield %v : index
  }
  %e = arith.extui %c : i1 to i64
  %f = arith.index_cast %e : i64 to index
  return %r, %f : index, index
}`

// peelKernel sums, over loops whose steps do not divide their ranges
// (dynamic bounds, an empty range, integer bounds, nesting), affine.min
// and affine.max of the remaining range and the step, which peeling
// rewrites in both halves of each loop.
const peelKernel = `func.func @main(%a: index, %b: index) -> (index, index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %c14 = arith.constant 14 : index
  %s = scf.for %i = %b to %a step %c3 iter_args(%acc = %c0) -> (index) {
    %m = affine.min affine_map<(d0, d1)[s0] -> (s0, d0 - d1)>(%a, %i)[%c3]
    %x = affine.max affine_map<(d0, d1)[s0] -> (-s0, d1 - d0)>(%a, %i)[%c3]
    %t = arith.addi %acc, %m : index
    %u = arith.muli %x, %i : index
    %v = arith.addi %t, %u : index
    scf.yield %v : index
  }
  %n = scf.for %i = %c1 to %c14 step %c4 iter_args(%acc = %s) -> (index) {
    %r = scf.for %j = %c0 to %b step %c3 iter_args(%in = %acc) -> (index) {
      %m = affine.min affine_map<(d0)[s0, s1] -> (s0, s1 - d0 + 1)>(%j)[%c3, %b]
      %k = arith.muli %m, %i : index
      %y = arith.addi %in, %k : index
      scf.yield %y : index
    }
    %m = affine.min affine_map<(d0) -> (4, 14 - d0)>(%i)
    %z = arith.addi %r, %m : index
    scf.yield %z : index
  }
  %a32 = arith.index_cast %a : index to i32
  %c0i = arith.constant 0 : i32
  %c2i = arith.constant 2 : i32
  %c9i = arith.constant 9 : i32
  %w = scf.for %i = %c0i to %c9i step %c2i iter_args(%acc = %a32) -> (i32) : i32 {
    %y = arith.muli %acc, %i : i32
    %z = arith.addi %y, %c2i : i32
    scf.yield %z : i32
  }
  %wi = arith.index_cast %w : i32 to index
  return %n, %wi : index, index
}`

// canonKernel uses affine.min and affine.max ops of induction variables
// that the ranges of scf.for and scf.parallel loops decide, beside ones
// they do not, and dims of loop-carried memrefs.
const canonKernel = `func.func @main(%a: index, %b: index) -> (index, index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c8 = arith.constant 8 : index
  %c256 = arith.constant 256 : index
  %c16 = arith.constant 16 : index
  %m = memref.alloca(%c8) : memref<?xindex>
  %s = scf.for %i = %c1 to %c256 step %c16 iter_args(%acc = %a) -> (index) {
    %x = affine.min affine_map<(d0) -> (256, 256 - d0)>(%i)
    %y = affine.max affine_map<(d0)[s0] -> (d0 - 255, s0)>(%i)[%b]
    %z = affine.min affine_map<(d0)[s0] -> (2, s0 - d0)>(%i)[%c8]
    %t = arith.addi %acc, %x : index
    %u = arith.addi %t, %y : index
    %v = arith.addi %u, %z : index
    scf.yield %v : index
  }
  scf.parallel (%i) = (%c1) to (%c8) step (%c2) {
    %x = affine.min affine_map<(d0)[s0] -> (2, s0 - d0)>(%i)[%c8]
    %y = affine.max affine_map<(d0, d1) -> (d0 - d1, 1)>(%c8, %i)
    %z = arith.muli %x, %y : index
    memref.store %z, %m[%i] : memref<?xindex>
  }
  %r, %n = scf.for %i = %c0 to %c3 step %c1 iter_args(%buf = %m, %acc = %s) -> (memref<?xindex>, index) {
    %d = memref.dim %buf, %c0 : memref<?xindex>
    %w = memref.load %buf[%i] : memref<?xindex>
    %e = arith.addi %acc, %d : index
    %f = arith.addi %e, %w : index
    scf.yield %buf, %f : memref<?xindex>, index
  }
  %d = memref.dim %r, %c0 : memref<?xindex>
  return %n, %d : index, index
}`

// TestPassesKeepResults runs the kernel in the interpreter before and
// after each pipeline of the loop passes: the results must agree, and the
// converted loops must be gone (testdata/range.mlir checks the folded
// ranges).
func TestPassesKeepResults(t *testing.T) {
	reg := pass.Registry{}
	transforms.Register(reg)
	for _, tc := range []struct{ kernel, pipeline, gone string }{
		{kernel, "scf-forall-to-parallel", "scf.forall"},
		{kernel, "scf-forall-to-for", "scf.forall"},
		{kernel, "scf-forall-to-parallel,scf-parallel-for-to-nested-fors", "scf.parallel"},
		{kernel, "scf-forall-to-for,scf-parallel-for-to-nested-fors,scf-for-to-while", "scf.for"},
		{rangeKernel, "scf-for-loop-range-folding", ""},
		{minKernel, "scf-for-loop-specialization,scf-parallel-loop-specialization", ""},
		{tileKernel, "scf-parallel-loop-tiling{parallel-loop-tile-sizes=2,4}", ""},
		{ifKernel, "scf-if-condition-propagation", ""},
		{tileKernel, "scf-parallel-loop-tiling{parallel-loop-tile-sizes=3 no-min-max-bounds=true}", ""},
		{peelKernel, "scf-for-loop-peeling", ""},
		{peelKernel, "scf-for-loop-peeling{skip-partial=false}", ""},
		{peelKernel, "scf-for-loop-peeling{peel-front=true}", ""},
		{canonKernel, "scf-for-loop-canonicalization", ""},
		{peelKernel, "scf-for-loop-peeling,scf-for-loop-canonicalization", ""},
	} {
		t.Run(tc.pipeline, func(t *testing.T) {
			before, after := interptest.Transformed(t, newContext, reg, tc.kernel, "builtin.module(func.func("+tc.pipeline+"))")
			if text := after.String(); tc.gone != "" && strings.Contains(text, tc.gone+" ") {
				t.Fatalf("%s left:\n%s", tc.gone, text)
			}
			// Peeling splits every loop of the kernel in two.
			if n := strings.Count(before.String(), "scf.for "); strings.HasPrefix(tc.pipeline, "scf-for-loop-peeling") &&
				strings.Count(after.String(), "scf.for ") < 2*n {
				t.Fatalf("not all loops peeled:\n%s", after)
			}
			interptest.SameResults(t, "", before, after, [][2]int64{{0, 0}, {1, 5}, {7, 9}, {9, 9}, {9, 4}, {13, 2}, {16, 0}, {-3, 7}})
		})
	}
}

// TestRefusals checks the located errors of the loops the passes cannot
// convert.
func TestRefusals(t *testing.T) {
	reg := pass.Registry{}
	transforms.Register(reg)
	for _, tc := range []struct{ pass, src, err string }{
		{"scf-parallel-for-to-nested-fors", `func.func @f(%n: index, %x: f32) -> f32 {
  %c1 = arith.constant 1 : index
  %r = scf.parallel (%i) = (%c1) to (%n) step (%c1) init (%x) -> f32 {
    scf.reduce(%x : f32) {
    ^bb0(%l: f32, %r: f32):
      scf.reduce.return %l : f32
    }
  }
  return %r : f32
}`, "f.mlir:3:8: error: 'scf.parallel' op Currently ScfParallel to ScfFor conversion doesn't support ScfParallel with results"},
		{"scf-forall-to-parallel", `func.func @f(%t: tensor<4xf32>) -> tensor<4xf32> {
  %r = scf.forall (%i) in (4) shared_outs(%o = %t) -> (tensor<4xf32>) {
  }
  return %r : tensor<4xf32>
}`, "f.mlir:2:8: error: 'scf.forall' op only fully bufferized scf.forall ops can be lowered to scf.parallel"},
		{"scf-forall-to-for", `func.func @f(%t: tensor<4xf32>, %s: tensor<1xf32>) -> tensor<4xf32> {
  %r = scf.forall (%i) in (4) shared_outs(%o = %t) -> (tensor<4xf32>) {
    scf.forall.in_parallel {
      tensor.parallel_insert_slice %s into %t[%i] [1] [1] : tensor<1xf32> into tensor<4xf32>
    }
  }
  return %r : tensor<4xf32>
}`, "f.mlir:4:7: error: 'tensor.parallel_insert_slice' op expected parallel insert slice op to insert into a block argument of the loop"},
	} {
		t.Run(tc.pass, func(t *testing.T) {
			mod, err := ir.Parse(newContext(), tc.src, "f.mlir")
			if err != nil {
				t.Fatal(err)
			}
			p, err := pass.Parse("builtin.module(func.func("+tc.pass+"))", reg)
			if err != nil {
				t.Fatal(err)
			}
			err = pass.New(p, pass.Config{}).Run(mod)
			if err == nil || !strings.Contains(err.Error(), tc.err) {
				t.Fatalf("got %v, want %s", err, tc.err)
			}
		})
	}
}
