// RUN: kiln opt %s --split-input-file | FileCheck %s

// Types print as MLIR prints them; spaces in `N x T` are normalized.
// CHECK-LABEL: spirv.module Logical GLSL450 requires #spirv.vce<v1.3, [Shader, Int64, GroupNonUniformBallot], [SPV_KHR_storage_buffer_storage_class]>
spirv.module Logical GLSL450 requires #spirv.vce<v1.3, [Shader, Int64, GroupNonUniformBallot], [SPV_KHR_storage_buffer_storage_class]> {
  // CHECK: spirv.GlobalVariable @buf bind(0, 1) : !spirv.ptr<!spirv.struct<(!spirv.rtarray<f32, stride=4> [0])>, StorageBuffer>
  spirv.GlobalVariable @buf bind(0, 1) : !spirv.ptr<!spirv.struct<(!spirv.rtarray<f32, stride=4> [0])>, StorageBuffer>
  // CHECK: spirv.GlobalVariable @shared : !spirv.ptr<!spirv.array<256 x f32>, Workgroup>
  spirv.GlobalVariable @shared : !spirv.ptr<!spirv.array<256xf32>, Workgroup>
  // CHECK: spirv.GlobalVariable @gid built_in("GlobalInvocationId") : !spirv.ptr<vector<3xi32>, Input>
  spirv.GlobalVariable @gid {built_in = "GlobalInvocationId"} : !spirv.ptr<vector<3xi32>, Input>
  // CHECK: spirv.GlobalVariable @list : !spirv.ptr<!spirv.struct<node, (i32, !spirv.ptr<!spirv.struct<node>, StorageBuffer>)>, StorageBuffer>
  spirv.GlobalVariable @list : !spirv.ptr<!spirv.struct<node, (i32, !spirv.ptr<!spirv.struct<node>, StorageBuffer>)>, StorageBuffer>

  // CHECK-LABEL: spirv.func @kernel() "None" attributes {spirv.entry_point_abi = #spirv.entry_point_abi<workgroup_size = [32, 4, 1]>}
  spirv.func @kernel() "None" attributes {spirv.entry_point_abi = #spirv.entry_point_abi<local_size = dense<[32, 4, 1]> : vector<3xi32>>} {
    // CHECK: %[[C0:.*]] = spirv.Constant 0 : i32
    %c0 = spirv.Constant 0 : i32
    // An address is named after its variable, as MLIR names it.
    // CHECK: %gid_addr = spirv.mlir.addressof @gid : !spirv.ptr<vector<3xi32>, Input>
    %gid = spirv.mlir.addressof @gid : !spirv.ptr<vector<3xi32>, Input>
    // CHECK: spirv.Load "Input" %gid_addr : vector<3xi32>
    %v = spirv.Load "Input" %gid : vector<3xi32>
    // CHECK: %[[X:.*]] = spirv.CompositeExtract %{{.*}}[0 : i32] : vector<3xi32>
    %x = spirv.CompositeExtract %v[0 : i32] : vector<3xi32>
    %buf = spirv.mlir.addressof @buf : !spirv.ptr<!spirv.struct<(!spirv.rtarray<f32, stride=4> [0])>, StorageBuffer>
    // CHECK: %[[P:.*]] = spirv.AccessChain %{{.*}}[%[[C0]], %[[X]]] : !spirv.ptr<!spirv.struct<(!spirv.rtarray<f32, stride=4> [0])>, StorageBuffer>, i32, i32
    %p = spirv.AccessChain %buf[%c0, %x] : !spirv.ptr<!spirv.struct<(!spirv.rtarray<f32, stride=4> [0])>, StorageBuffer>, i32, i32
    // CHECK: spirv.Load "StorageBuffer" %[[P]] ["Volatile|Aligned", 4] : f32
    %f = spirv.Load "StorageBuffer" %p ["Volatile|Aligned", 4] : f32
    // CHECK: spirv.GL.Sqrt %{{.*}} : f32
    %s = spirv.GL.Sqrt %f : f32
    // CHECK: spirv.Store "StorageBuffer" %[[P]], %{{.*}} : f32
    spirv.Store "StorageBuffer" %p, %s : f32
    // CHECK: spirv.ControlBarrier <Workgroup>, <Workgroup>, <AcquireRelease|WorkgroupMemory>
    spirv.ControlBarrier <Workgroup>, <Workgroup>, <AcquireRelease|WorkgroupMemory>
    spirv.Return
  }
  // CHECK: spirv.EntryPoint "GLCompute" @kernel, @gid
  spirv.EntryPoint "GLCompute" @kernel, @gid
  // CHECK: spirv.ExecutionMode @kernel "LocalSize", 32, 4, 1
  spirv.ExecutionMode @kernel "LocalSize", 32, 4, 1
}

