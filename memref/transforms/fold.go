// Package transforms holds the memref passes: fold-memref-alias-ops,
// expand-strided-metadata, bubble-down-memory-space-casts and the others
// Register lists.
package transforms

import (
	"slices"

	"github.com/kiln-gpu/kiln/arith"
	"github.com/kiln-gpu/kiln/ir"
	"github.com/kiln-gpu/kiln/ir/pass"
	"github.com/kiln-gpu/kiln/ir/rewrite"
	"github.com/kiln-gpu/kiln/memref"
	"github.com/kiln-gpu/kiln/vector"
)

// Register adds the memref passes to reg.
func Register(reg pass.Registry) {
	reg.Add(FoldAliasOpsPass, BubbleDownMemorySpaceCastsPass, ExpandStridedMetadataPass, ExpandReallocPass, FlattenPass, NormalizeMemRefsPass, ResolveRankedPass, ResolveShapedPass)
}

// FoldAliasOpsPass is fold-memref-alias-ops.
func FoldAliasOpsPass() *pass.Pass {
	return &pass.Pass{Name: "FoldMemRefAliasOpsPass", Argument: "fold-memref-alias-ops",
		Summary: "Fold memref alias ops into consumer load/store ops",
		Run: func(op *ir.Operation, _ *pass.Context) error {
			return rewrite.ApplyGreedily(op, FoldAliasPatterns()...)
		}}
}

// accessOps are the ops whose memref operand a subview folds into, with
// that operand's position; the memref's indices follow it.
var accessOps = map[string]int{
	"memref.load": 0, "memref.store": 1,
	"vector.load": 0, "vector.store": 1, "vector.maskedload": 0, "vector.maskedstore": 0,
	"vector.transfer_read": 0, "vector.transfer_write": 1,
	"gpu.subgroup_mma_load_matrix": 0, "gpu.subgroup_mma_store_matrix": 1,
}

// FoldAliasPatterns are the patterns of fold-memref-alias-ops: a
// memref.subview folded into the loads and stores of its result (their
// indices rebased on the subview's source, offset + index * stride per
// dimension) and into a subview of it; a memref.expand_shape or
// memref.collapse_shape folded into loads and stores (their indices
// linearized or delinearized per reassociation group).
func FoldAliasPatterns() []*ir.Pattern {
	ps := []*ir.Pattern{{Name: "subview-of-subview", Root: "memref.subview", Rewrite: subviewOfSubview}}
	names := make([]string, 0, len(accessOps))
	for n := range accessOps {
		names = append(names, n)
	}
	slices.Sort(names)
	for _, n := range names {
		ps = append(ps, &ir.Pattern{Name: "fold-subview-into-" + n, Root: n, Rewrite: foldSubviewIntoAccess})
	}
	for _, n := range reshapeAccessOps {
		ps = append(ps, &ir.Pattern{Name: "fold-reshape-into-" + n, Root: n, Rewrite: foldReshapeIntoAccess})
	}
	return ps
}

// foldSubviewIntoAccess makes a load or store of a subview's result access
// the subview's source (MLIR's LoadOpOfSubViewOpFolder and
// StoreOpOfSubViewOpFolder). Vector transfers need a unit-stride subview
// and in-bounds dims, and get the permutation map over the source's
// dimensions; n-d vector loads and stores need unit strides in the
// dimensions the vector spans, which the fold would otherwise change.
func foldSubviewIntoAccess(op *ir.Operation, rw *ir.Rewriter) bool {
	m := accessOps[op.Name()]
	sv := op.Operand(m).DefiningOp()
	if sv == nil || sv.Name() != "memref.subview" {
		return false
	}
	offsets, _, strides, dropped, ok := memref.SubViewParts(sv)
	rt, ok2 := op.Operand(m).Type().(*ir.MemRefType)
	if !ok || !ok2 || op.NumOperands() < m+1+len(rt.Dims) {
		return false
	}
	isTransfer := op.Name() == "vector.transfer_read" || op.Name() == "vector.transfer_write"
	if isTransfer && (!unitStrides(strides) || outOfBounds(op)) {
		return false
	}
	if vt, ok := vectorOf(op); ok && !isTransfer && !unitTrailingStrides(strides, dropped, len(vt.Dims)) {
		return false
	}
	rw.SetInsertionPointBefore(op)
	indices := resolveIndices(rw, op.Loc(), offsets, strides, dropped, mixedOf(op.Operands()[m+1:m+1+len(rt.Dims)]))
	var pm *ir.AffineMap
	if isTransfer {
		pm = expandDimsToRank(vector.TransferRead{Operation: op}.PermutationMap(), dropped)
	}
	replaceAccess(op, rw, m, sv.Operand(0), indices, len(rt.Dims), pm)
	return true
}

