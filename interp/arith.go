package interp

import (
	"math/big"

	"github.com/kiln-gpu/kiln/arith"
	"github.com/kiln-gpu/kiln/ir"
)

// arithHandler resolves an arith op to its handler, which computes it with
// arith's exported evaluation functions, so that interpretation and
// folding agree.
func arithHandler(op *ir.Operation) handler {
	name := op.Name()
	switch name {
	case "arith.constant":
		return func(m *Machine, f *frame, op *ir.Operation) error {
			v, err := constantValue(op, op.Attr("value"), op.Result(0).Type())
			if err != nil {
				return err
			}
			f.set(op.Result(0), v)
			return nil
		}
	case "arith.select":
		return elementwiseHandler(func(xs []Scalar) ([]Scalar, error) {
			switch {
			case xs[0].Poison:
				return []Scalar{Poison()}, nil
			case xs[0].Bits&1 != 0:
				return xs[1:2], nil
			}
			return xs[2:3], nil
		})
	case "arith.scaling_extf", "arith.scaling_truncf":
		return scalingHandler(op)
	case "arith.cmpi":
		p := arith.CmpIPredicate(intAttr(op, "predicate"))
		w := width(op.Operand(0).Type())
		return elementwiseHandler(func(xs []Scalar) ([]Scalar, error) {
			if anyPoison(xs) {
				return []Scalar{Poison()}, nil
			}
			return []Scalar{{Bits: b2u(arith.EvalCmpI(p, w, xs[0].Bits, xs[1].Bits))}}, nil
		})
	case "arith.cmpf":
		p := arith.CmpFPredicate(intAttr(op, "predicate"))
		return elementwiseHandler(func(xs []Scalar) ([]Scalar, error) {
			if anyPoison(xs) {
				return []Scalar{Poison()}, nil
			}
			return []Scalar{{Bits: b2u(arith.EvalCmpF(p, xs[0].F, xs[1].F))}}, nil
		})
	case "arith.addui_extended", "arith.subui_extended", "arith.mulsi_extended", "arith.mului_extended":
		w := width(op.Operand(0).Type())
		return elementwiseHandler(func(xs []Scalar) ([]Scalar, error) {
			if anyPoison(xs) {
				return []Scalar{Poison(), Poison()}, nil
			}
			a, b := arith.EvalExtended(name, w, xs[0].Bits, xs[1].Bits)
			return []Scalar{{Bits: a}, {Bits: b}}, nil
		})
	}
	if castOps[name] {
		return castHandler(op)
	}
	if op.NumResults() == 0 {
		return nil
	}
	if k, ok := floatKind(op.Result(0).Type()); ok && op.NumOperands() <= 2 {
		if h := roundedHandler(op, k); h != nil {
			return h
		}
		if _, known := arith.EvalFloat(name, k, 0, 0); !known {
			return nil
		}
		return elementwiseHandler(func(xs []Scalar) ([]Scalar, error) {
			if anyPoison(xs) {
				return []Scalar{Poison()}, nil
			}
			b := 0.0
			if len(xs) > 1 {
				b = xs[1].F
			}
			r, _ := arith.EvalFloat(name, k, xs[0].F, b)
			return []Scalar{{F: r}}, nil
		})
	}
	if w := width(op.Result(0).Type()); w > 0 && op.NumOperands() == 2 {
		if _, known := arith.EvalInt(name, w, 0, 1); !known {
			return nil
		}
		flags := arith.OverflowNone
		if a, ok := op.Attr("overflowFlags").(*arith.OverflowAttr); ok {
			flags = a.Flags
		}
		return func(m *Machine, f *frame, op *ir.Operation) error {
			return m.elementwise(f, op, func(xs []Scalar) ([]Scalar, error) {
				if anyPoison(xs) {
					return []Scalar{Poison()}, nil
				}
				r, err := evalInt(op, w, xs[0].Bits, xs[1].Bits)
				if err != nil || r.Poison {
					return []Scalar{r}, err
				}
				if overflows(name, flags, w, xs[0].Bits, xs[1].Bits) {
					return []Scalar{Poison()}, nil
				}
				return []Scalar{r}, nil
			})
		}
	}
	return nil
}

// evalInt computes an integer binary op. Where arith.EvalInt declines,
// MLIR either has undefined behaviour (an error here), poison (shifts by
// the width or more), or a defined value the folder does not compute.
func evalInt(op *ir.Operation, w int, a, b uint64) (Scalar, error) {
	return evalIntNamed(op, op.Name(), w, a, b)
}

// evalIntNamed is evalInt for the arith op name, on behalf of op.
func evalIntNamed(op *ir.Operation, name string, w int, a, b uint64) (Scalar, error) {
	r, ok := arith.EvalInt(name, w, a, b)
	if ok {
		return Scalar{Bits: r}, nil
	}
	if _, known := arith.EvalInt(name, w, 0, 1); !known {
		return Scalar{}, unknown(op)
	}
	switch name {
	case "arith.shli", "arith.shrui", "arith.shrsi":
		return Poison(), nil
	case "arith.ceildivsi":
		x, y := arith.SExt(w, a), arith.SExt(w, b)
		if y != 0 && !(y == -1 && x == arith.SExt(w, 1<<uint(w-1))) {
			q := new(big.Int)
			md := new(big.Int)
			q.QuoRem(big.NewInt(x), big.NewInt(y), md)
			if md.Sign() != 0 && (md.Sign() > 0) == (y > 0) {
				q.Add(q, big.NewInt(1))
			}
			return Scalar{Bits: arith.Mask(w, uint64(q.Int64()))}, nil
		}
	}
	if arith.Mask(w, b) == 0 {
		return Scalar{}, op.Errorf("division by zero")
	}
	return Scalar{}, op.Errorf("signed division overflow")
}

