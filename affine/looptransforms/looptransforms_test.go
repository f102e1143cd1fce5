package looptransforms_test

import (
	"strings"
	"testing"

	"github.com/kiln-gpu/kiln/affine"
	"github.com/kiln-gpu/kiln/affine/looptransforms"
	affinetransforms "github.com/kiln-gpu/kiln/affine/transforms"
	"github.com/kiln-gpu/kiln/arith"
	"github.com/kiln-gpu/kiln/fn"
	"github.com/kiln-gpu/kiln/interp/interptest"
	"github.com/kiln-gpu/kiln/ir/irtest"
	"github.com/kiln-gpu/kiln/ir/pass"
	"github.com/kiln-gpu/kiln/memref"
	"github.com/kiln-gpu/kiln/scf"
)

var newContext = irtest.ContextWith(affine.Dialect(), arith.Dialect(), fn.Dialect(), memref.Dialect(), scf.Dialect())

// kernel runs affine loops of constant, symbolic and min bounds, steps
// other than 1, a non-zero lower bound and iter_args over a buffer, and
// returns checksums of what they computed, for @main(%a, %b) with a and b
// in [0, 16].
const kernel = `func.func @main(%a: index, %b: index) -> (index, index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %m = memref.alloca() : memref<64xindex>
  affine.for %i = 0 to 64 {
    memref.store %i, %m[%i] : memref<64xindex>
  }
  affine.for %i = 1 to 23 step 3 {
    %x = affine.load %m[%i] : memref<64xindex>
    %y = arith.muli %x, %x : index
    affine.store %y, %m[%i + 1] : memref<64xindex>
  }
  affine.for %i = %a to affine_map<()[s0, s1] -> (s0 + s1 + 7)>()[%a, %b] step 2 {
    %x = affine.load %m[%i] : memref<64xindex>
    %y = arith.addi %x, %i : index
    affine.store %y, %m[%i + 2] : memref<64xindex>
  }
  %s = affine.for %i = 0 to min affine_map<()[s0] -> (s0 * 3, 40)>()[%b] iter_args(%acc = %c1) -> (index) {
    %x = affine.load %m[%i] : memref<64xindex>
    %y = arith.muli %acc, %c1 : index
    %z = arith.addi %y, %x : index
    affine.yield %z : index
  }
  %t:2 = affine.for %i = 2 to 13 iter_args(%p = %c0, %q = %c1) -> (index, index) {
    %r = affine.for %j = 0 to %a iter_args(%in = %p) -> (index) {
      %x = affine.load %m[%i + %j] : memref<64xindex>
      %y = arith.addi %in, %x : index
      affine.yield %y : index
    }
    %q2 = arith.addi %q, %r : index
    affine.yield %r, %q2 : index, index
  }
  %u = arith.addi %t#0, %t#1 : index
  %sum = affine.for %i = 0 to 64 iter_args(%acc = %u) -> (index) {
    %x = affine.load %m[%i] : memref<64xindex>
    %k = arith.muli %x, %i : index
    %y = arith.addi %acc, %k : index
    affine.yield %y : index
  }
  return %s, %sum : index, index
}`

// jamKernel starts with the loop nest affine-loop-unroll-jam takes: an
// outer loop of symbolic trip count carrying a sum, over inner loops with
// iter_args of their own.
const jamKernel = `func.func @main(%a: index, %b: index) -> (index, index) {
  %s = affine.for %i = 1 to affine_map<()[s0] -> (s0 + 5)>()[%a] iter_args(%acc = %b) -> (index) {
    %c2 = arith.constant 2 : index
    %x = arith.muli %i, %c2 : index
    %in:2 = affine.for %j = 0 to 7 iter_args(%p = %x, %q = %i) -> (index, index) {
      %y = arith.addi %p, %j : index
      %z = arith.muli %q, %c2 : index
      affine.yield %y, %z : index, index
    }
    %w = arith.addi %in#0, %in#1 : index
    %t = arith.addi %acc, %w : index
    affine.yield %t : index
  }
  %m = affine.for %i = 0 to %b iter_args(%acc = %a) -> (index) {
    %t = arith.maxsi %acc, %i : index
    affine.yield %t : index
  }
  return %s, %m : index, index
}`

