// Differential kernels for memref (TestKernelsOnVulkan).

// memref.atomic_rmw of every integer kind the lowering converts: all threads
// on one word per kind (the final value does not depend on the order), and
// assign on each thread's own word, whose old value is kept.
module attributes {gpu.container_module, spirv.target_env = #spirv.target_env<#spirv.vce<v1.0, [Shader], [SPV_KHR_storage_buffer_storage_class]>, #spirv.resource_limits<>>} {
  gpu.module @kernels {
    gpu.func @atomics(%in: memref<16xi32>, %acc: memref<8xi32>, %own: memref<32xi32>) kernel attributes {spirv.entry_point_abi = #spirv.entry_point_abi<workgroup_size = [16, 1, 1]>} {
      %x = gpu.thread_id x
      %c0 = arith.constant 0 : index
      %v0 = memref.load %in[%x] : memref<16xi32>
      %c5 = arith.constant 5 : i32
      %v = arith.subi %v0, %c5 : i32
      %k = arith.constant -1640531535 : i32
      %w = arith.muli %v, %k : i32
      %i0 = arith.constant 0 : index
      %o0 = memref.atomic_rmw addi %v, %acc[%i0] : (i32, memref<8xi32>) -> i32
      %i1 = arith.constant 1 : index
      %o1 = memref.atomic_rmw maxs %v, %acc[%i1] : (i32, memref<8xi32>) -> i32
      %i2 = arith.constant 2 : index
      %o2 = memref.atomic_rmw maxu %w, %acc[%i2] : (i32, memref<8xi32>) -> i32
      %i3 = arith.constant 3 : index
      %o3 = memref.atomic_rmw mins %v, %acc[%i3] : (i32, memref<8xi32>) -> i32
      %i4 = arith.constant 4 : index
      %o4 = memref.atomic_rmw minu %w, %acc[%i4] : (i32, memref<8xi32>) -> i32
      %i5 = arith.constant 5 : index
      %o5 = memref.atomic_rmw ori %w, %acc[%i5] : (i32, memref<8xi32>) -> i32
      %i6 = arith.constant 6 : index
      %o6 = memref.atomic_rmw andi %w, %acc[%i6] : (i32, memref<8xi32>) -> i32
      %i7 = arith.constant 7 : index
      %o7 = memref.atomic_rmw xori %w, %acc[%i7] : (i32, memref<8xi32>) -> i32
      %ten = arith.constant 10 : i32
      %mine = arith.addi %w, %ten : i32
      %old = memref.atomic_rmw assign %mine, %own[%x] : (i32, memref<32xi32>) -> i32
      %c16 = arith.constant 16 : index
      %x16 = arith.addi %x, %c16 : index
      memref.store %old, %own[%x16] : memref<32xi32>
      gpu.return
    }
  }
}

// -----

