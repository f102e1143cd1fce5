package ir

import "testing"

// A region is its own ancestor and encloses the regions nested in it; the
// uses above it are those of values defined outside it, in post-order.
func TestRegionUsesAbove(t *testing.T) {
	c := NewContext()
	idx := c.Index()
	outside := c.NewOp(&OpState{Name: "t.def", ResultTypes: []Type{idx}}).Result(0)

	outerSt := &OpState{Name: "t.outer"}
	outerSt.AddRegion()
	outer := c.NewOp(outerSt)
	body := NewBlock([]Type{idx}, nil)
	outer.Region(0).Append(body)
	arg := body.Arg(0)
	def := c.NewOp(&OpState{Name: "t.def", ResultTypes: []Type{idx}})
	body.Append(def)
	innerSt := &OpState{Name: "t.inner"}
	innerSt.AddRegion()
	inner := c.NewOp(innerSt)
	body.Append(inner)
	innerBody := NewBlock(nil, nil)
	inner.Region(0).Append(innerBody)
	use := c.NewOp(&OpState{Name: "t.use", Operands: []*Value{outside, arg, def.Result(0), outside}})
	innerBody.Append(use)
	last := c.NewOp(&OpState{Name: "t.use", Operands: []*Value{def.Result(0), outside}})
	body.Append(last)

	r, in := outer.Region(0), inner.Region(0)
	if !r.IsAncestor(r) || !r.IsAncestor(in) || in.IsAncestor(r) || r.IsAncestor(nil) {
		t.Errorf("IsAncestor: outer/outer %v outer/inner %v inner/outer %v outer/nil %v",
			r.IsAncestor(r), r.IsAncestor(in), in.IsAncestor(r), r.IsAncestor(nil))
	}
	var got []*OpOperand
	if !r.VisitUsesAbove(func(o *OpOperand) bool { got = append(got, o); return true }) {
		t.Fatal("VisitUsesAbove stopped without being asked to")
	}
	want := []*OpOperand{use.OpOperand(0), use.OpOperand(3), last.OpOperand(1)}
	if len(got) != len(want) {
		t.Fatalf("%d uses above the outer region, want %d", len(got), len(want))
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("use %d: operand %d of %s, want operand %d of %s", i, got[i].Index(), got[i].Owner().Name(), want[i].Index(), want[i].Owner().Name())
		}
	}
	got = got[:0]
	in.VisitUsesAbove(func(o *OpOperand) bool { got = append(got, o); return true })
	if len(got) != 4 {
		t.Errorf("%d uses above the inner region, want 4", len(got))
	}
	n := 0
	if r.VisitUsesAbove(func(*OpOperand) bool { n++; return false }) || n != 1 {
		t.Errorf("VisitUsesAbove did not stop at the first use (%d calls)", n)
	}
}
