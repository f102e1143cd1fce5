package scf

import (
	"fmt"

	"github.com/kiln-gpu/kiln/ir"
)

// ensureTerminator appends `name` with no operands to a single-block
// region whose block lacks a terminator (creating the block if the region
// is empty), as MLIR's SingleBlockImplicitTerminator does when parsing.
// at is where the region starts, the implicit terminator's location.
func ensureTerminator(p *ir.OpParser, r *ir.Region, name string, at ir.Pos) {
	if r.Empty() {
		r.Append(ir.NewBlock(nil, nil))
	}
	b := r.Entry()
	if last := b.Last(); last != nil && last.HasTrait(ir.Terminator) {
		return
	}
	b.Append(p.Context().NewOp(&ir.OpState{Name: name, Loc: p.LocAt(at)}))
}

// withTypes gives parsed arguments their types.
func withTypes(args []ir.Argument, ts []ir.Type) []ir.Argument {
	for i := range args {
		if i < len(ts) {
			args[i].Type = ts[i]
		}
	}
	return args
}

// terminator returns the terminator of a region's single block, or nil.
func terminator(r *ir.Region) *ir.Operation {
	if r.Empty() {
		return nil
	}
	return r.Entry().Last()
}

// edge names one side of a region control-flow edge in MLIR's messages.
type edge struct {
	name string // "parent results", "Region #1"
	succ string // "<to parent>", "<to region #1 with 1 inputs>"
}

func toParent() edge { return edge{"parent results", "<to parent>"} }

func toRegion(i, n int) edge {
	return edge{fmt.Sprintf("Region #%d", i), fmt.Sprintf("<to region #%d with %d inputs>", i, n)}
}

// verifyEdge checks that the values passed along a region control-flow
// edge match the inputs of its target, with MLIR's RegionBranchOpInterface
// messages.
func verifyEdge(op *ir.Operation, from string, vals []*ir.Value, to edge, inputs []ir.Type) error {
	if len(vals) != len(inputs) {
		return op.Errorf("region control flow edge from %s to %s: source has %d operands, but target successor %s needs %d",
			from, to.name, len(vals), to.succ, len(inputs))
	}
	for i, v := range vals {
		if v.Type() != inputs[i] {
			return op.Errorf("along control flow edge from %s to %s: source type #%d '%s' should match input type #%d '%s'",
				from, to.name, i, ir.TypeString(v.Type()), i, ir.TypeString(inputs[i]))
		}
	}
	return nil
}

// verifyYieldEdge checks the terminator of region r against the op's results.
func verifyYieldEdge(op *ir.Operation, r *ir.Region) error {
	t := terminator(r)
	if t == nil || t.Name() != "scf.yield" {
		return nil
	}
	return verifyEdge(op, "Operation scf.yield", t.Operands(), toParent(), op.ResultTypes())
}

func isIndex(t ir.Type) bool { _, ok := t.(*ir.IndexType); return ok }

func isSignlessIntOrIndex(t ir.Type) bool {
	if it, ok := t.(*ir.IntegerType); ok {
		return it.IsSignless()
	}
	return isIndex(t)
}

func isI1(t ir.Type) bool {
	it, ok := t.(*ir.IntegerType)
	return ok && it.Width == 1 && it.IsSignless()
}

// checkOperand reports operand #i of op unless pred accepts its type.
func checkOperand(op *ir.Operation, i int, pred func(ir.Type) bool, desc string) error {
	if i < op.NumOperands() && !pred(op.Operand(i).Type()) {
		return op.Errorf("operand #%d must be %s, but got '%s'", i, desc, ir.TypeString(op.Operand(i).Type()))
	}
	return nil
}

// constInt returns the integer value of a constant-like op defining v.
func constInt(v *ir.Value) (int64, bool) {
	if c, ok := ir.ConstantIntAttr(v); ok {
		return c.Int(), true
	}
	return 0, false
}

// The RegionSuccessors of the scf ops (MLIR's getSuccessorRegions and
// getEntrySuccessorOperands / getMutableSuccessorOperands).

// forSuccessors: the body or, for zero trips, the results take the inits,
// then the body or the results take what the body yields.
func forSuccessors(op *ir.Operation, from *ir.Operation) []ir.RegionSuccessor {
	start := 3
	if from != nil {
		start = 0
	}
	return []ir.RegionSuccessor{ir.EntrySuccessor(op, 0, start, 1), ir.ResultsSuccessor(op, start)}
}

// whileSuccessors: the inits and the after region's yield go to the before
// region; its scf.condition passes its arguments to the after region or
// the results.
func whileSuccessors(op *ir.Operation, from *ir.Operation) []ir.RegionSuccessor {
	if from == nil || from.ParentRegion().Index() == 1 {
		return []ir.RegionSuccessor{ir.EntrySuccessor(op, 0, 0, 0)}
	}
	return []ir.RegionSuccessor{ir.EntrySuccessor(op, 1, 1, 0), ir.ResultsSuccessor(op, 1)}
}
