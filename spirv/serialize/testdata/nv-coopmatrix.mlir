// RUN: kiln translate --test-spirv-roundtrip --split-input-file %s | FileCheck %s
// RUN: kiln opt "$(dirname %s)/../../lowering/testdata/mma.mlir" --split-input-file --convert-to-spirv=convert-gpu-modules --spirv-lower-abi-attrs --spirv-update-vce \
// RUN:   | kiln translate --test-spirv-roundtrip --split-input-file - | FileCheck %s --check-prefix=MMA

// SPV_NV_cooperative_matrix: OpTypeCooperativeMatrixNV and the four
// instructions read back as !spirv.NV.coopmatrix and the spirv.NV ops, and
// arithmetic on the matrices as the ordinary ops. TestTestdataModules has
// spirv-val check these modules and their round trips for Vulkan 1.1.

// CHECK-LABEL: spirv.func @float_mma
// CHECK: %[[A:.*]] = spirv.NV.CooperativeMatrixLoad %{{.*}}, %{{.*}}, %false : !spirv.ptr<f16, StorageBuffer> as !spirv.NV.coopmatrix<16x16xf16, Subgroup>
// CHECK: %[[B:.*]] = spirv.NV.CooperativeMatrixLoad %{{.*}}, %{{.*}}, %true ["Aligned", 16] : !spirv.ptr<f16, StorageBuffer> as !spirv.NV.coopmatrix<16x16xf16, Subgroup>
// CHECK: %[[C:.*]] = spirv.NV.CooperativeMatrixLoad %{{.*}} : !spirv.ptr<f16, StorageBuffer> as !spirv.NV.coopmatrix<16x16xf16, Subgroup>
// CHECK: %[[R:.*]] = spirv.NV.CooperativeMatrixMulAdd %[[A]], %[[B]], %[[C]] : !spirv.NV.coopmatrix<16x16xf16, Subgroup>, !spirv.NV.coopmatrix<16x16xf16, Subgroup> -> !spirv.NV.coopmatrix<16x16xf16, Subgroup>
// CHECK: %[[K:.*]] = spirv.CompositeConstruct %{{.*}} : (f16) -> !spirv.NV.coopmatrix<16x16xf16, Subgroup>
// CHECK: %[[S:.*]] = spirv.FAdd %[[R]], %[[K]] : !spirv.NV.coopmatrix<16x16xf16, Subgroup>
// CHECK: %[[T:.*]] = spirv.FSub %[[S]], %[[C]] : !spirv.NV.coopmatrix<16x16xf16, Subgroup>
// CHECK: %[[D:.*]] = spirv.FDiv %[[T]], %[[K]] : !spirv.NV.coopmatrix<16x16xf16, Subgroup>
// CHECK: %[[N:.*]] = spirv.FNegate %[[D]] : !spirv.NV.coopmatrix<16x16xf16, Subgroup>
// CHECK: spirv.NV.CooperativeMatrixStore %{{.*}}, %[[N]], %{{.*}}, %false{{.*}} : !spirv.ptr<f16, StorageBuffer>, !spirv.NV.coopmatrix<16x16xf16, Subgroup>
// CHECK: %[[L:.*]] = spirv.NV.CooperativeMatrixLength : !spirv.NV.coopmatrix<16x16xf16, Subgroup>
// CHECK: spirv.Store "StorageBuffer" %{{.*}}, %[[L]] : i32
// CHECK: spirv.EntryPoint "GLCompute" @float_mma
spirv.module Logical GLSL450 requires #spirv.vce<v1.3, [Shader, Float16, StorageBuffer16BitAccess, CooperativeMatrixNV], [SPV_KHR_storage_buffer_storage_class, SPV_KHR_16bit_storage, SPV_NV_cooperative_matrix]> {
  spirv.GlobalVariable @buf bind(0, 0) : !spirv.ptr<!spirv.struct<(!spirv.rtarray<f16, stride=2> [0])>, StorageBuffer>
  spirv.GlobalVariable @len bind(0, 1) : !spirv.ptr<!spirv.struct<(!spirv.rtarray<i32, stride=4> [0])>, StorageBuffer>
  spirv.func @float_mma() "None" {
    %c0 = spirv.Constant 0 : i32
    %c256 = spirv.Constant 256 : i32
    %stride = spirv.Constant 16 : i32
    %row = spirv.Constant false
    %col = spirv.Constant true
    %two = spirv.Constant 2.0 : f16
    %buf = spirv.mlir.addressof @buf : !spirv.ptr<!spirv.struct<(!spirv.rtarray<f16, stride=2> [0])>, StorageBuffer>
    %pa = spirv.AccessChain %buf[%c0, %c0] : !spirv.ptr<!spirv.struct<(!spirv.rtarray<f16, stride=2> [0])>, StorageBuffer>, i32, i32 -> !spirv.ptr<f16, StorageBuffer>
    %pc = spirv.AccessChain %buf[%c0, %c256] : !spirv.ptr<!spirv.struct<(!spirv.rtarray<f16, stride=2> [0])>, StorageBuffer>, i32, i32 -> !spirv.ptr<f16, StorageBuffer>
    %a = spirv.NV.CooperativeMatrixLoad %pa, %stride, %row : !spirv.ptr<f16, StorageBuffer> as !spirv.NV.coopmatrix<16x16xf16, Subgroup>
    %b = spirv.NV.CooperativeMatrixLoad %pa, %stride, %col {memory_access = #spirv.memory_access<Aligned>, alignment = 16 : i32} : !spirv.ptr<f16, StorageBuffer> as !spirv.NV.coopmatrix<16x16xf16, Subgroup>
    %c = spirv.NV.CooperativeMatrixLoad %pc, %stride, %row : !spirv.ptr<f16, StorageBuffer> as !spirv.NV.coopmatrix<16x16xf16, Subgroup>
    %r = spirv.NV.CooperativeMatrixMulAdd %a, %b, %c : !spirv.NV.coopmatrix<16x16xf16, Subgroup>, !spirv.NV.coopmatrix<16x16xf16, Subgroup> -> !spirv.NV.coopmatrix<16x16xf16, Subgroup>
    %k = spirv.CompositeConstruct %two : (f16) -> !spirv.NV.coopmatrix<16x16xf16, Subgroup>
    %s = spirv.FAdd %r, %k : !spirv.NV.coopmatrix<16x16xf16, Subgroup>
    %t = spirv.FSub %s, %c : !spirv.NV.coopmatrix<16x16xf16, Subgroup>
    %d = spirv.FDiv %t, %k : !spirv.NV.coopmatrix<16x16xf16, Subgroup>
    %n = spirv.FNegate %d : !spirv.NV.coopmatrix<16x16xf16, Subgroup>
    spirv.NV.CooperativeMatrixStore %pc, %n, %stride, %row : !spirv.ptr<f16, StorageBuffer>, !spirv.NV.coopmatrix<16x16xf16, Subgroup>
    %l = spirv.NV.CooperativeMatrixLength : !spirv.NV.coopmatrix<16x16xf16, Subgroup>
    %lenbuf = spirv.mlir.addressof @len : !spirv.ptr<!spirv.struct<(!spirv.rtarray<i32, stride=4> [0])>, StorageBuffer>
    %pl = spirv.AccessChain %lenbuf[%c0, %c0] : !spirv.ptr<!spirv.struct<(!spirv.rtarray<i32, stride=4> [0])>, StorageBuffer>, i32, i32 -> !spirv.ptr<i32, StorageBuffer>
    spirv.Store "StorageBuffer" %pl, %l : i32
    spirv.Return
  }
  spirv.EntryPoint "GLCompute" @float_mma
  spirv.ExecutionMode @float_mma "LocalSize", 32, 1, 1
}