// nestKernel has perfect nests for affine-loop-coalescing: one of three
// constant loops, one with a min bound and a loop from 1 (coalesced once
// normalized), one whose inner bound depends on the outer loop.
const nestKernel = `func.func @main(%a: index, %b: index) -> (index, index) {
  %c0 = arith.constant 0 : index
  %m = memref.alloca() : memref<16x16x4xindex>
  affine.for %i = 0 to 16 {
    affine.for %j = 0 to 16 {
      affine.for %k = 0 to 4 {
        affine.store %c0, %m[%i, %j, %k] : memref<16x16x4xindex>
      }
    }
  }
  affine.for %i = 0 to %a {
    affine.for %j = 0 to min affine_map<()[s0] -> (s0, 16)>()[%b] {
      affine.for %k = 1 to 5 {
        %x = arith.muli %i, %j : index
        %y = arith.addi %x, %k : index
        affine.store %y, %m[%i, %j, %k - 1] : memref<16x16x4xindex>
      }
    }
  }
  affine.for %i = 0 to %b {
    affine.for %j = 0 to affine_map<(d0) -> (d0 + 1)>(%i) {
      affine.for %k = 0 to %a step 2 {
        %x = affine.load %m[%i, %j, 0] : memref<16x16x4xindex>
        %y = arith.addi %x, %k : index
        affine.store %y, %m[%i, %j, 0] : memref<16x16x4xindex>
      }
    }
  }
  %s = affine.for %i = 0 to 16 iter_args(%acc = %c0) -> (index) {
    %r = affine.for %j = 0 to 16 iter_args(%in = %acc) -> (index) {
      %x = affine.load %m[%i, %j, 0] : memref<16x16x4xindex>
      %z = affine.load %m[%i, %j, 3] : memref<16x16x4xindex>
      %k = arith.muli %x, %j : index
      %w = arith.addi %k, %z : index
      %y = arith.addi %in, %w : index
      affine.yield %y : index
    }
    affine.yield %r : index
  }
  return %s, %a : index, index
}`

// TestPassesKeepResults runs the kernel in the interpreter (after
// lower-affine) before and after each pipeline: the results must agree.
func TestPassesKeepResults(t *testing.T) {
	reg := pass.Registry{}
	looptransforms.Register(reg)
	affinetransforms.Register(reg)
	_, before := interptest.Transformed(t, newContext, reg, kernel, "builtin.module(lower-affine)")
	_, jamBefore := interptest.Transformed(t, newContext, reg, jamKernel, "builtin.module(lower-affine)")
	for _, p := range []string{"affine-loop-unroll-jam", "affine-loop-unroll-jam{unroll-jam-factor=3}", "affine-loop-unroll-jam{unroll-jam-factor=2},affine-loop-unroll"} {
		t.Run(p, func(t *testing.T) {
			_, after := interptest.Transformed(t, newContext, reg, jamKernel, "builtin.module(func.func("+p+"),lower-affine)")
			interptest.SameResults(t, "", jamBefore, after, [][2]int64{{0, 0}, {1, 5}, {7, 9}, {16, 16}, {9, 4}, {3, 0}})
		})
	}
	_, nestBefore := interptest.Transformed(t, newContext, reg, nestKernel, "builtin.module(lower-affine)")
	for _, p := range []string{"affine-loop-coalescing", "affine-loop-normalize,affine-loop-coalescing"} {
		t.Run(p, func(t *testing.T) {
			_, after := interptest.Transformed(t, newContext, reg, nestKernel, "builtin.module(func.func("+p+"),lower-affine)")
			interptest.SameResults(t, "", nestBefore, after, [][2]int64{{0, 0}, {1, 5}, {7, 9}, {16, 16}, {9, 4}, {3, 0}})
		})
	}
	for _, p := range []string{
		"affine-loop-unroll",
		"affine-loop-unroll{unroll-factor=3}",
		"affine-loop-unroll{unroll-factor=5 cleanup-unroll=true}",
		"affine-loop-unroll{unroll-factor=7 unroll-up-to-factor=true}",
		"affine-loop-unroll{unroll-factor=2 unroll-num-reps=3}",
		"affine-loop-unroll{unroll-full=true}",
		"affine-loop-unroll{unroll-factor=-1}",
		"affine-loop-unroll{unroll-full=true unroll-full-threshold=11}",
		"affine-loop-normalize",
		"affine-loop-normalize{promote-single-iter=false},affine-loop-unroll{unroll-factor=3}",
	} {
		t.Run(p, func(t *testing.T) {
			_, after := interptest.Transformed(t, newContext, reg, kernel, "builtin.module(func.func("+p+"),lower-affine)")
			interptest.SameResults(t, "", before, after, [][2]int64{{0, 0}, {1, 5}, {7, 9}, {16, 16}, {9, 4}, {3, 0}})
		})
	}
}

