package scf

import (
	"slices"

	"github.com/kiln-gpu/kiln/ir"
)

var ifOp = &ir.OpDef{
	Name: "scf.if", Summary: "Runs the then or else region depending on a condition, yielding their values.",
	Example:  "%r = scf.if %c -> (f32) {\n  scf.yield %a : f32\n} else {\n  scf.yield %b : f32\n}",
	Traits:   ir.RecursiveEffects | ir.SingleBlock,
	Operands: ir.Exactly(1),
	Results:  ir.Variadic,
	Regions:  ir.Exactly(2),
	// Hand-written as in MLIR (IfOp::parse, SCF.cpp): the yields are implicit
	// and elided only without results, and an arrow type list (parenthesized
	// for several types) has no format directive.
	Parse:            parseIf,
	Print:            printIf,
	RegionSuccessors: ir.BranchSuccessors,
	Verify: func(op *ir.Operation) error {
		if err := checkOperand(op, 0, isI1, "1-bit signless integer"); err != nil {
			return err
		}
		for i, r := range op.Regions() {
			if b := r.Entry(); b != nil && b.NumArgs() > 0 {
				return op.Errorf("region #%d should have no arguments", i)
			}
		}
		if op.NumResults() > 0 && op.Region(1).Empty() {
			return op.Errorf("must have an else block if defining values")
		}
		return nil
	},
	VerifyRegions: func(op *ir.Operation) error {
		for _, r := range op.Regions() {
			if err := verifyYieldEdge(op, r); err != nil {
				return err
			}
		}
		return nil
	},
	// In MLIR's order (IfOp::getCanonicalizationPatterns): it decides
	// which of two matching patterns rewrites first.
	Canonicalize: []*ir.Pattern{
		{Name: "combine-ifs", Root: "scf.if", Rewrite: combineIfs},
		{Name: "combine-nested-ifs", Root: "scf.if", Rewrite: combineNestedIfs},
		{Name: "if-condition-propagation", Root: "scf.if", Rewrite: ifConditionPropagation},
		{Name: "if-not-condition", Root: "scf.if", Rewrite: ifNotCondition},
		{Name: "if-to-select", Root: "scf.if", Rewrite: ifToSelect},
		{Name: "if-remove-empty-else", Root: "scf.if", Rewrite: ifRemoveEmptyElse},
		{Name: "if-static-condition", Root: "scf.if", Rewrite: ifStaticCondition},
		{Name: "if-remove-unused-results", Root: "scf.if", Rewrite: ifRemoveUnusedResults},
		{Name: "if-same-yields", Root: "scf.if", Rewrite: ifSameYields},
	},

	Speculatability: func(*ir.Operation) ir.Speculatability { return ir.RecursivelySpeculatable },
	// A constant condition enters the then region (successor 0) or the else one.
	SuccessorForOperands: ir.CondSuccessor,
}

// If is a typed view of scf.if.
type If struct{ *ir.Operation }

// Condition returns the i1 condition.
func (i If) Condition() *ir.Value { return i.Operand(0) }

// Then returns the then block.
func (i If) Then() *ir.Block { return i.Region(0).Entry() }

// Else returns the else block, or nil when there is none.
func (i If) Else() *ir.Block { return i.Region(1).Entry() }

// %c (-> (types))? region (else region)? attr-dict
func parseIf(p *ir.OpParser, st *ir.OpState) error {
	ctx := p.Context()
	c, err := p.ParseOperand()
	if err != nil {
		return err
	}
	if err := p.ResolveOperands([]ir.UnresolvedOperand{c}, []ir.Type{ctx.I(1)}); err != nil {
		return err
	}
	if st.ResultTypes, err = p.ParseOptionalArrowTypeList(); err != nil {
		return err
	}
	at := p.Pos()
	then := st.AddRegion()
	if err := p.ParseRegion(then, nil); err != nil {
		return err
	}
	ensureTerminator(p, then, "scf.yield", at)
	els := st.AddRegion()
	if p.ParseOptionalKeyword("else") {
		at := p.Pos()
		if err := p.ParseRegion(els, nil); err != nil {
			return err
		}
		ensureTerminator(p, els, "scf.yield", at)
	}
	return p.ParseOptionalAttrDict()
}

