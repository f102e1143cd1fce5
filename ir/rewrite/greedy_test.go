package rewrite_test

import (
	"strings"
	"testing"

	"github.com/kiln-gpu/kiln/ir"
	"github.com/kiln-gpu/kiln/ir/rewrite"
)

func greedy(t *testing.T, src string, cfg rewrite.GreedyConfig, patterns ...*ir.Pattern) (*ir.Operation, bool) {
	t.Helper()
	ctx := ir.NewContext(testDialect())
	m := parse(t, ctx, src)
	converged, err := rewrite.ApplyPatternsGreedily(m, rewrite.NewPatternSet(patterns...), cfg)
	if err != nil {
		t.Fatal(err)
	}
	return m, converged
}

func TestFoldConstantsHoistedAndDeduplicated(t *testing.T) {
	m, converged := greedy(t, `"test.func"() ({
^bb0(%a: i32):
  "test.effect"(%a) : (i32) -> ()
  %c1 = "test.constant"() {value = 1 : i32} : () -> i32
  %c2 = "test.constant"() {value = 2 : i32} : () -> i32
  %s = "test.add"(%c1, %c2) : (i32, i32) -> i32
  %c3 = "test.constant"() {value = 3 : i32} : () -> i32
  %c0 = "test.constant"() {value = 0 : i32} : () -> i32
  %t = "test.add"(%a, %c0) : (i32, i32) -> i32
  %dead = "test.add"(%a, %a) : (i32, i32) -> i32
  "test.return"(%s, %c3, %t) : (i32, i32, i32) -> ()
}) {sym_name = "f"} : () -> ()`, rewrite.GreedyConfig{})
	if !converged {
		t.Error("did not converge")
	}
	checkIR(t, m, `module {
  "test.func"() ({
  ^bb0(%arg0: i32):
    %0 = "test.constant"() {value = 3 : i32} : () -> i32
    "test.effect"(%arg0) : (i32) -> ()
    "test.return"(%0, %0, %arg0) : (i32, i32, i32) -> ()
  }) {sym_name = "f"} : () -> ()
}`)
}

func TestConstantsStayInsideIsolatedOps(t *testing.T) {
	m, _ := greedy(t, `"test.func"() ({
  %c1 = "test.constant"() {value = 1 : i32} : () -> i32
  "test.region"() ({
    %c2 = "test.constant"() {value = 1 : i32} : () -> i32
    "test.effect"(%c2) : (i32) -> ()
    "test.return"() : () -> ()
  }) : () -> ()
  "test.func"() ({
    %c3 = "test.constant"() {value = 1 : i32} : () -> i32
    "test.effect"(%c3) : (i32) -> ()
    "test.return"() : () -> ()
  }) {sym_name = "inner"} : () -> ()
  "test.effect"(%c1) : (i32) -> ()
  "test.return"() : () -> ()
}) {sym_name = "f"} : () -> ()`, rewrite.GreedyConfig{})
	checkIR(t, m, `module {
  "test.func"() ({
    %0 = "test.constant"() {value = 1 : i32} : () -> i32
    "test.region"() ({
      "test.effect"(%0) : (i32) -> ()
      "test.return"() : () -> ()
    }) : () -> ()
    "test.func"() ({
      %1 = "test.constant"() {value = 1 : i32} : () -> i32
      "test.effect"(%1) : (i32) -> ()
      "test.return"() : () -> ()
    }) {sym_name = "inner"} : () -> ()
    "test.effect"(%0) : (i32) -> ()
    "test.return"() : () -> ()
  }) {sym_name = "f"} : () -> ()
}`)
}

func TestPatternsAndDeadCode(t *testing.T) {
	for _, topDown := range []bool{false, true} {
		m, converged := greedy(t, `"test.func"() ({
^bb0(%a: i32):
  %n1 = "test.neg"(%a) : (i32) -> i32
  %n2 = "test.neg"(%n1) : (i32) -> i32
  %n3 = "test.neg"(%n2) : (i32) -> i32
  %n4 = "test.neg"(%n3) : (i32) -> i32
  "test.return"(%n4) : (i32) -> ()
}) {sym_name = "f"} : () -> ()`, rewrite.GreedyConfig{TopDown: topDown}, negNeg)
		if !converged {
			t.Error("did not converge")
		}
		checkIR(t, m, `module {
  "test.func"() ({
  ^bb0(%arg0: i32):
    "test.return"(%arg0) : (i32) -> ()
  }) {sym_name = "f"} : () -> ()
}`)
	}
}

