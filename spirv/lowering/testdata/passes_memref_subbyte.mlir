// RUN: kiln opt %s --convert-memref-to-spirv --cse | FileCheck %s

// Memrefs of i2 and i4 are packed in 32-bit words, 16 or 8 to a word
// (MLIR's sub-byte emulation); a load shifts, masks and sign-extends its
// element, computed in 32 bits like every sub-byte value (MLIR's
// convertSubByteIntegerType), and a store clears then sets its bits with
// atomics.
module attributes {spirv.target_env = #spirv.target_env<#spirv.vce<v1.0, [Shader], [SPV_KHR_storage_buffer_storage_class]>, #spirv.resource_limits<>>} {
  // CHECK-LABEL: func.func @nibbles
  // CHECK-SAME: memref<32xi4, #spirv.storage_class<StorageBuffer>>
  // CHECK: builtin.unrealized_conversion_cast %{{.*}} : memref<32xi4, #spirv.storage_class<StorageBuffer>> to !spirv.ptr<!spirv.struct<(!spirv.array<4 x i32, stride=4> [0])>, StorageBuffer>
  // CHECK: %[[EIGHT:.*]] = spirv.Constant 8 : i32
  // CHECK: spirv.SDiv %{{.*}}, %[[EIGHT]] : i32
  // CHECK: %[[W:.*]] = spirv.Load "StorageBuffer"
  // CHECK: %[[FOUR:.*]] = spirv.Constant 4 : i32
  // CHECK: %[[LANE:.*]] = spirv.UMod %{{.*}}, %[[EIGHT]] : i32
  // CHECK: %[[OFF:.*]] = spirv.IMul %[[LANE]], %[[FOUR]] : i32
  // CHECK: %[[SH:.*]] = spirv.ShiftRightArithmetic %[[W]], %[[OFF]]
  // CHECK: %[[M:.*]] = spirv.Constant 15 : i32
  // CHECK: spirv.BitwiseAnd %[[SH]], %[[M]]
  // CHECK: %[[C28:.*]] = spirv.Constant 28 : i32
  // CHECK: spirv.ShiftLeftLogical %{{.*}}, %[[C28]]
  // CHECK: %[[V:.*]] = spirv.ShiftRightArithmetic %{{.*}}, %[[C28]]
  // CHECK: %[[CLEAR:.*]] = spirv.Not
  // CHECK: %[[BITS:.*]] = spirv.BitwiseAnd %[[V]], %[[M]]
  // CHECK: %[[SET:.*]] = spirv.ShiftLeftLogical %[[BITS]]
  // CHECK: spirv.AtomicAnd <Device> <AcquireRelease|UniformMemory> %{{.*}}, %[[CLEAR]]
  // CHECK: spirv.AtomicOr <Device> <AcquireRelease|UniformMemory> %{{.*}}, %[[SET]]
  // CHECK-NOT: memref.store
  func.func @nibbles(%m: memref<32xi4, #spirv.storage_class<StorageBuffer>>, %i: index, %j: index) {
    %v = memref.load %m[%i] : memref<32xi4, #spirv.storage_class<StorageBuffer>>
    memref.store %v, %m[%j] : memref<32xi4, #spirv.storage_class<StorageBuffer>>
    return
  }
  // CHECK-LABEL: func.func @pairs
  // CHECK: !spirv.ptr<!spirv.struct<(!spirv.array<2 x i32, stride=4> [0])>, StorageBuffer>
  // CHECK: spirv.Constant 16 : i32
  // CHECK: spirv.Constant 3 : i32
  func.func @pairs(%m: memref<32xi2, #spirv.storage_class<StorageBuffer>>, %i: index) -> i2 {
    %v = memref.load %m[%i] : memref<32xi2, #spirv.storage_class<StorageBuffer>>
    return %v : i2
  }
}
