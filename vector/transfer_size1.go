package vector

import "github.com/kiln-gpu/kiln/ir"

// size1TransferMap gives a transfer of a fixed vector<1xT> the minor
// identity permutation map: with one element, which source dimension the
// vector runs along does not matter (MLIR's
// CanonicalizeSize1TransferPermutationMap); a scalable [1] vector has
// vscale elements and keeps its map. The transfer must be in bounds: out
// of bounds, the map says which index may run past its dimension.
func size1TransferMap(root string) *ir.Pattern {
	return &ir.Pattern{Name: "CanonicalizeSize1TransferPermutationMap", Root: root, Rewrite: size1TransferRewrite}
}

func size1TransferRewrite(op *ir.Operation, rw *ir.Rewriter) bool {
	x, ok := transferOf(op)
	shaped, ok2 := x.Base.Type().(ir.ShapedType)
	if !ok || !ok2 || len(x.VT.Dims) != 1 || x.VT.Dims[0] != 1 || x.VT.IsScalable() {
		return false
	}
	if _, ok := shaped.ElementType().(*ir.VectorType); ok {
		return false
	}
	// transferOf gives as many in_bounds entries as map results.
	if len(x.Map.Results) != 1 || x.Map.IsMinorIdentity() || !x.InBounds[0] {
		return false
	}
	m := TransferMinorIdentityMap(shaped, x.VT)
	if len(m.Results) != 1 || m.Results[0].Equal(x.Map.Results[0]) && m.Dims == x.Map.Dims {
		return false
	}
	rw.ModifyInPlace(op, func() { op.SetAttr("permutation_map", op.Context().AffineMapAttr(m)) })
	return true
}
