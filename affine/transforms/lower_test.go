package transforms_test

import (
	"slices"
	"testing"

	"github.com/kiln-gpu/kiln"
	"github.com/kiln-gpu/kiln/affine/transforms"
	"github.com/kiln-gpu/kiln/interp"
	"github.com/kiln-gpu/kiln/ir"
	"github.com/kiln-gpu/kiln/ir/pass"
)

// lowered parses src, runs lower-affine on it and checks that no affine
// op is left and that the result verifies.
func lowered(t *testing.T, src string) *ir.Operation {
	t.Helper()
	ctx := kiln.NewContext()
	mod, err := ir.Parse(ctx, src, "lower.mlir")
	if err != nil {
		t.Fatal(err)
	}
	transforms.LowerAffine(mod)
	mod.Walk(func(op *ir.Operation) bool {
		if op.DialectName() == "affine" {
			t.Errorf("%s left after lower-affine", op.Name())
		}
		return true
	})
	if err := ir.Verify(mod); err != nil {
		t.Fatal(err)
	}
	return mod
}

func run(t *testing.T, mod *ir.Operation, fn string, args ...int64) []int64 {
	t.Helper()
	in := make([]interp.Value, len(args))
	for i, a := range args {
		in[i] = interp.Int(a)
	}
	res, err := interp.Run(mod, fn, in...)
	if err != nil {
		t.Fatal(err)
	}
	out := make([]int64, len(res))
	for i, r := range res {
		out[i] = int64(r.(interp.Scalar).Bits)
	}
	return out
}

// The lowered expressions compute what the maps mean (ir's own
// evaluation of the map is the reference), negative operands included,
// where floordiv, ceildiv and mod differ from truncating division.
func TestLoweredMapsMatchEvaluation(t *testing.T) {
	maps := []string{
		"(d0)[s0] -> (d0 floordiv 7)",
		"(d0)[s0] -> (d0 ceildiv 7)",
		"(d0)[s0] -> (d0 mod 7)",
		"(d0)[s0] -> (d0 floordiv s0)",
		"(d0)[s0] -> (d0 ceildiv s0)",
		"(d0)[s0] -> (d0 mod s0)",
		"(d0)[s0] -> ((d0 * 3 - s0) floordiv 4 + (d0 + s0) mod 5 * 2 - d0 ceildiv s0)",
		"(d0)[s0] -> (-d0 + 12)",
	}
	src := ""
	for i, m := range maps {
		src += "func.func @f" + string(rune('a'+i)) + "(%d: index, %s: index) -> index {\n" +
			"  %r = affine.apply affine_map<" + m + ">(%d)[%s]\n  return %r : index\n}\n"
	}
	src += `func.func @minmax(%d: index, %s: index) -> (index, index) {
  %a = affine.min affine_map<(d0)[s0] -> (d0 * 2, s0 - d0, 5)>(%d)[%s]
  %b = affine.max affine_map<(d0)[s0] -> (d0 * 2, s0 - d0, 5)>(%d)[%s]
  return %a, %b : index, index
}
`
	// The maps as parsed, before lowering, in function order.
	orig, err := ir.Parse(kiln.NewContext(), src, "orig.mlir")
	if err != nil {
		t.Fatal(err)
	}
	var parsed []*ir.AffineMap
	orig.Walk(func(op *ir.Operation) bool {
		if op.Name() == "affine.apply" {
			parsed = append(parsed, op.Attr("map").(*ir.AffineMapAttr).Map)
		}
		return true
	})
	mod := lowered(t, src)
	for i, text := range maps {
		am := parsed[i]
		for d := int64(-20); d <= 20; d++ {
			for s := int64(1); s <= 5; s++ {
				want := am.Eval([]int64{d}, []int64{s})[0]
				if got := run(t, mod, "f"+string(rune('a'+i)), d, s)[0]; got != want {
					t.Errorf("%s at d0=%d s0=%d: lowered %d, map %d", text, d, s, got, want)
				}
			}
		}
	}
	for d := int64(-6); d <= 6; d++ {
		got := run(t, mod, "minmax", d, 3)
		lo, hi := min(2*d, 3-d, 5), max(2*d, 3-d, 5)
		if got[0] != lo || got[1] != hi {
			t.Errorf("min/max at %d: got %v, want [%d %d]", d, got, lo, hi)
		}
	}
}

