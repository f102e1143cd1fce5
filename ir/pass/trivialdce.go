package pass

import "github.com/kiln-gpu/kiln/ir"

// TrivialDCE returns the trivial-dce pass, as MLIR's: it erases the ops
// that have no effects and no users, and (remove-blocks) the blocks that
// cannot be reached from their region's entry, in the op's regions and
// (recursive) the regions nested in them. It runs no liveness analysis: a
// cycle of dead values stays. Graph regions, and the regions of
// unregistered ops, whose kind is unknown, are left as they are; the
// regions nested in their ops are still visited.
func TrivialDCE() *Pass {
	return &Pass{
		Name:     "TrivialDeadCodeEliminationPass",
		Argument: "trivial-dce",
		Summary:  "Remove trivially dead operations and blocks",
		Options: []Option{
			{Name: "recursive", Kind: BoolOption, Default: "true", Help: "Recursively visit nested regions"},
			{Name: "remove-blocks", Kind: BoolOption, Default: "true", Help: "Remove unreachable blocks"},
		},
		Run: func(op *ir.Operation, pc *Context) error {
			d := &trivialDCE{recursive: pc.Options.Bool("recursive"), removeBlocks: pc.Options.Bool("remove-blocks"),
				scope: map[*ir.Region]bool{}, erased: map[*ir.Operation]bool{}}
			for _, r := range op.Regions() {
				d.region(r, op)
			}
			// Erasing an op may leave the definitions of its operands dead,
			// wherever they are in the regions visited.
			for len(d.work) > 0 {
				o := d.work[len(d.work)-1]
				d.work = d.work[:len(d.work)-1]
				if !d.erased[o] && d.scope[o.Block().Parent()] && ir.IsTriviallyDead(o) {
					d.erase(o)
				}
			}
			return nil
		},
	}
}

type trivialDCE struct {
	recursive, removeBlocks bool
	// scope holds the regions whose ops the pass may erase.
	scope  map[*ir.Region]bool
	erased map[*ir.Operation]bool
	work   []*ir.Operation
}

func (d *trivialDCE) region(r *ir.Region, parent *ir.Operation) {
	if r.Empty() {
		return
	}
	graph := !parent.IsRegistered() || parent.HasTrait(ir.GraphRegion)
	if !graph {
		d.scope[r] = true
		if d.removeBlocks {
			eraseUnreachable(r)
		}
	}
	for _, b := range r.BlockList() {
		// Users come after their definitions in a block: visiting it
		// backwards frees most definitions before they are seen.
		for op := b.Last(); op != nil; {
			prev := op.PrevOp()
			if d.recursive {
				for _, nr := range op.Regions() {
					d.region(nr, op)
				}
			}
			if !graph && ir.IsTriviallyDead(op) {
				d.erase(op)
			}
			op = prev
		}
	}
}

// erase erases a dead op and queues the definitions of its operands.
func (d *trivialDCE) erase(op *ir.Operation) {
	for _, v := range op.Operands() {
		if def := v.DefiningOp(); def != nil {
			d.work = append(d.work, def)
		}
	}
	op.Walk(func(n *ir.Operation) bool {
		d.erased[n] = true
		return true
	})
	op.Erase()
}

// eraseUnreachable erases the blocks of r that no path from its entry
// reaches.
func eraseUnreachable(r *ir.Region) {
	reached := map[*ir.Block]bool{}
	work := []*ir.Block{r.Entry()}
	for len(work) > 0 {
		b := work[len(work)-1]
		work = work[:len(work)-1]
		if reached[b] {
			continue
		}
		reached[b] = true
		if t := b.Last(); t != nil {
			work = append(work, t.Successors()...)
		}
	}
	var dead []*ir.Block
	for _, b := range r.BlockList() {
		if !reached[b] {
			dead = append(dead, b)
		}
	}
	for _, b := range dead {
		for op := range b.Ops() {
			op.DropAllReferences()
		}
	}
	for _, b := range dead {
		b.Erase()
	}
}
