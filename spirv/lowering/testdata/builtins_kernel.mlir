// RUN: kiln opt %s --convert-gpu-to-spirv=use-64bit-index | FileCheck %s

// On OpenCL targets the dimension built-ins are vectors of the index type.
// CHECK: spirv.GlobalVariable @__builtin__LocalInvocationId__ built_in("LocalInvocationId") : !spirv.ptr<vector<3xi64>, Input>
// CHECK: spirv.CompositeExtract %{{.*}}[0 : i32] : vector<3xi64>
module attributes {gpu.container_module, spirv.target_env = #spirv.target_env<#spirv.vce<v1.0, [Kernel, Addresses, Int64], []>, #spirv.resource_limits<>>} {
  gpu.module @kernels {
    gpu.func @k(%out: memref<4xi64, #spirv.storage_class<CrossWorkgroup>>) kernel attributes {spirv.entry_point_abi = #spirv.entry_point_abi<workgroup_size = [4, 1, 1]>} {
      %x = gpu.thread_id x
      %v = arith.index_cast %x : index to i64
      memref.store %v, %out[%x] : memref<4xi64, #spirv.storage_class<CrossWorkgroup>>
      gpu.return
    }
  }
}
