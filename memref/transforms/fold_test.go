package transforms_test

import (
	"strings"
	"testing"

	"github.com/kiln-gpu/kiln/affine"
	afftransforms "github.com/kiln-gpu/kiln/affine/transforms"
	"github.com/kiln-gpu/kiln/arith"
	"github.com/kiln-gpu/kiln/fn"
	"github.com/kiln-gpu/kiln/interp/interptest"
	"github.com/kiln-gpu/kiln/ir"
	"github.com/kiln-gpu/kiln/ir/irtest"
	"github.com/kiln-gpu/kiln/ir/pass"
	"github.com/kiln-gpu/kiln/memref"
	"github.com/kiln-gpu/kiln/memref/transforms"
	"github.com/kiln-gpu/kiln/scf"
	"github.com/kiln-gpu/kiln/vector"
)

// kernel fills a 12x32 buffer, then reads and writes it through subviews
// of every kind (static and dynamic offsets and strides, rank-reducing,
// subviews of subviews) with scalar and vector accesses, and returns a
// checksum of the buffer and the values read, for @main(%a, %b).
const kernel = `func.func @main(%a: index, %b: index) -> (i64, f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c12 = arith.constant 12 : index
  %c32 = arith.constant 32 : index
  %m = memref.alloca() : memref<12x32xf32>
  scf.for %i = %c0 to %c12 step %c1 {
    scf.for %j = %c0 to %c32 step %c1 {
      %k = arith.muli %i, %c32 : index
      %kj = arith.addi %k, %j : index
      %x = arith.index_cast %kj : index to i64
      %f = arith.sitofp %x : i64 to f32
      memref.store %f, %m[%i, %j] : memref<12x32xf32>
    }
  }
  %s0 = memref.subview %m[%a, %b][4, 4][2, 3] : memref<12x32xf32> to memref<4x4xf32, strided<[64, 3], offset: ?>>
  %l0 = memref.load %s0[%c1, %c2] : memref<4x4xf32, strided<[64, 3], offset: ?>>
  %s1 = memref.subview %m[%b, 1][4, 8][%c2, %c3] : memref<12x32xf32> to memref<4x8xf32, strided<[?, ?], offset: ?>>
  %l1 = memref.load %s1[%c3, %a] : memref<4x8xf32, strided<[?, ?], offset: ?>>
  %sum = arith.addf %l0, %l1 : f32
  memref.store %sum, %s1[%c1, %c1] : memref<4x8xf32, strided<[?, ?], offset: ?>>
  %row = memref.subview %m[%a, 4][1, 16][1, 1] : memref<12x32xf32> to memref<16xf32, strided<[1], offset: ?>>
  %v = vector.load %row[%b] : memref<16xf32, strided<[1], offset: ?>>, vector<4xf32>
  %pad = arith.constant 0.0 : f32
  %t = vector.transfer_read %row[%c2], %pad {in_bounds = [true]} : memref<16xf32, strided<[1], offset: ?>>, vector<4xf32>
  %vt = arith.addf %v, %t : vector<4xf32>
  %blk = memref.subview %m[1, %b][8, 8][1, 1] : memref<12x32xf32> to memref<8x8xf32, strided<[32, 1], offset: ?>>
  vector.store %vt, %blk[%a, %c1] : memref<8x8xf32, strided<[32, 1], offset: ?>>, vector<4xf32>
  %col = memref.subview %blk[2, %a][4, 1][1, 1] : memref<8x8xf32, strided<[32, 1], offset: ?>> to memref<4xf32, strided<[32], offset: ?>>
  %e = memref.load %col[%c3] : memref<4xf32, strided<[32], offset: ?>>
  vector.transfer_write %vt, %col[%c0] {in_bounds = [true]} : vector<4xf32>, memref<4xf32, strided<[32], offset: ?>>
  %acc = scf.for %i = %c0 to %c12 step %c1 iter_args(%s = %e) -> (f32) {
    %r = scf.for %j = %c0 to %c32 step %c1 iter_args(%in = %s) -> (f32) {
      %x = memref.load %m[%i, %j] : memref<12x32xf32>
      %ii = arith.index_cast %i : index to i32
      %w = arith.sitofp %ii : i32 to f32
      %xw = arith.mulf %x, %w : f32
      %y = arith.addf %in, %xw : f32
      scf.yield %y : f32
    }
    scf.yield %r : f32
  }
  %n = arith.fptosi %acc : f32 to i64
  return %n, %e : i64, f32
}`

