// RUN: kiln opt %s --convert-gpu-to-spirv | FileCheck %s
// RUN: kiln opt %s --convert-to-spirv="convert-gpu-modules nest-in-gpu-module" | FileCheck %s --check-prefix=NEST

// On targets without Shader, kernels take no argument ABIs and a uniform
// all_reduce is one Groups op of Workgroup scope (a non-uniform one does
// not legalize: more_ops_invalid.mlir).
module attributes {gpu.container_module, spirv.target_env = #spirv.target_env<#spirv.vce<v1.3, [Kernel, Addresses, Groups, GroupNonUniformArithmetic], []>, #spirv.resource_limits<>>} {
  // NEST: gpu.module @kernels {
  // NEST-NEXT: spirv.module @__spv__kernels Physical32 OpenCL {
  // NEST: spirv.func @reduce
  // NEST: gpu.func @reduce
  gpu.module @kernels {
    // CHECK-LABEL: spirv.func @reduce(%{{.*}}: f32) "None"
    // CHECK: spirv.GroupFAdd <Workgroup> <Reduce>
    // CHECK: spirv.GroupFMax <Subgroup> <Reduce>
    gpu.func @reduce(%a: f32) kernel attributes {spirv.entry_point_abi = #spirv.entry_point_abi<workgroup_size = [16, 1, 1]>} {
      %0 = gpu.all_reduce add %a uniform {} : (f32) -> f32
      %1 = gpu.subgroup_reduce maxnumf %a uniform : (f32) -> f32
      gpu.return
    }
  }
}
