package cf_test

import (
	"testing"

	"github.com/kiln-gpu/kiln/ir"
	"github.com/kiln-gpu/kiln/ir/irtest"
)

// Each case is MLIR text in and the text MLIR prints for it out.
var roundTrips = []struct{ name, in, out string }{
	{name: "branches",
		in: `func.func @f(%a: i32, %c: i1) -> i32 {
  cf.br ^bb1
^bb1:
  cf.cond_br %c, ^bb2(%a : i32), ^bb3 {test.attr}
^bb2(%x: i32):
  cf.br ^bb3
^bb3:
  return %a : i32
}`,
		out: `func.func @f(%arg0: i32, %arg1: i1) -> i32 {
  cf.br ^bb1
^bb1:  // pred: ^bb0
  cf.cond_br %arg1, ^bb2(%arg0 : i32), ^bb3 {test.attr}
^bb2(%0: i32):  // pred: ^bb1
  cf.br ^bb3
^bb3:  // 2 preds: ^bb1, ^bb2
  return %arg0 : i32
}`},
	{name: "switch boundaries print signed",
		in: `func.func @f(%a: i8, %b: i1, %c: i64) {
  cf.switch %a : i8, [
    default: ^bb1,
    -128: ^bb1,
    255: ^bb1
  ]
^bb1:
  cf.switch %b : i1, [
    default: ^bb2,
    1: ^bb2
  ]
^bb2:
  cf.switch %c : i64, [
    default: ^bb3,
    18446744073709551615: ^bb3,
    -9223372036854775808: ^bb3
  ]
^bb3:
  return
}`,
		out: `func.func @f(%arg0: i8, %arg1: i1, %arg2: i64) {
  cf.switch %arg0 : i8, [
    default: ^bb1,
    -128: ^bb1,
    -1: ^bb1
  ]
^bb1:  // 3 preds: ^bb0, ^bb0, ^bb0
  cf.switch %arg1 : i1, [
    default: ^bb2,
    -1: ^bb2
  ]
^bb2:  // 2 preds: ^bb1, ^bb1
  cf.switch %arg2 : i64, [
    default: ^bb3,
    -1: ^bb3,
    -9223372036854775808: ^bb3
  ]
^bb3:  // 3 preds: ^bb2, ^bb2, ^bb2
  return
}`},
	{name: "switch with result numbers and only a default",
		in: `func.func @f(%a: i32) {
  %0:2 = "test.two"() : () -> (i32, i32)
  cf.switch %a : i32, [
    default: ^bb1(%0#0 : i32),
    0: ^bb2(%0#1, %a : i32, i32)
  ]
^bb1(%x: i32):
  cf.switch %x : i32, [
    default: ^bb1(%x : i32)
  ] {test.attr}
^bb2(%y: i32, %z: i32):
  return
}`,
		out: `func.func @f(%arg0: i32) {
  %0:2 = "test.two"() : () -> (i32, i32)
  cf.switch %arg0 : i32, [
    default: ^bb1(%0#0 : i32),
    0: ^bb2(%0#1, %arg0 : i32, i32)
  ]
^bb1(%1: i32):  // 2 preds: ^bb0, ^bb1
  cf.switch %1 : i32, [
    default: ^bb1(%1 : i32)] {test.attr}
^bb2(%2: i32, %3: i32):  // pred: ^bb0
  return
}`},
	{name: "assert and weights",
		in: `func.func @f(%c: i1) {
  cf.assert %c, "Some message in case this \"assertion\" fails." {test.a}
  cf.cond_br %c weights([0, 100]), ^bb1, ^bb1
^bb1:
  return
}`,
		out: `func.func @f(%arg0: i1) {
  cf.assert %arg0, "Some message in case this \22assertion\22 fails." {test.a}
  cf.cond_br %arg0 weights([0, 100]), ^bb1, ^bb1
^bb1:  // 2 preds: ^bb0, ^bb0
  return
}`},
	{name: "generic form with MLIR 16 segment spelling",
		in: `"func.func"() <{function_type = (i1, i32) -> (), sym_name = "f"}> ({
^bb0(%c: i1, %a: i32):
  "cf.cond_br"(%c, %a, %a)[^bb1, ^bb2] {operand_segment_sizes = array<i32: 1, 1, 1>} : (i1, i32, i32) -> ()
^bb1(%x: i32):
  "cf.switch"(%x, %x, %a)[^bb2, ^bb2] <{case_operand_segments = array<i32: 1>, case_values = dense<7> : vector<1xi32>, operandSegmentSizes = array<i32: 1, 1, 1>}> : (i32, i32, i32) -> ()
^bb2(%y: i32):
  "func.return"() : () -> ()
}) : () -> ()`,
		out: `func.func @f(%arg0: i1, %arg1: i32) {
  cf.cond_br %arg0, ^bb1(%arg1 : i32), ^bb2(%arg1 : i32)
^bb1(%0: i32):  // pred: ^bb0
  cf.switch %0 : i32, [
    default: ^bb2(%0 : i32),
    7: ^bb2(%arg1 : i32)
  ]
^bb2(%1: i32):  // 3 preds: ^bb0, ^bb1, ^bb1
  return
}`},
}

func TestRoundTrip(t *testing.T) {
	for _, tc := range roundTrips {
		t.Run(tc.name, func(t *testing.T) {
			if got := irtest.PrintedBody(t, newContext, tc.in, ir.PrintOptions{}); got != tc.out {
				t.Fatalf("printed\n%s\nwant\n%s", got, tc.out)
			}
			irtest.CheckFixedPoint(t, newContext, tc.in, ir.PrintOptions{})
		})
	}
}
