package analysis_test

import (
	"math/rand/v2"
	"testing"

	"github.com/kiln-gpu/kiln"
	"github.com/kiln-gpu/kiln/affine"
	"github.com/kiln-gpu/kiln/affine/analysis"
	"github.com/kiln-gpu/kiln/ir"
)

// system builds constraints over n anonymous dims.
func system(n int, eqs, ineqs [][]int64) *analysis.Constraints {
	c := &analysis.Constraints{}
	for range n {
		c.AppendVar(analysis.Dim, nil)
	}
	for _, r := range eqs {
		c.AddEquality(r)
	}
	for _, r := range ineqs {
		c.AddInequality(r)
	}
	return c
}

func TestIsEmpty(t *testing.T) {
	cases := []struct {
		name       string
		n          int
		eqs, ineqs [][]int64
		empty      bool
	}{
		{"gcd: 2x == 1", 1, [][]int64{{2, -1}}, nil, true},
		{"gcd: 4x - 6y == 1", 2, [][]int64{{4, -6, -1}}, nil, true},
		{"gcd: 4x - 6y == 2 has solutions", 2, [][]int64{{4, -6, -2}}, nil, false},
		{"bounds: 0 <= x <= 10, x >= 11", 1, nil, [][]int64{{1, 0}, {-1, 10}, {1, -11}}, true},
		{"tightening: 1 <= 3x <= 2", 1, nil, [][]int64{{3, -1}, {-3, 2}}, true},
		{"fm: x <= y, y <= z, z <= x - 1", 3, nil, [][]int64{{-1, 1, 0, 0}, {0, -1, 1, 0}, {1, 0, -1, -1}}, true},
		{"fm: x <= y, y <= z, z <= x", 3, nil, [][]int64{{-1, 1, 0, 0}, {0, -1, 1, 0}, {1, 0, -1, 0}}, false},
		{"gauss then fm: x + y == 5, 0 <= x <= 2, y <= 2", 2, [][]int64{{1, 1, -5}}, [][]int64{{1, 0, 0}, {-1, 0, 2}, {0, -1, 2}}, true},
		{"gauss then fm: x + y == 5, 0 <= x <= 2, y <= 3", 2, [][]int64{{1, 1, -5}}, [][]int64{{1, 0, 0}, {-1, 0, 2}, {0, -1, 3}}, false},
		{"unbounded variable", 2, nil, [][]int64{{1, -1, 0}}, false},
		{"no constraints", 2, nil, nil, false},
	}
	for _, c := range cases {
		if got := system(c.n, c.eqs, c.ineqs).IsEmpty(); got != c.empty {
			t.Errorf("%s: IsEmpty = %v, want %v", c.name, got, c.empty)
		}
	}
}

// Fourier-Motzkin projects over the rationals, so a system with rational
// but no integer solutions may be reported non-empty, as by MLIR's
// isEmpty: Pugh's example 27 <= 11x + 13y <= 45, -10 <= 7x - 9y <= 4.
func TestIsEmptyConservative(t *testing.T) {
	c := system(2, nil, [][]int64{{11, 13, -27}, {-11, -13, 45}, {7, -9, 10}, {-7, 9, 4}})
	if c.IsEmpty() {
		t.Error("Pugh's example: IsEmpty = true; FM with GCD tightening alone does not see it")
	}
}

// IsEmpty never claims a system with an integer point empty: random small
// systems are checked against a search of the box they are confined to.
func TestIsEmptySound(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	exact := 0
	for range 2000 {
		var ineqs, eqs [][]int64
		for v := range 2 { // -4 <= v <= 4
			lo, hi := []int64{0, 0, 4}, []int64{0, 0, 4}
			lo[v], hi[v] = 1, -1
			ineqs = append(ineqs, lo, hi)
		}
		for range 1 + r.IntN(3) {
			ineqs = append(ineqs, []int64{r.Int64N(9) - 4, r.Int64N(9) - 4, r.Int64N(9) - 4})
		}
		if r.IntN(3) == 0 {
			eqs = append(eqs, []int64{r.Int64N(7) - 3, r.Int64N(7) - 3, r.Int64N(7) - 3})
		}
		has := false
		for x := int64(-4); x <= 4; x++ {
			for y := int64(-4); y <= 4; y++ {
				ok := true
				for _, q := range ineqs {
					ok = ok && q[0]*x+q[1]*y+q[2] >= 0
				}
				for _, q := range eqs {
					ok = ok && q[0]*x+q[1]*y+q[2] == 0
				}
				has = has || ok
			}
		}
		empty := system(2, eqs, ineqs).IsEmpty()
		if has && empty {
			t.Fatalf("eqs %v ineqs %v: IsEmpty = true, but the system has an integer point", eqs, ineqs)
		}
		if has != empty {
			exact++
		}
	}
	if exact < 1900 {
		t.Errorf("only %d of 2000 random systems decided exactly", exact)
	}
}