// Loads and stores through views: a strided subview of a 2-d memref and a
// subview of it, a reinterpret_cast to another shape and offset, and casts to
// and from a dynamic shape.
module attributes {gpu.container_module, spirv.target_env = #spirv.target_env<#spirv.vce<v1.0, [Shader], [SPV_KHR_storage_buffer_storage_class]>, #spirv.resource_limits<>>} {
  gpu.module @kernels {
    gpu.func @views(%m: memref<10x8xf32>, %o: memref<10x8xf32>, %v: memref<32xf32>) kernel attributes {spirv.entry_point_abi = #spirv.entry_point_abi<workgroup_size = [16, 1, 1]>} {
      %x = gpu.thread_id x
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c2 = arith.constant 2 : index
      %c3 = arith.constant 3 : index
      %c4 = arith.constant 4 : index
      %i = arith.divui %x, %c4 : index
      %j = arith.remui %x, %c4 : index
      %sub = memref.subview %m[1, 2] [4, 4] [2, 1] : memref<10x8xf32> to memref<4x4xf32, strided<[16, 1], offset: 10>>
      %e = memref.load %sub[%i, %j] : memref<4x4xf32, strided<[16, 1], offset: 10>>
      %sub2 = memref.subview %sub[1, 1] [2, 2] [1, 2] : memref<4x4xf32, strided<[16, 1], offset: 10>> to memref<2x2xf32, strided<[16, 2], offset: 27>>
      %i2 = arith.minui %i, %c1 : index
      %j2 = arith.minui %j, %c1 : index
      %e2 = memref.load %sub2[%i2, %j2] : memref<2x2xf32, strided<[16, 2], offset: 27>>
      %flat = memref.reinterpret_cast %m to offset: [4], sizes: [19, 4], strides: [4, 1] : memref<10x8xf32> to memref<19x4xf32, strided<[4, 1], offset: 4>>
      %c15 = arith.constant 15 : index
      %r = arith.subi %c15, %x : index
      %fe = memref.load %flat[%r, %j] : memref<19x4xf32, strided<[4, 1], offset: 4>>
      %osub = memref.subview %o[1, 2] [4, 4] [2, 1] : memref<10x8xf32> to memref<4x4xf32, strided<[16, 1], offset: 10>>
      %osub2 = memref.subview %osub[1, 1] [2, 2] [1, 2] : memref<4x4xf32, strided<[16, 1], offset: 10>> to memref<2x2xf32, strided<[16, 2], offset: 27>>
      %lt2 = arith.cmpi ult, %i, %c2 : index
      %jt2 = arith.cmpi ult, %j, %c2 : index
      %in2 = arith.andi %lt2, %jt2 : i1
      scf.if %in2 {
        %d = arith.addf %e2, %e : f32
        memref.store %d, %osub2[%j, %i] : memref<2x2xf32, strided<[16, 2], offset: 27>>
      }
      %dyn = memref.cast %v : memref<32xf32> to memref<?xf32>
      %c16 = arith.constant 16 : index
      %at = arith.addi %x, %c16 : index
      memref.store %fe, %dyn[%at] : memref<?xf32>
      %back = memref.cast %dyn : memref<?xf32> to memref<32xf32>
      %ve = memref.load %back[%x] : memref<32xf32>
      %vs = arith.mulf %ve, %fe : f32
      memref.store %vs, %dyn[%x] : memref<?xf32>
      gpu.return
    }
  }
}

// -----

// i16, i1 and i8 memrefs packed into i32 words (no 8- or 16-bit storage on
// this target): neighbouring threads write the same words; i16 arithmetic
// that wraps; an i8 constant above 127.
module attributes {gpu.container_module, spirv.target_env = #spirv.target_env<#spirv.vce<v1.0, [Shader], [SPV_KHR_storage_buffer_storage_class]>, #spirv.resource_limits<>>} {
  gpu.module @kernels {
    gpu.func @packed(%h: memref<32xi16>, %flags: memref<16xi1>, %bytes: memref<32xi8>, %out: memref<16xi32>) kernel attributes {spirv.entry_point_abi = #spirv.entry_point_abi<workgroup_size = [16, 1, 1]>} {
      %x = gpu.thread_id x
      %c15 = arith.constant 15 : index
      %y = arith.subi %c15, %x : index
      %a = memref.load %h[%x] : memref<32xi16>
      %b = memref.load %h[%y] : memref<32xi16>
      %c7 = arith.constant 7 : i16
      %d = arith.subi %a, %c7 : i16
      %k = arith.constant 9000 : i16
      %m = arith.muli %d, %k : i16
      %one16 = arith.constant 1 : i16
      %b1 = arith.addi %b, %one16 : i16
      %n = arith.divsi %m, %b1 : i16
      %c16 = arith.constant 16 : index
      %x16 = arith.addi %x, %c16 : index
      memref.store %n, %h[%x16] : memref<32xi16>
      %p = arith.cmpi slt, %d, %b : i16
      memref.store %p, %flags[%x] : memref<16xi1>
      %q = memref.load %flags[%x] : memref<16xi1>
      %cb = memref.load %bytes[%x] : memref<32xi8>
      %c200 = arith.constant 200 : i8
      %big = arith.addi %cb, %c200 : i8
      %ext = arith.extsi %big : i8 to i32
      %uext = arith.extui %big : i8 to i32
      %sum = arith.addi %ext, %uext : i32
      %z = arith.constant 0 : i32
      %pick = arith.select %q, %sum, %z : i32
      memref.store %pick, %out[%x] : memref<16xi32>
      %c1 = arith.constant 1 : index
      %x1 = arith.addi %x, %c1 : index
      %wrap = arith.remui %x1, %c16 : index
      %to = arith.addi %wrap, %c16 : index
      memref.store %big, %bytes[%to] : memref<32xi8>
      gpu.return
    }
  }
}

// -----