// TestUnrollJamChangesLoops checks that the jam kernel's outer loop was
// unroll-jammed: its step grew and a reduction combines the copies.
func TestUnrollJamChangesLoops(t *testing.T) {
	reg := pass.Registry{}
	looptransforms.Register(reg)
	_, after := interptest.Transformed(t, newContext, reg, jamKernel, "builtin.module(func.func(affine-loop-unroll-jam))")
	if text := after.String(); !strings.Contains(text, "step 4 iter_args") || strings.Count(text, "affine.for") != 5 {
		t.Errorf("want the outer loop by 4 and a cleanup loop, got:\n%s", text)
	}
}

// TestCoalesceChangesLoops checks how many loops the coalescing leaves
// in the nest kernel: one per coalesced nest; the nest whose inner bound
// depends on the outer loop stays whole (the pair under it has a bound
// that is no valid symbol), and so do the two loops carrying values.
func TestCoalesceChangesLoops(t *testing.T) {
	reg := pass.Registry{}
	looptransforms.Register(reg)
	_, after := interptest.Transformed(t, newContext, reg, nestKernel, "builtin.module(func.func(affine-loop-normalize,affine-loop-coalescing))")
	if text := after.String(); strings.Count(text, "affine.for") != 7 {
		t.Errorf("want seven loops left, got:\n%s", text)
	}
}

// TestUnrollChangesLoops checks that the kernel's loops were unrolled:
// the pipeline must not be a no-op that the results test passes anyway.
// The loops of constant trip count that five does not divide are fully
// unrolled; those of unknown trip count stay, and so does the nest around
// one, which is no innermost loop.
func TestUnrollChangesLoops(t *testing.T) {
	reg := pass.Registry{}
	looptransforms.Register(reg)
	_, after := interptest.Transformed(t, newContext, reg, kernel, "builtin.module(func.func(affine-loop-unroll{unroll-factor=5 cleanup-unroll=true}))")
	if text := after.String(); strings.Count(text, "affine.for") != 4 {
		t.Errorf("want four loops left, got:\n%s", text)
	}
}

// TestBadOptions checks the option values the unroll passes refuse, as
// the pipeline is parsed, located on the value.
func TestBadOptions(t *testing.T) {
	reg := pass.Registry{}
	looptransforms.Register(reg)
	for _, tc := range []struct{ pass, want string }{
		{"affine-loop-unroll{unroll-factor=0}", "pass pipeline:1:59: error: option 'unroll-factor' wants a positive integer or -1, got '0'"},
		{"affine-loop-unroll{unroll-factor=-2}", "pass pipeline:1:59: error: option 'unroll-factor' wants a positive integer or -1, got '-2'"},
		{"affine-loop-unroll{unroll-num-reps=-1}", "pass pipeline:1:61: error: for the --unroll-num-reps option: '-1' value invalid for uint argument!"},
		{"affine-loop-unroll{unroll-full-threshold=x}", "for the --unroll-full-threshold option: 'x' value invalid for uint argument!"},
		{"affine-loop-unroll-jam{unroll-jam-factor=0}", "pass pipeline:1:67: error: option 'unroll-jam-factor' wants a positive integer, got '0'"},
	} {
		_, err := pass.Parse("builtin.module(func.func("+tc.pass+"))", reg)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: err = %v, want %q", tc.pass, err, tc.want)
		}
	}
	for _, ok := range []string{"affine-loop-unroll{unroll-factor=-1}", "affine-loop-unroll{unroll-factor=1}", "affine-loop-unroll-jam{unroll-jam-factor=1}"} {
		if _, err := pass.Parse("builtin.module(func.func("+ok+"))", reg); err != nil {
			t.Errorf("%s: %v", ok, err)
		}
	}
}

// setKernel branches on integer sets: empty ones (else taken), redundant
// ones, a mod, a set that holds everywhere, and maps to simplify; it
// returns checksums of what it counted, for @main(%a, %b) with a and b in
// [0, 16].
const setKernel = `func.func @main(%a: index, %b: index) -> (index, index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %s:2 = affine.for %i = 0 to 12 iter_args(%x = %c0, %y = %c1) -> (index, index) {
    %u = affine.if affine_set<(d0)[s0] : (d0 - s0 == 0, d0 - s0 - 1 >= 0)>(%i)[%a] -> index {
      affine.yield %c1 : index
    } else {
      %v = affine.apply affine_map<(d0, d1) -> (d0 * 2 + d1 - d0 + (d0 * 6) floordiv 3)>(%i, %b)
      affine.yield %v : index
    }
    %w = affine.if affine_set<(d0)[s0] : (d0 * 2 - s0 * 2 >= 0, d0 - s0 + 3 >= 0, 4 >= 0, -d0 + 9 >= 0)>(%i)[%a] -> index {
      affine.yield %i : index
    } else {
      affine.yield %b : index
    }
    %z = affine.if affine_set<(d0) : (d0 mod 3 - 1 == 0, d0 - 3 * (d0 floordiv 3) - 1 >= 0)>(%i) -> index {
      affine.yield %a : index
    } else {
      affine.yield %c1 : index
    }
    %t = affine.if affine_set<(d0) : (1 >= 0)>(%i) -> index {
      affine.yield %i : index
    } else {
      affine.yield %c0 : index
    }
    %x1 = arith.addi %x, %u : index
    %x2 = arith.addi %x1, %w : index
    %y1 = arith.muli %y, %c1 : index
    %y2 = arith.addi %y1, %z : index
    %y3 = arith.addi %y2, %t : index
    affine.yield %x2, %y3 : index, index
  }
  return %s#0, %s#1 : index, index
}`

