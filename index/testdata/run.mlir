// Index arithmetic in a kernel, lowered to SPIR-V: the rounding divisions
// expand to truncating ones with corrections, which Vulkan runs must match.
// RUN: kiln run %s --reference | FileCheck %s
// CHECK: data =
// CHECK-NEXT{LITERAL}: [[-2,   -3,   0,   -2,   3,   -4],
// CHECK-NEXT{LITERAL}: [3,   2,   1,   -1,   -3,   -4],
// CHECK-NEXT{LITERAL}: [-2,   -2,   1,   0,   3,   -3],
// CHECK-NEXT{LITERAL}: [2,   1,   1,   -2,   -3,   -3],
// CHECK-NEXT{LITERAL}: [-1,   -2,   2,   -1,   3,   -2],
// CHECK-NEXT{LITERAL}: [1,   1,   2,   0,   -3,   -2],
// CHECK-NEXT{LITERAL}: [0,   -1,   2,   -2,   3,   -1],
// CHECK-NEXT{LITERAL}: [1,   0,   3,   -1,   -1,   -1],
// CHECK-NEXT{LITERAL}: [0,   0,   3,   0,   3,   0],
// CHECK-NEXT{LITERAL}: [0,   -1,   3,   1,   1,   0],
// CHECK-NEXT{LITERAL}: [1,   0,   4,   2,   3,   1],
// CHECK-NEXT{LITERAL}: [-1,   -1,   4,   0,   3,   1],
// CHECK-NEXT{LITERAL}: [2,   1,   4,   1,   4,   2],
// CHECK-NEXT{LITERAL}: [-1,   -2,   5,   2,   5,   2],
// CHECK-NEXT{LITERAL}: [2,   2,   5,   0,   6,   3],
// CHECK-NEXT{LITERAL}: [-2,   -3,   5,   1,   7,   3]]
module attributes {
  gpu.container_module,
  spirv.target_env = #spirv.target_env<
    #spirv.vce<v1.0, [Shader], [SPV_KHR_storage_buffer_storage_class]>, #spirv.resource_limits<>>
} {
  gpu.module @kernels {
    gpu.func @divs(%out : memref<16x6xi32>) kernel
      attributes {spirv.entry_point_abi = #spirv.entry_point_abi<workgroup_size = [16, 1, 1]>} {
      %t = gpu.thread_id x
      %c0 = index.constant 0
      %c1 = index.constant 1
      %c3 = index.constant 3
      %cm3 = index.constant -3
      %c8 = index.constant 8
      // n = t - 8, m = 3 for even t and -3 for odd t.
      %n = index.sub %t, %c8
      %odd = index.and %t, %c1
      %isodd = index.cmp ne(%odd, %c0)
      %m = arith.select %isodd, %cm3, %c3 : index
      %r0 = index.ceildivs %n, %m
      %r1 = index.floordivs %n, %m
      %r2 = index.ceildivu %t, %c3
      %r3 = index.rems %n, %m
      %r4 = index.maxs %n, %m
      %r5 = index.shrs %n, %c1
      %i0 = index.constant 0
      %i1 = index.constant 1
      %i2 = index.constant 2
      %i3 = index.constant 3
      %i4 = index.constant 4
      %i5 = index.constant 5
      %v0 = index.casts %r0 : index to i32
      memref.store %v0, %out[%t, %i0] : memref<16x6xi32>
      %v1 = index.casts %r1 : index to i32
      memref.store %v1, %out[%t, %i1] : memref<16x6xi32>
      %v2 = index.castu %r2 : index to i32
      memref.store %v2, %out[%t, %i2] : memref<16x6xi32>
      %v3 = index.casts %r3 : index to i32
      memref.store %v3, %out[%t, %i3] : memref<16x6xi32>
      %v4 = index.casts %r4 : index to i32
      memref.store %v4, %out[%t, %i4] : memref<16x6xi32>
      %v5 = index.casts %r5 : index to i32
      memref.store %v5, %out[%t, %i5] : memref<16x6xi32>
      gpu.return
    }
  }

  func.func @main() {
    %out = memref.alloc() : memref<16x6xi32>
    %c1 = arith.constant 1 : index
    %c16 = arith.constant 16 : index
    gpu.launch_func @kernels::@divs blocks in (%c1, %c1, %c1) threads in (%c16, %c1, %c1)
        args(%out : memref<16x6xi32>)
    %p = memref.cast %out : memref<16x6xi32> to memref<*xi32>
    call @printMemrefI32(%p) : (memref<*xi32>) -> ()
    return
  }
  func.func private @printMemrefI32(%ptr : memref<*xi32>)
}
