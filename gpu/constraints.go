package gpu

import (
	"github.com/kiln-gpu/kiln/arith"
	"github.com/kiln-gpu/kiln/ir"
)

// The operand and result type constraints of gpu ops, checked with
// arith.CheckOperand and friends, which give MLIR's "operand #i must be
// <description>, but got '<type>'" messages.
var (
	i1Type          = arith.Constraint{Desc: "1-bit signless integer", OK: func(t ir.Type) bool { return isSignlessInt(t, 1) }}
	i32Type         = arith.Constraint{Desc: "32-bit signless integer", OK: func(t ir.Type) bool { return isSignlessInt(t, 32) }}
	signlessIntType = arith.Constraint{Desc: "signless integer", OK: func(t ir.Type) bool { return isSignlessInt(t, 0) }}
	anyIndex        = arith.Constraint{Desc: "index", OK: isIndexType}
	variadicIndex   = arith.Constraint{Desc: "variadic of index", OK: isIndexType}
	// launchIndexType is a gpu.launch_func size: index, i32 or i64.
	launchIndexType    = arith.Constraint{Desc: "index or 32-bit signless integer or 64-bit signless integer", OK: isLaunchIndex}
	asyncTokenResult   = arith.Constraint{Desc: "async token type", OK: isAsyncToken}
	variadicAsyncToken = arith.Constraint{Desc: "variadic of async token type", OK: isAsyncToken}
	// anyMemRef accepts ranked and unranked memrefs; rankedMemRef keeps
	// MLIR's description where only a ranked one can work.
	anyMemRef    = arith.Constraint{Desc: "memref of any type values", OK: isMemRef}
	rankedMemRef = arith.Constraint{Desc: "memref of any type values", OK: func(t ir.Type) bool {
		_, ok := t.(*ir.MemRefType)
		return ok
	}}
	unrankedMemRef = arith.Constraint{Desc: "unranked.memref of any type values", OK: func(t ir.Type) bool {
		_, ok := t.(*ir.UnrankedMemRefType)
		return ok
	}}
	printfArg = arith.Constraint{Desc: "variadic of integer or index or floating-point", OK: func(t ir.Type) bool {
		return ir.IsIntOrIndex(t) || ir.IsFloat(t)
	}}
	mmaMatrixType = arith.Constraint{Desc: "gpu.mma_matrix of 8-bit signed integer or 8-bit unsigned integer or 32-bit signless integer or 16-bit float or 32-bit float values",
		OK: func(t ir.Type) bool {
			_, ok := t.(*MMAMatrixType)
			return ok
		}}
	namedBarrierType = arith.Constraint{Desc: "named barrier", OK: func(t ir.Type) bool {
		_, ok := t.(*NamedBarrierType)
		return ok
	}}
)

// isSignlessInt reports whether t is a signless integer of the given
// width (of any width for 0).
func isSignlessInt(t ir.Type, width int) bool {
	it, ok := t.(*ir.IntegerType)
	return ok && it.Signedness == ir.Signless && (width == 0 || it.Width == width)
}

func isIndexType(t ir.Type) bool {
	_, ok := t.(*ir.IndexType)
	return ok
}

// isMemRef reports whether t is a ranked or unranked memref.
func isMemRef(t ir.Type) bool {
	switch t.(type) {
	case *ir.MemRefType, *ir.UnrankedMemRefType:
		return true
	}
	return false
}

func isAsyncToken(t ir.Type) bool {
	_, ok := t.(*AsyncTokenType)
	return ok
}

// checkOperandValue checks operand v of op, wherever it is, against c.
func checkOperandValue(op *ir.Operation, v *ir.Value, c arith.Constraint) error {
	return arith.CheckOperand(op, opIndex(op, v), c)
}
