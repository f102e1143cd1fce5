package arith

import (
	"math"

	"github.com/kiln-gpu/kiln/ir"
)

// ieeeFloat gives, for the IEEE formats the pattern below handles, the
// precision (mantissa bits with the implicit one) and the exponent of the
// largest finite value.
var ieeeFloat = map[ir.FloatKind]struct{ precision, maxExp int }{
	ir.F16: {11, 15}, ir.BF16: {8, 127}, ir.F32: {24, 127}, ir.F64: {53, 1023},
}

// cmpfIntToFPConst rewrites cmpf(sitofp/uitofp(x), c) for a scalar float
// constant c into cmpi(x, trunc(c)) with the predicate adjusted, or into
// a constant when the comparison is decided by the integer range (MLIR's
// CmpFIntToFPConst, after LLVM's InstCombine).
var cmpfIntToFPConst = &ir.Pattern{
	Name: "arith.cmpf-int-to-fp-const",
	Root: "arith.cmpf",
	Rewrite: func(op *ir.Operation, rw *ir.Rewriter) bool {
		ft, ok := op.Operand(1).Type().(*ir.FloatType)
		c, ok2 := ConstantValue(op.Operand(1)).(*ir.FloatAttr)
		conv := op.Operand(0).DefiningOp()
		if !ok || !ok2 || conv == nil || (conv.Name() != "arith.sitofp" && conv.Name() != "arith.uitofp") {
			return false
		}
		info, ok := ieeeFloat[ft.Kind]
		if !ok {
			return false
		}
		rhs := c.Value()
		if math.IsNaN(rhs) {
			return false
		}
		unsigned := conv.Name() == "arith.uitofp"
		x := conv.Operand(0)
		it, ok := x.Type().(*ir.IntegerType)
		if !ok || it.Width > 64 {
			return false
		}
		w := it.Width
		valueBits := w
		if !unsigned {
			valueBits--
		}
		if w > info.precision {
			// The conversion rounds: decline when that can change the result.
			if math.IsInf(rhs, 0) {
				if info.maxExp < valueBits {
					return false
				}
			} else if e := math.Ilogb(rhs); rhs != 0 && info.precision <= e && e <= valueBits {
				return false
			}
		}
		p, ok := CmpF{Operation: op}.Predicate()
		if !ok {
			return false
		}
		decide := func(v bool) bool {
			rw.ReplaceOpWith(op, &ir.OpState{Name: "arith.constant", Loc: op.Loc(), ResultTypes: op.ResultTypes(),
				Attrs: []ir.NamedAttr{{Name: "value", Value: op.Context().BoolAttr(v)}}})
			return true
		}
		var pred CmpIPredicate
		pick := func(s, u CmpIPredicate) CmpIPredicate {
			if unsigned {
				return u
			}
			return s
		}
		switch p {
		case CmpFORD: // an integer converts to no NaN
			return decide(true)
		case CmpFUNO:
			return decide(false)
		case CmpFOEQ, CmpFUEQ:
			pred = CmpIEQ
		case CmpFOGT, CmpFUGT:
			pred = pick(CmpISGT, CmpIUGT)
		case CmpFOGE, CmpFUGE:
			pred = pick(CmpISGE, CmpIUGE)
		case CmpFOLT, CmpFULT:
			pred = pick(CmpISLT, CmpIULT)
		case CmpFOLE, CmpFULE:
			pred = pick(CmpISLE, CmpIULE)
		case CmpFONE, CmpFUNE:
			pred = CmpINE
		default:
			return false
		}
		k := ft.Kind
		// The integer range is [lo, end), exact in float64.
		lo, end := -math.Ldexp(1, w-1), math.Ldexp(1, w-1)
		if unsigned {
			lo, end = 0, math.Ldexp(1, w)
		}
		hi := end - 1 // rounded like the conversion of the largest integer
		// Beyond the integer range the comparison is decided.
		if ir.RoundFloat(k, hi) < rhs {
			return decide(pred == CmpINE || pred == CmpISLT || pred == CmpISLE || pred == CmpIULT || pred == CmpIULE)
		}
		if ir.RoundFloat(k, lo) > rhs {
			return decide(pred == CmpINE || pred == CmpISGT || pred == CmpISGE || pred == CmpIUGT || pred == CmpIUGE)
		}
		t := math.Trunc(rhs)
		if t < lo || t >= end {
			return false
		}
		if rhs != 0 && ir.RoundFloat(k, t) != rhs {
			// A fractional constant: t is rounded toward zero.
			neg := rhs < 0
			switch pred {
			case CmpINE:
				return decide(true)
			case CmpIEQ:
				return decide(false)
			case CmpIULE:
				if neg {
					return decide(false)
				}
			case CmpISLE:
				if neg {
					pred = CmpISLT
				}
			case CmpIULT:
				if neg {
					return decide(false)
				}
				pred = CmpIULE
			case CmpISLT:
				if !neg {
					pred = CmpISLE
				}
			case CmpIUGT:
				if neg {
					return decide(true)
				}
			case CmpISGT:
				if neg {
					pred = CmpISGE
				}
			case CmpIUGE:
				if neg {
					return decide(true)
				}
				pred = CmpIUGT
			case CmpISGE:
				if !neg {
					pred = CmpISGT
				}
			}
		}
		rw.SetInsertionPointBefore(op)
		var bits uint64
		if t < 0 {
			bits = Mask(w, uint64(int64(t)))
		} else {
			bits = Mask(w, uint64(t))
		}
		cv := NewConstant(&rw.Builder, op.Context().IntegerAttr(it, int64(bits)), it, op.Loc())
		replaceWith(rw, op, "arith.cmpi", []*ir.Value{x, cv},
			[]ir.NamedAttr{{Name: "predicate", Value: cmpiEnum.make(op.Context(), int64(pred))}})
		return true
	},
}
