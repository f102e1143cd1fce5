package arith

import (
	"slices"

	"github.com/kiln-gpu/kiln/ir"
	"github.com/kiln-gpu/kiln/ub"
)

// Constant operands reach folders as IntegerAttr, FloatAttr or
// DenseElementsAttr. The helpers here turn them into Scalars, apply an
// evaluation function elementwise, and build the result attribute. Integers
// wider than 64 bits do not fold here (foldIntBinary folds a few ops of
// wide scalars).

// elems is the value of a constant operand: one Scalar for a scalar or a
// splat, one per element otherwise.
type elems struct {
	vals  []Scalar
	splat bool
}

// scalarOf decodes a scalar constant attribute.
func scalarOf(a ir.Attribute) (Scalar, bool) {
	switch a := a.(type) {
	case *ir.IntegerAttr:
		if intWidth(a.Type()) > 64 {
			return Scalar{}, false
		}
		return Scalar{Bits: Mask(intWidth(a.Type()), uint64(a.Int()))}, true
	case *ir.FloatAttr:
		return Scalar{Float: a.Value()}, true
	}
	return Scalar{}, false
}

// constElems decodes a constant attribute.
func constElems(a ir.Attribute) (elems, bool) {
	if s, ok := scalarOf(a); ok {
		return elems{vals: []Scalar{s}, splat: true}, true
	}
	switch a := a.(type) {
	case *ir.DenseElementsAttr:
		et := a.ShapedType().ElementType()
		n := a.Len()
		if a.IsSplat() {
			n = 1
		}
		vals := make([]Scalar, n)
		switch et := et.(type) {
		case *ir.FloatType:
			for i := range vals {
				vals[i].Float = a.FloatAt(i)
			}
		case *ir.IntegerType, *ir.IndexType:
			w := intWidth(et)
			if w > 64 {
				return elems{}, false
			}
			for i := range vals {
				vals[i].Bits = Mask(w, uint64(a.IntAt(i)))
			}
		default:
			return elems{}, false
		}
		return elems{vals: vals, splat: a.IsSplat()}, true
	}
	return elems{}, false
}

// scalarAttr returns v as an attribute of the scalar type t.
func scalarAttr(ctx *ir.Context, t ir.Type, v Scalar) ir.Attribute {
	if ft, ok := t.(*ir.FloatType); ok {
		return ctx.FloatAttr(ft, v.Float)
	}
	return ctx.IntegerAttr(t, int64(v.Bits))
}

// makeConst builds a constant of type t from element values.
func makeConst(ctx *ir.Context, t ir.Type, vals []Scalar, splat bool) ir.Attribute {
	st, shaped := t.(ir.ShapedType)
	if !shaped {
		return scalarAttr(ctx, t, vals[0])
	}
	if !ir.HasStaticShape(st) {
		return nil
	}
	et := st.ElementType()
	if splat {
		return ctx.DenseSplat(st, scalarAttr(ctx, et, vals[0]))
	}
	if _, ok := et.(*ir.FloatType); ok {
		fs := make([]float64, len(vals))
		for i, v := range vals {
			fs[i] = v.Float
		}
		return ctx.DenseFloats(st, fs)
	}
	is := make([]int64, len(vals))
	for i, v := range vals {
		is[i] = SExt(intWidth(et), v.Bits)
	}
	return ctx.DenseInts(st, is)
}

