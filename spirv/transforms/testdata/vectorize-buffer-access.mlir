// spirv-vectorize-buffer-access on the lowering of
//   vector.load %a[4g], vector.load %b[4g + 1] (unaligned),
//   vector.store (a + b), %c[4g], and a vector<2xf32> of %b stored into %a.
// RUN: kiln opt %s --spirv-vectorize-buffer-access | FileCheck %s
// RUN: kiln opt %s --spirv-vectorize-buffer-access --cse | kiln translate --serialize-spirv - -o %t.spv
// RUN: spirv-val --target-env vulkan1.0 %t.spv

// %a keeps scalar stores, so its vector view aliases it; %c is only stored
// as vectors: its scalar variable goes. %b is read unaligned: untouched.
// CHECK:      spirv.GlobalVariable @k_arg_0 bind(0, 0) {aliased} : !spirv.ptr<!spirv.struct<(!spirv.array<64 x f32, stride=4> [0])>, StorageBuffer>
// CHECK-NEXT: spirv.GlobalVariable @k_arg_0_vec4 bind(0, 0) {aliased} : !spirv.ptr<!spirv.struct<(!spirv.array<16 x vector<4xf32>, stride=16> [0])>, StorageBuffer>
// CHECK-NEXT: spirv.GlobalVariable @k_arg_1 bind(0, 1) : !spirv.ptr<!spirv.struct<(!spirv.array<64 x f32, stride=4> [0])>, StorageBuffer>
// CHECK-NEXT: spirv.GlobalVariable @k_arg_2_vec4 bind(0, 2) : !spirv.ptr<!spirv.struct<(!spirv.array<16 x vector<4xf32>, stride=16> [0])>, StorageBuffer>
// CHECK:      %[[G:.*]] = spirv.CompositeExtract %{{.*}}[0 : i32] : vector<3xi32>
// CHECK:      %[[A:.*]] = spirv.mlir.addressof @k_arg_0_vec4
// CHECK:      %[[AP:.*]] = spirv.AccessChain %[[A]][%{{.*}}, %[[G]]]
// CHECK-NEXT: %[[X:.*]] = spirv.Load "StorageBuffer" %[[AP]] : vector<4xf32>
// CHECK-COUNT-4: spirv.Load "StorageBuffer" %{{.*}} : f32
// CHECK:      %[[Y:.*]] = spirv.CompositeConstruct
// CHECK:      %[[S:.*]] = spirv.FAdd %[[X]], %[[Y]] : vector<4xf32>
// CHECK-NEXT: %[[C:.*]] = spirv.mlir.addressof @k_arg_2_vec4
// CHECK:      %[[CP:.*]] = spirv.AccessChain %[[C]][%{{.*}}, %[[G]]]
// CHECK-NEXT: spirv.Store "StorageBuffer" %[[CP]], %[[S]] : vector<4xf32>
// CHECK-NEXT: spirv.Store "StorageBuffer" %{{.*}}, %{{.*}} : f32
// CHECK-NEXT: spirv.Store "StorageBuffer" %{{.*}}, %{{.*}} : f32
// CHECK-NEXT: spirv.Return

