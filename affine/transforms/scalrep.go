package transforms

import (
	"github.com/kiln-gpu/kiln/affine/analysis"
	"github.com/kiln-gpu/kiln/ir"
	"github.com/kiln-gpu/kiln/ir/pass"
	"github.com/kiln-gpu/kiln/memref"
)

// ScalarReplacementPass is affine-scalrep, MLIR's AffineScalarReplacement:
// affine stores forward to the loads they must feed, stores overwritten
// before any read go, buffers left with stores only go, and loads of an
// element already loaded reuse that value.
func ScalarReplacementPass() *pass.Pass {
	return &pass.Pass{
		Name:     "AffineScalarReplacement",
		Argument: "affine-scalrep",
		Summary:  "Replace affine memref accesses by scalars by forwarding stores to loads and eliminating redundant loads",
		OpName:   "func.func",
		Run: func(op *ir.Operation, _ *pass.Context) error {
			ScalarReplace(op)
			return nil
		},
	}
}

// ScalarReplace is MLIR's affineScalarReplace on the ops nested in root.
func ScalarReplace(root *ir.Operation) {
	accesses := func(write bool) []analysis.Access {
		var out []analysis.Access
		root.Walk(func(op *ir.Operation) bool {
			if a, ok := analysis.AccessOf(op); ok && a.Write == write {
				out = append(out, a)
			}
			return true
		})
		return out
	}
	var erase []*ir.Operation
	dead := map[*ir.Value]bool{}
	var deadOrder []*ir.Value
	for _, load := range accesses(false) {
		if forwardStore(load) {
			erase = append(erase, load.Op)
			if !dead[load.MemRef] {
				dead[load.MemRef] = true
				deadOrder = append(deadOrder, load.MemRef)
			}
		}
	}
	eraseAll(erase)
	erase = nil
	for _, store := range accesses(true) {
		if unusedStore(store) {
			erase = append(erase, store.Op)
		}
	}
	eraseAll(erase)
	for _, m := range deadOrder {
		eraseDeadBuffer(m)
	}
	erase = nil
	replaced := map[*ir.Operation]bool{}
	for _, load := range accesses(false) {
		if loadCSE(load, replaced) {
			erase = append(erase, load.Op)
			replaced[load.Op] = true
		}
	}
	eraseAll(erase)
}

func eraseAll(ops []*ir.Operation) {
	for _, op := range ops {
		op.Erase()
	}
}

// users returns the affine accesses of m other than a's.
func users(a analysis.Access, write bool) []analysis.Access {
	var out []analysis.Access
	for u := range a.MemRef.Uses() {
		if b, ok := analysis.AccessOf(u.Owner()); ok && b.Op != a.Op && b.Write == write && b.MemRef == a.MemRef {
			out = append(out, b)
		}
	}
	return out
}

// forwardStore is MLIR's forwardStoreToLoad: a store to the same element
// that dominates the load, must reach it at the innermost common loop, and
// is not overwritten in between gives the load its value.
func forwardStore(load analysis.Access) bool {
	var from *ir.Value
	for _, st := range users(load, true) {
		if !analysis.SameElement(st, load) || !dominates(st.Op, load.Op) || !mustReach(st, load) ||
			!noInterveningEffect(st.Op, load, true) {
			continue
		}
		from = st.Op.Operand(0)
	}
	if from == nil || from.Type() != load.Op.Result(0).Type() {
		return false
	}
	load.Op.Result(0).ReplaceAllUsesWith(from)
	return true
}

// mustReach is MLIR's mustReachAtInnermost.
func mustReach(src, dst analysis.Access) bool {
	if !analysis.SameScope(src.Op, dst.Op) {
		return false
	}
	r := analysis.CheckDependence(src, dst, analysis.CommonLoops(src.Op, dst.Op)+1)
	return r == analysis.HasDependence
}

// unusedStore is MLIR's findUnusedStore: a later store to the same element
// in the same region post-dominates this one with no read in between.
func unusedStore(a analysis.Access) bool {
	for _, b := range users(a, true) {
		if b.Op.ParentRegion() != a.Op.ParentRegion() || !analysis.SameElement(b, a) ||
			!postDominates(b.Op, a.Op) || !noInterveningEffect(a.Op, b, false) {
			continue
		}
		return true
	}
	return false
}

// loadCSE is MLIR's loadCSE: a dominating load of the same element with no
// write in between (the one dominating the other candidates) replaces it.
// Loads already replaced are no candidates (they are about to go).
func loadCSE(a analysis.Access, replaced map[*ir.Operation]bool) bool {
	var cands []analysis.Access
	for _, b := range users(a, false) {
		if !replaced[b.Op] && analysis.SameElement(b, a) && dominates(b.Op, a.Op) && noInterveningEffect(b.Op, a, true) &&
			b.Op.Result(0).Type() == a.Op.Result(0).Type() {
			cands = append(cands, b)
		}
	}
	for _, c := range cands {
		best := true
		for _, d := range cands {
			best = best && (d.Op == c.Op || dominates(c.Op, d.Op))
		}
		if best {
			a.Op.Result(0).ReplaceAllUsesWith(c.Op.Result(0))
			return true
		}
	}
	return false
}

