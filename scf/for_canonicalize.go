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
// unchanged, yielded as their init, unused everywhere, or one of a cycle of
// iter_args that yield each other from one init; their results become the
// inits. An iter_arg with the same init and yielded value as an earlier
// kept one becomes that one (MLIR's ForOpIterArgsFolder).
func foldForIterArgs(op *ir.Operation, rw *ir.Rewriter) bool {
	f := For{op}
	y := f.Yield()
	if y == nil || y.Name() != "scf.yield" || y.NumOperands() != len(f.Inits()) {
		return false
	}
	iter, inits := f.RegionIterArgs(), f.Inits()
	// alias[i] is the kept iter_arg that i becomes, i itself when kept, or
	// -1 when i is replaced by its init.
	alias := make([]int, len(iter))
	for i := range alias {
		alias[i] = i
	}
	any := false
	for i, a := range iter {
		yv := y.Operand(i)
		if yv == a || yv == inits[i] || !a.HasUses() && !op.Result(i).HasUses() {
			alias[i], any = -1, true
		}
	}
	for i := range iter {
		if alias[i] == i {
			for _, j := range iterArgCycle(iter, inits, y, i) {
				alias[j], any = -1, true
			}
		}
	}
	type pair struct{ init, yielded *ir.Value }
	seen := map[pair]int{}
	for i := range iter {
		if alias[i] != i {
			continue
		}
		k := pair{inits[i], y.Operand(i)}
		if j, ok := seen[k]; ok {
			alias[i], any = j, true
		} else {
			seen[k] = i
		}
	}
	if !any {
		return false
	}
	var keptInits []*ir.Value
	var keptTypes []ir.Type
	newIndex := make([]int, len(iter))
	for i := range iter {
		if alias[i] == i {
			newIndex[i] = len(keptInits)
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
	results := make([]*ir.Value, len(iter))
	for i := range iter {
		if alias[i] < 0 {
			args = append(args, inits[i])
			results[i] = inits[i]
		} else {
			args = append(args, nb.Arg(1+newIndex[alias[i]]))
			results[i] = n.Result(newIndex[alias[i]])
		}
	}
	rw.MergeBlocks(f.Body(), nb, args)
	// The yield's operands are read only now: merging replaced the old
	// block's arguments, which a kept operand may be.
	var keptYield []*ir.Value
	for i := range iter {
		if alias[i] == i {
			keptYield = append(keptYield, y.Operand(i))
		}
	}
	rw.ModifyInPlace(y, func() { y.SetOperands(keptYield) })
	rw.ReplaceOp(op, results)
	return true
}

// iterArgCycle returns the iter_args that start at i and yield each other
// back to i, when all of them start from i's init: each then always holds
// that init. It returns nil when the chain leaves the iter_args or joins a
// cycle that i is not on.
func iterArgCycle(iter, inits []*ir.Value, y *ir.Operation, i int) []int {
	index := map[*ir.Value]int{}
	for k, a := range iter {
		index[a] = k
	}
	cycle := []int{i}
	for cur := y.Operand(i); ; {
		j, ok := index[cur]
		if !ok || inits[j] != inits[i] {
			return nil
		}
		if j == i {
			return cycle
		}
		for _, c := range cycle {
			if c == j {
				return nil
			}
		}
		cycle = append(cycle, j)
		cur = y.Operand(j)
	}
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
