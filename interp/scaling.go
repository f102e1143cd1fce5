package interp

import (
	"github.com/kiln-gpu/kiln/arith"
	"github.com/kiln-gpu/kiln/ir"
)

// scalingHandler computes arith.scaling_extf and arith.scaling_truncf as
// MLIR's arith-expand defines them (see arith/expand.go): the scale, an
// f8E8M0FNU power of two (a scale of 16 bits or more is first truncated
// to one), widened to the float type of the computation; scaling_extf is
// extf(in) * scale in the result type, scaling_truncf truncf(in / scale)
// in its rounding mode. Other 8-bit scales, which MLIR does not expand,
// are reported.
func scalingHandler(op *ir.Operation) handler {
	inK, ok1 := floatKind(op.Operand(0).Type())
	scaleK, ok2 := floatKind(op.Operand(1).Type())
	outK, ok3 := floatKind(op.Result(0).Type())
	if !ok1 || !ok2 || !ok3 {
		return nil
	}
	wide := ir.IntOrFloatBitWidth(ir.ElementTypeOrSelf(op.Operand(1).Type())) >= 16
	if !wide && scaleK != ir.F8E8M0FNU {
		return func(m *Machine, f *frame, op *ir.Operation) error {
			return op.Errorf("the interpreter does not support '%s' with a %s scale (MLIR's expansion takes f8E8M0FNU or 16 bits or more)", op.Name(), ir.TypeString(op.Operand(1).Type()))
		}
	}
	scale := func(s float64) float64 {
		if wide {
			return ir.RoundFloat(ir.F8E8M0FNU, s)
		}
		return s
	}
	if op.Name() == "arith.scaling_extf" {
		return floatHandler(func(xs []float64) float64 {
			s := ir.RoundFloat(outK, scale(xs[1]))
			x := ir.RoundFloat(outK, xs[0])
			// s is a power of two (or NaN, or infinite where the result
			// type cannot hold it), so the float64 product is exact before
			// its one rounding.
			return ir.RoundFloat(outK, x*s)
		})
	}
	mode, hasMode := arith.RoundingModeOf(op)
	return floatHandler(func(xs []float64) float64 {
		s := ir.RoundFloat(inK, scale(xs[1]))
		q := ir.RoundFloat(inK, xs[0]/s)
		if hasMode {
			return arith.RoundTo(outK, q, mode)
		}
		return ir.RoundFloat(outK, q)
	})
}
