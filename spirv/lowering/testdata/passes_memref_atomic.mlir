// RUN: kiln opt %s --convert-memref-to-spirv | FileCheck %s

// memref.atomic_rmw on i8 packed in 32-bit words: the bitwise kinds work
// on the element's bits of its word (MLIR's AtomicRMWOpPattern), andi with
// ones in the other elements' bits; the old value is the element's bits,
// sign-extended. Kinds that would carry into neighbours stay unconverted.
module attributes {spirv.target_env = #spirv.target_env<#spirv.vce<v1.3, [Shader], []>, #spirv.resource_limits<>>} {
  // CHECK-LABEL: func.func @packed
  // CHECK-DAG: %[[IDX:.*]] = builtin.unrealized_conversion_cast %arg2 : index to i32
  // CHECK-DAG: %[[VAL:.*]] = builtin.unrealized_conversion_cast %arg0 : i8 to i32
  // CHECK: %[[MOD:.*]] = spirv.UMod %{{.*}}, %{{.*}} : i32
  // CHECK: %[[OFF:.*]] = spirv.IMul %[[MOD]], %{{.*}} : i32
  // CHECK: %[[WORD:.*]] = spirv.SDiv
  // CHECK: %[[PTR:.*]] = spirv.AccessChain %{{.*}}[%{{.*}}, %[[WORD]]]
  // CHECK: %[[FF:.*]] = spirv.Constant 255 : i32
  // CHECK: %[[V:.*]] = spirv.BitwiseAnd %[[VAL]], %[[FF]] : i32
  // CHECK: %[[SH:.*]] = spirv.ShiftLeftLogical %[[V]], %[[OFF]] : i32, i32
  // CHECK: %[[FFSH:.*]] = spirv.ShiftLeftLogical %[[FF]], %[[OFF]] : i32, i32
  // CHECK: %[[OTHERS:.*]] = spirv.Not %[[FFSH]] : i32
  // CHECK: %[[M:.*]] = spirv.BitwiseOr %[[SH]], %[[OTHERS]] : i32
  // CHECK: %[[OLD:.*]] = spirv.AtomicAnd <Device> <None> %[[PTR]], %[[M]] : !spirv.ptr<i32, StorageBuffer>
  // CHECK: %[[R:.*]] = spirv.ShiftRightLogical %[[OLD]], %[[OFF]] : i32, i32
  // CHECK: %[[B:.*]] = spirv.BitwiseAnd %[[R]], %[[FF]] : i32
  // CHECK: %[[C24:.*]] = spirv.Constant 24 : i32
  // CHECK: %[[L:.*]] = spirv.ShiftLeftLogical %[[B]], %[[C24]] : i32, i32
  // CHECK: spirv.ShiftRightArithmetic %[[L]], %[[C24]] : i32, i32
  // CHECK: spirv.AtomicXor <Device> <None>
  // CHECK: memref.atomic_rmw maxs
  func.func @packed(%v: i8, %m: memref<16xi8, #spirv.storage_class<StorageBuffer>>, %i: index) -> (i8, i8, i8) {
    %0 = memref.atomic_rmw andi %v, %m[%i] : (i8, memref<16xi8, #spirv.storage_class<StorageBuffer>>) -> i8
    %1 = memref.atomic_rmw xori %v, %m[%i] : (i8, memref<16xi8, #spirv.storage_class<StorageBuffer>>) -> i8
    %2 = memref.atomic_rmw maxs %v, %m[%i] : (i8, memref<16xi8, #spirv.storage_class<StorageBuffer>>) -> i8
    return %0, %1, %2 : i8, i8, i8
  }
}
