// Differential kernels for gpu (TestKernelsOnVulkan).

// The id and size ops on a 3x2 grid of 4x2 workgroups, launched from host
// code: each thread writes its ids and the sizes at its global index.
module attributes {gpu.container_module, spirv.target_env = #spirv.target_env<#spirv.vce<v1.0, [Shader], [SPV_KHR_storage_buffer_storage_class]>, #spirv.resource_limits<>>} {
  func.func @main(%out: memref<48x12xi32>) {
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c3 = arith.constant 3 : index
    %c4 = arith.constant 4 : index
    gpu.launch_func @kernels::@ids blocks in (%c3, %c2, %c1) threads in (%c4, %c2, %c1) args(%out : memref<48x12xi32>)
    return
  }
  gpu.module @kernels {
    gpu.func @ids(%out: memref<48x12xi32>) kernel attributes {spirv.entry_point_abi = #spirv.entry_point_abi<workgroup_size = [4, 2, 1]>} {
      %tx = gpu.thread_id x
      %ty = gpu.thread_id y
      %tz = gpu.thread_id z
      %bx = gpu.block_id x
      %by = gpu.block_id y
      %bz = gpu.block_id z
      %gx = gpu.global_id x
      %gy = gpu.global_id y
      %gz = gpu.global_id z
      %nx = gpu.grid_dim x
      %ny = gpu.grid_dim y
      %dx = gpu.block_dim x
      %dy = gpu.block_dim y
      %dz = gpu.block_dim z
      // the global linear index: gy * (nx * dx) + gx
      %w = arith.muli %nx, %dx : index
      %row = arith.muli %gy, %w : index
      %g = arith.addi %row, %gx : index
      %i0 = arith.index_cast %tx : index to i32
      %j0 = arith.constant 0 : index
      memref.store %i0, %out[%g, %j0] : memref<48x12xi32>
      %i1 = arith.index_cast %ty : index to i32
      %j1 = arith.constant 1 : index
      memref.store %i1, %out[%g, %j1] : memref<48x12xi32>
      %i2 = arith.index_cast %bx : index to i32
      %j2 = arith.constant 2 : index
      memref.store %i2, %out[%g, %j2] : memref<48x12xi32>
      %i3 = arith.index_cast %by : index to i32
      %j3 = arith.constant 3 : index
      memref.store %i3, %out[%g, %j3] : memref<48x12xi32>
      %i4 = arith.index_cast %gx : index to i32
      %j4 = arith.constant 4 : index
      memref.store %i4, %out[%g, %j4] : memref<48x12xi32>
      %i5 = arith.index_cast %gy : index to i32
      %j5 = arith.constant 5 : index
      memref.store %i5, %out[%g, %j5] : memref<48x12xi32>
      %i6 = arith.index_cast %nx : index to i32
      %j6 = arith.constant 6 : index
      memref.store %i6, %out[%g, %j6] : memref<48x12xi32>
      %i7 = arith.index_cast %ny : index to i32
      %j7 = arith.constant 7 : index
      memref.store %i7, %out[%g, %j7] : memref<48x12xi32>
      %i8 = arith.index_cast %dx : index to i32
      %j8 = arith.constant 8 : index
      memref.store %i8, %out[%g, %j8] : memref<48x12xi32>
      %i9 = arith.index_cast %dy : index to i32
      %j9 = arith.constant 9 : index
      memref.store %i9, %out[%g, %j9] : memref<48x12xi32>
      %i10 = arith.index_cast %tz : index to i32
      %j10 = arith.constant 10 : index
      memref.store %i10, %out[%g, %j10] : memref<48x12xi32>
      %i11 = arith.index_cast %bz : index to i32
      %j11 = arith.constant 11 : index
      memref.store %i11, %out[%g, %j11] : memref<48x12xi32>
      %gzi = arith.index_cast %gz : index to i32
      %dzi = arith.index_cast %dz : index to i32
      %zz = arith.addi %gzi, %dzi : i32
      %c11 = arith.constant 11 : index
      %prev = memref.load %out[%g, %c11] : memref<48x12xi32>
      %sum = arith.addi %prev, %zz : i32
      memref.store %sum, %out[%g, %c11] : memref<48x12xi32>
      gpu.return
    }
  }
}

// -----

