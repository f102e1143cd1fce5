package ir

import (
	"iter"
	"slices"
)

// Block is a list of operations with arguments, inside a region. A block
// in an SSACFG region ends with a terminator whose successors are blocks of
// the same region.
type Block struct {
	args        []*Value
	argLocs     []Location // argLocs[i] is the location of args[i]
	first, last *Operation
	parent      *Region
	prev, next  *Block
	orderValid  bool
}

// NewBlock returns a detached block with arguments of the given types.
func NewBlock(types []Type, locs []Location) *Block {
	b := &Block{}
	for i, t := range types {
		var l Location
		if i < len(locs) {
			l = locs[i]
		}
		b.AddArgument(t, l)
	}
	return b
}

// Args returns the block arguments.
func (b *Block) Args() []*Value { return b.args }

// NumArgs returns the number of arguments.
func (b *Block) NumArgs() int { return len(b.args) }

// Arg returns argument i.
func (b *Block) Arg(i int) *Value { return b.args[i] }

// ArgTypes returns the argument types.
func (b *Block) ArgTypes() []Type {
	ts := make([]Type, len(b.args))
	for i, a := range b.args {
		ts[i] = a.typ
	}
	return ts
}

// AddArgument appends an argument.
func (b *Block) AddArgument(t Type, loc Location) *Value {
	v := newBlockArg(b, t, len(b.args))
	b.args = append(b.args, v)
	b.argLocs = append(b.argLocs, loc)
	return v
}

// InsertArgument inserts an argument at position i.
func (b *Block) InsertArgument(i int, t Type, loc Location) *Value {
	v := newBlockArg(b, t, i)
	b.args = slices.Insert(b.args, i, v)
	b.argLocs = slices.Insert(b.argLocs, i, loc)
	for j := i; j < len(b.args); j++ {
		b.args[j].asArg().index = int32(j)
	}
	return v
}

// EraseArgument removes argument i, which must have no uses.
func (b *Block) EraseArgument(i int) {
	if b.args[i].uses != nil {
		panic("ir: erasing a block argument that still has uses")
	}
	b.args = slices.Delete(b.args, i, i+1)
	b.argLocs = slices.Delete(b.argLocs, i, i+1)
	for j := i; j < len(b.args); j++ {
		b.args[j].asArg().index = int32(j)
	}
}

// Parent returns the region that contains the block.
func (b *Block) Parent() *Region { return b.parent }

// ParentOp returns the op whose region contains the block.
func (b *Block) ParentOp() *Operation {
	if b.parent == nil {
		return nil
	}
	return b.parent.parent
}

// IsEntry reports whether b is the first block of its region.
func (b *Block) IsEntry() bool { return b.parent != nil && b.parent.first == b }

// Next returns the following block of the region.
func (b *Block) Next() *Block { return b.next }

// Prev returns the preceding block of the region.
func (b *Block) Prev() *Block { return b.prev }

// First returns the first op, or nil.
func (b *Block) First() *Operation { return b.first }

// Last returns the last op, or nil.
func (b *Block) Last() *Operation { return b.last }

// Empty reports whether the block has no ops.
func (b *Block) Empty() bool { return b.first == nil }

// Terminator returns the last op when it is a terminator (or unregistered), else nil.
func (b *Block) Terminator() *Operation {
	if b.last != nil && (b.last.info.def == nil || b.last.info.def.Traits&Terminator != 0) {
		return b.last
	}
	return nil
}

// Ops iterates over the block's ops; the current op may be erased or moved.
func (b *Block) Ops() iter.Seq[*Operation] {
	return func(yield func(*Operation) bool) {
		for o := b.first; o != nil; {
			next := o.next
			if !yield(o) {
				return
			}
			o = next
		}
	}
}

// OpList returns the block's ops as a slice.
func (b *Block) OpList() []*Operation {
	var out []*Operation
	for o := b.first; o != nil; o = o.next {
		out = append(out, o)
	}
	return out
}

// Append adds op at the end of the block.
func (b *Block) Append(op *Operation) { b.insertBefore(op, nil) }

// InsertBefore inserts op before another op of this block (nil: at the end).
func (b *Block) InsertBefore(op, before *Operation) { b.insertBefore(op, before) }

func (b *Block) insertBefore(op, before *Operation) {
	if op.block != nil {
		op.block.unlinkOp(op)
	}
	op.block = b
	op.next = before
	if before == nil {
		op.prev = b.last
		if b.last != nil {
			b.last.next = op
		} else {
			b.first = op
		}
		b.last = op
		if b.orderValid {
			if op.prev != nil {
				op.order = op.prev.order + 1
			} else {
				op.order = 0
			}
		}
		return
	}
	op.prev = before.prev
	if before.prev != nil {
		before.prev.next = op
	} else {
		b.first = op
	}
	before.prev = op
	b.orderValid = false
}

func (b *Block) unlinkOp(op *Operation) {
	if op.prev != nil {
		op.prev.next = op.next
	} else {
		b.first = op.next
	}
	if op.next != nil {
		op.next.prev = op.prev
	} else {
		b.last = op.prev
	}
	op.prev, op.next, op.block = nil, nil, nil
}

func (b *Block) renumber() {
	i := int32(0)
	for o := b.first; o != nil; o = o.next {
		o.order = i
		i++
	}
	b.orderValid = true
}

