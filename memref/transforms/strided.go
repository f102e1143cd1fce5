package transforms

import (
	"slices"

	"github.com/kiln-gpu/kiln/ir"
	"github.com/kiln-gpu/kiln/ir/pass"
	"github.com/kiln-gpu/kiln/ir/rewrite"
	"github.com/kiln-gpu/kiln/memref"
)

// ExpandStridedMetadataPass is expand-strided-metadata: the memref ops
// that change a view's metadata (subview, expand_shape, collapse_shape)
// become a memref.reinterpret_cast of the base buffer with the offset,
// sizes and strides computed by affine.apply, and
// memref.extract_strided_metadata of a view is resolved through it to its
// source's metadata.
func ExpandStridedMetadataPass() *pass.Pass {
	return &pass.Pass{Name: "ExpandStridedMetadata", Argument: "expand-strided-metadata",
		Summary: "Expand memref operations into easier to analyze constructs",
		Run: func(op *ir.Operation, _ *pass.Context) error {
			return rewrite.ApplyGreedily(op, ExpandStridedMetadataPatterns()...)
		}}
}

// ExpandStridedMetadataPatterns are expand-strided-metadata's patterns
// (MLIR's populateExpandStridedMetadataPatterns), with the replacement of
// an extract_strided_metadata's static results by constants that MLIR
// does in the op's folder.
func ExpandStridedMetadataPatterns() []*ir.Pattern {
	return []*ir.Pattern{
		{Name: "subview-to-reinterpret-cast", Root: "memref.subview", Rewrite: viewToReinterpretCast},
		{Name: "expand-shape-to-reinterpret-cast", Root: "memref.expand_shape", Rewrite: viewToReinterpretCast},
		{Name: "collapse-shape-to-reinterpret-cast", Root: "memref.collapse_shape", Rewrite: viewToReinterpretCast},
		{Name: "resolve-strided-metadata", Root: "memref.extract_strided_metadata", Rewrite: resolveMetadata},
		{Name: "aligned-pointer-of-view", Root: "memref.extract_aligned_pointer_as_index", Rewrite: alignedPointerOfView},
		memref.ConstantMetadataPattern,
	}
}

// stridedMetadata is a view's base buffer, offset, sizes and strides.
type stridedMetadata struct {
	base    *ir.Value
	offset  memref.Mixed
	sizes   []memref.Mixed
	strides []memref.Mixed
}

// sourceMetadata makes a memref.extract_strided_metadata of src and
// returns its results as mixed entries, static where src's type says so,
// with src's type.
func sourceMetadata(rw *ir.Rewriter, loc ir.Location, src *ir.Value) (stridedMetadata, *ir.MemRefType, bool) {
	t, ok := src.Type().(*ir.MemRefType)
	strides, offset, ok2 := memref.StridesAndOffset(src.Type())
	if !ok || !ok2 {
		return stridedMetadata{}, nil, false
	}
	return metadataEntries(extractMetadata(rw, loc, src, t), t, strides, offset), t, true
}

// extractMetadata makes a memref.extract_strided_metadata of v, of type t.
func extractMetadata(rw *ir.Rewriter, loc ir.Location, v *ir.Value, t *ir.MemRefType) *ir.Operation {
	return rw.CreateOp("memref.extract_strided_metadata", loc, []*ir.Value{v}, memref.ExtractStridedMetadataTypes(rw.Context(), t))
}

// metadataEntries returns e's results as mixed entries, static where t
// (with the given strides and offset) says so.
func metadataEntries(e *ir.Operation, t *ir.MemRefType, strides []int64, offset int64) stridedMetadata {
	entry := func(static int64, r int) memref.Mixed {
		if static != ir.Dynamic {
			return memref.Mixed{Static: static}
		}
		return memref.Mixed{Static: ir.Dynamic, Value: e.Result(r)}
	}
	md := stridedMetadata{base: e.Result(0), offset: entry(offset, 1)}
	for i, d := range t.Dims {
		md.sizes = append(md.sizes, entry(d, 2+i))
		md.strides = append(md.strides, entry(strides[i], 2+len(t.Dims)+i))
	}
	return md
}

