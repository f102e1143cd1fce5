// RUN: kiln opt %s --convert-to-spirv=convert-gpu-modules | FileCheck %s

// gpu.subgroup_mma_* to SPV_NV_cooperative_matrix, as MLIR 16's
// GPUToSPIRV did; mma_test.go runs spirv-val on the binary.

// CHECK-LABEL: spirv.func @mma
// CHECK: %[[PA:.*]] = spirv.AccessChain %arg0
// CHECK: %[[A:.*]] = spirv.NV.CooperativeMatrixLoad %[[PA]], %{{.*}}, %false{{.*}} : !spirv.ptr<f16, StorageBuffer> as !spirv.NV.coopmatrix<16x16xf16, Subgroup>
// CHECK: %[[PB:.*]] = spirv.AccessChain %arg1
// CHECK: %[[B:.*]] = spirv.NV.CooperativeMatrixLoad %[[PB]], %{{.*}}, %true{{.*}} : !spirv.ptr<f16, StorageBuffer> as !spirv.NV.coopmatrix<16x16xf16, Subgroup>
// CHECK: %[[C:.*]] = spirv.NV.CooperativeMatrixLoad
// CHECK: %[[R:.*]] = spirv.NV.CooperativeMatrixMulAdd %[[A]], %[[B]], %[[C]] : !spirv.NV.coopmatrix<16x16xf16, Subgroup>, !spirv.NV.coopmatrix<16x16xf16, Subgroup> -> !spirv.NV.coopmatrix<16x16xf16, Subgroup>
// CHECK: %[[K:.*]] = spirv.CompositeConstruct %{{.*}} : (f16) -> !spirv.NV.coopmatrix<16x16xf16, Subgroup>
// CHECK: %[[S:.*]] = spirv.FAdd %[[R]], %[[K]] : !spirv.NV.coopmatrix<16x16xf16, Subgroup>
// CHECK: %[[D:.*]] = spirv.FDiv %[[S]], %[[K]] : !spirv.NV.coopmatrix<16x16xf16, Subgroup>
// CHECK: %[[N:.*]] = spirv.FNegate %[[D]] : !spirv.NV.coopmatrix<16x16xf16, Subgroup>
// CHECK: %[[PC:.*]] = spirv.AccessChain %arg2
// CHECK: spirv.NV.CooperativeMatrixStore %[[PC]], %[[N]], %{{.*}}, %false{{.*}} : !spirv.ptr<f16, StorageBuffer>, !spirv.NV.coopmatrix<16x16xf16, Subgroup>
module attributes {gpu.container_module, spirv.target_env = #spirv.target_env<#spirv.vce<v1.3, [Shader, Float16, StorageBuffer16BitAccess, CooperativeMatrixNV], [SPV_KHR_storage_buffer_storage_class, SPV_KHR_16bit_storage, SPV_NV_cooperative_matrix]>, #spirv.resource_limits<>>} {
  gpu.module @kernels {
    gpu.func @mma(%a: memref<32x32xf16>, %b: memref<32x32xf16>, %c: memref<32x32xf16>) kernel attributes {spirv.entry_point_abi = #spirv.entry_point_abi<workgroup_size = [32, 1, 1]>} {
      %i = arith.constant 16 : index
      %j = arith.constant 0 : index
      %ma = gpu.subgroup_mma_load_matrix %a[%i, %j] {leadDimension = 32 : index} : memref<32x32xf16> -> !gpu.mma_matrix<16x16xf16, "AOp">
      %mb = gpu.subgroup_mma_load_matrix %b[%i, %j] {leadDimension = 32 : index, transpose} : memref<32x32xf16> -> !gpu.mma_matrix<16x16xf16, "BOp">
      %mc = gpu.subgroup_mma_load_matrix %c[%i, %j] {leadDimension = 32 : index} : memref<32x32xf16> -> !gpu.mma_matrix<16x16xf16, "COp">
      %r = gpu.subgroup_mma_compute %ma, %mb, %mc : !gpu.mma_matrix<16x16xf16, "AOp">, !gpu.mma_matrix<16x16xf16, "BOp"> -> !gpu.mma_matrix<16x16xf16, "COp">
      %f = arith.constant 2.0 : f16
      %k = gpu.subgroup_mma_constant_matrix %f : !gpu.mma_matrix<16x16xf16, "COp">
      %s = gpu.subgroup_mma_elementwise addf %r, %k : (!gpu.mma_matrix<16x16xf16, "COp">, !gpu.mma_matrix<16x16xf16, "COp">) -> !gpu.mma_matrix<16x16xf16, "COp">
      %d = gpu.subgroup_mma_elementwise divf %s, %k : (!gpu.mma_matrix<16x16xf16, "COp">, !gpu.mma_matrix<16x16xf16, "COp">) -> !gpu.mma_matrix<16x16xf16, "COp">
      %n = gpu.subgroup_mma_elementwise negatef %d : (!gpu.mma_matrix<16x16xf16, "COp">) -> !gpu.mma_matrix<16x16xf16, "COp">
      gpu.subgroup_mma_store_matrix %n, %c[%i, %j] {leadDimension = 32 : index} : !gpu.mma_matrix<16x16xf16, "COp">, memref<32x32xf16>
      gpu.return
    }
  }
}