// -----

// The older spv. prefix is accepted on input.
// CHECK-LABEL: spirv.module @named Logical GLSL450
spv.module @named Logical GLSL450 {
  // CHECK: spirv.func @add(%{{.*}}: i32, %{{.*}}: i32) -> i32 "Inline|Pure"
  spv.func @add(%a: i32, %b: i32) -> i32 "Inline|Pure" {
    // CHECK: spirv.IAdd %{{.*}}, %{{.*}} : i32
    %0 = spv.IAdd %a, %b : i32
    spv.ReturnValue %0 : i32
  }
}

// -----

// Atomics and group ops: both the quoted and the angle-bracket spellings
// parse; atomics print angle brackets, group reductions quotes, as MLIR does.
spirv.module Logical GLSL450 requires #spirv.vce<v1.3, [Shader, GroupNonUniformArithmetic, GroupNonUniformClustered], []> {
  // CHECK-LABEL: @atomics
  spirv.func @atomics(%ptr: !spirv.ptr<i32, StorageBuffer>, %v: i32) -> i32 "None" {
    // CHECK: spirv.AtomicIAdd <Device> <AcquireRelease> %{{.*}}, %{{.*}} : !spirv.ptr<i32, StorageBuffer>
    %0 = spirv.AtomicIAdd <Device> <AcquireRelease> %ptr, %v : !spirv.ptr<i32, StorageBuffer>
    // CHECK: spirv.AtomicCompareExchange <Workgroup> <Release> <Acquire> %{{.*}}, %{{.*}}, %{{.*}} : !spirv.ptr<i32, StorageBuffer>
    %1 = spirv.AtomicCompareExchange "Workgroup" "Release" "Acquire" %ptr, %0, %v : !spirv.ptr<i32, StorageBuffer>
    // CHECK: spirv.GroupNonUniformIAdd "Subgroup" "Reduce" %{{.*}} : i32
    %2 = spirv.GroupNonUniformIAdd <Subgroup> <Reduce> %1 : i32 -> i32
    %four = spirv.Constant 4 : i32
    // CHECK: spirv.GroupNonUniformIAdd "Subgroup" "ClusteredReduce" %{{.*}} cluster_size(%{{.*}}) : i32
    %3 = spirv.GroupNonUniformIAdd "Subgroup" "ClusteredReduce" %2 cluster_size(%four) : i32
    // CHECK: spirv.GroupNonUniformShuffleXor <Subgroup> %{{.*}}, %{{.*}} : i32, i32
    %4 = spirv.GroupNonUniformShuffleXor <Subgroup> %3, %four : i32, i32
    spirv.ReturnValue %4 : i32
  }
}

// -----

// Structured control flow keeps MLIR's layout.
spirv.module Logical GLSL450 requires #spirv.vce<v1.0, [Shader], []> {
  // CHECK-LABEL: @loop
  spirv.func @loop(%n: i32) "None" {
    %zero = spirv.Constant 0 : i32
    %one = spirv.Constant 1 : i32
    // CHECK: spirv.mlir.loop control(Unroll) {
    // CHECK-NEXT: spirv.Branch ^bb1(%{{.*}} : i32)
    spirv.mlir.loop control(Unroll) {
      spirv.Branch ^header(%zero : i32)
    ^header(%i: i32):
      %c = spirv.SLessThan %i, %n : i32
      // CHECK: spirv.BranchConditional %{{.*}} [10, 1], ^bb2, ^bb3
      spirv.BranchConditional %c [10, 1], ^body, ^merge
    ^body:
      %next = spirv.IAdd %i, %one : i32
      spirv.Branch ^header(%next : i32)
    ^merge:
      // CHECK: spirv.mlir.merge
      spirv.mlir.merge
    }
    spirv.Return
  }

  // A loop's results are what its spirv.mlir.merge yields (current MLIR).
  // CHECK-LABEL: @loop_results
  spirv.func @loop_results(%n: i32) -> i32 "None" {
    %zero = spirv.Constant 0 : i32
    %one = spirv.Constant 1 : i32
    // CHECK: %[[R:.*]]:2 = spirv.mlir.loop -> (i32, i32) {
    %r:2 = spirv.mlir.loop -> (i32, i32) {
      spirv.Branch ^header(%zero : i32)
    ^header(%i: i32):
      %c = spirv.SLessThan %i, %n : i32
      spirv.BranchConditional %c, ^body, ^merge
    ^body:
      %next = spirv.IAdd %i, %one : i32
      spirv.Branch ^header(%next : i32)
    ^merge:
      // CHECK: spirv.mlir.merge %{{.*}}, %{{.*}} : i32, i32
      spirv.mlir.merge %i, %n : i32, i32
    }
    // CHECK: spirv.IAdd %[[R]]#0, %[[R]]#1 : i32
    %s = spirv.IAdd %r#0, %r#1 : i32
    spirv.ReturnValue %s : i32
  }
}

