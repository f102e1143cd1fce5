package vector

import "github.com/kiln-gpu/kiln/ir"

// The canonicalizations of vector.mask, vector.expandload and
// vector.compressstore drop masks whose value is known, as MLIR's do.

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

// expandLoadAllTrue rewrites an expandload with an all-true mask to a
// vector.load (an all-false one folds to its pass-through).
var expandLoadAllTrue = &ir.Pattern{
	Name: "ExpandLoadFolder",
	Root: "vector.expandload",
	Rewrite: func(op *ir.Operation, rw *ir.Rewriter) bool {
		n := op.NumOperands()
		if MaskFormatOf(op.Operand(n-2)) != AllTrue {
			return false
		}
		rw.ReplaceOpWith(op, &ir.OpState{Name: "vector.load", Loc: op.Loc(),
			Operands: op.Operands()[:n-2], ResultTypes: op.ResultTypes()})
		return true
	},
}

// compressStoreKnownMask rewrites a compressstore with an all-true mask
// to a vector.store and erases one with an all-false mask.
var compressStoreKnownMask = &ir.Pattern{
	Name: "CompressStoreFolder",
	Root: "vector.compressstore",
	Rewrite: func(op *ir.Operation, rw *ir.Rewriter) bool {
		n := op.NumOperands()
		switch MaskFormatOf(op.Operand(n - 2)) {
		case AllTrue:
			ops := append([]*ir.Value{op.Operand(n - 1)}, op.Operands()[:n-2]...)
			rw.ReplaceOpWith(op, &ir.OpState{Name: "vector.store", Loc: op.Loc(), Operands: ops})
			return true
		case AllFalse:
			rw.EraseOp(op)
			return true
		}
		return false
	},
}
