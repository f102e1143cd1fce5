package scf

import (
	"github.com/kiln-gpu/kiln/arith/intrange"
	"github.com/kiln-gpu/kiln/ir"
)

// The loops' induction variable ranges, as MLIR's IntegerRangeAnalysis
// derives them for a LoopLikeOpInterface op with a single induction
// variable: from the lower bound's smallest signed value to the upper
// bound's largest minus one (bounds swapped for a negative step).

// bound is one loop bound: a constant or a value.
type bound struct {
	static int64
	value  *ir.Value
}

// ivRange sets iv's range from its loop's bounds; rng gives a bound
// value's range (Width 0 when unknown).
func ivRange(iv *ir.Value, lb, ub, step bound, rng func(*ir.Value) intrange.Range, set func(*ir.Value, intrange.Range)) {
	w := intrange.StorageWidth(iv.Type())
	if w == 0 {
		return
	}
	smin, smax := -1<<(w-1), 1<<(w-1)-1
	get := func(b bound, upper bool) int64 {
		if b.value == nil {
			return sextTo(w, b.static)
		}
		if r := rng(b.value); r.Width != 0 {
			if upper {
				return r.SMax
			}
			return r.SMin
		}
		if upper {
			return int64(smax)
		}
		return int64(smin)
	}
	lo, hi, st := get(lb, false), get(ub, true), get(step, true)
	if st < 0 {
		lo, hi = hi, lo
	} else {
		hi = sextTo(w, hi-1)
	}
	if hi >= lo {
		set(iv, intrange.FromSigned(w, lo, hi))
	}
}

// sextTo wraps v to w bits, sign-extended.
func sextTo(w int, v int64) int64 {
	s := uint(64 - w)
	return v << s >> s
}

// operandRange reads a value's range among op's operands'.
func operandRange(op *ir.Operation, args []intrange.Range) func(*ir.Value) intrange.Range {
	return func(v *ir.Value) intrange.Range {
		for i, o := range op.Operands() {
			if o == v {
				return args[i]
			}
		}
		return intrange.Range{}
	}
}

func init() {
	forOp.InferIntRanges = func(op *ir.Operation, args []intrange.Range, set func(*ir.Value, intrange.Range)) {
		f := For{op}
		ivRange(f.InductionVar(), bound{value: f.LowerBound()}, bound{value: f.UpperBound()}, bound{value: f.Step()},
			operandRange(op, args), set)
	}
	parallel.InferIntRanges = func(op *ir.Operation, args []intrange.Range, set func(*ir.Value, intrange.Range)) {
		p := Parallel{op}
		lbs, ubs, steps := p.LowerBounds(), p.UpperBounds(), p.Steps()
		body := op.Region(0).Entry()
		if len(lbs) != 1 || len(ubs) != 1 || len(steps) != 1 || body == nil || body.NumArgs() < 1 {
			return
		}
		ivRange(body.Arg(0), bound{value: lbs[0]}, bound{value: ubs[0]}, bound{value: steps[0]}, operandRange(op, args), set)
	}
	forall.InferIntRanges = func(op *ir.Operation, args []intrange.Range, set func(*ir.Value, intrange.Range)) {
		f := Forall{op}
		lbs, ubs, steps := f.LowerBounds(), f.UpperBounds(), f.Steps()
		body := f.Body()
		if len(lbs) != 1 || len(ubs) != 1 || len(steps) != 1 || body == nil || body.NumArgs() < 1 {
			return
		}
		b := func(x Bound) bound { return bound{static: x.Static, value: x.Value} }
		ivRange(body.Arg(0), b(lbs[0]), b(ubs[0]), b(steps[0]), operandRange(op, args), set)
	}
}
