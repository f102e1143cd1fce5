// RUN: kiln opt %s --canonicalize --split-input-file --allow-unregistered-dialect | FileCheck %s
// RUN: kiln opt %s --canonicalize --split-input-file --allow-unregistered-dialect --mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC

// CHECK-LABEL: func.func @barriers
// CHECK-NEXT: gpu.barrier
// CHECK-NEXT: "test.use"
// CHECK-NEXT: gpu.barrier
// CHECK-NEXT: return
func.func @barriers() {
  gpu.barrier
  gpu.barrier
  "test.use"() : () -> ()
  gpu.barrier
  gpu.barrier
  gpu.barrier
  return
}

// -----

// Adjacent barriers of one scope merge into the second, fencing the union of
// their address spaces (all of them when either has no memfence list);
// barriers of different scopes stay.
// CHECK-LABEL: func.func @barrier_scopes
// CHECK-NEXT: gpu.barrier scope <subgroup>{{$}}
// CHECK-NEXT: gpu.barrier scope <cluster>{{$}}
// CHECK-NEXT: "test.use"
// CHECK-NEXT: gpu.barrier memfence [#gpu.address_space<global>, #gpu.address_space<workgroup>]{{$}}
// CHECK-NEXT: "test.use"
// CHECK-NEXT: gpu.barrier memfence [#gpu.address_space<workgroup>] scope <subgroup>{{$}}
// CHECK-NEXT: "test.use"
// CHECK-NEXT: gpu.barrier{{$}}
// CHECK-NEXT: gpu.initialize_named_barrier
// CHECK-NEXT: gpu.barrier named
// CHECK-NEXT: gpu.barrier named
// CHECK-NEXT: gpu.barrier{{$}}
// CHECK-NEXT: return
func.func @barrier_scopes(%n: i32) {
  gpu.barrier scope <subgroup>
  gpu.barrier scope <subgroup>
  gpu.barrier scope <cluster>
  "test.use"() : () -> ()
  gpu.barrier memfence [#gpu.address_space<workgroup>]
  gpu.barrier memfence [#gpu.address_space<global>]
  "test.use"() : () -> ()
  gpu.barrier memfence [#gpu.address_space<workgroup>] scope <subgroup>
  gpu.barrier memfence [#gpu.address_space<workgroup>] scope <subgroup>
  "test.use"() : () -> ()
  gpu.barrier memfence []
  gpu.barrier scope <workgroup>
  // Named barriers wait for their subgroups only: none merges.
  %nb = gpu.initialize_named_barrier %n : i32 -> !gpu.named_barrier
  gpu.barrier named(%nb : !gpu.named_barrier)
  gpu.barrier named(%nb : !gpu.named_barrier)
  gpu.barrier
  return
}

// -----

// CHECK-LABEL: func.func @waits
func.func @waits() {
  // A wait without dependencies or token does nothing.
  // CHECK-NOT: gpu.wait{{ *$}}
  gpu.wait
  // Dependencies on dependency-free waits are dropped, then the waits go.
  %t0 = gpu.wait async
  // CHECK: %[[T:.*]] = "test.token"
  %t1 = "test.token"() : () -> !gpu.async.token
  // A single dependency is forwarded.
  %t2 = gpu.wait async [%t1]
  // CHECK-NEXT: gpu.wait [%[[T]]]
  gpu.wait [%t0, %t2]
  // An unused token is erased.
  // CHECK-NEXT: return
  %t3 = gpu.wait async [%t1, %t1]
  return
}

// -----

// CHECK-LABEL: func.func @launch_arguments
// The zero is made in the launch body and hoisted by the folder.
// CHECK: %[[C0:.*]] = arith.constant 0 : index
func.func @launch_arguments(%n: index) {
  %c1 = arith.constant 1 : index
  // CHECK: gpu.launch blocks(%[[BX:[^,]*]], %{{.*}}, %{{.*}}) in
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %n, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %n, %sz = %c1) {
    // CHECK-NEXT: "test.use"(%[[BX]], %[[C0]], %[[C0]], %[[C0]], %{{.*}}, %[[C0]])
    "test.use"(%bx, %by, %bz, %tx, %ty, %tz) : (index, index, index, index, index, index) -> ()
    gpu.terminator
  }
  return
}

// -----

// CHECK-LABEL: func.func @uniform_in_launch
func.func @uniform_in_launch(%n: index, %f: f32) {
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %n, %gy = %n, %gz = %n)
             threads(%tx, %ty, %tz) in (%sx = %n, %sy = %n, %sz = %n) {
    // CHECK: gpu.all_reduce  add %{{.*}} uniform {
    %0 = gpu.all_reduce add %f {} : (f32) -> f32
    // CHECK: gpu.subgroup_reduce  add %{{.*}} uniform : (f32) -> f32
    %1 = gpu.subgroup_reduce add %f : (f32) -> f32
    "test.use"(%0, %1) : (f32, f32) -> ()
    gpu.terminator
  }
  return
}

// -----

// CHECK-LABEL: func.func @cluster_of_one
// CHECK-SAME: (%[[F:.*]]: f32)
// CHECK-NEXT: "test.use"(%[[F]])
func.func @cluster_of_one(%f: f32) {
  %0 = gpu.subgroup_reduce add %f cluster(size = 1) : (f32) -> f32
  "test.use"(%0) : (f32) -> ()
  return
}

// -----

// CHECK-LABEL: func.func @broadcast_of_broadcast
// CHECK-NEXT: %[[B:.*]] = gpu.subgroup_broadcast %{{.*}},  specific_lane %{{.*}} : f32
// CHECK-NEXT: return %[[B]]
func.func @broadcast_of_broadcast(%v: f32, %lane: i32) -> f32 {
  %0 = gpu.subgroup_broadcast %v, specific_lane %lane : f32
  %1 = gpu.subgroup_broadcast %0, first_active_lane : f32
  return %1 : f32
}

// -----

// CHECK-LABEL: func.func @trivial_copy
func.func @trivial_copy(%src: memref<4xf32>, %t: !gpu.async.token) -> !gpu.async.token {
  // CHECK-NOT: gpu.memcpy
  // CHECK: return %{{.*}} : !gpu.async.token
  %m = gpu.alloc () : memref<4xf32>
  %t1 = gpu.memcpy async [%t] %m, %src : memref<4xf32>, memref<4xf32>
  gpu.dealloc %m : memref<4xf32>
  return %t1 : !gpu.async.token
}

// -----

// CHECK-LABEL: func.func @memcpy_cast
// CHECK-SAME: (%[[D:.*]]: memref<4xf32>, %[[S:.*]]: memref<4xf32>)
// CHECK: gpu.memcpy  %[[D]], %[[S]] : memref<4xf32>, memref<4xf32>
func.func @memcpy_cast(%d: memref<4xf32>, %s: memref<4xf32>) {
  %c = "memref.cast"(%s) : (memref<4xf32>) -> memref<?xf32>
  gpu.memcpy %d, %c : memref<4xf32>, memref<?xf32>
  return
}

// -----

// CHECK-LABEL: func.func @dim_of_alloc
// CHECK-SAME: (%[[N:.*]]: index)
// CHECK: return %[[N]]
func.func @dim_of_alloc(%n: index) -> index {
  %c1 = arith.constant 1 : index
  %m = gpu.alloc (%n) : memref<4x?xf32>
  %d = "memref.dim"(%m, %c1) : (memref<4x?xf32>, index) -> index
  return %d : index
}

// -----

// MLIR 16's generic gpu.module keeps its terminator until canonicalized.
// CHECK-LABEL: gpu.module @legacy {
// CHECK-NEXT: }
// GENERIC-LABEL: "gpu.module"() <{sym_name = "legacy"}> ({
// GENERIC-NEXT: }) : () -> ()
"gpu.module"() ({
  "gpu.module_end"() : () -> ()
}) {sym_name = "legacy"} : () -> ()