var s0, s1 = ir.AffineSymbolExpr(0), ir.AffineSymbolExpr(1)

func mul(a, b *ir.AffineExpr) *ir.AffineExpr { return ir.AffineBinary(ir.AffineMul, a, b) }

// subviewMetadata is MLIR's resolveSubviewStridedMetadata: strides are
// the source's times the subview's, the offset the source's plus each
// offset times the source's stride, the sizes the subview's, all without
// the dropped dims.
func subviewMetadata(rw *ir.Rewriter, op *ir.Operation) (stridedMetadata, bool) {
	offsets, sizes, subStrides, dropped, ok := memref.SubViewParts(op)
	if !ok {
		return stridedMetadata{}, false
	}
	loc := op.Loc()
	src, _, ok := sourceMetadata(rw, loc, op.Operand(0))
	if !ok {
		return stridedMetadata{}, false
	}
	expr := ir.AffineSymbolExpr(0)
	values := []memref.Mixed{src.offset}
	md := stridedMetadata{base: src.base}
	for i := range offsets {
		stride := composedApply(rw, loc, mul(s0, s1), []memref.Mixed{subStrides[i], src.strides[i]})
		n := len(values)
		expr = ir.AffineBinary(ir.AffineAdd, expr, mul(ir.AffineSymbolExpr(n), ir.AffineSymbolExpr(n+1)))
		values = append(values, offsets[i], src.strides[i])
		if !dropped[i] {
			md.sizes = append(md.sizes, sizes[i])
			md.strides = append(md.strides, stride)
		}
	}
	md.offset = composedApply(rw, loc, expr, values)
	return md, true
}

// reshapeMetadata is MLIR's resolveReshapeStridedMetadata: the offset is
// the source's; an expand_shape's sizes are its output shape and each
// group's strides the source dim's stride times the sizes inside it; a
// collapse_shape's sizes are the products of each group's, its strides
// the stride of the group's innermost non-unit dim.
func reshapeMetadata(rw *ir.Rewriter, op *ir.Operation) (stridedMetadata, bool) {
	groups, ok := memref.Reassociation(op.Attr("reassociation"))
	rt, ok2 := op.Result(0).Type().(*ir.MemRefType)
	if !ok || !ok2 {
		return stridedMetadata{}, false
	}
	loc := op.Loc()
	expand := op.Name() == "memref.expand_shape"
	var shape []memref.Mixed
	if expand {
		if shape, ok = expandOutputShape(op, rt); !ok {
			return stridedMetadata{}, false
		}
	}
	src, st, ok := sourceMetadata(rw, loc, op.Operand(0))
	if !ok {
		return stridedMetadata{}, false
	}
	md := stridedMetadata{base: src.base, offset: src.offset}
	if len(st.Dims) == 0 {
		for range rt.Dims {
			md.sizes = append(md.sizes, memref.Mixed{Static: 1})
			md.strides = append(md.strides, memref.Mixed{Static: 1})
		}
		return md, true
	}
	for gi, g := range groups {
		if expand {
			strides := make([]memref.Mixed, len(g))
			strides[len(g)-1] = src.strides[gi]
			for i := len(g) - 2; i >= 0; i-- {
				strides[i] = composedApply(rw, loc, mul(s0, s1), []memref.Mixed{strides[i+1], shape[g[i+1]]})
			}
			for i, d := range g {
				md.sizes = append(md.sizes, shape[d])
				md.strides = append(md.strides, strides[i])
			}
			continue
		}
		size := memref.Mixed{Static: rt.Dims[gi]}
		if size.Static == ir.Dynamic {
			expr := ir.AffineConstExpr(1)
			var values []memref.Mixed
			for i, d := range g {
				expr = mul(expr, ir.AffineSymbolExpr(i))
				values = append(values, src.sizes[d])
			}
			size = composedApply(rw, loc, expr, values)
		}
		md.sizes = append(md.sizes, size)
		md.strides = append(md.strides, collapsedStride(src, st, rt, g, gi))
	}
	return md, true
}

