package interp

import (
	"fmt"
	"math"
	"math/rand"
	"strings"
	"testing"

	"github.com/kiln-gpu/kiln/arith"
	"github.com/kiln-gpu/kiln/ir"
	"github.com/kiln-gpu/kiln/ir/rewrite"
)

var (
	propIntOps   = []string{"addi", "subi", "muli", "divsi", "divui", "remsi", "remui", "ceildivsi", "ceildivui", "floordivsi", "andi", "ori", "xori", "shli", "shrsi", "shrui", "maxsi", "minsi", "maxui", "minui"}
	propFloatOps = []string{"addf", "subf", "mulf", "divf", "remf", "maximumf", "minimumf", "maxnumf", "minnumf"}
	propIntTypes = []string{"i1", "i8", "i16", "i32", "i64", "index"}
	propMathF    = []string{"absf", "ceil", "floor", "trunc", "round", "roundeven", "sqrt", "rsqrt", "exp", "exp2", "log", "log2", "sin", "cos", "tanh", "erf", "atan", "cbrt"}
	propMathI    = []string{"absi", "ctlz", "cttz", "ctpop"}
	propFloats   = []string{"f16", "bf16", "f32", "f64"}
)

// randomFunc writes a function of constants and n random arith ops over
// them, returning every op result so that nothing is dead.
func randomFunc(r *rand.Rand, n int) string {
	var b strings.Builder
	pool := map[string][]string{}
	var rets, retTypes []string
	id := 0
	def := func(typ, rhs string) {
		name := fmt.Sprintf("%%v%d", id)
		id++
		fmt.Fprintf(&b, "  %s = %s\n", name, rhs)
		pool[typ] = append(pool[typ], name)
		rets, retTypes = append(rets, name), append(retTypes, typ)
	}
	intConsts := []int64{0, 1, -1, 2, 7, -128, 127, 255, math.MaxInt32, math.MinInt32, math.MaxInt64, math.MinInt64}
	floatConsts := []string{"0.0", "-0.0", "1.0", "-2.5", "0.1", "3.0e38", "65504.0", "0x7FC00000", "0x7F800000", "1.0e-40"}
	for _, t := range propIntTypes {
		for k := 0; k < 3; k++ {
			v := intConsts[r.Intn(len(intConsts))]
			if r.Intn(2) == 0 {
				v = r.Int63n(1000) - 500
			}
			if w := map[string]int{"i1": 1, "i8": 8, "i16": 16, "i32": 32}[t]; w > 0 {
				v = arith.SExt(w, uint64(v))
			}
			def(t, fmt.Sprintf("arith.constant %d : %s", v, t))
		}
	}
	for _, t := range propFloats {
		for k := 0; k < 3; k++ {
			c := floatConsts[r.Intn(len(floatConsts))]
			if strings.HasPrefix(c, "0x") && t != "f32" {
				c = "1.5"
			}
			def(t, fmt.Sprintf("arith.constant %s : %s", c, t))
		}
	}
	pick := func(t string) string { p := pool[t]; return p[r.Intn(len(p))] }
	for i := 0; i < n; i++ {
		switch r.Intn(6) {
		case 0, 1:
			t := propIntTypes[1+r.Intn(len(propIntTypes)-1)]
			def(t, fmt.Sprintf("arith.%s %s, %s : %s", propIntOps[r.Intn(len(propIntOps))], pick(t), pick(t), t))
		case 2:
			t := propFloats[r.Intn(len(propFloats))]
			def(t, fmt.Sprintf("arith.%s %s, %s : %s", propFloatOps[r.Intn(len(propFloatOps))], pick(t), pick(t), t))
		case 3:
			t := propIntTypes[1+r.Intn(len(propIntTypes)-1)]
			p := arith.CmpIPredicate(r.Intn(10))
			def("i1", fmt.Sprintf("arith.cmpi %s, %s, %s : %s", p, pick(t), pick(t), t))
			ft := propFloats[r.Intn(len(propFloats))]
			q := arith.CmpFPredicate(r.Intn(16))
			def("i1", fmt.Sprintf("arith.cmpf %s, %s, %s : %s", q, pick(ft), pick(ft), ft))
		case 5:
			ft := propFloats[r.Intn(len(propFloats))]
			def(ft, fmt.Sprintf("math.%s %s : %s", propMathF[r.Intn(len(propMathF))], pick(ft), ft))
			it := propIntTypes[1+r.Intn(4)]
			def(it, fmt.Sprintf("math.%s %s : %s", propMathI[r.Intn(len(propMathI))], pick(it), it))
			def(it, fmt.Sprintf("math.ipowi %s, %s : %s", pick(it), pick(it), it))
			def(ft, fmt.Sprintf("math.copysign %s, %s : %s", pick(ft), pick(ft), ft))
		case 4:
			from := propIntTypes[1+r.Intn(4)]
			to := propIntTypes[1+r.Intn(4)]
			ft := propFloats[r.Intn(len(propFloats))]
			switch {
			case from < to && len(from) == len(to) || len(from) < len(to):
				def(to, fmt.Sprintf("arith.extsi %s : %s to %s", pick(from), from, to))
				def(to, fmt.Sprintf("arith.extui %s : %s to %s", pick(from), from, to))
			case from != to:
				def(to, fmt.Sprintf("arith.trunci %s : %s to %s", pick(from), from, to))
			}
			def(ft, fmt.Sprintf("arith.sitofp %s : %s to %s", pick(from), from, ft))
			def(from, fmt.Sprintf("arith.fptosi %s : %s to %s", pick(ft), ft, from))
			def(from, fmt.Sprintf("arith.select %s, %s, %s : %s", pick("i1"), pick(from), pick(from), from))
		}
	}
	return fmt.Sprintf("func.func @main() -> (%s) {\n%s  return %s : %s\n}\n",
		strings.Join(retTypes, ", "), b.String(), strings.Join(rets, ", "), strings.Join(retTypes, ", "))
}

