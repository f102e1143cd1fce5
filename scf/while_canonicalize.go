package scf

import (
	"github.com/kiln-gpu/kiln/ir"
)

// regroupWhileResults rebuilds a while whose condition forwards, for each
// old result i, new value pos[i] (-1: dropped, its result and after
// argument unused). New values are numbered by first occurrence.
func regroupWhileResults(op *ir.Operation, rw *ir.Rewriter, pos []int) {
	w := While{op}
	cond, after := w.Condition(), w.After()
	first := map[int]int{}
	var args []*ir.Value
	var types []ir.Type
	for i, k := range pos {
		if _, ok := first[k]; k >= 0 && !ok {
			first[k] = i
			args = append(args, cond.Operand(1+i))
			types = append(types, op.Result(i).Type())
		}
	}
	rw.ModifyInPlace(cond, func() { cond.SetOperands(append([]*ir.Value{cond.Operand(0)}, args...)) })
	for i := len(pos) - 1; i >= 0; i-- {
		if j, ok := first[pos[i]]; ok && j != i {
			rw.ReplaceAllUsesWith(after.Arg(i), after.Arg(j))
		}
		if j, ok := first[pos[i]]; !ok || j != i {
			after.EraseArgument(i)
		}
	}
	rw.SetInsertionPointBefore(op)
	st := &ir.OpState{Name: "scf.while", Loc: op.Loc(), Operands: op.Operands(), ResultTypes: types, Attrs: op.Attrs()}
	before, afterR := st.AddRegion(), st.AddRegion()
	rw.InlineRegionBefore(op.Region(0), before, nil)
	rw.InlineRegionBefore(op.Region(1), afterR, nil)
	n := rw.Create(st)
	results := make([]*ir.Value, op.NumResults())
	for i, k := range pos {
		if k >= 0 {
			results[i] = n.Result(k)
		} else {
			results[i] = op.Result(i) // unused
		}
	}
	rw.ReplaceOp(op, results)
}

// whileShapeOK reports whether a while has the terminators and argument
// counts its patterns rely on.
func whileShapeOK(w While) bool {
	cond, after, before, y := w.Condition(), w.After(), w.Before(), w.Yield()
	return cond != nil && cond.Name() == "scf.condition" && after != nil && before != nil && y != nil && y.Name() == "scf.yield" &&
		cond.NumOperands()-1 == w.NumResults() && after.NumArgs() == w.NumResults() &&
		before.NumArgs() == w.NumOperands() && y.NumOperands() == w.NumOperands()
}

// whileUnusedResult drops the values a while forwards that neither its
// results nor its body use (MLIR's WhileUnusedResult).
func whileUnusedResult(op *ir.Operation, rw *ir.Rewriter) bool {
	w := While{op}
	if !whileShapeOK(w) {
		return false
	}
	pos, drop := keptPositions(op.NumResults(), func(i int) bool {
		return !op.Result(i).HasUses() && !w.After().Arg(i).HasUses()
	})
	if !drop {
		return false
	}
	regroupWhileResults(op, rw, pos)
	return true
}

// keptPositions numbers, in order, the n results that drop keeps, and
// gives -1 to the others; dropped says whether one is.
func keptPositions(n int, drop func(i int) bool) (pos []int, dropped bool) {
	pos = make([]int, n)
	kept := 0
	for i := range pos {
		if drop(i) {
			pos[i], dropped = -1, true
			continue
		}
		pos[i] = kept
		kept++
	}
	return pos, dropped
}

// whileDuplicatedResults forwards each value once when the condition
// forwards it several times (MLIR's WhileRemoveDuplicatedResults).
func whileDuplicatedResults(op *ir.Operation, rw *ir.Rewriter) bool {
	w := While{op}
	if !whileShapeOK(w) {
		return false
	}
	seen := map[*ir.Value]int{}
	pos := make([]int, op.NumResults())
	dup := false
	for i, v := range w.Condition().Operands()[1:] {
		if k, ok := seen[v]; ok {
			pos[i], dup = k, true
			continue
		}
		seen[v] = len(seen)
		pos[i] = seen[v]
	}
	if !dup {
		return false
	}
	regroupWhileResults(op, rw, pos)
	return true
}

// whileUnusedArgs drops the loop-carried values whose before-region
// argument is unused, with their init and yielded value (MLIR's
// WhileRemoveUnusedArgs).
func whileUnusedArgs(op *ir.Operation, rw *ir.Rewriter) bool {
	w := While{op}
	if !whileShapeOK(w) {
		return false
	}
	drop := make([]bool, op.NumOperands())
	for i, a := range w.Before().Args() {
		drop[i] = !a.HasUses()
	}
	return eraseWhileArgs(op, rw, drop)
}

