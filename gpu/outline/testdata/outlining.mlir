// RUN: kiln opt %s --allow-unregistered-dialect --split-input-file --gpu-kernel-outlining | FileCheck %s

// CHECK: module attributes {gpu.container_module}
// CHECK-LABEL: func.func @launch()
func.func @launch() {
  // CHECK: %[[ARG0:.*]] = "op"() : () -> f32
  %0 = "op"() : () -> (f32)
  // CHECK: %[[ARG1:.*]] = "op"() : () -> memref<?xf32, 1>
  %1 = "op"() : () -> (memref<?xf32, 1>)
  // CHECK: %[[GX:.*]] = arith.constant 8
  %gx = arith.constant 8 : index
  // CHECK: %[[GY:.*]] = arith.constant 12
  %gy = arith.constant 12 : index
  // CHECK: %[[GZ:.*]] = arith.constant 16
  %gz = arith.constant 16 : index
  // CHECK: %[[BX:.*]] = arith.constant 20
  %bx = arith.constant 20 : index
  // CHECK: %[[BY:.*]] = arith.constant 24
  %by = arith.constant 24 : index
  // CHECK: %[[BZ:.*]] = arith.constant 28
  %bz = arith.constant 28 : index
  // CHECK: gpu.launch_func @launch_kernel::@launch_kernel blocks in (%[[GX]], %[[GY]], %[[GZ]]) threads in (%[[BX]], %[[BY]], %[[BZ]]) args(%[[ARG0]] : f32, %[[ARG1]] : memref<?xf32, 1>)
  // CHECK-NOT: gpu.launch blocks
  gpu.launch blocks(%i, %j, %k) in (%sx = %gx, %sy = %gy, %sz = %gz)
             threads(%ti, %tj, %tk) in (%tx = %bx, %ty = %by, %tz = %bz) {
    "use"(%0) : (f32) -> ()
    "some_op"(%i, %tx) : (index, index) -> ()
    "load"(%1, %ti) : (memref<?xf32, 1>, index) -> ()
    gpu.terminator
  }
  return
}

// CHECK-LABEL: gpu.module @launch_kernel
// CHECK-NEXT: gpu.func @launch_kernel
// CHECK-SAME: (%[[KARG0:.*]]: f32, %[[KARG1:.*]]: memref<?xf32, 1>) kernel
// CHECK-SAME: known_block_size = array<i32: 20, 24, 28>
// CHECK-SAME: known_grid_size = array<i32: 8, 12, 16>
// CHECK-SAME: spirv.entry_point_abi = #spirv.entry_point_abi<workgroup_size = [20, 24, 28]>
// CHECK-NEXT: %[[BID:.*]] = gpu.block_id x
// CHECK-NEXT: = gpu.block_id y
// CHECK-NEXT: = gpu.block_id z
// CHECK-NEXT: %[[TID:.*]] = gpu.thread_id x
// CHECK-NEXT: = gpu.thread_id y
// CHECK-NEXT: = gpu.thread_id z
// CHECK-NEXT: = gpu.grid_dim x
// CHECK-NEXT: = gpu.grid_dim y
// CHECK-NEXT: = gpu.grid_dim z
// CHECK-NEXT: %[[BDIM:.*]] = gpu.block_dim x
// CHECK-NEXT: = gpu.block_dim y
// CHECK-NEXT: = gpu.block_dim z
// CHECK-NEXT: "use"(%[[KARG0]]) : (f32) -> ()
// CHECK-NEXT: "some_op"(%[[BID]], %[[BDIM]]) : (index, index) -> ()
// CHECK-NEXT: "load"(%[[KARG1]], %[[TID]])
// CHECK-NEXT: gpu.return

// -----

// Many launches in one function get unique module names; async tokens and
// dependencies carry over.

