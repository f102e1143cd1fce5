// A host function with arguments and results: it scales %x by %a on the
// device into a new memref and returns it with its length. kiln run takes the arguments from
// --input and prints the results.
// RUN: kiln run %s --reference --input=4xf32=1,2,3,4 --input=f32=2.5 | FileCheck %s
// CHECK: result[0]: 4xf32=2.5 5 7.5 10
// CHECK-NEXT: result[1]: index=4
// RUN: kiln run %s --reference --input=4xf32=1,2,3,4 --input=f32=2.5 --expected_output="4xf32=2.5 5 7.5 10" --expected_output=index=4 | FileCheck %s --check-prefix=OK
// OK: kiln run: all 2 results match the expected outputs
// RUN: not kiln run %s --reference --input=4xf32=1,2,3,4 --input=f32=2.5 --expected_output=4xf32=2.5,5,7.4,10 --expected_output=index=5 2>&1 | FileCheck %s --check-prefix=BAD
// BAD: kiln run: result[0]: element [2] is 7.5, expected 7.4 (tolerance 0.0001)
// BAD-NEXT: kiln run: result[1]: is 4, expected 5
// RUN: kiln run %s --reference --input=4xf32=1,2,3,4 --input=f32=2.5 --expected_output=4xf32=2.5,5,7.4,10 --expected_output=index=4 --tolerance=0.2 | FileCheck %s --check-prefix=OK
// A result written to .npy reads back as an argument and as an expected value.
// RUN: kiln run %s --reference --input=4xf32=1,2,3,4 --input=f32=2 --output=@%t.npy | FileCheck %s --check-prefix=NPY1
// NPY1: result[1]: index=4
// NPY1-NOT: result[0]
// RUN: kiln run %s --reference --input=@%t.npy --input=f32=1 --expected_output=@%t.npy --expected_output=i64=4 --output=- | FileCheck %s --check-prefix=NPY2
// NPY2: result[0]: 4xf32=2 4 6 8
// NPY2: kiln run: all 2 results match the expected outputs
// RUN: not kiln run %s --reference --input=4xf32=1,2,3 --input=f32=1 2>&1 | FileCheck %s --check-prefix=SHORT
// SHORT: kiln run: --input=4xf32=1,2,3: 3 values for 4 elements
// RUN: not kiln run %s --reference --input=4xi32=1,2,3,4 --input=f32=1 2>&1 | FileCheck %s --check-prefix=TYPE
// TYPE: kiln run: --input=4xi32=1,2,3,4: a 4xi32 for a parameter of type memref<4xf32>
// RUN: not kiln run %s --reference --input=4xf32=1,2,3,4 2>&1 | FileCheck %s --check-prefix=COUNT
// COUNT: kiln run: 'main' takes 2 arguments, and 1 --input was given
// RUN: not kiln run %s --reference --input=@%s --input=f32=1 2>&1 | FileCheck %s --check-prefix=NOTNPY
// NOTNPY: run-host-args.mlir: npy: byte 0: not a .npy file
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
