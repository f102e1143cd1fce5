package cf_test

import (
	"testing"

	"github.com/kiln-gpu/kiln/ir/irtest"
)

// switchIn wraps a switch's cases in a function over a flag of type t.
func switchIn(t, cases string) string {
	return "func.func @f(%flag: " + t + ", %x: i32) {\n  cf.switch %flag : " + t + ", [\n" + cases + "\n  ]\n^bb1:\n  return\n}"
}

// Each case is MLIR text and the first diagnostic it must produce.
var invalid = []irtest.Invalid{
	{Name: "switch missing case value", In: switchIn("i32", "    default: ^bb1,\n    45: ^bb1,\n    : ^bb1"),
		Err: `in.mlir:5:5: error: custom op 'cf.switch' expected integer value`},
	{Name: "switch string case value", In: switchIn("i32", "    default: ^bb1,\n    \"hello\": ^bb1"),
		Err: `in.mlir:4:5: error: custom op 'cf.switch' expected integer value`},
	// On one line: MLIR reports a missing token at the end of the previous
	// line when the next token starts a line.
	{Name: "switch missing comma", In: switchIn("i32", "    default: ^bb1,\n    45: ^bb1 43: ^bb1"),
		Err: `in.mlir:4:13: error: expected ']'`},
	{Name: "switch missing default", In: switchIn("i32", "    45: ^bb1"),
		Err: `in.mlir:3:5: error: custom op 'cf.switch' expected 'default'`},
	{Name: "switch i1 positive overflow", In: switchIn("i1", "    default: ^bb1,\n    2: ^bb1"),
		Err: `in.mlir:4:5: error: case value is out of range for 'i1'`},
	{Name: "switch i1 negative overflow", In: switchIn("i1", "    default: ^bb1,\n    -2: ^bb1"),
		Err: `in.mlir:4:5: error: case value is out of range for 'i1'`},
	{Name: "switch i8 positive overflow", In: switchIn("i8", "    default: ^bb1,\n    256: ^bb1"),
		Err: `in.mlir:4:5: error: case value is out of range for 'i8'`},
	{Name: "switch i8 negative overflow", In: switchIn("i8", "    default: ^bb1,\n    -129: ^bb1"),
		Err: `in.mlir:4:5: error: case value is out of range for 'i8'`},
	{Name: "switch i64 positive overflow", In: switchIn("i64", "    default: ^bb1,\n    18446744073709551616: ^bb1"),
		Err: `in.mlir:4:5: error: case value is out of range for 'i64'`},
	{Name: "switch i64 negative overflow", In: switchIn("i64", "    default: ^bb1,\n    -9223372036854775809: ^bb1"),
		Err: `in.mlir:4:5: error: case value is out of range for 'i64'`},
	{Name: "switch flag type", In: `func.func @f(%flag: index) {
  "cf.switch"(%flag)[^bb1] <{case_operand_segments = array<i32>, operandSegmentSizes = array<i32: 1, 0, 0>}> : (index) -> ()
^bb1:
  return
}`,
		Err: `in.mlir:2:3: error: 'cf.switch' op operand #0 must be integer, but got 'index'`},
	{Name: "switch case value type", In: `func.func @f(%flag: i32) {
  "cf.switch"(%flag)[^bb1, ^bb1] <{case_operand_segments = array<i32: 0>, case_values = dense<1> : vector<1xi64>, operandSegmentSizes = array<i32: 1, 0, 0>}> : (i32) -> ()
^bb1:
  return
}`,
		Err: `in.mlir:2:3: error: 'cf.switch' op 'flag' type (i32) should match case value type (i64)`},
	{Name: "switch case value count", In: `func.func @f(%flag: i32) {
  "cf.switch"(%flag)[^bb1, ^bb1] <{case_operand_segments = array<i32: 0>, case_values = dense<[1, 2]> : vector<2xi32>, operandSegmentSizes = array<i32: 1, 0, 0>}> : (i32) -> ()
^bb1:
  return
}`,
		Err: `in.mlir:2:3: error: 'cf.switch' op number of case values (2) should match number of case destinations (1)`},
	{Name: "switch case operand segments", In: `func.func @f(%flag: i32) {
  "cf.switch"(%flag)[^bb1] <{case_operand_segments = array<i32: 0>, operandSegmentSizes = array<i32: 1, 0, 0>}> : (i32) -> ()
^bb1:
  return
}`,
		Err: `in.mlir:2:3: error: 'cf.switch' op successor #0 operand range is out of bounds`},
	{Name: "switch operand type", In: switchIn("i32", "    default: ^bb1(%x : i32)"),
		Err: `in.mlir:2:3: error: branch has 1 operands for successor #0, but target block has 0`},
	{Name: "cond_br weights count", In: `func.func @f(%c: i1) {
  cf.cond_br %c weights([100]), ^bb1, ^bb1
^bb1:
  return
}`,
		Err: `in.mlir:2:3: error: expects number of branch weights to match number of successors: 1 vs 2`},
	{Name: "cond_br zero weights", In: `func.func @f(%c: i1) {
  cf.cond_br %c weights([0, 0]), ^bb1, ^bb1
^bb1:
  return
}`,
		Err: `in.mlir:2:3: error: branch weights cannot all be zero`},
	{Name: "cond_br condition type", In: `func.func @f(%c: i32) {
  "cf.cond_br"(%c)[^bb1, ^bb1] <{operandSegmentSizes = array<i32: 1, 0, 0>}> : (i32) -> ()
^bb1:
  return
}`,
		Err: `in.mlir:2:3: error: 'cf.cond_br' op operand #0 must be 1-bit signless integer, but got 'i32'`},
	{Name: "cond_br condition use", In: `func.func @f(%c: i32) {
  cf.cond_br %c, ^bb1, ^bb1
^bb1:
  return
}`,
		Err: "in.mlir:2:14: error: use of value '%c' expects different type than prior uses: 'i1' vs 'i32'\nin.mlir:1:14: note: prior use here"},
	{Name: "cond_br segments", In: `func.func @f(%c: i1) {
  "cf.cond_br"(%c)[^bb1, ^bb1] <{operandSegmentSizes = array<i32: 1, 0>}> : (i1) -> ()
^bb1:
  return
}`,
		Err: `in.mlir:2:3: error: 'cf.cond_br' op successor #0 operand range is out of bounds`},
	{Name: "br operand type", In: `func.func @f(%a: i32) {
  cf.br ^bb1(%a : i32)
^bb1(%b: f32):
  return
}`,
		Err: `in.mlir:2:3: error: type mismatch for bb argument #0 of successor #0`},
	{Name: "br to an undefined block", In: `func.func @f() {
  cf.br ^bb9
}`,
		Err: `in.mlir:2:9: error: reference to an undefined block '^bb9'`},
	{Name: "br not last", In: `func.func @f() {
  cf.br ^bb1
  cf.br ^bb1
^bb1:
  return
}`,
		Err: `in.mlir:2:3: error: 'cf.br' op must be the last operation in the parent block`},
	{Name: "assert operand type", In: `func.func @f(%c: i32) {
  "cf.assert"(%c) <{msg = "m"}> : (i32) -> ()
  return
}`,
		Err: `in.mlir:2:3: error: 'cf.assert' op operand #0 must be 1-bit signless integer, but got 'i32'`},
	{Name: "assert message", In: `func.func @f(%c: i1) {
  "cf.assert"(%c) : (i1) -> ()
  return
}`,
		Err: `in.mlir:2:3: error: 'cf.assert' op requires attribute 'msg'`},
	{Name: "assert message kind", In: `func.func @f(%c: i1) {
  "cf.assert"(%c) <{msg = 1 : i32}> : (i1) -> ()
  return
}`,
		Err: `in.mlir:2:3: error: 'cf.assert' op attribute 'msg' failed to satisfy constraint: string attribute`},
}

func TestInvalid(t *testing.T) { irtest.CheckInvalid(t, newContext, "in.mlir", invalid, nil) }

// TestNoPanic parses every prefix of valid text and malformed generic ops,
// and prints whatever parses: errors must be diagnostics, and printing
// unverified IR must not fail.
func TestNoPanic(t *testing.T) {
	inputs := []string{
		`"cf.br"() : () -> ()`,
		`"cf.cond_br"() : () -> ()`,
		`"cf.switch"() : () -> ()`,
		`"cf.assert"() : () -> ()`,
	}
	for _, tc := range invalid {
		inputs = append(inputs, tc.In)
	}
	for _, tc := range roundTrips {
		for i := range tc.in {
			inputs = append(inputs, tc.in[:i])
		}
	}
	irtest.CheckParseNoPanic(t, newContext, inputs)
}
