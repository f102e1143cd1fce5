// Differential kernels for vector (TestKernelsOnVulkan).

// The vector ops on 1-d vectors of 2 and 4 lanes: access with static and
// dynamic positions, shuffles, (de)interleaving, strided slices, fma, splat, step, bitcasts,
// shape casts, element lists, reductions.
module attributes {gpu.container_module, spirv.target_env = #spirv.target_env<#spirv.vce<v1.0, [Shader], [SPV_KHR_storage_buffer_storage_class]>, #spirv.resource_limits<>>} {
  gpu.module @kernels {
    gpu.func @vector_ops(%in: memref<64xf32>, %ints: memref<64xi32>, %out: memref<64xf32>, %iout: memref<64xi32>, %scal: memref<16xi32>) kernel attributes {spirv.entry_point_abi = #spirv.entry_point_abi<workgroup_size = [16, 1, 1]>} {
      %x = gpu.thread_id x
      %c4 = arith.constant 4 : index
      %base = arith.muli %x, %c4 : index
      %v = vector.load %in[%base] : memref<64xf32>, vector<4xf32>
      %c15 = arith.constant 15 : index
      %y = arith.subi %c15, %x : index
      %ybase = arith.muli %y, %c4 : index
      %w = vector.load %in[%ybase] : memref<64xf32>, vector<4xf32>
      %i = vector.load %ints[%base] : memref<64xi32>, vector<4xi32>
      %c1 = arith.constant 1 : index
      %c3 = arith.constant 3 : index
      // element access, static and dynamic
      %e0 = vector.extract %v[2] : f32 from vector<4xf32>
      %xm = arith.remui %x, %c4 : index
      %ed = vector.extract %w[%xm] : f32 from vector<4xf32>
      %ee = vector.extractelement %v[%c1 : index] : vector<4xf32>
      %s = arith.addf %e0, %ed : f32
      %s2 = arith.addf %s, %ee : f32
      %ins = vector.insert %s2, %v [1] : f32 into vector<4xf32>
      %insd = vector.insert %e0, %ins [%xm] : f32 into vector<4xf32>
      %inse = vector.insertelement %ed, %insd[%c3 : index] : vector<4xf32>
      // lane rearrangements
      %sh = vector.shuffle %inse, %w [7, 0, 5, 2] : vector<4xf32>, vector<4xf32>
      %lo, %hi = vector.deinterleave %sh : vector<4xf32> -> vector<2xf32>
      %il = vector.interleave %hi, %lo : vector<2xf32> -> vector<4xf32>
      %sl = vector.extract_strided_slice %il {offsets = [1], sizes = [2], strides = [1]} : vector<4xf32> to vector<2xf32>
      %is = vector.insert_strided_slice %sl, %w {offsets = [2], strides = [1]} : vector<2xf32> into vector<4xf32>
      %fm = vector.fma %is, %v, %w : vector<4xf32>
      %sp = vector.splat %e0 : vector<4xf32>
      %sum = arith.addf %fm, %sp : vector<4xf32>
      %mx = arith.maximumf %sum, %w : vector<4xf32>
      vector.store %mx, %out[%base] : memref<64xf32>, vector<4xf32>
      // building vectors and taking them apart
      %a, %b, %c, %d = vector.to_elements %mx : vector<4xf32>
      %fe = vector.from_elements %d, %c, %b, %a : vector<4xf32>
      %c16 = arith.constant 16 : index
      %at = arith.muli %x, %c4 : index
      %st = vector.step : vector<4xindex>
      %sti = arith.index_cast %st : vector<4xindex> to vector<4xi32>
      %sum2 = arith.addi %i, %sti : vector<4xi32>
      %bc = vector.bitcast %sum2 : vector<4xi32> to vector<4xf32>
      %bcb = vector.bitcast %fe : vector<4xf32> to vector<4xi32>
      %one = vector.extract_strided_slice %bcb {offsets = [2], sizes = [1], strides = [1]} : vector<4xi32> to vector<1xi32>
      %sc = vector.shape_cast %one : vector<1xi32> to vector<i32>
      %sc1 = vector.shape_cast %sc : vector<i32> to vector<1xi32>
      %sce = vector.extract %sc1[0] : i32 from vector<1xi32>
      %scb = vector.broadcast %sce : i32 to vector<4xi32>
      %xo0 = arith.xori %bcb, %sum2 : vector<4xi32>
      %xo = arith.addi %xo0, %scb : vector<4xi32>
      vector.store %xo, %iout[%at] : memref<64xi32>, vector<4xi32>
      %red = vector.reduction <add>, %sum2 : vector<4xi32> into i32
      %red2 = vector.reduction <maxsi>, %xo : vector<4xi32> into i32
      %rr = arith.addi %red, %red2 : i32
      %bcs = vector.extract %bc[0] : f32 from vector<4xf32>
      %bcsi = arith.bitcast %bcs : f32 to i32
      %rr2 = arith.addi %rr, %bcsi : i32
      memref.store %rr2, %scal[%x] : memref<16xi32>
      gpu.return
    }
  }
}