// eraseDeadBuffer erases an allocation whose only users are affine stores
// and deallocations, with them.
func eraseDeadBuffer(m *ir.Value) {
	def := m.DefiningOp()
	if def == nil || !def.HasTrait(ir.AllocOnly) {
		return
	}
	var us []*ir.Operation
	for u := range m.Uses() {
		o := u.Owner()
		a, isAccess := analysis.AccessOf(o)
		if !(isAccess && a.Write && a.MemRef == m) && o.Name() != "memref.dealloc" && !(o.Name() == "gpu.dealloc" && o.NumResults() == 0) {
			return
		}
		us = append(us, o)
	}
	eraseAll(us)
	def.Erase()
}

// dominates reports whether a runs before b whenever b runs: a is before
// b's ancestor in a's block. Blocks of multi-block regions other than a's
// own are not compared (conservatively false).
func dominates(a, b *ir.Operation) bool {
	anc := analysis.AncestorIn(a.Block(), b)
	return anc != nil && (anc == a || a.IsBeforeInBlock(anc))
}

// postDominates reports whether b runs after a whenever a runs, for ops of
// one block.
func postDominates(b, a *ir.Operation) bool {
	return a.Block() == b.Block() && a.IsBeforeInBlock(b)
}

// noInterveningEffect is MLIR's hasNoInterveningEffect: no op on a path
// from start to mem may write (write true) or read mem's element.
func noInterveningEffect(start *ir.Operation, mem analysis.Access, write bool) bool {
	outer := analysis.CommonLoops(start, mem.Op)
	found := false
	var check func(op *ir.Operation)
	check = func(op *ir.Operation) {
		if found {
			return
		}
		if acc, ok := analysis.AccessOf(op); ok {
			if acc.Write != write || !memref.MayAlias(acc.MemRef, mem.MemRef) {
				return
			}
			found = mayHaveEffect(acc, mem, outer)
			return
		}
		switch {
		case ir.IsPure(op) && !op.HasTrait(ir.RecursiveEffects), op.HasTrait(ir.AllocOnly), op.Name() == "memref.dealloc":
			return
		case op.Name() == "memref.load" || op.Name() == "memref.store":
			at := 0
			if op.Name() == "memref.store" {
				at = 1
			}
			found = (at == 1) == write && memref.MayAlias(op.Operand(at), mem.MemRef)
			return
		case op.HasTrait(ir.ReadOnly) && !op.HasTrait(ir.RecursiveEffects):
			found = !write
			return
		case op.HasTrait(ir.RecursiveEffects):
			for i := range op.NumRegions() {
				for b := range op.Region(i).Blocks() {
					for o := b.First(); o != nil; o = o.NextOp() {
						check(o)
					}
				}
			}
			return
		}
		found = true
	}
	var recur func(from, until *ir.Operation)
	recur = func(from, until *ir.Operation) {
		if until == nil { // no common region: assume the worst
			found = true
			return
		}
		if from.ParentRegion() != until.ParentRegion() {
			p := until.ParentOp()
			recur(from, p)
			check(p)
			return
		}
		for o := from.NextOp(); o != nil && o != until; o = o.NextOp() {
			check(o)
		}
		if until.Block() == from.Block() {
			return
		}
		var todo []*ir.Block
		if t := from.Block().Terminator(); t != nil {
			todo = append(todo, t.Successors()...)
		}
		done := map[*ir.Block]bool{}
		for len(todo) > 0 {
			blk := todo[len(todo)-1]
			todo = todo[:len(todo)-1]
			if done[blk] {
				continue
			}
			done[blk] = true
			for o := blk.First(); o != nil && o != until; o = o.NextOp() {
				check(o)
				if o.NextOp() == nil {
					todo = append(todo, o.Successors()...)
				}
			}
		}
	}
	recur(start, mem.Op)
	return !found
}

// mayHaveEffect is MLIR's mayHaveEffect: whether src may touch dst's
// element between them, within the loops deeper than outer they share.
func mayHaveEffect(src, dst analysis.Access, outer int) bool {
	if src.MemRef != dst.MemRef || !analysis.SameScope(src.Op, dst.Op) {
		return true
	}
	for d := analysis.CommonLoops(src.Op, dst.Op) + 1; d > outer; d-- {
		if analysis.CheckDependence(src, dst, d) != analysis.NoDependence {
			return true
		}
	}
	return false
}
