package pass

import "github.com/kiln-gpu/kiln/ir"

// HoistPureOps returns the hoist-pure-ops pass, as MLIR's: visiting the ops
// of the op in pre-order, it moves each pure (effect-free and speculatable)
// op that is not a terminator right after the definition of the latest of
// the values it uses (its operands and the values from outside that its
// regions use), or to the start of the block whose argument that is. An op
// that uses no value stays.
func HoistPureOps() *Pass {
	return &Pass{
		Name:     "HoistPureOps",
		Argument: "hoist-pure-ops",
		Summary:  "Hoist pure ops as far up as the values they use allow",
		Run: func(root *ir.Operation, _ *Context) error {
			d := &dominance{children: map[*ir.Region]map[*ir.Block][]*ir.Block{}, depth: map[*ir.Block]int{}, idom: map[*ir.Block]*ir.Block{}}
			var ops []*ir.Operation
			root.WalkPre(func(o *ir.Operation) (bool, bool) {
				if o != root {
					ops = append(ops, o)
				}
				return true, true
			})
			for _, op := range ops {
				if op.HasTrait(ir.Terminator) || !ir.IsPure(op) || !ir.IsSpeculatable(op) {
					continue
				}
				hoistPure(op, d)
			}
			return nil
		},
	}
}

func hoistPure(op *ir.Operation, d *dominance) {
	used := op.Operands()
	if op.NumRegions() > 0 {
		op.Walk(func(n *ir.Operation) bool {
			if n == op {
				return true
			}
			for _, v := range n.Operands() {
				if !op.IsAncestorOf(definingBlock(v).ParentOp()) {
					used = append(used, v)
				}
			}
			return true
		})
	}
	if len(used) == 0 {
		return
	}
	pos := used[0]
	for _, v := range used[1:] {
		pos = d.later(pos, v)
	}
	if def := pos.DefiningOp(); def != nil {
		if def != op {
			op.MoveAfter(def)
		}
		return
	}
	b := pos.OwnerBlock()
	if first := b.First(); first != op {
		op.MoveBefore(first)
	}
}

// definingBlock is the block a value is defined in.
func definingBlock(v *ir.Value) *ir.Block {
	if def := v.DefiningOp(); def != nil {
		return def.Block()
	}
	return v.OwnerBlock()
}

// dominance answers dominance queries across nested regions, with each
// region's dominator tree built when first needed.
type dominance struct {
	children map[*ir.Region]map[*ir.Block][]*ir.Block
	depth    map[*ir.Block]int
	idom     map[*ir.Block]*ir.Block
}

func (d *dominance) tree(r *ir.Region) {
	if _, ok := d.children[r]; ok {
		return
	}
	ch := domChildren(r)
	d.children[r] = ch
	var visit func(b *ir.Block, depth int)
	visit = func(b *ir.Block, depth int) {
		d.depth[b] = depth
		for _, c := range ch[b] {
			d.idom[c] = b
			visit(c, depth+1)
		}
	}
	visit(r.Entry(), 0)
}

// blockDominates reports whether a dominates b: b, or the block in a's
// region holding it, is a or a block a dominates. Blocks of graph regions
// and unreachable blocks are dominated by the others of their region.
func (d *dominance) blockDominates(a, b *ir.Block) bool {
	for b != nil && b.Parent() != a.Parent() {
		p := b.ParentOp()
		if p == nil {
			return false
		}
		b = p.Block()
	}
	if b == nil {
		return false
	}
	if a == b {
		return true
	}
	r := a.Parent()
	if r.HasOneBlock() {
		return true
	}
	d.tree(r)
	if _, ok := d.depth[b]; !ok {
		return true
	}
	for b != nil && d.depth[b] > d.depth[a] {
		b = d.idom[b]
	}
	return b == a
}

// opDominates reports whether a comes before b (or is b), b possibly nested
// in an op after a.
func (d *dominance) opDominates(a, b *ir.Operation) bool {
	if a == b {
		return true
	}
	for b.Block() != nil && b.Block().Parent() != a.Block().Parent() {
		if b = b.ParentOp(); b == nil {
			return false
		}
	}
	if b.Block() != a.Block() {
		return d.blockDominates(a.Block(), b.Block())
	}
	for o := a; o != nil; o = o.NextOp() {
		if o == b {
			return true
		}
	}
	return false
}

// later returns whichever of a and b is defined later, the one the other
// dominates, as MLIR's hoist-pure-ops picks it.
func (d *dominance) later(a, b *ir.Value) *ir.Value {
	aDef, bDef := a.DefiningOp(), b.DefiningOp()
	switch {
	case aDef == nil && bDef == nil:
		if d.blockDominates(a.OwnerBlock(), b.OwnerBlock()) {
			return b
		}
		return a
	case aDef == nil || bDef == nil:
		ab, bb := definingBlock(a), definingBlock(b)
		if ab != bb {
			if d.blockDominates(ab, bb) {
				return b
			}
			return a
		}
		// One is an argument of the block the other is defined in.
		if aDef == nil {
			return b
		}
		return a
	default:
		if d.opDominates(aDef, bDef) {
			return b
		}
		return a
	}
}