// A kernel of loops, conditions, memory accesses and a parallel reduction
// gives after lowering what the same computation gives in Go.
func TestLoweredKernelRuns(t *testing.T) {
	mod := lowered(t, `func.func @kernel(%n: index) -> (index, i64) {
  %c0 = arith.constant 0 : index
  %buf = memref.alloc() : memref<20xi64>
  affine.for %i = 0 to 20 {
    %z = arith.constant 0 : i64
    affine.store %z, %buf[%i] : memref<20xi64>
  }
  %sum = affine.for %i = 1 to min affine_map<(d0) -> (d0, 19)>(%n) step 3 iter_args(%acc = %c0) -> (index) {
    %v = affine.if affine_set<(d0) : (d0 - 4 >= 0)>(%i) -> index {
      %twice = affine.apply affine_map<(d0) -> (d0 * 2)>(%i)
      affine.yield %twice : index
    } else {
      %one = arith.constant 1 : index
      affine.yield %one : index
    }
    %w = arith.index_cast %v : index to i64
    affine.store %w, %buf[%i + 1] : memref<20xi64>
    %next = arith.addi %acc, %v : index
    affine.yield %next : index
  }
  %prod = affine.parallel (%i) = (0) to (20) reduce ("addi") -> (i64) {
    %x = affine.load %buf[%i] : memref<20xi64>
    %k = arith.index_cast %i : index to i64
    %y = arith.muli %x, %k : i64
    affine.yield %y : i64
  }
  return %sum, %prod : index, i64
}`)
	for _, n := range []int64{0, 1, 5, 12, 40} {
		var buf [20]int64
		sum := int64(0)
		for i := int64(1); i < min(n, 19); i += 3 {
			v := int64(1)
			if i >= 4 {
				v = 2 * i
			}
			buf[i+1] = v
			sum += v
		}
		prod := int64(0)
		for i, x := range buf {
			prod += x * int64(i)
		}
		if got := run(t, mod, "kernel", n); got[0] != sum || got[1] != prod {
			t.Errorf("n=%d: got %v, want [%d %d]", n, got, sum, prod)
		}
	}
}

// delinearize_index and linearize_index compute, after lowering, the
// mixed-radix digits of an index and back, negative indices included
// (the leading digit takes the sign).
func TestLoweredIndexOpsRun(t *testing.T) {
	mod := lowered(t, `func.func @digits(%i: index, %n: index) -> (index, index, index, index, index) {
  %d:3 = affine.delinearize_index %i into (7, %n, 3) : index, index, index
  %l = affine.linearize_index disjoint [%d#0, %d#1, %d#2] by (7, %n, 3) : index
  %m = affine.linearize_index [%d#1, %d#0] by (5) : index
  return %d#0, %d#1, %d#2, %l, %m : index, index, index, index, index
}`)
	floorDiv := func(a, b int64) int64 {
		q := a / b
		if a%b != 0 && (a < 0) != (b < 0) {
			q--
		}
		return q
	}
	for n := int64(1); n <= 4; n++ {
		for i := int64(-30); i <= 30; i++ {
			d2 := i - floorDiv(i, 3)*3
			d1 := floorDiv(i, 3) - floorDiv(i, 3*n)*n
			d0 := floorDiv(i, 3*n)
			want := []int64{d0, d1, d2, i, d1*5 + d0}
			got := run(t, mod, "digits", i, n)
			if !slices.Equal(got, want) {
				t.Errorf("i=%d n=%d: got %v, want %v", i, n, got, want)
			}
		}
	}
}

