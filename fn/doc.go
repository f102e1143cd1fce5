// Package fn is the func dialect (MLIR's `func`; the package is named fn
// because func is a Go keyword): functions, calls and returns.
//
//	func.func @add(%arg0: i32, %arg1: i32) -> i32 {
//	  %0 = arith.addi %arg0, %arg1 : i32
//	  return %0 : i32
//	}
//	func.func private @ext(memref<?xf32>) -> f32
//	%r = func.call @add(%a, %b) : (i32, i32) -> i32
//
// func.func is a symbol whose inherent attributes are sym_name,
// function_type (a TypeAttr of FunctionType), the optional sym_visibility,
// and arg_attrs/res_attrs (ArrayAttrs of DictionaryAttrs, one per argument
// or result). A function without a body is a declaration. Inside a
// function the dialect prefix of func ops is optional, as in MLIR.
//
// Load the dialect with ir.NewContext(fn.Dialect(), ...); Func, Call,
// CallIndirect and Return are typed views of the ops.
package fn
