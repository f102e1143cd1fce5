package interp

import (
	"github.com/kiln-gpu/kiln/arith"
	"github.com/kiln-gpu/kiln/ir"
)

// directedMode returns op's rounding mode when it has one other than
// to_nearest_even: then arith.addf/subf/mulf/divf and math.fma are
// computed exactly and rounded once (arith.EvalFloatRounded,
// arith.FMARounded), not by the float64 paths.
func directedMode(op *ir.Operation) (arith.RoundingMode, bool) {
	m, ok := arith.RoundingModeOf(op)
	return m, ok && m != arith.ToNearestEven
}

// roundedHandler is the handler of a float op with a rounding mode other
// than to_nearest_even, nil for other ops.
func roundedHandler(op *ir.Operation, k ir.FloatKind) handler {
	mode, ok := directedMode(op)
	if !ok {
		return nil
	}
	var fn func(xs []float64) float64
	switch name := op.Name(); name {
	case "math.fma":
		fn = func(xs []float64) float64 { return arith.FMARounded(k, mode, xs[0], xs[1], xs[2]) }
	default:
		if _, known := arith.EvalFloatRounded(name, k, mode, 1, 1); !known {
			return nil
		}
		fn = func(xs []float64) float64 {
			r, _ := arith.EvalFloatRounded(name, k, mode, xs[0], xs[1])
			return r
		}
	}
	return floatHandler(fn)
}

// floatHandler runs fn on the float operands of an elementwise op; a
// poison operand makes the result poison.
func floatHandler(fn func([]float64) float64) handler {
	return elementwiseHandler(func(xs []Scalar) ([]Scalar, error) {
		if anyPoison(xs) {
			return []Scalar{Poison()}, nil
		}
		args := make([]float64, len(xs))
		for i, x := range xs {
			args[i] = x.F
		}
		return []Scalar{{F: fn(args)}}, nil
	})
}
