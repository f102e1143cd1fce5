package ir

import (
	"testing"
	"unsafe"
)

// Operands live after the op's result in its own allocation when they fit
// (at most three, at most one result), in the op's rare fields otherwise,
// and move between the two as SetOperands changes their number.
func TestOperandStorage(t *testing.T) {
	if got := unsafe.Sizeof(Operation{}); got != 80 {
		t.Errorf("Operation is %d bytes, want 80 (a binary op in Go's 176-byte size class)", got)
	}
	if got := unsafe.Sizeof(Value{}); got != 32 {
		t.Errorf("Value is %d bytes, want 32", got)
	}
	c := NewContext()
	idx := c.Index()
	def := c.NewOp(&OpState{Name: "t.def", ResultTypes: []Type{idx, idx}})
	a, b := def.Result(0), def.Result(1)
	for i, v := range []*Value{a, b} {
		if v.Index() != i || v.DefiningOp() != def || v.IsBlockArgument() {
			t.Fatalf("result %d: index %d, defined by %p", i, v.Index(), v.DefiningOp())
		}
	}
	check := func(op *Operation, want ...*Value) {
		t.Helper()
		if op.NumOperands() != len(want) {
			t.Fatalf("%d operands, want %d", op.NumOperands(), len(want))
		}
		for i, v := range want {
			u := op.OpOperand(i)
			if u.Get() != v || u.Owner() != op || u.Index() != i {
				t.Fatalf("operand %d: value %p owner %p index %d", i, u.Get(), u.Owner(), u.Index())
			}
		}
	}
	uses := func(v *Value) int { return v.NumUses() }
	for n := range 6 {
		vs := make([]*Value, n)
		for i := range vs {
			vs[i] = []*Value{a, b}[i%2]
		}
		op := c.NewOp(&OpState{Name: "t.use", Operands: vs, ResultTypes: []Type{idx}})
		if inline := op.inline != 0; inline != (n > 0 && n <= 3) {
			t.Errorf("%d operands: inline %v", n, inline)
		}
		check(op, vs...)
		if r := op.Result(0); r.Index() != 0 || r.DefiningOp() != op {
			t.Fatalf("%d operands: result index %d, defined by %p", n, r.Index(), r.DefiningOp())
		}
		op.SetOperands([]*Value{b, a, b, a, b}) // past any inline room
		check(op, b, a, b, a, b)
		if op.inline != 0 {
			t.Errorf("%d operands grown to 5 stay inline", n)
		}
		clone := op.Clone(NewMapping())
		check(clone, b, a, b, a, b)
		op.SetOperands([]*Value{a})
		check(op, a)
		clone.Erase()
		op.Erase()
		if uses(a) != 0 || uses(b) != 0 {
			t.Fatalf("uses left after erasing: %d, %d", uses(a), uses(b))
		}
	}
}

// A block argument knows its block and number as arguments come and go.
func TestBlockArguments(t *testing.T) {
	c := NewContext()
	idx := c.Index()
	b := NewBlock([]Type{idx, idx}, nil)
	mid := b.InsertArgument(1, idx, c.UnknownLoc())
	b.EraseArgument(0)
	for i, v := range b.Args() {
		if !v.IsBlockArgument() || v.OwnerBlock() != b || v.Index() != i || v.DefiningOp() != nil {
			t.Fatalf("argument %d: index %d, block %p", i, v.Index(), v.OwnerBlock())
		}
	}
	if mid.Index() != 0 || mid.Loc() != c.UnknownLoc() {
		t.Fatalf("inserted argument: index %d, loc %v", mid.Index(), mid.Loc())
	}
}
