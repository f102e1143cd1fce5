package vector

import (
	"github.com/kiln-gpu/kiln/ir"
	"github.com/kiln-gpu/kiln/ub"
)

// Folders see constant operands as IntegerAttr, FloatAttr or
// DenseElementsAttr. These helpers move between a dense vector constant and
// its element attributes, which is all the vector folders need: they only
// rearrange elements.

// maxFoldElements bounds the constants folders build, as MLIR does, so
// folding never materializes huge attributes.
const maxFoldElements = 1 << 12

// elementsOf returns the element attributes of a dense int or float
// constant, expanding splats.
func elementsOf(ctx *ir.Context, a ir.Attribute) ([]ir.Attribute, bool) {
	d, ok := a.(*ir.DenseElementsAttr)
	if !ok || d.Strings() != nil {
		return nil, false
	}
	switch d.ShapedType().ElementType().(type) {
	case *ir.IntegerType, *ir.IndexType, *ir.FloatType:
	default:
		return nil, false
	}
	n := d.Len()
	if n < 0 || n > maxFoldElements {
		return nil, false
	}
	out := make([]ir.Attribute, n)
	for i := range out {
		if d.IsSplat() && i > 0 {
			out[i] = out[0]
			continue
		}
		out[i] = d.ElementAttr(ctx, i)
	}
	return out, true
}

// splatValue returns the scalar of a scalar constant or a splat.
func splatValue(ctx *ir.Context, a ir.Attribute) (ir.Attribute, bool) {
	switch a := a.(type) {
	case *ir.IntegerAttr, *ir.FloatAttr:
		return a, true
	case *ir.DenseElementsAttr:
		if a.IsSplat() && a.Strings() == nil {
			return a.ElementAttr(ctx, 0), true
		}
	}
	return nil, false
}

// denseFrom builds a dense constant of type t from element attributes
// (nil when t is scalable or an element is not a plain scalar).
func denseFrom(ctx *ir.Context, t *ir.VectorType, elems []ir.Attribute) ir.Attribute {
	if t.IsScalable() || int64(len(elems)) != ir.NumElements(t) || len(elems) == 0 {
		return nil
	}
	if _, ok := t.Elem.(*ir.FloatType); ok {
		fs := make([]float64, len(elems))
		for i, e := range elems {
			f, ok := e.(*ir.FloatAttr)
			if !ok {
				return nil
			}
			fs[i] = f.Value()
		}
		return ctx.DenseFloats(t, fs)
	}
	is := make([]int64, len(elems))
	for i, e := range elems {
		ia, ok := e.(*ir.IntegerAttr)
		if !ok {
			return nil
		}
		is[i] = ia.Int()
	}
	return ctx.DenseInts(t, is)
}

// splatOf returns a splat of scalar v of type t (nil when v is not an
// integer or float attribute).
func splatOf(ctx *ir.Context, t *ir.VectorType, v ir.Attribute) ir.Attribute {
	switch v.(type) {
	case *ir.IntegerAttr, *ir.FloatAttr:
		if d := ctx.DenseSplat(t, v); d != nil {
			return d
		}
	}
	return nil
}

// foldTo returns a single folded value.
func foldTo(v *ir.Value) ([]ir.FoldResult, bool) { return []ir.FoldResult{{Value: v}}, true }

// isPoison reports whether a folded operand is #ub.poison.
func isPoison(a ir.Attribute) bool { _, ok := a.(*ub.PoisonAttr); return ok }

// foldToPoison folds op to #ub.poison (materialized as ub.poison), as
// MLIR's vector folders do for poison operands and poison positions.
func foldToPoison(op *ir.Operation) ([]ir.FoldResult, bool) {
	return foldToAttr(ub.Poison(op.Context()))
}

// foldToAttr returns a single folded constant, or no fold for nil.
func foldToAttr(a ir.Attribute) ([]ir.FoldResult, bool) {
	if a == nil {
		return nil, false
	}
	return []ir.FoldResult{{Attr: a}}, true
}

// constIndex returns the value of a constant integer operand.
func constIndex(a ir.Attribute) (int64, bool) {
	ia, ok := a.(*ir.IntegerAttr)
	if !ok {
		return 0, false
	}
	return ia.Int(), true
}
