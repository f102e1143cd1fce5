package outline

import (
	"strings"
	"testing"

	"github.com/kiln-gpu/kiln/affine"
	"github.com/kiln-gpu/kiln/arith"
	"github.com/kiln-gpu/kiln/fn"
	"github.com/kiln-gpu/kiln/gpu"
	"github.com/kiln-gpu/kiln/interp/interptest"
	"github.com/kiln-gpu/kiln/ir/irtest"
	"github.com/kiln-gpu/kiln/ir/pass"
	"github.com/kiln-gpu/kiln/memref"
	"github.com/kiln-gpu/kiln/scf"
)

// decomposeKernel fills a 6x10 buffer on the host, then launches a 4x3
// block whose threads read and write it through a dynamic-shape cast, a
// dynamic-offset strided subview made outside the launch and subviews
// (static and dynamic strides, rank-reducing) made inside it, and returns
// a checksum of the buffer for @main(%a, %b).
const decomposeKernel = `func.func @main(%a: index, %b: index) -> i64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %c6 = arith.constant 6 : index
  %c10 = arith.constant 10 : index
  %m = memref.alloca() : memref<6x10xf32>
  scf.for %i = %c0 to %c6 step %c1 {
    scf.for %j = %c0 to %c10 step %c1 {
      %k = arith.muli %i, %c10 : index
      %kj = arith.addi %k, %j : index
      %x = arith.index_cast %kj : index to i64
      %f = arith.sitofp %x : i64 to f32
      memref.store %f, %m[%i, %j] : memref<6x10xf32>
    }
  }
  %d = memref.cast %m : memref<6x10xf32> to memref<?x?xf32>
  %s = memref.subview %d[%a, %b] [3, 4] [%c1, %c2] : memref<?x?xf32> to memref<3x4xf32, strided<[?, ?], offset: ?>>
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c4, %sy = %c3, %sz = %c1) {
    %x = memref.load %s[%ty, %tx] : memref<3x4xf32, strided<[?, ?], offset: ?>>
    %y = memref.load %d[%tx, %ty] : memref<?x?xf32>
    %sum = arith.addf %x, %y : f32
    %in = memref.subview %m[%ty, 1] [2, 3] [2, %c3] : memref<6x10xf32> to memref<2x3xf32, strided<[20, ?], offset: ?>>
    %z = memref.load %in[%c1, %c2] : memref<2x3xf32, strided<[20, ?], offset: ?>>
    %t = arith.mulf %sum, %z : f32
    %row = memref.subview %s[%ty, 0] [1, 4] [1, 1] : memref<3x4xf32, strided<[?, ?], offset: ?>> to memref<4xf32, strided<[?], offset: ?>>
    memref.store %t, %row[%tx] : memref<4xf32, strided<[?], offset: ?>>
    gpu.terminator
  }
  %acc = scf.for %i = %c0 to %c6 step %c1 iter_args(%r = %c0) -> (index) {
    %q = scf.for %j = %c0 to %c10 step %c1 iter_args(%in = %r) -> (index) {
      %x = memref.load %m[%i, %j] : memref<6x10xf32>
      %n = arith.fptosi %x : f32 to i64
      %ni = arith.index_cast %n : i64 to index
      %w = arith.addi %i, %j : index
      %nw = arith.muli %ni, %w : index
      %y = arith.addi %in, %nw : index
      scf.yield %y : index
    }
    scf.yield %q : index
  }
  %res = arith.index_cast %acc : index to i64
  return %res : i64
}`

// TestDecomposeMemrefsKeepsResults runs decomposeKernel in the interpreter
// before and after gpu-decompose-memrefs: the results must agree, and no
// indexed access or subview may be left in the launch.
func TestDecomposeMemrefsKeepsResults(t *testing.T) {
	reg := pass.Registry{}
	Register(reg)
	ctx := irtest.ContextWith(fn.Dialect(), arith.Dialect(), gpu.Dialect(), memref.Dialect(), scf.Dialect(), affine.Dialect())
	before, after := interptest.Transformed(t, ctx, reg, decomposeKernel, "builtin.module(func.func(gpu-decompose-memrefs))")
	text := after.String()
	launch := text[strings.Index(text, "gpu.launch"):strings.Index(text, "gpu.terminator")]
	if strings.Contains(launch, "memref.subview") || strings.Count(launch, "[] : memref<f32, strided<[], offset: ?>>") != 4 {
		t.Fatalf("launch not decomposed:\n%s", text)
	}
	interptest.SameResults(t, "", before, after, [][2]int64{{0, 0}, {1, 2}, {3, 1}})
}
