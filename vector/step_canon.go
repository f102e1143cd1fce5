package vector

import (
	"math/big"

	"github.com/kiln-gpu/kiln/arith"
	"github.com/kiln-gpu/kiln/ir"
)

// stepCompareFolder folds an unsigned or equality arith.cmpi of a
// vector.step [0, 1, ..., n-1] against a splat constant c to a splat
// constant when every lane compares alike (MLIR's StepCompareFolder): for
// example step < c holds in every lane when n <= c and in none when c == 0.
// A wide step whose lanes would wrap never meets the conditions that fold
// to true, so wrapping needs no care.
var stepCompareFolder = &ir.Pattern{
	Name: "StepCompareFolder",
	Root: "arith.cmpi",
	Rewrite: func(op *ir.Operation, rw *ir.Rewriter) bool {
		pred, ok := arith.CmpI{Operation: op}.Predicate()
		if !ok || op.NumOperands() != 2 {
			return false
		}
		step, other := op.Operand(0), op.Operand(1)
		if !isStep(step) {
			step, other = other, step
			pred = pred.Swapped()
		}
		vt, ok := step.Type().(*ir.VectorType)
		if !isStep(step) || !ok || vt.IsScalable() {
			return false
		}
		c, ok := splatUint(other)
		if !ok {
			return false
		}
		n := big.NewInt(ir.NumElements(vt)) // lanes 0 .. n-1
		last := new(big.Int).Sub(n, big.NewInt(1))
		var result, known bool
		switch pred {
		case arith.CmpIULT: // all true when n-1 < c, all false when c == 0
			result, known = c.Cmp(last) > 0, c.Cmp(last) > 0 || c.Sign() == 0
		case arith.CmpIULE: // all true when n-1 <= c
			result, known = true, c.Cmp(last) >= 0
		case arith.CmpIUGT: // all false when n-1 <= c
			result, known = false, c.Cmp(last) >= 0
		case arith.CmpIUGE: // all false when n-1 < c, all true when c == 0
			result, known = c.Sign() == 0, c.Cmp(last) > 0 || c.Sign() == 0
		case arith.CmpIEQ, arith.CmpINE: // no lane is c when c >= n
			result, known = pred == arith.CmpINE, c.Cmp(n) >= 0
		}
		if !known {
			return false
		}
		rt := op.Result(0).Type().(ir.ShapedType)
		rw.SetInsertionPointBefore(op)
		v := arith.NewConstant(&rw.Builder, op.Context().DenseSplat(rt, op.Context().BoolAttr(result)), rt, op.Loc())
		rw.ReplaceOp(op, []*ir.Value{v})
		return true
	},
}

func isStep(v *ir.Value) bool {
	d := v.DefiningOp()
	return d != nil && d.Name() == "vector.step"
}

// splatUint returns the unsigned value of a splat integer constant.
func splatUint(v *ir.Value) (*big.Int, bool) {
	d := v.DefiningOp()
	if d == nil || !d.HasTrait(ir.ConstantLike) {
		return nil, false
	}
	a, ok := d.Attr("value").(*ir.DenseElementsAttr)
	if !ok || !a.IsSplat() {
		return nil, false
	}
	w := 64
	if it, isInt := a.ShapedType().ElementType().(*ir.IntegerType); isInt {
		w = it.Width
	}
	mod := new(big.Int).Lsh(big.NewInt(1), uint(w))
	return new(big.Int).Mod(a.BigIntAt(0), mod), true
}