func printIf(p *ir.OpPrinter, op *ir.Operation) {
	p.WriteByte(' ')
	p.Operand(op.Operand(0))
	if op.NumResults() > 0 {
		p.WriteString(" -> (")
		p.TypeList(op.ResultTypes())
		p.WriteByte(')')
	}
	p.WriteByte(' ')
	terms := op.NumResults() > 0
	p.Region(op.Region(0), false, terms)
	if !op.Region(1).Empty() {
		p.WriteString(" else ")
		p.Region(op.Region(1), false, terms)
	}
	p.OptionalAttrDict(op.Attrs())
}

// ifStaticCondition inlines the region a constant condition selects.
func ifStaticCondition(op *ir.Operation, rw *ir.Rewriter) bool {
	c, ok := ir.ConstantIntAttr(op.Operand(0))
	if !ok {
		return false
	}
	r := op.Region(1)
	if c.Bool() {
		r = op.Region(0)
	}
	if r.Empty() {
		if op.NumResults() > 0 {
			return false
		}
		rw.EraseOp(op)
		return true
	}
	b := r.Entry()
	y := b.Last()
	if y == nil || y.Name() != "scf.yield" || y.NumOperands() != op.NumResults() {
		return false
	}
	rw.InlineBlockBefore(b, op, nil)
	rw.ReplaceOp(op, y.Operands())
	rw.EraseOp(y)
	return true
}

// ifRemoveUnusedResults drops results nobody uses (MLIR's RemoveUnusedResults).
func ifRemoveUnusedResults(op *ir.Operation, rw *ir.Rewriter) bool {
	var keep []int
	for i, r := range op.Results() {
		if r.HasUses() {
			keep = append(keep, i)
		}
	}
	if len(keep) == op.NumResults() {
		return false
	}
	var types []ir.Type
	for _, i := range keep {
		types = append(types, op.Result(i).Type())
	}
	rw.SetInsertionPointBefore(op)
	st := &ir.OpState{Name: "scf.if", Loc: op.Loc(), Operands: op.Operands(), ResultTypes: types, Attrs: op.Attrs()}
	nthen, nelse := st.AddRegion(), st.AddRegion()
	rw.InlineRegionBefore(op.Region(0), nthen, nil)
	rw.InlineRegionBefore(op.Region(1), nelse, nil)
	n := rw.Create(st)
	for _, r := range n.Regions() {
		if y := terminator(r); y != nil && y.Name() == "scf.yield" && y.NumOperands() == op.NumResults() {
			var vals []*ir.Value
			for _, i := range keep {
				vals = append(vals, y.Operand(i))
			}
			rw.ModifyInPlace(y, func() { y.SetOperands(vals) })
		}
	}
	results := make([]*ir.Value, op.NumResults())
	for k, i := range keep {
		results[i] = n.Result(k)
	}
	for i := range results {
		if results[i] == nil {
			results[i] = op.Result(i) // unused: left dangling on the erased op's own value
		}
	}
	rw.ReplaceOp(op, results)
	return true
}

// ifSameYields replaces results that both branches yield as the same
// value from outside the op, and results that yield true/false constants
// matching the condition (MLIR's ReplaceIfYieldWithConditionOrValue).
func ifSameYields(op *ir.Operation, rw *ir.Rewriter) bool {
	if op.NumResults() == 0 || op.Region(1).Empty() {
		return false
	}
	ty, ey := terminator(op.Region(0)), terminator(op.Region(1))
	if ty == nil || ey == nil || ty.NumOperands() != op.NumResults() || ey.NumOperands() != op.NumResults() {
		return false
	}
	changed := false
	for i, r := range op.Results() {
		if !r.HasUses() {
			continue
		}
		a, b := ty.Operand(i), ey.Operand(i)
		if a == b && !op.IsAncestorOf(definer(a)) {
			rw.ReplaceAllUsesWith(r, a)
			changed = true
			continue
		}
		if isI1(r.Type()) {
			ca, okA := constBool(a)
			cb, okB := constBool(b)
			if okA && okB && ca && !cb {
				rw.ReplaceAllUsesWith(r, op.Operand(0))
				changed = true
			}
		}
	}
	return changed
}

// definer returns the op that owns v (its defining op, or the parent op
// of its block).
func definer(v *ir.Value) *ir.Operation {
	if d := v.DefiningOp(); d != nil {
		return d
	}
	if b := v.OwnerBlock(); b != nil {
		return b.ParentOp()
	}
	return nil
}

