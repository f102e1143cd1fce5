package transforms

import (
	"slices"

	"github.com/kiln-gpu/kiln/ir"
	"github.com/kiln-gpu/kiln/memref"
	"github.com/kiln-gpu/kiln/vector"
)

// reshapeAccessOps are the accesses an expand_shape or collapse_shape
// folds into (MLIR's Load/StoreOpOf{Expand,Collapse}ShapeOpFolder);
// vector.transfer_read takes only an expand_shape. The gpu mma matrix
// accesses fold since llvm-project PR 190380.
var reshapeAccessOps = []string{"memref.load", "memref.store", "vector.load", "vector.store",
	"vector.maskedload", "vector.maskedstore", "vector.transfer_read",
	"gpu.subgroup_mma_load_matrix", "gpu.subgroup_mma_store_matrix"}

// foldReshapeIntoAccess makes a load or store of an expand_shape's or
// collapse_shape's result access its source: each group of an
// expand_shape's indices becomes one affine.linearize_index over the
// group's output sizes (disjoint for memref.load and memref.store, whose
// indices are in bounds), each index of a collapse_shape an
// affine.delinearize_index over its group's source sizes.
func foldReshapeIntoAccess(op *ir.Operation, rw *ir.Rewriter) bool {
	m := accessOps[op.Name()]
	reshape := op.Operand(m).DefiningOp()
	if reshape == nil {
		return false
	}
	expand := reshape.Name() == "memref.expand_shape"
	if !expand && (reshape.Name() != "memref.collapse_shape" || op.Name() == "vector.transfer_read") {
		return false
	}
	groups, ok := memref.Reassociation(reshape.Attr("reassociation"))
	rt, ok2 := op.Operand(m).Type().(*ir.MemRefType)
	st, ok3 := reshape.Operand(0).Type().(*ir.MemRefType)
	if !ok || !ok2 || !ok3 || op.NumOperands() < m+1+len(rt.Dims) {
		return false
	}
	if !vectorKeepsStrides(op, groups, expand) {
		return false
	}
	indices := op.Operands()[m+1 : m+1+len(rt.Dims)]
	var newMap *ir.AffineMap
	if op.Name() == "vector.transfer_read" {
		// Only minor identity maps, onto a source of at least the
		// vector's rank; the map becomes the minor identity of the source.
		// Out-of-bounds dims stay: past the end of an expanded group's
		// inner dim the read gives padding, in the source the next row.
		pm := vector.TransferRead{Operation: op}.PermutationMap()
		if !pm.IsMinorIdentity() || len(st.Dims) < len(pm.Results) || outOfBounds(op) {
			return false
		}
		newMap = &ir.AffineMap{Dims: len(st.Dims)}
		for d := len(st.Dims) - len(pm.Results); d < len(st.Dims); d++ {
			newMap.Results = append(newMap.Results, ir.AffineDimExpr(d))
		}
	}
	rw.SetInsertionPointBefore(op)
	// memref.load, memref.store and the mma matrix accesses have in-bounds
	// indices; vector accesses' need not be.
	inBounds := false
	switch op.Name() {
	case "memref.load", "memref.store", "gpu.subgroup_mma_load_matrix", "gpu.subgroup_mma_store_matrix":
		inBounds = true
	}
	var src []*ir.Value
	if expand {
		shape, ok := expandOutputShape(reshape, rt)
		if !ok {
			return false
		}
		src = linearizeGroups(rw, op.Loc(), groups, shape, indices, inBounds)
	} else {
		src = delinearizeGroups(rw, op.Loc(), reshape.Operand(0), st, groups, indices, inBounds)
	}
	replaceAccess(op, rw, m, reshape.Operand(0), src, len(rt.Dims), newMap)
	return true
}

// vectorKeepsStrides reports whether a vector access reads the same
// elements of the reshape's source as of its result. The dims a vector
// spans outside its innermost one must not be in a group with others,
// whose strides the fold would change; through a collapse_shape not even
// the innermost one, since a vector crossing the end of a group's inner
// dim would run past that dim in the source. MLIR left these cases to
// the interface-based patterns of PRs 177016/196216 (which no longer fold
// them); scalar accesses always fold.
func vectorKeepsStrides(op *ir.Operation, groups [][]int64, expand bool) bool {
	var vt *ir.VectorType
	if op.Name() == "vector.transfer_read" {
		vt, _ = op.Result(0).Type().(*ir.VectorType)
	} else {
		vt, _ = vectorOf(op)
	}
	if vt == nil {
		return true
	}
	// groupOf[d] is the size of the group of the result's dim d.
	var groupOf []int
	for _, g := range groups {
		if expand {
			for range g {
				groupOf = append(groupOf, len(g))
			}
		} else {
			groupOf = append(groupOf, len(g))
		}
	}
	spanned := len(vt.Dims)
	if expand {
		spanned--
	}
	for i := 1; i <= spanned; i++ {
		if d := len(groupOf) - 1 - (len(vt.Dims) - i); d >= 0 && groupOf[d] != 1 {
			return false
		}
	}
	return true
}

