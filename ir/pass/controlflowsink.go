package pass

import (
	"github.com/kiln-gpu/kiln/ir"
)

// ControlFlowSink returns the control-flow-sink pass: as MLIR's, it moves
// pure ops whose users all lie in one region of a region branch op, a
// region run at most once, to the start of that region's entry block,
// so that they run only when the region does. Region branch ops are
// visited innermost first; ops sunk into a region have their own operands'
// producers considered in turn.
func ControlFlowSink() *Pass {
	return &Pass{
		Name:       "ControlFlowSink",
		Argument:   "control-flow-sink",
		Summary:    "Sink operations into conditional blocks",
		Statistics: []Statistic{{Name: "num-sunk", Desc: "Number of operations sunk"}},
		Run: func(op *ir.Operation, pc *Context) error {
			var branches []*ir.Operation
			op.Walk(func(o *ir.Operation) bool {
				if o.IsRegionBranch() {
					branches = append(branches, o)
				}
				return true
			})
			for _, b := range branches {
				for _, r := range singlyExecutedRegions(b) {
					pc.AddStatistic("num-sunk", sinkInto(r))
				}
			}
			return nil
		},
	}
}

// singlyExecutedRegions returns the non-empty regions of a region branch op
// that run at most once each time the op runs: those no terminator of its
// regions branches back to (MLIR asks getRegionInvocationBounds), unless
// the op leaves them unbounded.
func singlyExecutedRegions(op *ir.Operation) []*ir.Region {
	if op.Def().RegionInvocationsUnknown {
		return nil
	}
	again := map[int]bool{}
	for _, r := range op.Regions() {
		for b := range r.Blocks() {
			if t := b.Last(); t != nil && t.HasTrait(ir.Terminator) && t.NumSuccessors() == 0 {
				for _, s := range op.RegionSuccessors(t) {
					if s.Region >= 0 {
						again[s.Region] = true
					}
				}
			}
		}
	}
	var out []*ir.Region
	for i, r := range op.Regions() {
		if !again[i] && !r.Empty() {
			out = append(out, r)
		}
	}
	return out
}

// sinkInto is MLIR's Sinker::sinkRegion: depth first from the ops nested in
// the region, each operand's producer outside the region moves in when it is
// pure and speculatable and every user of it is inside the region. It
// returns how many ops it moved.
func sinkInto(r *ir.Region) int {
	sunk := 0
	// Every op nested in the region seeds the work list, so a use inside a
	// loop in the region pulls its producer in too (MLIR PR 217168).
	var stack []*ir.Operation
	r.Walk(func(o *ir.Operation) bool {
		stack = append(stack, o)
		return true
	})
	for len(stack) > 0 {
		user := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		for _, v := range user.Operands() {
			def := v.DefiningOp()
			if def == nil || r.IsAncestorOf(def) || !ir.IsPure(def) || !ir.IsSpeculatable(def) || !usedOnlyIn(def, r) {
				continue
			}
			entry := r.Entry()
			if first := entry.First(); first != nil {
				def.MoveBefore(first)
			} else {
				def.Remove()
				entry.Append(def)
			}
			stack = append(stack, def)
			sunk++
		}
	}
	return sunk
}

// usedOnlyIn reports whether every user of op's results lies in r.
func usedOnlyIn(op *ir.Operation, r *ir.Region) bool {
	for _, res := range op.Results() {
		for u := range res.Users() {
			if !r.IsAncestorOf(u) {
				return false
			}
		}
	}
	return true
}