// SplitBefore moves op and every op after it into a new block inserted
// after b, and returns the new block.
func (b *Block) SplitBefore(op *Operation) *Block {
	nb := &Block{}
	b.parent.InsertAfter(nb, b)
	for o := op; o != nil; {
		next := o.next
		nb.Append(o)
		o = next
	}
	return nb
}

// Erase removes the block from its region and destroys its ops.
func (b *Block) Erase() {
	for o := b.first; o != nil; o = o.next {
		o.DropAllReferences()
	}
	for b.last != nil {
		b.last.Erase()
	}
	if b.parent != nil {
		b.parent.unlink(b)
	}
}

// Predecessors returns the blocks whose terminator branches to b (once per edge).
func (b *Block) Predecessors() []*Block {
	if b.parent == nil {
		return nil
	}
	var preds []*Block
	for p := b.parent.first; p != nil; p = p.next {
		if t := p.last; t != nil {
			for _, s := range t.succs() {
				if s == b {
					preds = append(preds, p)
				}
			}
		}
	}
	return preds
}

// Region is a list of blocks owned by an operation.
type Region struct {
	first, last *Block
	parent      *Operation
}

// NewRegion returns an empty detached region.
func NewRegion() *Region { return &Region{} }

// ParentOp returns the op that owns the region.
func (r *Region) ParentOp() *Operation { return r.parent }

// Index returns the region's number within its parent op.
func (r *Region) Index() int {
	for i, x := range r.parent.regs() {
		if x == r {
			return i
		}
	}
	return -1
}

// Empty reports whether the region has no blocks.
func (r *Region) Empty() bool { return r.first == nil }

// Entry returns the first block, or nil.
func (r *Region) Entry() *Block { return r.first }

// Last returns the last block, or nil.
func (r *Region) Last() *Block { return r.last }

// HasOneBlock reports whether the region has exactly one block.
func (r *Region) HasOneBlock() bool { return r.first != nil && r.first == r.last }

// Blocks iterates over the blocks; the current block may be erased.
func (r *Region) Blocks() iter.Seq[*Block] {
	return func(yield func(*Block) bool) {
		for b := r.first; b != nil; {
			next := b.next
			if !yield(b) {
				return
			}
			b = next
		}
	}
}

// BlockList returns the blocks as a slice.
func (r *Region) BlockList() []*Block {
	var out []*Block
	for b := r.first; b != nil; b = b.next {
		out = append(out, b)
	}
	return out
}

// Append adds a block at the end of the region.
func (r *Region) Append(b *Block) { r.InsertBefore(b, nil) }

// InsertBefore inserts a block before another (nil: at the end).
func (r *Region) InsertBefore(b, before *Block) {
	if b.parent != nil {
		b.parent.unlink(b)
	}
	b.parent = r
	b.next = before
	if before == nil {
		b.prev = r.last
		if r.last != nil {
			r.last.next = b
		} else {
			r.first = b
		}
		r.last = b
		return
	}
	b.prev = before.prev
	if before.prev != nil {
		before.prev.next = b
	} else {
		r.first = b
	}
	before.prev = b
}

// InsertAfter inserts a block after another.
func (r *Region) InsertAfter(b, after *Block) { r.InsertBefore(b, after.next) }

func (r *Region) unlink(b *Block) {
	if b.prev != nil {
		b.prev.next = b.next
	} else {
		r.first = b.next
	}
	if b.next != nil {
		b.next.prev = b.prev
	} else {
		r.last = b.prev
	}
	b.prev, b.next, b.parent = nil, nil, nil
}

// TakeBody moves all blocks of other to the end of r.
func (r *Region) TakeBody(other *Region) {
	for other.first != nil {
		r.Append(other.first)
	}
}

// Walk visits every op nested in the region in post-order.
func (r *Region) Walk(fn func(*Operation) bool) bool {
	for b := r.first; b != nil; {
		nextB := b.next
		for o := b.first; o != nil; {
			next := o.next
			if !o.Walk(fn) {
				return false
			}
			o = next
		}
		b = nextB
	}
	return true
}

// IsAncestorOf reports whether r contains the op (at any depth).
func (r *Region) IsAncestorOf(op *Operation) bool {
	for o := op; o != nil; o = o.ParentOp() {
		if o.ParentRegion() == r {
			return true
		}
	}
	return false
}

// IsAncestor reports whether r is other or encloses it at any depth (MLIR's
// Region::isAncestor); it climbs other's ancestors, so it costs the nesting
// depth.
func (r *Region) IsAncestor(other *Region) bool {
	for other != nil {
		if other == r {
			return true
		}
		if other.parent == nil {
			return false
		}
		other = other.parent.ParentRegion()
	}
	return false
}

// VisitUsesAbove calls fn, in a post-order walk of r, for each operand of an
// op in r whose value is not defined in r or a region nested in it (MLIR's
// visitUsedValuesDefinedAbove). It stops and returns false as soon as fn
// does.
func (r *Region) VisitUsesAbove(fn func(*OpOperand) bool) bool {
	return r.Walk(func(op *Operation) bool {
		for i := range op.NumOperands() {
			if o := op.OpOperand(i); !r.IsAncestor(o.Get().ParentRegion()) && !fn(o) {
				return false
			}
		}
		return true
	})
}
