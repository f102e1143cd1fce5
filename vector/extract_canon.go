package vector

import (
	"github.com/kiln-gpu/kiln/ir"
)

// The canonicalizations of vector.extract that its folds cannot do, as
// MLIR's ExtractOp has them.

// extractOfBroadcast broadcasts the source of a broadcast-like op straight
// to the extracted vector type.
var extractOfBroadcast = &ir.Pattern{
	Name: "ExtractOpFromBroadcast",
	Root: "vector.extract",
	Rewrite: func(op *ir.Operation, rw *ir.Rewriter) bool {
		out, ok := op.Result(0).Type().(*ir.VectorType)
		src, bl := broadcastLike(op.Operand(0).DefiningOp())
		if !ok || !bl || broadcastMismatch(src.Type(), out) != "" {
			return false
		}
		replaceWithBroadcast(rw, op, src)
		return true
	},
}

// extractOfCreateMask turns an extract of a create_mask with known bounds
// on the extracted dims into a smaller create_mask, or an all-false
// constant when the position is outside the mask.
var extractOfCreateMask = &ir.Pattern{
	Name: "ExtractOpFromCreateMask",
	Root: "vector.extract",
	Rewrite: func(op *ir.Operation, rw *ir.Rewriter) bool {
		def := op.Operand(0).DefiningOp()
		out, ok := op.Result(0).Type().(*ir.VectorType)
		if def == nil || def.Name() != "vector.create_mask" || !ok {
			return false
		}
		pos := attrInts(op, "static_position")
		mt, _ := vectorOf(op.Operand(0))
		unknown, allFalse := false, MaskFormatOf(op.Operand(0)) == AllFalse
		for d := 0; !allFalse && d < len(pos); d++ {
			bound, isConst := constIntOf(def.Operand(d))
			switch {
			case !isConst:
				unknown = true
			case pos[d] != Dynamic:
				allFalse = pos[d] >= bound
			case bound < mt.Dims[d]:
				unknown = true
			}
		}
		switch {
		case allFalse:
			rw.ReplaceOpWith(op, &ir.OpState{Name: "arith.constant", Loc: op.Loc(), ResultTypes: op.ResultTypes(),
				Attrs: []ir.NamedAttr{{Name: "value", Value: splatOf(op.Context(), out, op.Context().BoolAttr(false))}}})
		case !unknown:
			rw.ReplaceOpWith(op, &ir.OpState{Name: "vector.create_mask", Loc: op.Loc(), ResultTypes: op.ResultTypes(),
				Operands: def.Operands()[len(pos):]})
		default:
			return false
		}
		return true
	},
}

// constIntOf returns the value of an arith.constant integer.
func constIntOf(v *ir.Value) (int64, bool) {
	def := v.DefiningOp()
	if def == nil || def.Name() != "arith.constant" {
		return 0, false
	}
	ia, ok := def.Attr("value").(*ir.IntegerAttr)
	if !ok {
		return 0, false
	}
	return ia.Int(), true
}

// extractOfShapeCast replaces an extract of a shape_cast that keeps the
// element count by a shape_cast of the shape_cast's source.
var extractOfShapeCast = &ir.Pattern{
	Name: "foldExtractFromShapeCastToShapeCast",
	Root: "vector.extract",
	Rewrite: func(op *ir.Operation, rw *ir.Rewriter) bool {
		def := op.Operand(0).DefiningOp()
		out, ok := op.Result(0).Type().(*ir.VectorType)
		if def == nil || def.Name() != "vector.shape_cast" || !ok {
			return false
		}
		st, _ := vectorOf(def.Operand(0))
		if st == nil || ir.NumElements(st) != ir.NumElements(out) {
			return false
		}
		rw.ReplaceOpWith(op, &ir.OpState{Name: "vector.shape_cast", Loc: op.Loc(), Operands: []*ir.Value{def.Operand(0)}, ResultTypes: op.ResultTypes()})
		return true
	},
}

// extractOfFromElements builds the extracted subvector from the elements.
var extractOfFromElements = &ir.Pattern{
	Name: "foldExtractFromFromElements",
	Root: "vector.extract",
	Rewrite: func(op *ir.Operation, rw *ir.Rewriter) bool {
		def := op.Operand(0).DefiningOp()
		out, ok := op.Result(0).Type().(*ir.VectorType)
		pos := attrInts(op, "static_position")
		if def == nil || def.Name() != "vector.from_elements" || !ok || !allStatic(pos) {
			return false
		}
		in, _ := vectorOf(op.Operand(0))
		if in.IsScalable() || out.IsScalable() {
			return false
		}
		n := ir.NumElements(out)
		first := Linearize(pos, in.Dims[:len(pos)]) * n
		rw.ReplaceOpWith(op, &ir.OpState{Name: "vector.from_elements", Loc: op.Loc(), ResultTypes: op.ResultTypes(),
			Operands: def.Operands()[first : first+n]})
		return true
	},
}
