package outline

import (
	"github.com/kiln-gpu/kiln/ir"
	"github.com/kiln-gpu/kiln/ir/pass"
	"github.com/kiln-gpu/kiln/ir/rewrite"
	"github.com/kiln-gpu/kiln/memref"
	memreftransforms "github.com/kiln-gpu/kiln/memref/transforms"
)

// DecomposeMemrefs returns gpu-decompose-memrefs: inside gpu.launch
// bodies, memref.load and memref.store of a ranked memref become a load or
// store of a rank-0 memref.reinterpret_cast of the base buffer at the
// element's linear offset, and memref.subview a reinterpret_cast of the
// base buffer, the index arithmetic made explicit with affine.apply on the
// results of a memref.extract_strided_metadata placed next to the memref's
// definition (outside the launch where the memref comes from outside).
func DecomposeMemrefs() *pass.Pass {
	return &pass.Pass{Name: "GpuDecomposeMemrefsPass", Argument: "gpu-decompose-memrefs",
		Summary: "Decomposes memref index computation into explicit ops.",
		Run: func(op *ir.Operation, _ *pass.Context) error {
			return rewrite.ApplyGreedily(op, DecomposeMemrefsPatterns()...)
		}}
}

// DecomposeMemrefsPatterns are gpu-decompose-memrefs' patterns (MLIR's
// populateGpuDecomposeMemrefsPatterns).
func DecomposeMemrefsPatterns() []*ir.Pattern {
	return []*ir.Pattern{
		{Name: "flatten-load", Root: "memref.load", Rewrite: flattenAccess},
		{Name: "flatten-store", Root: "memref.store", Rewrite: flattenAccess},
		{Name: "flatten-subview", Root: "memref.subview", Rewrite: flattenSubview},
	}
}

var s0, s1 = ir.AffineSymbolExpr(0), ir.AffineSymbolExpr(1)

// decomposable reports whether op sits in a gpu.launch and accesses m, a
// ranked memref of rank above zero with an identity or strided layout.
func decomposable(op *ir.Operation, m *ir.Value) (*ir.MemRefType, bool) {
	t, ok := m.Type().(*ir.MemRefType)
	if !ok || op.ParentOfName("gpu.launch") == nil || len(t.Dims) == 0 {
		return nil, false
	}
	switch t.Layout.(type) {
	case nil, *ir.StridedLayoutAttr:
		return t, true
	}
	return nil, false
}

// flatOffset makes the extract_strided_metadata of src right after its
// definition (or at the start of its block) and returns its base buffer,
// the linear offset of the element at indices and, given subStrides, the
// source strides times those (MLIR's getFlatOffsetAndStrides).
func flatOffset(rw *ir.Rewriter, loc ir.Location, src *ir.Value, indices, subStrides []memref.Mixed) (*ir.Value, memref.Mixed, []memref.Mixed, bool) {
	blk, before := rw.InsertionPoint()
	if d := src.DefiningOp(); d != nil {
		rw.SetInsertionPointAfter(d)
	} else {
		rw.SetInsertionPointToStart(src.OwnerBlock())
	}
	base, offset, _, strides, ok := memreftransforms.SourceMetadata(rw, loc, src)
	rw.RestoreInsertionPoint(blk, before)
	if !ok || len(strides) != len(indices) {
		return nil, memref.Mixed{}, nil, false
	}
	var composed []memref.Mixed
	for i := range subStrides {
		composed = append(composed, memreftransforms.ComposedApply(rw, loc, ir.AffineBinary(ir.AffineMul, s0, s1), []memref.Mixed{subStrides[i], strides[i]}))
	}
	expr := s0
	values := []memref.Mixed{offset}
	for i, idx := range indices {
		n := len(values)
		expr = ir.AffineBinary(ir.AffineAdd, expr, ir.AffineBinary(ir.AffineMul, ir.AffineSymbolExpr(n), ir.AffineSymbolExpr(n+1)))
		values = append(values, idx, strides[i])
	}
	return base, memreftransforms.ComposedApply(rw, loc, expr, values), composed, true
}

// flattenAccess rewrites a memref.load or memref.store (MLIR's FlattenLoad
// and FlattenStore) to access a rank-0 view of the element: a
// reinterpret_cast of the base buffer to memref<T, strided<[], offset: o>>.
func flattenAccess(op *ir.Operation, rw *ir.Rewriter) bool {
	mi := 0
	if op.Name() == "memref.store" {
		mi = 1
	}
	m := op.Operand(mi)
	t, ok := decomposable(op, m)
	if !ok {
		return false
	}
	var indices []memref.Mixed
	for _, v := range op.Operands()[mi+1:] {
		indices = append(indices, memref.Mixed{Static: ir.Dynamic, Value: v})
	}
	rw.SetInsertionPointBefore(op)
	loc := op.Loc()
	base, offset, _, ok := flatOffset(rw, loc, m, indices, nil)
	if !ok {
		return false
	}
	static := offset.Static
	if offset.Value != nil {
		static = ir.Dynamic
	}
	ctx := rw.Context()
	flatType := ctx.MemRef(nil, t.Elem, ctx.StridedLayout(static, nil), t.MemorySpace)
	flat := memreftransforms.ReinterpretCast(rw, loc, base, offset, nil, nil, flatType)
	operands := []*ir.Value{flat}
	var results []ir.Type
	if mi == 1 {
		operands = []*ir.Value{op.Operand(0), flat}
	} else {
		results = []ir.Type{t.Elem}
	}
	repl := rw.Create(&ir.OpState{Name: op.Name(), Loc: loc, Operands: operands, ResultTypes: results})
	rw.ReplaceOp(op, repl.Results())
	return true
}

// flattenSubview replaces a memref.subview (MLIR's FlattenSubview) by a
// reinterpret_cast of the base buffer with the subview's offset, sizes
// and strides composed with the source's.
func flattenSubview(op *ir.Operation, rw *ir.Rewriter) bool {
	if _, ok := decomposable(op, op.Operand(0)); !ok {
		return false
	}
	offsets, sizes, subStrides, dropped, ok := memref.SubViewParts(op)
	if !ok {
		return false
	}
	rw.SetInsertionPointBefore(op)
	loc := op.Loc()
	base, offset, strides, ok := flatOffset(rw, loc, op.Operand(0), offsets, subStrides)
	if !ok {
		return false
	}
	// The sizes as written, constant operands included (MLIR's
	// getMixedSizes), where SubViewParts folds those to static sizes.
	if s, ok := op.Attr("static_sizes").(*ir.DenseArrayAttr); ok && len(s.Ints) == len(sizes) {
		dyn := ir.OperandSegment(op, 2)
		for i, v := range s.Ints {
			if v == ir.Dynamic && len(dyn) > 0 {
				sizes[i], dyn = memref.Mixed{Static: v, Value: dyn[0]}, dyn[1:]
			}
		}
	}
	var finalSizes, finalStrides []memref.Mixed
	for i, stride := range strides {
		if !dropped[i] {
			finalSizes = append(finalSizes, sizes[i])
			finalStrides = append(finalStrides, stride)
		}
	}
	rw.ReplaceOp(op, []*ir.Value{memreftransforms.ReinterpretCast(rw, loc, base, offset, finalSizes, finalStrides, op.Result(0).Type())})
	return true
}