func TestBenefitOrder(t *testing.T) {
	mark := func(name string, benefit int) *ir.Pattern {
		return &ir.Pattern{Name: name, Root: "test.effect", Benefit: benefit, Rewrite: func(op *ir.Operation, rw *ir.Rewriter) bool {
			if op.HasAttr("test.by") {
				return false
			}
			rw.ModifyInPlace(op, func() { op.SetAttr("test.by", op.Context().StringAttr(name)) })
			return true
		}}
	}
	anyOp := mark("any", 2)
	anyOp.Root = ""
	set := rewrite.NewPatternSet(mark("low", 1), anyOp, mark("high", 3), mark("high-later", 3))
	var names []string
	for _, p := range set.For("test.effect") {
		names = append(names, p.Name)
	}
	if got := strings.Join(names, " "); got != "high high-later any low" {
		t.Errorf("order %q", got)
	}
	if got := len(set.For("test.neg")); got != 1 {
		t.Errorf("test.neg gets %d patterns, want the any-op one", got)
	}
	m, _ := greedy(t, `"test.effect"() : () -> ()`, rewrite.GreedyConfig{}, mark("low", 1), mark("high", 3))
	checkIR(t, m, `module {
  "test.effect"() {test.by = "high"} : () -> ()
}`)
}

func TestNonConvergence(t *testing.T) {
	toggle := &ir.Pattern{Name: "toggle", Root: "test.effect", Rewrite: func(op *ir.Operation, rw *ir.Rewriter) bool {
		rw.ModifyInPlace(op, func() {
			if !op.RemoveAttr("test.x") {
				op.SetAttr("test.x", op.Context().UnitAttr())
			}
		})
		return true
	}}
	_, converged := greedy(t, `"test.effect"() : () -> ()`, rewrite.GreedyConfig{MaxIterations: 3}, toggle)
	if converged {
		t.Error("a pattern that always applies converged")
	}
	_, converged = greedy(t, `"test.effect"() : () -> ()`, rewrite.GreedyConfig{MaxRewrites: 5, MaxIterations: -1}, toggle)
	if converged {
		t.Error("converged past the rewrite limit")
	}
}

func TestPatternContract(t *testing.T) {
	liar := &ir.Pattern{Name: "liar", Root: "test.effect", Rewrite: func(op *ir.Operation, rw *ir.Rewriter) bool {
		rw.ModifyInPlace(op, func() { op.SetAttr("test.x", op.Context().UnitAttr()) })
		return false
	}}
	ctx := ir.NewContext(testDialect())
	m := parse(t, ctx, `"test.effect"() : () -> ()`)
	_, err := rewrite.ApplyPatternsGreedily(m, rewrite.NewPatternSet(liar), rewrite.GreedyConfig{})
	if err == nil || !strings.Contains(err.Error(), `pattern "liar" changed the IR`) {
		t.Errorf("err = %v", err)
	}
}

func TestUnreachableBlocks(t *testing.T) {
	src := `"test.func"() ({
^bb0(%a: i32):
  "test.br"(%a)[^bb2] : (i32) -> ()
^bb1(%x: i32):
  %y = "test.effect"(%x) : (i32) -> i32
  "test.br"(%y)[^bb3] : (i32) -> ()
^bb2(%z: i32):
  "test.return"(%z) : (i32) -> ()
^bb3(%w: i32):
  "test.br"(%w)[^bb1] : (i32) -> ()
}) {sym_name = "f"} : () -> ()`
	m, _ := greedy(t, src, rewrite.GreedyConfig{})
	checkIR(t, m, `module {
  "test.func"() ({
  ^bb0(%arg0: i32):
    "test.br"(%arg0)[^bb1] : (i32) -> ()
  ^bb1(%0: i32):  // pred: ^bb0
    "test.return"(%0) : (i32) -> ()
  }) {sym_name = "f"} : () -> ()
}`)
	m, _ = greedy(t, src, rewrite.GreedyConfig{NoRegionSimplify: true})
	if n := len(m.Region(0).Entry().First().Region(0).BlockList()); n != 4 {
		t.Errorf("%d blocks left without region simplification, want 4", n)
	}
}

