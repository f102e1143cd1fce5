// RUN: kiln opt %s --convert-func-to-spirv | FileCheck %s
// RUN: kiln opt %s --convert-func-to-spirv=emulate-lt-32-bit-scalar-types=false | FileCheck %s --check-prefix=NOEMU

// convert-func-to-spirv keeps signedness, emulates narrow integers unless
// told not to, and converts only memrefs with a SPIR-V storage class.
module attributes {spirv.target_env = #spirv.target_env<#spirv.vce<v1.0, [], []>, #spirv.resource_limits<>>} {
  // CHECK-LABEL: spirv.func @narrow
  // CHECK-SAME: i32, %{{.*}}: si32, %{{.*}}: !spirv.ptr<!spirv.struct<(!spirv.array<4 x vector<2xf32>, stride=8> [0])>, StorageBuffer>
  // NOEMU-LABEL: func.func @narrow
  // NOEMU-SAME: i8, %{{.*}}: si16
  func.func @narrow(%a: i8, %b: si16, %c: memref<4xvector<2xf32>, #spirv.storage_class<StorageBuffer>>) { return }
  // CHECK-LABEL: spirv.func @bools
  // CHECK-SAME: !spirv.ptr<!spirv.struct<(!spirv.array<8 x i32, stride=4> [0])>, StorageBuffer>
  func.func @bools(%a: memref<4x8xi1, #spirv.storage_class<StorageBuffer>>) { return }
  // CHECK-LABEL: func.func @no_storage_class
  func.func @no_storage_class(%a: memref<4xf32>) { return }
  // CHECK-LABEL: func.func @two_results
  // CHECK: return %{{.*}}, %{{.*}} : i32, i32
  func.func @two_results(%a: i32) -> (i32, i32) { return %a, %a : i32, i32 }
}

// A cast written in the source that takes a converted argument back to
// the type the conversion gave it folds away (MLIR's
// FuncToSPIRV/func-ops-to-spirv.mlir).
module attributes {spirv.target_env = #spirv.target_env<#spirv.vce<v1.0, [], []>, #spirv.resource_limits<>>} {
  // CHECK-LABEL: spirv.func @casts_back
  // CHECK-SAME: (%[[A:.*]]: i32)
  // CHECK-NOT: unrealized_conversion_cast
  // CHECK: spirv.ReturnValue %[[A]] : i32
  func.func @casts_back(%a: index) -> i32 {
    %0 = builtin.unrealized_conversion_cast %a : index to i32
    return %0 : i32
  }
}
