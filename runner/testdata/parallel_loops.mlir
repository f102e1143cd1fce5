// An scf.parallel kernel as an MLIR user writes it. TestVulkanParallelLoops
// maps it to GPU ids (gpu-map-parallel-loops), converts it to gpu.launch
// (convert-parallel-loops-to-gpu), lowers affine.apply, outlines it and
// runs it on Vulkan with the validation layer, comparing with the
// reference interpreter running these loops on the host (below).
// RUN: kiln run %s --reference | FileCheck %s
// RUN: kiln opt %s --gpu-map-parallel-loops --convert-parallel-loops-to-gpu | FileCheck %s --check-prefix=LAUNCH

// LAUNCH-COUNT-1: gpu.launch
// LAUNCH-NOT: scf.parallel

// out[r][c] is the sum over t = 0..2 of a[r][c] * 2 + a[c mod 6][r mod 6] + t,
// t running sequentially (the third loop level); the partial tiles of 4x4
// guard their body with scf.if.
// CHECK: rank = 2 offset = 0 sizes = [6, 10] strides = [10, 1] data =
// CHECK-NEXT: [3,   39,   75,   111,   147,   183,   39,   75,   111,   147]
// CHECK-NEXT: [66,   102,   138,   174,   210,   246,   102,   138,   174,   210]
// CHECK-NEXT: [129,   165,   201,   237,   273,   309,   165,   201,   237,   273]
// CHECK-NEXT: [192,   228,   264,   300,   336,   372,   228,   264,   300,   336]
// CHECK-NEXT: [255,   291,   327,   363,   399,   435,   291,   327,   363,   399]
// CHECK-NEXT: [318,   354,   390,   426,   462,   498,   354,   390,   426,   462]
func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %c6 = arith.constant 6 : index
  %c10 = arith.constant 10 : index
  %a = memref.alloc() : memref<6x10xf32>
  %out = memref.alloc() : memref<6x10xf32>
  scf.for %r = %c0 to %c6 step %c1 {
    scf.for %c = %c0 to %c10 step %c1 {
      %rc = arith.muli %r, %c10 : index
      %k = arith.addi %rc, %c : index
      %ki = arith.index_cast %k : index to i32
      %v = arith.sitofp %ki : i32 to f32
      memref.store %v, %a[%r, %c] : memref<6x10xf32>
      %zero = arith.constant 0.0 : f32
      memref.store %zero, %out[%r, %c] : memref<6x10xf32>
    }
  }
  // Tiles of 4x4 over the 6x10 output (the last ones partial).
  scf.parallel (%i, %j) = (%c0, %c0) to (%c6, %c10) step (%c4, %c4) {
    %hi = affine.min affine_map<(d0) -> (4, 6 - d0)>(%i)
    %wj = affine.min affine_map<(d0) -> (4, 10 - d0)>(%j)
    scf.parallel (%ii, %jj) = (%c0, %c0) to (%hi, %wj) step (%c1, %c1) {
      %r = arith.addi %i, %ii : index
      %c = arith.addi %j, %jj : index
      %cm = arith.remui %c, %c6 : index
      %rm = arith.remui %r, %c6 : index
      scf.parallel (%t, %u, %w) = (%c0, %c0, %c0) to (%c3, %c1, %c1) step (%c1, %c1, %c1) {
        %x = memref.load %a[%r, %c] : memref<6x10xf32>
        %x2 = arith.addf %x, %x : f32
        %y = memref.load %a[%cm, %rm] : memref<6x10xf32>
        %o = memref.load %out[%r, %c] : memref<6x10xf32>
        %ti = arith.index_cast %t : index to i32
        %tf = arith.sitofp %ti : i32 to f32
        %s = arith.addf %x2, %y : f32
        %s2 = arith.addf %s, %tf : f32
        %n = arith.addf %o, %s2 : f32
        memref.store %n, %out[%r, %c] : memref<6x10xf32>
      }
    }
  }
  %p = memref.cast %out : memref<6x10xf32> to memref<*xf32>
  call @printMemrefF32(%p) : (memref<*xf32>) -> ()
  return
}
func.func private @printMemrefF32(memref<*xf32>)
