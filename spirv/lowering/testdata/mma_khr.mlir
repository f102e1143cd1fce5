// RUN: kiln opt %s --convert-gpu-to-spirv --cse | FileCheck %s
// RUN: kiln opt %s --convert-gpu-to-spirv=use-coop-matrix-nv --cse | FileCheck %s --check-prefix=NV

// On a target with CooperativeMatrixKHR the mma ops lower to
// SPV_KHR_cooperative_matrix (MLIR's default), unless use-coop-matrix-nv.
// spirv-val rejects what this lowers to on Shader targets, as it rejects
// MLIR's: SPV_KHR_cooperative_matrix wants the Vulkan memory model there,
// which neither lowers to, so these lines are the evidence for it.

// CHECK-LABEL: spirv.func @mma
// CHECK-SAME: %{{.*}}: !spirv.coopmatrix<16x16xf16, Subgroup, MatrixAcc>
// CHECK: %[[STRIDE:.*]] = spirv.Constant 32 : i32
// CHECK: %[[A:.*]] = spirv.KHR.CooperativeMatrixLoad %{{.*}}, %[[STRIDE]], <RowMajor> : !spirv.ptr<f16, StorageBuffer>, i32 -> !spirv.coopmatrix<16x16xf16, Subgroup, MatrixA>
// CHECK: %[[B:.*]] = spirv.KHR.CooperativeMatrixLoad %{{.*}}, %[[STRIDE]], <ColumnMajor> : !spirv.ptr<f16, StorageBuffer>, i32 -> !spirv.coopmatrix<16x16xf16, Subgroup, MatrixB>
// CHECK: %[[R:.*]] = spirv.KHR.CooperativeMatrixMulAdd %[[A]], %[[B]], %{{.*}} : !spirv.coopmatrix<16x16xf16, Subgroup, MatrixA>, !spirv.coopmatrix<16x16xf16, Subgroup, MatrixB> -> !spirv.coopmatrix<16x16xf16, Subgroup, MatrixAcc>
// CHECK: %[[K:.*]] = spirv.CompositeConstruct %{{.*}} : (f16) -> !spirv.coopmatrix<16x16xf16, Subgroup, MatrixAcc>
// CHECK: %[[S:.*]] = spirv.FAdd %[[R]], %[[K]] : !spirv.coopmatrix<16x16xf16, Subgroup, MatrixAcc>
// CHECK: %[[T:.*]] = spirv.MatrixTimesScalar %[[S]], %{{.*}} : !spirv.coopmatrix<16x16xf16, Subgroup, MatrixAcc>, f16
// CHECK: spirv.KHR.CooperativeMatrixStore %{{.*}}, %[[T]], %[[STRIDE]], <ColumnMajor> : !spirv.ptr<f16, StorageBuffer>, !spirv.coopmatrix<16x16xf16, Subgroup, MatrixAcc>, i32
// NV-LABEL: spirv.func @mma
// NV: spirv.NV.CooperativeMatrixLoad
// NV: spirv.NV.CooperativeMatrixMulAdd
// NV: spirv.NV.CooperativeMatrixStore
module attributes {gpu.container_module, spirv.target_env = #spirv.target_env<#spirv.vce<v1.6, [Shader, Float16, StorageBuffer16BitAccess, CooperativeMatrixKHR, CooperativeMatrixNV], [SPV_KHR_16bit_storage, SPV_KHR_cooperative_matrix, SPV_NV_cooperative_matrix]>, #spirv.resource_limits<>>} {
  gpu.module @kernels {
    gpu.func @mma(%a: memref<32x32xf16, #spirv.storage_class<StorageBuffer>>, %c: !gpu.mma_matrix<16x16xf16, "COp">) kernel attributes {spirv.entry_point_abi = #spirv.entry_point_abi<workgroup_size = [32, 1, 1]>} {
      %i = arith.constant 16 : index
      %ma = gpu.subgroup_mma_load_matrix %a[%i, %i] {leadDimension = 32 : index} : memref<32x32xf16, #spirv.storage_class<StorageBuffer>> -> !gpu.mma_matrix<16x16xf16, "AOp">
      %mb = gpu.subgroup_mma_load_matrix %a[%i, %i] {leadDimension = 32 : index, transpose} : memref<32x32xf16, #spirv.storage_class<StorageBuffer>> -> !gpu.mma_matrix<16x16xf16, "BOp">
      %r = gpu.subgroup_mma_compute %ma, %mb, %c : !gpu.mma_matrix<16x16xf16, "AOp">, !gpu.mma_matrix<16x16xf16, "BOp"> -> !gpu.mma_matrix<16x16xf16, "COp">
      %f = arith.constant 2.0 : f16
      %k = gpu.subgroup_mma_constant_matrix %f : !gpu.mma_matrix<16x16xf16, "COp">
      %s = gpu.subgroup_mma_elementwise addf %r, %k : (!gpu.mma_matrix<16x16xf16, "COp">, !gpu.mma_matrix<16x16xf16, "COp">) -> !gpu.mma_matrix<16x16xf16, "COp">
      %t = gpu.subgroup_mma_elementwise mulf %s, %k : (!gpu.mma_matrix<16x16xf16, "COp">, !gpu.mma_matrix<16x16xf16, "COp">) -> !gpu.mma_matrix<16x16xf16, "COp">
      gpu.subgroup_mma_store_matrix %t, %a[%i, %i] {leadDimension = 32 : index, transpose} : !gpu.mma_matrix<16x16xf16, "COp">, memref<32x32xf16, #spirv.storage_class<StorageBuffer>>
      gpu.return
    }
    // The thread-local extract and insert index the lane's own elements of
    // the KHR matrix as of the NV one.
    // CHECK-LABEL: spirv.func @thread_local
    // CHECK-SAME: %[[M:[^:]*]]: !spirv.coopmatrix<16x16xf16, Subgroup, MatrixAcc>
    // CHECK: %[[X:.*]] = spirv.CompositeExtract %[[M]][3 : i32] : !spirv.coopmatrix<16x16xf16, Subgroup, MatrixAcc>
    // CHECK: spirv.CompositeInsert %[[X]], %[[M]][0 : i32] : f16 into !spirv.coopmatrix<16x16xf16, Subgroup, MatrixAcc>
    // NV-LABEL: spirv.func @thread_local
    // NV: spirv.CompositeExtract %{{.*}}[3 : i32] : !spirv.NV.coopmatrix<16x16xf16, Subgroup>
    // NV: spirv.CompositeInsert %{{.*}}, %{{.*}}[0 : i32] : f16 into !spirv.NV.coopmatrix<16x16xf16, Subgroup>
    gpu.func @thread_local(%m: !gpu.mma_matrix<16x16xf16, "COp">, %out: memref<32x32xf16, #spirv.storage_class<StorageBuffer>>) kernel attributes {spirv.entry_point_abi = #spirv.entry_point_abi<workgroup_size = [32, 1, 1]>} {
      %c0 = arith.constant 0 : index
      %c3 = arith.constant 3 : index
      %x = gpu.subgroup_mma_extract_thread_local %m[%c3] : !gpu.mma_matrix<16x16xf16, "COp"> -> f16
      %n = gpu.subgroup_mma_insert_thread_local %x, %m[%c0] : f16, !gpu.mma_matrix<16x16xf16, "COp"> -> !gpu.mma_matrix<16x16xf16, "COp">
      gpu.subgroup_mma_store_matrix %n, %out[%c0, %c0] {leadDimension = 32 : index} : !gpu.mma_matrix<16x16xf16, "COp">, memref<32x32xf16, #spirv.storage_class<StorageBuffer>>
      gpu.return
    }
  }
}