// eraseWhileArgs drops the loop-carried values marked in drop (their
// before-region arguments unused), with their inits and yielded values.
func eraseWhileArgs(op *ir.Operation, rw *ir.Rewriter, drop []bool) bool {
	w := While{op}
	before, y := w.Before(), w.Yield()
	var inits, yields []*ir.Value
	found := false
	for i, d := range drop {
		if d {
			found = true
			continue
		}
		inits = append(inits, op.Operand(i))
		yields = append(yields, y.Operand(i))
	}
	if !found {
		return false
	}
	rw.ModifyInPlace(op, func() {
		for i := len(drop) - 1; i >= 0; i-- {
			if drop[i] {
				before.EraseArgument(i)
			}
		}
		op.SetOperands(inits)
	})
	rw.ModifyInPlace(y, func() { y.SetOperands(yields) })
	return true
}

// whileInvariantArgs replaces the before-region arguments that keep their
// initial value by that value and drops them (MLIR's
// RemoveLoopInvariantArgsFromBeforeBlock): argument i is invariant when the
// body yields the init back, or yields an after-region argument that the
// condition forwarded from argument i itself or from the init.
func whileInvariantArgs(op *ir.Operation, rw *ir.Rewriter) bool {
	w := While{op}
	if !whileShapeOK(w) {
		return false
	}
	before, after, cond, y := w.Before(), w.After(), w.Condition(), w.Yield()
	drop := make([]bool, op.NumOperands())
	found := false
	for i, init := range op.Operands() {
		v := y.Operand(i)
		if v == init {
			drop[i], found = true, true
			continue
		}
		if v.IsBlockArgument() && v.OwnerBlock() == after {
			if c := cond.Operand(1 + v.Index()); c == before.Arg(i) || c == init {
				drop[i], found = true, true
			}
		}
	}
	if !found {
		return false
	}
	for i, d := range drop {
		if d {
			rw.ReplaceAllUsesWith(before.Arg(i), op.Operand(i))
		}
	}
	return eraseWhileArgs(op, rw, drop)
}

// whileInvariantForwarded replaces the values the condition forwards from
// outside the before region by those values, in the body and the results,
// and stops forwarding them (MLIR's RemoveLoopInvariantValueYielded).
func whileInvariantForwarded(op *ir.Operation, rw *ir.Rewriter) bool {
	w := While{op}
	if !whileShapeOK(w) {
		return false
	}
	before, after := w.Before(), w.After()
	forwarded := w.Condition().Operands()[1:]
	pos, drop := keptPositions(len(forwarded), func(i int) bool { return forwarded[i].OwnerBlock() != before })
	if !drop {
		return false
	}
	for i, v := range forwarded {
		if pos[i] < 0 {
			rw.ReplaceAllUsesWith(after.Arg(i), v)
			rw.ReplaceAllUsesWith(op.Result(i), v)
		}
	}
	regroupWhileResults(op, rw, pos)
	return true
}

// whileAlignBeforeArgs reorders what the condition forwards into the order
// of the before-region arguments when it forwards exactly those arguments
// (each once) in another order, permuting the results and the body's
// arguments to match (MLIR's WhileOpAlignBeforeArgs).
func whileAlignBeforeArgs(op *ir.Operation, rw *ir.Rewriter) bool {
	w := While{op}
	if !whileShapeOK(w) {
		return false
	}
	before, cond, after := w.Before(), w.Condition(), w.After()
	args := cond.Operands()[1:]
	if len(args) != before.NumArgs() {
		return false
	}
	perm := make([]int, len(args)) // forwarded value k is before argument perm[k]
	used := make([]bool, len(args))
	same := true
	for k, v := range args {
		if v.OwnerBlock() != before || v.DefiningOp() != nil || used[v.Index()] {
			return false
		}
		perm[k], used[v.Index()] = v.Index(), true
		same = same && v.Index() == k
	}
	if same {
		return false
	}
	types := make([]ir.Type, len(args))
	locs := make([]ir.Location, len(args))
	for k, j := range perm {
		types[j], locs[j] = op.Result(k).Type(), op.Loc()
	}
	rw.ModifyInPlace(cond, func() { cond.SetOperands(append([]*ir.Value{cond.Operand(0)}, before.Args()...)) })
	rw.SetInsertionPointBefore(op)
	st := &ir.OpState{Name: "scf.while", Loc: op.Loc(), Operands: op.Operands(), ResultTypes: types, Attrs: op.Attrs()}
	nbefore, nafter := st.AddRegion(), st.AddRegion()
	rw.InlineRegionBefore(op.Region(0), nbefore, nil)
	nb := ir.NewBlock(types, locs)
	nafter.Append(nb)
	afterArgs := make([]*ir.Value, len(args))
	for k, j := range perm {
		afterArgs[k] = nb.Arg(j)
	}
	rw.MergeBlocks(after, nb, afterArgs)
	n := rw.Create(st)
	results := make([]*ir.Value, len(args))
	for k, j := range perm {
		results[k] = n.Result(j)
	}
	rw.ReplaceOp(op, results)
	return true
}
