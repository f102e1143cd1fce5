package cf_test

import (
	"testing"

	"github.com/kiln-gpu/kiln/ir"
	"github.com/kiln-gpu/kiln/ir/irtest"
)

// TestSwitchSetSuccessorOperands resizes the operands of a middle case and
// of the default; the other successors keep theirs.
func TestSwitchSetSuccessorOperands(t *testing.T) {
	in := `func.func @f(%flag: i32, %a: i32, %b: i32) {
  cf.switch %flag : i32, [
    default: ^bb1(%a : i32),
    1: ^bb2(%a : i32),
    2: ^bb3(%b : i32)
  ]
^bb1(%x: i32):
  return
^bb2(%y: i32):
  return
^bb3(%z: i32):
  return
}`
	want := `func.func @f(%arg0: i32, %arg1: i32, %arg2: i32) {
  cf.switch %arg0 : i32, [
    default: ^bb1,
    1: ^bb2(%arg2, %arg1, %arg0 : i32, i32, i32),
    2: ^bb3(%arg2 : i32)
  ]
^bb1:  // pred: ^bb0
  return
^bb2(%0: i32, %1: i32, %2: i32):  // pred: ^bb0
  return
^bb3(%3: i32):  // pred: ^bb0
  return
}`
	got := irtest.Transformed(t, newContext, in, ir.PrintOptions{}, func(m *ir.Operation) error {
		var sw *ir.Operation
		m.Walk(func(o *ir.Operation) bool {
			if o.Name() == "cf.switch" {
				sw = o
			}
			return true
		})
		args := sw.Block().Parent().Entry().Args()
		sw.Successor(0).EraseArgument(0)
		sw.SetSuccessorOperands(0, nil)
		sw.Successor(1).AddArgument(args[0].Type(), sw.Loc())
		sw.Successor(1).AddArgument(args[0].Type(), sw.Loc())
		sw.SetSuccessorOperands(1, []*ir.Value{args[2], args[1], args[0]})
		return nil
	})
	if got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
}