func TestListenerAndNoFold(t *testing.T) {
	var erased int
	l := &countingListener{erased: &erased}
	m, _ := greedy(t, `"test.func"() ({
  %c1 = "test.constant"() {value = 1 : i32} : () -> i32
  %s = "test.add"(%c1, %c1) : (i32, i32) -> i32
  "test.effect"(%s) : (i32) -> ()
  "test.return"() : () -> ()
}) {sym_name = "f"} : () -> ()`, rewrite.GreedyConfig{NoFold: true, Listener: l})
	if erased != 0 {
		t.Errorf("%d ops erased without folding", erased)
	}
	if !strings.Contains(ir.OpString(m, ir.PrintOptions{}), "test.add") {
		t.Error("folded with NoFold")
	}
	greedy(t, `"test.func"() ({
  %c1 = "test.constant"() {value = 1 : i32} : () -> i32
  %s = "test.add"(%c1, %c1) : (i32, i32) -> i32
  "test.effect"(%s) : (i32) -> ()
  "test.return"() : () -> ()
}) {sym_name = "f"} : () -> ()`, rewrite.GreedyConfig{Listener: l})
	if erased != 2 {
		t.Errorf("listener saw %d erasures, want 2 (the add, then the dead constant)", erased)
	}
}

type countingListener struct{ erased *int }

func (l *countingListener) OpInserted(*ir.Operation)              {}
func (l *countingListener) OpErased(*ir.Operation)                { *l.erased++ }
func (l *countingListener) OpModified(*ir.Operation)              {}
func (l *countingListener) OpReplaced(*ir.Operation, []*ir.Value) {}

func TestUnregisteredOps(t *testing.T) {
	ctx := ir.NewContext(testDialect())
	ctx.SetAllowUnregisteredDialects(true)
	m := parse(t, ctx, `"test.func"() ({
  "other.region"() ({
    %c1 = "test.constant"() {value = 1 : i32} : () -> i32
    %c2 = "test.constant"() {value = 2 : i32} : () -> i32
    %s = "test.add"(%c1, %c2) : (i32, i32) -> i32
    %u = "other.op"(%s) : (i32) -> i32
  }) : () -> ()
  "test.return"() : () -> ()
}) {sym_name = "f"} : () -> ()`)
	if _, err := rewrite.ApplyPatternsGreedily(m, nil, rewrite.GreedyConfig{}); err != nil {
		t.Fatal(err)
	}
	// An unregistered op might be isolated from above: constants stay in
	// it; an unregistered op might have effects: it stays.
	checkIR(t, m, `module {
  "test.func"() ({
    "other.region"() ({
      %0 = "test.constant"() {value = 3 : i32} : () -> i32
      %1 = "other.op"(%0) : (i32) -> i32
    }) : () -> ()
    "test.return"() : () -> ()
  }) {sym_name = "f"} : () -> ()
}`)
}