// -----

// Constants, spec constants and composites.
spirv.module Logical GLSL450 requires #spirv.vce<v1.0, [Shader], []> {
  // CHECK: spirv.SpecConstant @width spec_id(3) = 64 : i32
  spirv.SpecConstant @width spec_id(3) = 64 : i32
  // CHECK-LABEL: @composites
  spirv.func @composites(%a: f32) -> vector<4xf32> "None" {
    // CHECK: %true = spirv.Constant true
    %t = spirv.Constant true
    // CHECK: %cst_vec_2xf32 = spirv.Constant dense<[1.000000e+00, 2.000000e+00]> : vector<2xf32>
    %v2 = spirv.Constant dense<[1.0, 2.0]> : vector<2xf32>
    // CHECK: spirv.Constant [1 : i32, 2 : i32] : !spirv.array<2 x i32>
    %arr = spirv.Constant [1 : i32, 2 : i32] : !spirv.array<2 x i32>
    // CHECK: spirv.CompositeConstruct %{{.*}}, %{{.*}}, %{{.*}} : (vector<2xf32>, f32, f32) -> vector<4xf32>
    %v4 = spirv.CompositeConstruct %v2, %a, %a : (vector<2xf32>, f32, f32) -> vector<4xf32>
    // CHECK: spirv.VectorShuffle [0 : i32, 3 : i32] %{{.*}}, %{{.*}} : vector<4xf32>, vector<2xf32> -> vector<2xf32>
    %sh = spirv.VectorShuffle [0 : i32, 3 : i32] %v4, %v2 : vector<4xf32>, vector<2xf32> -> vector<2xf32>
    // CHECK: spirv.CompositeInsert %{{.*}}, %{{.*}}[1 : i32] : f32 into vector<4xf32>
    %ins = spirv.CompositeInsert %a, %v4[1 : i32] : f32 into vector<4xf32>
    // CHECK: spirv.Select %{{.*}}, %{{.*}}, %{{.*}} : i1, vector<4xf32>
    %sel = spirv.Select %t, %ins, %v4 : i1, vector<4xf32>
    // CHECK: spirv.mlir.referenceof @width : i32
    %w = spirv.mlir.referenceof @width : i32
    // CHECK: spirv.ConvertSToF %{{.*}} : i32 to f32
    %wf = spirv.ConvertSToF %w : i32 to f32
    // CHECK: spirv.VectorInsertDynamic %{{.*}}, %{{.*}}[%{{.*}}] : vector<4xf32>, i32
    %r = spirv.VectorInsertDynamic %wf, %sel[%w] : vector<4xf32>, i32
    spirv.ReturnValue %r : vector<4xf32>
  }
}

// -----