// transformed runs pipeline on a copy of src (interptest.Transformed with
// this package's dialects and passes).
func transformed(t *testing.T, src, pipeline string) (before, after *ir.Operation) {
	t.Helper()
	reg := pass.Registry{}
	transforms.Register(reg)
	afftransforms.Register(reg)
	ctx := irtest.ContextWith(memref.Dialect(), arith.Dialect(), fn.Dialect(), vector.Dialect(), affine.Dialect(), scf.Dialect())
	return interptest.Transformed(t, ctx, reg, src, pipeline)
}

// TestFoldKeepsResults runs the kernel in the interpreter before and after
// fold-memref-alias-ops: the results must agree, and every subview must
// be gone.
func TestFoldKeepsResults(t *testing.T) {
	before, after := transformed(t, kernel, "builtin.module(func.func(fold-memref-alias-ops))")
	if text := after.String(); strings.Contains(text, "memref.subview") {
		t.Fatalf("subview left:\n%s", text)
	}
	interptest.SameResults(t, "", before, after, [][2]int64{{0, 0}, {1, 5}, {3, 4}, {5, 2}})
}

// reshapeKernel fills a dynamically sized ?x6x4 buffer, then reads and
// writes it through expand_shape and collapse_shape views (static and
// dynamic sizes, unit groups, a collapse to rank 0) with scalar and vector
// accesses, and returns a checksum, for @main(%a, %b).
const reshapeKernel = `func.func @main(%a: index, %b: index) -> (i64, f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %c6 = arith.constant 6 : index
  %c8 = arith.constant 8 : index
  %m = memref.alloca(%c8) : memref<?x6x4xf32>
  scf.for %i = %c0 to %c8 step %c1 {
    scf.for %j = %c0 to %c6 step %c1 {
      scf.for %k = %c0 to %c4 step %c1 {
        %r = arith.muli %i, %c6 : index
        %rj = arith.addi %r, %j : index
        %rk = arith.muli %rj, %c4 : index
        %x = arith.addi %rk, %k : index
        %xi = arith.index_cast %x : index to i64
        %f = arith.sitofp %xi : i64 to f32
        memref.store %f, %m[%i, %j, %k] : memref<?x6x4xf32>
      }
    }
  }
  %flat = memref.collapse_shape %m [[0, 1], [2]] : memref<?x6x4xf32> into memref<?x4xf32>
  %r0 = arith.addi %a, %b : index
  %l0 = memref.load %flat[%r0, %c3] : memref<?x4xf32>
  %all = memref.collapse_shape %m [[0, 1, 2]] : memref<?x6x4xf32> into memref<?xf32>
  %v0 = vector.load %all[%b] : memref<?xf32>, vector<4xf32>
  %l1 = memref.load %all[%a] : memref<?xf32>
  %s0 = arith.addf %l0, %l1 : f32
  memref.store %s0, %flat[%a, %c1] : memref<?x4xf32>
  %rows = memref.expand_shape %m [[0, 1], [2], [3]] output_shape [%c4, 2, 6, 4] : memref<?x6x4xf32> into memref<?x2x6x4xf32>
  %l2 = memref.load %rows[%c1, %c1, %a, %b] : memref<?x2x6x4xf32>
  %quads = memref.expand_shape %all [[0, 1]] output_shape [%c8, 24] : memref<?xf32> into memref<?x24xf32>
  %v1 = vector.load %quads[%a, %b] : memref<?x24xf32>, vector<4xf32>
  %pad = arith.constant 0.0 : f32
  %v2 = vector.transfer_read %rows[%c2, %c0, %a, %c0], %pad {in_bounds = [true]} : memref<?x2x6x4xf32>, vector<4xf32>
  %v3 = arith.addf %v0, %v1 : vector<4xf32>
  %v = arith.addf %v3, %v2 : vector<4xf32>
  vector.store %v, %quads[%c3, %b] : memref<?x24xf32>, vector<4xf32>
  %mask = vector.constant_mask [3] : vector<4xi1>
  vector.maskedstore %flat[%b, %c0], %mask, %v : memref<?x4xf32>, vector<4xi1>, vector<4xf32>
  %one = memref.subview %m[%a, %b, 2] [1, 1, 1] [1, 1, 1] : memref<?x6x4xf32> to memref<1x1x1xf32, strided<[24, 4, 1], offset: ?>>
  %scalar = memref.collapse_shape %one [] : memref<1x1x1xf32, strided<[24, 4, 1], offset: ?>> into memref<f32, strided<[], offset: ?>>
  memref.store %l2, %scalar[] : memref<f32, strided<[], offset: ?>>
  %acc = scf.for %i = %c0 to %c8 step %c1 iter_args(%s = %l2) -> (f32) {
    %r = scf.for %j = %c0 to %c6 step %c1 iter_args(%in = %s) -> (f32) {
      %x = memref.load %m[%i, %j, %c1] : memref<?x6x4xf32>
      %y = memref.load %m[%i, %j, %c2] : memref<?x6x4xf32>
      %jj = arith.index_cast %j : index to i32
      %w = arith.sitofp %jj : i32 to f32
      %xw = arith.mulf %x, %w : f32
      %t = arith.addf %in, %xw : f32
      %u = arith.addf %t, %y : f32
      scf.yield %u : f32
    }
    scf.yield %r : f32
  }
  %n = arith.fptosi %acc : f32 to i64
  return %n, %l2 : i64, f32
}`

