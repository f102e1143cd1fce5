package mem2reg_test

import (
	"strings"
	"testing"

	"github.com/kiln-gpu/kiln/arith"
	"github.com/kiln-gpu/kiln/cf"
	"github.com/kiln-gpu/kiln/fn"
	"github.com/kiln-gpu/kiln/interp/interptest"
	"github.com/kiln-gpu/kiln/ir"
	"github.com/kiln-gpu/kiln/ir/irtest"
	"github.com/kiln-gpu/kiln/ir/pass"
	"github.com/kiln-gpu/kiln/mem2reg"
	"github.com/kiln-gpu/kiln/memref"
	"github.com/kiln-gpu/kiln/scf"
	"github.com/kiln-gpu/kiln/ub"
	"github.com/kiln-gpu/kiln/vector"
)

// loop keeps its state in slots: a counter and a sum in memref<i64>, a
// pair that odd and even iterations read and swap in a memref<2xi64>, and
// a scratch slot inside an scf.if. @main(%a, %b) runs %b iterations.
const loop = `func.func @main(%a: i64, %b: i64) -> (i64, i64) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0 : i64
  %one = arith.constant 1 : i64
  %acc = memref.alloca() : memref<i64>
  %i = memref.alloca() : memref<i64>
  %pair = memref.alloca() : memref<2xi64>
  memref.store %zero, %acc[] : memref<i64>
  memref.store %zero, %i[] : memref<i64>
  memref.store %a, %pair[%c0] : memref<2xi64>
  memref.store %b, %pair[%c1] : memref<2xi64>
  cf.br ^head
^head:
  %iv = memref.load %i[] : memref<i64>
  %lt = arith.cmpi slt, %iv, %b : i64
  cf.cond_br %lt, ^body, ^exit
^body:
  %s = memref.load %acc[] : memref<i64>
  %odd = arith.andi %iv, %one : i64
  %isodd = arith.cmpi ne, %odd, %zero : i64
  cf.cond_br %isodd, ^addodd, ^addeven
^addodd:
  %p0 = memref.load %pair[%c0] : memref<2xi64>
  %t = arith.addi %s, %p0 : i64
  memref.store %t, %acc[] : memref<i64>
  cf.br ^latch
^addeven:
  %t2 = scf.if %isodd -> i64 {
    scf.yield %s : i64
  } else {
    %tmp = memref.alloca() : memref<i64>
    %sq = arith.muli %iv, %iv : i64
    memref.store %sq, %tmp[] : memref<i64>
    %l = memref.load %tmp[] : memref<i64>
    %u = arith.subi %s, %l : i64
    scf.yield %u : i64
  }
  memref.store %t2, %acc[] : memref<i64>
  %x = memref.load %pair[%c0] : memref<2xi64>
  %y = memref.load %pair[%c1] : memref<2xi64>
  memref.store %y, %pair[%c0] : memref<2xi64>
  memref.store %x, %pair[%c1] : memref<2xi64>
  cf.br ^latch
^latch:
  %iv2 = memref.load %i[] : memref<i64>
  %n = arith.addi %iv2, %one : i64
  memref.store %n, %i[] : memref<i64>
  cf.br ^head
^exit:
  %r = memref.load %acc[] : memref<i64>
  %q = memref.load %pair[%c1] : memref<2xi64>
  return %r, %q : i64, i64
}`

// structured keeps a running value and a pair in slots updated inside
// nested scf.for loops and scf.if branches (one without else).
const structured = `func.func @main(%a: i64, %b: i64) -> (i64, i64) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %zero = arith.constant 0 : i64
  %two = arith.constant 2 : i64
  %acc = memref.alloca() : memref<i64>
  %pair = memref.alloca() : memref<2xi64>
  memref.store %a, %acc[] : memref<i64>
  memref.store %b, %pair[%c1] : memref<2xi64>
  %n = arith.index_cast %b : i64 to index
  scf.for %i = %c0 to %n step %c1 {
    scf.for %j = %c0 to %c3 step %c1 {
      %v = memref.load %acc[] : memref<i64>
      %w = arith.muli %v, %two : i64
      %odd = arith.andi %w, %two : i64
      %c = arith.cmpi ne, %odd, %zero : i64
      scf.if %c {
        %p = memref.load %pair[%c1] : memref<2xi64>
        %q = arith.subi %w, %p : i64
        memref.store %q, %acc[] : memref<i64>
        memref.store %w, %pair[%c0] : memref<2xi64>
      } else {
        %u = arith.addi %w, %a : i64
        memref.store %u, %acc[] : memref<i64>
      }
    }
    %x = memref.load %acc[] : memref<i64>
    memref.store %x, %pair[%c1] : memref<2xi64>
  }
  %r = memref.load %acc[] : memref<i64>
  %s = memref.load %pair[%c1] : memref<2xi64>
  return %r, %s : i64, i64
}`

