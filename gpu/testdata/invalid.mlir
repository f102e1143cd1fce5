// RUN: kiln opt %s --split-input-file --verify-diagnostics --allow-unregistered-dialect

func.func @no_container_module(%sz: index) {
  // expected-error @+1 {{'gpu.launch_func' op expected the closest surrounding module to have the 'gpu.container_module' attribute}}
  gpu.launch_func @kernels::@k blocks in (%sz, %sz, %sz) threads in (%sz, %sz, %sz)
  return
}

// -----

// expected-error @+1 {{expected 'gpu.container_module' attribute to be attached to 'builtin.module'}}
func.func @container_on_func() attributes {gpu.container_module} {
  return
}

// -----

module attributes {gpu.container_module} {
  func.func @undefined_container(%sz: index) {
    // expected-error @+1 {{'gpu.launch_func' op kernel container 'kernels' is undefined}}
    gpu.launch_func @kernels::@k blocks in (%sz, %sz, %sz) threads in (%sz, %sz, %sz)
    return
  }
}

// -----

module attributes {gpu.container_module} {
  func.func @kernels() {
    return
  }
  func.func @not_a_gpu_module(%sz: index) {
    // expected-error @+1 {{'gpu.launch_func' op kernel module 'kernels' is undefined}}
    gpu.launch_func @kernels::@k blocks in (%sz, %sz, %sz) threads in (%sz, %sz, %sz)
    return
  }
}

// -----

module attributes {gpu.container_module} {
  gpu.module @kernels {
  }
  func.func @undefined_function(%sz: index) {
    // expected-error @+1 {{'gpu.launch_func' op kernel function '@kernels::@k' is undefined}}
    gpu.launch_func @kernels::@k blocks in (%sz, %sz, %sz) threads in (%sz, %sz, %sz)
    return
  }
}

// -----

module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @k() {
      gpu.return
    }
  }
  func.func @not_a_kernel(%sz: index) {
    // expected-error @+1 {{'gpu.launch_func' op kernel function is missing the 'gpu.kernel' attribute}}
    gpu.launch_func @kernels::@k blocks in (%sz, %sz, %sz) threads in (%sz, %sz, %sz)
    return
  }
}

// -----

module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @k(%a: f32, %b: f32) kernel {
      gpu.return
    }
  }
  func.func @operand_count(%sz: index, %f: f32) {
    // expected-error @+1 {{'gpu.launch_func' op got 1 kernel operands but expected 2}}
    gpu.launch_func @kernels::@k blocks in (%sz, %sz, %sz) threads in (%sz, %sz, %sz) args(%f : f32)
    return
  }
}

// -----

module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @k(%a: f32) kernel {
      gpu.return
    }
  }
  func.func @operand_type(%sz: index, %i: i32) {
    // expected-error @+1 {{'gpu.launch_func' op type of function argument 0 does not match}}
    gpu.launch_func @kernels::@k blocks in (%sz, %sz, %sz) threads in (%sz, %sz, %sz) args(%i : i32)
    return
  }
}

// -----

func.func @async_unnamed(%sz: index) {
  // expected-error @+1 {{needs to be named when marked 'async'}}
  gpu.launch_func async @kernels::@k blocks in (%sz, %sz, %sz) threads in (%sz, %sz, %sz)
  return
}

// -----

gpu.module @kernels {
  // expected-error @+1 {{'gpu.func' op expected void return type for kernel function}}
  gpu.func @k() -> f32 kernel {
    %0 = arith.constant 0.0 : f32
    gpu.return %0 : f32
  }
}

// -----

func.func @func_outside_module() {
  // expected-error @+1 {{'gpu.func' op expects parent op 'gpu.module'}}
  "gpu.func"() <{function_type = () -> ()}> ({
    gpu.return
  }) {sym_name = "f"} : () -> ()
  return
}

// -----

gpu.module @kernels {
  // expected-note @+1 {{return type declared here}}
  gpu.func @return_count() -> f32 {
    // expected-error @+1 {{'gpu.return' op expected 1 result operands}}
    gpu.return
  }
}

// -----

gpu.module @kernels {
  gpu.func @return_type(%a: i64) -> i32 {
    // expected-error @+1 {{'gpu.return' op unexpected type `i64' for operand #0}}
    gpu.return %a : i64
  }
}

// -----

gpu.module @kernels {
  // expected-error @+1 {{'gpu.func' op expected memory space workgroup in attribution}}
  gpu.func @attribution_space() workgroup(%w: memref<4xf32, #gpu.address_space<private>>) {
    gpu.return
  }
}

// -----

