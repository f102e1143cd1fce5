package arith

import (
	"strconv"

	"github.com/kiln-gpu/kiln/ir"
	"github.com/kiln-gpu/kiln/ub"
)

// constantOp is arith.constant: `%c0 = arith.constant 0 : index`,
// `%cst = arith.constant dense<1.0> : vector<4xf32>`, `%true = arith.constant true`.
var constantOp = &ir.OpDef{
	Name:     "arith.constant",
	Summary:  "integer or floating point constant",
	Example:  "%cst = arith.constant dense<[1.000000e+00, 2.000000e+00]> : vector<2xf32>",
	Traits:   ir.Pure | ir.ConstantLike,
	Operands: ir.Exactly(0),
	Results:  ir.Exactly(1),
	Inherent: []string{"value"},
	Format: &ir.Format{Syntax: "attr-dict $value", Results: []string{"result"},
		Attrs:     []ir.FormatAttr{{Name: "value", Kind: func(a ir.Attribute) bool { _, ok := a.(ir.TypedAttr); return ok }}},
		TypesFrom: []ir.TypeFrom{{From: "value", To: "result"}}},
	Verify: func(op *ir.Operation) error {
		v := op.Attr("value")
		if v == nil {
			return op.Errorf("requires attribute 'value'")
		}
		t := op.Result(0).Type()
		if ta, ok := v.(ir.TypedAttr); !ok || ta.Type() != t {
			return op.Errorf("failed to verify that all of {value, result} have same type")
		}
		if it, ok := t.(*ir.IntegerType); ok && it.Signedness != ir.Signless {
			return op.Errorf("integer return type must be signless")
		}
		switch v := v.(type) {
		case *ir.IntegerAttr, *ir.FloatAttr:
		case *ir.DenseElementsAttr, *ir.DenseResourceElementsAttr, *ir.SparseElementsAttr:
			if d, _ := v.(*ir.DenseElementsAttr); d == nil || !d.IsSplat() {
				if vt, ok := t.(*ir.VectorType); ok && vt.IsScalable() {
					return op.Errorf("intializing scalable vectors with elements attribute is not supported unless it's a vector splat")
				}
			}
		default:
			return op.Errorf("value must be an integer, float, or elements attribute")
		}
		return nil
	},
	Fold: func(op *ir.Operation, _ []ir.Attribute) ([]ir.FoldResult, bool) {
		return foldTo(op.Attr("value"))
	},
	ResultNames: func(op *ir.Operation, name func(v *ir.Value, name string)) {
		r := op.Result(0)
		ia, ok := op.Attr("value").(*ir.IntegerAttr)
		if !ok {
			name(r, "cst")
			return
		}
		it, isInt := r.Type().(*ir.IntegerType)
		if isInt && it.Width == 1 {
			name(r, strconv.FormatBool(ia.Bool()))
			return
		}
		s := "c" + ia.Big().String()
		if isInt {
			s += "_" + ir.TypeString(it)
		}
		name(r, s)
	},
}

// BuildConstant inserts `arith.constant value` with b, or returns nil when
// arith.constant cannot hold value as a t (MLIR's isBuildableWith): value
// must be an integer, float or dense attribute of type t, and integer types
// signless.
func BuildConstant(b *ir.Builder, value ir.Attribute, t ir.Type, loc ir.Location) *ir.Operation {
	if _, ok := value.(*ub.PoisonAttr); ok {
		return ub.BuildPoison(b, value, t, loc) // a fold to poison (MLIR's materializer does the same)
	}
	ta, ok := value.(ir.TypedAttr)
	if !ok || ta.Type() != t {
		return nil
	}
	switch value.(type) {
	case *ir.IntegerAttr, *ir.FloatAttr, *ir.DenseElementsAttr:
	default:
		return nil
	}
	if it, ok := ir.ElementTypeOrSelf(t).(*ir.IntegerType); ok && it.Signedness != ir.Signless {
		return nil
	}
	return NewConstant(b, value, t, loc).DefiningOp()
}