// regions keeps a counter and a sum in slots a scf.while loop reads in its
// condition and updates in its body, where an scf.execute_region with
// branches and an scf.index_switch store to the sum.
const regions = `func.func @main(%a: i64, %b: i64) -> (i64, i64) {
  %zero = arith.constant 0 : i64
  %one = arith.constant 1 : i64
  %acc = memref.alloca() : memref<i64>
  %i = memref.alloca() : memref<i64>
  memref.store %a, %acc[] : memref<i64>
  memref.store %zero, %i[] : memref<i64>
  scf.while : () -> () {
    %iv = memref.load %i[] : memref<i64>
    %lt = arith.cmpi slt, %iv, %b : i64
    scf.condition(%lt)
  } do {
    %iv = memref.load %i[] : memref<i64>
    %odd = arith.andi %iv, %one : i64
    %isodd = arith.cmpi ne, %odd, %zero : i64
    scf.execute_region {
      cf.cond_br %isodd, ^odd, ^even
    ^odd:
      %s = memref.load %acc[] : memref<i64>
      %t = arith.addi %s, %iv : i64
      memref.store %t, %acc[] : memref<i64>
      cf.br ^merge
    ^even:
      %s2 = memref.load %acc[] : memref<i64>
      %t2 = arith.muli %s2, %b : i64
      memref.store %t2, %acc[] : memref<i64>
      cf.br ^merge
    ^merge:
      %sel = arith.index_cast %iv : i64 to index
      scf.index_switch %sel
      case 2 {
        %v = memref.load %acc[] : memref<i64>
        %w = arith.subi %v, %a : i64
        memref.store %w, %acc[] : memref<i64>
        scf.yield
      }
      default {
        scf.yield
      }
      scf.yield
    }
    %n = arith.addi %iv, %one : i64
    memref.store %n, %i[] : memref<i64>
    scf.yield
  }
  %r = memref.load %acc[] : memref<i64>
  %q = memref.load %i[] : memref<i64>
  return %r, %q : i64, i64
}`