// TestSimplifyStructuresKeepsResults runs setKernel before and after
// affine-simplify-structures, and checks that the pass removed the
// affine.if ops whose sets are empty or always hold.
func TestSimplifyStructuresKeepsResults(t *testing.T) {
	reg := pass.Registry{}
	looptransforms.Register(reg)
	affinetransforms.Register(reg)
	_, before := interptest.Transformed(t, newContext, reg, setKernel, "builtin.module(lower-affine)")
	_, after := interptest.Transformed(t, newContext, reg, setKernel, "builtin.module(func.func(affine-simplify-structures),lower-affine)")
	interptest.SameResults(t, "", before, after, [][2]int64{{0, 0}, {1, 5}, {7, 9}, {16, 16}, {9, 4}, {3, 0}})
	_, simplified := interptest.Transformed(t, newContext, reg, setKernel, "builtin.module(func.func(affine-simplify-structures))")
	if text := simplified.String(); strings.Count(text, "affine.if") != 2 {
		t.Errorf("want the empty and the always true sets' affine.if gone, two left, got:\n%s", text)
	}
}

// semiAffineKernel computes semi-affine maps of its arguments (%b, the
// symbolic divisor, positive) that affine-simplify-structures rewrites.
const semiAffineKernel = `func.func @main(%a: index, %b: index) -> (index, index, index, index, index, index, index) {
  %0 = affine.apply affine_map<(d0)[s0] -> (((d0 floordiv s0) * s0 * 3 + s0 * s0) mod s0)>(%a)[%b]
  %1 = affine.apply affine_map<(d0)[s0] -> ((-((d0 floordiv s0) * s0) + s0 * 7) floordiv s0)>(%a)[%b]
  %2 = affine.apply affine_map<(d0)[s0] -> ((((s0 * 4) ceildiv 8) + s0 * 5) ceildiv s0)>(%a)[%b]
  %3 = affine.apply affine_map<(d0)[s0] -> (((((s0 * 2) ceildiv 4) * 5) + s0 * 42) ceildiv s0)>(%a)[%b]
  %4 = affine.apply affine_map<()[s0, s1] -> ((s0 - s0 mod s1) mod s1)>()[%a, %b]
  %5 = affine.apply affine_map<(d0, d1)[s0, s1] -> (d0 + d0 * s0 + d1 * s0 + d1 * s1 + d1)>(%a, %b)[%b, %a]
  %6 = affine.apply affine_map<(d0)[s0] -> ((d0 + s0 * 3) - ((d0 + s0 * 3) floordiv s0) * s0 + (d0 * s0) mod s0)>(%a)[%b]
  return %0, %1, %2, %3, %4, %5, %6 : index, index, index, index, index, index, index
}`

// TestSimplifyStructuresKeepsSemiAffineResults runs semiAffineKernel
// before and after affine-simplify-structures, which folds some of its
// maps to constants.
func TestSimplifyStructuresKeepsSemiAffineResults(t *testing.T) {
	reg := pass.Registry{}
	looptransforms.Register(reg)
	before, after := interptest.Transformed(t, newContext, reg, semiAffineKernel, "builtin.module(func.func(affine-simplify-structures))")
	interptest.SameResults(t, "", before, after, [][2]int64{{0, 1}, {5, 3}, {16, 7}, {-9, 2}, {9, 16}, {-4, 5}})
	if text := after.String(); strings.Count(text, "affine.apply") != 4 {
		t.Errorf("want the maps of %%0, %%2 and %%4 folded to constants, four affine.apply left, got:\n%s", text)
	}
}

