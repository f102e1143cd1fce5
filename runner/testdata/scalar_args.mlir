// Scalar kernel arguments: y[i] = a * x[i] + b, with a, b and the length
// passed by value. Vulkan passes them in storage buffers as MLIR does;
// --backend=gl in uniform blocks.
// RUN: kiln run %s --reference | FileCheck %s
// CHECK: Unranked Memref base@ = 0x{{[0-9a-f]+}} rank = 1 offset = 0 sizes = [8] strides = [1] data =
// CHECK-NEXT: [0.25,  2.75,  5.25,  7.75,  10.25,  12.75,  0,  0]
module attributes {
  gpu.container_module,
  spirv.target_env = #spirv.target_env<
    #spirv.vce<v1.0, [Shader], [SPV_KHR_storage_buffer_storage_class]>, #spirv.resource_limits<>>
} {
  gpu.module @kernels {
    gpu.func @axpb(%a : f32, %x : memref<8xf32>, %b : f32, %n : index, %y : memref<8xf32>)
      kernel attributes { spirv.entry_point_abi = #spirv.entry_point_abi<workgroup_size = [1, 1, 1]>} {
      %i = gpu.block_id x
      %in = arith.cmpi slt, %i, %n : index
      scf.if %in {
        %v = memref.load %x[%i] : memref<8xf32>
        %m = arith.mulf %a, %v : f32
        %r = arith.addf %m, %b : f32
        memref.store %r, %y[%i] : memref<8xf32>
      }
      gpu.return
    }
  }

  func.func @main() {
    %x = memref.alloc() : memref<8xf32>
    %y = memref.alloc() : memref<8xf32>
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c6 = arith.constant 6 : index
    %c8 = arith.constant 8 : index
    scf.for %i = %c0 to %c8 step %c1 {
      %k = arith.index_cast %i : index to i32
      %f = arith.sitofp %k : i32 to f32
      memref.store %f, %x[%i] : memref<8xf32>
    }
    %zero = arith.constant 0.0 : f32
    %y1 = memref.cast %y : memref<8xf32> to memref<?xf32>
    call @fillResource1DFloat(%y1, %zero) : (memref<?xf32>, f32) -> ()
    %a = arith.constant 2.5 : f32
    %b = arith.constant 0.25 : f32
    gpu.launch_func @kernels::@axpb
        blocks in (%c8, %c1, %c1) threads in (%c1, %c1, %c1)
        args(%a : f32, %x : memref<8xf32>, %b : f32, %c6 : index, %y : memref<8xf32>)
    %p = memref.cast %y : memref<8xf32> to memref<*xf32>
    call @printMemrefF32(%p) : (memref<*xf32>) -> ()
    return
  }
  func.func private @fillResource1DFloat(%0 : memref<?xf32>, %1 : f32)
  func.func private @printMemrefF32(%ptr : memref<*xf32>)
}
