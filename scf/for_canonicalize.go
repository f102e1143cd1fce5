package scf

import (
	"slices"

	"github.com/kiln-gpu/kiln/ir"
	"github.com/kiln-gpu/kiln/tensor"
)

func less(a, b int64, unsigned bool) bool {
	if unsigned {
		return uint64(a) < uint64(b)
	}
	return a < b
}

// constDiff returns ub - lb when known: both constant, or ub = addi(lb, c)
// in a signed loop (MLIR's computeConstDiff). It is false for an unsigned
// loop whose constant bounds are out of order as signed values.
func constDiff(f For) (int64, bool) {
	lb, ok1 := constInt(f.LowerBound())
	ub, ok2 := constInt(f.UpperBound())
	if ok1 && ok2 {
		if f.IsUnsigned() {
			if !less(lb, ub, true) {
				return 0, true
			}
			if d := uint64(ub) - uint64(lb); d <= 1<<62 {
				return int64(d), true
			}
			return 0, false
		}
		if ub <= lb {
			return 0, true
		}
		if ub-lb < 0 { // wider than int64
			return 0, false
		}
		return ub - lb, true
	}
	if d := f.UpperBound().DefiningOp(); d != nil && !f.IsUnsigned() && d.Name() == "arith.addi" && d.Operand(0) == f.LowerBound() {
		return constInt(d.Operand(1))
	}
	return 0, false
}

// simplifyTrivialFor removes loops that run zero times (results become
// the inits), inlines loops that run exactly once, and replaces a loop
// that runs at least once and only yields values from outside by those
// values, as MLIR's SimplifyTrivialLoops does.
func simplifyTrivialFor(op *ir.Operation, rw *ir.Rewriter) bool {
	f := For{op}
	if f.Body() == nil || f.Yield() == nil || f.Yield().Name() != "scf.yield" {
		return false
	}
	if f.LowerBound() == f.UpperBound() {
		rw.ReplaceOp(op, f.Inits())
		return true
	}
	diff, ok := constDiff(f)
	if !ok {
		return false
	}
	if diff <= 0 {
		rw.ReplaceOp(op, f.Inits())
		return true
	}
	step, ok := constInt(f.Step())
	if !ok || step <= 0 {
		return false
	}
	y := f.Yield()
	if step >= diff {
		args := append([]*ir.Value{f.LowerBound()}, f.Inits()...)
		rw.InlineBlockBefore(f.Body(), op, args)
		results := y.Operands()
		rw.ReplaceOp(op, results)
		rw.EraseOp(y)
		return true
	}
	if y.PrevOp() != nil {
		return false
	}
	for _, v := range y.Operands() {
		if v.OwnerBlock() == f.Body() {
			return false
		}
	}
	rw.ReplaceOp(op, y.Operands())
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
	var keptInits []*ir.Value
	var keptTypes []ir.Type
	for i := range iter {
		if !remove[i] {
			keptInits = append(keptInits, inits[i])
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
	// The yield's operands are read only now: merging replaced the old
	// block's arguments, which a kept operand may be.
	var keptYield []*ir.Value
	for i := range iter {
		if !remove[i] {
			keptYield = append(keptYield, y.Operand(i))
		}
	}
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

// forTensorCastFolder carries the source of a tensor.cast that loses static
// sizes through the loop instead of the cast, casting back inside the body,
// before the yield and after the loop (MLIR's ForOpTensorCastFolder), so
// that the loop carries the more static type.
func forTensorCastFolder(op *ir.Operation, rw *ir.Rewriter) bool {
	f := For{op}
	y := f.Yield()
	if y == nil || y.Name() != "scf.yield" || y.NumOperands() != len(f.Inits()) {
		return false
	}
	for i, init := range f.Inits() {
		c := init.DefiningOp()
		if c == nil || c.Name() != "tensor.cast" || c.Operand(0).Type() == c.Result(0).Type() ||
			!tensor.PreservesStaticInformation(c.Result(0).Type(), c.Operand(0).Type()) || !op.Result(i).HasOneUse() {
			continue
		}
		src := c.Operand(0)
		newT, oldT := src.Type(), init.Type()
		castTo := func(v *ir.Value, t ir.Type, loc ir.Location) *ir.Value {
			return rw.Create(&ir.OpState{Name: "tensor.cast", Loc: loc, Operands: []*ir.Value{v}, ResultTypes: []ir.Type{t}}).Result(0)
		}
		inits := append([]*ir.Value{}, f.Inits()...)
		inits[i] = src
		types := make([]ir.Type, len(inits))
		for k, v := range f.RegionIterArgs() {
			types[k] = v.Type()
		}
		types[i] = newT
		rw.SetInsertionPointBefore(op)
		st := &ir.OpState{Name: "scf.for", Loc: op.Loc(), ResultTypes: types, Attrs: op.Attrs()}
		st.Operands = append([]*ir.Value{f.LowerBound(), f.UpperBound(), f.Step()}, inits...)
		nb := ir.NewBlock(append([]ir.Type{f.InductionVar().Type()}, types...), nil)
		st.AddRegion().Append(nb)
		n := rw.Create(st)
		rw.SetInsertionPointToStart(nb)
		args := slices.Clone(nb.Args())
		args[i+1] = castTo(nb.Arg(i+1), oldT, op.Loc())
		rw.MergeBlocks(f.Body(), nb, args)
		rw.SetInsertionPointBefore(y)
		back := castTo(y.Operand(i), newT, y.Loc())
		rw.ModifyInPlace(y, func() { y.SetOperand(i, back) })
		rw.SetInsertionPointAfter(n)
		results := slices.Clone(n.Results())
		results[i] = castTo(n.Result(i), oldT, op.Loc())
		rw.ReplaceOp(op, results)
		return true
	}
	return false
}