func TestMergeIdenticalBlocks(t *testing.T) {
	src := `"test.func"() ({
^bb0(%c: i1, %a: i32, %b: i32):
  "test.cond_br"(%c, %a, %b) [^bb1, ^bb2] {operandSegmentSizes = array<i32: 1, 1, 1>} : (i1, i32, i32) -> ()
^bb1(%x: i32):
  %s = "test.add"(%x, %a) : (i32, i32) -> i32
  "test.effect"(%s, %a) : (i32, i32) -> ()
  "test.br"()[^bb3] : () -> ()
^bb2(%y: i32):
  %t = "test.add"(%y, %b) : (i32, i32) -> i32
  "test.effect"(%t, %b) : (i32, i32) -> ()
  "test.br"()[^bb3] : () -> ()
^bb3:
  "test.return"() : () -> ()
}) {sym_name = "f"} : () -> ()`
	// The two blocks differ in %a and %b, used twice each: one new
	// argument takes them (the second is pruned as redundant).
	m, converged := greedy(t, src, rewrite.GreedyConfig{MergeBlocks: true})
	if !converged {
		t.Error("did not converge")
	}
	checkIR(t, m, `module {
  "test.func"() ({
  ^bb0(%arg0: i1, %arg1: i32, %arg2: i32):
    "test.cond_br"(%arg0, %arg1, %arg1, %arg2, %arg2)[^bb1, ^bb1] <{operandSegmentSizes = array<i32: 1, 2, 2>}> : (i1, i32, i32, i32, i32) -> ()
  ^bb1(%0: i32, %1: i32):  // 2 preds: ^bb0, ^bb0
    %2 = "test.add"(%0, %1) : (i32, i32) -> i32
    "test.effect"(%2, %1) : (i32, i32) -> ()
    "test.br"()[^bb2] : () -> ()
  ^bb2:  // pred: ^bb1
    "test.return"() : () -> ()
  }) {sym_name = "f"} : () -> ()
}`)
	// The normal level leaves the blocks alone.
	m, _ = greedy(t, src, rewrite.GreedyConfig{})
	if n := len(m.Region(0).Entry().First().Region(0).BlockList()); n != 4 {
		t.Errorf("%d blocks left at the normal level, want 4", n)
	}
}

func TestMergeIdenticalBlocksRefusals(t *testing.T) {
	for name, src := range map[string]string{
		// Values of the blocks used in different places.
		"different uses": `"test.func"() ({
^bb0(%c: i1, %a: i32):
  "test.cond_br"(%c) [^bb1, ^bb2] {operandSegmentSizes = array<i32: 1, 0, 0>} : (i1) -> ()
^bb1:
  %s = "test.effect"(%a) : (i32) -> i32
  %t = "test.effect"(%a) : (i32) -> i32
  "test.effect"(%s) : (i32) -> ()
  "test.br"()[^bb3] : () -> ()
^bb2:
  %u = "test.effect"(%a) : (i32) -> i32
  %v = "test.effect"(%a) : (i32) -> i32
  "test.effect"(%v) : (i32) -> ()
  "test.br"()[^bb3] : () -> ()
^bb3:
  "test.return"() : () -> ()
}) {sym_name = "f"} : () -> ()`,
		// Different ops.
		"different ops": `"test.func"() ({
^bb0(%c: i1, %a: i32):
  "test.cond_br"(%c) [^bb1, ^bb2] {operandSegmentSizes = array<i32: 1, 0, 0>} : (i1) -> ()
^bb1:
  "test.effect"(%a) : (i32) -> ()
  "test.br"()[^bb3] : () -> ()
^bb2:
  "test.effect"(%a) {x} : (i32) -> ()
  "test.br"()[^bb3] : () -> ()
^bb3:
  "test.return"() : () -> ()
}) {sym_name = "f"} : () -> ()`,
		// The branch into them cannot take the new arguments.
		"fixed branch": `"test.func"() ({
^bb0(%c: i1, %a: i32, %b: i32):
  "test.switch"(%c) [^bb1, ^bb2] : (i1) -> ()
^bb1:
  "test.effect"(%a) : (i32) -> ()
  "test.br"()[^bb3] : () -> ()
^bb2:
  "test.effect"(%b) : (i32) -> ()
  "test.br"()[^bb3] : () -> ()
^bb3:
  "test.return"() : () -> ()
}) {sym_name = "f"} : () -> ()`,
	} {
		m, _ := greedy(t, src, rewrite.GreedyConfig{MergeBlocks: true})
		if n := len(m.Region(0).Entry().First().Region(0).BlockList()); n != 4 {
			t.Errorf("%s: %d blocks left, want 4", name, n)
		}
	}
}

