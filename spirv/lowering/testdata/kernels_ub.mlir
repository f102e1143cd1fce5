// Differential kernels for ub (TestKernelsOnVulkan).

// A poison value that a select never picks (the inputs are below 100): the
// device's spirv.Undef and the interpreter's poison give the same output.
module attributes {gpu.container_module, spirv.target_env = #spirv.target_env<#spirv.vce<v1.0, [Shader], [SPV_KHR_storage_buffer_storage_class]>, #spirv.resource_limits<>>} {
  gpu.module @kernels {
    gpu.func @unpicked_poison(%in: memref<16xi32>, %out: memref<16xi32>) kernel attributes {spirv.entry_point_abi = #spirv.entry_point_abi<workgroup_size = [16, 1, 1]>} {
      %x = gpu.thread_id x
      %v = memref.load %in[%x] : memref<16xi32>
      %p = ub.poison : i32
      %c100 = arith.constant 100 : i32
      %big = arith.cmpi sgt, %v, %c100 : i32
      %r = arith.select %big, %p, %v : i32
      memref.store %r, %out[%x] : memref<16xi32>
      gpu.return
    }
  }
}

// -----

// A branch to ub.unreachable that no thread takes (the inputs are below
// 100): the device's spirv.Unreachable sits in a block never run.
module attributes {gpu.container_module, spirv.target_env = #spirv.target_env<#spirv.vce<v1.0, [Shader], [SPV_KHR_storage_buffer_storage_class]>, #spirv.resource_limits<>>} {
  gpu.module @kernels {
    gpu.func @untaken_unreachable(%in: memref<16xi32>, %out: memref<16xi32>) kernel attributes {spirv.entry_point_abi = #spirv.entry_point_abi<workgroup_size = [16, 1, 1]>} {
      %x = gpu.thread_id x
      %v = memref.load %in[%x] : memref<16xi32>
      %c100 = arith.constant 100 : i32
      %big = arith.cmpi sgt, %v, %c100 : i32
      cf.cond_br %big, ^never, ^store
    ^never:
      ub.unreachable
    ^store:
      %c2 = arith.constant 2 : i32
      %r = arith.muli %v, %c2 : i32
      memref.store %r, %out[%x] : memref<16xi32>
      gpu.return
    }
  }
}
