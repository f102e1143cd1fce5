package memref

import (
	"slices"

	"github.com/kiln-gpu/kiln/ir"
)

var view = &ir.OpDef{
	Name: "memref.view", Summary: "Views a byte buffer as a memref of another element type and shape.",
	Example:     "%r = memref.view %m[%shift][%s] : memref<2048xi8> to memref<?x4xf32>",
	Traits:      ir.Pure,
	Operands:    ir.AtLeast(2),
	Results:     ir.Exactly(1),
	ResultNames: resultName("view"),
	Format: &ir.Format{Syntax: "$source `[` $byte_shift `]` `` `[` $sizes `]` attr-dict `:` type($source) `to` type(results)",
		Operands: []string{"source", "byte_shift", "sizes*"}, Results: []string{"result"}, Types: indexTypes("byte_shift", "sizes")},
	Verify: func(op *ir.Operation) error {
		i8 := func(t ir.Type) bool {
			m, ok := t.(*ir.MemRefType)
			return ok && len(m.Dims) == 1 && m.Elem == op.Context().I(8)
		}
		if err := checkOperand(op, 0, i8, "1D memref of 8-bit signless integer values"); err != nil {
			return err
		}
		if err := checkResult(op, 0, isRankedMemRef, rankedMemRef); err != nil {
			return err
		}
		if err := checkIndexOperands(op, 1, op.NumOperands()-1); err != nil {
			return err
		}
		src, res := op.Operand(0).Type().(*ir.MemRefType), op.Result(0).Type().(*ir.MemRefType)
		if src.Layout != nil {
			return op.Errorf("unsupported map for base memref type '%s'", ir.TypeString(src))
		}
		if res.Layout != nil {
			return op.Errorf("unsupported map for result memref type '%s'", ir.TypeString(res))
		}
		if src.MemorySpace != res.MemorySpace {
			return op.Errorf("different memory spaces specified for base memref type '%s' and view memref type '%s'", ir.TypeString(src), ir.TypeString(res))
		}
		if n, want := op.NumOperands()-2, numDynamicDims(res); n != want {
			return op.Errorf("incorrect number of dynamic sizes, has %d, expected %d", n, want)
		}
		return nil
	},
}

var transpose = &ir.OpDef{
	Name: "memref.transpose", Summary: "Views a strided memref with its dimensions permuted.",
	Example:     "%r = memref.transpose %m (d0, d1) -> (d1, d0) : memref<?x4xf32> to memref<4x?xf32, strided<[1, 4]>>",
	Traits:      ir.Pure,
	Operands:    ir.Exactly(1),
	Results:     ir.Exactly(1),
	Inherent:    []string{"permutation"},
	ResultNames: resultName("transpose"),
	Format: &ir.Format{Syntax: "$in $permutation attr-dict `:` type($in) `to` type(results)",
		Operands: []string{"in"}, Results: []string{"result"}, Attrs: []ir.FormatAttr{{Name: "permutation",
			Parse: func(p *ir.Parser) (ir.Attribute, error) { return p.ParseBareAffineMap() },
			Print: func(p *ir.Printer, a ir.Attribute) {
				if m, ok := a.(*ir.AffineMapAttr); ok {
					p.BareAffineMap(m.Map)
				} else {
					p.Attr(a) // unverified IR
				}
			}}}},
	Verify: func(op *ir.Operation) error {
		if err := checkOperand(op, 0, isRankedMemRef, rankedMemRef); err != nil {
			return err
		}
		if err := checkResult(op, 0, isRankedMemRef, rankedMemRef); err != nil {
			return err
		}
		m, ok := op.Attr("permutation").(*ir.AffineMapAttr)
		if !ok || !m.Map.IsPermutation() {
			return op.Errorf("expected a permutation map")
		}
		src, res := op.Operand(0).Type().(*ir.MemRefType), op.Result(0).Type().(*ir.MemRefType)
		if m.Map.Dims != len(src.Dims) {
			return op.Errorf("expected a permutation map of same rank as the input")
		}
		want, ok := TransposedType(op.Context(), src, m.Map)
		if !ok || !sameStrided(want, res) {
			return op.Errorf("result type '%s' is not equivalent to the canonical transposed input type '%s'", ir.TypeString(res), typeOrNone(want))
		}
		return nil
	},
}

// TransposedType returns the strided type of viewing src through the
// permutation perm (result dimension i is source dimension perm(i)).
func TransposedType(ctx *ir.Context, src *ir.MemRefType, perm *ir.AffineMap) (*ir.MemRefType, bool) {
	strides, offset, ok := StridesAndOffset(src)
	if !ok || len(perm.Results) != len(src.Dims) {
		return nil, false
	}
	shape := make([]int64, len(src.Dims))
	outStrides := make([]int64, len(src.Dims))
	for i, e := range perm.Results {
		d := int(e.Value)
		if e.Kind != ir.AffineDim || d >= len(src.Dims) {
			return nil, false
		}
		shape[i], outStrides[i] = src.Dims[d], strides[d]
	}
	return ctx.MemRef(shape, src.Elem, ctx.StridedLayout(offset, outStrides), src.MemorySpace), true
}

// sameStrided reports whether two memref types have the same shape,
// element type, memory space, strides and offset.
func sameStrided(a, b *ir.MemRefType) bool {
	if a.Elem != b.Elem || a.MemorySpace != b.MemorySpace || !slices.Equal(a.Dims, b.Dims) {
		return false
	}
	as, ao, ok1 := StridesAndOffset(a)
	bs, bo, ok2 := StridesAndOffset(b)
	return ok1 && ok2 && ao == bo && slices.Equal(as, bs)
}