// -----

// CHECK-LABEL: spirv.func @int_mma
// CHECK: %[[A:.*]] = spirv.NV.CooperativeMatrixLoad %{{.*}} : !spirv.ptr<i32, StorageBuffer> as !spirv.NV.coopmatrix<8x8xi32, Workgroup>
// CHECK: %[[R:.*]] = spirv.NV.CooperativeMatrixMulAdd %[[A]], %[[A]], %[[A]] : !spirv.NV.coopmatrix<8x8xi32, Workgroup>, !spirv.NV.coopmatrix<8x8xi32, Workgroup> -> !spirv.NV.coopmatrix<8x8xi32, Workgroup>
// CHECK: %[[S:.*]] = spirv.IAdd %[[R]], %[[A]] : !spirv.NV.coopmatrix<8x8xi32, Workgroup>
// CHECK: %[[T:.*]] = spirv.ISub %[[S]], %[[A]] : !spirv.NV.coopmatrix<8x8xi32, Workgroup>
// CHECK: %[[D:.*]] = spirv.SDiv %[[T]], %[[A]] : !spirv.NV.coopmatrix<8x8xi32, Workgroup>
// CHECK: %[[U:.*]] = spirv.UDiv %[[D]], %[[A]] : !spirv.NV.coopmatrix<8x8xi32, Workgroup>
// CHECK: %[[N:.*]] = spirv.SNegate %[[U]] : !spirv.NV.coopmatrix<8x8xi32, Workgroup>
// CHECK: spirv.NV.CooperativeMatrixStore %{{.*}}, %[[N]], %{{.*}} : !spirv.ptr<i32, StorageBuffer>, !spirv.NV.coopmatrix<8x8xi32, Workgroup>
spirv.module Logical GLSL450 requires #spirv.vce<v1.3, [Shader, CooperativeMatrixNV], [SPV_KHR_storage_buffer_storage_class, SPV_NV_cooperative_matrix]> {
  spirv.GlobalVariable @buf bind(0, 0) : !spirv.ptr<!spirv.struct<(!spirv.rtarray<i32, stride=4> [0])>, StorageBuffer>
  spirv.func @int_mma() "None" {
    %c0 = spirv.Constant 0 : i32
    %stride = spirv.Constant 8 : i32
    %col = spirv.Constant true
    %buf = spirv.mlir.addressof @buf : !spirv.ptr<!spirv.struct<(!spirv.rtarray<i32, stride=4> [0])>, StorageBuffer>
    %p = spirv.AccessChain %buf[%c0, %c0] : !spirv.ptr<!spirv.struct<(!spirv.rtarray<i32, stride=4> [0])>, StorageBuffer>, i32, i32 -> !spirv.ptr<i32, StorageBuffer>
    %a = spirv.NV.CooperativeMatrixLoad %p, %stride, %col : !spirv.ptr<i32, StorageBuffer> as !spirv.NV.coopmatrix<8x8xi32, Workgroup>
    %r = spirv.NV.CooperativeMatrixMulAdd %a, %a, %a : !spirv.NV.coopmatrix<8x8xi32, Workgroup>, !spirv.NV.coopmatrix<8x8xi32, Workgroup> -> !spirv.NV.coopmatrix<8x8xi32, Workgroup>
    %s = spirv.IAdd %r, %a : !spirv.NV.coopmatrix<8x8xi32, Workgroup>
    %t = spirv.ISub %s, %a : !spirv.NV.coopmatrix<8x8xi32, Workgroup>
    %d = spirv.SDiv %t, %a : !spirv.NV.coopmatrix<8x8xi32, Workgroup>
    %u = spirv.UDiv %d, %a : !spirv.NV.coopmatrix<8x8xi32, Workgroup>
    %n = spirv.SNegate %u : !spirv.NV.coopmatrix<8x8xi32, Workgroup>
    spirv.NV.CooperativeMatrixStore %p, %n, %stride, %col : !spirv.ptr<i32, StorageBuffer>, !spirv.NV.coopmatrix<8x8xi32, Workgroup>
    spirv.Return
  }
  spirv.EntryPoint "GLCompute" @int_mma
  spirv.ExecutionMode @int_mma "LocalSize", 32, 1, 1
}

