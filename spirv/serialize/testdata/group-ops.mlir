// RUN: kiln translate --no-implicit-module --split-input-file --test-spirv-roundtrip %s | FileCheck %s

// The Groups capability's ops and the KHR subgroup ballot, with scope and
// group operation in angle brackets.

spirv.module Physical64 OpenCL requires #spirv.vce<v1.3, [Kernel, Addresses, Groups, GroupUniformArithmeticKHR], [SPV_KHR_uniform_group_instructions]> {
  // CHECK-LABEL: spirv.func @group
  spirv.func @group(%v: f32, %i: i32, %id: vector<3xi32>) -> f32 "None" {
    // CHECK: spirv.GroupBroadcast <Workgroup> %{{.*}}, %{{.*}} : f32, vector<3xi32>
    %a = spirv.GroupBroadcast <Workgroup> %v, %id : f32, vector<3xi32>
    // CHECK: spirv.GroupFAdd <Workgroup> <Reduce> %{{.*}} : f32
    %b = spirv.GroupFAdd <Workgroup> <Reduce> %a : f32
    // CHECK: spirv.GroupIAdd <Subgroup> <InclusiveScan> %{{.*}} : i32
    %c = spirv.GroupIAdd <Subgroup> <InclusiveScan> %i : i32
    // CHECK: spirv.GroupSMax <Subgroup> <ExclusiveScan> %{{.*}} : i32
    %d = spirv.GroupSMax <Subgroup> <ExclusiveScan> %c : i32
    // CHECK: spirv.GroupUMin <Subgroup> <Reduce> %{{.*}} : i32
    %e = spirv.GroupUMin <Subgroup> <Reduce> %d : i32
    // CHECK: spirv.GroupSMin <Subgroup> <Reduce> %{{.*}} : i32
    %e2 = spirv.GroupSMin <Subgroup> <Reduce> %e : i32
    // CHECK: spirv.GroupUMax <Subgroup> <Reduce> %{{.*}} : i32
    %e3 = spirv.GroupUMax <Subgroup> <Reduce> %e2 : i32
    // CHECK: spirv.GroupFMin <Workgroup> <Reduce> %{{.*}} : f32
    %b2 = spirv.GroupFMin <Workgroup> <Reduce> %b : f32
    // CHECK: spirv.GroupFMax <Workgroup> <Reduce> %{{.*}} : f32
    %b3 = spirv.GroupFMax <Workgroup> <Reduce> %b2 : f32
    // CHECK: spirv.KHR.GroupFMul <Workgroup> <Reduce> %{{.*}} : f32
    %f = spirv.KHR.GroupFMul <Workgroup> <Reduce> %b3 : f32
    // CHECK: spirv.KHR.GroupIMul <Workgroup> <Reduce> %{{.*}} : i32
    %g = spirv.KHR.GroupIMul <Workgroup> <Reduce> %e3 : i32
    spirv.ReturnValue %f : f32
  }
}

// -----

spirv.module Logical GLSL450 requires #spirv.vce<v1.3, [Shader, GroupNonUniformBallot, SubgroupBallotKHR], [SPV_KHR_shader_ballot]> {
  // CHECK-LABEL: spirv.func @ballot
  spirv.func @ballot(%p: i1) -> i32 "None" {
    // CHECK: %{{.*}} = spirv.KHR.SubgroupBallot %{{.*}} : vector<4xi32>
    %b = spirv.KHR.SubgroupBallot %p : vector<4xi32>
    // CHECK: spirv.GroupNonUniformBallotBitCount <Subgroup> <ExclusiveScan> %{{.*}} : vector<4xi32> -> i32
    %n = spirv.GroupNonUniformBallotBitCount <Subgroup> <ExclusiveScan> %b : vector<4xi32> -> i32
    spirv.ReturnValue %n : i32
  }
}

// -----

spirv.module Logical GLSL450 requires #spirv.vce<v1.3, [Shader, GroupNonUniformRotateKHR], [SPV_KHR_subgroup_rotate]> {
  // CHECK-LABEL: spirv.func @rotate
  spirv.func @rotate(%v: f32, %delta: i32) -> f32 "None" {
    %four = spirv.Constant 4 : i32
    // CHECK: spirv.GroupNonUniformRotateKHR <Subgroup> %{{.*}}, %{{.*}} : f32, i32 -> f32
    %0 = spirv.GroupNonUniformRotateKHR <Subgroup> %v, %delta : f32, i32 -> f32
    // CHECK: spirv.GroupNonUniformRotateKHR <Subgroup> %{{.*}}, %{{.*}}, cluster_size(%{{.*}}) : f32, i32, i32 -> f32
    %1 = spirv.GroupNonUniformRotateKHR <Subgroup> %0, %delta, cluster_size(%four) : f32, i32, i32 -> f32
    spirv.ReturnValue %1 : f32
  }
}
