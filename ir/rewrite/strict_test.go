package rewrite_test

import (
	"testing"

	"github.com/kiln-gpu/kiln/ir"
	"github.com/kiln-gpu/kiln/ir/rewrite"
)

// Only the listed op is folded, its constant made right before it (no
// sweep hoists it): the op that would fold as well, the dead op and the
// constants left dead stay.
func TestApplyOpPatternsAndFoldStrict(t *testing.T) {
	ctx := ir.NewContext(testDialect())
	m := parse(t, ctx, `"test.func"() ({
^bb0(%a: i32):
  %c1 = "test.constant"() {value = 1 : i32} : () -> i32
  %c2 = "test.constant"() {value = 2 : i32} : () -> i32
  %s = "test.add"(%c1, %c2) : (i32, i32) -> i32
  %c0 = "test.constant"() {value = 0 : i32} : () -> i32
  %t = "test.add"(%a, %c0) : (i32, i32) -> i32
  %dead = "test.add"(%a, %a) : (i32, i32) -> i32
  "test.return"(%s, %t) : (i32, i32) -> ()
}) {sym_name = "f"} : () -> ()`)
	fn := m.Region(0).Entry().First()
	var listed *ir.Operation
	fn.Walk(func(op *ir.Operation) bool {
		if listed == nil && op.Name() == "test.add" {
			listed = op
		}
		return true
	})
	if err := rewrite.ApplyOpPatternsAndFold(fn, []*ir.Operation{listed}, rewrite.NewPatternSet()); err != nil {
		t.Fatal(err)
	}
	checkIR(t, m, `module {
  "test.func"() ({
  ^bb0(%arg0: i32):
    %0 = "test.constant"() {value = 1 : i32} : () -> i32
    %1 = "test.constant"() {value = 2 : i32} : () -> i32
    %2 = "test.constant"() {value = 3 : i32} : () -> i32
    %3 = "test.constant"() {value = 0 : i32} : () -> i32
    %4 = "test.add"(%arg0, %3) : (i32, i32) -> i32
    %5 = "test.add"(%arg0, %arg0) : (i32, i32) -> i32
    "test.return"(%2, %4) : (i32, i32) -> ()
  }) {sym_name = "f"} : () -> ()
}`)
}
