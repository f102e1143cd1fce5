package transforms

import (
	"github.com/kiln-gpu/kiln/ir"
	"github.com/kiln-gpu/kiln/ir/pass"
	"github.com/kiln-gpu/kiln/ir/rewrite"
	"github.com/kiln-gpu/kiln/memref"
)

// BubbleDownMemorySpaceCastsPass is bubble-down-memory-space-casts (MLIR's
// BubbleDownMemorySpaceCasts): an op that reads a memref through a
// memref.memory_space_cast to the default memory space uses the cast's
// source instead; an op deriving a memref from it (a view, a cast, a
// reshape) derives it in the source's memory space and casts the result.
func BubbleDownMemorySpaceCastsPass() *pass.Pass {
	return &pass.Pass{Name: "BubbleDownMemorySpaceCasts", Argument: "bubble-down-memory-space-casts",
		Summary: "Bubbles down memory-space cast operations.",
		Run: func(op *ir.Operation, _ *pass.Context) error {
			return rewrite.ApplyGreedily(op, &ir.Pattern{Name: "BubbleDownCastsPattern", Rewrite: bubbleDownCast})
		}}
}

// spaceCastConsumers are the ops of MLIR's
// MemorySpaceCastConsumerOpInterface: the operand that may come from a
// cast, and whether the op's memref result derives from it.
var spaceCastConsumers = map[string]struct {
	operand     int
	passthrough bool
}{
	"memref.load":             {0, false},
	"memref.store":            {1, false},
	"memref.atomic_rmw":       {1, false},
	"memref.cast":             {0, true},
	"memref.view":             {0, true},
	"memref.subview":          {0, true},
	"memref.reinterpret_cast": {0, true},
	"memref.reshape":          {0, true},
	"memref.expand_shape":     {0, true},
	"memref.collapse_shape":   {0, true},
	"memref.transpose":        {0, true},
	"memref.assume_alignment": {0, true},
	"vector.load":             {0, false},
	"vector.store":            {1, false},
	"vector.transfer_read":    {0, false},
	"vector.transfer_write":   {1, false},
	"vector.maskedload":       {0, false},
	"vector.maskedstore":      {0, false},
	"vector.gather":           {0, false},
	"vector.scatter":          {0, false},
	"vector.expandload":       {0, false},
	"vector.compressstore":    {0, false},
}

// bubbleDownCast is MLIR's BubbleDownCastsPattern.
func bubbleDownCast(op *ir.Operation, rw *ir.Rewriter) bool {
	c, ok := spaceCastConsumers[op.Name()]
	if !ok || c.operand >= op.NumOperands() {
		return false
	}
	cast := op.Operand(c.operand).DefiningOp()
	// MLIR's MemorySpaceCastOp::isSourcePromotable: a cast to the default
	// memory space.
	if cast == nil || cast.Name() != "memref.memory_space_cast" || memref.MemorySpace(cast.Result(0).Type()) != nil {
		return false
	}
	src := cast.Operand(0)
	if !c.passthrough {
		rw.ModifyInPlace(op, func() { op.SetOperand(c.operand, src) })
		return true
	}
	if op.NumResults() != 1 {
		return false
	}
	resTy, ok := withMemorySpace(op.Context(), op.Result(0).Type(), memref.MemorySpace(src.Type()))
	if !ok {
		return false
	}
	operands := op.Operands()
	operands[c.operand] = src
	rw.SetInsertionPointBefore(op)
	n := rw.Create(&ir.OpState{Name: op.Name(), Loc: op.Loc(), Operands: operands, ResultTypes: []ir.Type{resTy}, Attrs: op.Attrs()})
	back := rw.CreateOp("memref.memory_space_cast", cast.Loc(), []*ir.Value{n.Result(0)}, []ir.Type{op.Result(0).Type()})
	rw.ReplaceOp(op, back.Results())
	return true
}

// withMemorySpace is t in memory space space (MLIR's clonePtrWith).
func withMemorySpace(ctx *ir.Context, t ir.Type, space ir.Attribute) (ir.Type, bool) {
	switch m := t.(type) {
	case *ir.MemRefType:
		return ctx.MemRef(m.Dims, m.Elem, m.Layout, space), true
	case *ir.UnrankedMemRefType:
		return ctx.UnrankedMemRef(m.Elem, space), true
	}
	return nil, false
}
