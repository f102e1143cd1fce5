package fn_test

import (
	"testing"

	"github.com/kiln-gpu/kiln/ir/irtest"
)

// Each case is MLIR text and the first diagnostic it must produce (the
// first line of Diagnostic.Error, then any notes).
var invalid = []irtest.Invalid{
	{Name: "public declaration", In: `func.func @f()`,
		Err: `in.mlir:1:1: error: 'func.func' op symbol declaration cannot have public visibility`},
	// A bare symbol name starts with a letter or '_' (MLIR's lexer).
	{Name: "symbol name", In: `func.func private @$f()`,
		Err: `in.mlir:1:19: error: @ identifier expected to start with letter or '_'`},
	{Name: "empty body", In: `func.func @f() {}`,
		Err: `in.mlir:1:16: error: expected non-empty function body`},
	{Name: "named after unnamed", In: `func.func private @f(i32, %a: f32)`,
		Err: `in.mlir:1:27: error: custom op 'func.func' expected type instead of SSA identifier`},
	{Name: "unnamed after named", In: `func.func @f(%a: i32, f32) {
  return
}`,
		Err: `in.mlir:1:23: error: custom op 'func.func' expected SSA identifier`},
	{Name: "inferred attribute", In: `func.func private @f() attributes {sym_name = "g"}`,
		Err: `in.mlir:1:24: error: 'sym_name' is an inferred attribute and should not be specified in the explicit attribute dictionary`},
	{Name: "argument attribute without dialect", In: `func.func private @f(i32 {foo})`,
		Err: `in.mlir:1:1: error: 'func.func' op arguments may only have dialect attributes`},
	{Name: "result attribute without dialect", In: `func.func private @f() -> (i32 {foo})`,
		Err: `in.mlir:1:1: error: 'func.func' op results may only have dialect attributes`},
	{Name: "arg_attrs count", In: `"func.func"() <{arg_attrs = [{}, {}], function_type = (i32) -> (), sym_name = "f", sym_visibility = "private"}> ({}) : () -> ()`,
		Err: `in.mlir:1:1: error: 'func.func' op expects argument attribute array to have the same number of elements as the number of function arguments, got 2, but expected 1`},
	{Name: "arg_attrs element", In: `"func.func"() <{arg_attrs = [1 : i32], function_type = (i32) -> (), sym_name = "f", sym_visibility = "private"}> ({}) : () -> ()`,
		Err: "in.mlir:1:1: error: 'func.func' op expects argument attribute dictionary to be a DictionaryAttr, but got `1 : i32`"},
	{Name: "function_type not a function", In: `"func.func"() <{function_type = i32, sym_name = "f", sym_visibility = "private"}> ({}) : () -> ()`,
		Err: `in.mlir:1:1: error: 'func.func' op requires 'function_type' attribute of function type`},
	{Name: "function_type missing", In: `"func.func"() <{sym_name = "f", sym_visibility = "private"}> ({}) : () -> ()`,
		Err: `in.mlir:1:1: error: 'func.func' op requires attribute 'function_type'`},
	{Name: "entry block count", In: `"func.func"() <{function_type = (i32) -> (), sym_name = "f"}> ({
  "func.return"() : () -> ()
}) : () -> ()`,
		Err: `in.mlir:1:1: error: 'func.func' op entry block must have 1 arguments to match function signature`},
	{Name: "entry block type", In: `"func.func"() <{function_type = (i32) -> (), sym_name = "f"}> ({
^bb0(%a: f32):
  "func.return"() : () -> ()
}) : () -> ()`,
		Err: `in.mlir:1:1: error: 'func.func' op type of entry block argument #0('f32') must match the type of the corresponding argument in function signature('i32')`},
	{Name: "return count", In: `func.func @f(%a: i32) {
  return %a : i32
}`,
		Err: `in.mlir:2:3: error: 'func.return' op has 1 operands, but enclosing function (@f) returns 0`},
	{Name: "return type", In: `func.func @f(%a: i32) -> f32 {
  return %a : i32
}`,
		Err: `in.mlir:2:3: error: type of return operand 0 ('i32') doesn't match function result type ('f32') in function @f`},
	{Name: "return outside a function", In: `"test.region"() ({
  "func.return"() : () -> ()
}) : () -> ()`,
		Err: `in.mlir:2:3: error: 'func.return' op expects parent op 'func.func'`},
	{Name: "call of an undefined symbol", In: `func.func @f() {
  call @g() : () -> ()
  return
}`,
		Err: `in.mlir:2:3: error: 'func.call' op 'g' does not reference a valid function`},
	{Name: "call of a non-function", In: `module {
  module @m {}
  func.func @f() {
    call @m() : () -> ()
    return
  }
}`,
		Err: `in.mlir:4:5: error: 'func.call' op 'm' does not reference a valid function`},
	{Name: "call operand count", In: `func.func private @g(i32)
func.func @f() {
  call @g() : () -> ()
  return
}`,
		Err: `in.mlir:3:3: error: 'func.call' op incorrect number of operands for callee`},
	{Name: "call operand type", In: `func.func private @g(i32)
func.func @f(%a: f32) {
  call @g(%a) : (f32) -> ()
  return
}`,
		Err: `in.mlir:3:3: error: 'func.call' op operand type mismatch: expected operand type 'i32', but provided 'f32' for operand number 0`},
	{Name: "call result count", In: `func.func private @g() -> i32
func.func @f() {
  call @g() : () -> ()
  return
}`,
		Err: `in.mlir:3:3: error: 'func.call' op incorrect number of results for callee`},
	{Name: "call result type", In: `func.func private @g() -> (i32, i32)
func.func @f() {
  %0:2 = call @g() : () -> (i32, f32)
  return
}`,
		Err: `in.mlir:3:10: error: 'func.call' op result type mismatch at index 1
in.mlir:3:10: note:       op result types: 'i32', 'f32'
in.mlir:3:10: note: function result types: 'i32', 'i32'`},
	{Name: "call of a nested reference", In: `func.func @f() {
  call @a::@b() : () -> ()
  return
}`,
		Err: `in.mlir:2:8: error: custom op 'func.call' invalid kind of attribute specified`},
	{Name: "callee missing", In: `func.func @f() {
  "func.call"() : () -> ()
  return
}`,
		Err: `in.mlir:2:3: error: 'func.call' op requires attribute 'callee'`},
	{Name: "call_indirect inputs", In: `func.func @f(%g: (i32) -> (), %a: f32) {
  "func.call_indirect"(%g, %a) : ((i32) -> (), f32) -> ()
  return
}`,
		Err: `in.mlir:2:3: error: 'func.call_indirect' op failed to verify that callee input types match argument types`},
	{Name: "call_indirect results", In: `func.func @f(%g: (i32) -> (), %a: i32) {
  %0 = "func.call_indirect"(%g, %a) : ((i32) -> (), i32) -> i32
  return
}`,
		Err: `in.mlir:2:8: error: 'func.call_indirect' op failed to verify that callee result types match result types`},
	{Name: "call_indirect callee type", In: `func.func @f(%g: i32) {
  "func.call_indirect"(%g) : (i32) -> ()
  return
}`,
		Err: `in.mlir:2:3: error: 'func.call_indirect' op operand #0 must be function type, but got 'i32'`},
	{Name: "constant of an undefined function", In: `func.func @f() {
  %0 = constant @g : () -> ()
  return
}`,
		Err: `in.mlir:2:8: error: 'func.constant' op reference to undefined function 'g'`},
	{Name: "constant type", In: `func.func @f() {
  %0 = constant @f : (i32) -> ()
  return
}`,
		Err: `in.mlir:2:8: error: 'func.constant' op reference to function with mismatched type`},
	{Name: "function body name reuse", In: `func.func @f(%a: i32, %a: i32) {
  return
}`,
		Err: "in.mlir:1:23: error: region entry argument '%a' is already in use\nin.mlir:1:14: note: previously referenced here"},
}

func TestInvalid(t *testing.T) { irtest.CheckInvalid(t, newContext, "in.mlir", invalid, nil) }

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
	irtest.CheckParseNoPanic(t, newContext, inputs)
}
