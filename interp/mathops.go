package interp

import (
	"github.com/kiln-gpu/kiln/ir"
	mathd "github.com/kiln-gpu/kiln/math"
)

// mathHandler resolves a math op to its handler, which computes it with
// mathd's exported evaluation functions.
func mathHandler(op *ir.Operation) handler {
	name := op.Name()
	if op.NumOperands() == 0 {
		return nil
	}
	t := op.Operand(0).Type()
	switch name {
	case "math.sincos":
		return (*Machine).sincos
	case "math.isnan", "math.isinf", "math.isfinite", "math.isnormal":
		k, _ := floatKind(t)
		return elementwiseHandler(func(xs []Scalar) ([]Scalar, error) {
			if xs[0].Poison {
				return []Scalar{Poison()}, nil
			}
			return []Scalar{{Bits: b2u(mathd.EvalClass(name, k, xs[0].F))}}, nil
		})
	case "math.fpowi":
		k, _ := floatKind(t)
		w := width(op.Operand(1).Type())
		return elementwiseHandler(func(xs []Scalar) ([]Scalar, error) {
			if anyPoison(xs) {
				return []Scalar{Poison()}, nil
			}
			return []Scalar{{F: mathd.EvalFPowI(k, xs[0].F, w, xs[1].Bits)}}, nil
		})
	}
	if k, ok := floatKind(t); ok {
		if h := roundedHandler(op, k); h != nil {
			return h
		}
		if _, known := mathd.EvalFloat(name, k, 0, 0, 0); !known {
			return nil
		}
		return floatHandler(func(args []float64) float64 {
			r, _ := mathd.EvalFloat(name, k, args...)
			return r
		})
	}
	w := width(t)
	if _, known := mathd.EvalInt(name, w, 0, 1); !known {
		return nil
	}
	return func(m *Machine, f *frame, op *ir.Operation) error {
		return m.elementwise(f, op, func(xs []Scalar) ([]Scalar, error) {
			if anyPoison(xs) {
				return []Scalar{Poison()}, nil
			}
			args := make([]uint64, len(xs))
			for i, x := range xs {
				args[i] = x.Bits
			}
			r, ok := mathd.EvalInt(name, w, args...)
			if !ok {
				return nil, op.Errorf("division by zero: zero raised to a negative power")
			}
			return []Scalar{{Bits: r}}, nil
		})
	}
}
