package transforms_test

import (
	"fmt"
	"math"
	"testing"

	"github.com/kiln-gpu/kiln/arith"
	"github.com/kiln-gpu/kiln/fn"
	"github.com/kiln-gpu/kiln/interp"
	"github.com/kiln-gpu/kiln/ir"
	"github.com/kiln-gpu/kiln/ir/irtest"
	"github.com/kiln-gpu/kiln/ir/rewrite"
	mathd "github.com/kiln-gpu/kiln/math"
)

// eval parses src, optionally expands every math op in it, and runs @f on
// x through the reference interpreter.
func eval(t *testing.T, src string, expand bool, x interp.Scalar) interp.Scalar {
	t.Helper()
	ctx := irtest.ContextWith(mathd.Dialect(), fn.Dialect(), arith.Dialect())()
	mod, err := ir.Parse(ctx, src, "t.mlir")
	if err != nil {
		t.Fatal(err)
	}
	if expand {
		// The ops under test must all be expanded, or the comparisons
		// with them could not fail.
		tested := map[string]bool{}
		mod.Walk(func(op *ir.Operation) bool {
			tested[op.Name()] = op.DialectName() == "math"
			return true
		})
		if _, err := rewrite.ApplyPatternsGreedily(mod, rewrite.NewPatternSet(mathd.ExpandPatterns(nil)...), rewrite.GreedyConfig{}); err != nil {
			t.Fatal(err)
		}
		mod.Walk(func(op *ir.Operation) bool {
			if tested[op.Name()] {
				t.Fatalf("%s survived the expansion", op.Name())
			}
			if op.Name() == "math.round" && ir.IntOrFloatBitWidth(op.Result(0).Type()) == 32 {
				t.Fatalf("an f32 math.round survived the expansion")
			}
			return true
		})
	}
	if err := ir.Verify(mod); err != nil {
		t.Fatal(err)
	}
	rs, err := interp.New(mod).Call("f", x)
	if err != nil {
		t.Fatal(err)
	}
	return rs[0].(interp.Scalar)
}

// TestExpansionsExact checks that the expansions that are exact in IEEE
// arithmetic give the op's own result bit for bit, ties and signed zeros
// included, on f32-representable inputs.
func TestExpansionsExact(t *testing.T) {
	all := []float64{0, math.Copysign(0, -1), 0.5, -0.5, 1.5, -1.5, 2.5, -2.5, 3.7, -3.2, 1e30, -8388609, 0.49999994,
		math.Inf(1), math.Inf(-1), 4, 0.25}
	// ceil goes through an i64, so only values that fit one; its -0 cases
	// are below.
	inI64 := []float64{0, 0.5, 1.5, -1.5, 2.5, -2.5, 3.7, -3.2, -8388609, 0.49999994, 4, 0.25}
	// fpowi: bases whose square is exact (so 1/x^2 rounds once); its zeros
	// are below.
	squares := []float64{0.5, -0.5, 1.5, -0.25, 1e30, math.Inf(1), math.Inf(-1), 4}
	for _, c := range []struct {
		name, op, typ string
		xs            []float64
	}{
		{"ceil", "%r = math.ceil %x : f32", "f32", inI64},
		{"round", "%r = math.round %x : f32", "f32", all},
		{"roundeven32", "%r = math.roundeven %x : f32", "f32", all},
		{"roundeven64", "%r = math.roundeven %x : f64", "f64", all},
		{"clampf", "%lo = arith.constant -1.0 : f32\n  %hi = arith.constant 2.0 : f32\n  %r = math.clampf %x to [%lo, %hi] : f32", "f32", all},
		{"fpowi", "%n = arith.constant -2 : i32\n  %r = math.fpowi %x, %n : f32, i32", "f32", squares},
		{"powf", "%n = arith.constant 2.0 : f32\n  %r = math.powf %x, %n : f32", "f32", all},
	} {
		src := fmt.Sprintf("func.func @f(%%x: %s) -> %s {\n  %s\n  return %%r : %s\n}", c.typ, c.typ, c.op, c.typ)
		for _, x := range c.xs {
			if c.typ == "f32" {
				x = float64(float32(x))
			}
			want := eval(t, src, false, interp.Float(x)).F
			got := eval(t, src, true, interp.Float(x)).F
			if math.Float64bits(got) != math.Float64bits(want) && !(math.IsNaN(got) && math.IsNaN(want)) {
				t.Errorf("%s(%v): expanded %v, op %v", c.name, x, got, want)
			}
		}
	}
}

