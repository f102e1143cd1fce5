package vector

import (
	"slices"

	"github.com/kiln-gpu/kiln/ir"
)

// The canonicalizations of vector.mask and of the masked memory ops drop
// masks whose value is known, as MLIR's do.

// elideEmptyMask replaces a vector.mask whose region only yields, and
// that has no pass-through, by the yielded values.
var elideEmptyMask = &ir.Pattern{
	Name: "ElideEmptyMaskOp",
	Root: "vector.mask",
	Rewrite: func(op *ir.Operation, rw *ir.Rewriter) bool {
		if MaskedOp(op) != nil || op.NumOperands() != 1 || op.Region(0).Empty() {
			return false
		}
		y := op.Region(0).Entry().Last()
		if y == nil || y.Name() != "vector.yield" || y.NumOperands() != op.NumResults() {
			return false
		}
		rw.ReplaceOp(op, append([]*ir.Value(nil), y.Operands()...))
		return true
	},
}

// unmaskAllTrue moves the op out of a vector.mask whose mask is all true
// (MLIR's MaskOp::fold).
var unmaskAllTrue = &ir.Pattern{
	Name: "MaskOpFoldAllTrue",
	Root: "vector.mask",
	Rewrite: func(op *ir.Operation, rw *ir.Rewriter) bool {
		if MaskedOp(op) == nil || MaskFormatOf(op.Operand(0)) != AllTrue {
			return false
		}
		b := op.Region(0).Entry()
		y := b.Last()
		vals := append([]*ir.Value(nil), y.Operands()...)
		rw.InlineBlockBefore(b, op, nil)
		rw.EraseOp(y)
		rw.ReplaceOp(op, vals)
		return true
	},
}

// maskedLoadAllTrue is the all-true case of MLIR's MaskedLoadFolder and
// ExpandLoadFolder: the load becomes a vector.load of the same base,
// indices and alignment (their all-false case is foldMaskedLoad).
func maskedLoadAllTrue(name, root string) *ir.Pattern {
	return &ir.Pattern{Name: name, Root: root, Rewrite: func(op *ir.Operation, rw *ir.Rewriter) bool {
		n := op.NumOperands()
		if MaskFormatOf(op.Operand(n-2)) != AllTrue {
			return false
		}
		rw.ReplaceOpWith(op, &ir.OpState{Name: "vector.load", Loc: op.Loc(),
			Operands: op.Operands()[:n-2], ResultTypes: op.ResultTypes(), Attrs: alignmentOf(op)})
		return true
	}}
}

// maskedStoreKnownMask is MLIR's MaskedStoreFolder and CompressStoreFolder:
// an all-true store becomes a vector.store with the op's alignment, an
// all-false one is erased.
func maskedStoreKnownMask(name, root string) *ir.Pattern {
	return &ir.Pattern{Name: name, Root: root, Rewrite: func(op *ir.Operation, rw *ir.Rewriter) bool {
		n := op.NumOperands()
		switch MaskFormatOf(op.Operand(n - 2)) {
		case AllTrue:
			ops := append([]*ir.Value{op.Operand(n - 1)}, op.Operands()[:n-2]...)
			rw.ReplaceOpWith(op, &ir.OpState{Name: "vector.store", Loc: op.Loc(), Operands: ops, Attrs: alignmentOf(op)})
			return true
		case AllFalse:
			rw.EraseOp(op)
			return true
		}
		return false
	}}
}

// alignmentOf is op's alignment attribute, for the op that replaces it.
func alignmentOf(op *ir.Operation) []ir.NamedAttr {
	if a := op.Attr("alignment"); a != nil {
		return []ir.NamedAttr{{Name: "alignment", Value: a}}
	}
	return nil
}

// gatherAllFalse is MLIR's GatherFolder: a gather with an all-false mask
// is its pass-through (an all-true one has no simpler form).
var gatherAllFalse = &ir.Pattern{
	Name: "GatherFolder",
	Root: "vector.gather",
	Rewrite: func(op *ir.Operation, rw *ir.Rewriter) bool {
		n := op.NumOperands()
		if MaskFormatOf(op.Operand(n-2)) != AllFalse {
			return false
		}
		rw.ReplaceOp(op, []*ir.Value{op.Operand(n - 1)})
		return true
	},
}

// scatterAllFalse is MLIR's ScatterFolder: a scatter with an all-false
// mask writes nothing, so it goes (on a tensor, its result is the base).
var scatterAllFalse = &ir.Pattern{
	Name: "ScatterFolder",
	Root: "vector.scatter",
	Rewrite: func(op *ir.Operation, rw *ir.Rewriter) bool {
		if MaskFormatOf(op.Operand(op.NumOperands()-2)) != AllFalse {
			return false
		}
		if op.NumResults() == 1 {
			rw.ReplaceOp(op, []*ir.Value{op.Operand(0)})
		} else {
			rw.EraseOp(op)
		}
		return true
	},
}

// contiguousGatherScatter is MLIR's FoldContiguousGather and
// FoldContiguousScatter: on a memref, a gather (scatter) whose index
// vector is 0, 1, ..., n-1 (a vector.step or such a constant of a 1-d
// fixed-size vector) reads (writes) consecutive elements from its indices,
// which is a vector.maskedload (vector.maskedstore). Tensors have no
// masked load or store, so gathers and scatters on them stay, and neither
// do memrefs whose minor stride is not 1 (which the masked ops refuse).
func contiguousGatherScatter(name, root, to string) *ir.Pattern {
	return &ir.Pattern{Name: name, Root: root, Rewrite: func(op *ir.Operation, rw *ir.Rewriter) bool {
		n := op.NumOperands()
		mt, ok := op.Operand(0).Type().(*ir.MemRefType)
		if !ok || !LastDimUnitStride(mt) || !zeroBasedSequence(op.Operand(n-3)) {
			return false
		}
		ops := slices.Delete(op.Operands(), n-3, n-2) // drop the index vector
		rw.ReplaceOpWith(op, &ir.OpState{Name: to, Loc: op.Loc(), Operands: ops, ResultTypes: op.ResultTypes()})
		return true
	}}
}

// zeroBasedSequence reports whether v, a 1-d fixed-size vector, is
// 0, 1, ..., n-1 (MLIR's isZeroBasedContiguousSeq).
func zeroBasedSequence(v *ir.Value) bool {
	vt, ok := v.Type().(*ir.VectorType)
	if !ok || len(vt.Dims) != 1 || vt.IsScalable() {
		return false
	}
	if isStep(v) {
		return true
	}
	def := v.DefiningOp()
	if def == nil || def.Name() != "arith.constant" {
		return false
	}
	d, ok := def.Attr("value").(*ir.DenseElementsAttr)
	if !ok {
		return false
	}
	for i := range vt.Dims[0] {
		if d.IntAt(int(i)) != i { // IntAt reads a splat at any index
			return false
		}
	}
	return true
}