// -----

// Add and mul reductions of i8 and i16 computed in 32 bits (the target has
// no Int8 or Int16) wrap back to their width: vector.reduction,
// gpu.subgroup_reduce and gpu.all_reduce.
module attributes {gpu.container_module, spirv.target_env = #spirv.target_env<#spirv.vce<v1.3, [Shader, GroupNonUniformArithmetic], [SPV_KHR_storage_buffer_storage_class]>, #spirv.resource_limits<>>} {
  gpu.module @kernels {
    gpu.func @narrow_reductions(%in: memref<16xi32>, %out: memref<16x6xi32>) kernel attributes {spirv.entry_point_abi = #spirv.entry_point_abi<workgroup_size = [16, 1, 1]>} {
      %x = gpu.thread_id x
      %v = memref.load %in[%x] : memref<16xi32>
      %k = arith.constant 37 : i32
      %a = arith.muli %v, %k : i32
      %c90 = arith.constant 90 : i32
      %b = arith.addi %a, %c90 : i32
      %a8 = arith.trunci %a : i32 to i8
      %b8 = arith.trunci %b : i32 to i8
      %b16 = arith.trunci %b : i32 to i16
      %m16 = arith.muli %b16, %b16 : i16
      %vec8 = vector.from_elements %b8, %a8, %b8, %b8 : vector<4xi8>
      %s8 = vector.reduction <add>, %vec8 : vector<4xi8> into i8
      %p8 = vector.reduction <mul>, %vec8 : vector<4xi8> into i8
      %vec16 = vector.from_elements %m16, %b16, %m16, %b16 : vector<4xi16>
      %p16 = vector.reduction <mul>, %vec16 : vector<4xi16> into i16
      %g8 = gpu.subgroup_reduce add %b8 : (i8) -> i8
      %g16 = gpu.subgroup_reduce mul %b16 : (i16) -> i16
      %all = gpu.all_reduce add %b8 uniform {} : (i8) -> i8
      %r0 = arith.extsi %s8 : i8 to i32
      %r1 = arith.extsi %p8 : i8 to i32
      %r2 = arith.extsi %p16 : i16 to i32
      %r3 = arith.extsi %g8 : i8 to i32
      %r4 = arith.extsi %g16 : i16 to i32
      %r5 = arith.extsi %all : i8 to i32
      %j0 = arith.constant 0 : index
      %j1 = arith.constant 1 : index
      %j2 = arith.constant 2 : index
      %j3 = arith.constant 3 : index
      %j4 = arith.constant 4 : index
      %j5 = arith.constant 5 : index
      memref.store %r0, %out[%x, %j0] : memref<16x6xi32>
      memref.store %r1, %out[%x, %j1] : memref<16x6xi32>
      memref.store %r2, %out[%x, %j2] : memref<16x6xi32>
      memref.store %r3, %out[%x, %j3] : memref<16x6xi32>
      memref.store %r4, %out[%x, %j4] : memref<16x6xi32>
      memref.store %r5, %out[%x, %j5] : memref<16x6xi32>
      gpu.return
    }
  }
}