// accesses parses src and returns its affine loads and stores in order,
// and its affine.for ops in pre-order.
func parse(t *testing.T, src string) ([]analysis.Access, []affine.For) {
	t.Helper()
	mod, err := ir.Parse(kiln.NewContext(), src, "a.mlir")
	if err != nil {
		t.Fatal(err)
	}
	var acc []analysis.Access
	var loops []affine.For
	mod.WalkPre(func(op *ir.Operation) (bool, bool) {
		if a, ok := analysis.AccessOf(op); ok {
			acc = append(acc, a)
		}
		if op.Name() == "affine.for" {
			loops = append(loops, affine.For{Operation: op})
		}
		return true, true
	})
	return acc, loops
}

func TestCheckDependence(t *testing.T) {
	cases := []struct {
		name, body string
		depth      int
		want       analysis.Result
	}{
		{"same element, later iteration", "%v = affine.load %m[%i + 1] : memref<100xf32>\n affine.store %v, %m[%i] : memref<100xf32>", 1, analysis.HasDependence},
		{"gcd: odd and even elements", "%v = affine.load %m[2 * %i + 1] : memref<100xf32>\n affine.store %v, %m[2 * %i] : memref<100xf32>", 1, analysis.NoDependence},
		{"disjoint ranges", "%v = affine.load %m[%i + 50] : memref<100xf32>\n affine.store %v, %m[%i] : memref<100xf32>", 1, analysis.NoDependence},
		{"symbolic bound: i + n is past every i < n", "%v = affine.load %m[%i + symbol(%n)] : memref<100xf32>\n affine.store %v, %m[%i] : memref<100xf32>", 1, analysis.NoDependence},
		{"symbolic offset without a bound", "%v = affine.load %m[%i + symbol(%k)] : memref<100xf32>\n affine.store %v, %m[%i] : memref<100xf32>", 1, analysis.HasDependence},
		{"floordiv local: 4 * (i floordiv 4) + 60 >= 60", "%v = affine.load %m[(%i floordiv 4) * 4 + 60] : memref<100xf32>\n affine.store %v, %m[%i] : memref<100xf32>", 1, analysis.NoDependence},
		{"mod local: i mod 8 + 40", "%v = affine.load %m[%i mod 8 + 40] : memref<100xf32>\n affine.store %v, %m[%i] : memref<100xf32>", 1, analysis.HasDependence},
		{"same iteration, load before store", "%v = affine.load %m[%i] : memref<100xf32>\n affine.store %v, %m[%i] : memref<100xf32>", 2, analysis.HasDependence},
		{"read after read", "%v = affine.load %m[%i] : memref<100xf32>\n %w = affine.load %m[%i] : memref<100xf32>", 1, analysis.NoDependence},
	}
	for _, c := range cases {
		src := "func.func @f(%m: memref<100xf32>, %n: index, %k: index) {\n affine.for %i = 0 to min affine_map<()[s0] -> (s0, 50)>()[%n] {\n " + c.body + "\n }\n return\n}"
		acc, _ := parse(t, src)
		if got := analysis.CheckDependence(acc[0], acc[1], c.depth); got != c.want {
			t.Errorf("%s: src -> dst at depth %d = %v, want %v", c.name, c.depth, got, c.want)
		}
	}
}