// collapsedStride is MLIR's getCollapsedStride: the stride of the group's
// innermost dim of size other than one; for a group of unit dims, the
// result type's stride, or a dynamic source stride where that is dynamic.
func collapsedStride(src stridedMetadata, st, rt *ir.MemRefType, g []int64, gi int) memref.Mixed {
	var last *memref.Mixed
	for _, d := range g {
		if st.Dims[d] != 1 {
			last = &src.strides[d]
		}
	}
	if last != nil {
		return *last
	}
	strides, _, _ := memref.StridesAndOffset(rt)
	if gi < len(strides) && strides[gi] != ir.Dynamic {
		return memref.Mixed{Static: strides[gi]}
	}
	for _, d := range g {
		if src.strides[d].Value != nil {
			return src.strides[d]
		}
	}
	return memref.Mixed{Static: 1}
}

// viewToReinterpretCast replaces a subview, expand_shape or collapse_shape
// by a reinterpret_cast of its source's base buffer with its metadata
// (MLIR's SubviewFolder and ReshapeFolder).
func viewToReinterpretCast(op *ir.Operation, rw *ir.Rewriter) bool {
	rw.SetInsertionPointBefore(op)
	var md stridedMetadata
	var ok bool
	if op.Name() == "memref.subview" {
		md, ok = subviewMetadata(rw, op)
	} else {
		md, ok = reshapeMetadata(rw, op)
	}
	if !ok {
		return false
	}
	rw.ReplaceOp(op, []*ir.Value{reinterpretCast(rw, op.Loc(), md, op.Result(0).Type())})
	return true
}

// reinterpretCast makes memref.reinterpret_cast of md's base buffer to t
// with md's offset, sizes and strides, the static ones as attributes.
func reinterpretCast(rw *ir.Rewriter, loc ir.Location, md stridedMetadata, t ir.Type) *ir.Value {
	ctx := rw.Context()
	operands := []*ir.Value{md.base}
	st := &ir.OpState{Name: "memref.reinterpret_cast", Loc: loc, ResultTypes: []ir.Type{t}}
	segments := []int64{1}
	for i, l := range [][]memref.Mixed{{md.offset}, md.sizes, md.strides} {
		static := []int64{}
		n := 0
		for _, m := range l {
			if m.Value != nil {
				operands = append(operands, m.Value)
				static = append(static, ir.Dynamic)
				n++
			} else {
				static = append(static, m.Static)
			}
		}
		segments = append(segments, int64(n))
		st.AddAttr([]string{"static_offsets", "static_sizes", "static_strides"}[i], ctx.DenseI64Array(static...))
	}
	st.Operands = operands
	st.AddAttr("operandSegmentSizes", ctx.DenseI32Array(segments...))
	return rw.Create(st).Result(0)
}

// resolveMetadata replaces memref.extract_strided_metadata of a view or
// allocation by the metadata of what it views (MLIR's
// ExtractStridedMetadataOp*Folder patterns).
func resolveMetadata(op *ir.Operation, rw *ir.Rewriter) bool {
	d := op.Operand(0).DefiningOp()
	t, ok := op.Operand(0).Type().(*ir.MemRefType)
	if d == nil || !ok || op.NumResults() != 2+2*len(t.Dims) {
		return false
	}
	rw.SetInsertionPointBefore(op)
	loc := op.Loc()
	var md stridedMetadata
	switch d.Name() {
	case "memref.subview":
		md, ok = subviewMetadata(rw, d)
	case "memref.expand_shape", "memref.collapse_shape":
		md, ok = reshapeMetadata(rw, d)
	case "memref.alloc", "memref.alloca", "memref.get_global":
		md, ok = allocMetadata(rw, op, d)
	case "memref.reinterpret_cast":
		md, ok = reinterpretMetadata(rw, op, d)
	case "memref.cast":
		md, ok = castMetadata(rw, op, d)
	case "memref.memory_space_cast":
		return metadataOfSpaceCast(rw, op, d)
	case "memref.extract_strided_metadata":
		// The base buffer of a base buffer is itself, at offset 0.
		rw.ReplaceOp(op, []*ir.Value{d.Result(0), valueOf(rw, loc, memref.Mixed{Static: 0})})
		return true
	default:
		return false
	}
	if !ok {
		return false
	}
	results := []*ir.Value{md.base, valueOf(rw, loc, md.offset)}
	for _, m := range slices.Concat(md.sizes, md.strides) {
		results = append(results, valueOf(rw, loc, m))
	}
	rw.ReplaceOp(op, results)
	return true
}