// vectors keeps vector<4xi64> values in whole buffers: an accumulator
// updated under a mask inside scf.for and scf.if and through a subview,
// copied into a second buffer (read again through an expand_shape) and
// out to a third, read back with a mask that pads with %a; and a buffer
// written and read through a subview of the first %b elements, which pads
// with %b beyond them (also through a collapse_shape of such a subview).
const vectors = `func.func @main(%a: i64, %b: i64) -> (i64, i64) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0 : i64
  %acc = memref.alloca() : memref<4xi64>
  %copy = memref.alloca() : memref<4xi64>
  %out = memref.alloca() : memref<4xi64>
  %va = vector.broadcast %a : i64 to vector<4xi64>
  %step = vector.step : vector<4xindex>
  %lanes = arith.index_cast %step : vector<4xindex> to vector<4xi64>
  %init = arith.muli %va, %lanes : vector<4xi64>
  vector.transfer_write %init, %acc[%c0] {in_bounds = [true]} : vector<4xi64>, memref<4xi64>
  %n = arith.index_cast %b : i64 to index
  scf.for %i = %c0 to %n step %c1 {
    %v = vector.transfer_read %acc[%c0], %zero {in_bounds = [true]} : memref<4xi64>, vector<4xi64>
    %m = vector.create_mask %i : vector<4xi1>
    %d = arith.addi %v, %lanes : vector<4xi64>
    vector.transfer_write %d, %acc[%c0], %m {in_bounds = [true]} : vector<4xi64>, memref<4xi64>
    %ii = arith.index_cast %i : index to i64
    %odd = arith.andi %ii, %b : i64
    %c = arith.cmpi ne, %odd, %zero : i64
    scf.if %c {
      %w = vector.transfer_read %acc[%c0], %zero {in_bounds = [true]} : memref<4xi64>, vector<4xi64>
      %x = arith.subi %w, %va : vector<4xi64>
      vector.transfer_write %x, %acc[%c0] {in_bounds = [true]} : vector<4xi64>, memref<4xi64>
    }
    %mid = memref.subview %acc[1] [2] [1] : memref<4xi64> to memref<2xi64, strided<[1], offset: 1>>
    %h = vector.transfer_read %mid[%c0], %zero {in_bounds = [true]} : memref<2xi64, strided<[1], offset: 1>>, vector<2xi64>
    %hh = arith.muli %h, %h : vector<2xi64>
    vector.transfer_write %hh, %mid[%c0] {in_bounds = [true]} : vector<2xi64>, memref<2xi64, strided<[1], offset: 1>>
  }
  memref.copy %acc, %copy : memref<4xi64> to memref<4xi64>
  memref.copy %copy, %out : memref<4xi64> to memref<4xi64>
  %k = arith.index_cast %a : i64 to index
  %rm = vector.create_mask %k : vector<4xi1>
  %r = vector.transfer_read %out[%c0], %a, %rm {in_bounds = [true]} : memref<4xi64>, vector<4xi64>
  %s = vector.reduction <add>, %r : vector<4xi64> into i64
  %sq = memref.expand_shape %copy [[0, 1]] output_shape [2, 2] : memref<4xi64> into memref<2x2xi64>
  %rows = vector.transfer_read %sq[%c0, %c0], %zero {in_bounds = [true, true]} : memref<2x2xi64>, vector<2x2xi64>
  %row = vector.extract %rows[1] : vector<2xi64> from vector<2x2xi64>
  %x = vector.reduction <xor>, %row : vector<2xi64> into i64
  %c4 = arith.constant 4 : index
  %nn = arith.maxsi %n, %c0 : index
  %cl = arith.minsi %nn, %c4 : index
  %part = memref.alloca() : memref<4xi64>
  vector.transfer_write %lanes, %part[%c0] {in_bounds = [true]} : vector<4xi64>, memref<4xi64>
  %dv = memref.subview %part[0] [%cl] [1] : memref<4xi64> to memref<?xi64, strided<[1]>>
  vector.transfer_write %va, %dv[%c0] : vector<4xi64>, memref<?xi64, strided<[1]>>
  %pr = vector.transfer_read %part[%c0], %zero {in_bounds = [true]} : memref<4xi64>, vector<4xi64>
  %dr = vector.transfer_read %dv[%c0], %b : memref<?xi64, strided<[1]>>, vector<4xi64>
  %pd = arith.muli %pr, %dr : vector<4xi64>
  %ps = vector.reduction <add>, %pd : vector<4xi64> into i64
  %grid = memref.alloca() : memref<2x2xi64>
  %g2 = vector.shape_cast %init : vector<4xi64> to vector<2x2xi64>
  vector.transfer_write %g2, %grid[%c0, %c0] {in_bounds = [true, true]} : vector<2x2xi64>, memref<2x2xi64>
  %c2 = arith.constant 2 : index
  %gn = arith.minsi %nn, %c2 : index
  %gs = memref.subview %grid[0, 0] [%gn, 2] [1, 1] : memref<2x2xi64> to memref<?x2xi64, strided<[2, 1]>>
  %gf = memref.collapse_shape %gs [[0, 1]] : memref<?x2xi64, strided<[2, 1]>> into memref<?xi64, strided<[1]>>
  %gr = vector.transfer_read %gf[%c0], %b : memref<?xi64, strided<[1]>>, vector<4xi64>
  %gm = arith.muli %gr, %lanes : vector<4xi64>
  %gsum = vector.reduction <add>, %gm : vector<4xi64> into i64
  %e0 = arith.addi %x, %ps : i64
  %e = arith.addi %e0, %gsum : i64
  return %s, %e : i64, i64
}`