// overflows reports whether a nsw/nuw flag of op is violated, which makes
// the result poison.
func overflows(name string, flags arith.OverflowFlags, w int, a, b uint64) bool {
	if flags == arith.OverflowNone {
		return false
	}
	x, y := big.NewInt(arith.SExt(w, a)), big.NewInt(arith.SExt(w, b))
	ux, uy := new(big.Int).SetUint64(arith.Mask(w, a)), new(big.Int).SetUint64(arith.Mask(w, b))
	var s, u *big.Int
	switch name {
	case "arith.addi":
		s, u = new(big.Int).Add(x, y), new(big.Int).Add(ux, uy)
	case "arith.subi":
		s, u = new(big.Int).Sub(x, y), new(big.Int).Sub(ux, uy)
	case "arith.muli":
		s, u = new(big.Int).Mul(x, y), new(big.Int).Mul(ux, uy)
	case "arith.shli":
		s, u = new(big.Int).Lsh(x, uint(arith.Mask(w, b))), new(big.Int).Lsh(ux, uint(arith.Mask(w, b)))
	default:
		return false
	}
	minS, maxS := new(big.Int).Neg(new(big.Int).Lsh(big.NewInt(1), uint(w-1))), new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), uint(w-1)), big.NewInt(1))
	maxU := new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), uint(w)), big.NewInt(1))
	if flags&arith.OverflowNSW != 0 && (s.Cmp(minS) < 0 || s.Cmp(maxS) > 0) {
		return true
	}
	return flags&arith.OverflowNUW != 0 && (u.Sign() < 0 || u.Cmp(maxU) > 0)
}

var castOps = map[string]bool{
	"arith.extui": true, "arith.extsi": true, "arith.trunci": true, "arith.index_cast": true,
	"arith.index_castui": true, "arith.sitofp": true, "arith.uitofp": true, "arith.fptosi": true,
	"arith.fptoui": true, "arith.extf": true, "arith.truncf": true, "arith.convertf": true, "arith.bitcast": true,
}

// roundsByMode reports a truncf or convertf with an explicit rounding mode,
// computed with arith.RoundTo rather than the default cast evaluation.
func roundsByMode(op *ir.Operation) bool {
	return (op.Name() == "arith.truncf" || op.Name() == "arith.convertf") && op.HasAttr("roundingmode")
}

// castHandler computes a conversion; float-to-int conversions that do not
// fit give poison, as in MLIR.
func castHandler(op *ir.Operation) handler {
	name := op.Name()
	from, to := ir.ElementTypeOrSelf(op.Operand(0).Type()), ir.ElementTypeOrSelf(op.Result(0).Type())
	if k, ok := floatKind(to); ok && roundsByMode(op) {
		mode := arith.RoundingMode(intAttr(op, "roundingmode"))
		return elementwiseHandler(func(xs []Scalar) ([]Scalar, error) {
			if xs[0].Poison {
				return []Scalar{Poison()}, nil
			}
			return []Scalar{{F: arith.RoundTo(k, xs[0].F, mode)}}, nil
		})
	}
	// nneg (extui, uitofp, index_castui): a negative operand gives poison.
	nnegWidth := 0
	if arith.NonNeg(op) {
		nnegWidth = width(from)
	}
	return elementwiseHandler(func(xs []Scalar) ([]Scalar, error) {
		if xs[0].Poison || nnegWidth > 0 && nnegWidth <= 64 && arith.SExt(nnegWidth, xs[0].Bits) < 0 {
			return []Scalar{Poison()}, nil
		}
		r, ok := arith.EvalCast(name, from, to, arith.Scalar{Bits: xs[0].Bits, Float: xs[0].F})
		if ok {
			return []Scalar{{Bits: r.Bits, F: r.Float}}, nil
		}
		if name == "arith.bitcast" {
			return []Scalar{bitcast(from, to, xs[0])}, nil
		}
		return []Scalar{Poison()}, nil
	})
}

// bitcast reinterprets bits, also for float NaN payloads that a float64
// does not keep exactly.
func bitcast(from, to ir.Type, x Scalar) Scalar {
	b := x.Bits
	if k, ok := floatKind(from); ok {
		b = ir.FloatBits(k, x.F)
	}
	if k, ok := floatKind(to); ok {
		return Scalar{F: ir.FloatFromBits(k, b)}
	}
	return Scalar{Bits: mask(to, b)}
}

func b2u(b bool) uint64 {
	if b {
		return 1
	}
	return 0
}

func intAttr(op *ir.Operation, name string) int64 {
	if a, ok := op.Attr(name).(*ir.IntegerAttr); ok {
		return a.Int()
	}
	return 0
}

// constantValue converts a constant attribute to a value of type t.
func constantValue(op *ir.Operation, a ir.Attribute, t ir.Type) (Value, error) {
	switch a := a.(type) {
	case *ir.IntegerAttr:
		return Scalar{Bits: mask(t, a.Uint())}, nil
	case *ir.FloatAttr:
		return Scalar{F: a.Value()}, nil
	case *ir.DenseElementsAttr:
		el := make([]Scalar, a.Len())
		et := a.ShapedType().ElementType()
		for i := range el {
			if ir.IsFloat(et) {
				el[i] = Scalar{F: a.FloatAt(i)}
			} else {
				el[i] = Scalar{Bits: mask(et, uint64(a.IntAt(i)))}
			}
		}
		if vt, ok := t.(*ir.VectorType); ok {
			return NewVector(vt, el), nil
		}
		if len(el) == 1 {
			return el[0], nil
		}
	}
	return nil, op.Errorf("the interpreter does not support constant %s", ir.AttrString(a))
}
