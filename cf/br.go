package cf

import "github.com/kiln-gpu/kiln/ir"

const brName = "cf.br"

var brDef = &ir.OpDef{
	Name:       brName,
	Summary:    "Branches to a block, passing values to its arguments.",
	Example:    "func.func @f(%arg0: i32) -> i32 {\n  cf.br ^bb1(%arg0 : i32)\n^bb1(%0: i32):  // pred: ^bb0\n  return %0 : i32\n}",
	Traits:     ir.Terminator | ir.Pure,
	Operands:   ir.Variadic,
	Successors: ir.Exactly(1),
	Format: &ir.Format{Syntax: "$dest (`(` $destOperands^ `:` type($destOperands) `)`)? attr-dict",
		Operands: []string{"destOperands*"}, Successors: []string{"dest"}},
	SuccessorOperands:    func(op *ir.Operation, i int) (int, int) { return 0, op.NumOperands() },
	SetSuccessorOperands: func(op *ir.Operation, _ int, vals []*ir.Value) { op.SetOperands(vals) },
	Canonicalize: []*ir.Pattern{
		{Name: "merge-block-with-single-pred", Root: "cf.br", Benefit: 1, Rewrite: mergeSinglePredBlock},
		{Name: "forward-pass-through-br", Root: "cf.br", Benefit: 1, Rewrite: forwardBr},
	},
}

func brState(loc ir.Location, dest *ir.Block, operands []*ir.Value) *ir.OpState {
	return &ir.OpState{Name: brName, Loc: loc, Operands: operands, Successors: []*ir.Block{dest}}
}

// mergeSinglePredBlock merges the destination into the branching block
// when this branch is its only predecessor.
func mergeSinglePredBlock(op *ir.Operation, rw *ir.Rewriter) bool {
	dest, blk := op.Successor(0), op.Block()
	if dest == blk || len(dest.Predecessors()) != 1 || dest.NumArgs() != op.NumOperands() {
		return false
	}
	rw.MergeBlocks(dest, blk, op.Operands())
	rw.EraseOp(op)
	return true
}

// forwardBr makes `br ^bb1` branch straight to where ^bb1 branches when
// ^bb1 holds nothing but that branch.
func forwardBr(op *ir.Operation, rw *ir.Rewriter) bool {
	dest := op.Successor(0)
	if dest == op.Block() {
		return false
	}
	next, args, ok := collapseBranch(dest, op.Operands())
	if !ok {
		return false
	}
	rw.ReplaceOpWith(op, brState(op.Loc(), next, args))
	return true
}

// collapseBranch looks through a successor that only holds a cf.br (which
// alone uses the block's arguments) and returns the block it branches to
// with the operands to pass there.
func collapseBranch(dest *ir.Block, operands []*ir.Value) (*ir.Block, []*ir.Value, bool) {
	br := dest.First()
	if br == nil || br != dest.Last() || br.Name() != brName || br.NumSuccessors() != 1 {
		return nil, nil, false
	}
	for _, a := range dest.Args() {
		for u := range a.Users() {
			if u != br {
				return nil, nil, false
			}
		}
	}
	next := br.Successor(0)
	if next == dest || dest.NumArgs() != len(operands) {
		return nil, nil, false // an infinite loop, or invalid IR
	}
	if inBranchCycle(dest, next) {
		return nil, nil, false
	}
	args := br.Operands()
	for i, v := range args {
		if v.IsBlockArgument() && v.OwnerBlock() == dest {
			args[i] = operands[v.Index()]
		}
	}
	return next, args, true
}

// inBranchCycle reports whether the chain of cf.br from next comes back to
// dest or to a block already on it (MLIR's collapseBranch refuses those
// since PR 160783): collapsing a cycle of blocks that only branch on would
// rotate it forever.
func inBranchCycle(dest, next *ir.Block) bool {
	seen := map[*ir.Block]bool{dest: true, next: true}
	for b := next; ; {
		t := b.Last()
		if t == nil || t.Name() != brName || t.NumSuccessors() != 1 {
			return false
		}
		b = t.Successor(0)
		if seen[b] {
			return true
		}
		seen[b] = true
	}
}