// allocMetadata is MLIR's ExtractStridedMetadataOpAllocFolder and
// ExtractStridedMetadataOpGetGlobalFolder: an allocation with the identity
// layout has offset 0, its sizes and row-major strides; its base buffer is
// a reinterpret_cast of it to rank 0, made only when used.
func allocMetadata(rw *ir.Rewriter, op, alloc *ir.Operation) (stridedMetadata, bool) {
	t, ok := alloc.Result(0).Type().(*ir.MemRefType)
	if !ok || t.Layout != nil {
		return stridedMetadata{}, false
	}
	loc := op.Loc()
	var dyn []*ir.Value
	if alloc.Name() != "memref.get_global" {
		dyn = ir.OperandSegment(alloc, 0)
	}
	var md stridedMetadata
	for _, d := range t.Dims {
		m := memref.Mixed{Static: d}
		if d == ir.Dynamic {
			if len(dyn) == 0 {
				return stridedMetadata{}, false
			}
			m = memref.Mixed{Static: ir.Dynamic, Value: dyn[0]}
			dyn = dyn[1:]
		}
		md.sizes = append(md.sizes, m)
	}
	md.strides = make([]memref.Mixed, len(t.Dims))
	for i := range t.Dims {
		expr := ir.AffineConstExpr(1)
		var values []memref.Mixed
		for j := i + 1; j < len(t.Dims); j++ {
			expr = mul(expr, ir.AffineSymbolExpr(len(values)))
			values = append(values, md.sizes[j])
		}
		md.strides[i] = composedApply(rw, loc, expr, values)
	}
	// The offset constant comes first, as MLIR makes it before the sizes.
	md.offset = memref.Mixed{Static: ir.Dynamic, Value: valueOf(rw, loc, memref.Mixed{Static: 0})}
	baseType := op.Result(0).Type()
	switch {
	case !op.Result(0).HasUses():
		md.base = op.Result(0)
	case alloc.Result(0).Type() == baseType:
		md.base = alloc.Result(0)
	default:
		md.base = reinterpretCast(rw, loc, stridedMetadata{base: alloc.Result(0), offset: memref.Mixed{Static: 0}}, baseType)
	}
	return md, true
}

// reinterpretMetadata is MLIR's ExtractStridedMetadataOpReinterpretCastFolder:
// the cast's offset, sizes and strides, over the base buffer of its source.
func reinterpretMetadata(rw *ir.Rewriter, op, rc *ir.Operation) (stridedMetadata, bool) {
	src := rc.Operand(0)
	if !memref.IsStrided(src.Type()) {
		return stridedMetadata{}, false
	}
	parts, ok := memref.ReinterpretCastParts(rc)
	if !ok {
		return stridedMetadata{}, false
	}
	t := src.Type().(*ir.MemRefType)
	e := extractMetadata(rw, op.Loc(), src, t)
	return stridedMetadata{base: e.Result(0), offset: parts[0][0], sizes: parts[1], strides: parts[2]}, true
}

