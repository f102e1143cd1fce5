// RUN: kiln translate --no-implicit-module --split-input-file --test-spirv-roundtrip %s | FileCheck %s
// RUN: rm -rf %t && mkdir %t
// RUN: kiln translate --no-implicit-module --split-input-file --serialize-spirv --spirv-save-validation-files-with-prefix=%t/m %s > /dev/null
// RUN: spirv-val --target-env spv1.3 %t/m_0.spv && spirv-val --target-env spv1.3 %t/m_1.spv && spirv-val %t/m_2.spv && spirv-val %t/m_3.spv && spirv-val --target-env vulkan1.3 %t/m_4.spv && spirv-val --target-env spv1.1 %t/m_5.spv

// Geometry primitives, Intel's subgroup block reads and writes, OpenCL printf,
// SPV_KHR_expect_assume's hints.

spirv.module Logical GLSL450 requires #spirv.vce<v1.0, [Geometry], []> {
  spirv.GlobalVariable @out : !spirv.ptr<!spirv.struct<(vector<4xf32>)>, Output>
  // CHECK-LABEL: spirv.func @primitives
  spirv.func @primitives() "None" {
    // CHECK-NEXT: spirv.EmitVertex
    spirv.EmitVertex
    // CHECK-NEXT: spirv.EndPrimitive
    spirv.EndPrimitive
    spirv.Return
  }
  spirv.EntryPoint "Geometry" @primitives, @out
  spirv.ExecutionMode @primitives "InputPoints"
  spirv.ExecutionMode @primitives "Invocations", 1
  spirv.ExecutionMode @primitives "OutputPoints"
  spirv.ExecutionMode @primitives "OutputVertices", 1
}

// -----

spirv.module Physical64 OpenCL requires #spirv.vce<v1.3, [Addresses, Kernel, Linkage, SubgroupBufferBlockIOINTEL], [SPV_INTEL_subgroups]> {
  // CHECK-LABEL: spirv.func @block
  spirv.func @block(%p: !spirv.ptr<i32, CrossWorkgroup>) -> vector<2xi32> "None" {
    // CHECK-NEXT: %[[V:.*]] = spirv.INTEL.SubgroupBlockRead %{{.*}} : !spirv.ptr<i32, CrossWorkgroup> -> vector<2xi32>
    %v = spirv.INTEL.SubgroupBlockRead %p : !spirv.ptr<i32, CrossWorkgroup> -> vector<2xi32>
    // CHECK-NEXT: spirv.INTEL.SubgroupBlockWrite %{{.*}}, %[[V]] : vector<2xi32>
    spirv.INTEL.SubgroupBlockWrite "CrossWorkgroup" %p, %v : vector<2xi32>
    // CHECK-NEXT: spirv.INTEL.SubgroupBlockWrite %{{.*}}, %[[V]] : vector<2xi32>
    spirv.INTEL.SubgroupBlockWrite %p, %v : vector<2xi32>
    spirv.ReturnValue %v : vector<2xi32>
  }
}

// -----

spirv.module Physical64 OpenCL requires #spirv.vce<v1.0, [Addresses, Kernel, Linkage, Int8], []> {
  // CHECK-LABEL: spirv.func @printf
  spirv.func @printf(%fmt : !spirv.ptr<i8, UniformConstant>, %a : i32, %b : f32) -> i32 "None" {
    // CHECK-NEXT: %[[R:.*]] = spirv.CL.printf %{{.*}} %{{.*}}, %{{.*}} : !spirv.ptr<i8, UniformConstant>, i32, f32 -> i32
    %0 = spirv.CL.printf %fmt %a, %b : !spirv.ptr<i8, UniformConstant>, i32, f32 -> i32
    // CHECK-NEXT: spirv.CL.printf %{{.*}} : !spirv.ptr<i8, UniformConstant> -> i32
    %1 = spirv.CL.printf %fmt : !spirv.ptr<i8, UniformConstant> -> i32
    spirv.ReturnValue %0 : i32
  }
}

// -----

spirv.module Logical GLSL450 requires #spirv.vce<v1.0, [Shader, Linkage, ExpectAssumeKHR], [SPV_KHR_expect_assume]> {
  // CHECK-LABEL: spirv.func @hints
  spirv.func @hints(%c : i1, %v : vector<2xi32>, %e : vector<2xi32>) -> vector<2xi32> "None" {
    // CHECK-NEXT: spirv.KHR.AssumeTrue %{{.*}}
    spirv.KHR.AssumeTrue %c
    // CHECK-NEXT: %[[B:.*]] = spirv.KHR.Expect %{{.*}}, %{{.*}} : i1
    %b = spirv.KHR.Expect %c, %c : i1
    // CHECK-NEXT: spirv.KHR.Expect %{{.*}}, %{{.*}} : vector<2xi32>
    %r = spirv.KHR.Expect %v, %e : vector<2xi32>
    spirv.ReturnValue %r : vector<2xi32>
  }
}

// -----

// An execution mode whose operands are specialization constants.
spirv.module Logical GLSL450 requires #spirv.vce<v1.2, [Shader], []> {
  spirv.SpecConstant @x = 8 : i32
  spirv.SpecConstant @y = 2 : i32
  spirv.SpecConstant @z = 1 : i32
  spirv.func @main() "None" {
    spirv.Return
  }
  spirv.EntryPoint "GLCompute" @main
  // CHECK: spirv.ExecutionModeId @main "LocalSizeId", @x, @y, @z
  spirv.ExecutionModeId @main "LocalSizeId", @x, @y, @z
}

// -----

// Named barriers (OpenCL 2.2).
spirv.module Physical64 OpenCL requires #spirv.vce<v1.1, [Addresses, Kernel, Linkage, NamedBarrier], []> {
  // CHECK-LABEL: spirv.func @named
  spirv.func @named(%n: i32) "None" {
    // CHECK-NEXT: %[[NB:.*]] = spirv.NamedBarrierInitialize %{{.*}} : i32 -> !spirv.named_barrier
    %nb = spirv.NamedBarrierInitialize %n : i32 -> !spirv.named_barrier
    // CHECK-NEXT: spirv.MemoryNamedBarrier %[[NB]], <Workgroup>, <AcquireRelease|WorkgroupMemory> : !spirv.named_barrier
    spirv.MemoryNamedBarrier %nb, <Workgroup>, <AcquireRelease|WorkgroupMemory> : !spirv.named_barrier
    spirv.Return
  }
}