// The index ops' canonicalization patterns keep what the ops compute: each
// function runs lowered as written and lowered after canonicalize, on
// in-bounds inputs (disjoint linearizes assert their indices are in bounds).
func TestIndexCanonicalizationKeepsValues(t *testing.T) {
	src := `func.func @split(%x: index, %y: index, %z: index) -> (index, index, index, index) {
  %0 = affine.linearize_index disjoint [%x, %y, %z] by (3, 2, 32) : index
  %1:4 = affine.delinearize_index %0 into (2, 3, 8, 4) : index, index, index, index
  return %1#0, %1#1, %1#2, %1#3 : index, index, index, index
}
func.func @tail(%x: index, %y: index, %z: index) -> (index, index, index) {
  %0 = affine.linearize_index disjoint [%x, %y, %z] by (3, 2, 32) : index
  %1:3 = affine.delinearize_index %0 into (6, 32) : index, index, index
  return %1#0, %1#1, %1#2 : index, index, index
}
func.func @portion(%x: index, %y: index, %n: index) -> (index, index, index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %s:3 = affine.delinearize_index %x into (%n, 4, 8) : index, index, index
  %t = affine.linearize_index [%s#1, %s#2, %c0] by (4, 8, 16) : index
  %u = affine.linearize_index [%c0, %y, %s#0, %s#1] by (%n, %c1, %n, 4) : index
  return %t, %u, %s#2 : index, index, index
}
func.func @units(%x: index, %y: index, %z: index) -> (index, index, index) {
  %c1 = arith.constant 1 : index
  %d:4 = affine.delinearize_index %x into (%c1, 5, 1, 7) : index, index, index, index
  %l = affine.linearize_index disjoint [%y, %z, %d#0, %d#1] by (1, 4, 1, 5) : index
  return %d#3, %l, %d#2 : index, index, index
}
func.func @front(%x: index, %z: index, %n: index) -> (index, index, index) {
  %s:2 = affine.delinearize_index %x into (8) : index, index
  %t = affine.linearize_index [%s#0, %s#1] by (8) : index
  %p:3 = affine.delinearize_index %x into (%n, 4) : index, index, index
  %q = affine.linearize_index disjoint [%p#0, %p#1] by (6, %n) : index
  %d = affine.linearize_index disjoint [%s#1, %z] by (8, %n) : index
  %e:2 = affine.delinearize_index %d into (8, %n) : index, index
  return %t, %q, %e#0 : index, index, index
}`
	plain := lowered(t, src)
	ctx := kiln.NewContext()
	mod, err := ir.Parse(ctx, src, "canon.mlir")
	if err != nil {
		t.Fatal(err)
	}
	pl := pass.NewPipeline("builtin.module")
	pl.AddPass(pass.Canonicalize())
	if err := pass.New(pl, pass.Config{}).Run(mod); err != nil {
		t.Fatal(err)
	}
	text := string(ir.PrintBytes(mod, ir.PrintOptions{}))
	canon := lowered(t, text)
	check := func(fn string, args ...int64) {
		t.Helper()
		if got, want := run(t, canon, fn, args...), run(t, plain, fn, args...); !slices.Equal(got, want) {
			t.Errorf("%s%v: canonicalized %v, as written %v\n%s", fn, args, got, want, text)
		}
	}
	for x := range int64(3) {
		for y := range int64(2) {
			for z := int64(0); z < 32; z += 5 {
				check("split", x, y, z)
				check("tail", x, y, z)
			}
		}
	}
	for n := int64(1); n <= 3; n++ {
		for x := int64(0); x < 32*n; x += 3 {
			check("portion", x, 0, n)
		}
	}
	for x := int64(0); x < 35; x += 2 {
		check("units", x, 0, 3)
	}
	for n := int64(1); n <= 3; n++ {
		for x := range 24 * n {
			for z := range n {
				check("front", x, z, n)
			}
		}
	}
}
