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
	vt, shaped := transferTypes(op)
	if vt == nil || shaped == nil || len(vt.Dims) != 1 || vt.Dims[0] != 1 || vt.IsScalable() {
		return false
	}
	if _, ok := shaped.ElementType().(*ir.VectorType); ok {
		return false
	}
	a, ok := op.Attr("permutation_map").(*ir.AffineMapAttr)
	if ib, _ := Bools(op.Attr("in_bounds")); !ok || len(a.Map.Results) != 1 || isMinorIdentity(a.Map) || len(ib) != 1 || !ib[0] {
		return false
	}
	m := TransferMinorIdentityMap(shaped, vt)
	if len(m.Results) != 1 || m.Results[0].Equal(a.Map.Results[0]) && m.Dims == a.Map.Dims {
		return false
	}
	rw.ModifyInPlace(op, func() { op.SetAttr("permutation_map", op.Context().AffineMapAttr(m)) })
	return true
}

// transferTypes returns the vector and the shaped source or destination
// of a transfer_read or transfer_write.
func transferTypes(op *ir.Operation) (*ir.VectorType, ir.ShapedType) {
	var vt, st ir.Type
	switch {
	case op.NumOperands() < 2:
		return nil, nil
	case op.Name() == "vector.transfer_read" && op.NumResults() == 1:
		vt, st = op.Result(0).Type(), op.Operand(0).Type()
	default:
		vt, st = op.Operand(0).Type(), op.Operand(1).Type()
	}
	v, _ := vt.(*ir.VectorType)
	s, _ := st.(ir.ShapedType)
	return v, s
}