// tileKernel fills a 7x10 memref from its arguments in one nest and folds
// it in a second, the inner loop reading the row above (a dependence of
// distance (1, 0)), and a stencil with distance (1, -1) that tiling would
// break; a last nest runs up to its argument %b; it returns the folds.
const tileKernel = `func.func @main(%a: index, %b: index) -> (index, index, index) {
  %m = memref.alloc() : memref<7x10xindex>
  affine.for %i = 0 to 7 {
    affine.for %j = 0 to 10 {
      %x = arith.muli %i, %a : index
      %y = arith.muli %j, %b : index
      %s = arith.addi %x, %y : index
      affine.store %s, %m[%i, %j] : memref<7x10xindex>
    }
  }
  affine.for %i = 1 to 7 {
    affine.for %j = 0 to 10 {
      %u = affine.load %m[%i - 1, %j] : memref<7x10xindex>
      %v = affine.load %m[%i, %j] : memref<7x10xindex>
      %w = arith.addi %u, %v : index
      affine.store %w, %m[%i, %j] : memref<7x10xindex>
    }
  }
  %n = memref.alloc() : memref<7x10xindex>
  affine.for %i = 0 to 7 {
    affine.for %j = 0 to 10 {
      %v = affine.load %m[%i, %j] : memref<7x10xindex>
      affine.store %v, %n[%i, %j] : memref<7x10xindex>
    }
  }
  affine.for %i = 1 to 7 {
    affine.for %j = 0 to 9 {
      %u = affine.load %n[%i - 1, %j + 1] : memref<7x10xindex>
      %v = affine.load %n[%i, %j] : memref<7x10xindex>
      %w = arith.muli %u, %v : index
      %z = arith.addi %w, %a : index
      affine.store %z, %n[%i, %j] : memref<7x10xindex>
    }
  }
  %p = memref.alloc() : memref<40x3xindex>
  affine.for %i = 0 to 40 {
    affine.for %j = 0 to 3 {
      affine.store %a, %p[%i, %j] : memref<40x3xindex>
    }
  }
  affine.for %i = 0 to %b {
    affine.for %j = 0 to 3 {
      %u = affine.load %p[%i, %j] : memref<40x3xindex>
      %v = arith.muli %u, %j : index
      %w = arith.addi %v, %i : index
      affine.store %w, %p[%i, %j] : memref<40x3xindex>
    }
  }
  %c2 = arith.constant 2 : index
  %c6 = arith.constant 6 : index
  %c8 = arith.constant 8 : index
  %r0 = memref.load %m[%c6, %c8] : memref<7x10xindex>
  %r1 = memref.load %n[%c6, %c8] : memref<7x10xindex>
  %r2 = memref.load %p[%c2, %c2] : memref<40x3xindex>
  return %r0, %r1, %r2 : index, index, index
}`

// TestTileKeepsResults runs tileKernel before and after affine-loop-tile
// with tile sizes that divide no trip count, and checks that the stencil
// nest alone stayed untiled.
func TestTileKeepsResults(t *testing.T) {
	reg := pass.Registry{}
	looptransforms.Register(reg)
	affinetransforms.Register(reg)
	for _, opts := range []string{"tile-size=3", "tile-sizes=4,3", "tile-sizes=2", "cache-size=0", "", "tile-size=3 separate", "tile-sizes=4,3 separate"} {
		_, before := interptest.Transformed(t, newContext, reg, tileKernel, "builtin.module(lower-affine)")
		_, after := interptest.Transformed(t, newContext, reg, tileKernel, "builtin.module(func.func(affine-loop-tile{"+opts+"}),lower-affine)")
		interptest.SameResults(t, opts+": ", before, after, [][2]int64{{0, 0}, {1, 5}, {7, 9}, {-3, 4}, {2, 1}})
		_, tiled := interptest.Transformed(t, newContext, reg, tileKernel, "builtin.module(func.func(affine-loop-tile{"+opts+"}))")
		text := tiled.String()
		// With separate, each tiled nest whose tile sizes do not divide
		// its trip counts gets a full tile copy of its two intra-tile
		// loops under an affine.if: all five with 3 x 3 tiles, all but
		// the 40 x 3 fill with 4 x 3 ones.
		want, ifs := 22, 0
		switch opts {
		case "tile-size=3 separate":
			want, ifs = 32, 5
		case "tile-sizes=4,3 separate":
			want, ifs = 30, 4
		}
		if n := strings.Count(text, "affine.for"); n != want || strings.Count(text, "affine.if") != ifs {
			t.Errorf("%s: want five nests tiled and the stencil kept, %d loops and %d affine.if, got:\n%s", opts, want, ifs, text)
		}
	}
}