// regionViews promotes whole-buffer vector slots through views used in the
// region ops regions.go threads values through: a subview defined outside
// an scf.while loop, read in its condition (which stops the loop once the
// view's first element reaches %a) and updated in its body, and
// inside an scf.execute_region with branches a collapse_shape defined
// outside and a 2-D subview defined in one branch, then a subview defined
// in a storing scf.index_switch case; scf.parallel reads the buffer through
// a subview into a third buffer.
const regionViews = `func.func @main(%a: i64, %b: i64) -> (i64, i64) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %zero = arith.constant 0 : i64
  %one = arith.constant 1 : i64
  %buf = memref.alloca() : memref<4xi64>
  %grid = memref.alloca() : memref<2x2xi64>
  %va = vector.broadcast %a : i64 to vector<4xi64>
  %step = vector.step : vector<4xindex>
  %lanes = arith.index_cast %step : vector<4xindex> to vector<4xi64>
  vector.transfer_write %lanes, %buf[%c0] {in_bounds = [true]} : vector<4xi64>, memref<4xi64>
  %g = vector.shape_cast %va : vector<4xi64> to vector<2x2xi64>
  vector.transfer_write %g, %grid[%c0, %c0] {in_bounds = [true, true]} : vector<2x2xi64>, memref<2x2xi64>
  %tail = memref.subview %buf[2] [2] [1] : memref<4xi64> to memref<2xi64, strided<[1], offset: 2>>
  %flat = memref.collapse_shape %grid [[0, 1]] : memref<2x2xi64> into memref<4xi64>
  %last = scf.while (%i = %zero) : (i64) -> i64 {
    %t = vector.transfer_read %tail[%c0], %zero {in_bounds = [true]} : memref<2xi64, strided<[1], offset: 2>>, vector<2xi64>
    %t0 = vector.extract %t[0] : i64 from vector<2xi64>
    %lt = arith.cmpi slt, %i, %b : i64
    %small = arith.cmpi slt, %t0, %a : i64
    %c = arith.andi %lt, %small : i1
    scf.condition(%c) %i : i64
  } do {
  ^bb0(%i: i64):
    %t = vector.transfer_read %tail[%c0], %zero {in_bounds = [true]} : memref<2xi64, strided<[1], offset: 2>>, vector<2xi64>
    %vi = vector.broadcast %i : i64 to vector<2xi64>
    %u = arith.addi %t, %vi : vector<2xi64>
    vector.transfer_write %u, %tail[%c0] {in_bounds = [true]} : vector<2xi64>, memref<2xi64, strided<[1], offset: 2>>
    %odd = arith.andi %i, %one : i64
    %isodd = arith.cmpi ne, %odd, %zero : i64
    scf.execute_region {
      cf.cond_br %isodd, ^odd, ^even
    ^odd:
      %f = vector.transfer_read %flat[%c0], %zero {in_bounds = [true]} : memref<4xi64>, vector<4xi64>
      %f2 = arith.addi %f, %lanes : vector<4xi64>
      vector.transfer_write %f2, %flat[%c0] {in_bounds = [true]} : vector<4xi64>, memref<4xi64>
      cf.br ^merge
    ^even:
      %row = memref.subview %grid[1, 0] [1, 2] [1, 1] : memref<2x2xi64> to memref<1x2xi64, strided<[2, 1], offset: 2>>
      %w = vector.transfer_read %row[%c0, %c0], %zero {in_bounds = [true, true]} : memref<1x2xi64, strided<[2, 1], offset: 2>>, vector<1x2xi64>
      %w2 = arith.muli %w, %w : vector<1x2xi64>
      vector.transfer_write %w2, %row[%c0, %c0] {in_bounds = [true, true]} : vector<1x2xi64>, memref<1x2xi64, strided<[2, 1], offset: 2>>
      cf.br ^merge
    ^merge:
      %sel = arith.index_cast %i : i64 to index
      scf.index_switch %sel
      case 2 {
        %h = memref.subview %buf[0] [2] [1] : memref<4xi64> to memref<2xi64, strided<[1]>>
        %hv = vector.transfer_read %h[%c0], %zero {in_bounds = [true]} : memref<2xi64, strided<[1]>>, vector<2xi64>
        %hb = vector.broadcast %b : i64 to vector<2xi64>
        %hw = arith.subi %hv, %hb : vector<2xi64>
        vector.transfer_write %hw, %h[%c0] {in_bounds = [true]} : vector<2xi64>, memref<2xi64, strided<[1]>>
        scf.yield
      }
      default {
        scf.yield
      }
      scf.yield
    }
    %n = arith.addi %i, %one : i64
    scf.yield %n : i64
  }
  %out = memref.alloca() : memref<2xi64>
  scf.parallel (%j) = (%c0) to (%c2) step (%c1) {
    %hv = vector.transfer_read %tail[%c0], %zero {in_bounds = [true]} : memref<2xi64, strided<[1], offset: 2>>, vector<2xi64>
    %e = vector.extract %hv[%j] : i64 from vector<2xi64>
    memref.store %e, %out[%j] : memref<2xi64>
    scf.reduce
  }
  %o1 = memref.load %out[%c1] : memref<2xi64>
  %bv = vector.transfer_read %buf[%c0], %zero {in_bounds = [true]} : memref<4xi64>, vector<4xi64>
  %s = vector.reduction <add>, %bv : vector<4xi64> into i64
  %gv = vector.transfer_read %flat[%c0], %zero {in_bounds = [true]} : memref<4xi64>, vector<4xi64>
  %gs = vector.reduction <xor>, %gv : vector<4xi64> into i64
  %s1 = arith.addi %s, %last : i64
  %x = arith.addi %gs, %o1 : i64
  return %s1, %x : i64, i64
}`

