package ir

import (
	"iter"
	"unsafe"
)

// Value is an SSA value: an operation result or a block argument. Each
// value keeps the list of its uses, so replacing all uses costs O(uses).
type Value struct {
	typ  Type
	uses *OpOperand
	// def is the defining *Operation of a result, whose number is its
	// place in the op's results. A block argument is the Value of a
	// blockArg, which holds its block and number, and points at itself.
	// A parser's placeholder of a value not yet defined has nil. So every
	// op's result is 32 bytes.
	def unsafe.Pointer
}

// blockArg is a block argument.
type blockArg struct {
	Value
	block *Block
	index int32
}

// newBlockArg returns argument i of b, of type t.
func newBlockArg(b *Block, t Type, i int) *Value {
	a := &blockArg{Value: Value{typ: t}, block: b, index: int32(i)}
	a.def = unsafe.Pointer(&a.Value)
	return &a.Value
}

// asArg returns the block argument that v is, or nil.
func (v *Value) asArg() *blockArg {
	if v.def != unsafe.Pointer(v) {
		return nil
	}
	return (*blockArg)(unsafe.Pointer(v))
}

// owner returns the defining op, nil for a block argument.
func (v *Value) owner() *Operation {
	if v.def == unsafe.Pointer(v) {
		return nil
	}
	return (*Operation)(v.def)
}

// block returns the block of a block argument, nil for a result.
func (v *Value) block() *Block {
	if a := v.asArg(); a != nil {
		return a.block
	}
	return nil
}

// OpOperand is one use of a value: operand Index of Owner. It lives in
// its owner's operand array, which gives its index (as MLIR's does), so
// that every operand is a word smaller.
type OpOperand struct {
	value *Value
	owner *Operation
	next  *OpOperand
	back  **OpOperand // the link that points at this use
}

// Type returns the value's type.
func (v *Value) Type() Type { return v.typ }

// SetType changes the value's type in place (used by type conversion).
func (v *Value) SetType(t Type) { v.typ = t }

// DefiningOp returns the op whose result this is, or nil for a block argument.
func (v *Value) DefiningOp() *Operation { return v.owner() }

// IsBlockArgument reports whether v is a block argument.
func (v *Value) IsBlockArgument() bool { return v.owner() == nil }

// Index returns the result number or argument number.
func (v *Value) Index() int {
	if a := v.asArg(); a != nil {
		return int(a.index)
	}
	if op := v.owner(); op != nil {
		first := unsafe.Pointer(unsafe.SliceData(op.results()))
		return int((uintptr(unsafe.Pointer(v)) - uintptr(first)) / unsafe.Sizeof(*v))
	}
	return 0
}

// OwnerBlock returns the block that holds the argument, or the block of the defining op.
func (v *Value) OwnerBlock() *Block {
	if op := v.owner(); op != nil {
		return op.block
	}
	return v.block()
}

// ParentRegion returns the region in which the value is defined.
func (v *Value) ParentRegion() *Region {
	if b := v.OwnerBlock(); b != nil {
		return b.parent
	}
	return nil
}

// Loc returns the value's location: the argument's own, or the defining op's.
func (v *Value) Loc() Location {
	if op := v.owner(); op != nil {
		return op.loc
	}
	return v.argLoc()
}

// argLoc returns a block argument's own location (nil for op results).
// Blocks keep their arguments' locations, which few values have, so that
// every op result is smaller.
func (v *Value) argLoc() Location {
	if a := v.asArg(); a != nil && int(a.index) < len(a.block.argLocs) && a.block.args[a.index] == v {
		return a.block.argLocs[a.index]
	}
	return nil
}

// SetLoc sets a block argument's location.
func (v *Value) SetLoc(l Location) {
	if a := v.asArg(); a != nil && int(a.index) < len(a.block.argLocs) && a.block.args[a.index] == v {
		a.block.argLocs[a.index] = l
	}
}

// Uses iterates over the value's uses. The current use may be modified
// (for example by Set) during iteration.
func (v *Value) Uses() iter.Seq[*OpOperand] {
	return func(yield func(*OpOperand) bool) {
		for u := v.uses; u != nil; {
			next := u.next
			if !yield(u) {
				return
			}
			u = next
		}
	}
}

// Users iterates over the operations that use the value (an op using it
// twice is visited twice).
func (v *Value) Users() iter.Seq[*Operation] {
	return func(yield func(*Operation) bool) {
		for u := range v.Uses() {
			if !yield(u.owner) {
				return
			}
		}
	}
}

// HasUses reports whether the value has any use.
func (v *Value) HasUses() bool { return v.uses != nil }

// HasOneUse reports whether the value has exactly one use.
func (v *Value) HasOneUse() bool { return v.uses != nil && v.uses.next == nil }

// NumUses counts the uses (O(uses)).
func (v *Value) NumUses() int {
	n := 0
	for u := v.uses; u != nil; u = u.next {
		n++
	}
	return n
}

// ReplaceAllUsesWith makes every use of v use w instead.
func (v *Value) ReplaceAllUsesWith(w *Value) {
	if v == w {
		return
	}
	for v.uses != nil {
		v.uses.Set(w)
	}
}

// ReplaceUsesIf replaces the uses for which keep returns true.
func (v *Value) ReplaceUsesIf(w *Value, replace func(*OpOperand) bool) {
	for u := range v.Uses() {
		if replace(u) {
			u.Set(w)
		}
	}
}

// Get returns the used value.
func (o *OpOperand) Get() *Value { return o.value }

// Owner returns the operation that has this operand.
func (o *OpOperand) Owner() *Operation { return o.owner }

// Index returns the operand number.
func (o *OpOperand) Index() int {
	first := unsafe.Pointer(unsafe.SliceData(o.owner.uses()))
	return int((uintptr(unsafe.Pointer(o)) - uintptr(first)) / unsafe.Sizeof(*o))
}

// Set makes the operand use w.
func (o *OpOperand) Set(w *Value) {
	o.unlink()
	o.link(w)
}

func (o *OpOperand) link(v *Value) {
	o.value = v
	if v == nil {
		return
	}
	o.next = v.uses
	if v.uses != nil {
		v.uses.back = &o.next
	}
	o.back = &v.uses
	v.uses = o
}

func (o *OpOperand) unlink() {
	if o.value == nil {
		return
	}
	*o.back = o.next
	if o.next != nil {
		o.next.back = o.back
	}
	o.value, o.next, o.back = nil, nil, nil
}