func constBool(v *ir.Value) (bool, bool) {
	c, ok := ir.ConstantIntAttr(v)
	return ok && c.Bool(), ok
}

// ifToSelect turns the results of an scf.if that both branches yield from
// outside it into arith.select ops (or the value itself when equal); the
// if keeps the other results and its bodies (MLIR's ConvertTrivialIfToSelect).
func ifToSelect(op *ir.Operation, rw *ir.Rewriter) bool {
	if op.NumResults() == 0 || op.Region(1).Empty() {
		return false
	}
	ty, ey := terminator(op.Region(0)), terminator(op.Region(1))
	if ty == nil || ey == nil || ty.NumOperands() != op.NumResults() || ey.NumOperands() != op.NumResults() {
		return false
	}
	inside := func(v *ir.Value, r *ir.Region) bool {
		if d := v.DefiningOp(); d != nil {
			return inRegion(d, r)
		}
		return v.OwnerBlock() != nil && v.OwnerBlock().Parent() == r
	}
	var keep []int
	var keepTypes []ir.Type
	for i, r := range op.Results() {
		if inside(ty.Operand(i), op.Region(0)) || inside(ey.Operand(i), op.Region(1)) {
			keep = append(keep, i)
			keepTypes = append(keepTypes, r.Type())
		}
	}
	if len(keep) == op.NumResults() {
		return false
	}
	rw.SetInsertionPointBefore(op)
	vals := make([]*ir.Value, op.NumResults())
	for i, r := range op.Results() {
		a, b := ty.Operand(i), ey.Operand(i)
		switch {
		case slices.Contains(keep, i):
		case a == b:
			vals[i] = a
		default:
			vals[i] = rw.Create(&ir.OpState{Name: "arith.select", Loc: op.Loc(), Operands: []*ir.Value{op.Operand(0), a, b}, ResultTypes: []ir.Type{r.Type()}}).Result(0)
		}
	}
	if len(keep) == 0 && ty.PrevOp() == nil && ey.PrevOp() == nil {
		rw.ReplaceOp(op, vals)
		return true
	}
	st := &ir.OpState{Name: "scf.if", Loc: op.Loc(), Operands: op.Operands(), ResultTypes: keepTypes, Attrs: op.Attrs()}
	nthen, nelse := st.AddRegion(), st.AddRegion()
	rw.InlineRegionBefore(op.Region(0), nthen, nil)
	rw.InlineRegionBefore(op.Region(1), nelse, nil)
	for _, y := range []*ir.Operation{ty, ey} {
		var kept []*ir.Value
		for _, i := range keep {
			kept = append(kept, y.Operand(i))
		}
		rw.ModifyInPlace(y, func() { y.SetOperands(kept) })
	}
	n := rw.Create(st)
	for k, i := range keep {
		vals[i] = n.Result(k)
	}
	rw.ReplaceOp(op, vals)
	return true
}

// ifNotCondition rewrites `scf.if (xori %c, true) {A} else {B}` to
// `scf.if %c {B} else {A}`, as MLIR's canonicalization (tested by
// if_condition_swap) does.
func ifNotCondition(op *ir.Operation, rw *ir.Rewriter) bool {
	c := op.Operand(0)
	d := c.DefiningOp()
	if d == nil || d.Name() != "arith.xori" || op.Region(1).Empty() || !isNot(c, d.Operand(0)) {
		return false
	}
	rw.ModifyInPlace(op, func() {
		op.SetOperand(0, d.Operand(0))
		tmp := ir.NewRegion()
		tmp.TakeBody(op.Region(0))
		op.Region(0).TakeBody(op.Region(1))
		op.Region(1).TakeBody(tmp)
	})
	return true
}

// ifRemoveEmptyElse drops an else region that only yields, in an scf.if
// without results (MLIR's RemoveEmptyElseBranch).
func ifRemoveEmptyElse(op *ir.Operation, rw *ir.Rewriter) bool {
	r := op.Region(1)
	if op.NumResults() > 0 || !r.HasOneBlock() {
		return false
	}
	y := r.Entry().Last()
	if y == nil || y.Name() != "scf.yield" || y.PrevOp() != nil {
		return false
	}
	rw.ModifyInPlace(op, func() {})
	rw.EraseBlock(r.Entry())
	return true
}