// sameResult reports whether the folded value agrees with the interpreted
// one: bit-exact, NaN for NaN, anything where the interpreter says poison
// (folding may refine poison).
func sameResult(t ir.Type, interp, folded Scalar) bool {
	switch {
	case interp.Poison:
		return true
	case folded.Poison:
		return false
	case ir.IsFloat(t):
		if math.IsNaN(interp.F) || math.IsNaN(folded.F) {
			return math.IsNaN(interp.F) && math.IsNaN(folded.F)
		}
		return interp.F == folded.F && math.Signbit(interp.F) == math.Signbit(folded.F)
	}
	return mask(t, interp.Bits) == mask(t, folded.Bits)
}

func TestFoldingAgreesWithInterpreter(t *testing.T) {
	r := rand.New(rand.NewSource(1))
	ctx := newContext()
	patterns := rewrite.NewPatternSet(rewrite.CanonicalizationPatterns(ctx)...)
	checked, unfolded := 0, 0
	for sample := 0; sample < 300; sample++ {
		src := randomFunc(r, 12)
		plain := parse(t, ctx, src)
		want, err := New(plain).Call("main")
		if err != nil {
			continue // undefined behaviour such as division by zero
		}
		folded := parse(t, ctx, src)
		if _, err := rewrite.ApplyPatternsGreedily(folded, patterns, rewrite.GreedyConfig{}); err != nil {
			t.Fatal(err)
		}
		got, err := New(folded).Call("main")
		if err != nil {
			t.Fatalf("folded function fails: %v\n%s", err, folded)
		}
		f := ir.LookupSymbol(plain, "main")
		types := f.Attr("function_type").(*ir.TypeAttr).Value.(*ir.FunctionType).Results
		for i := range want {
			if !sameResult(types[i], want[i].(Scalar), got[i].(Scalar)) {
				t.Fatalf("result %d: interpreted %v, folded %v\n%s\nfolded:\n%s", i, want[i], got[i], src, folded)
			}
		}
		checked++
		folded.Walk(func(op *ir.Operation) bool {
			if strings.HasPrefix(op.Name(), "arith.") && op.Name() != "arith.constant" {
				unfolded++
			}
			return true
		})
	}
	t.Logf("%d samples checked, %d ops left unfolded", checked, unfolded)
	if checked < 100 {
		t.Fatalf("only %d of 300 samples were free of undefined behaviour", checked)
	}
}
