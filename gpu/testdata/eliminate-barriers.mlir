// RUN: kiln opt %s --gpu-eliminate-barriers --split-input-file | FileCheck %s

// In a kernel, a barrier between reads of workgroup memory goes (the later
// store is to an allocation, which cannot alias an attribution); one that
// orders a write before a read stays, and so does the one in the loop,
// whose store the next iteration's load must see.
// CHECK-LABEL: gpu.func @kernel
// CHECK-SAME: workgroup(%[[WG:.*]] : memref<64xf32, #gpu.address_space<workgroup>>)
// CHECK: memref.store %{{.*}}, %[[WG]]
// CHECK-NEXT: gpu.barrier
// CHECK-NEXT: memref.load %[[WG]]
// CHECK-NEXT: memref.load %[[WG]]
// CHECK-NEXT: arith.addf
// CHECK-NEXT: memref.store
// CHECK-NEXT: gpu.return
// CHECK-LABEL: gpu.func @loop
// CHECK: scf.for
// CHECK-NEXT: vector.load
// CHECK-NEXT: gpu.barrier
// CHECK-NEXT: vector.store
gpu.module @m {
  gpu.func @kernel(%v: f32) workgroup(%wg : memref<64xf32, #gpu.address_space<workgroup>>) kernel {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %t = gpu.thread_id x
    %out = memref.alloca() : memref<64xf32>
    memref.store %v, %wg[%t] : memref<64xf32, #gpu.address_space<workgroup>>
    gpu.barrier
    %a = memref.load %wg[%c0] : memref<64xf32, #gpu.address_space<workgroup>>
    gpu.barrier
    %b = memref.load %wg[%c1] : memref<64xf32, #gpu.address_space<workgroup>>
    %s = arith.addf %a, %b : f32
    memref.store %s, %out[%t] : memref<64xf32>
    gpu.return
  }
  gpu.func @loop() workgroup(%wg : memref<64xf32, #gpu.address_space<workgroup>>) kernel {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %t = gpu.thread_id x
    scf.for %i = %c0 to %c4 step %c1 {
      %x = vector.load %wg[%i] : memref<64xf32, #gpu.address_space<workgroup>>, vector<4xf32>
      gpu.barrier
      vector.store %x, %wg[%t] : memref<64xf32, #gpu.address_space<workgroup>>, vector<4xf32>
    }
    gpu.return
  }
}

// -----

// Calls, named barriers and barriers of other scopes: a call may touch any
// memory, and only workgroup-scope barriers without a named barrier are
// candidates.
// CHECK-LABEL: func.func @conservative
// CHECK: memref.store
// CHECK-NEXT: gpu.barrier
// CHECK-NEXT: call @g()
// CHECK-NEXT: gpu.barrier named
// CHECK-NEXT: gpu.barrier scope <subgroup>
// CHECK-NEXT: memref.load
func.func private @g()
func.func @conservative(%m: memref<4xf32>, %v: f32, %nb: !gpu.named_barrier) -> f32 attributes {__parallel_region_boundary_for_test} {
  %c0 = arith.constant 0 : index
  memref.store %v, %m[%c0] : memref<4xf32>
  gpu.barrier
  func.call @g() : () -> ()
  gpu.barrier named(%nb : !gpu.named_barrier)
  gpu.barrier scope <subgroup>
  %r = memref.load %m[%c0] : memref<4xf32>
  return %r : f32
}

// -----

// Only a barrier that fences at least the same memory ends the scan: the
// workgroup barrier in the scf.if neither orders the global write before
// the global read nor hides it from the outer global barrier, which stays;
// a freed buffer needs no ordering with what follows.
// CHECK-LABEL: func.func @fences
// CHECK: memref.store
// CHECK-NEXT: gpu.barrier memfence [#gpu.address_space<global>]
// CHECK-NEXT: scf.if
// CHECK-NEXT: memref.load
// CHECK-NOT: gpu.barrier
// CHECK: memref.dealloc
// CHECK-NEXT: return
func.func @fences(%g: memref<4xf32, #gpu.address_space<global>>, %p: i1, %v: f32) -> f32 attributes {__parallel_region_boundary_for_test} {
  %c0 = arith.constant 0 : index
  %a = memref.alloc() : memref<4xf32>
  memref.store %v, %g[%c0] : memref<4xf32, #gpu.address_space<global>>
  gpu.barrier memfence [#gpu.address_space<global>]
  %r = scf.if %p -> f32 {
    gpu.barrier memfence [#gpu.address_space<workgroup>]
    %x = memref.load %g[%c0] : memref<4xf32, #gpu.address_space<global>>
    scf.yield %x : f32
  } else {
    scf.yield %v : f32
  }
  memref.dealloc %a : memref<4xf32>
  gpu.barrier
  return %r : f32
}

// -----

// In a loop, the ops on a barrier's other side run on this side of it in
// the next or previous iteration: a barrier first in the body orders the
// previous iteration's store before this one's, and one last in the body
// orders this iteration's store before the next one's.
// CHECK-LABEL: gpu.func @wrap
// CHECK: scf.for
// CHECK-NEXT: gpu.barrier
// CHECK-NEXT: memref.store
// CHECK: scf.for
// CHECK-NEXT: memref.store
// CHECK-NEXT: gpu.barrier
gpu.module @m {
  gpu.func @wrap(%v: f32) workgroup(%wg : memref<64xf32, #gpu.address_space<workgroup>>) kernel {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %t = gpu.thread_id x
    scf.for %i = %c0 to %c4 step %c1 {
      gpu.barrier
      memref.store %v, %wg[%t] : memref<64xf32, #gpu.address_space<workgroup>>
    }
    scf.for %i = %c0 to %c4 step %c1 {
      memref.store %v, %wg[%t] : memref<64xf32, #gpu.address_space<workgroup>>
      gpu.barrier
    }
    gpu.return
  }
}