// CHECK: module attributes {gpu.container_module}
// CHECK-LABEL: @multiple_launches
func.func @multiple_launches() {
  // CHECK: %[[C:.*]] = arith.constant 8 : index
  %c = arith.constant 8 : index
  // CHECK: gpu.launch_func @multiple_launches_kernel::@multiple_launches_kernel blocks in (%[[C]], %[[C]], %[[C]]) threads in (%[[C]], %[[C]], %[[C]])
  gpu.launch blocks(%a, %b, %d) in (%e = %c, %f = %c, %g = %c)
             threads(%h, %i, %j) in (%k = %c, %l = %c, %m = %c) {
    gpu.terminator
  }
  // CHECK: gpu.launch_func @multiple_launches_kernel_0::@multiple_launches_kernel
  gpu.launch blocks(%a, %b, %d) in (%e = %c, %f = %c, %g = %c)
             threads(%h, %i, %j) in (%k = %c, %l = %c, %m = %c) {
    gpu.terminator
  }
  // CHECK: %[[T:.*]] = gpu.wait async
  // CHECK: %[[U:.*]] = gpu.launch_func async [%[[T]]] @multiple_launches_kernel_1::@multiple_launches_kernel
  %t = gpu.wait async
  %u = gpu.launch async [%t] blocks(%a, %b, %d) in (%e = %c, %f = %c, %g = %c)
             threads(%h, %i, %j) in (%k = %c, %l = %c, %m = %c) {
    gpu.terminator
  }
  // CHECK: gpu.wait [%[[U]]]
  gpu.wait [%u]
  return
}

// CHECK: gpu.module @multiple_launches_kernel {
// CHECK: gpu.func @multiple_launches_kernel
// CHECK: gpu.module @multiple_launches_kernel_0 {
// CHECK: gpu.func @multiple_launches_kernel
// CHECK: gpu.module @multiple_launches_kernel_1 {

// -----

// Constants and index computations whose operands are available in the
// kernel are sunk; other values become arguments.

// CHECK-LABEL: func.func @sinking
// CHECK-SAME: (%[[ARG0:.*]]: memref<?xf32>, %[[N:.*]]: index)
func.func @sinking(%arg0: memref<?xf32>, %n: index) {
  %c8 = arith.constant 8 : index
  %c2 = arith.constant 2 : index
  %twice = arith.muli %n, %c2 : index
  %secret = "secret_constant"() : () -> index
  // CHECK: gpu.launch_func @sinking_kernel::@sinking_kernel {{.*}} args(%[[N]] : index, %[[ARG0]] : memref<?xf32>, %{{.*}} : index)
  gpu.launch blocks(%a, %b, %d) in (%e = %c8, %f = %c8, %g = %c8)
             threads(%h, %i, %j) in (%k = %c8, %l = %c8, %m = %c8) {
    "use"(%c2, %arg0, %twice, %secret, %n) : (index, memref<?xf32>, index, index, index) -> ()
    gpu.terminator
  }
  return
}

// CHECK: gpu.func @sinking_kernel(%[[KN:.*]]: index, %[[KARG0:.*]]: memref<?xf32>, %[[KSECRET:.*]]: index) kernel
// CHECK: gpu.block_dim z
// CHECK-NEXT: %[[KC2:.*]] = arith.constant 2 : index
// CHECK-NEXT: %[[KTWICE:.*]] = arith.muli %[[KN]], %[[KC2]] : index
// CHECK-NEXT: "use"(%[[KC2]], %[[KARG0]], %[[KTWICE]], %[[KSECRET]], %[[KN]])

// -----

// Device functions and globals the kernel refers to are copied into its
// module, recursively and once each.

// CHECK-LABEL: @function_call
func.func @function_call() {
  %c = arith.constant 8 : index
  gpu.launch blocks(%a, %b, %d) in (%e = %c, %f = %c, %g = %c)
             threads(%h, %i, %j) in (%k = %c, %l = %c, %m = %c) {
    func.call @device_function() : () -> ()
    func.call @device_function() : () -> ()
    gpu.terminator
  }
  return
}

func.func @device_function() {
  call @recursive_device_function() : () -> ()
  return
}

