// RUN: kiln opt %s --split-input-file --convert-arith-to-spirv | FileCheck %s
// RUN: kiln opt %s --split-input-file --convert-to-spirv | FileCheck %s --check-prefix=ALL

// 8-bit floats, which SPIR-V cannot compute on, are their bits in an i8
// (MLIR's emulate-unsupported-float-types): constants become their bit
// patterns, bitcasts to and from i8 disappear.
module attributes {spirv.target_env = #spirv.target_env<#spirv.vce<v1.0, [Int8], []>, #spirv.resource_limits<>>} {
  // CHECK-LABEL: func.func @constants
  // CHECK: spirv.Constant 56 : i8
  // CHECK: spirv.Constant -64 : i8
  // CHECK: spirv.Constant dense<60> : vector<4xi8>
  // CHECK: spirv.Constant dense<[56, -72]> : tensor<2xi8> : !spirv.array<2 x i8>
  func.func @constants() -> (f8E4M3, f8E4M3FN, vector<4xf8E5M2>, tensor<2xf8E4M3FN>) {
    %0 = arith.constant 1.0 : f8E4M3
    %1 = arith.constant -2.0 : f8E4M3FN
    %2 = arith.constant dense<1.0> : vector<4xf8E5M2>
    %3 = arith.constant dense<[1.0, -1.0]> : tensor<2xf8E4M3FN>
    return %0, %1, %2, %3 : f8E4M3, f8E4M3FN, vector<4xf8E5M2>, tensor<2xf8E4M3FN>
  }
  // CHECK-LABEL: func.func @bitcasts
  // CHECK-NOT: spirv.Bitcast
  // CHECK: return
  func.func @bitcasts(%a: f8E4M3FN, %b: i8) -> (i8, f8E4M3FN) {
    %0 = arith.bitcast %a : f8E4M3FN to i8
    %1 = arith.bitcast %b : i8 to f8E4M3FN
    return %0, %1 : i8, f8E4M3FN
  }
}

// -----

// Stored, they are bytes: packed four to a word without 8-bit storage.
// ALL-LABEL: spirv.func @stored
// ALL-SAME: !spirv.ptr<!spirv.struct<(!spirv.array<2 x i32, stride=4> [0])>, StorageBuffer>
// ALL: spirv.Load "StorageBuffer" %{{.*}} : i32
// ALL: spirv.AtomicOr
module attributes {spirv.target_env = #spirv.target_env<#spirv.vce<v1.0, [Shader], [SPV_KHR_storage_buffer_storage_class]>, #spirv.resource_limits<>>} {
  func.func @stored(%m: memref<8xf8E5M2, #spirv.storage_class<StorageBuffer>>, %x: index, %y: index) {
    %v = memref.load %m[%x] : memref<8xf8E5M2, #spirv.storage_class<StorageBuffer>>
    memref.store %v, %m[%y] : memref<8xf8E5M2, #spirv.storage_class<StorageBuffer>>
    return
  }
}