// TestFoldReshapesKeepsResults runs reshapeKernel in the interpreter before
// and after fold-memref-alias-ops (the index ops it makes lowered by
// affine-expand-index-ops): the results must agree.
func TestFoldReshapesKeepsResults(t *testing.T) {
	before, after := transformed(t, reshapeKernel, "builtin.module(func.func(fold-memref-alias-ops, affine-expand-index-ops))")
	// Left: the collapse to 1-d the 1-d vector.load may not fold through.
	if text := after.String(); strings.Count(text, "memref.collapse_shape") != 1 || strings.Contains(text, "memref.expand_shape") {
		t.Fatalf("reshapes left:\n%s", text)
	}
	interptest.SameResults(t, "", before, after, [][2]int64{{0, 0}, {1, 3}, {3, 2}, {5, 1}})
}

// TestExpandStridedMetadataKeepsResults runs both kernels in the
// interpreter before and after expand-strided-metadata: the results must
// agree, and no subview, expand_shape or collapse_shape may be left.
func TestExpandStridedMetadataKeepsResults(t *testing.T) {
	for name, src := range map[string]string{"subviews": kernel, "reshapes": reshapeKernel} {
		before, after := transformed(t, src, "builtin.module(func.func(expand-strided-metadata))")
		text := after.String()
		for _, op := range []string{"memref.subview", "memref.expand_shape", "memref.collapse_shape"} {
			if strings.Contains(text, op) {
				t.Fatalf("%s: %s left:\n%s", name, op, text)
			}
		}
		interptest.SameResults(t, name+": ", before, after, [][2]int64{{0, 0}, {1, 3}, {3, 2}, {5, 1}})
	}
}