func transformed(t *testing.T, src, pipeline string) (before, after *ir.Operation) {
	t.Helper()
	reg := pass.Registry{}
	mem2reg.Register(reg)
	ctx := irtest.ContextWith(memref.Dialect(), arith.Dialect(), fn.Dialect(), cf.Dialect(), scf.Dialect(), ub.Dialect(), vector.Dialect())
	return interptest.Transformed(t, ctx, reg, src, pipeline)
}

var inputs = [][2]int64{{0, 0}, {3, 1}, {5, 2}, {7, 5}, {-4, 8}, {2, -1}}

// TestPromotionKeepsResults runs the programs in the interpreter before and
// after each pipeline: the results must agree, and the slots each pipeline
// removes (mem2reg the scalar ones, sroa the pair, both together every
// one) must be gone.
func TestPromotionKeepsResults(t *testing.T) {
	for _, c := range []struct{ pipeline, gone string }{
		{"builtin.module(func.func(mem2reg))", "memref<i64>"},
		{"builtin.module(func.func(mem2reg{region-simplify=false}))", "memref<i64>"},
		{"builtin.module(func.func(sroa))", "memref<2xi64>"},
		{"builtin.module(func.func(sroa,mem2reg))", "memref."},
	} {
		for _, src := range []string{loop, structured, regions} {
			before, after := transformed(t, src, c.pipeline)
			if text := after.String(); strings.Contains(text, c.gone) {
				t.Errorf("%s left %s:\n%s", c.pipeline, c.gone, text)
			}
			interptest.SameResults(t, c.pipeline+": ", before, after, inputs)
		}
	}
}

// TestVectorPromotionKeepsResults checks whole-buffer vector slots the same
// way: mem2reg removes every buffer and the results agree.
func TestVectorPromotionKeepsResults(t *testing.T) {
	before, after := transformed(t, vectors, "builtin.module(func.func(mem2reg))")
	if text := after.String(); strings.Contains(text, "memref.") || strings.Contains(text, "transfer") {
		t.Errorf("mem2reg left a buffer:\n%s", text)
	}
	interptest.SameResults(t, "", before, after, inputs)
	// Views in the region ops: every whole-buffer slot goes but %out,
	// which the parallel loop stores to.
	before, after = transformed(t, regionViews, "builtin.module(func.func(mem2reg))")
	text := after.String()
	for _, gone := range []string{"memref<4xi64>", "memref<2x2xi64>", "memref.subview", "memref.collapse_shape"} {
		if strings.Contains(text, gone) {
			t.Errorf("mem2reg left %s:\n%s", gone, text)
		}
	}
	interptest.SameResults(t, "regionViews: ", before, after, inputs)
}
