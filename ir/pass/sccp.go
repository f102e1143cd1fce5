package pass

import (
	"slices"

	"github.com/kiln-gpu/kiln/ir"
	"github.com/kiln-gpu/kiln/ir/dataflow"
	"github.com/kiln-gpu/kiln/ir/rewrite"
)

// SCCP returns the sccp pass: MLIR's sparse conditional constant
// propagation. It simulates the op's regions from their entry blocks,
// following only the branches and region successors that can be taken
// given what is known constant, and folding ops on their constant
// operands; then it replaces the values found constant by constants
// (materialized by the folding op's dialect at the start of the enclosing
// isolated region) and erases the ops left dead. Arguments of the op's
// entry blocks and ops it cannot fold are unknown. Across calls it works
// as MLIR's interprocedural analysis (in ir/dataflow): a call to a
// function with a body in the op gets the values its reached returns give,
// and a function whose every caller is a call in the op (private, or
// nested in a table no IR above may see, and used by calls only) gets the
// values its reached calls pass; it is not simulated until one is reached.
func SCCP() *Pass {
	return &Pass{
		Name:     "SCCP",
		Argument: "sccp",
		Summary:  "Sparse Conditional Constant Propagation",
		Run: func(op *ir.Operation, _ *Context) error {
			s := &sccpSolver{ctx: op.Context(), made: map[*ir.Operation]bool{}}
			s.solver = dataflow.New[sccpLattice](s)
			s.solver.Run(op)
			s.rewrite(op)
			return nil
		},
	}
}

// sccpLattice is a value's state once reached: one constant or
// overdefined.
type sccpLattice struct {
	value   ir.Attribute
	dialect *ir.Dialect
	over    bool
}

// sccpSolver is sccp's dataflow.Analysis and its rewrite.
type sccpSolver struct {
	ctx    *ir.Context
	solver *dataflow.Solver[sccpLattice]
	// made are the constants the rewrite materialized.
	made map[*ir.Operation]bool
}

func (s *sccpSolver) Unknown(*ir.Value) sccpLattice { return sccpLattice{over: true} }

func (s *sccpSolver) Join(_ *ir.Value, cur, l sccpLattice) (sccpLattice, bool) {
	if cur.over || !l.over && cur.value == l.value {
		return cur, false
	}
	return sccpLattice{over: true}, true
}

func (s *sccpSolver) Constant(_ *ir.Value, l sccpLattice) ir.Attribute { return l.value }

func (s *sccpSolver) VisitArgs(d *dataflow.Solver[sccpLattice], _ *ir.Operation, _ int, args []*ir.Value) {
	for _, a := range args {
		d.SetUnknown(a)
	}
}

// Visit folds op on its constant operands, as MLIR's
// SparseConstantPropagation: results are unknown when the op does not fold
// or folds in place (undone here).
func (s *sccpSolver) Visit(d *dataflow.Solver[sccpLattice], op *ir.Operation) {
	operands, known := d.Constants(op)
	if !known {
		return
	}
	var results []ir.FoldResult
	ok := false
	if def := op.Def(); def != nil && def.Fold != nil {
		ops, attrs := op.Operands(), slices.Clone(op.Attrs())
		results, ok = def.Fold(op, operands)
		if ok && len(results) == 0 {
			op.SetOperands(ops)
			for _, a := range op.Attrs() {
				op.RemoveAttr(a.Name)
			}
			for _, a := range attrs {
				op.SetAttr(a.Name, a.Value)
			}
		}
	}
	if !ok || len(results) != op.NumResults() {
		for _, r := range op.Results() {
			d.SetUnknown(r)
		}
		return
	}
	dialect := op.Def().Dialect()
	for i, r := range results {
		switch {
		case r.Attr != nil:
			d.Join(op.Result(i), sccpLattice{value: r.Attr, dialect: dialect})
		case r.Value != nil && r.Value != op.Result(i):
			d.JoinValue(op.Result(i), r.Value)
		default:
			d.SetUnknown(op.Result(i))
		}
	}
}

// rewrite replaces the values found constant, as MLIR's SCCP rewrite: ops
// whose results all become constants and that are then dead go.
func (s *sccpSolver) rewrite(root *ir.Operation) {
	consts := map[rewrite.ConstKey]*ir.Value{}
	var blocks []*ir.Block
	addRegions := func(op *ir.Operation) {
		for _, r := range op.Regions() {
			for b := range r.Blocks() {
				blocks = append(blocks, b)
			}
		}
	}
	addRegions(root)
	for len(blocks) > 0 {
		b := blocks[0]
		blocks = blocks[1:]
		for op := b.First(); op != nil; {
			next := op.NextOp()
			all := op.NumResults() > 0
			for _, r := range op.Results() {
				all = s.replace(r, op, consts) && all
			}
			if all && ir.IsTriviallyDead(op) {
				op.Erase()
			} else {
				addRegions(op)
			}
			op = next
		}
		for _, a := range b.Args() {
			s.replace(a, b.First(), consts)
		}
	}
}

// replace replaces the uses of v by a constant if v was found to be one;
// at is an op in v's block, which locates the constant's scope.
func (s *sccpSolver) replace(v *ir.Value, at *ir.Operation, consts map[rewrite.ConstKey]*ir.Value) bool {
	l, ok := s.solver.State(v)
	if !ok || l.over || l.dialect == nil || l.dialect.MaterializeConstant == nil {
		return false
	}
	scope := rewrite.ConstScope(v.ParentRegion(), nil)
	key := rewrite.ConstKey{Scope: scope, Dialect: l.dialect, Value: l.value, Type: v.Type()}
	c := consts[key]
	if c == nil {
		entry := scope.Entry()
		before := entry.First()
		for before != nil && s.made[before] {
			before = before.NextOp()
		}
		loc := v.Loc()
		if at != nil {
			loc = at.Loc()
		}
		rw := ir.NewRewriter(s.ctx, nil)
		if before != nil {
			rw.SetInsertionPointBefore(before)
		} else {
			rw.SetInsertionPointToEnd(entry)
		}
		op := rewrite.MaterializeConstant(rw, l.dialect, l.value, v.Type(), loc)
		if op == nil {
			return false
		}
		s.made[op] = true
		c = op.Result(0)
		consts[key] = c
	}
	if c != v {
		v.ReplaceAllUsesWith(c)
	}
	return true
}
