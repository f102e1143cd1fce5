// Launches on the same buffers with host reads and writes between them:
// memrefs stay in their device buffers and move only when the host
// touches them (4 uploads: a, b, then a after the host wrote it, and d;
// 3 fetches: a before the host reads it, and a and d for printMemrefF32;
// b, deallocated while its newest contents are on the device, is never
// fetched).
module attributes {
  gpu.container_module,
  spirv.target_env = #spirv.target_env<
    #spirv.vce<v1.0, [Shader], [SPV_KHR_storage_buffer_storage_class]>, #spirv.resource_limits<>>
} {
  gpu.module @kernels {
    gpu.func @kernel_add(%a : memref<8xf32>, %b : memref<8xf32>, %c : memref<8xf32>)
      kernel attributes { spirv.entry_point_abi = #spirv.entry_point_abi<workgroup_size = [1, 1, 1]>} {
      %i = gpu.block_id x
      %x = memref.load %a[%i] : memref<8xf32>
      %y = memref.load %b[%i] : memref<8xf32>
      %z = arith.addf %x, %y : f32
      memref.store %z, %c[%i] : memref<8xf32>
      gpu.return
    }
  }

  func.func @main() {
    %a = memref.alloc() : memref<8xf32>
    %b = memref.alloc() : memref<8xf32>
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    scf.for %i = %c0 to %c8 step %c1 {
      %n = arith.index_cast %i : index to i32
      %f = arith.sitofp %n : i32 to f32
      memref.store %f, %a[%i] : memref<8xf32>
      memref.store %f, %b[%i] : memref<8xf32>
    }
    gpu.launch_func @kernels::@kernel_add
        blocks in (%c8, %c1, %c1) threads in (%c1, %c1, %c1)
        args(%a : memref<8xf32>, %b : memref<8xf32>, %a : memref<8xf32>)
    %x = memref.load %a[%c1] : memref<8xf32>
    %hundred = arith.constant 100.0 : f32
    %y = arith.addf %x, %hundred : f32
    memref.store %y, %a[%c0] : memref<8xf32>
    gpu.launch_func @kernels::@kernel_add
        blocks in (%c8, %c1, %c1) threads in (%c1, %c1, %c1)
        args(%a : memref<8xf32>, %b : memref<8xf32>, %a : memref<8xf32>)
    gpu.launch_func @kernels::@kernel_add
        blocks in (%c8, %c1, %c1) threads in (%c1, %c1, %c1)
        args(%a : memref<8xf32>, %b : memref<8xf32>, %a : memref<8xf32>)
    %p = memref.cast %a : memref<8xf32> to memref<*xf32>
    call @printMemrefF32(%p) : (memref<*xf32>) -> ()
    memref.dealloc %b : memref<8xf32>
    %d = memref.alloc() : memref<8xf32>
    %two = arith.constant 2.0 : f32
    scf.for %i = %c0 to %c8 step %c1 {
      memref.store %two, %d[%i] : memref<8xf32>
    }
    gpu.launch_func @kernels::@kernel_add
        blocks in (%c8, %c1, %c1) threads in (%c1, %c1, %c1)
        args(%d : memref<8xf32>, %d : memref<8xf32>, %d : memref<8xf32>)
    %q = memref.cast %d : memref<8xf32> to memref<*xf32>
    call @printMemrefF32(%q) : (memref<*xf32>) -> ()
    return
  }
  func.func private @printMemrefF32(%ptr : memref<*xf32>)
}
