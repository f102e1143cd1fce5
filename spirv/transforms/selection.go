package transforms

import (
	"github.com/kiln-gpu/kiln/ir"
)

// selectionToSelect turns a spirv.mlir.selection whose two branches each
// only store a value through the same pointer into a spirv.Select of the
// two values and one store (MLIR's ConvertSelectionOpToSelect): the shape
// scf.if with results takes once lowered through a Function variable.
// Unlike MLIR it keeps vector values in branches, since a vector Select
// with a scalar condition needs SPIR-V 1.4.
//
//	spirv.mlir.selection {
//	  spirv.BranchConditional %c, ^t, ^f
//	^t:  spirv.Store "Function" %p, %x : i32   spirv.Branch ^m
//	^f:  spirv.Store "Function" %p, %y : i32   spirv.Branch ^m
//	^m:  spirv.mlir.merge
//	}
func selectionToSelect(op *ir.Operation, rw *ir.Rewriter) bool {
	r := op.Region(0)
	blocks := []*ir.Block{}
	for b := r.Entry(); b != nil; b = b.Next() {
		blocks = append(blocks, b)
	}
	if len(blocks) != 4 {
		return false
	}
	header, merge := blocks[0], blocks[3]
	br := header.First()
	if br == nil || br.Name() != "spirv.BranchConditional" || br.NextOp() != nil || br.NumOperands() != 1 {
		return false
	}
	t, ok1 := storeThenBranch(br.Successor(0), merge)
	f, ok2 := storeThenBranch(br.Successor(1), merge)
	if !ok1 || !ok2 || t.Operand(0) != f.Operand(0) || !sameAttrs(t, f) {
		return false
	}
	x, y := t.Operand(1), f.Operand(1)
	switch x.Type().(type) {
	case *ir.IntegerType, *ir.FloatType:
	default:
		return false
	}
	rw.SetInsertionPointBefore(op)
	sel := rw.Create(&ir.OpState{Name: "spirv.Select", Loc: op.Loc(), Operands: []*ir.Value{br.Operand(0), x, y},
		ResultTypes: []ir.Type{x.Type()}}).Result(0)
	rw.Create(&ir.OpState{Name: "spirv.Store", Loc: t.Loc(), Operands: []*ir.Value{t.Operand(0), sel}, Attrs: t.Attrs()})
	rw.EraseOp(op)
	return true
}

// storeThenBranch returns the store of a block without arguments that
// holds only a spirv.Store and a spirv.Branch to merge.
func storeThenBranch(b, merge *ir.Block) (*ir.Operation, bool) {
	st := b.First()
	if b.NumArgs() != 0 || st == nil || st.Name() != "spirv.Store" {
		return nil, false
	}
	br := st.NextOp()
	if br == nil || br.Name() != "spirv.Branch" || br.NextOp() != nil || br.NumOperands() != 0 || br.Successor(0) != merge {
		return nil, false
	}
	return st, true
}

func sameAttrs(a, b *ir.Operation) bool {
	x, y := a.Attrs(), b.Attrs()
	if len(x) != len(y) {
		return false
	}
	for i := range x {
		if x[i] != y[i] {
			return false
		}
	}
	return true
}