// FoldElementwise applies f to the elements of constant operands (nil
// entries mean "not constant") and returns a constant of type t, or nil when
// an operand is not constant or f declines an element.
func FoldElementwise(ctx *ir.Context, t ir.Type, operands []ir.Attribute, f func(xs []Scalar) (Scalar, bool)) ir.Attribute {
	if slices.Contains(operands, nil) {
		return nil // before allocating: most ops have an operand that is not constant
	}
	cs := make([]elems, len(operands))
	n, splat := 1, true
	for i, a := range operands {
		c, ok := constElems(a)
		if !ok {
			return nil
		}
		cs[i] = c
		if !c.splat {
			if !splat && len(c.vals) != n {
				return nil
			}
			n, splat = len(c.vals), false
		}
	}
	out := make([]Scalar, n)
	xs := make([]Scalar, len(cs))
	for i := range out {
		for j, c := range cs {
			if c.splat {
				xs[j] = c.vals[0]
			} else {
				xs[j] = c.vals[i]
			}
		}
		r, ok := f(xs)
		if !ok {
			return nil
		}
		out[i] = r
	}
	return makeConst(ctx, t, out, splat)
}

// foldTo wraps a folded attribute as a fold result.
func foldTo(a ir.Attribute) ([]ir.FoldResult, bool) {
	if a == nil {
		return nil, false
	}
	return []ir.FoldResult{{Attr: a}}, true
}

// foldToValue wraps an existing value as a fold result.
func foldToValue(v *ir.Value) ([]ir.FoldResult, bool) {
	return []ir.FoldResult{{Value: v}}, true
}

// SplatOf returns the single value of a scalar or splat constant.
func SplatOf(a ir.Attribute) (Scalar, bool) {
	if s, ok := scalarOf(a); ok {
		return s, true // without constElems' slice
	}
	c, ok := constElems(a)
	if !ok || !c.splat {
		return Scalar{}, false
	}
	return c.vals[0], true
}

// ConstantValue returns the value attribute of v's defining constant-like
// op, or nil.
func ConstantValue(v *ir.Value) ir.Attribute {
	op := v.DefiningOp()
	if op == nil || !op.HasTrait(ir.ConstantLike) {
		return nil
	}
	return op.Attr("value")
}

// elemWidth returns the integer width of t's elements (64 for index).
func elemWidth(t ir.Type) int { return intWidth(ir.ElementTypeOrSelf(t)) }

// intIs reports whether a is a scalar or splat integer constant whose value,
// given its element width, satisfies pred.
func intIs(a ir.Attribute, t ir.Type, pred func(v uint64, w int) bool) bool {
	s, ok := SplatOf(a)
	if !ok || ir.IsFloat(ir.ElementTypeOrSelf(t)) {
		return false
	}
	return pred(s.Bits, elemWidth(t))
}

func isZero(v uint64, _ int) bool    { return v == 0 }
func isOne(v uint64, _ int) bool     { return v == 1 }
func isAllOnes(v uint64, w int) bool { return v == Mask(w, ^uint64(0)) }
func isSMax(v uint64, w int) bool    { return v == Mask(w, ^uint64(0))>>1 }
func isSMin(v uint64, w int) bool    { return v == Mask(w, 1<<uint(w-1)) }

// floatIs reports whether a is a scalar or splat float constant satisfying pred.
func floatIs(a ir.Attribute, t ir.Type, pred func(float64) bool) bool {
	s, ok := SplatOf(a)
	return ok && ir.IsFloat(ir.ElementTypeOrSelf(t)) && pred(s.Float)
}

// swapConstantToRight moves a constant lhs of a commutative op to the right,
// as MLIR's folder does for Commutative ops. It reports whether it did.
func swapConstantToRight(op *ir.Operation, operands []ir.Attribute) bool {
	if len(operands) != 2 || operands[0] == nil || operands[1] != nil {
		return false
	}
	l, r := op.Operand(0), op.Operand(1)
	op.SetOperand(0, r)
	op.SetOperand(1, l)
	return true
}

// PoisonOf returns the first operand that is a ub.poison value: an op of
// poison is poison (MLIR's constFold helpers check this after an op's own
// simplifications).
func PoisonOf(operands []ir.Attribute) ir.Attribute {
	for _, a := range operands {
		if _, ok := a.(*ub.PoisonAttr); ok {
			return a
		}
	}
	return nil
}
