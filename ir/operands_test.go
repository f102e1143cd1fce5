package ir

import (
	"testing"
	"unsafe"
)

// Operands live after the op's result in its own allocation when they fit
// (at most three, at most one result), in the op's rare fields otherwise,
// and move between the two as SetOperands changes their number.
func TestOperandStorage(t *testing.T) {
	if got := unsafe.Sizeof(Operation{}); got != 88 {
		t.Errorf("Operation is %d bytes, want 88 (a binary op in Go's 192-byte size class)", got)
	}
	c := NewContext()
	idx := c.Index()
	def := c.NewOp(&OpState{Name: "t.def", ResultTypes: []Type{idx, idx}})
	a, b := def.Result(0), def.Result(1)
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