// A 4x4 workgroup transposes a tile through workgroup memory and counts
// with a workgroup atomic (workgroup memory starts undefined on a device:
// the kernel clears it); a private alloca.
module attributes {gpu.container_module, spirv.target_env = #spirv.target_env<#spirv.vce<v1.0, [Shader], [SPV_KHR_storage_buffer_storage_class]>, #spirv.resource_limits<>>} {
  gpu.module @kernels {
    gpu.func @transpose(%in: memref<16xi32>, %out: memref<16xi32>) workgroup(%tile: memref<4x4xi32, #gpu.address_space<workgroup>>, %count: memref<4xi32, #gpu.address_space<workgroup>>) kernel attributes {spirv.entry_point_abi = #spirv.entry_point_abi<workgroup_size = [4, 4, 1]>} {
      %x = gpu.thread_id x
      %yy = gpu.thread_id y
      %c4 = arith.constant 4 : index
      %row = arith.muli %yy, %c4 : index
      %g = arith.addi %row, %x : index
      %v = memref.load %in[%g] : memref<16xi32>
      memref.store %v, %tile[%yy, %x] : memref<4x4xi32, #gpu.address_space<workgroup>>
      %c0 = arith.constant 0 : index
      %first = arith.cmpi eq, %yy, %c0 : index
      scf.if %first {
        %zero = arith.constant 0 : i32
        memref.store %zero, %count[%x] : memref<4xi32, #gpu.address_space<workgroup>>
      }
      gpu.barrier
      %t = memref.load %tile[%x, %yy] : memref<4x4xi32, #gpu.address_space<workgroup>>
      %one = arith.constant 1 : i32
      %s = memref.atomic_rmw addi %one, %count[%x] : (i32, memref<4xi32, #gpu.address_space<workgroup>>) -> i32
      gpu.barrier
      %n = memref.load %count[%x] : memref<4xi32, #gpu.address_space<workgroup>>
      %r = arith.addi %t, %n : i32
      %l = memref.alloca() : memref<3xi32, #gpu.address_space<private>>
      %c2 = arith.constant 2 : index
      memref.store %r, %l[%c2] : memref<3xi32, #gpu.address_space<private>>
      %r2 = memref.load %l[%c2] : memref<3xi32, #gpu.address_space<private>>
      memref.store %r2, %out[%g] : memref<16xi32>
      gpu.return
    }
  }
}

// -----

// memref.atomic_rmw addf (small integers: exact in any order). runtime/vulkan
// enables no float atomics, so this chunk is only validated for now.
module attributes {gpu.container_module, spirv.target_env = #spirv.target_env<#spirv.vce<v1.0, [Shader, AtomicFloat32AddEXT], [SPV_KHR_storage_buffer_storage_class, SPV_EXT_shader_atomic_float_add]>, #spirv.resource_limits<>>} {
  gpu.module @kernels {
    gpu.func @atomic_addf(%in: memref<16xf32>, %acc: memref<4xf32>) kernel attributes {spirv.entry_point_abi = #spirv.entry_point_abi<workgroup_size = [16, 1, 1]>} {
      %x = gpu.thread_id x
      %c0 = arith.constant 0 : index
      %v = memref.load %in[%x] : memref<16xf32>
      %o = memref.atomic_rmw addf %v, %acc[%c0] : (f32, memref<4xf32>) -> f32
      gpu.return
    }
  }
}

// -----

// memref.alloc in workgroup memory becomes a Workgroup global (and its
// dealloc goes); each thread reads back its own element, as the
// interpreter's private allocation gives too.
module attributes {gpu.container_module, spirv.target_env = #spirv.target_env<#spirv.vce<v1.0, [Shader], [SPV_KHR_storage_buffer_storage_class]>, #spirv.resource_limits<>>} {
  gpu.module @kernels {
    gpu.func @workgroup_alloc(%buf: memref<16xi32>) kernel attributes {spirv.entry_point_abi = #spirv.entry_point_abi<workgroup_size = [16, 1, 1]>} {
      %x = gpu.thread_id x
      %w = memref.alloc() : memref<16xi32, #gpu.address_space<workgroup>>
      %v = memref.load %buf[%x] : memref<16xi32>
      %c7 = arith.constant 7 : i32
      %s = arith.addi %v, %c7 : i32
      memref.store %s, %w[%x] : memref<16xi32, #gpu.address_space<workgroup>>
      gpu.barrier
      %r = memref.load %w[%x] : memref<16xi32, #gpu.address_space<workgroup>>
      memref.store %r, %buf[%x] : memref<16xi32>
      memref.dealloc %w : memref<16xi32, #gpu.address_space<workgroup>>
      gpu.return
    }
  }
}

// -----

// Buffers indexed by dimension (index-by-dimension): a 2-D workgroup tile
// written by rows and read by columns, a 3-D argument read and a 2-D one
// written; %odd is also read by vector.load, so it keeps the linear index.
module attributes {gpu.container_module, spirv.target_env = #spirv.target_env<#spirv.vce<v1.3, [Shader], [SPV_KHR_storage_buffer_storage_class]>, #spirv.resource_limits<>>} {
  gpu.module @kernels {
    gpu.func @by_dimension(%in: memref<2x4x4xf32>, %out: memref<4x8xf32>, %odd: memref<4x4xf32>)
      workgroup(%tile : memref<4x5xf32, #gpu.address_space<workgroup>>)
      kernel attributes {spirv.entry_point_abi = #spirv.entry_point_abi<workgroup_size = [4, 4, 1]>} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c4 = arith.constant 4 : index
      %x = gpu.thread_id x
      %y = gpu.thread_id y
      %a = memref.load %in[%c0, %y, %x] : memref<2x4x4xf32>
      %b = memref.load %in[%c1, %y, %x] : memref<2x4x4xf32>
      %s = arith.addf %a, %b : f32
      memref.store %s, %tile[%y, %x] : memref<4x5xf32, #gpu.address_space<workgroup>>
      gpu.barrier
      %t = memref.load %tile[%x, %y] : memref<4x5xf32, #gpu.address_space<workgroup>>
      %v = vector.load %odd[%y, %c0] : memref<4x4xf32>, vector<4xf32>
      %e = vector.extract %v[1] : f32 from vector<4xf32>
      %o = memref.load %odd[%x, %y] : memref<4x4xf32>
      %r = arith.addf %t, %e : f32
      %r2 = arith.addf %r, %o : f32
      %x4 = arith.addi %x, %c4 : index
      memref.store %t, %out[%y, %x] : memref<4x8xf32>
      memref.store %r2, %out[%y, %x4] : memref<4x8xf32>
      gpu.return
    }
  }
}

// -----

// memref.atomic_rmw ori, andi and xori on i8 packed four to a 32-bit word
// (the target has no 8-bit storage): four threads on each byte of words 0
// to 2, word 3 left alone (the neighbours' bits must survive). andi clears
// bits 4 to 7, which the bytes' small values do not have, so each keeps
// its value only if the other bytes of its word are left alone.
module attributes {gpu.container_module, spirv.target_env = #spirv.target_env<#spirv.vce<v1.0, [Shader], [SPV_KHR_storage_buffer_storage_class]>, #spirv.resource_limits<>>} {
  gpu.module @kernels {
    gpu.func @packed_atomics(%in: memref<16xi32>, %bytes: memref<16xi8>) kernel attributes {spirv.entry_point_abi = #spirv.entry_point_abi<workgroup_size = [16, 1, 1]>} {
      %x = gpu.thread_id x
      %v = memref.load %in[%x] : memref<16xi32>
      %b = arith.trunci %v : i32 to i8
      %c4 = arith.constant 4 : index
      %c8 = arith.constant 8 : index
      %j = arith.remui %x, %c4 : index
      %j4 = arith.addi %j, %c4 : index
      %j8 = arith.addi %j, %c8 : index
      %o0 = memref.atomic_rmw ori %b, %bytes[%j] : (i8, memref<16xi8>) -> i8
      %q = arith.divui %x, %c4 : index
      %qi = arith.index_cast %q : index to i32
      %c16 = arith.constant 16 : i32
      %ones = arith.constant -1 : i32
      %bit = arith.shli %c16, %qi : i32
      %clear = arith.xori %bit, %ones : i32
      %nb = arith.trunci %clear : i32 to i8
      %o1 = memref.atomic_rmw andi %nb, %bytes[%j4] : (i8, memref<16xi8>) -> i8
      %o2 = memref.atomic_rmw xori %b, %bytes[%j8] : (i8, memref<16xi8>) -> i8
      gpu.return
    }
  }
}
