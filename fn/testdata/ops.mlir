// RUN: kiln opt %s | FileCheck %s
// RUN: kiln opt %s --mlir-print-op-generic | kiln opt | FileCheck %s

// CHECK-LABEL: func.func private @decl(memref<?xf32>) -> f32
func.func private @decl(memref<?xf32>) -> f32

// CHECK-LABEL: func.func nested @attrs(i32 {test.a = 1 : i32}, f32) -> (i32 {test.r})
func.func nested @attrs(i32 {test.a = 1 : i32}, f32) -> (i32 {test.r})

// CHECK-LABEL: func.func private @fn_result() -> ((i32) -> i32)
func.func private @fn_result() -> ((i32) -> i32)

// CHECK-LABEL: func.func private @two_results(i32) -> (i32, f32)
func.func private @two_results(i32) -> (i32, f32)

// CHECK-LABEL: func.func @add(%arg0: i32, %arg1: i32 {test.in}) -> i32 attributes {test.fn} {
// CHECK-NEXT:    return %arg0 : i32
// CHECK-NEXT:  }
func.func @add(%a: i32, %b: i32 {test.in}) -> i32 attributes {test.fn} {
  func.return %a : i32
}

// CHECK-LABEL: func.func @unnamed(%arg0: i32) {
// CHECK-NEXT:    return
func.func @unnamed(i32) {
^bb0(%x: i32):
  return
}

// CHECK-LABEL: func.func @calls(%arg0: i32) -> f32 {
// CHECK-NEXT:    %0:2 = call @two_results(%arg0) : (i32) -> (i32, f32)
// CHECK-NEXT:    %f = constant @two_results : (i32) -> (i32, f32)
// CHECK-NEXT:    %1:2 = call_indirect %f(%0#0) : (i32) -> (i32, f32)
// CHECK-NEXT:    return %1#1 : f32
func.func @calls(%x: i32) -> f32 {
  %0:2 = func.call @two_results(%x) : (i32) -> (i32, f32)
  %c = func.constant @two_results : (i32) -> (i32, f32)
  %1:2 = func.call_indirect %c(%0#0) : (i32) -> (i32, f32)
  return %1#1 : f32
}
