package vector

import (
	"github.com/kiln-gpu/kiln/ir"
)

// MaskFormat classifies a mask value.
type MaskFormat int

const (
	AllTrue MaskFormat = iota
	AllFalse
	UnknownMask
)

// MaskFormatOf looks under constant masks (arith.constant of i1 elements,
// vector.constant_mask) to tell all-true and all-false masks apart.
func MaskFormatOf(mask *ir.Value) MaskFormat {
	def := mask.DefiningOp()
	if def == nil {
		return UnknownMask
	}
	switch def.Name() {
	case "arith.constant":
		d, ok := def.Attr("value").(*ir.DenseElementsAttr)
		if !ok || ir.IntOrFloatBitWidth(d.ShapedType().ElementType()) != 1 {
			return UnknownMask
		}
		n := d.Len()
		if d.IsSplat() {
			n = 1
		}
		set, clear := false, false
		for i := 0; i < n; i++ {
			if d.IntAt(i) != 0 {
				set = true
			} else {
				clear = true
			}
		}
		switch {
		case set && !clear:
			return AllTrue
		case clear && !set:
			return AllFalse
		}
	case "vector.constant_mask":
		vt, ok := def.Result(0).Type().(*ir.VectorType)
		if !ok {
			return UnknownMask
		}
		sizes := attrInts(def, "mask_dim_sizes")
		allTrue, allFalse := true, true
		for i, s := range sizes {
			if i < len(vt.Dims) && s < vt.Dims[i] {
				allTrue = false
			}
			if s > 0 {
				allFalse = false
			}
		}
		if allTrue {
			return AllTrue
		}
		if allFalse {
			return AllFalse
		}
	}
	return UnknownMask
}

// createMaskOp is vector.create_mask; the mask is set on [0, %n_i) in
// every dimension i:
//
//	%m = vector.create_mask %a, %b : vector<4x3xi1>
var createMaskOp = &ir.OpDef{
	Name:     "vector.create_mask",
	Summary:  "creates a vector mask",
	Example:  "%r = vector.create_mask %a, %b : vector<4x[4]xi1>",
	Traits:   ir.Pure,
	Operands: ir.Variadic,
	Results:  ir.Exactly(1),
	Format: &ir.Format{Syntax: "$operands attr-dict `:` type(results)", Operands: []string{"operands*"}, Results: []string{"result"},
		Types: map[string]func(*ir.Context) ir.Type{"operands": indexType}},
	Verify: func(op *ir.Operation) error {
		vt, err := maskResult(op)
		if err != nil {
			return err
		}
		if len(vt.Dims) == 0 {
			if op.NumOperands() != 1 {
				return op.Errorf("must specify exactly one operand for 0-D create_mask")
			}
		} else if op.NumOperands() != len(vt.Dims) {
			return op.Errorf("must specify an operand for each result vector dimension")
		}
		for i, v := range op.Operands() {
			if v.Type() != op.Context().Index() {
				return op.Errorf("operand #%d must be variadic of index, but got %s", i, typeQuoted(v.Type()))
			}
		}
		return nil
	},
	Canonicalize: []*ir.Pattern{createMaskToConstantMask},
}

func maskResult(op *ir.Operation) (*ir.VectorType, error) {
	vt, ok := op.Result(0).Type().(*ir.VectorType)
	if !ok || vt.Elem != op.Context().I(1) {
		return nil, op.Errorf("result #0 must be vector of 1-bit signless integer values, but got %s", typeQuoted(op.Result(0).Type()))
	}
	return vt, nil
}