func.func @recursive_device_function() {
  call @recursive_device_function() : () -> ()
  return
}

// CHECK: gpu.module @function_call_kernel {
// CHECK:   gpu.func @function_call_kernel()
// CHECK:     call @device_function() : () -> ()
// CHECK:     call @device_function() : () -> ()
// CHECK:     gpu.return
// CHECK:   func.func @device_function()
// CHECK:   func.func @recursive_device_function()
// CHECK-NOT: func.func @device_function
// CHECK: func.func @device_function()

// -----

// No known sizes, and so no derived workgroup size, from non-constant sizes.

// CHECK-LABEL: @non_constant_launches
func.func @non_constant_launches(%arg0: index) {
  // CHECK-NOT: known_block_size
  // CHECK-NOT: known_grid_size
  // CHECK-NOT: spirv.entry_point_abi
  gpu.launch blocks(%a, %b, %d) in (%e = %arg0, %f = %arg0, %g = %arg0)
             threads(%h, %i, %j) in (%k = %arg0, %l = %arg0, %m = %arg0) {
    gpu.terminator
  }
  return
}

// -----

// Attributions, multi-block bodies and dynamic shared memory.

// CHECK-LABEL: @attributions
func.func @attributions(%cond: i1, %smem: i32) {
  %c = arith.constant 4 : index
  // CHECK: gpu.launch_func @attributions_kernel::@attributions_kernel {{.*}} dynamic_shared_memory_size %{{.*}} args(%{{.*}} : i1)
  gpu.launch blocks(%a, %b, %d) in (%e = %c, %f = %c, %g = %c)
             threads(%h, %i, %j) in (%k = %c, %l = %c, %m = %c)
             dynamic_shared_memory_size %smem
             workgroup(%w : memref<4xf32, #gpu.address_space<workgroup>>)
             private(%p : memref<1xf32, #gpu.address_space<private>>) {
    cf.cond_br %cond, ^bb1, ^bb2
  ^bb1:
    "use"(%w, %p) : (memref<4xf32, #gpu.address_space<workgroup>>, memref<1xf32, #gpu.address_space<private>>) -> ()
    gpu.terminator
  ^bb2:
    gpu.terminator
  }
  return
}

// CHECK: gpu.func @attributions_kernel(%[[C:.*]]: i1) workgroup(%[[W:.*]] : memref<4xf32, #gpu.address_space<workgroup>>) private(%[[P:.*]] : memref<1xf32, #gpu.address_space<private>>) kernel
// CHECK: cf.cond_br %[[C]], ^bb1, ^bb2
// CHECK: ^bb1:
// CHECK-NEXT: "use"(%[[W]], %[[P]])
// CHECK-NEXT: gpu.return
// CHECK: ^bb2:
// CHECK-NEXT: gpu.return

// -----

// module(@m) function(@f) name the kernel; an existing gpu.module of that
// name receives it.

// CHECK: gpu.module @kernels {
// CHECK:   gpu.func @f() kernel {
// CHECK:   gpu.func @f_0() kernel
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @f() kernel {
      gpu.return
    }
  }
  // CHECK-LABEL: @named
  func.func @named() {
    %c = arith.constant 1 : index
    // CHECK: gpu.launch_func @kernels::@f_0
    gpu.launch blocks(%a, %b, %d) in (%e = %c, %f = %c, %g = %c)
               threads(%h, %i, %j) in (%k = %c, %l = %c, %m = %c)
               module(@kernels) function(@f) {
      gpu.terminator
    }
    // CHECK: gpu.launch_func @fresh::@g
    gpu.launch blocks(%a, %b, %d) in (%e = %c, %f = %c, %g = %c)
               threads(%h, %i, %j) in (%k = %c, %l = %c, %m = %c)
               module(@fresh) function(@g) {
      gpu.terminator
    }
    return
  }
}

// CHECK: gpu.module @fresh {
// CHECK:   gpu.func @g() kernel
