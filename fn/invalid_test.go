package fn_test

import (
	"testing"

	"github.com/kiln-gpu/kiln/ir"
)

// Each case is MLIR text and the first diagnostic it must produce (the
// first line of Diagnostic.Error, then any notes).
var invalid = []struct{ name, in, err string }{
	{"public declaration", `func.func @f()`,
		`in.mlir:1:1: error: 'func.func' op symbol declaration cannot have public visibility`},
	{"empty body", `func.func @f() {}`,
		`in.mlir:1:16: error: expected non-empty function body`},
	{"named after unnamed", `func.func private @f(i32, %a: f32)`,
		`in.mlir:1:27: error: expected type instead of SSA identifier`},
	{"unnamed after named", `func.func @f(%a: i32, f32) {
  return
}`,
		`in.mlir:1:23: error: expected SSA identifier`},
	{"inferred attribute", `func.func private @f() attributes {sym_name = "g"}`,
		`in.mlir:1:24: error: 'sym_name' is an inferred attribute and should not be specified in the explicit attribute dictionary`},
	{"argument attribute without dialect", `func.func private @f(i32 {foo})`,
		`in.mlir:1:1: error: 'func.func' op arguments may only have dialect attributes`},
	{"result attribute without dialect", `func.func private @f() -> (i32 {foo})`,
		`in.mlir:1:1: error: 'func.func' op results may only have dialect attributes`},
	{"arg_attrs count", `"func.func"() <{arg_attrs = [{}, {}], function_type = (i32) -> (), sym_name = "f", sym_visibility = "private"}> ({}) : () -> ()`,
		`in.mlir:1:1: error: 'func.func' op expects argument attribute array to have the same number of elements as the number of function arguments, got 2, but expected 1`},
	{"arg_attrs element", `"func.func"() <{arg_attrs = [1 : i32], function_type = (i32) -> (), sym_name = "f", sym_visibility = "private"}> ({}) : () -> ()`,
		"in.mlir:1:1: error: 'func.func' op expects argument attribute dictionary to be a DictionaryAttr, but got `1 : i32`"},
	{"function_type not a function", `"func.func"() <{function_type = i32, sym_name = "f", sym_visibility = "private"}> ({}) : () -> ()`,
		`in.mlir:1:1: error: 'func.func' op requires 'function_type' attribute of function type`},
	{"function_type missing", `"func.func"() <{sym_name = "f", sym_visibility = "private"}> ({}) : () -> ()`,
		`in.mlir:1:1: error: 'func.func' op requires attribute 'function_type'`},
	{"entry block count", `"func.func"() <{function_type = (i32) -> (), sym_name = "f"}> ({
  "func.return"() : () -> ()
}) : () -> ()`,
		`in.mlir:1:1: error: 'func.func' op entry block must have 1 arguments to match function signature`},
	{"entry block type", `"func.func"() <{function_type = (i32) -> (), sym_name = "f"}> ({
^bb0(%a: f32):
  "func.return"() : () -> ()
}) : () -> ()`,
		`in.mlir:1:1: error: 'func.func' op type of entry block argument #0(f32) must match the type of the corresponding argument in function signature(i32)`},
	{"return count", `func.func @f(%a: i32) {
  return %a : i32
}`,
		`in.mlir:2:3: error: 'func.return' op has 1 operands, but enclosing function (@f) returns 0`},
	{"return type", `func.func @f(%a: i32) -> f32 {
  return %a : i32
}`,
		`in.mlir:2:3: error: type of return operand 0 (i32) doesn't match function result type (f32) in function @f`},
	{"return outside a function", `"test.region"() ({
  "func.return"() : () -> ()
}) : () -> ()`,
		`in.mlir:2:3: error: 'func.return' op expects parent op 'func.func'`},
	{"call of an undefined symbol", `func.func @f() {
  call @g() : () -> ()
  return
}`,
		`in.mlir:2:3: error: 'func.call' op 'g' does not reference a valid function`},
	{"call of a non-function", `module {
  module @m {}
  func.func @f() {
    call @m() : () -> ()
    return
  }
}`,
		`in.mlir:4:5: error: 'func.call' op 'm' does not reference a valid function`},
	{"call operand count", `func.func private @g(i32)
func.func @f() {
  call @g() : () -> ()
  return
}`,
		`in.mlir:3:3: error: 'func.call' op incorrect number of operands for callee`},
	{"call operand type", `func.func private @g(i32)
func.func @f(%a: f32) {
  call @g(%a) : (f32) -> ()
  return
}`,
		`in.mlir:3:3: error: 'func.call' op operand type mismatch: expected operand type i32, but provided f32 for operand number 0`},
	{"call result count", `func.func private @g() -> i32
func.func @f() {
  call @g() : () -> ()
  return
}`,
		`in.mlir:3:3: error: 'func.call' op incorrect number of results for callee`},
	{"call result type", `func.func private @g() -> (i32, i32)
func.func @f() {
  %0:2 = call @g() : () -> (i32, f32)
  return
}`,
		`in.mlir:3:10: error: 'func.call' op result type mismatch at index 1
in.mlir:3:10: note:       op result types: 'i32', 'f32'
in.mlir:3:10: note: function result types: 'i32', 'i32'`},
	{"call of a nested reference", `func.func @f() {
  call @a::@b() : () -> ()
  return
}`,
		`in.mlir:2:8: error: invalid kind of attribute specified`},
	{"callee missing", `func.func @f() {
  "func.call"() : () -> ()
  return
}`,
		`in.mlir:2:3: error: 'func.call' op requires attribute 'callee'`},
	{"call_indirect inputs", `func.func @f(%g: (i32) -> (), %a: f32) {
  "func.call_indirect"(%g, %a) : ((i32) -> (), f32) -> ()
  return
}`,
		`in.mlir:2:3: error: 'func.call_indirect' op failed to verify that callee input types match argument types`},
	{"call_indirect results", `func.func @f(%g: (i32) -> (), %a: i32) {
  %0 = "func.call_indirect"(%g, %a) : ((i32) -> (), i32) -> i32
  return
}`,
		`in.mlir:2:8: error: 'func.call_indirect' op failed to verify that callee result types match result types`},
	{"call_indirect callee type", `func.func @f(%g: i32) {
  "func.call_indirect"(%g) : (i32) -> ()
  return
}`,
		`in.mlir:2:3: error: 'func.call_indirect' op operand #0 must be function type, but got 'i32'`},
	{"constant of an undefined function", `func.func @f() {
  %0 = constant @g : () -> ()
  return
}`,
		`in.mlir:2:8: error: 'func.constant' op reference to undefined function 'g'`},
	{"constant type", `func.func @f() {
  %0 = constant @f : (i32) -> ()
  return
}`,
		`in.mlir:2:8: error: 'func.constant' op reference to function with mismatched type`},
	{"function body name reuse", `func.func @f(%a: i32, %a: i32) {
  return
}`,
		`in.mlir:1:23: error: redefinition of SSA value '%a'`},
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

// TestNoPanic parses every prefix of some valid text and malformed generic
// ops, and prints whatever parses: errors must be diagnostics, and
// printing unverified IR must not fail.
func TestNoPanic(t *testing.T) {
	inputs := []string{
		`"func.func"() : () -> ()`,
		`"func.call_indirect"() : () -> ()`,
		`"func.constant"() : () -> ()`,
		`"func.call"() <{callee = 1 : i32}> : () -> ()`,
		`"func.func"() <{function_type = (i32) -> i32, sym_name = "f"}> ({
^bb0(%a: f32, %b: f32):
  "func.return"() : () -> ()
}) : () -> ()`,
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