// vectorOf returns the vector type a vector.load/store or masked one moves.
func vectorOf(op *ir.Operation) (*ir.VectorType, bool) {
	switch op.Name() {
	case "vector.load", "vector.maskedload":
		vt, ok := op.Result(0).Type().(*ir.VectorType)
		return vt, ok
	case "vector.store":
		vt, ok := op.Operand(0).Type().(*ir.VectorType)
		return vt, ok
	case "vector.maskedstore":
		vt, ok := op.Operand(op.NumOperands() - 1).Type().(*ir.VectorType)
		return vt, ok
	}
	return nil, false
}

func unitStrides(strides []memref.Mixed) bool {
	for _, s := range strides {
		if s.Value != nil || s.Static != 1 {
			return false
		}
	}
	return true
}

// unitTrailingStrides reports whether the last n dims a subview keeps
// have unit strides.
func unitTrailingStrides(strides []memref.Mixed, dropped []bool, n int) bool {
	for i := len(strides) - 1; i >= 0 && n > 0; i-- {
		if dropped[i] {
			continue
		}
		if s := strides[i]; s.Value != nil || s.Static != 1 {
			return false
		}
		n--
	}
	return true
}

// outOfBounds reports whether a transfer has a dim not known in bounds.
func outOfBounds(op *ir.Operation) bool {
	// The read's view reads in_bounds and the map of a write alike.
	v := vector.TransferRead{Operation: op}
	inBounds := v.InBounds()
	for i := range v.PermutationMap().Results {
		if i >= len(inBounds) || !inBounds[i] {
			return true
		}
	}
	return false
}

// expandDimsToRank renumbers m's dims as the dims a subview keeps among
// its source's, which get the dropped ones too (MLIR's expandDimsToRank).
func expandDimsToRank(m *ir.AffineMap, dropped []bool) *ir.AffineMap {
	dims := make([]*ir.AffineExpr, 0, m.Dims)
	for i, d := range dropped {
		if !d {
			dims = append(dims, ir.AffineDimExpr(i))
		}
	}
	rs := make([]*ir.AffineExpr, len(m.Results))
	for i, r := range m.Results {
		rs[i] = substitute(r, dims, nil)
	}
	return &ir.AffineMap{Dims: len(dropped), Symbols: m.Symbols, Results: rs}
}