// castMetadata is MLIR's ExtractStridedMetadataOpCastFolder: the metadata
// of the cast's source, static where the cast's type says so.
func castMetadata(rw *ir.Rewriter, op, cast *ir.Operation) (stridedMetadata, bool) {
	if !memref.IsStrided(cast.Operand(0).Type()) {
		return stridedMetadata{}, false
	}
	t, ok := cast.Result(0).Type().(*ir.MemRefType)
	strides, offset, ok2 := memref.StridesAndOffset(t)
	if !ok || !ok2 {
		return stridedMetadata{}, false
	}
	src := cast.Operand(0).Type().(*ir.MemRefType)
	return metadataEntries(extractMetadata(rw, op.Loc(), cast.Operand(0), src), t, strides, offset), true
}

// metadataOfSpaceCast is MLIR's ExtractStridedMetadataOpMemorySpaceCastFolder:
// the metadata of the cast's source, its base buffer cast to the cast's
// memory space when used.
func metadataOfSpaceCast(rw *ir.Rewriter, op, cast *ir.Operation) bool {
	src, ok := cast.Operand(0).Type().(*ir.MemRefType)
	if !ok || !memref.IsStrided(src) {
		return false
	}
	ctx := rw.Context()
	e := extractMetadata(rw, op.Loc(), cast.Operand(0), src)
	results := slices.Clone(e.Results())
	if op.Result(0).HasUses() {
		bt := e.Result(0).Type().(*ir.MemRefType)
		nt := ctx.MemRef(bt.Dims, bt.Elem, bt.Layout, memref.MemorySpace(cast.Result(0).Type()))
		results[0] = rw.CreateOp("memref.memory_space_cast", op.Loc(), []*ir.Value{e.Result(0)}, []ir.Type{nt}).Result(0)
	} else {
		results[0] = op.Result(0)
	}
	rw.ReplaceOp(op, results)
	return true
}

// viewLikeOps are the memref ops implementing MLIR's ViewLikeOpInterface
// whose result keeps their first operand's aligned pointer; memref.view
// is left out, as its byte shift can move the pointer.
var viewLikeOps = []string{"memref.subview", "memref.reinterpret_cast", "memref.reshape",
	"memref.expand_shape", "memref.collapse_shape", "memref.transpose", "memref.memory_space_cast",
	"memref.cast", "memref.assume_alignment"}

// alignedPointerOfView makes memref.extract_aligned_pointer_as_index of a
// view read its source (MLIR's RewriteExtractAlignedPointerAsIndexOfViewLikeOp).
func alignedPointerOfView(op *ir.Operation, rw *ir.Rewriter) bool {
	d := op.Operand(0).DefiningOp()
	if d == nil || !slices.Contains(viewLikeOps, d.Name()) {
		return false
	}
	rw.ModifyInPlace(op, func() { op.SetOperand(0, d.Operand(0)) })
	return true
}

// SourceMetadata makes a memref.extract_strided_metadata of src at the
// rewriter's insertion point and returns its base buffer, offset, sizes
// and strides, static where src's type says so; ok is false unless src is
// a strided memref. For other packages' decompositions (gpu-decompose-memrefs).
func SourceMetadata(rw *ir.Rewriter, loc ir.Location, src *ir.Value) (base *ir.Value, offset memref.Mixed, sizes, strides []memref.Mixed, ok bool) {
	md, _, ok := sourceMetadata(rw, loc, src)
	return md.base, md.offset, md.sizes, md.strides, ok
}

// ComposedApply is MLIR's makeComposedFoldedAffineApply for an expression
// over symbols (see composedApply).
func ComposedApply(rw *ir.Rewriter, loc ir.Location, e *ir.AffineExpr, operands []memref.Mixed) memref.Mixed {
	return composedApply(rw, loc, e, operands)
}

// ReinterpretCast makes memref.reinterpret_cast of base to t with the
// given offset, sizes and strides, the static ones as attributes.
func ReinterpretCast(rw *ir.Rewriter, loc ir.Location, base *ir.Value, offset memref.Mixed, sizes, strides []memref.Mixed, t ir.Type) *ir.Value {
	return reinterpretCast(rw, loc, stridedMetadata{base: base, offset: offset, sizes: sizes, strides: strides}, t)
}
