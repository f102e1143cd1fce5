package memref

import (
	"slices"

	"github.com/kiln-gpu/kiln/arith"
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
	Fold: foldView,
	Canonicalize: []*ir.Pattern{
		{Name: "view-shape-folder", Root: "memref.view", Rewrite: viewShapeFolder},
		{Name: "view-memref-cast-folder", Root: "memref.view", Rewrite: viewMemRefCastFolder}},
}

// foldView folds a view that shows its whole source unchanged: same static
// type, no byte shift (MLIR's ViewOp::fold, PRs 146237 and 173237).
func foldView(op *ir.Operation, _ []ir.Attribute) ([]ir.FoldResult, bool) {
	src := op.Operand(0)
	t, ok := src.Type().(*ir.MemRefType)
	if !ok || t != op.Result(0).Type() || numDynamicDims(t) != 0 {
		return nil, false
	}
	if c, ok := arith.ConstantValue(op.Operand(1)).(*ir.IntegerAttr); !ok || c.Int() != 0 {
		return nil, false
	}
	return []ir.FoldResult{{Value: src}}, true
}

// viewShapeFolder turns constant (non-negative) dynamic sizes of a view
// into static ones and casts the new view back to the old type (MLIR's
// ViewOpShapeFolder).
func viewShapeFolder(op *ir.Operation, rw *ir.Rewriter) bool {
	t, ok := op.Result(0).Type().(*ir.MemRefType)
	if !ok {
		return false
	}
	shape, keep, changed := ConstantSizes(t.Dims, op.Operands()[2:])
	if !changed {
		return false
	}
	nt := op.Context().MemRef(shape, t.Elem, t.Layout, t.MemorySpace)
	rw.SetInsertionPointBefore(op)
	n := rw.Create(&ir.OpState{Name: "memref.view", Loc: op.Loc(), Operands: append([]*ir.Value{op.Operand(0), op.Operand(1)}, keep...),
		ResultTypes: []ir.Type{nt}, Attrs: op.DiscardableAttrs()})
	c := rw.Create(&ir.OpState{Name: "memref.cast", Loc: op.Loc(), Operands: n.Results(), ResultTypes: []ir.Type{t}})
	rw.ReplaceOp(op, c.Results())
	return true
}

// viewMemRefCastFolder views the source of a memref.cast directly (MLIR's
// ViewOpMemrefCastFolder, which no longer asks for an alloc, PR 173237),
// when that source has the identity layout a view needs (MLIR does not
// check: see RATIONALE).
func viewMemRefCastFolder(op *ir.Operation, rw *ir.Rewriter) bool {
	cast := op.Operand(0).DefiningOp()
	if cast == nil || cast.Name() != "memref.cast" {
		return false
	}
	src := cast.Operand(0)
	if t, ok := src.Type().(*ir.MemRefType); !ok || t.Layout != nil {
		return false
	}
	rw.ModifyInPlace(op, func() { op.SetOperand(0, src) })
	return true
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
	Fold:         foldTranspose,
	Canonicalize: []*ir.Pattern{{Name: "transpose-of-transpose", Root: "memref.transpose", Rewrite: transposeOfTranspose}},
}

// permutationOf returns the dimension each result of op's permutation
// takes, or nil when it is malformed.
func permutationOf(op *ir.Operation) []int {
	m, ok := op.Attr("permutation").(*ir.AffineMapAttr)
	if !ok || !m.Map.IsPermutation() {
		return nil
	}
	perm := make([]int, len(m.Map.Results))
	for i, e := range m.Map.Results {
		perm[i] = int(e.Value)
	}
	return perm
}

// composedTranspose returns the source of a transpose of a transpose and
// the one permutation that does both (MLIR's TransposeOpTransposeFolder).
func composedTranspose(op *ir.Operation) (*ir.Value, []int) {
	inner := op.Operand(0).DefiningOp()
	if inner == nil || inner.Name() != "memref.transpose" {
		return nil, nil
	}
	outer, in := permutationOf(op), permutationOf(inner)
	if outer == nil || in == nil || len(outer) != len(in) {
		return nil, nil
	}
	perm := make([]int, len(outer))
	for i, d := range outer {
		if d >= len(in) {
			return nil, nil
		}
		perm[i] = in[d]
	}
	return inner.Operand(0), perm
}

func isIdentityPerm(perm []int) bool {
	for i, d := range perm {
		if d != i {
			return false
		}
	}
	return true
}

// foldTranspose folds an identity transpose, or a transpose of a transpose
// that undoes it, to its source when the types agree.
func foldTranspose(op *ir.Operation, _ []ir.Attribute) ([]ir.FoldResult, bool) {
	if perm := permutationOf(op); perm != nil && isIdentityPerm(perm) && op.Operand(0).Type() == op.Result(0).Type() {
		return []ir.FoldResult{{Value: op.Operand(0)}}, true
	}
	if src, perm := composedTranspose(op); src != nil && isIdentityPerm(perm) && src.Type() == op.Result(0).Type() {
		return []ir.FoldResult{{Value: src}}, true
	}
	return nil, false
}

// transposeOfTranspose rewrites a transpose of a transpose as one.
func transposeOfTranspose(op *ir.Operation, rw *ir.Rewriter) bool {
	src, perm := composedTranspose(op)
	if src == nil {
		return false
	}
	results := make([]*ir.AffineExpr, len(perm))
	for i, d := range perm {
		results[i] = ir.AffineDimExpr(d)
	}
	ctx := op.Context()
	m := ctx.AffineMapAttr(&ir.AffineMap{Dims: len(perm), Results: results})
	rw.ReplaceOpWith(op, &ir.OpState{Name: "memref.transpose", Loc: op.Loc(), Operands: []*ir.Value{src},
		ResultTypes: op.ResultTypes(), Attrs: []ir.NamedAttr{{Name: "permutation", Value: m}}})
	return true
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