// At a depth past the common loops, only a source before the destination
// in their block can depend.
func TestCheckDependenceOrder(t *testing.T) {
	acc, _ := parse(t, `func.func @f(%m: memref<10xf32>, %x: f32) {
  affine.for %i = 0 to 10 {
    affine.store %x, %m[%i] : memref<10xf32>
  }
  affine.for %i = 0 to 10 {
    %v = affine.load %m[%i] : memref<10xf32>
  }
  return
}`)
	if got := analysis.CheckDependence(acc[0], acc[1], 1); got != analysis.HasDependence {
		t.Errorf("store then load: %v, want a dependence", got)
	}
	if got := analysis.CheckDependence(acc[1], acc[0], 1); got != analysis.NoDependence {
		t.Errorf("load then store (the load runs after): %v, want none", got)
	}
}

func TestIsLoopParallel(t *testing.T) {
	_, loops := parse(t, `func.func @f(%m: memref<10x10xf32>, %x: f32) -> f32 {
  affine.for %i = 0 to 10 {
    affine.for %j = 1 to 10 {
      %v = affine.load %m[%i, %j - 1] : memref<10x10xf32>
      affine.store %v, %m[%i, %j] : memref<10x10xf32>
    }
  }
  %r = affine.for %i = 0 to 10 iter_args(%a = %x) -> f32 {
    %v = affine.load %m[%i, 0] : memref<10x10xf32>
    %s = arith.addf %a, %v : f32
    affine.yield %s : f32
  }
  return %r : f32
}`)
	if !analysis.IsLoopParallel(loops[0], nil) {
		t.Error("outer loop: rows are independent")
	}
	if analysis.IsLoopParallel(loops[1], nil) {
		t.Error("inner loop: each column reads the previous one")
	}
	if analysis.IsLoopParallel(loops[2], nil) {
		t.Error("reduction loop without reductions asked for")
	}
	var reds []analysis.Reduction
	if !analysis.IsLoopParallel(loops[2], &reds) || len(reds) != 1 || reds[0].Pos != 0 {
		t.Errorf("reduction loop: got %v", reds)
	}
	if d := analysis.NestingDepth(loops[1].Operation); d != 1 {
		t.Errorf("NestingDepth of the inner loop = %d, want 1", d)
	}
}

// ConstantBounds projects the other variables out: x = y + 2 with
// 0 <= y <= 5 gives 2 <= x <= 7; 2x <= z with z <= 9 gives x <= 4, and
// no lower bound.
func TestConstantBounds(t *testing.T) {
	c := system(2, [][]int64{{1, -1, -2}}, [][]int64{{0, 1, 0}, {0, -1, 5}})
	if lo, hi := c.ConstantBounds(0); lo != (analysis.Bound{Value: 2, Known: true}) || hi != (analysis.Bound{Value: 7, Known: true}) {
		t.Errorf("x = y + 2: got %v, %v", lo, hi)
	}
	c = system(2, nil, [][]int64{{-2, 1, 0}, {0, -1, 9}})
	if lo, hi := c.ConstantBounds(0); lo.Known || hi != (analysis.Bound{Value: 4, Known: true}) {
		t.Errorf("2x <= z <= 9: got %v, %v", lo, hi)
	}
}

// The components of a dependence are the bounds of the distance along each
// common loop: m[i - 1, j + 1] read after m[i, j] is written is (1, -1) at
// depth 1; m[i, j'] written after m[i, 2j] is read is (0, [1, 3]) at
// depth 2 (j' = 2j with j' > j, both in [0, 8)).
func TestCheckDependenceComponents(t *testing.T) {
	acc, _ := parse(t, `func.func @f(%m: memref<16x16xf32>) {
  affine.for %i = 1 to 8 {
    affine.for %j = 0 to 8 {
      %v = affine.load %m[%i - 1, %j + 1] : memref<16x16xf32>
      affine.store %v, %m[%i, %j] : memref<16x16xf32>
      %w = affine.load %m[%i, %j * 2] : memref<16x16xf32>
    }
  }
  return
}`)
	known := func(v int64) analysis.Bound { return analysis.Bound{Value: v, Known: true} }
	r, comps := analysis.CheckDependenceComponents(acc[1], acc[0], 1)
	if r != analysis.HasDependence || len(comps) != 2 || comps[0].Lo != known(1) || comps[0].Hi != known(1) || comps[1].Lo != known(-1) || comps[1].Hi != known(-1) {
		t.Errorf("store -> first load at depth 1: %v %+v", r, comps)
	}
	r, comps = analysis.CheckDependenceComponents(acc[2], acc[1], 2)
	if r != analysis.HasDependence || len(comps) != 2 || comps[0].Lo != known(0) || comps[0].Hi != known(0) || comps[1].Lo != known(1) || comps[1].Hi != known(3) {
		t.Errorf("second load -> store at depth 2: %v %+v", r, comps)
	}
}

