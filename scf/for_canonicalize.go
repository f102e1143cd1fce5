package scf

import (
	"github.com/kiln-gpu/kiln/ir"
)

// tripBounds returns the constant bounds of a loop, widened to compare
// correctly: signed values, or unsigned ones for `unsigned` loops.
func tripBounds(f For) (lb, ub, step int64, unsigned, ok bool) {
	var ok1, ok2, ok3 bool
	lb, ok1 = constInt(f.LowerBound())
	ub, ok2 = constInt(f.UpperBound())
	step, ok3 = constInt(f.Step())
	return lb, ub, step, f.IsUnsigned(), ok1 && ok2 && ok3
}

func less(a, b int64, unsigned bool) bool {
	if unsigned {
		return uint64(a) < uint64(b)
	}
	return a < b
}

// simplifyTrivialFor removes loops that run zero times (results become
// the inits) and inlines loops that run exactly once, as MLIR's
// SimplifyTrivialLoops does.
func simplifyTrivialFor(op *ir.Operation, rw *ir.Rewriter) bool {
	f := For{op}
	if f.Body() == nil || f.Yield() == nil || f.Yield().Name() != "scf.yield" {
		return false
	}
	if f.LowerBound() == f.UpperBound() {
		rw.ReplaceOp(op, f.Inits())
		return true
	}
	lb, ub, step, unsigned, ok := tripBounds(f)
	if !ok {
		return false
	}
	if !less(lb, ub, unsigned) {
		rw.ReplaceOp(op, f.Inits())
		return true
	}
	// One iteration when lb + step >= ub, computed without overflow.
	if step <= 0 || uint64(ub)-uint64(lb) > uint64(step) {
		return false
	}
	y := f.Yield()
	args := append([]*ir.Value{f.LowerBound()}, f.Inits()...)
	rw.InlineBlockBefore(f.Body(), op, args)
	results := y.Operands()
	rw.ReplaceOp(op, results)
	rw.EraseOp(y)
	return true
}

// foldForIterArgs drops loop-carried values that never change: yielded
// unchanged, yielded as their init, or unused everywhere (MLIR's
// ForOpIterArgsFolder). Their results become the inits.
func foldForIterArgs(op *ir.Operation, rw *ir.Rewriter) bool {
	f := For{op}
	y := f.Yield()
	if y == nil || y.Name() != "scf.yield" || y.NumOperands() != len(f.Inits()) {
		return false
	}
	iter, inits := f.RegionIterArgs(), f.Inits()
	remove := make([]bool, len(iter))
	any := false
	for i, a := range iter {
		yv := y.Operand(i)
		onlyYield := true
		for u := range a.Uses() {
			if u.Owner() != y {
				onlyYield = false
			}
		}
		remove[i] = yv == a || yv == inits[i] || !op.Result(i).HasUses() && onlyYield
		any = any || remove[i]
	}
	if !any {
		return false
	}
	var keptInits, keptYield []*ir.Value
	var keptTypes []ir.Type
	for i := range iter {
		if !remove[i] {
			keptInits = append(keptInits, inits[i])
			keptYield = append(keptYield, y.Operand(i))
			keptTypes = append(keptTypes, iter[i].Type())
		}
	}
	rw.SetInsertionPointBefore(op)
	st := &ir.OpState{Name: "scf.for", Loc: op.Loc(), ResultTypes: keptTypes, Attrs: op.Attrs()}
	st.Operands = append([]*ir.Value{f.LowerBound(), f.UpperBound(), f.Step()}, keptInits...)
	r := st.AddRegion()
	ivType := f.InductionVar().Type()
	nb := ir.NewBlock(append([]ir.Type{ivType}, keptTypes...), nil)
	r.Append(nb)
	n := rw.Create(st)
	args := []*ir.Value{nb.Arg(0)}
	k := 1
	for i := range iter {
		if remove[i] {
			args = append(args, inits[i])
		} else {
			args = append(args, nb.Arg(k))
			k++
		}
	}
	rw.MergeBlocks(f.Body(), nb, args)
	rw.ModifyInPlace(y, func() { y.SetOperands(keptYield) })
	var results []*ir.Value
	k = 0
	for i := range iter {
		if remove[i] {
			results = append(results, inits[i])
		} else {
			results = append(results, n.Result(k))
			k++
		}
	}
	rw.ReplaceOp(op, results)
	return true
}