// Target and ABI attributes on a builtin module and its functions.
// CHECK: module attributes {spirv.target_env = #spirv.target_env<#spirv.vce<v1.0, [Shader], [SPV_KHR_storage_buffer_storage_class]>, api=Vulkan, SwiftShader:CPU, #spirv.resource_limits<max_compute_workgroup_invocations = 256, max_compute_workgroup_size = [256, 256, 64], subgroup_size = 4>>}
module attributes {spirv.target_env = #spirv.target_env<#spirv.vce<v1.0, [Shader], [SPV_KHR_storage_buffer_storage_class]>, api=Vulkan, SwiftShader:CPU, #spirv.resource_limits<max_compute_workgroup_invocations = 256, max_compute_workgroup_size = [256, 256, 64], subgroup_size = 4>>} {
  // CHECK: memref<4xf32, #spirv.storage_class<StorageBuffer>>
  func.func private @f(memref<4xf32, #spirv.storage_class<StorageBuffer>>)
}

// -----

// An undefined shuffle component, 0xFFFFFFFF, as MLIR prints it.
spirv.module Logical GLSL450 {
  spirv.func @f(%a: vector<4xf32>, %b: vector<2xf32>) -> vector<2xf32> "None" {
    // CHECK: spirv.VectorShuffle [1 : i32, -1 : i32] %{{.*}}, %{{.*}} : vector<4xf32>, vector<2xf32> -> vector<2xf32>
    %0 = spirv.VectorShuffle [1 : i32, -1 : i32] %a, %b : vector<4xf32>, vector<2xf32> -> vector<2xf32>
    spirv.ReturnValue %0 : vector<2xf32>
  }
}

// -----

// Image ops also read the form with each operand typed in place, and print
// the current one.
spirv.module Logical GLSL450 {
  spirv.func @f(%si: !spirv.sampled_image<!spirv.image<f32, Dim2D, NoDepth, NonArrayed, SingleSampled, NeedSampler, Unknown>>, %c: vector<4xf32>, %d: f32,
                %img: !spirv.image<f32, Dim2D, NoDepth, NonArrayed, SingleSampled, NoSampler, Rgba8>, %xy: vector<2xsi32>, %t: vector<4xf32>) "None" {
    // CHECK: spirv.ImageDrefGather %{{.*}}, %{{.*}}, %{{.*}} : !spirv.sampled_image<!spirv.image<f32, Dim2D, NoDepth, NonArrayed, SingleSampled, NeedSampler, Unknown>>, vector<4xf32>, f32 -> vector<4xf32>
    %0 = spirv.ImageDrefGather %si : !spirv.sampled_image<!spirv.image<f32, Dim2D, NoDepth, NonArrayed, SingleSampled, NeedSampler, Unknown>>, %c : vector<4xf32>, %d : f32 -> vector<4xf32>
    // CHECK: spirv.ImageWrite %{{.*}}, %{{.*}}, %{{.*}} ["NonPrivateTexel"] : !spirv.image<f32, Dim2D, NoDepth, NonArrayed, SingleSampled, NoSampler, Rgba8>, vector<2xsi32>, vector<4xf32>
    spirv.ImageWrite %img : !spirv.image<f32, Dim2D, NoDepth, NonArrayed, SingleSampled, NoSampler, Rgba8>, %xy : vector<2xsi32>, %t : vector<4xf32> ["NonPrivateTexel"]
    spirv.Return
  }
}

// -----

// PhysicalStorageBuffer pointer parameters carry their aliasing decoration.
// CHECK-LABEL: spirv.func @psb_args
// CHECK-SAME: !spirv.ptr<i32, PhysicalStorageBuffer> {spirv.decoration = #spirv.decoration<Restrict>}
// CHECK-SAME: !spirv.ptr<!spirv.ptr<f32, PhysicalStorageBuffer>, Function> {spirv.decoration = #spirv.decoration<AliasedPointer>}
spirv.func @psb_args(%a: !spirv.ptr<i32, PhysicalStorageBuffer> {spirv.decoration = #spirv.decoration<Restrict>},
                     %b: !spirv.ptr<!spirv.ptr<f32, PhysicalStorageBuffer>, Function> {spirv.decoration = #spirv.decoration<AliasedPointer>}) "None" {
  spirv.Return
}

// -----

// A gpu.module's SPIR-V target prints its parameters, defaults left out.
// CHECK: test.t0 = #spirv.target<vce = #spirv.vce<v1.0, [Kernel], []>, resource_limits = <>>
// CHECK-SAME: test.t1 = #spirv.target<vce = #spirv.vce<v1.3, [Shader], []>, resource_limits = <subgroup_size = 64>, client_api = Vulkan, vendor_id = AMD, device_type = DiscreteGPU, device_id = 7>
module attributes {
  test.t0 = #spirv.target<resource_limits = <>, vce = #spirv.vce<v1.0, [Kernel], []>>,
  test.t1 = #spirv.target<vce = #spirv.vce<v1.3, [Shader], []>, resource_limits = <subgroup_size = 64>, device_id = 7, device_type = DiscreteGPU, vendor_id = AMD, client_api = Vulkan>
} {
}

// -----

// spirv.Switch: MLIR's syntax, block arguments per target, literals in
// the selector's width (negative ones sign-extended).
spirv.module Logical GLSL450 requires #spirv.vce<v1.0, [Shader, Int8, Int64], []> {
  // CHECK-LABEL: @switch_args
  spirv.func @switch_args(%sel: si8, %a: i32, %b: i32) -> i32 "None" {
    // CHECK:      spirv.Switch %{{.*}} : si8, [
    // CHECK-NEXT:   default: ^bb1(%{{.*}} : i32),
    // CHECK-NEXT:   -1: ^bb1(%{{.*}} : i32),
    // CHECK-NEXT:   127: ^bb2
    // CHECK-NEXT: ]
    spirv.Switch %sel : si8, [
      default: ^bb1(%a : i32),
      255: ^bb1(%b : i32),
      127: ^bb2
    ]
  ^bb1(%x: i32):
    spirv.ReturnValue %x : i32
  ^bb2:
    spirv.ReturnValue %a : i32
  }

  // CHECK-LABEL: @switch_default_only
  spirv.func @switch_default_only(%sel: i64) "None" {
    // CHECK:      spirv.Switch %{{.*}} : i64, [
    // CHECK-NEXT:   default: ^bb1]
    spirv.Switch %sel : i64, [
      default: ^bb1
    ]
  ^bb1:
    spirv.Return
  }
}