gpu.module @kernels {
  // expected-error @+1 {{'gpu.func' op expected memref type in attribution}}
  gpu.func @attribution_type() private(%p: f32) {
    gpu.return
  }
}

// -----

gpu.module @kernels {
  // expected-error @+1 {{'gpu.func' op attribute 'known_block_size' failed to satisfy constraint: i32 dense array attribute with 3 elements (if present)}}
  gpu.func @known_size() kernel attributes {known_block_size = array<i32: 1, 1>} {
    gpu.return
  }
}

// -----

// expected-error @+1 {{'func.func' op gpu.known_block_size must contain exactly 3 elements}}
func.func @known_size_on_func() attributes {gpu.known_block_size = array<i32: 1>} {
  return
}

// -----

// expected-error @+1 {{'func.func' op gpu.known_grid_size must be a dense i32 array}}
func.func @known_size_type() attributes {gpu.known_grid_size = array<i64: 1, 1, 1>} {
  return
}

// -----

func.func @reduce_both(%f: f32) {
  // expected-error @+1 {{expected either an op attribute or a non-empty body}}
  %0 = gpu.all_reduce add %f {
  ^bb0(%a: f32, %b: f32):
    gpu.yield %a : f32
  } : (f32) -> f32
  return
}

// -----

func.func @reduce_none(%f: f32) {
  // expected-error @+1 {{expected either an op attribute or a non-empty body}}
  %0 = gpu.all_reduce %f {} : (f32) -> f32
  return
}

// -----

func.func @reduce_kind_type(%f: f32) {
  // expected-error @+1 {{`and` reduction operation is not compatible with type 'f32'}}
  %0 = gpu.all_reduce and %f {} : (f32) -> f32
  return
}

// -----

func.func @reduce_kind_int(%i: i32) {
  // expected-error @+1 {{`maximumf` reduction operation is not compatible with type 'i32'}}
  %0 = gpu.subgroup_reduce maximumf %i : (i32) -> i32
  return
}

// -----

func.func @reduce_region_args(%f: f32) {
  // expected-error @+1 {{expected two region arguments}}
  %0 = gpu.all_reduce %f {
  ^bb0(%a: f32):
    gpu.yield %a : f32
  } : (f32) -> f32
  return
}

// -----

func.func @reduce_region_arg_type(%f: f32) {
  // expected-error @+1 {{incorrect region argument type}}
  %0 = gpu.all_reduce %f {
  ^bb0(%a: f32, %b: i32):
    gpu.yield %a : f32
  } : (f32) -> f32
  return
}

// -----

func.func @reduce_yield_type(%f: f32) {
  // expected-error @+1 {{incorrect gpu.yield type}}
  %0 = gpu.all_reduce %f {
  ^bb0(%a: f32, %b: f32):
    %i = arith.constant 0 : i32
    gpu.yield %i : i32
  } : (f32) -> f32
  return
}

// -----

func.func @reduce_no_yield(%f: f32) {
  // expected-error @+1 {{expected gpu.yield op in region}}
  %0 = gpu.all_reduce %f {
  ^bb0(%a: f32, %b: f32):
    "test.finish"(%a) : (f32) -> ()
  } : (f32) -> f32
  return
}

// -----

func.func @reduce_invalid_kind(%f: f32) {
  // expected-error @+1 {{invalid op kind}}
  %0 = gpu.subgroup_reduce foo %f : (f32) -> f32
  return
}

// -----

func.func @reduce_type(%v: vector<2x2xf32>) {
  // expected-error @+1 {{'gpu.subgroup_reduce' op operand #0 must be Integer or Float or vector of Integer or Float values of ranks 1, but got 'vector<2x2xf32>'}}
  %0 = gpu.subgroup_reduce add %v : (vector<2x2xf32>) -> vector<2x2xf32>
  return
}

// -----

func.func @reduce_scalable(%v: vector<[4]xf32>) {
  // expected-error @+1 {{'gpu.subgroup_reduce' op is not compatible with scalable vector types}}
  %0 = gpu.subgroup_reduce add %v : (vector<[4]xf32>) -> vector<[4]xf32>
  return
}

// -----

func.func @cluster_size(%f: f32) {
  // expected-error @+1 {{'gpu.subgroup_reduce' op cluster size 3 is not a power of two}}
  %0 = gpu.subgroup_reduce add %f cluster(size = 3) : (f32) -> f32
  return
}

// -----

func.func @cluster_stride(%f: f32) {
  // expected-error @+1 {{'gpu.subgroup_reduce' op cluster stride 3 is not a power of two}}
  %0 = gpu.subgroup_reduce add %f cluster(size = 4, stride = 3) : (f32) -> f32
  return
}

