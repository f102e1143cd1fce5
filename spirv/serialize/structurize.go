package serialize

import (
	"fmt"
	"slices"

	"github.com/kiln-gpu/kiln/ir"
)

// A construct is a structured selection or loop found in a binary: the block
// holding OpSelectionMerge or OpLoopMerge, its merge block and, for a loop,
// its continue target.
type construct struct {
	header, merge, cont *ir.Block
	control             uint32
	loop                bool
	loc                 ir.Location // of the merge instruction, for the ops made for the construct
}

// structurize turns a function's flat CFG into spirv.mlir.selection and
// spirv.mlir.loop ops, like MLIR's ControlFlowStructurizer, but moving blocks
// instead of cloning them. Constructs come in the order of their headers in
// the binary, which puts an outer construct before the ones nested in it: an
// inner header is then found in the region its outer construct was given.
//
// A selection keeps the header's ops where they are and moves only its
// conditional branch into the region, so values computed there stay
// visible after the merge. Values the construct computes and uses after
// the merge (a structured region cannot yield them in MLIR 16), and OpPhi
// in a merge block, go through Function variables (see demote).
func (d *deserializer) structurize(fnOp *ir.Operation, cs []construct) error {
	headers, loopHeaders := map[*ir.Block]bool{}, map[*ir.Block]bool{}
	conts := map[*ir.Block]*ir.Block{} // loop header -> continue target
	for _, c := range cs {
		headers[c.header] = true
		loopHeaders[c.header] = c.loop
		if c.loop {
			conts[c.header] = c.cont
		}
	}
	defer func() { d.line = nil }()
	for _, c := range cs {
		d.line = c.loc // as in MLIR, the construct op, its entry branch and merge
		if err := d.structurizeOne(fnOp, c, headers, loopHeaders, conts); err != nil {
			return err
		}
	}
	return nil
}

