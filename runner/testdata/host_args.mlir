// A host function with arguments and results: it scales %x by %a on the
// device into a new memref and returns it with its length. kiln run takes the arguments from
// --input and prints the results.
// RUN: kiln run %s --reference --input=4xf32=1,2,3,4 --input=f32=2.5 | FileCheck %s
// CHECK: result[0]: 4xf32=[2.5 5 7.5 10]
// CHECK-NEXT: result[1]: index=4
// RUN: kiln run %s --reference --input=4xf32=1,2,3,4 --input=f32=2.5 --expected_output=4xf32=2.5,5,7.5,10 --expected_output=index=4 | FileCheck %s --check-prefix=OK
// OK: all 2 results match the expected outputs
// RUN: not kiln run %s --reference --input=4xf32=1,2,3,4 --input=f32=2.5 --expected_output=4xf32=2.5,5,7.4,10 2>&1 | FileCheck %s --check-prefix=BAD
// BAD: kiln run: result[0]: element [2] is 7.5, expected 7.4 (tolerance 0.0001)
// RUN: not kiln run %s --reference --input=4xf32=1,2,3 2>&1 | FileCheck %s --check-prefix=SHORT
// SHORT: kiln run: --input=4xf32=1,2,3: 3 values for 4 elements
module attributes {
  gpu.container_module,
  spirv.target_env = #spirv.target_env<
    #spirv.vce<v1.0, [Shader], [SPV_KHR_storage_buffer_storage_class]>, #spirv.resource_limits<>>
} {
  gpu.module @kernels {
    gpu.func @scale(%a : f32, %x : memref<4xf32>, %y : memref<4xf32>)
      kernel attributes { spirv.entry_point_abi = #spirv.entry_point_abi<workgroup_size = [1, 1, 1]>} {
      %i = gpu.block_id x
      %v = memref.load %x[%i] : memref<4xf32>
      %r = arith.mulf %a, %v : f32
      memref.store %r, %y[%i] : memref<4xf32>
      gpu.return
    }
  }

  func.func @main(%x : memref<4xf32>, %a : f32) -> (memref<4xf32>, index) {
    %y = memref.alloc() : memref<4xf32>
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    gpu.launch_func @kernels::@scale blocks in (%c4, %c1, %c1) threads in (%c1, %c1, %c1)
        args(%a : f32, %x : memref<4xf32>, %y : memref<4xf32>)
    return %y, %c4 : memref<4xf32>, index
  }
}
