package cf_test

import (
	"testing"

	"github.com/kiln-gpu/kiln/ir"
)

// switchIn wraps a switch's cases in a function over a flag of type t.
func switchIn(t, cases string) string {
	return "func.func @f(%flag: " + t + ", %x: i32) {\n  cf.switch %flag : " + t + ", [\n" + cases + "\n  ]\n^bb1:\n  return\n}"
}

// Each case is MLIR text and the first diagnostic it must produce.
var invalid = []struct{ name, in, err string }{
	{"switch missing case value", switchIn("i32", "    default: ^bb1,\n    45: ^bb1,\n    : ^bb1"),
		`in.mlir:5:5: error: expected integer value`},
	{"switch string case value", switchIn("i32", "    default: ^bb1,\n    \"hello\": ^bb1"),
		`in.mlir:4:5: error: expected integer value`},
	// On one line: MLIR reports a missing token at the end of the previous
	// line when the next token starts a line.
	{"switch missing comma", switchIn("i32", "    default: ^bb1,\n    45: ^bb1 43: ^bb1"),
		`in.mlir:4:13: error: expected ']'`},
	{"switch missing default", switchIn("i32", "    45: ^bb1"),
		`in.mlir:3:5: error: expected 'default'`},
	{"switch i1 positive overflow", switchIn("i1", "    default: ^bb1,\n    2: ^bb1"),
		`in.mlir:4:5: error: case value does not fit in flag type 'i1'`},
	{"switch i1 negative overflow", switchIn("i1", "    default: ^bb1,\n    -2: ^bb1"),
		`in.mlir:4:5: error: case value does not fit in flag type 'i1'`},
	{"switch i8 positive overflow", switchIn("i8", "    default: ^bb1,\n    256: ^bb1"),
		`in.mlir:4:5: error: case value does not fit in flag type 'i8'`},
	{"switch i8 negative overflow", switchIn("i8", "    default: ^bb1,\n    -129: ^bb1"),
		`in.mlir:4:5: error: case value does not fit in flag type 'i8'`},
	{"switch i64 positive overflow", switchIn("i64", "    default: ^bb1,\n    18446744073709551616: ^bb1"),
		`in.mlir:4:5: error: case value does not fit in flag type 'i64'`},
	{"switch i64 negative overflow", switchIn("i64", "    default: ^bb1,\n    -9223372036854775809: ^bb1"),
		`in.mlir:4:5: error: case value does not fit in flag type 'i64'`},
	{"switch flag type", `func.func @f(%flag: index) {
  "cf.switch"(%flag)[^bb1] <{case_operand_segments = array<i32>, operandSegmentSizes = array<i32: 1, 0, 0>}> : (index) -> ()
^bb1:
  return
}`,
		`in.mlir:2:3: error: 'cf.switch' op operand #0 must be integer, but got 'index'`},
	{"switch case value type", `func.func @f(%flag: i32) {
  "cf.switch"(%flag)[^bb1, ^bb1] <{case_operand_segments = array<i32: 0>, case_values = dense<1> : vector<1xi64>, operandSegmentSizes = array<i32: 1, 0, 0>}> : (i32) -> ()
^bb1:
  return
}`,
		`in.mlir:2:3: error: 'cf.switch' op 'flag' type (i32) should match case value type (i64)`},
	{"switch case value count", `func.func @f(%flag: i32) {
  "cf.switch"(%flag)[^bb1, ^bb1] <{case_operand_segments = array<i32: 0>, case_values = dense<[1, 2]> : vector<2xi32>, operandSegmentSizes = array<i32: 1, 0, 0>}> : (i32) -> ()
^bb1:
  return
}`,
		`in.mlir:2:3: error: 'cf.switch' op number of case values (2) should match number of case destinations (1)`},
	{"switch case operand segments", `func.func @f(%flag: i32) {
  "cf.switch"(%flag)[^bb1] <{case_operand_segments = array<i32: 0>, operandSegmentSizes = array<i32: 1, 0, 0>}> : (i32) -> ()
^bb1:
  return
}`,
		`in.mlir:2:3: error: 'cf.switch' op successor #0 operand range is out of bounds`},
	{"switch operand type", switchIn("i32", "    default: ^bb1(%x : i32)"),
		`in.mlir:2:3: error: branch has 1 operands for successor #0, but target block has 0`},
	{"cond_br weights count", `func.func @f(%c: i1) {
  cf.cond_br %c weights([100]), ^bb1, ^bb1
^bb1:
  return
}`,
		`in.mlir:2:3: error: expects number of branch weights to match number of successors: 1 vs 2`},
	{"cond_br zero weights", `func.func @f(%c: i1) {
  cf.cond_br %c weights([0, 0]), ^bb1, ^bb1
^bb1:
  return
}`,
		`in.mlir:2:3: error: branch weights cannot all be zero`},
	{"cond_br condition type", `func.func @f(%c: i32) {
  "cf.cond_br"(%c)[^bb1, ^bb1] <{operandSegmentSizes = array<i32: 1, 0, 0>}> : (i32) -> ()
^bb1:
  return
}`,
		`in.mlir:2:3: error: 'cf.cond_br' op operand #0 must be 1-bit signless integer, but got 'i32'`},
	{"cond_br condition use", `func.func @f(%c: i32) {
  cf.cond_br %c, ^bb1, ^bb1
^bb1:
  return
}`,
		`in.mlir:2:14: error: use of value '%c' expects different type than prior uses: 'i1' vs 'i32'`},
	{"cond_br segments", `func.func @f(%c: i1) {
  "cf.cond_br"(%c)[^bb1, ^bb1] <{operandSegmentSizes = array<i32: 1, 0>}> : (i1) -> ()
^bb1:
  return
}`,
		`in.mlir:2:3: error: 'cf.cond_br' op successor #0 operand range is out of bounds`},
	{"br operand type", `func.func @f(%a: i32) {
  cf.br ^bb1(%a : i32)
^bb1(%b: f32):
  return
}`,
		`in.mlir:2:3: error: type mismatch for bb argument #0 of successor #0`},
	{"br to an undefined block", `func.func @f() {
  cf.br ^bb9
}`,
		`in.mlir:2:9: error: reference to an undefined block '^bb9'`},
	{"br not last", `func.func @f() {
  cf.br ^bb1
  cf.br ^bb1
^bb1:
  return
}`,
		`in.mlir:2:3: error: 'cf.br' op must be the last operation in the parent block`},
	{"assert operand type", `func.func @f(%c: i32) {
  "cf.assert"(%c) <{msg = "m"}> : (i32) -> ()
  return
}`,
		`in.mlir:2:3: error: 'cf.assert' op operand #0 must be 1-bit signless integer, but got 'i32'`},
	{"assert message", `func.func @f(%c: i1) {
  "cf.assert"(%c) : (i1) -> ()
  return
}`,
		`in.mlir:2:3: error: 'cf.assert' op requires attribute 'msg'`},
	{"assert message kind", `func.func @f(%c: i1) {
  "cf.assert"(%c) <{msg = 1 : i32}> : (i1) -> ()
  return
}`,
		`in.mlir:2:3: error: 'cf.assert' op attribute 'msg' failed to satisfy constraint: string attribute`},
}

func TestInvalid(t *testing.T) {
	for _, tc := range invalid {
		t.Run(tc.name, func(t *testing.T) {
			_, err := parseAndVerify(newContext(), tc.in)
			if err == nil {
				t.Fatalf("no error, want %s", tc.err)
			}
			if got := err.Error(); got != tc.err {
				t.Errorf("got\n%s\nwant\n%s", got, tc.err)
			}
		})
	}
}

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
		inputs = append(inputs, tc.in)
	}
	for _, tc := range roundTrips {
		for i := range tc.in {
			inputs = append(inputs, tc.in[:i])
		}
	}
	for _, src := range inputs {
		m, err := ir.Parse(newContext(), src, "in.mlir")
		if err != nil {
			if _, ok := err.(*ir.Diagnostic); !ok {
				t.Errorf("%q: error %v is not a diagnostic", src, err)
			}
			continue
		}
		_ = ir.Verify(m)
		ir.PrintBytes(m, ir.PrintOptions{})
		ir.PrintBytes(m, ir.PrintOptions{Generic: true})
	}
}