// The lowering's modules (spirv/lowering/testdata/mma.mlir) read back as
// they were written.
// MMA-LABEL: spirv.func @mma()
// MMA: spirv.NV.CooperativeMatrixLoad {{.*}} : !spirv.ptr<f16, StorageBuffer> as !spirv.NV.coopmatrix<16x16xf16, Subgroup>
// MMA: spirv.NV.CooperativeMatrixMulAdd {{.*}} -> !spirv.NV.coopmatrix<16x16xf16, Subgroup>
// MMA: spirv.CompositeConstruct {{.*}} : (f16) -> !spirv.NV.coopmatrix<16x16xf16, Subgroup>
// MMA: spirv.FAdd {{.*}} : !spirv.NV.coopmatrix<16x16xf16, Subgroup>
// MMA: spirv.FDiv {{.*}} : !spirv.NV.coopmatrix<16x16xf16, Subgroup>
// MMA: spirv.FNegate {{.*}} : !spirv.NV.coopmatrix<16x16xf16, Subgroup>
// MMA: spirv.NV.CooperativeMatrixStore {{.*}} : !spirv.ptr<f16, StorageBuffer>, !spirv.NV.coopmatrix<16x16xf16, Subgroup>
// MMA: spirv.EntryPoint "GLCompute" @mma
// MMA-LABEL: spirv.func @mma_int()
// MMA: spirv.NV.CooperativeMatrixMulAdd {{.*}} -> !spirv.NV.coopmatrix<8x8xi32, Subgroup>
// MMA: spirv.ISub {{.*}} : !spirv.NV.coopmatrix<8x8xi32, Subgroup>
// MMA: spirv.SNegate {{.*}} : !spirv.NV.coopmatrix<8x8xi32, Subgroup>
// MMA: spirv.NV.CooperativeMatrixStore {{.*}} : !spirv.ptr<i32, StorageBuffer>, !spirv.NV.coopmatrix<8x8xi32, Subgroup>
