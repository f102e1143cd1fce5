package scf

import (
	"github.com/kiln-gpu/kiln/arith/intrange"
	"github.com/kiln-gpu/kiln/ir"
)

// The loops' induction variable ranges, as MLIR's IntegerRangeAnalysis
// derives them for a LoopLikeOpInterface op with a single induction
// variable (intrange.LoopIV).

// operandRange reads a value's range among op's operands'.
func operandRange(op *ir.Operation, args []intrange.Range, v *ir.Value) intrange.Range {
	for i, o := range op.Operands() {
		if o == v {
			return args[i]
		}
	}
	return intrange.Range{}
}

// boundRange is a mixed bound's range: a constant's, or its value's.
func boundRange(op *ir.Operation, args []intrange.Range, b Bound, iv *ir.Value) intrange.Range {
	if b.Value != nil {
		return operandRange(op, args, b.Value)
	}
	if w := intrange.StorageWidth(iv.Type()); w > 0 && b.Static != ir.Dynamic {
		return intrange.Constant(w, uint64(b.Static))
	}
	return intrange.Range{}
}

func init() {
	forOp.InferIntRanges = func(op *ir.Operation, args []intrange.Range, set func(*ir.Value, intrange.Range)) {
		intrange.LoopIV(For{op}.InductionVar(), args[0], args[1], args[2], set)
	}
	parallel.InferIntRanges = func(op *ir.Operation, args []intrange.Range, set func(*ir.Value, intrange.Range)) {
		p := Parallel{op}
		body := op.Region(0).Entry()
		if len(p.LowerBounds()) != 1 || len(p.UpperBounds()) != 1 || len(p.Steps()) != 1 || body == nil || body.NumArgs() < 1 {
			return
		}
		// One dimension: its bounds and step are operands 0, 1 and 2.
		intrange.LoopIV(body.Arg(0), args[0], args[1], args[2], set)
	}
	forall.InferIntRanges = func(op *ir.Operation, args []intrange.Range, set func(*ir.Value, intrange.Range)) {
		f := Forall{op}
		lbs, ubs, steps := f.LowerBounds(), f.UpperBounds(), f.Steps()
		body := f.Body()
		if len(lbs) != 1 || len(ubs) != 1 || len(steps) != 1 || body == nil || body.NumArgs() < 1 {
			return
		}
		iv := body.Arg(0)
		intrange.LoopIV(iv, boundRange(op, args, lbs[0], iv), boundRange(op, args, ubs[0], iv), boundRange(op, args, steps[0], iv), set)
	}
}