// -----

// Integer matrices, accumulated in i32.
// CHECK-LABEL: spirv.func @mma_int
// CHECK: spirv.NV.CooperativeMatrixLoad %{{.*}} : !spirv.ptr<i32, StorageBuffer> as !spirv.NV.coopmatrix<8x8xi32, Subgroup>
// CHECK: spirv.NV.CooperativeMatrixMulAdd %{{.*}} -> !spirv.NV.coopmatrix<8x8xi32, Subgroup>
// CHECK: spirv.ISub %{{.*}} : !spirv.NV.coopmatrix<8x8xi32, Subgroup>
// CHECK: spirv.SNegate %{{.*}} : !spirv.NV.coopmatrix<8x8xi32, Subgroup>
// CHECK: spirv.NV.CooperativeMatrixStore
module attributes {gpu.container_module, spirv.target_env = #spirv.target_env<#spirv.vce<v1.3, [Shader, CooperativeMatrixNV], [SPV_KHR_storage_buffer_storage_class, SPV_NV_cooperative_matrix]>, #spirv.resource_limits<>>} {
  gpu.module @kernels {
    gpu.func @mma_int(%a: memref<64xi32>, %c: memref<64xi32>) kernel attributes {spirv.entry_point_abi = #spirv.entry_point_abi<workgroup_size = [32, 1, 1]>} {
      %i = arith.constant 0 : index
      %ma = gpu.subgroup_mma_load_matrix %a[%i] {leadDimension = 8 : index} : memref<64xi32> -> !gpu.mma_matrix<8x8xi32, "AOp">
      %mb = gpu.subgroup_mma_load_matrix %a[%i] {leadDimension = 8 : index} : memref<64xi32> -> !gpu.mma_matrix<8x8xi32, "BOp">
      %mc = gpu.subgroup_mma_load_matrix %c[%i] {leadDimension = 8 : index} : memref<64xi32> -> !gpu.mma_matrix<8x8xi32, "COp">
      %r = gpu.subgroup_mma_compute %ma, %mb, %mc : !gpu.mma_matrix<8x8xi32, "AOp">, !gpu.mma_matrix<8x8xi32, "BOp"> -> !gpu.mma_matrix<8x8xi32, "COp">
      %s = gpu.subgroup_mma_elementwise subi %r, %mc : (!gpu.mma_matrix<8x8xi32, "COp">, !gpu.mma_matrix<8x8xi32, "COp">) -> !gpu.mma_matrix<8x8xi32, "COp">
      %n = gpu.subgroup_mma_elementwise negates %s : (!gpu.mma_matrix<8x8xi32, "COp">) -> !gpu.mma_matrix<8x8xi32, "COp">
      gpu.subgroup_mma_store_matrix %n, %c[%i] {leadDimension = 8 : index} : !gpu.mma_matrix<8x8xi32, "COp">, memref<64xi32>
      gpu.return
    }
  }
}

// -----