// The subgroup ids and sizes, and subgroup reductions, with the device's
// subgroup size in the interpreter. The sums of ids and sizes over the
// workgroup do not depend on which threads form a subgroup; the reductions
// of loaded values assume consecutive threads do, as on both CPU drivers.
module attributes {gpu.container_module, spirv.target_env = #spirv.target_env<#spirv.vce<v1.3, [Shader, GroupNonUniform, GroupNonUniformArithmetic, GroupNonUniformShuffle], [SPV_KHR_storage_buffer_storage_class]>, #spirv.resource_limits<>>} {
  gpu.module @kernels {
    gpu.func @subgroups(%in: memref<32xi32>, %out: memref<8xi32>) kernel attributes {spirv.entry_point_abi = #spirv.entry_point_abi<workgroup_size = [32, 1, 1]>} {
      %x = gpu.thread_id x
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c2 = arith.constant 2 : index
      %c3 = arith.constant 3 : index
      %c4 = arith.constant 4 : index
      %size = gpu.subgroup_size : index
      %n = gpu.num_subgroups : index
      %lane = gpu.lane_id
      %sg = gpu.subgroup_id : index
      // sums over the workgroup do not depend on which threads form a subgroup
      %lanei = arith.index_cast %lane : index to i32
      %sgi = arith.index_cast %sg : index to i32
      %l = memref.atomic_rmw addi %lanei, %out[%c0] : (i32, memref<8xi32>) -> i32
      %s = memref.atomic_rmw addi %sgi, %out[%c1] : (i32, memref<8xi32>) -> i32
      %sizei = arith.index_cast %size : index to i32
      %ni = arith.index_cast %n : index to i32
      %p = arith.muli %sizei, %ni : i32
      %q = memref.atomic_rmw addi %p, %out[%c2] : (i32, memref<8xi32>) -> i32
      %one = arith.constant 1 : i32
      %cnt = gpu.subgroup_reduce add %one : (i32) -> i32
      %ok = arith.cmpi eq, %cnt, %sizei : i32
      %oki = arith.extui %ok : i1 to i32
      %r = memref.atomic_rmw addi %oki, %out[%c3] : (i32, memref<8xi32>) -> i32
      %inlane = arith.cmpi ult, %lane, %size : index
      %inlanei = arith.extui %inlane : i1 to i32
      %t = memref.atomic_rmw addi %inlanei, %out[%c4] : (i32, memref<8xi32>) -> i32
      %v = memref.load %in[%x] : memref<32xi32>
      %mx = gpu.subgroup_reduce maxsi %v : (i32) -> i32
      %mn = gpu.subgroup_reduce minui %v : (i32) -> i32
      %mul = gpu.subgroup_reduce mul %one : (i32) -> i32
      %and = gpu.subgroup_reduce and %v : (i32) -> i32
      %mm = arith.addi %mx, %mn : i32
      %mm2 = arith.addi %mm, %mul : i32
      %mm3 = arith.addi %mm2, %and : i32
      %c5 = arith.constant 5 : index
      %u = memref.atomic_rmw addi %mm3, %out[%c5] : (i32, memref<8xi32>) -> i32
      %f = arith.sitofp %v : i32 to f32
      %fs = gpu.subgroup_reduce add %f : (f32) -> f32
      %fm = gpu.subgroup_reduce maxnumf %f : (f32) -> f32
      %ff = arith.addf %fs, %fm : f32
      %fi = arith.fptosi %ff : f32 to i32
      %c6 = arith.constant 6 : index
      %z = memref.atomic_rmw addi %fi, %out[%c6] : (i32, memref<8xi32>) -> i32
      // shuffle idx from the neighbouring lane (the width is the target's
      // subgroup size limit, which the lowering requires)
      %lane32 = arith.index_cast %lane : index to i32
      %src = arith.xori %lane32, %one : i32
      %w32 = arith.constant 32 : i32
      %sv, %sok = gpu.shuffle idx %v, %src, %w32 : i32
      %sz = arith.constant 0 : i32
      %sv2 = arith.select %sok, %sv, %sz : i32
      %lane1 = arith.addi %lane32, %one : i32
      %weighted = arith.muli %sv2, %lane1 : i32
      %c7 = arith.constant 7 : index
      %sh = memref.atomic_rmw addi %weighted, %out[%c7] : (i32, memref<8xi32>) -> i32
      gpu.return
    }
  }
}

// -----

// Clustered subgroup reductions. Neither CPU driver supports them, so this
// chunk is validated (TestKernelsValidate) but runs only on a device with
// clustered subgroup operations.
module attributes {gpu.container_module, spirv.target_env = #spirv.target_env<#spirv.vce<v1.3, [Shader, GroupNonUniformArithmetic, GroupNonUniformClustered], [SPV_KHR_storage_buffer_storage_class]>, #spirv.resource_limits<>>} {
  gpu.module @kernels {
    gpu.func @clustered(%buf: memref<32xi32>) kernel attributes {spirv.entry_point_abi = #spirv.entry_point_abi<workgroup_size = [32, 1, 1]>} {
      %x = gpu.thread_id x
      %v = memref.load %buf[%x] : memref<32xi32>
      %b = gpu.subgroup_reduce maxsi %v cluster(size = 4) : (i32) -> i32
      %s = gpu.subgroup_reduce add %v cluster(size = 2, stride = 1) : (i32) -> i32
      %r = arith.addi %b, %s : i32
      memref.store %r, %buf[%x] : memref<32xi32>
      gpu.return
    }
  }
}