// expandOutputShape returns an expand_shape's output sizes, the dynamic
// ones as its output_shape operands.
func expandOutputShape(op *ir.Operation, rt *ir.MemRefType) ([]memref.Mixed, bool) {
	static := rt.Dims
	if a, ok := op.Attr("static_output_shape").(*ir.DenseArrayAttr); ok {
		static = a.Ints
	}
	out := mixedSizes(static, op.Operands()[1:])
	return out, out != nil
}

// linearizeGroups is MLIR's resolveSourceIndicesExpandShape.
func linearizeGroups(rw *ir.Rewriter, loc ir.Location, groups [][]int64, shape []memref.Mixed, indices []*ir.Value, disjoint bool) []*ir.Value {
	ctx := rw.Context()
	var out []*ir.Value
	for _, g := range groups {
		if len(g) == 1 {
			out = append(out, indices[g[0]])
			continue
		}
		var multi, dyn []*ir.Value
		var static []int64
		for _, d := range g {
			multi = append(multi, indices[d])
			static = append(static, shape[d].Static)
			if shape[d].Value != nil {
				dyn = append(dyn, shape[d].Value)
			}
		}
		attrs := []ir.NamedAttr{{Name: "operandSegmentSizes", Value: ctx.DenseI32Array(int64(len(multi)), int64(len(dyn)))},
			{Name: "static_basis", Value: ctx.DenseI64Array(static...)}}
		if disjoint {
			attrs = append(attrs, ir.NamedAttr{Name: "disjoint", Value: ctx.UnitAttr()})
		}
		out = append(out, rw.CreateOp("affine.linearize_index", loc, slices.Concat(multi, dyn), []ir.Type{ctx.Index()}, attrs...).Result(0))
	}
	return out
}

// delinearizeGroups is MLIR's resolveSourceIndicesCollapseShape: the
// dynamic source sizes come from a memref.extract_strided_metadata of the
// source (made only when one is needed), the group's outer size bounds the
// index only when it is known in bounds (MLIR PR 197041), and a collapse
// to rank 0 accesses the source at zeros.
func delinearizeGroups(rw *ir.Rewriter, loc ir.Location, source *ir.Value, st *ir.MemRefType, groups [][]int64, indices []*ir.Value, inBounds bool) []*ir.Value {
	ctx := rw.Context()
	var metadata *ir.Operation
	var out []*ir.Value
	for i, g := range groups {
		if len(g) == 1 {
			out = append(out, indices[i])
			continue
		}
		var dyn []*ir.Value
		var static []int64
		types := make([]ir.Type, len(g))
		for j, d := range g {
			types[j] = ctx.Index()
			if j == 0 && !inBounds {
				continue
			}
			static = append(static, st.Dims[d])
			if st.Dims[d] == ir.Dynamic {
				if metadata == nil {
					metadata = extractMetadata(rw, loc, source, st)
				}
				dyn = append(dyn, metadata.Result(2+int(d)))
			}
		}
		del := rw.CreateOp("affine.delinearize_index", loc, slices.Concat([]*ir.Value{indices[i]}, dyn), types,
			ir.NamedAttr{Name: "static_basis", Value: ctx.DenseI64Array(static...)})
		out = append(out, del.Results()...)
	}
	if len(groups) == 0 {
		zero := valueOf(rw, loc, memref.Mixed{Static: 0})
		for range st.Dims {
			out = append(out, zero)
		}
	}
	return out
}

// replaceAccess replaces op, whose memref operand is operand m and its
// rank indices follow, by the same access of src at indices, with the
// permutation map pm when it is not nil.
func replaceAccess(op *ir.Operation, rw *ir.Rewriter, m int, src *ir.Value, indices []*ir.Value, rank int, pm *ir.AffineMap) {
	operands := slices.Concat(op.Operands()[:m], []*ir.Value{src}, indices, op.Operands()[m+1+rank:])
	attrs := slices.Clone(op.Attrs())
	for i, a := range attrs {
		switch a.Name {
		case "operandSegmentSizes":
			seg := slices.Clone(ir.OperandSegmentSizes(op))
			seg[m+1] = int64(len(indices))
			attrs[i].Value = op.Context().DenseI32Array(seg...)
		case "permutation_map":
			if pm != nil {
				attrs[i].Value = op.Context().AffineMapAttr(pm)
			}
		}
	}
	rw.ReplaceOpWith(op, &ir.OpState{Name: op.Name(), Loc: op.Loc(), Operands: operands, ResultTypes: op.ResultTypes(), Attrs: attrs})
}