// A product with a constant matrix is MatrixTimesScalar; extf is FConvert.
// CHECK-LABEL: spirv.func @mma_scale
// CHECK: %[[M:.*]] = spirv.NV.CooperativeMatrixLoad
// CHECK: %[[T:.*]] = spirv.MatrixTimesScalar %[[M]], %{{.*}} : !spirv.NV.coopmatrix<16x16xf16, Subgroup>, f16
// CHECK: %[[U:.*]] = spirv.MatrixTimesScalar %[[T]], %{{.*}} : !spirv.NV.coopmatrix<16x16xf16, Subgroup>, f16
// CHECK: %[[W:.*]] = spirv.FConvert %[[U]] : !spirv.NV.coopmatrix<16x16xf16, Subgroup> to !spirv.NV.coopmatrix<16x16xf32, Subgroup>
// CHECK: spirv.NV.CooperativeMatrixStore %{{.*}}, %[[W]]
module attributes {gpu.container_module, spirv.target_env = #spirv.target_env<#spirv.vce<v1.3, [Shader, Float16, StorageBuffer16BitAccess, CooperativeMatrixNV], [SPV_KHR_storage_buffer_storage_class, SPV_KHR_16bit_storage, SPV_NV_cooperative_matrix]>, #spirv.resource_limits<>>} {
  gpu.module @kernels {
    gpu.func @mma_scale(%a: memref<256xf16>, %c: memref<256xf32>) kernel attributes {spirv.entry_point_abi = #spirv.entry_point_abi<workgroup_size = [32, 1, 1]>} {
      %i = arith.constant 0 : index
      %m = gpu.subgroup_mma_load_matrix %a[%i] {leadDimension = 16 : index} : memref<256xf16> -> !gpu.mma_matrix<16x16xf16, "COp">
      %f = arith.constant 0.5 : f16
      %k = gpu.subgroup_mma_constant_matrix %f : !gpu.mma_matrix<16x16xf16, "COp">
      %t = gpu.subgroup_mma_elementwise mulf %m, %k : (!gpu.mma_matrix<16x16xf16, "COp">, !gpu.mma_matrix<16x16xf16, "COp">) -> !gpu.mma_matrix<16x16xf16, "COp">
      %u = gpu.subgroup_mma_elementwise mulf %k, %t : (!gpu.mma_matrix<16x16xf16, "COp">, !gpu.mma_matrix<16x16xf16, "COp">) -> !gpu.mma_matrix<16x16xf16, "COp">
      %w = gpu.subgroup_mma_elementwise extf %u : (!gpu.mma_matrix<16x16xf16, "COp">) -> !gpu.mma_matrix<16x16xf32, "COp">
      gpu.subgroup_mma_store_matrix %w, %c[%i] {leadDimension = 16 : index} : !gpu.mma_matrix<16x16xf32, "COp">, memref<256xf32>
      gpu.return
    }
  }
}

// -----

// The thread-local extract and insert are CompositeExtract and
// CompositeInsert of the lane's elements, at the constant indices.
// CHECK-LABEL: spirv.func @mma_thread_local
// CHECK: %[[M:.*]] = spirv.NV.CooperativeMatrixLoad
// CHECK: %[[X:.*]] = spirv.CompositeExtract %[[M]][1 : i32] : !spirv.NV.coopmatrix<8x8xf32, Subgroup>
// CHECK: %[[Y:.*]] = spirv.FAdd %[[X]], %[[X]] : f32
// CHECK: %[[N:.*]] = spirv.CompositeInsert %[[Y]], %[[M]][1 : i32] : f32 into !spirv.NV.coopmatrix<8x8xf32, Subgroup>
// CHECK: spirv.NV.CooperativeMatrixStore %{{.*}}, %[[N]]
module attributes {gpu.container_module, spirv.target_env = #spirv.target_env<#spirv.vce<v1.3, [Shader, CooperativeMatrixNV], [SPV_KHR_storage_buffer_storage_class, SPV_NV_cooperative_matrix]>, #spirv.resource_limits<>>} {
  gpu.module @kernels {
    gpu.func @mma_thread_local(%a: memref<64xf32>) kernel attributes {spirv.entry_point_abi = #spirv.entry_point_abi<workgroup_size = [32, 1, 1]>} {
      %i = arith.constant 0 : index
      %one = arith.constant 1 : index
      %m = gpu.subgroup_mma_load_matrix %a[%i] {leadDimension = 8 : index} : memref<64xf32> -> !gpu.mma_matrix<8x8xf32, "COp">
      %x = gpu.subgroup_mma_extract_thread_local %m[%one] : !gpu.mma_matrix<8x8xf32, "COp"> -> f32
      %y = arith.addf %x, %x : f32
      %n = gpu.subgroup_mma_insert_thread_local %y, %m[%one] : f32, !gpu.mma_matrix<8x8xf32, "COp"> -> !gpu.mma_matrix<8x8xf32, "COp">
      gpu.subgroup_mma_store_matrix %n, %a[%i] {leadDimension = 8 : index} : !gpu.mma_matrix<8x8xf32, "COp">, memref<64xf32>
      gpu.return
    }
  }
}
