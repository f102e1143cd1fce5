// RUN: kiln opt %s --spirv-lower-abi-attrs --split-input-file --verify-diagnostics | FileCheck %s

// A scalar argument is wrapped in a struct and loaded at entry; buffers get
// a Vulkan layout; the entry point lists no interface before SPIR-V 1.4.

module attributes {spirv.target_env = #spirv.target_env<#spirv.vce<v1.0, [Shader], [SPV_KHR_storage_buffer_storage_class]>, #spirv.resource_limits<>>} {
// CHECK-LABEL: spirv.module
spirv.module Logical GLSL450 {
  // CHECK-DAG: spirv.GlobalVariable @add_arg_0 bind(0, 0) : !spirv.ptr<!spirv.struct<(i32 [0])>, Uniform>
  // CHECK-DAG: spirv.GlobalVariable @add_arg_1 bind(0, 1) : !spirv.ptr<!spirv.struct<(!spirv.rtarray<vector<3xf32>, stride=12> [0])>, StorageBuffer>
  // CHECK: spirv.func @add() "None" {
  spirv.func @add(%n: i32 {spirv.interface_var_abi = #spirv.interface_var_abi<(0, 0), Uniform>},
                  %buf: !spirv.ptr<!spirv.struct<(!spirv.rtarray<vector<3xf32>, stride=12> [0])>, StorageBuffer>
                        {spirv.interface_var_abi = #spirv.interface_var_abi<(0, 1)>}) "None"
      attributes {spirv.entry_point_abi = #spirv.entry_point_abi<workgroup_size = [64, 1, 1]>} {
    // CHECK: %[[BUF:.*]] = spirv.mlir.addressof @add_arg_1
    // CHECK: %[[N:.*]] = spirv.mlir.addressof @add_arg_0
    // CHECK: %[[ZERO:.*]] = spirv.Constant 0 : i32
    // CHECK: %[[P:.*]] = spirv.AccessChain %[[N]][%[[ZERO]]]
    // CHECK: %[[V:.*]] = spirv.Load "Uniform" %[[P]] : i32
    // CHECK: spirv.AccessChain %[[BUF]][%{{.*}}, %[[V]]]
    %c0 = spirv.Constant 0 : i32
    %p = spirv.AccessChain %buf[%c0, %n] : !spirv.ptr<!spirv.struct<(!spirv.rtarray<vector<3xf32>, stride=12> [0])>, StorageBuffer>, i32, i32
    spirv.Return
  }
  // CHECK: spirv.EntryPoint "GLCompute" @add{{$}}
  // CHECK: spirv.ExecutionMode @add "LocalSize", 64, 1, 1
}
}

// -----

// From SPIR-V 1.4 the interface lists every variable used; a subgroup size
// the target can express becomes an execution mode.

module attributes {spirv.target_env = #spirv.target_env<#spirv.vce<v1.4, [Kernel, Addresses, SubgroupDispatch], []>, #spirv.resource_limits<>>} {
// CHECK-LABEL: spirv.module
spirv.module Physical64 OpenCL {
  spirv.GlobalVariable @id built_in("GlobalInvocationId") : !spirv.ptr<vector<3xi64>, Input>
  // CHECK: spirv.func @k() "None" {
  spirv.func @k() "None" attributes {spirv.entry_point_abi = #spirv.entry_point_abi<workgroup_size = [8, 8], subgroup_size = 16>} {
    %0 = spirv.mlir.addressof @id : !spirv.ptr<vector<3xi64>, Input>
    spirv.Return
  }
  // CHECK: spirv.EntryPoint "Kernel" @k, @id
  // CHECK: spirv.ExecutionMode @k "LocalSize", 8, 8, 1
  // CHECK: spirv.ExecutionMode @k "SubgroupSize", 16
}
}

// -----

// Pointer arguments come first, then scalars, each in argument order (as
// MLIR leaves them); a pointer whose layout changed is bitcast back for
// its old uses.

module attributes {spirv.target_env = #spirv.target_env<#spirv.vce<v1.0, [Shader], [SPV_KHR_storage_buffer_storage_class]>, #spirv.resource_limits<>>} {
// CHECK-LABEL: spirv.module
spirv.module Logical GLSL450 {
  // CHECK-DAG: spirv.GlobalVariable @k_arg_1 bind(0, 1) : !spirv.ptr<!spirv.struct<(!spirv.array<8 x !spirv.array<2 x f32, stride=4>, stride=8> [0])>, StorageBuffer>
  spirv.func @k(%i: i32 {spirv.interface_var_abi = #spirv.interface_var_abi<(0, 0), StorageBuffer>},
                %buf: !spirv.ptr<!spirv.struct<(!spirv.array<8 x !spirv.array<2 x f32>>)>, StorageBuffer> {spirv.interface_var_abi = #spirv.interface_var_abi<(0, 1)>},
                %j: i32 {spirv.interface_var_abi = #spirv.interface_var_abi<(0, 2), StorageBuffer>}) "None"
      attributes {spirv.entry_point_abi = #spirv.entry_point_abi<workgroup_size = [8, 2, 1]>} {
    // CHECK: %[[A1:.*]] = spirv.mlir.addressof @k_arg_1
    // CHECK-NEXT: %[[BUF:.*]] = spirv.Bitcast %[[A1]] : {{.*}} to !spirv.ptr<!spirv.struct<(!spirv.array<8 x !spirv.array<2 x f32>>)>, StorageBuffer>
    // CHECK-NEXT: spirv.mlir.addressof @k_arg_0
    // CHECK-NEXT: spirv.Constant 0 : i32
    // CHECK-NEXT: spirv.AccessChain
    // CHECK-NEXT: %[[I:.*]] = spirv.Load "StorageBuffer"
    // CHECK-NEXT: spirv.mlir.addressof @k_arg_2
    // CHECK-NEXT: spirv.Constant 0 : i32
    // CHECK-NEXT: spirv.AccessChain
    // CHECK-NEXT: %[[J:.*]] = spirv.Load "StorageBuffer"
    // CHECK: spirv.AccessChain %[[BUF]][%{{.*}}, %[[I]], %[[J]]]
    %c0 = spirv.Constant 0 : i32
    %p = spirv.AccessChain %buf[%c0, %i, %j] : !spirv.ptr<!spirv.struct<(!spirv.array<8 x !spirv.array<2 x f32>>)>, StorageBuffer>, i32, i32, i32
    spirv.Return
  }
  // CHECK: spirv.EntryPoint "GLCompute" @k{{$}}
  // CHECK-NEXT: spirv.ExecutionMode @k "LocalSize", 8, 2, 1
}
}

// -----

// An OpenCL kernel's arguments carry no spirv.interface_var_abi: they stay,
// and only the entry point ABI is lowered.
module attributes {spirv.target_env = #spirv.target_env<#spirv.vce<v1.0, [Kernel, Addresses], []>, #spirv.resource_limits<>>} {
  spirv.module Physical64 OpenCL {
    // CHECK-LABEL: spirv.func @kernel(%{{.*}}: f32, %{{.*}}: !spirv.ptr<f32, CrossWorkgroup>) "None"
    // CHECK-NOT: spirv.GlobalVariable
    // CHECK: spirv.EntryPoint "Kernel" @kernel
    // CHECK: spirv.ExecutionMode @kernel "LocalSize", 8, 1, 1
    spirv.func @kernel(%a: f32, %p: !spirv.ptr<f32, CrossWorkgroup>) "None"
        attributes {spirv.entry_point_abi = #spirv.entry_point_abi<workgroup_size = [8, 1, 1]>} {
      spirv.Store "CrossWorkgroup" %p, %a : f32
      spirv.Return
    }
  }
}