// MemoryFootprint sums the bounding boxes of the memrefs a loop nest
// touches: a[i, k] and b[k, j] cover 256 x 250 elements, c[i, j] 256 x 256,
// of 64 x 4 bytes each; shifted accesses of one memref take their hull
// (c[i + 1, j] widens c's box by a row); a vector element takes its bits
// rounded up to bytes (vector<3xi1>: 1); index elements have no size.
func TestMemoryFootprint(t *testing.T) {
	_, loops := parse(t, `func.func @f(%a: memref<256x256xvector<64xf32>>, %b: memref<256x256xvector<64xf32>>, %c: memref<257x256xvector<64xf32>>, %d: memref<8xindex>, %e: memref<8xvector<3xi1>>) {
  affine.for %i = 0 to 256 {
    affine.for %j = 0 to 256 {
      affine.for %k = 0 to 250 {
        %l = affine.load %a[%i, %k] : memref<256x256xvector<64xf32>>
        %r = affine.load %b[%k, %j] : memref<256x256xvector<64xf32>>
        %o = affine.load %c[%i, %j] : memref<257x256xvector<64xf32>>
        affine.store %o, %c[%i + 1, %j] : memref<257x256xvector<64xf32>>
      }
    }
  }
  affine.for %i = 0 to 8 {
    %v = affine.load %d[%i] : memref<8xindex>
  }
  affine.for %i = 0 to 8 {
    %v = affine.load %e[%i] : memref<8xvector<3xi1>>
  }
  return
}`)
	if got, ok := analysis.MemoryFootprint(loops[0].Operation); !ok || got != (256*250*2+257*256)*256 {
		t.Errorf("matmul footprint: %d, %v", got, ok)
	}
	if _, ok := analysis.MemoryFootprint(loops[3].Operation); ok {
		t.Errorf("index elements have no byte size")
	}
	if got, ok := analysis.MemoryFootprint(loops[4].Operation); !ok || got != 8 {
		t.Errorf("vector<3xi1> footprint: %d, %v", got, ok)
	}
}

// MemoryFootprint's regions are MLIR's MemRefRegions: an extent may come
// from bounds with a non-unit coefficient on the dimension (%a[%i floordiv
// 2] for 8 values of %i from %s: 2*d0 >= %s - 1 and 2*d0 <= %s + 7, 5
// elements, not the whole 100); regions whose lower bounds are in
// different symbols join on their constant bounds (%b[%i + %s] and %b[%i +
// %t]: the whole 64 elements, where only the sizes bound them); an
// extent uses only the bounds that hold no other dimension (%c[%i, %i]:
// the second dimension's tie to the first is left out, so it spans all 64
// rows).
func TestMemoryFootprintRegions(t *testing.T) {
	_, loops := parse(t, `func.func @f(%a: memref<100xf32>, %b: memref<64xf32>, %c: memref<64x64xf32>, %s: index, %t: index) {
  affine.for %i = %s to affine_map<()[s0] -> (s0 + 8)>()[%s] {
    %v = affine.load %a[%i floordiv 2] : memref<100xf32>
  }
  affine.for %i = 0 to 4 {
    %v = affine.load %b[%i + %s] : memref<64xf32>
    %w = affine.load %b[%i + %t] : memref<64xf32>
  }
  affine.for %i = %s to affine_map<()[s0] -> (s0 + 4)>()[%s] {
    %v = affine.load %c[%i, %i] : memref<64x64xf32>
  }
  return
}`)
	for i, want := range []int64{5 * 4, 64 * 4, 4 * 64 * 4} {
		if got, ok := analysis.MemoryFootprint(loops[i].Operation); !ok || got != want {
			t.Errorf("loop %d: footprint %d, %v; want %d", i, got, ok, want)
		}
	}
}
