package scf

import (
	"slices"

	"github.com/kiln-gpu/kiln/ir"
)

// isNot reports whether v is xori(x, true).
func isNot(v, x *ir.Value) bool {
	d := v.DefiningOp()
	if d == nil || d.Name() != "arith.xori" || d.Operand(0) != x {
		return false
	}
	c, ok := ir.ConstantIntAttr(d.Operand(1))
	return ok && c.Int()&1 == 1
}

// inRegion reports whether op is nested (at any depth) in region r.
func inRegion(op *ir.Operation, r *ir.Region) bool {
	for op != nil {
		pr := op.ParentRegion()
		if pr == r {
			return true
		}
		if pr == nil {
			return false
		}
		op = pr.ParentOp()
	}
	return false
}

// combineIfs merges an scf.if into the scf.if right before it when their
// conditions are equal or one is the other negated: one scf.if yields the
// results of both (MLIR's CombineIfs).
func combineIfs(op *ir.Operation, rw *ir.Rewriter) bool {
	prevOp := op.PrevOp()
	if prevOp == nil || prevOp.Name() != "scf.if" {
		return false
	}
	prev, next := If{prevOp}, If{op}
	var nextThen, nextElse *ir.Block
	if next.Condition() == prev.Condition() {
		nextThen, nextElse = next.Then(), next.Else()
	}
	if isNot(next.Condition(), prev.Condition()) || isNot(prev.Condition(), next.Condition()) {
		nextThen, nextElse = next.Else(), next.Then()
	}
	if nextThen == nil && nextElse == nil {
		return false
	}
	yieldOf := func(b *ir.Block) *ir.Operation {
		if b == nil || b.Last() == nil || b.Last().Name() != "scf.yield" {
			return nil
		}
		return b.Last()
	}
	for _, b := range []*ir.Block{prev.Then(), prev.Else(), nextThen, nextElse} {
		if b != nil && yieldOf(b) == nil {
			return false
		}
	}
	// Inside next, prev's results are what prev's branch for that case yields.
	if prevOp.NumResults() > 0 {
		ty, ey := yieldOf(prev.Then()), yieldOf(prev.Else())
		for i, r := range prevOp.Results() {
			for u := range r.Uses() {
				owner := u.Owner()
				switch {
				case nextThen != nil && inRegion(owner, nextThen.Parent()):
					rw.ModifyInPlace(owner, func() { owner.SetOperand(u.Index(), ty.Operand(i)) })
				case nextElse != nil && ey != nil && inRegion(owner, nextElse.Parent()):
					rw.ModifyInPlace(owner, func() { owner.SetOperand(u.Index(), ey.Operand(i)) })
				}
			}
		}
	}
	rw.SetInsertionPointBefore(op)
	st := &ir.OpState{Name: "scf.if", Loc: op.Loc(), Operands: []*ir.Value{prev.Condition()},
		ResultTypes: slices.Concat(prevOp.ResultTypes(), op.ResultTypes())}
	nthen, nelse := st.AddRegion(), st.AddRegion()
	rw.InlineRegionBefore(prevOp.Region(0), nthen, nil)
	rw.InlineRegionBefore(prevOp.Region(1), nelse, nil)
	merge := func(dst *ir.Region, src *ir.Block) {
		if src == nil {
			return
		}
		if dst.Empty() {
			rw.InlineRegionBefore(src.Parent(), dst, nil)
			return
		}
		b := dst.Entry()
		y1, y2 := b.Last(), src.Last()
		rw.MergeBlocks(src, b, nil)
		rw.SetInsertionPointAfter(y2)
		rw.Create(&ir.OpState{Name: "scf.yield", Loc: y2.Loc(), Operands: slices.Concat(y1.Operands(), y2.Operands())})
		rw.EraseOp(y1)
		rw.EraseOp(y2)
	}
	merge(nthen, nextThen)
	merge(nelse, nextElse)
	rw.SetInsertionPointBefore(op)
	n := rw.Create(st)
	rw.ReplaceOp(prevOp, n.Results()[:prevOp.NumResults()])
	rw.ReplaceOp(op, n.Results()[prevOp.NumResults():])
	return true
}

// combineNestedIfs merges `scf.if %a { scf.if %b {...} }`, where the inner
// if is all the outer then-branch holds and else-branches only yield, into
// one scf.if on %a && %b (MLIR's CombineNestedIfs). An outer result that
// the inner if does not give must come from outside: it becomes a select
// on %a; one the inner if gives must be yielded by both else-branches.
func combineNestedIfs(op *ir.Operation, rw *ir.Rewriter) bool {
	outer := If{op}
	then := outer.Then()
	if then == nil || then.First() == nil || then.First().NextOp() != then.Last() || then.First().Name() != "scf.if" {
		return false
	}
	inner := If{then.First()}
	onlyYields := func(b *ir.Block) bool { return b == nil || (b.First() == b.Last() && b.Last().Name() == "scf.yield") }
	if !onlyYields(outer.Else()) || !onlyYields(inner.Else()) || inner.Then() == nil || then.Last().Name() != "scf.yield" {
		return false
	}
	thenYield := slices.Clone(then.Last().Operands())
	var elseYield []*ir.Value
	if e := outer.Else(); e != nil {
		elseYield = e.Last().Operands()
	}
	if len(elseYield) != len(thenYield) {
		return false
	}
	var toSelect []int
	for i, v := range thenYield {
		if v.DefiningOp() == inner.Operation {
			k := v.Index()
			if inner.Else() == nil || inner.Else().Last().Operand(k) != elseYield[i] {
				return false
			}
			thenYield[i] = inner.Then().Last().Operand(k)
			continue
		}
		if d := v.DefiningOp(); d != nil && inRegion(d, op.Region(0)) {
			return false
		}
		toSelect = append(toSelect, i)
	}
	ctx := op.Context()
	rw.SetInsertionPointBefore(op)
	cond := rw.Create(&ir.OpState{Name: "arith.andi", Loc: op.Loc(), Operands: []*ir.Value{outer.Condition(), inner.Condition()},
		ResultTypes: []ir.Type{ctx.I(1)}}).Result(0)
	results := make([]*ir.Value, op.NumResults())
	for _, i := range toSelect {
		results[i] = rw.Create(&ir.OpState{Name: "arith.select", Loc: op.Loc(),
			Operands: []*ir.Value{outer.Condition(), thenYield[i], elseYield[i]}, ResultTypes: []ir.Type{thenYield[i].Type()}}).Result(0)
	}
	st := &ir.OpState{Name: "scf.if", Loc: op.Loc(), Operands: []*ir.Value{cond}, ResultTypes: op.ResultTypes()}
	nthen, nelse := st.AddRegion(), st.AddRegion()
	rw.InlineRegionBefore(inner.Region(0), nthen, nil)
	y := nthen.Entry().Last()
	rw.ModifyInPlace(y, func() { y.SetOperands(thenYield) })
	if len(elseYield) > 0 {
		b := ir.NewBlock(nil, nil)
		nelse.Append(b)
		rw.SetInsertionPointToEnd(b)
		rw.Create(&ir.OpState{Name: "scf.yield", Loc: op.Loc(), Operands: elseYield})
		rw.SetInsertionPointBefore(op)
	}
	n := rw.Create(st)
	for i := range results {
		if results[i] == nil {
			results[i] = n.Result(i)
		}
	}
	rw.ReplaceOp(op, results)
	return true
}