// createMaskToConstantMask rewrites a create_mask of constants to a
// constant_mask, clamping each size to [0, dim] (scalable dimensions only
// when the size is 0 or covers them fully, which a constant cannot show
// except for 0).
var createMaskToConstantMask = &ir.Pattern{
	Name: "CreateMaskFolder",
	Root: "vector.create_mask",
	Rewrite: func(op *ir.Operation, rw *ir.Rewriter) bool {
		vt := op.Result(0).Type().(*ir.VectorType)
		sizes := make([]int64, op.NumOperands())
		for i, v := range op.Operands() {
			c := v.DefiningOp()
			if c == nil || c.Name() != "arith.constant" {
				return false
			}
			ia, ok := c.Attr("value").(*ir.IntegerAttr)
			if !ok {
				return false
			}
			s := max(ia.Int(), 0)
			if len(vt.Dims) > 0 {
				if isScalableDim(vt, i) && s != 0 {
					return false
				}
				s = min(s, vt.Dims[i])
			} else {
				s = min(s, 1)
			}
			sizes[i] = s
		}
		// A zero size anywhere empties the whole mask.
		for _, s := range sizes {
			if s == 0 {
				clear(sizes)
				break
			}
		}
		rw.ReplaceOpWith(op, &ir.OpState{Name: "vector.constant_mask", Loc: op.Loc(), ResultTypes: op.ResultTypes(),
			Attrs: []ir.NamedAttr{{Name: "mask_dim_sizes", Value: op.Context().DenseI64Array(sizes...)}}})
		return true
	},
}

// constantMaskOp is vector.constant_mask:
//
//	%m = vector.constant_mask [3, 2] : vector<4x3xi1>
var constantMaskOp = &ir.OpDef{
	Name:     "vector.constant_mask",
	Summary:  "creates a constant vector mask",
	Example:  "%r = vector.constant_mask [3, 2] : vector<4x3xi1>",
	Traits:   ir.Pure,
	Operands: ir.Exactly(0),
	Results:  ir.Exactly(1),
	Inherent: []string{"mask_dim_sizes"},
	Format: &ir.Format{Syntax: "$mask_dim_sizes attr-dict `:` type(results)", Results: []string{"result"},
		Attrs: []ir.FormatAttr{ir.DenseIntArrayFormat("mask_dim_sizes", 64)}},
	Verify: func(op *ir.Operation) error {
		vt, err := maskResult(op)
		if err != nil {
			return err
		}
		sizes, ok := Ints(op.Attr("mask_dim_sizes"))
		if !ok {
			return op.Errorf("requires attribute 'mask_dim_sizes'")
		}
		if len(vt.Dims) == 0 {
			if len(sizes) != 1 {
				return op.Errorf("array attr must have length 1 for 0-D vectors")
			}
			if sizes[0] != 0 && sizes[0] != 1 {
				return op.Errorf("mask dim size must be either 0 or 1 for 0-D vectors")
			}
			return nil
		}
		if len(sizes) != len(vt.Dims) {
			return op.Errorf("must specify array attr of size equal vector result rank")
		}
		for i, s := range sizes {
			if s < 0 || s > vt.Dims[i] {
				return op.Errorf("array attr of size out of bounds of vector result dimension size")
			}
			if isScalableDim(vt, i) && s != 0 && s != vt.Dims[i] {
				return op.Errorf("only supports 'none set' or 'all set' scalable dimensions")
			}
		}
		zero := false
		for _, s := range sizes {
			zero = zero || s == 0
		}
		if zero {
			for _, s := range sizes {
				if s != 0 {
					return op.Errorf("expected all mask dim sizes to be zeros, as a result of conjunction with zero mask dim")
				}
			}
		}
		return nil
	},
	Fold: func(op *ir.Operation, _ []ir.Attribute) ([]ir.FoldResult, bool) {
		vt := op.Result(0).Type().(*ir.VectorType)
		switch MaskFormatOf(op.Result(0)) {
		case AllTrue:
			return foldToAttr(op.Context().DenseSplat(vt, op.Context().BoolAttr(true)))
		case AllFalse:
			return foldToAttr(op.Context().DenseSplat(vt, op.Context().BoolAttr(false)))
		}
		return nil, false
	},
}

// MaskSizes returns the mask_dim_sizes of a vector.constant_mask.
func MaskSizes(op *ir.Operation) []int64 { return attrInts(op, "mask_dim_sizes") }