// -----

func.func @cluster_stride_alone(%f: f32) {
  // expected-error @+1 {{'gpu.subgroup_reduce' op cluster stride can only be specified if cluster size is specified}}
  %0 = "gpu.subgroup_reduce"(%f) <{op = #gpu<all_reduce_op add>, cluster_stride = 2 : i32}> : (f32) -> f32
  return
}

// -----

func.func @shuffle_offset(%f: f32, %o: i64, %w: i32) {
  // expected-error @+1 {{'gpu.shuffle' op operand #1 must be 32-bit signless integer, but got 'i64'}}
  %0:2 = "gpu.shuffle"(%f, %o, %w) <{mode = #gpu<shuffle_mode xor>}> : (f32, i64, i32) -> (f32, i1)
  return
}

// -----

func.func @shuffle_mode(%f: f32, %o: i32) {
  // expected-error @+1 {{expected ::mlir::gpu::ShuffleMode to be one of: xor, down, up, idx}}
  %0:2 = gpu.shuffle left %f, %o, %o : f32
  return
}

// -----

func.func @broadcast_lane(%f: f32) {
  // expected-error @+1 {{'gpu.subgroup_broadcast' op lane must be specified for `specific_lane` broadcast}}
  %0 = "gpu.subgroup_broadcast"(%f) <{broadcast_type = #gpu<broadcast specific_lane>}> : (f32) -> f32
  return
}

// -----

func.func @broadcast_no_lane(%f: f32, %l: i32) {
  // expected-error @+1 {{'gpu.subgroup_broadcast' op lane can only be specified for `specific_lane` broadcast}}
  %0 = gpu.subgroup_broadcast %f, first_active_lane %l : f32
  return
}

// -----

func.func @thread_id_dim() {
  // expected-error @+1 {{expected ::mlir::gpu::Dimension to be one of: x, y, z}}
  %0 = gpu.thread_id w
  return
}

// -----

func.func @thread_id_result() {
  // expected-error @+1 {{'gpu.thread_id' op result #0 must be index, but got 'i32'}}
  %0 = "gpu.thread_id"() <{dimension = #gpu<dim x>}> : () -> i32
  return
}

// -----

func.func @launch_terminator(%sz: index) {
  // expected-note @+1 {{in 'gpu.launch' body region}}
  gpu.launch blocks(%bx, %by, %bz) in (%a = %sz, %b = %sz, %c = %sz) threads(%tx, %ty, %tz) in (%d = %sz, %e = %sz, %f = %sz) {
    // expected-error @+1 {{expected 'gpu.terminator' or a terminator with successors}}
    "test.finish"() : () -> ()
  }
  return
}

// -----

func.func @terminator_parent() {
  "test.region"() ({
    // expected-error @+1 {{'gpu.terminator' op expects parent op 'gpu.launch'}}
    gpu.terminator
  }) : () -> ()
  return
}

// -----

func.func @alloc_sizes(%sz: index) {
  // expected-error @+1 {{'gpu.alloc' op dimension operand count does not equal memref dynamic dimension count}}
  %0 = gpu.alloc (%sz) : memref<4xf32, 1>
  return
}

// -----

func.func @memcpy_types(%a: memref<4xf32>, %b: memref<4xi32>) {
  // expected-error @+1 {{'gpu.memcpy' op arguments have incompatible element type}}
  gpu.memcpy %a, %b : memref<4xf32>, memref<4xi32>
  return
}

// -----

func.func @memcpy_shape(%a: memref<4xf32>, %b: memref<8xf32>) {
  // expected-error @+1 {{'gpu.memcpy' op arguments have incompatible shape}}
  gpu.memcpy %a, %b : memref<4xf32>, memref<8xf32>
  return
}

// -----

func.func @memset_type(%a: memref<4xf32>, %v: i32) {
  // expected-error @+1 {{'gpu.memset' op failed to verify that all of {dst, value} have same element type}}
  gpu.memset %a, %v : memref<4xf32>, i32
  return
}

// -----

func.func @host_register_ranked(%m: memref<4xf32>) {
  // expected-error @+1 {{'gpu.host_register' op operand #0 must be unranked.memref of any type values, but got 'memref<4xf32>'}}
  gpu.host_register %m : memref<4xf32>
  return
}

// -----

gpu.module @kernels {
  gpu.func @shared_static() {
    // expected-error @+1 {{'gpu.dynamic_shared_memory' op result memref type must be memref<?xi8, #gpu.address_space<workgroup>>}}
    %0 = gpu.dynamic_shared_memory : memref<16xi8, #gpu.address_space<workgroup>>
    gpu.return
  }
}

// -----

gpu.module @kernels {
  gpu.func @shared_space() {
    // expected-error @+1 {{'gpu.dynamic_shared_memory' op address space must be address_space<workgroup>}}
    %0 = gpu.dynamic_shared_memory : memref<?xi8>
    gpu.return
  }
}

// -----

// expected-error @+1 {{'gpu.module' op attribute 'targets' failed to satisfy constraint: Array of GPU target attributes with at least 1 elements}}
gpu.module @no_targets [] {
}

// -----

// expected-error @+1 {{unknown gpu type: token}}
func.func @bad_type(%t: !gpu.token) {
  return
}

// -----

// expected-error @+1 {{expected ::mlir::gpu::AddressSpace to be one of: global, workgroup, private}}
func.func @bad_space(%m: memref<4xf32, #gpu.address_space<shared>>) {
  return
}

// -----

func.func @rotate_width(%f: f32) {
  // expected-error @+1 {{'gpu.rotate' op width must be a power of two}}
  %0:2 = gpu.rotate %f, 1, 12 : f32
  return
}

// -----

func.func @rotate_offset(%f: f32) {
  // expected-error @+1 {{'gpu.rotate' op offset must be in the range [0, 16)}}
  %0:2 = gpu.rotate %f, 16, 16 : f32
  return
}

// -----

// expected-error @+1 {{'gpu.binary' op attribute 'objects' failed to satisfy constraint: an array of GPU object attributes with at least 1 elements}}
gpu.binary @empty []

// -----

func.func @mma_order(%a: !gpu.mma_matrix<16x16xf16, "BOp">, %b: !gpu.mma_matrix<16x16xf16, "BOp">, %c: !gpu.mma_matrix<16x16xf16, "COp">) {
  // expected-error @+1 {{'gpu.subgroup_mma_compute' op operands must be in the order AOp, BOp, COp}}
  %d = gpu.subgroup_mma_compute %a, %b, %c : !gpu.mma_matrix<16x16xf16, "BOp">, !gpu.mma_matrix<16x16xf16, "BOp"> -> !gpu.mma_matrix<16x16xf16, "COp">
  return
}

// -----

func.func @mma_shapes(%a: !gpu.mma_matrix<16x8xf16, "AOp">, %b: !gpu.mma_matrix<16x16xf16, "BOp">, %c: !gpu.mma_matrix<16x16xf16, "COp">) {
  // expected-error @+1 {{'gpu.subgroup_mma_compute' op operand shapes do not satisfy matmul constraints}}
  %d = gpu.subgroup_mma_compute %a, %b, %c : !gpu.mma_matrix<16x8xf16, "AOp">, !gpu.mma_matrix<16x16xf16, "BOp"> -> !gpu.mma_matrix<16x16xf16, "COp">
  return
}

// -----

func.func @mma_store_operand(%a: !gpu.mma_matrix<16x16xf16, "AOp">, %m: memref<32x32xf16, 3>, %i: index) {
  // expected-error @+1 {{'gpu.subgroup_mma_store_matrix' op expected the operand matrix being stored to have 'COp' operand type}}
  gpu.subgroup_mma_store_matrix %a, %m[%i, %i] {leadDimension = 32 : index} : !gpu.mma_matrix<16x16xf16, "AOp">, memref<32x32xf16, 3>
  return
}

// -----

// expected-error @+1 {{operand expected to be one of AOp, BOp or COp}}
func.func @mma_type(%a: !gpu.mma_matrix<16x16xf16, "DOp">) {
  return
}

// -----

func.func @warp_distribution(%lane: index, %v: vector<4xf32>) {
  // expected-error @+1 {{'gpu.warp_execute_on_lane_0' op incompatible distribution dimensions from 'vector<64xf32>' to 'vector<4xf32>' with warp size = 32}}
  gpu.warp_execute_on_lane_0(%lane)[32] args(%v : vector<4xf32>) {
  ^bb0(%arg: vector<64xf32>):
  }
  return
}

// -----

func.func @warp_yield(%lane: index) {
  // expected-error @+1 {{'gpu.warp_execute_on_lane_0' op expected same number of yield operands and return values.}}
  %0 = gpu.warp_execute_on_lane_0(%lane)[32] -> (vector<1xf32>) {
  }
  return
}

// -----

func.func @mma_extract_type(%m: !gpu.mma_matrix<16x16xf16, "COp">, %i: index) {
  // expected-error @+1 {{'gpu.subgroup_mma_extract_thread_local' op failed to verify that result type matches element type of mma_matrix}}
  %0 = gpu.subgroup_mma_extract_thread_local %m[%i] : !gpu.mma_matrix<16x16xf16, "COp"> -> f32
  return
}

// -----

module attributes {gpu.container_module} {
  func.func @launch_func_string_kernel(%sz : index) {
    // expected-error@+1 {{custom op 'gpu.launch_func' invalid kind of attribute specified}}
    gpu.launch_func "foo" blocks in (%sz, %sz, %sz) threads in (%sz, %sz, %sz)
    return
  }
}

// -----

module attributes {gpu.container_module} {
  func.func @launch_func_arg_attr(%sz : index) {
    // expected-error@+1 {{expected ')' in argument list}}
    gpu.launch_func @m::@k blocks in (%sz, %sz, %sz) threads in (%sz, %sz, %sz) args(%sz : index {foo})
    return
  }
}

// -----

func.func @mma_bf16(%m: memref<32x32xf16, 3>, %i: index) {
  // expected-error@+1 {{MMAMatrixType elements must be SI8, UI8, I32, F16, or F32}}
  %0 = gpu.subgroup_mma_load_matrix %m[%i, %i] {leadDimension = 32 : index} : memref<32x32xf16, 3> -> !gpu.mma_matrix<16x16xbf16, "AOp">
  return
}

// -----

func.func @mma_load_column_major(%m: memref<32x32xf16, affine_map<(i, j) -> (j, i)>, 3>, %i: index) {
  // expected-error@+1 {{'gpu.subgroup_mma_load_matrix' op expected source memref most minor dim must have unit stride}}
  %0 = gpu.subgroup_mma_load_matrix %m[%i, %i] {leadDimension = 32 : index} : memref<32x32xf16, affine_map<(i, j) -> (j, i)>, 3> -> !gpu.mma_matrix<16x16xf16, "AOp">
  return
}

// -----

func.func @mma_load_vector_2d(%m: memref<32x4xvector<4x8xf32>>, %i: index) {
  // expected-error@+1 {{operand #0 must be memref of 8-bit signless integer or 32-bit signless integer or 16-bit float or 32-bit float or vector of 8-bit signless integer or 32-bit signless integer or 16-bit float or 32-bit float values of ranks 1 values}}
  %0 = gpu.subgroup_mma_load_matrix %m[%i, %i] {leadDimension = 4 : index} : memref<32x4xvector<4x8xf32>> -> !gpu.mma_matrix<16x16xf16, "AOp">
  return
}

// -----

func.func @barrier_thread_scope() {
  // expected-error @+1 {{'gpu.barrier' op thread-level scope is not meaningful for barriers}}
  gpu.barrier scope <thread>
  return
}

// -----

func.func @barrier_bad_scope() {
  // expected-error @+1 {{expected ::mlir::gpu::Scope to be one of: thread, subgroup, workgroup, cluster, device}}
  gpu.barrier scope <warp>
  return
}

// -----

func.func @barrier_memfence_not_address_spaces() {
  // The parsed attributes are checked where the attribute dictionary would
  // start, as MLIR's generated parser does: at the next token.
  // expected-error @+2 {{'gpu.barrier' op attribute 'address_spaces' failed to satisfy constraint: GPU Address Space array}}
  gpu.barrier memfence [1 : i32]
  return
}

// -----

func.func @barrier_generic_bad_scope() {
  // expected-error @+1 {{'gpu.barrier' op attribute 'scope' failed to satisfy constraint: GPU execution scope}}
  "gpu.barrier"() <{scope = 1 : i32}> : () -> ()
  return
}

// -----

func.func @named_barrier_subgroup_scope(%n: i32) {
  %nb = gpu.initialize_named_barrier %n : i32 -> !gpu.named_barrier
  // expected-error @+1 {{'gpu.barrier' op named barriers require workgroup scope}}
  gpu.barrier named(%nb : !gpu.named_barrier) scope <subgroup>
  return
}

// -----

func.func @named_barrier_not_a_barrier(%n: i32) {
  // expected-error @+1 {{'gpu.barrier' op operand #0 must be named barrier, but got 'i32'}}
  "gpu.barrier"(%n) : (i32) -> ()
  return
}

// -----

func.func @initialize_named_barrier_i64(%n: i64) {
  // expected-error @+1 {{'gpu.initialize_named_barrier' op operand #0 must be 32-bit signless integer, but got 'i64'}}
  %nb = gpu.initialize_named_barrier %n : i64 -> !gpu.named_barrier
  return
}