// TestExpansionsAsMLIR pins where MLIR's expansions differ from the ops,
// which Kiln's follow: ceil adds +0 to trunc(x), so ceil(-0.5) is +0;
// round and roundeven add 0.5 first, which rounds the largest f32 below 0.5
// up to 1; the negative-power fpowi compares the product with -0 by oeq,
// which +0 also equals, so a zero base gives -inf.
func TestExpansionsAsMLIR(t *testing.T) {
	for _, op := range []string{"round", "roundeven"} {
		src := "func.func @f(%x: f32) -> f32 {\n  %r = math." + op + " %x : f32\n  return %r : f32\n}"
		if got := eval(t, src, true, interp.Float(float64(float32(0.49999997)))).F; got != 1 {
			t.Errorf("expanded %s(0.49999997) = %v, want 1 as MLIR's", op, got)
		}
	}
	ceil := "func.func @f(%x: f32) -> f32 {\n  %r = math.ceil %x : f32\n  return %r : f32\n}"
	if got := eval(t, ceil, true, interp.Float(-0.5)).F; got != 0 || math.Signbit(got) {
		t.Errorf("expanded ceil(-0.5) = %v, want +0 as MLIR's", got)
	}
	fpowi := "func.func @f(%x: f32) -> f32 {\n  %n = arith.constant -2 : i32\n  %r = math.fpowi %x, %n : f32, i32\n  return %r : f32\n}"
	if got := eval(t, fpowi, true, interp.Float(0)).F; !math.IsInf(got, -1) {
		t.Errorf("expanded fpowi(0, -2) = %v, want -inf as MLIR's", got)
	}
}

// TestCtlz checks the binary-search expansion of math.ctlz on every bit
// position and zero.
func TestCtlz(t *testing.T) {
	src := "func.func @f(%x: i32) -> i32 {\n  %r = math.ctlz %x : i32\n  return %r : i32\n}"
	for i := -1; i < 32; i++ {
		x := int64(0)
		if i >= 0 {
			x = int64(uint32(1)<<uint(i) | 1)
		}
		want, got := eval(t, src, false, interp.Int(x)).Bits, eval(t, src, true, interp.Int(x)).Bits
		if uint32(got) != uint32(want) {
			t.Errorf("ctlz(%#x): expanded %d, op %d", x, got, want)
		}
	}
}

// TestExpansionsClose checks the transcendental expansions against the
// ops to a relative error of 1e-5 (they reassociate, so not exactly).
func TestExpansionsClose(t *testing.T) {
	for _, c := range []struct {
		op string
		xs []float64
	}{
		{"tanh", []float64{-20, -1, -0.25, 0, 0.25, 1, 20}},
		{"sinh", []float64{-3, -0.5, 0.5, 3}},
		{"cosh", []float64{-3, 0, 3}},
		{"tan", []float64{-1, 0.3, 1.2}},
		{"asinh", []float64{-2, 0.5, 3}},
		{"acosh", []float64{1.5, 3}},
		{"atanh", []float64{-0.5, 0.25}},
		{"exp2", []float64{-3, 0.5, 10}},
		{"rsqrt", []float64{0.25, 2, 100}},
	} {
		src := fmt.Sprintf("func.func @f(%%x: f32) -> f32 {\n  %%r = math.%s %%x : f32\n  return %%r : f32\n}", c.op)
		for _, x := range c.xs {
			want := eval(t, src, false, interp.Float(x)).F
			got := eval(t, src, true, interp.Float(x)).F
			if math.Abs(got-want) > 1e-5*math.Max(1, math.Abs(want)) {
				t.Errorf("%s(%v): expanded %v, op %v", c.op, x, got, want)
			}
		}
	}
}