spirv.module @__spv__v Logical GLSL450 requires #spirv.vce<v1.0, [Shader], [SPV_KHR_storage_buffer_storage_class]> {
  spirv.GlobalVariable @__builtin__GlobalInvocationId__ built_in("GlobalInvocationId") : !spirv.ptr<vector<3xi32>, Input>
  spirv.GlobalVariable @k_arg_0 bind(0, 0) : !spirv.ptr<!spirv.struct<(!spirv.array<64 x f32, stride=4> [0])>, StorageBuffer>
  spirv.GlobalVariable @k_arg_1 bind(0, 1) : !spirv.ptr<!spirv.struct<(!spirv.array<64 x f32, stride=4> [0])>, StorageBuffer>
  spirv.GlobalVariable @k_arg_2 bind(0, 2) : !spirv.ptr<!spirv.struct<(!spirv.array<64 x f32, stride=4> [0])>, StorageBuffer>
  spirv.func @k() "None" {
    %cst3_i32 = spirv.Constant 3 : i32
    %cst0_i32 = spirv.Constant 0 : i32
    %cst4_i32 = spirv.Constant 4 : i32
    %cst2_i32 = spirv.Constant 2 : i32
    %cst1_i32 = spirv.Constant 1 : i32
    %0 = spirv.mlir.addressof @k_arg_0 : !spirv.ptr<!spirv.struct<(!spirv.array<64 x f32, stride=4> [0])>, StorageBuffer>
    %1 = spirv.mlir.addressof @k_arg_1 : !spirv.ptr<!spirv.struct<(!spirv.array<64 x f32, stride=4> [0])>, StorageBuffer>
    %2 = spirv.mlir.addressof @k_arg_2 : !spirv.ptr<!spirv.struct<(!spirv.array<64 x f32, stride=4> [0])>, StorageBuffer>
    %3 = spirv.mlir.addressof @__builtin__GlobalInvocationId__ : !spirv.ptr<vector<3xi32>, Input>
    %4 = spirv.Load "Input" %3 : vector<3xi32>
    %5 = spirv.CompositeExtract %4[0 : i32] : vector<3xi32>
    %6 = spirv.IMul %5, %cst4_i32 : i32
    %7 = spirv.IAdd %6, %cst1_i32 : i32
    %8 = spirv.AccessChain %0[%cst0_i32, %6] : !spirv.ptr<!spirv.struct<(!spirv.array<64 x f32, stride=4> [0])>, StorageBuffer>, i32, i32
    %9 = spirv.Load "StorageBuffer" %8 : f32
    %10 = spirv.AccessChain %0[%cst0_i32, %7] : !spirv.ptr<!spirv.struct<(!spirv.array<64 x f32, stride=4> [0])>, StorageBuffer>, i32, i32
    %11 = spirv.Load "StorageBuffer" %10 : f32
    %12 = spirv.IAdd %6, %cst2_i32 : i32
    %13 = spirv.AccessChain %0[%cst0_i32, %12] : !spirv.ptr<!spirv.struct<(!spirv.array<64 x f32, stride=4> [0])>, StorageBuffer>, i32, i32
    %14 = spirv.Load "StorageBuffer" %13 : f32
    %15 = spirv.IAdd %6, %cst3_i32 : i32
    %16 = spirv.AccessChain %0[%cst0_i32, %15] : !spirv.ptr<!spirv.struct<(!spirv.array<64 x f32, stride=4> [0])>, StorageBuffer>, i32, i32
    %17 = spirv.Load "StorageBuffer" %16 : f32
    %18 = spirv.CompositeConstruct %9, %11, %14, %17 : (f32, f32, f32, f32) -> vector<4xf32>
    %19 = spirv.AccessChain %1[%cst0_i32, %7] : !spirv.ptr<!spirv.struct<(!spirv.array<64 x f32, stride=4> [0])>, StorageBuffer>, i32, i32
    %20 = spirv.Load "StorageBuffer" %19 : f32
    %21 = spirv.IAdd %7, %cst1_i32 : i32
    %22 = spirv.AccessChain %1[%cst0_i32, %21] : !spirv.ptr<!spirv.struct<(!spirv.array<64 x f32, stride=4> [0])>, StorageBuffer>, i32, i32
    %23 = spirv.Load "StorageBuffer" %22 : f32
    %24 = spirv.IAdd %7, %cst2_i32 : i32
    %25 = spirv.AccessChain %1[%cst0_i32, %24] : !spirv.ptr<!spirv.struct<(!spirv.array<64 x f32, stride=4> [0])>, StorageBuffer>, i32, i32
    %26 = spirv.Load "StorageBuffer" %25 : f32
    %27 = spirv.IAdd %7, %cst3_i32 : i32
    %28 = spirv.AccessChain %1[%cst0_i32, %27] : !spirv.ptr<!spirv.struct<(!spirv.array<64 x f32, stride=4> [0])>, StorageBuffer>, i32, i32
    %29 = spirv.Load "StorageBuffer" %28 : f32
    %30 = spirv.CompositeConstruct %20, %23, %26, %29 : (f32, f32, f32, f32) -> vector<4xf32>
    %31 = spirv.AccessChain %1[%cst0_i32, %cst2_i32] : !spirv.ptr<!spirv.struct<(!spirv.array<64 x f32, stride=4> [0])>, StorageBuffer>, i32, i32
    %32 = spirv.Load "StorageBuffer" %31 : f32
    %33 = spirv.AccessChain %1[%cst0_i32, %cst3_i32] : !spirv.ptr<!spirv.struct<(!spirv.array<64 x f32, stride=4> [0])>, StorageBuffer>, i32, i32
    %34 = spirv.Load "StorageBuffer" %33 : f32
    %35 = spirv.FAdd %18, %30 : vector<4xf32>
    %36 = spirv.AccessChain %2[%cst0_i32, %6] : !spirv.ptr<!spirv.struct<(!spirv.array<64 x f32, stride=4> [0])>, StorageBuffer>, i32, i32
    %37 = spirv.CompositeExtract %35[0 : i32] : vector<4xf32>
    spirv.Store "StorageBuffer" %36, %37 : f32
    %38 = spirv.AccessChain %2[%cst0_i32, %7] : !spirv.ptr<!spirv.struct<(!spirv.array<64 x f32, stride=4> [0])>, StorageBuffer>, i32, i32
    %39 = spirv.CompositeExtract %35[1 : i32] : vector<4xf32>
    spirv.Store "StorageBuffer" %38, %39 : f32
    %40 = spirv.AccessChain %2[%cst0_i32, %12] : !spirv.ptr<!spirv.struct<(!spirv.array<64 x f32, stride=4> [0])>, StorageBuffer>, i32, i32
    %41 = spirv.CompositeExtract %35[2 : i32] : vector<4xf32>
    spirv.Store "StorageBuffer" %40, %41 : f32
    %42 = spirv.AccessChain %2[%cst0_i32, %15] : !spirv.ptr<!spirv.struct<(!spirv.array<64 x f32, stride=4> [0])>, StorageBuffer>, i32, i32
    %43 = spirv.CompositeExtract %35[3 : i32] : vector<4xf32>
    spirv.Store "StorageBuffer" %42, %43 : f32
    spirv.Store "StorageBuffer" %8, %32 : f32
    spirv.Store "StorageBuffer" %10, %34 : f32
    spirv.Return
  }
  spirv.EntryPoint "GLCompute" @k, @__builtin__GlobalInvocationId__
  spirv.ExecutionMode @k "LocalSize", 8, 1, 1
}