func (d *deserializer) structurizeOne(fnOp *ir.Operation, c construct, headers, loopHeaders map[*ir.Block]bool, conts map[*ir.Block]*ir.Block) error {
	region := c.header.Parent()
	if c.merge.Parent() != region || (c.cont != nil && c.cont.Parent() != region) {
		return d.errorf("construct headed by block %s is not properly nested", d.blockName(c.header))
	}
	// The blocks of the construct: everything reachable from the header
	// without passing through the merge block or leaving the enclosing
	// construct (a break or continue of the enclosing loop; see exit).
	if d.scratchExits == nil {
		d.scratchExits, d.scratchIn = map[*ir.Block]bool{}, map[*ir.Block]bool{}
	}
	exits := d.scratchExits
	clear(exits)
	if p := region.ParentOp(); p != nil {
		if pc, ok := d.constructOps[p]; ok {
			exits[region.Last()] = true
			if pc.loop {
				exits[pc.cont] = true
			}
		}
	}
	delete(exits, c.header)
	delete(exits, c.merge)
	// Breadth first from the header, as MLIR collects them: the region
	// keeps that order.
	in := d.scratchIn
	clear(in)
	in[c.header] = true
	var exitEdges []exitEdge
	blocks := append(d.scratchBlocks[:0], c.header)
	defer func() { d.scratchBlocks = blocks[:0] }()
	for i := 0; i < len(blocks); i++ {
		b := blocks[i]
		t := b.Last()
		if t == nil {
			continue
		}
		for si, s := range t.Successors() {
			switch {
			case s == c.merge || in[s]:
			case exits[s]:
				exitEdges = append(exitEdges, exitEdge{t, si})
			case s.Parent() != region:
				return d.errorf("block %s branches out of its construct", d.blockName(b))
			default:
				in[s], blocks = true, append(blocks, s)
			}
		}
	}
	// An unreachable continue target still belongs to its loop, and so to
	// the constructs around that.
	for i := 0; i < len(blocks); i++ {
		if cont := conts[blocks[i]]; cont != nil && !in[cont] && cont.Parent() == region {
			in[cont], blocks = true, append(blocks, cont)
		}
	}
	// Only the header may be entered from outside.
	for b := range region.Blocks() {
		if in[b] || b.Last() == nil {
			continue
		}
		for _, s := range b.Last().Successors() {
			if in[s] && s != c.header {
				return d.errorf("block %s branches into the middle of the construct headed by %s", d.blockName(b), d.blockName(c.header))
			}
		}
	}
	if err := d.demote(fnOp, c, in); err != nil {
		return err
	}

	body := ir.NewRegion()
	mergeInside := ir.NewBlock(nil, nil)
	op := d.newConstructOp(c, body)
	// Where the construct op goes (its home): for a loop entered from a
	// block holding only that branch, that block; else at the start of the
	// merge block, as in MLIR, unless that block heads a loop (whose body
	// the op would then join) or the construct has exits to dispatch after
	// it: then a new block before the merge block.
	var home *ir.Block
	var entryArgs []*ir.Value
	if p := d.soleEntry(c, in); p != nil && len(exitEdges) == 0 {
		home = p
		br := p.Last()
		entryArgs = br.Operands()
		br.Erase()
		home.Append(op)
		home.Append(d.newBranch(c.merge, nil))
	} else {
		home = c.merge
		if loopHeaders[c.merge] || len(exitEdges) > 0 {
			home = ir.NewBlock(nil, nil)
			region.InsertBefore(home, c.merge)
			home.Append(d.newBranch(c.merge, nil))
		}
		home.InsertBefore(op, home.First())
		if c.loop {
			// Outside edges into the header now enter the block holding
			// the loop, which passes the header's arguments on.
			for _, a := range c.header.Args() {
				home.AddArgument(a.Type(), a.Loc())
			}
			entryArgs = home.Args()
		}
	}
	d.constructOps[op] = c
	flag, splits, err := d.exit(fnOp, c, op, exitEdges)
	if err != nil {
		return err
	}
	// Where the exit variable is reset: before the construct is entered.
	var resetAt []*ir.Operation

	if c.loop {
		entry := ir.NewBlock(nil, nil)
		entry.Append(d.newBranch(c.header, entryArgs))
		for b := range region.Blocks() {
			if !in[b] && b.Last() != nil {
				retarget(b.Last(), c.header, home)
			}
		}
		resetAt = append(resetAt, op)
		// The block before the merge block is the loop's continue block: the
		// one with the back edge (which MLIR's breadth-first order usually
		// puts there), else the continue target.
		last := c.cont
		var back []*ir.Block
		for _, b := range blocks {
			if slices.Contains(b.Last().Successors(), c.header) {
				back = append(back, b)
			}
		}
		if len(back) == 1 {
			last = back[0]
		}
		if last == c.header {
			// A one-block loop (its header is its own continue target):
			// the back edge goes through a continue block of its own, as
			// the loop's layout requires (entry, header, ..., continue,
			// merge).
			cont := ir.NewBlock(nil, nil)
			for _, a := range c.header.Args() {
				cont.AddArgument(a.Type(), a.Loc())
			}
			cont.Append(d.newBranch(c.header, cont.Args()))
			retarget(c.header.Last(), c.header, cont)
			last = cont
		}
		body.Append(entry)
		for _, b := range blocks {
			if b != last {
				body.Append(b)
			}
		}
		for _, b := range splits {
			body.Append(b)
		}
		body.Append(last)
	} else if onlyBranch(c.header) && !c.header.IsEntry() && c.header.NumArgs() == 0 {
		// A header holding only its branch (what MLIR and this package
		// write) moves into the region; branches to it enter the block
		// holding the selection.
		for b := range region.Blocks() {
			if !in[b] && b.Last() != nil && slices.Contains(b.Last().Successors(), c.header) {
				retarget(b.Last(), c.header, home)
				resetAt = append(resetAt, b.Last())
			}
		}
		for _, b := range blocks {
			body.Append(b)
		}
	} else {
		// Otherwise the header keeps its ops and jumps to the construct;
		// its conditional branch becomes the region's entry.
		term := c.header.Last()
		entry := ir.NewBlock(nil, nil)
		term.Remove()
		entry.Append(term)
		c.header.Append(d.newBranch(home, nil))
		resetAt = append(resetAt, c.header.Last())
		body.Append(entry)
		for _, b := range blocks {
			if b != c.header {
				body.Append(b)
			}
		}
	}
	if !c.loop {
		for _, b := range splits {
			body.Append(b)
		}
		for _, b := range blocks {
			if t := b.Last(); t != nil && b != c.header {
				for _, s := range t.Successors() {
					if s == c.header {
						return d.errorf("selection header %s is the target of a back edge", d.blockName(c.header))
					}
				}
			}
		}
	}
	if flag != nil {
		for _, at := range resetAt {
			at.Block().InsertBefore(d.newStore(flag, d.newConst(at.Block(), at, 0)), at)
		}
	}
	mergeInside.Append(d.newMerge())
	body.Append(mergeInside)
	for b := range body.Blocks() {
		if t := b.Last(); t != nil {
			retarget(t, c.merge, mergeInside)
		}
	}
	// The ops after a loop placed in its entry block follow it there, as
	// after a construct placed in its merge block.
	if home != c.merge && len(exitEdges) == 0 && !headers[c.merge] && c.merge.NumArgs() == 0 {
		if preds := c.merge.Predecessors(); len(preds) == 1 && preds[0] == home {
			home.Last().Erase()
			for o := range c.merge.Ops() {
				o.Remove()
				home.Append(o)
			}
			c.merge.Erase()
		}
	}
	return nil
}

// soleEntry returns the block that enters loop c when it holds nothing but
// that unconditional branch (what the serializer writes), or nil.
func (d *deserializer) soleEntry(c construct, in map[*ir.Block]bool) *ir.Block {
	if !c.loop {
		return nil
	}
	var entry *ir.Block
	for b := range c.header.Parent().Blocks() {
		if in[b] || b.Last() == nil {
			continue
		}
		for _, s := range b.Last().Successors() {
			if s == c.header {
				if entry != nil {
					return nil
				}
				entry = b
			}
		}
	}
	if entry == nil || entry.IsEntry() || entry.First() != entry.Last() || entry.Last().Name() != "spirv.Branch" {
		return nil
	}
	return entry
}

// retarget makes a terminator branch to to wherever it branched to from.
func retarget(t *ir.Operation, from, to *ir.Block) {
	for i, s := range t.Successors() {
		if s == from {
			t.SetSuccessor(i, to)
		}
	}
}

func (d *deserializer) blockName(b *ir.Block) string {
	if id, ok := d.blockIDs[b]; ok {
		return fmt.Sprintf("%%%d", id)
	}
	return "(new block)"
}

// onlyBranch reports whether a block holds its terminator and nothing else
// but the constants and symbol references materialized for it.
func onlyBranch(b *ir.Block) bool {
	for op := range b.Ops() {
		switch op.Name() {
		case "spirv.Constant", "spirv.EXT.ConstantCompositeReplicate", "spirv.mlir.addressof", "spirv.mlir.referenceof":
		default:
			if op != b.Last() {
				return false
			}
		}
	}
	return true
}
