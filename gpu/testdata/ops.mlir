// RUN: kiln opt %s --split-input-file --allow-unregistered-dialect | FileCheck %s
// RUN: kiln opt %s --split-input-file --allow-unregistered-dialect --mlir-print-op-generic | kiln opt --split-input-file --allow-unregistered-dialect | FileCheck %s

// CHECK-LABEL: module attributes {gpu.container_module}
module attributes {gpu.container_module} {
  // CHECK: gpu.module @kernels {
  gpu.module @kernels {
    // CHECK: gpu.func @kernel_1(%{{.*}}: f32, %{{.*}}: memref<?xf32, 1>) workgroup(%{{.*}} : memref<32xf32, #gpu.address_space<workgroup>>) private(%{{.*}} : memref<1xf32, #gpu.address_space<private>>) kernel attributes {known_block_size = array<i32: 32, 4, 2>, known_grid_size = array<i32: 1, 1, 1>}
    gpu.func @kernel_1(%arg0 : f32, %arg1 : memref<?xf32, 1>)
        workgroup(%w: memref<32xf32, #gpu.address_space<workgroup>>)
        private(%p: memref<1xf32, #gpu.address_space<private>>)
        kernel attributes {known_block_size = array<i32: 32, 4, 2>, known_grid_size = array<i32: 1, 1, 1>} {
      // CHECK: %thread_id_x = gpu.thread_id  x
      %tIdX = gpu.thread_id x
      // CHECK: %thread_id_y = gpu.thread_id  y upper_bound 32
      %tIdY = gpu.thread_id y upper_bound 32
      // CHECK: %block_dim_z = gpu.block_dim  z
      %bDimZ = gpu.block_dim z
      // CHECK: %block_id_x = gpu.block_id  x
      %bIdX = gpu.block_id x
      // CHECK: %grid_dim_y = gpu.grid_dim  y
      %gDimY = gpu.grid_dim y
      // CHECK: %global_id_x = gpu.global_id  x upper_bound 65536
      %gidX = gpu.global_id x upper_bound 65536
      // CHECK: %cluster_id_x = gpu.cluster_id  x
      %cIdX = gpu.cluster_id x
      // CHECK: gpu.lane_id upper_bound 32
      %lane = gpu.lane_id upper_bound 32
      // CHECK: gpu.subgroup_id : index
      %sgId = gpu.subgroup_id : index
      // CHECK: gpu.num_subgroups : index
      %numSg = gpu.num_subgroups : index
      // CHECK: gpu.subgroup_size : index
      %sgSize = gpu.subgroup_size : index
      %one = arith.constant 1.0 : f32
      // CHECK: gpu.all_reduce  add %{{.*}} uniform {
      // CHECK-NEXT: } : (f32) -> f32
      %sum = gpu.all_reduce add %one uniform {} : (f32) -> (f32)
      // CHECK: gpu.all_reduce  %{{.*}} {
      // CHECK-NEXT: ^bb0(%{{.*}}: f32, %{{.*}}: f32):
      // CHECK: gpu.yield %{{.*}} : f32
      // CHECK-NEXT: } : (f32) -> f32
      %sum2 = gpu.all_reduce %one {
      ^bb(%lhs : f32, %rhs : f32):
        %s = arith.addf %lhs, %rhs : f32
        "gpu.yield"(%s) : (f32) -> ()
      } : (f32) -> (f32)
      // MLIR 16's max is resolved by the operand type.
      // CHECK: gpu.subgroup_reduce  maxnumf %{{.*}} : (f32) -> f32
      %r0 = gpu.subgroup_reduce max %one : (f32) -> (f32)
      // CHECK: gpu.subgroup_reduce  add %{{.*}} uniform cluster(size = 4, stride = 2) : (f32) -> f32
      %r1 = gpu.subgroup_reduce add %one uniform cluster(size = 4, stride = 2) : (f32) -> f32
      %vec = arith.constant dense<1> : vector<4xi32>
      // CHECK: gpu.subgroup_reduce  minsi %{{.*}} cluster(size = 2) : (vector<4xi32>) -> vector<4xi32>
      %r2 = gpu.subgroup_reduce minsi %vec cluster(size = 2, stride = 1) : (vector<4xi32>) -> vector<4xi32>
      %width = arith.constant 7 : i32
      %offset = arith.constant 3 : i32
      // CHECK: gpu.shuffle  xor %{{.*}}, %{{.*}}, %{{.*}} : f32
      %shfl, %pred = gpu.shuffle xor %arg0, %offset, %width : f32
      // CHECK: gpu.shuffle  idx %{{.*}}, %{{.*}}, %{{.*}} : vector<4xi32>
      %shfl2, %pred2 = gpu.shuffle idx %vec, %offset, %width : vector<4xi32>
      // CHECK: gpu.subgroup_broadcast %{{.*}},  first_active_lane : f32
      %b0 = gpu.subgroup_broadcast %arg0, first_active_lane : f32
      // CHECK: gpu.subgroup_broadcast %{{.*}},  specific_lane %{{.*}} : f32
      %b1 = gpu.subgroup_broadcast %arg0, specific_lane %offset : f32
      // CHECK: gpu.barrier{{$}}
      gpu.barrier
      // CHECK-NEXT: gpu.barrier scope <subgroup>{{$}}
      gpu.barrier scope <subgroup>
      // The default scope is not printed.
      // CHECK-NEXT: gpu.barrier{{$}}
      gpu.barrier scope <workgroup>
      // CHECK-NEXT: gpu.barrier memfence [#gpu.address_space<workgroup>] scope <cluster>{{$}}
      gpu.barrier memfence [#gpu.address_space<workgroup>] scope <cluster>
      // CHECK-NEXT: gpu.barrier memfence []{{$}}
      gpu.barrier memfence []
      // CHECK-NEXT: gpu.barrier memfence [#gpu.address_space<global>, #gpu.address_space<workgroup>] scope <device>{{$}}
      "gpu.barrier"() <{address_spaces = [#gpu.address_space<global>, #gpu.address_space<workgroup>], scope = #gpu.scope<device>}> : () -> ()
      // CHECK-NEXT: %[[NB:.*]] = gpu.initialize_named_barrier %{{.*}} : i32 -> !gpu.named_barrier
      %nb = gpu.initialize_named_barrier %width : i32 -> !gpu.named_barrier
      // CHECK-NEXT: gpu.barrier named(%[[NB]] : !gpu.named_barrier){{$}}
      gpu.barrier named(%nb : !gpu.named_barrier)
      // CHECK-NEXT: gpu.barrier named(%[[NB]] : !gpu.named_barrier) memfence [#gpu.address_space<workgroup>]{{$}}
      gpu.barrier named(%nb : !gpu.named_barrier) memfence [#gpu.address_space<workgroup>] scope <workgroup>
      // CHECK: gpu.printf "Value: %f\0A", %{{.*}} : f32
      gpu.printf "Value: %f\n", %arg0 : f32
      // CHECK: gpu.printf "Hello"
      gpu.printf "Hello"
      // CHECK: gpu.return
      gpu.return
    }

    // CHECK: gpu.func @device(%{{.*}}: i32 {test.arg}) -> (i32 {test.res})
    gpu.func @device(%a: i32 {test.arg}) -> (i32 {test.res}) {
      // CHECK: gpu.dynamic_shared_memory : memref<?xi8, #gpu.address_space<workgroup>>
      %shm = gpu.dynamic_shared_memory : memref<?xi8, #gpu.address_space<workgroup>>
      // CHECK: gpu.return %{{.*}} : i32
      gpu.return %a : i32
    }
  }

  // CHECK: gpu.module @targets [#nvvm.target, #rocdl.target<chip = "gfx90a">] {
  gpu.module @targets [#nvvm.target, #rocdl.target<chip = "gfx90a">] {
  }

  // CHECK-LABEL: func.func @host
  func.func @host(%arg0: f32, %arg1: memref<?xf32, 1>, %u: memref<*xf32>) {
    %c8 = arith.constant 8 : index
    %c1 = arith.constant 1 : index
    %c0_i32 = arith.constant 0 : i32
    %c8_i32 = arith.constant 8 : i32
    // CHECK: %[[T0:.*]] = gpu.wait async
    %t0 = gpu.wait async
    // CHECK: gpu.launch_func  @kernels::@kernel_1 blocks in (%{{.*}}, %{{.*}}, %{{.*}}) threads in (%{{.*}}, %{{.*}}, %{{.*}})  args(%{{.*}} : f32, %{{.*}} : memref<?xf32, 1>)
    gpu.launch_func @kernels::@kernel_1 blocks in (%c8, %c1, %c1) threads in (%c8, %c1, %c1) args(%arg0 : f32, %arg1 : memref<?xf32, 1>)
    // CHECK: gpu.launch_func  @kernels::@kernel_1 blocks in ({{.*}}) threads in ({{.*}})  dynamic_shared_memory_size %{{.*}} args(
    gpu.launch_func @kernels::@kernel_1 blocks in (%c8, %c1, %c1) threads in (%c8, %c1, %c1) dynamic_shared_memory_size %c0_i32 args(%arg0 : f32, %arg1 : memref<?xf32, 1>)
    // CHECK: gpu.launch_func  @kernels::@kernel_1 blocks in ({{.*}}) threads in ({{.*}}) : i32 args(
    gpu.launch_func @kernels::@kernel_1 blocks in (%c8_i32, %c8_i32, %c8_i32) threads in (%c8_i32, %c8_i32, %c8_i32) : i32 args(%arg0 : f32, %arg1 : memref<?xf32, 1>)
    // CHECK: gpu.launch_func  @kernels::@kernel_1 clusters in ({{.*}}) blocks in ({{.*}}) threads in ({{.*}})  args(
    gpu.launch_func @kernels::@kernel_1 clusters in (%c1, %c1, %c1) blocks in (%c8, %c1, %c1) threads in (%c8, %c1, %c1) args(%arg0 : f32, %arg1 : memref<?xf32, 1>)
    // CHECK: %[[T1:.*]] = gpu.launch_func async [%[[T0]]] @kernels::@kernel_1
    %t1 = gpu.launch_func async [%t0] @kernels::@kernel_1 blocks in (%c8, %c1, %c1) threads in (%c8, %c1, %c1) args(%arg0 : f32, %arg1 : memref<?xf32, 1>)
    // CHECK: gpu.wait [%[[T1]]]
    gpu.wait [%t1]

    // CHECK: gpu.launch blocks(%[[BX:.*]], %{{.*}}, %{{.*}}) in (%{{.*}} = %{{.*}}, %{{.*}} = %{{.*}}, %{{.*}} = %{{.*}}) threads(%{{.*}}, %{{.*}}, %{{.*}}) in (%{{.*}} = %{{.*}}, %{{.*}} = %{{.*}}, %{{.*}} = %{{.*}}) workgroup(%{{.*}} : memref<32xf32, #gpu.address_space<workgroup>>) private(%{{.*}} : memref<1xf32, #gpu.address_space<private>>) {
    gpu.launch blocks(%bx, %by, %bz) in (%sbx = %c8, %sby = %c1, %sbz = %c1)
               threads(%tx, %ty, %tz) in (%stx = %c8, %sty = %c1, %stz = %c1)
               workgroup(%wg: memref<32xf32, #gpu.address_space<workgroup>>)
               private(%pv: memref<1xf32, #gpu.address_space<private>>) {
      // CHECK: "test.use"(%[[BX]])
      "test.use"(%bx) : (index) -> ()
      // CHECK: gpu.terminator
      gpu.terminator
    }
    // CHECK: %{{.*}} = gpu.launch async [%[[T0]]] clusters({{.*}}) in ({{.*}}) blocks({{.*}}) in ({{.*}}) threads({{.*}}) in ({{.*}}) dynamic_shared_memory_size %{{.*}} {
    // CHECK: } {test.attr}
    %t2 = gpu.launch async [%t0] clusters(%cx, %cy, %cz) in (%scx = %c1, %scy = %c1, %scz = %c1)
               blocks(%bx, %by, %bz) in (%sbx = %c8, %sby = %c1, %sbz = %c1)
               threads(%tx, %ty, %tz) in (%stx = %c8, %sty = %c1, %stz = %c1)
               dynamic_shared_memory_size %c0_i32 {
      gpu.terminator
    } {test.attr}

    // CHECK: %[[M:.*]], %[[T:.*]] = gpu.alloc async [%{{.*}}] (%{{.*}}) : memref<?xf32, 1>
    %m, %t3 = gpu.alloc async [%t2] (%c8) : memref<?xf32, 1>
    // CHECK: gpu.alloc  host_shared () : memref<4xf32, 1>
    %m2 = gpu.alloc host_shared () : memref<4xf32, 1>
    // CHECK: gpu.memcpy async [%[[T]]] %[[M]], %{{.*}} : memref<?xf32, 1>, memref<?xf32, 1>
    %t4 = gpu.memcpy async [%t3] %m, %arg1 : memref<?xf32, 1>, memref<?xf32, 1>
    // CHECK: gpu.memset  %[[M]], %{{.*}} : memref<?xf32, 1>, f32
    gpu.memset %m, %arg0 : memref<?xf32, 1>, f32
    // CHECK: gpu.dealloc  %{{.*}} : memref<4xf32, 1>
    gpu.dealloc %m2 : memref<4xf32, 1>
    // CHECK: gpu.dealloc async [%{{.*}}] %[[M]] : memref<?xf32, 1>
    %t5 = gpu.dealloc async [%t4] %m : memref<?xf32, 1>
    // CHECK: gpu.host_register %{{.*}} : memref<*xf32>
    gpu.host_register %u : memref<*xf32>
    // CHECK: gpu.host_unregister %{{.*}} : memref<*xf32>
    gpu.host_unregister %u : memref<*xf32>
    // CHECK: gpu.wait async [%{{.*}}, %{{.*}}]
    %t6 = gpu.wait async [%t5, %t1]
    gpu.wait [%t6]
    return
  }
}

// -----

// MLIR 16 syntax: gpu.module_end and gpu.known_block_size.
// CHECK-LABEL: gpu.module @legacy {
// CHECK-NEXT: gpu.func @k() kernel attributes {gpu.known_block_size = array<i32: 1, 1, 1>} {
// CHECK: }
// CHECK-NEXT: }
gpu.module @legacy {
  gpu.func @k() kernel attributes {gpu.known_block_size = array<i32: 1, 1, 1>} {
    gpu.return
  }
  gpu.module_end
}

// -----

// CHECK-LABEL: module attributes {gpu.container_module}
module attributes {gpu.container_module} {
  // CHECK: gpu.binary @kernels  [#gpu.object<#nvvm.target, "BLOB">]
  gpu.binary @kernels [#gpu.object<#nvvm.target, "BLOB">]
  // CHECK: gpu.binary @other <#gpu.select_object<1 : i64>> [#gpu.object<#nvvm.target, properties = {O = 3 : i32}, offload = "A">, #gpu.object<#rocdl.target<chip = "gfx90a">, assembly = "B">]
  gpu.binary @other <#gpu.select_object<1 : i64>> [#gpu.object<#nvvm.target, properties = {O = 3 : i32}, offload = "A">, #gpu.object<#rocdl.target<chip = "gfx90a">, assembly = "B">]
  func.func @launch_binary(%c1: index) {
    // CHECK: gpu.launch_func  @kernels::@k blocks in
    gpu.launch_func @kernels::@k blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1)
    return
  }
}

// -----

// CHECK-LABEL: func.func @newer_ops
func.func @newer_ops(%f: f32, %dev: i32, %sz: index) {
  // CHECK: %{{.*}}:2 = gpu.rotate %{{.*}}, 3, 16 : f32
  %r, %valid = gpu.rotate %f, 3, 16 : f32
  // CHECK: gpu.set_default_device %{{.*}}
  gpu.set_default_device %dev
  // CHECK: gpu.launch blocks({{.*}}) in ({{.*}}) threads({{.*}}) in ({{.*}}) module(@outlined) function(@k) {
  gpu.launch blocks(%bx, %by, %bz) in (%a = %sz, %b = %sz, %c = %sz)
             threads(%tx, %ty, %tz) in (%d = %sz, %e = %sz, %g = %sz)
             module(@outlined) function(@k) {
    gpu.terminator
  }
  return
}

// -----

// CHECK-LABEL: func.func @mma
func.func @mma(%m: memref<32x32xf16, 3>, %i: index, %f: f16) {
  // CHECK: gpu.subgroup_mma_load_matrix %{{.*}}[%{{.*}}, %{{.*}}] {leadDimension = 32 : index} : memref<32x32xf16, 3> -> !gpu.mma_matrix<16x16xf16, "AOp">
  %a = gpu.subgroup_mma_load_matrix %m[%i, %i] {leadDimension = 32 : index} : memref<32x32xf16, 3> -> !gpu.mma_matrix<16x16xf16, "AOp">
  // CHECK: gpu.subgroup_mma_load_matrix %{{.*}}[%{{.*}}, %{{.*}}] {leadDimension = 32 : index, transpose} : memref<32x32xf16, 3> -> !gpu.mma_matrix<16x16xf16, "BOp">
  %b = gpu.subgroup_mma_load_matrix %m[%i, %i] {leadDimension = 32 : index, transpose} : memref<32x32xf16, 3> -> !gpu.mma_matrix<16x16xf16, "BOp">
  // CHECK: gpu.subgroup_mma_constant_matrix %{{.*}} : !gpu.mma_matrix<16x16xf16, "COp">
  %c = gpu.subgroup_mma_constant_matrix %f : !gpu.mma_matrix<16x16xf16, "COp">
  // CHECK: gpu.subgroup_mma_compute %{{.*}}, %{{.*}}, %{{.*}} {a_transpose} : !gpu.mma_matrix<16x16xf16, "AOp">, !gpu.mma_matrix<16x16xf16, "BOp"> -> !gpu.mma_matrix<16x16xf16, "COp">
  %d = gpu.subgroup_mma_compute %a, %b, %c {a_transpose} : !gpu.mma_matrix<16x16xf16, "AOp">, !gpu.mma_matrix<16x16xf16, "BOp"> -> !gpu.mma_matrix<16x16xf16, "COp">
  // CHECK: gpu.subgroup_mma_elementwise  addf %{{.*}}, %{{.*}} : (!gpu.mma_matrix<16x16xf16, "COp">, !gpu.mma_matrix<16x16xf16, "COp">) -> !gpu.mma_matrix<16x16xf16, "COp">
  %e = gpu.subgroup_mma_elementwise addf %c, %d : (!gpu.mma_matrix<16x16xf16, "COp">, !gpu.mma_matrix<16x16xf16, "COp">) -> !gpu.mma_matrix<16x16xf16, "COp">
  // CHECK: gpu.subgroup_mma_store_matrix %{{.*}}, %{{.*}}[%{{.*}}, %{{.*}}] {leadDimension = 32 : index} : !gpu.mma_matrix<16x16xf16, "COp">, memref<32x32xf16, 3>
  gpu.subgroup_mma_store_matrix %e, %m[%i, %i] {leadDimension = 32 : index} : !gpu.mma_matrix<16x16xf16, "COp">, memref<32x32xf16, 3>
  // CHECK: gpu.subgroup_mma_extract_thread_local %{{.*}}[%{{.*}}] : !gpu.mma_matrix<16x16xf16, "COp"> -> f16
  %x = gpu.subgroup_mma_extract_thread_local %e[%i] : !gpu.mma_matrix<16x16xf16, "COp"> -> f16
  // CHECK: gpu.subgroup_mma_insert_thread_local %{{.*}}, %{{.*}}[%{{.*}}] : f16, !gpu.mma_matrix<16x16xf16, "COp"> -> !gpu.mma_matrix<16x16xf16, "COp">
  %y = gpu.subgroup_mma_insert_thread_local %x, %e[%i] : f16, !gpu.mma_matrix<16x16xf16, "COp"> -> !gpu.mma_matrix<16x16xf16, "COp">
  return
}

// -----

// CHECK-LABEL: func.func @warp_and_ballot
func.func @warp_and_ballot(%lane: index, %v: vector<4xf32>, %p: i1) -> (vector<1xf32>, i64) {
  // CHECK: gpu.warp_execute_on_lane_0(%{{.*}})[32] args(%{{.*}} : vector<4xf32>) -> (vector<1xf32>) {
  // CHECK: ^bb0(%{{.*}}: vector<128xf32>):
  // CHECK: gpu.yield %{{.*}} : vector<32xf32>
  %r = gpu.warp_execute_on_lane_0(%lane)[32] args(%v : vector<4xf32>) -> (vector<1xf32>) {
  ^bb0(%arg: vector<128xf32>):
    %x = vector.extract_strided_slice %arg {offsets = [0], sizes = [32], strides = [1]} : vector<128xf32> to vector<32xf32>
    gpu.yield %x : vector<32xf32>
  }
  // CHECK: gpu.warp_execute_on_lane_0(%{{.*}})[64] {
  // CHECK-NEXT: "some_def"() : () -> ()
  // CHECK-NEXT: }
  gpu.warp_execute_on_lane_0(%lane)[64] {
    "some_def"() : () -> ()
  }
  // CHECK: gpu.ballot %{{.*}} : i64
  %b = gpu.ballot %p : i64
  return %r, %b : vector<1xf32>, i64
}

// -----

// CHECK-LABEL: func.func @sparse
func.func @sparse(%n: index, %idx: memref<?xindex>, %val: memref<?xf64>) {
  %t0 = gpu.wait async
  // CHECK: %[[A:.*]], %[[T1:.*]] = gpu.create_coo async [%{{.*}}] %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} : memref<?xindex>, memref<?xindex>, memref<?xf64>
  %a, %t1 = gpu.create_coo async [%t0] %n, %n, %n, %idx, %idx, %val : memref<?xindex>, memref<?xindex>, memref<?xf64>
  // CHECK: %[[X:.*]], %{{.*}} = gpu.create_dn_tensor async [%[[T1]]] %{{.*}}, %{{.*}} : index into memref<?xf64>
  %x, %t2 = gpu.create_dn_tensor async [%t1] %val, %n : index into memref<?xf64>
  // CHECK: gpu.spmv_buffer_size async [%{{.*}}] %[[A]]{TRANSPOSE}, %[[X]], %[[X]] into f32
  %sz, %t3 = gpu.spmv_buffer_size async [%t2] %a{TRANSPOSE}, %x, %x into f32
  // CHECK: gpu.spmv async [%{{.*}}] %[[A]], %[[X]], %[[X]], %{{.*}} : memref<?xf64> into f64
  %t4 = gpu.spmv async [%t3] %a{NON_TRANSPOSE}, %x, %x, %val : memref<?xf64> into f64
  // CHECK: %{{.*}}:2, %{{.*}} = gpu.spmm_buffer_size async [%{{.*}}] %[[A]], %[[X]]{CONJUGATE_TRANSPOSE}, %[[X]] : index, index into f64
  %s0, %s1, %t5 = gpu.spmm_buffer_size async [%t4] %a, %x{CONJUGATE_TRANSPOSE}, %x : index, index into f64
  // CHECK: gpu.spmm async [%{{.*}}] %[[A]], %[[X]], %[[X]], %{{.*}}, %{{.*}} : memref<?xf64>, memref<?xf64> into f64
  %t6 = gpu.spmm async [%t5] %a, %x, %x, %val, %val : memref<?xf64>, memref<?xf64> into f64
  // CHECK: gpu.sddmm_buffer_size  %[[X]], %[[X]], %[[A]] into f64
  %s2 = gpu.sddmm_buffer_size %x, %x, %a into f64
  // CHECK: gpu.sddmm  %[[X]]{TRANSPOSE}, %[[X]], %[[A]], %{{.*}} : memref<?xf64> into f64
  gpu.sddmm %x{TRANSPOSE}, %x, %a, %val : memref<?xf64> into f64
  // CHECK: gpu.destroy_dn_tensor async [%{{.*}}] %[[X]]
  %t7 = gpu.destroy_dn_tensor async [%t6] %x
  // CHECK: gpu.destroy_sp_mat  %[[A]]
  gpu.destroy_sp_mat %a
  gpu.wait [%t7]
  return
}

// -----

// CHECK-LABEL: gpu.binary @kernels
// CHECK-SAME: #gpu.object<#spirv.target_env<#spirv.vce<v1.0, [Shader], []>, #spirv.resource_limits<>>, kernels = #gpu.kernel_table<[#gpu.kernel_metadata<"a", (i32) -> (), arg_attrs = [{test.x}]>, #gpu.kernel_metadata<"b", () -> (), metadata = {regs = 8 : i64}>]>, bin = "BLOB">
gpu.binary @kernels [#gpu.object<#spirv.target_env<#spirv.vce<v1.0, [Shader], []>, #spirv.resource_limits<>>,
  kernels = #gpu.kernel_table<[#gpu.kernel_metadata<"b", () -> (), metadata = {regs = 8 : i64}>,
                               #gpu.kernel_metadata<"a", (i32) -> (), arg_attrs = [{test.x}]>]>,
  bin = "BLOB">]

// -----

// An empty argument list parses (MLIR's parseCommaSeparatedList) and is
// not printed.
// CHECK-LABEL: module attributes {gpu.container_module}
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @no_args() kernel {
      gpu.return
    }
  }
  func.func @launch_no_args() {
    %c1 = arith.constant 1 : index
    // CHECK: gpu.launch_func  @kernels::@no_args blocks in (%{{.*}}, %{{.*}}, %{{.*}}) threads in (%{{.*}}, %{{.*}}, %{{.*}}){{ *$}}
    gpu.launch_func @kernels::@no_args blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) args()
    return
  }
}

// -----

// The constant address space (read-only device memory) round-trips; the
// SPIR-V conversion gives it no storage class.
// CHECK-LABEL: gpu.func @constant_memory
// CHECK-SAME: (%{{.*}}: memref<?x4xf16, #gpu.address_space<constant>>)
// CHECK: memref.load %{{.*}} : memref<?x4xf16, #gpu.address_space<constant>>
gpu.module @constants {
  gpu.func @constant_memory(%c: memref<?x4xf16, #gpu.address_space<constant>>) kernel {
    %c0 = arith.constant 0 : index
    %v = memref.load %c[%c0, %c0] : memref<?x4xf16, #gpu.address_space<constant>>
    gpu.return
  }
}