// subviewOfSubview folds a unit-stride subview of a unit-stride subview
// into one subview of the first's source (MLIR's SubViewOfSubViewFolder).
func subviewOfSubview(op *ir.Operation, rw *ir.Rewriter) bool {
	src := op.Operand(0).DefiningOp()
	if src == nil || src.Name() != "memref.subview" {
		return false
	}
	offsets, sizes, strides, _, ok := memref.SubViewParts(op)
	srcOffsets, srcSizes, srcStrides, srcDropped, ok2 := memref.SubViewParts(src)
	if !ok || !ok2 || !unitStrides(strides) || !unitStrides(srcStrides) {
		return false
	}
	// The sizes: the outer subview's in the dims it drops, the inner's in
	// the others.
	resolvedSizes := make([]memref.Mixed, len(srcSizes))
	k := 0
	for i, d := range srcDropped {
		if d {
			resolvedSizes[i] = srcSizes[i]
		} else if k < len(sizes) {
			resolvedSizes[i] = sizes[k]
			k++
		}
	}
	rw.SetInsertionPointBefore(op)
	resolved := resolveIndices(rw, op.Loc(), srcOffsets, srcStrides, srcDropped, offsets)
	resolvedOffsets := mixedOf(resolved)
	ctx := op.Context()
	var dyn [3][]*ir.Value
	var static [3][]int64
	for i, l := range [][]memref.Mixed{resolvedOffsets, resolvedSizes, srcStrides} {
		for _, m := range l {
			if m.Value != nil {
				dyn[i] = append(dyn[i], m.Value)
				static[i] = append(static[i], ir.Dynamic)
			} else {
				static[i] = append(static[i], m.Static)
			}
		}
	}
	st := &ir.OpState{Name: "memref.subview", Loc: op.Loc(), ResultTypes: op.ResultTypes(),
		Operands: slices.Concat([]*ir.Value{src.Operand(0)}, dyn[0], dyn[1], dyn[2])}
	st.AddAttr("operandSegmentSizes", ctx.DenseI32Array(1, int64(len(dyn[0])), int64(len(dyn[1])), int64(len(dyn[2]))))
	st.AddAttr("static_offsets", ctx.DenseI64Array(static[0]...))
	st.AddAttr("static_sizes", ctx.DenseI64Array(static[1]...))
	st.AddAttr("static_strides", ctx.DenseI64Array(static[2]...))
	rw.ReplaceOpWith(op, st)
	return true
}

// mixedOf views values as mixed entries, index constants as static ones.
func mixedOf(vs []*ir.Value) []memref.Mixed {
	out := make([]memref.Mixed, len(vs))
	for i, v := range vs {
		out[i] = memref.Mixed{Static: ir.Dynamic, Value: v}
		if c, ok := ir.ConstantIntAttr(v); ok {
			out[i] = memref.Mixed{Static: c.Int()}
		}
	}
	return out
}

// resolveIndices returns, per source dimension of a subview, the index
// of the source that index i of its result stands for: offset + i *
// stride, the offset alone in a dropped dimension (MLIR's
// resolveIndicesIntoOpWithOffsetsAndStrides).
func resolveIndices(rw *ir.Rewriter, loc ir.Location, offsets, strides []memref.Mixed, dropped []bool, indices []memref.Mixed) []*ir.Value {
	off, idx, str := ir.AffineSymbolExpr(0), ir.AffineSymbolExpr(1), ir.AffineSymbolExpr(2)
	e := ir.AffineBinary(ir.AffineAdd, off, ir.AffineBinary(ir.AffineMul, idx, str))
	out := make([]*ir.Value, len(offsets))
	k := 0
	for i := range offsets {
		index := memref.Mixed{Static: 0}
		if !dropped[i] && k < len(indices) {
			index = indices[k]
			k++
		}
		out[i] = foldedApply(rw, loc, e, []memref.Mixed{offsets[i], index, strides[i]})
	}
	return out
}

// foldedApply is MLIR's makeComposedFoldedAffineApply followed by
// getValueOrCreateConstantIndexOp for an expression over symbols.
func foldedApply(rw *ir.Rewriter, loc ir.Location, e *ir.AffineExpr, operands []memref.Mixed) *ir.Value {
	return valueOf(rw, loc, composedApply(rw, loc, e, operands))
}

// valueOf is MLIR's getValueOrCreateConstantIndexOp: m's value, or an
// index constant for a static m.
func valueOf(rw *ir.Rewriter, loc ir.Location, m memref.Mixed) *ir.Value {
	if m.Value != nil {
		return m.Value
	}
	ctx := rw.Context()
	return arith.NewConstant(&rw.Builder, ctx.IndexAttr(m.Static), ctx.Index(), loc)
}

