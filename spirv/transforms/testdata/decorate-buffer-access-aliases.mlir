// spirv-decorate-buffer-access on the aliases spirv-vectorize-buffer-access
// makes: a binding only loaded through its scalar and vector views is
// non_writable and needs no Aliased; one also stored to keeps Aliased.
// RUN: kiln opt %s --spirv-decorate-buffer-access | FileCheck %s
// RUN: kiln opt %s --spirv-decorate-buffer-access | kiln translate --serialize-spirv - -o %t.spv
// RUN: spirv-val --target-env vulkan1.0 %t.spv

// CHECK:      spirv.GlobalVariable @k_arg_0 bind(0, 0) {non_writable} :
// CHECK-NEXT: spirv.GlobalVariable @k_arg_0_vec4 bind(0, 0) {non_writable} :
// CHECK-NEXT: spirv.GlobalVariable @k_arg_1 bind(0, 1) {aliased} :
// CHECK-NEXT: spirv.GlobalVariable @k_arg_1_vec4 bind(0, 1) {aliased} :

spirv.module @__spv__v Logical GLSL450 requires #spirv.vce<v1.0, [Shader], [SPV_KHR_storage_buffer_storage_class]> {
  spirv.GlobalVariable @k_arg_0 bind(0, 0) {aliased} : !spirv.ptr<!spirv.struct<(!spirv.array<64 x f32, stride=4> [0])>, StorageBuffer>
  spirv.GlobalVariable @k_arg_0_vec4 bind(0, 0) {aliased} : !spirv.ptr<!spirv.struct<(!spirv.array<16 x vector<4xf32>, stride=16> [0])>, StorageBuffer>
  spirv.GlobalVariable @k_arg_1 bind(0, 1) {aliased} : !spirv.ptr<!spirv.struct<(!spirv.array<64 x f32, stride=4> [0])>, StorageBuffer>
  spirv.GlobalVariable @k_arg_1_vec4 bind(0, 1) {aliased} : !spirv.ptr<!spirv.struct<(!spirv.array<16 x vector<4xf32>, stride=16> [0])>, StorageBuffer>
  spirv.func @k() "None" {
    %c0 = spirv.Constant 0 : i32
    %c4 = spirv.Constant 4 : i32
    %x = spirv.mlir.addressof @k_arg_0 : !spirv.ptr<!spirv.struct<(!spirv.array<64 x f32, stride=4> [0])>, StorageBuffer>
    %xv = spirv.mlir.addressof @k_arg_0_vec4 : !spirv.ptr<!spirv.struct<(!spirv.array<16 x vector<4xf32>, stride=16> [0])>, StorageBuffer>
    %y = spirv.mlir.addressof @k_arg_1 : !spirv.ptr<!spirv.struct<(!spirv.array<64 x f32, stride=4> [0])>, StorageBuffer>
    %yv = spirv.mlir.addressof @k_arg_1_vec4 : !spirv.ptr<!spirv.struct<(!spirv.array<16 x vector<4xf32>, stride=16> [0])>, StorageBuffer>
    %p0 = spirv.AccessChain %xv[%c0, %c0] : !spirv.ptr<!spirv.struct<(!spirv.array<16 x vector<4xf32>, stride=16> [0])>, StorageBuffer>, i32, i32
    %v = spirv.Load "StorageBuffer" %p0 : vector<4xf32>
    %p1 = spirv.AccessChain %x[%c0, %c4] : !spirv.ptr<!spirv.struct<(!spirv.array<64 x f32, stride=4> [0])>, StorageBuffer>, i32, i32
    %t = spirv.Load "StorageBuffer" %p1 : f32
    %p2 = spirv.AccessChain %yv[%c0, %c0] : !spirv.ptr<!spirv.struct<(!spirv.array<16 x vector<4xf32>, stride=16> [0])>, StorageBuffer>, i32, i32
    spirv.Store "StorageBuffer" %p2, %v : vector<4xf32>
    %p3 = spirv.AccessChain %y[%c0, %c4] : !spirv.ptr<!spirv.struct<(!spirv.array<64 x f32, stride=4> [0])>, StorageBuffer>, i32, i32
    %u = spirv.Load "StorageBuffer" %p3 : f32
    %s = spirv.FAdd %t, %u : f32
    spirv.Store "StorageBuffer" %p3, %s : f32
    spirv.Return
  }
  spirv.EntryPoint "GLCompute" @k
  spirv.ExecutionMode @k "LocalSize", 1, 1, 1
}
