// RUN: kiln opt %s | FileCheck %s
// RUN: kiln opt %s | kiln opt | FileCheck %s
// RUN: kiln opt %s --mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC

// spirv.func has no visibility keyword: as MLIR's FuncOp::print (through
// function_interface_impl::printFunctionAttributes, which elides only the
// symbol name and the function's own attributes), a sym_visibility prints
// in the attribute dictionary, where the parser takes it back.
// CHECK-LABEL: spirv.module Logical GLSL450
spirv.module Logical GLSL450 {
  // CHECK: spirv.func @private_fn() "None" attributes {sym_visibility = "private"} {
  // GENERIC: "spirv.func"() <{function_control = #spirv.function_control<None>, function_type = () -> (), sym_name = "private_fn"}> ({
  // GENERIC: }) {sym_visibility = "private"} : () -> ()
  spirv.func @private_fn() "None" attributes {sym_visibility = "private"} {
    spirv.Return
  }
  // CHECK: spirv.func @both(%{{.*}}: i32) -> i32 "Pure" attributes {foo = 1 : i32, sym_visibility = "nested"} {
  spirv.func @both(%a: i32) -> i32 "Pure" attributes {foo = 1 : i32, sym_visibility = "nested"} {
    spirv.ReturnValue %a : i32
  }
  // CHECK: spirv.func @public_fn() "None" {
  spirv.func @public_fn() "None" {
    spirv.FunctionCall @private_fn() : () -> ()
    spirv.Return
  }
}
