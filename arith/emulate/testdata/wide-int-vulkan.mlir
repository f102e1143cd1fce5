// i64 arithmetic in a kernel for a device without Int64 (the target
// environment has Shader only): after arith-emulate-wide-int the kernel
// computes on i32 pairs, compiles to valid SPIR-V and gives the exact
// 64-bit results (`kiln run` without --reference prints the same on
// lavapipe). Without the pass the conversion to SPIR-V refuses i64.
// RUN: kiln opt %s --arith-emulate-wide-int -o %t.mlir
// RUN: kiln compile %t.mlir -o %t.dir
// RUN: kiln run %t.mlir --reference | FileCheck %s
// RUN: not kiln compile %s -o %t.native 2>&1 | FileCheck %s --check-prefix=NATIVE
// CHECK: data =
// CHECK-NEXT: [1,  2147483645,  1073741824,  1073741824,  -201326592,  201326592,  67108864,  33554432]
// CHECK: data =
// CHECK-NEXT: [1073741824,  0,  0,  0,  -1,  -33554432,  16777216,  0]
// NATIVE: error: failed to legalize operation 'arith.extsi': type i64 needs capability Int64
module attributes {
  gpu.container_module,
  spirv.target_env = #spirv.target_env<
    #spirv.vce<v1.0, [Shader], [SPV_KHR_storage_buffer_storage_class]>, #spirv.resource_limits<>>
} {
  gpu.module @kernels {
    // lo[i], hi[i] = the halves of (a[i] * b[i] + 2^32) >> (i % 8), signed.
    gpu.func @mul_add(%a : memref<8xi32>, %b : memref<8xi32>, %lo : memref<8xi32>, %hi : memref<8xi32>)
      kernel attributes { spirv.entry_point_abi = #spirv.entry_point_abi<workgroup_size = [1, 1, 1]>} {
      %i = gpu.block_id x
      %x32 = memref.load %a[%i] : memref<8xi32>
      %y32 = memref.load %b[%i] : memref<8xi32>
      %x = arith.extsi %x32 : i32 to i64
      %y = arith.extsi %y32 : i32 to i64
      %p = arith.muli %x, %y : i64
      %c = arith.constant 4294967296 : i64
      %s = arith.addi %p, %c : i64
      %ii = arith.index_cast %i : index to i64
      %sh = arith.shrsi %s, %ii : i64
      %l = arith.trunci %sh : i64 to i32
      %c32 = arith.constant 32 : i64
      %t = arith.shrsi %sh, %c32 : i64
      %h = arith.trunci %t : i64 to i32
      memref.store %l, %lo[%i] : memref<8xi32>
      memref.store %h, %hi[%i] : memref<8xi32>
      gpu.return
    }
  }

  func.func @main() {
    %a = memref.alloc() : memref<8xi32>
    %b = memref.alloc() : memref<8xi32>
    %lo = memref.alloc() : memref<8xi32>
    %hi = memref.alloc() : memref<8xi32>
    %av = arith.constant dense<[2147483647, 3, -1, 65536, -7, 2147483647, -2147483648, 0]> : vector<8xi32>
    %bv = arith.constant dense<[2147483647, -2, 4294967295, 65536, 1073741824, -2147483648, -2147483648, 5]> : vector<8xi32>
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    vector.store %av, %a[%c0] : memref<8xi32>, vector<8xi32>
    vector.store %bv, %b[%c0] : memref<8xi32>, vector<8xi32>
    gpu.launch_func @kernels::@mul_add
        blocks in (%c8, %c1, %c1) threads in (%c1, %c1, %c1)
        args(%a : memref<8xi32>, %b : memref<8xi32>, %lo : memref<8xi32>, %hi : memref<8xi32>)
    %l = memref.cast %lo : memref<8xi32> to memref<*xi32>
    %h = memref.cast %hi : memref<8xi32> to memref<*xi32>
    call @printMemrefI32(%l) : (memref<*xi32>) -> ()
    call @printMemrefI32(%h) : (memref<*xi32>) -> ()
    return
  }
  func.func private @printMemrefI32(%ptr : memref<*xi32>)
}
