// RUN: kiln opt %s --convert-gpu-to-spirv --spirv-lower-abi-attrs --spirv-update-vce | FileCheck %s
// RUN: kiln opt %s --convert-gpu-to-spirv --spirv-lower-abi-attrs --spirv-update-vce | kiln translate --serialize-spirv - -o %t.spv
// RUN: spirv-val --target-env vulkan1.1 %t.spv

// The classification of every emulated 8-bit float kind (see
// passes_math_f8.mlir) in a kernel on i8 data passes spirv-val.
// CHECK-LABEL: spirv.func @classify
// CHECK-NOT: spirv.IsNan
// CHECK-NOT: spirv.IsInf
// CHECK-NOT: spirv.Ordered
// CHECK: spirv.Return
module attributes {gpu.container_module, spirv.target_env = #spirv.target_env<#spirv.vce<v1.0, [Shader, Int8, StorageBuffer8BitAccess], [SPV_KHR_storage_buffer_storage_class, SPV_KHR_8bit_storage]>, #spirv.resource_limits<>>} {
  gpu.module @kernels {
    gpu.func @classify(%in: memref<4xi8>, %out: memref<4x8xi32>) kernel attributes {spirv.entry_point_abi = #spirv.entry_point_abi<workgroup_size = [4, 1, 1]>} {
      %x = gpu.thread_id x
      %b = memref.load %in[%x] : memref<4xi8>
      %f0 = arith.bitcast %b : i8 to f8E5M2
      %f1 = arith.bitcast %b : i8 to f8E4M3
      %f2 = arith.bitcast %b : i8 to f8E3M4
      %f3 = arith.bitcast %b : i8 to f8E4M3FN
      %f4 = arith.bitcast %b : i8 to f8E5M2FNUZ
      %f5 = arith.bitcast %b : i8 to f8E4M3FNUZ
      %f6 = arith.bitcast %b : i8 to f8E4M3B11FNUZ
      %f7 = arith.bitcast %b : i8 to f8E8M0FNU
      %r0 = math.isnan %f0 : f8E5M2
      %r1 = math.isinf %f1 : f8E4M3
      %r2 = math.isfinite %f2 : f8E3M4
      %r3 = math.isnormal %f3 : f8E4M3FN
      %r4 = math.isnan %f4 : f8E5M2FNUZ
      %r5 = math.isinf %f5 : f8E4M3FNUZ
      %r6 = math.isnormal %f6 : f8E4M3B11FNUZ
      %r7 = math.isfinite %f7 : f8E8M0FNU
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c2 = arith.constant 2 : index
      %c3 = arith.constant 3 : index
      %c4 = arith.constant 4 : index
      %c5 = arith.constant 5 : index
      %c6 = arith.constant 6 : index
      %c7 = arith.constant 7 : index
      %i0 = arith.extui %r0 : i1 to i32
      %i1 = arith.extui %r1 : i1 to i32
      %i2 = arith.extui %r2 : i1 to i32
      %i3 = arith.extui %r3 : i1 to i32
      %i4 = arith.extui %r4 : i1 to i32
      %i5 = arith.extui %r5 : i1 to i32
      %i6 = arith.extui %r6 : i1 to i32
      %i7 = arith.extui %r7 : i1 to i32
      memref.store %i0, %out[%x, %c0] : memref<4x8xi32>
      memref.store %i1, %out[%x, %c1] : memref<4x8xi32>
      memref.store %i2, %out[%x, %c2] : memref<4x8xi32>
      memref.store %i3, %out[%x, %c3] : memref<4x8xi32>
      memref.store %i4, %out[%x, %c4] : memref<4x8xi32>
      memref.store %i5, %out[%x, %c5] : memref<4x8xi32>
      memref.store %i6, %out[%x, %c6] : memref<4x8xi32>
      memref.store %i7, %out[%x, %c7] : memref<4x8xi32>
      gpu.return
    }
  }
}
