// addf.mlir's kernel on device buffers: gpu.alloc, gpu.memcpy and async
// tokens chained through gpu.launch_func and gpu.wait.
// RUN: kiln run %s --reference | FileCheck %s
// CHECK: Unranked Memref base@ = 0x{{[0-9a-f]+}} rank = 1 offset = 0 sizes = [8] strides = [1] data =
// CHECK-NEXT: [1.5,  2.5,  3.5,  4.5,  5.5,  6.5,  7.5,  8.5]
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
    %c = memref.alloc() : memref<8xf32>
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    scf.for %i = %c0 to %c8 step %c1 {
      %n = arith.index_cast %i : index to i32
      %f = arith.sitofp %n : i32 to f32
      memref.store %f, %a[%i] : memref<8xf32>
    }
    %half = arith.constant 1.5 : f32
    %zero = arith.constant 0.0 : f32
    %b1 = memref.cast %b : memref<8xf32> to memref<?xf32>
    %c1d = memref.cast %c : memref<8xf32> to memref<?xf32>
    call @fillResource1DFloat(%b1, %half) : (memref<?xf32>, f32) -> ()
    call @fillResource1DFloat(%c1d, %zero) : (memref<?xf32>, f32) -> ()
    %t0 = gpu.wait async
    %da, %t1 = gpu.alloc async [%t0] () : memref<8xf32>
    %db, %t2 = gpu.alloc async [%t1] () : memref<8xf32>
    %dc, %t3 = gpu.alloc async [%t2] () : memref<8xf32>
    %t4 = gpu.memcpy async [%t3] %da, %a : memref<8xf32>, memref<8xf32>
    %t5 = gpu.memcpy async [%t4] %db, %b : memref<8xf32>, memref<8xf32>
    %t6 = gpu.launch_func async [%t5] @kernels::@kernel_add
        blocks in (%c8, %c1, %c1) threads in (%c1, %c1, %c1)
        args(%da : memref<8xf32>, %db : memref<8xf32>, %dc : memref<8xf32>)
    %t7 = gpu.memcpy async [%t6] %c, %dc : memref<8xf32>, memref<8xf32>
    gpu.wait [%t7]
    gpu.dealloc %da : memref<8xf32>
    gpu.dealloc %db : memref<8xf32>
    gpu.dealloc %dc : memref<8xf32>
    %p = memref.cast %c : memref<8xf32> to memref<*xf32>
    call @printMemrefF32(%p) : (memref<*xf32>) -> ()
    return
  }
  func.func private @fillResource1DFloat(%0 : memref<?xf32>, %1 : f32)
  func.func private @printMemrefF32(%ptr : memref<*xf32>)
}