// composedApply is MLIR's makeComposedFoldedAffineApply for an expression
// over symbols: the constant operands go into the expression, operands
// made by a one-result affine.apply are replaced by its expression over its
// own operands, the rest are deduplicated and numbered in order, and the
// result is static when the expression folds to a constant, the operand
// itself when it is just that, and an affine.apply otherwise.
func composedApply(rw *ir.Rewriter, loc ir.Location, e *ir.AffineExpr, operands []memref.Mixed) memref.Mixed {
	ctx := rw.Context()
	var kept []*ir.Value
	var bind func(o memref.Mixed) *ir.AffineExpr
	bind = func(o memref.Mixed) *ir.AffineExpr {
		if o.Value == nil {
			return ir.AffineConstExpr(o.Static)
		}
		if c, ok := ir.ConstantIntAttr(o.Value); ok {
			return ir.AffineConstExpr(c.Int())
		}
		if d := o.Value.DefiningOp(); d != nil && d.Name() == "affine.apply" {
			if a, ok := d.Attr("map").(*ir.AffineMapAttr); ok && len(a.Map.Results) == 1 && d.NumOperands() == a.Map.Dims+a.Map.Symbols {
				inner := make([]*ir.AffineExpr, d.NumOperands())
				for i, v := range d.Operands() {
					inner[i] = bind(memref.Mixed{Static: ir.Dynamic, Value: v})
				}
				return substitute(a.Map.Results[0], inner[:a.Map.Dims], inner[a.Map.Dims:])
			}
		}
		j := slices.Index(kept, o.Value)
		if j < 0 {
			j = len(kept)
			kept = append(kept, o.Value)
		}
		return ir.AffineSymbolExpr(j)
	}
	syms := make([]*ir.AffineExpr, len(operands))
	for i, o := range operands {
		syms[i] = bind(o)
	}
	r := substitute(e, nil, syms)
	// Drop the operands the simplified expression no longer uses.
	used := make([]bool, len(kept))
	markSymbols(r, used)
	renum := make([]*ir.AffineExpr, len(kept))
	var operandsLeft []*ir.Value
	for j, u := range used {
		if u {
			renum[j] = ir.AffineSymbolExpr(len(operandsLeft))
			operandsLeft = append(operandsLeft, kept[j])
		}
	}
	r = substitute(r, nil, renum)
	switch r.Kind {
	case ir.AffineConst:
		return memref.Mixed{Static: r.Value}
	case ir.AffineSymbol:
		return memref.Mixed{Static: ir.Dynamic, Value: operandsLeft[r.Value]}
	}
	m := &ir.AffineMap{Symbols: len(operandsLeft), Results: []*ir.AffineExpr{r}}
	v := rw.CreateOp("affine.apply", loc, operandsLeft, []ir.Type{ctx.Index()}, ir.NamedAttr{Name: "map", Value: ctx.AffineMapAttr(m)}).Result(0)
	return memref.Mixed{Static: ir.Dynamic, Value: v}
}

// substitute replaces e's dims and symbols by the given expressions (nil
// lists leave them), simplifying as it rebuilds.
func substitute(e *ir.AffineExpr, dims, syms []*ir.AffineExpr) *ir.AffineExpr {
	switch e.Kind {
	case ir.AffineConst:
		return e
	case ir.AffineDim:
		if dims != nil {
			return dims[e.Value]
		}
		return e
	case ir.AffineSymbol:
		if syms != nil {
			return syms[e.Value]
		}
		return e
	}
	return ir.AffineBinary(e.Kind, substitute(e.LHS, dims, syms), substitute(e.RHS, dims, syms))
}

func markSymbols(e *ir.AffineExpr, used []bool) {
	switch e.Kind {
	case ir.AffineSymbol:
		used[e.Value] = true
	case ir.AffineConst, ir.AffineDim:
	default:
		markSymbols(e.LHS, used)
		markSymbols(e.RHS, used)
	}
}
