// RUN: kiln opt %s --split-input-file --convert-memref-to-spirv | FileCheck %s

// convert-memref-to-spirv leaves func.func alone: an alloca in Function
// memory becomes a Function variable at the start of its func.func (MLIR's
// AllocaOpPattern); one in another memory space or of a dynamic shape stays.
module attributes {spirv.target_env = #spirv.target_env<#spirv.vce<v1.3, [Shader], []>, #spirv.resource_limits<>>} {
  // CHECK-LABEL: func.func @function_variable
  // CHECK-NOT: arith.constant
  // CHECK: %[[VAR:.*]] = spirv.Variable : !spirv.ptr<!spirv.struct<(!spirv.array<6 x f32>)>, Function>
  // CHECK: %[[PTR:.*]] = spirv.AccessChain %[[VAR]][%{{.*}}, %{{.*}}] : !spirv.ptr<!spirv.struct<(!spirv.array<6 x f32>)>, Function>, i32, i32
  // CHECK: spirv.Store "Function" %[[PTR]], %arg1 : f32
  func.func @function_variable(%i: index, %f: f32) {
    %c1 = arith.constant 1 : index
    %a = memref.alloca() : memref<2x3xf32, #spirv.storage_class<Function>>
    memref.store %f, %a[%c1, %i] : memref<2x3xf32, #spirv.storage_class<Function>>
    return
  }
  // CHECK-LABEL: func.func @stays
  // CHECK: memref.alloca() : memref<4xf32>
  // CHECK: memref.alloca(%{{.*}}) : memref<?xf32, #spirv.storage_class<Function>>
  func.func @stays(%n: index, %f: f32) {
    %a = memref.alloca() : memref<4xf32>
    memref.store %f, %a[%n] : memref<4xf32>
    %b = memref.alloca(%n) : memref<?xf32, #spirv.storage_class<Function>>
    memref.store %f, %b[%n] : memref<?xf32, #spirv.storage_class<Function>>
    return
  }
}
