package transforms_test

import (
	"fmt"
	"math/rand"
	"strings"
	"testing"

	"github.com/kiln-gpu/kiln/arith/transforms"
	"github.com/kiln-gpu/kiln/interp/interptest"
	"github.com/kiln-gpu/kiln/ir/pass"
)

// randomKernel is an i32 program of n ops on @main's two arguments, then
// sometimes a loop, with clamps and masks so that ranges are narrow, and only
// defined behaviour: divisors are made positive, shift amounts below 32,
// no overflow flags (whose poison the passes may legitimately change).
func randomKernel(rng *rand.Rand, n int) string {
	var b strings.Builder
	b.WriteString("func.func @main(%a: i32, %b: i32) -> (i32, i32, i32, i1) {\n")
	vals := []string{"%a", "%b"}
	cst := func(v int64) string {
		name := fmt.Sprintf("%%k%d", len(vals)+rng.Intn(1<<20))
		fmt.Fprintf(&b, "  %s = arith.constant %d : i32\n", name, v)
		return name
	}
	pick := func() string { return vals[rng.Intn(len(vals))] }
	consts := []int64{0, 1, 2, 3, 7, 8, 15, 31, 100, 127, 255, -1, -2, -128, 1 << 20, -1 << 31, 1<<31 - 1}
	for i := 0; i < n; i++ {
		r := fmt.Sprintf("%%v%d", i)
		x, y := pick(), pick()
		switch op := rng.Intn(10); op {
		case 0: // clamp
			lo, hi := consts[rng.Intn(len(consts))], consts[rng.Intn(len(consts))]
			if lo > hi {
				lo, hi = hi, lo
			}
			c1, c2 := cst(lo), cst(hi)
			fmt.Fprintf(&b, "  %s.lo = arith.maxsi %s, %s : i32\n  %s = arith.minsi %s.lo, %s : i32\n", r, x, c1, r, r, c2)
		case 1: // mask
			fmt.Fprintf(&b, "  %s = arith.andi %s, %s : i32\n", r, x, cst(consts[rng.Intn(9)]))
		case 2:
			ops := []string{"addi", "subi", "muli", "andi", "ori", "xori", "maxsi", "minsi", "maxui", "minui"}
			fmt.Fprintf(&b, "  %s = arith.%s %s, %s : i32\n", r, ops[rng.Intn(len(ops))], x, y)
		case 3: // division by a positive divisor
			ops := []string{"divsi", "divui", "remsi", "remui", "ceildivsi", "ceildivui", "floordivsi"}
			one := cst(1)
			fmt.Fprintf(&b, "  %s.d = arith.maxsi %s, %s : i32\n  %s = arith.%s %s, %s.d : i32\n", r, y, one, r, ops[rng.Intn(len(ops))], x, r)
		case 4: // shift
			ops := []string{"shli", "shrui", "shrsi"}
			fmt.Fprintf(&b, "  %s.s = arith.andi %s, %s : i32\n  %s = arith.%s %s, %s.s : i32\n", r, y, cst(31), r, ops[rng.Intn(len(ops))], x, r)
		case 5: // through a narrower type and back
			ext := []string{"extsi", "extui"}[rng.Intn(2)]
			w := []int{8, 16}[rng.Intn(2)]
			fmt.Fprintf(&b, "  %s.t = arith.trunci %s : i32 to i%d\n  %s = arith.%s %s.t : i%d to i32\n", r, x, w, r, ext, r, w)
		case 6: // select on a comparison
			preds := []string{"eq", "ne", "slt", "sle", "sgt", "sge", "ult", "ule", "ugt", "uge"}
			fmt.Fprintf(&b, "  %s.c = arith.cmpi %s, %s, %s : i32\n  %s = arith.select %s.c, %s, %s : i32\n", r, preds[rng.Intn(len(preds))], x, y, r, r, y, x)
		case 7: // through index
			fmt.Fprintf(&b, "  %s.i = arith.index_cast %s : i32 to index\n  %s = arith.index_castui %s.i : index to i32\n", r, x, r, r)
		case 8: // through i64
			fmt.Fprintf(&b, "  %s.w = arith.extsi %s : i32 to i64\n  %s.m = arith.muli %s.w, %s.w : i64\n  %s = arith.trunci %s.m : i64 to i32\n", r, x, r, r, r, r, r)
		default:
			fmt.Fprintf(&b, "  %s = arith.addi %s, %s : i32\n", r, x, cst(consts[rng.Intn(len(consts))]))
		}
		vals = append(vals, r)
	}
	// A loop over a clamped trip count whose carried value the body
	// updates with a random op of the values above.
	if rng.Intn(2) == 0 {
		c0, c1, c9 := cst(0), cst(1), cst(9)
		fmt.Fprintf(&b, "  %%n.lo = arith.maxsi %s, %s : i32\n  %%n = arith.minsi %%n.lo, %s : i32\n", pick(), c0, c9)
		ops := []string{"addi", "subi", "muli", "andi", "ori", "xori", "maxsi", "minui", "remui", "divsi"}
		op := ops[rng.Intn(len(ops))]
		rhs := "%i"
		if op == "remui" || op == "divsi" {
			rhs = "%ip" // a positive divisor
		}
		fmt.Fprintf(&b, "  %%loop = scf.for %%i = %s to %%n step %s iter_args(%%acc = %s) -> i32 : i32 {\n", c0, c1, pick())
		fmt.Fprintf(&b, "    %%ip = arith.addi %%i, %s : i32\n    %%next = arith.%s %%acc, %s : i32\n", c1, op, rhs)
		b.WriteString("    %t = arith.cmpi slt, %i, %n : i32\n    %sel = arith.select %t, %next, %acc : i32\n    scf.yield %sel : i32\n  }\n")
		vals = append(vals, "%loop")
	}
	last := vals[len(vals)-1]
	fmt.Fprintf(&b, "  %%lt = arith.cmpi slt, %s, %s : i32\n", last, vals[len(vals)/2])
	fmt.Fprintf(&b, "  return %s, %s, %s, %%lt : i32, i32, i32, i1\n}\n", last, vals[len(vals)-2], vals[len(vals)/2])
	return b.String()
}

// TestIntRangePassesRandom runs random programs in the interpreter before
// and after each range pass: they must compute the same values.
func TestIntRangePassesRandom(t *testing.T) {
	reg := pass.Registry{}
	transforms.Register(reg)
	rng := rand.New(rand.NewSource(7))
	inputs := [][2]int64{{0, 0}, {1, -1}, {-1, 1}, {100, 7}, {-128, 255}, {1<<31 - 1, -1 << 31}, {12345, -678}, {-1 << 31, 3}}
	for i := range 200 {
		src := randomKernel(rng, 12)
		for _, p := range []string{"int-range-optimizations", "arith-unsigned-when-equivalent", "arith-int-range-narrowing{int-bitwidths-supported=1,8,16}"} {
			before, after := interptest.Transformed(t, newContext, reg, src, "builtin.module(func.func("+p+"))")
			interptest.SameResults(t, fmt.Sprintf("program %d, %s: ", i, p), before, after, inputs)
			if t.Failed() {
				t.Fatalf("program:\n%s\nafter %s:\n%s", src, p, after)
			}
		}
	}
}
