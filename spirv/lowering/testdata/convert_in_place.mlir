// RUN: kiln opt %s --convert-to-spirv | FileCheck %s

// Without convert-gpu-modules the conversion works in place: a gpu.module
// becomes its spirv.module (MLIR's GPUModuleConversion). Source ops fold
// first, as in MLIR's conversion driver: constants combine, but a user of
// a folded op still sees that op, not the constant it folded to (MLIR
// keeps a replaced op until the conversion ends), so the cmpi keeps its
// operand order.
// CHECK-NOT: gpu.module
// CHECK-LABEL: spirv.module @__spv__kernels Logical GLSL450
// CHECK: spirv.func @k
// CHECK-DAG: %[[TWO:.*]] = spirv.Constant 2 : i32
// CHECK-DAG: %[[X:.*]] = spirv.CompositeExtract
// CHECK: spirv.IEqual %[[TWO]], %[[X]] : i32
// CHECK-NOT: spirv.UDiv
// CHECK: spirv.Return
// CHECK-LABEL: spirv.func @host
// CHECK: spirv.Constant 3 : i32
module attributes {gpu.container_module, spirv.target_env = #spirv.target_env<#spirv.vce<v1.0, [Shader], [SPV_KHR_storage_buffer_storage_class]>, #spirv.resource_limits<>>} {
  gpu.module @kernels {
    gpu.func @k(%buf: memref<4xi32>) kernel attributes {spirv.entry_point_abi = #spirv.entry_point_abi<workgroup_size = [4, 1, 1]>} {
      %x = gpu.thread_id x
      %xi = arith.index_cast %x : index to i32
      %c8 = arith.constant 8 : i32
      %c4 = arith.constant 4 : i32
      %two = arith.divui %c8, %c4 : i32
      %p = arith.cmpi eq, %two, %xi : i32
      %v = arith.extui %p : i1 to i32
      memref.store %v, %buf[%x] : memref<4xi32>
      gpu.return
    }
  }
  func.func @host() -> i32 {
    %a = arith.constant 1 : i32
    %b = arith.constant 2 : i32
    %c = arith.addi %a, %b : i32
    return %c : i32
  }
}