func TestDropRedundantArguments(t *testing.T) {
	m, _ := greedy(t, `"test.func"() ({
^bb0(%c: i1, %a: i32, %b: i32):
  "test.cond_br"(%c, %a, %b, %a, %a) [^bb1, ^bb1] {operandSegmentSizes = array<i32: 1, 2, 2>} : (i1, i32, i32, i32, i32) -> ()
^bb1(%x: i32, %y: i32):
  "test.effect"(%x, %y) : (i32, i32) -> ()
  "test.return"() : () -> ()
}) {sym_name = "f"} : () -> ()`, rewrite.GreedyConfig{MergeBlocks: true})
	checkIR(t, m, `module {
  "test.func"() ({
  ^bb0(%arg0: i1, %arg1: i32, %arg2: i32):
    "test.cond_br"(%arg0, %arg2, %arg1)[^bb1, ^bb1] <{operandSegmentSizes = array<i32: 1, 1, 1>}> : (i1, i32, i32) -> ()
  ^bb1(%0: i32):  // 2 preds: ^bb0, ^bb0
    "test.effect"(%arg1, %0) : (i32, i32) -> ()
    "test.return"() : () -> ()
  }) {sym_name = "f"} : () -> ()
}`)
}

func TestRegionDCE(t *testing.T) {
	src := `"test.func"() ({
^bb0(%c: i1, %a: i32):
  "test.br"(%a, %a)[^bb1] : (i32, i32) -> ()
^bb1(%x: i32, %k: i32):
  %y = "test.add"(%x, %x) : (i32, i32) -> i32
  "test.effect"(%k) : (i32) -> ()
  "test.cond_br"(%c, %y, %k) [^bb1, ^bb2] {operandSegmentSizes = array<i32: 1, 2, 0>} : (i1, i32, i32) -> ()
^bb2:
  "test.return"() : () -> ()
}) {sym_name = "f"} : () -> ()`
	// %x only feeds itself around the loop: it goes, with the add; %k is
	// used by an op with effects and stays.
	m, _ := greedy(t, src, rewrite.GreedyConfig{})
	checkIR(t, m, `module {
  "test.func"() ({
  ^bb0(%arg0: i1, %arg1: i32):
    "test.br"(%arg1)[^bb1] : (i32) -> ()
  ^bb1(%0: i32):  // 2 preds: ^bb0, ^bb1
    "test.effect"(%0) : (i32) -> ()
    "test.cond_br"(%arg0, %0)[^bb1, ^bb2] <{operandSegmentSizes = array<i32: 1, 1, 0>}> : (i1, i32) -> ()
  ^bb2:  // pred: ^bb1
    "test.return"() : () -> ()
  }) {sym_name = "f"} : () -> ()
}`)
	m, _ = greedy(t, src, rewrite.GreedyConfig{NoRegionSimplify: true})
	if n := m.Region(0).Entry().First().Region(0).BlockList()[1].NumArgs(); n != 2 {
		t.Errorf("%d loop arguments left without region simplification, want 2", n)
	}
}

// A folded op's constant is made right before the op, as MLIR's driver
// makes it; the next sweep hoists it to the start of the block only when it
// does not already follow the run of constants there: 3 (made right after
// the constants) stays after them, 4 (made after test.effect) goes first.
func TestFoldedConstantFollowsExistingConstants(t *testing.T) {
	m, converged := greedy(t, `"test.func"() ({
  %c1 = "test.constant"() {value = 1 : i32} : () -> i32
  %c2 = "test.constant"() {value = 2 : i32} : () -> i32
  %s = "test.add"(%c1, %c2) : (i32, i32) -> i32
  "test.effect"(%s) : (i32) -> ()
  %c0 = "test.constant"() {value = 0 : i32} : () -> i32
  %t = "test.add"(%c2, %c2) : (i32, i32) -> i32
  "test.return"(%c1, %t, %c0) : (i32, i32, i32) -> ()
}) {sym_name = "f"} : () -> ()`, rewrite.GreedyConfig{})
	if !converged {
		t.Error("did not converge")
	}
	checkIR(t, m, `module {
  "test.func"() ({
    %0 = "test.constant"() {value = 4 : i32} : () -> i32
    %1 = "test.constant"() {value = 0 : i32} : () -> i32
    %2 = "test.constant"() {value = 1 : i32} : () -> i32
    %3 = "test.constant"() {value = 3 : i32} : () -> i32
    "test.effect"(%3) : (i32) -> ()
    "test.return"(%2, %0, %1) : (i32, i32, i32) -> ()
  }) {sym_name = "f"} : () -> ()
}`)
}
