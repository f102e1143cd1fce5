// Kernels whose lowering must pass spirv-val (validate_test.go) and compute
// on Vulkan what the interpreter does (vulkan_test.go); one module per split
// chunk (the clustered reductions are in kernels_gpu.mlir). Storage
// buffers and workgroup arrays have different lengths: spirv/serialize
// gives arrays that differ only in their stride one type id (reported).

module attributes {gpu.container_module, spirv.target_env = #spirv.target_env<#spirv.vce<v1.3, [Shader, GroupNonUniformArithmetic], [SPV_KHR_storage_buffer_storage_class]>, #spirv.resource_limits<>>} {
  gpu.module @kernels {
    gpu.func @all_reduce(%in: memref<128xf32>, %out: memref<128xf32>) kernel attributes {spirv.entry_point_abi = #spirv.entry_point_abi<workgroup_size = [64, 1, 1]>} {
      %x = gpu.thread_id x
      %v = memref.load %in[%x] : memref<128xf32>
      %s = gpu.all_reduce add %v uniform {} : (f32) -> f32
      %m = gpu.all_reduce maxnumf %v uniform {} : (f32) -> f32
      %r = arith.addf %s, %m : f32
      memref.store %r, %out[%x] : memref<128xf32>
      gpu.return
    }
  }
}

// -----

module attributes {gpu.container_module, spirv.target_env = #spirv.target_env<#spirv.vce<v1.3, [Shader, GroupNonUniformArithmetic, GroupNonUniformShuffle, GroupNonUniformShuffleRelative], [SPV_KHR_storage_buffer_storage_class]>, #spirv.resource_limits<subgroup_size = 32>>} {
  gpu.module @kernels {
    gpu.func @subgroup(%buf: memref<32xi32>) kernel attributes {spirv.entry_point_abi = #spirv.entry_point_abi<workgroup_size = [32, 1, 1]>} {
      %x = gpu.thread_id x
      %v = memref.load %buf[%x] : memref<32xi32>
      %a = gpu.subgroup_reduce add %v : (i32) -> i32
      %b = gpu.subgroup_reduce maxsi %v : (i32) -> i32
      %c1 = arith.constant 1 : i32
      %w = arith.constant 32 : i32
      %sh, %ok = gpu.shuffle xor %a, %c1, %w : i32
      %dn, %dok = gpu.shuffle down %a, %c1, %w : i32
      %up, %uok = gpu.shuffle up %dn, %c1, %w : i32
      %both = arith.andi %dok, %uok : i1
      %pick = arith.select %both, %up, %sh : i32
      %r = arith.addi %pick, %b : i32
      memref.store %r, %buf[%x] : memref<32xi32>
      gpu.return
    }
  }
}

// -----

module attributes {gpu.container_module, spirv.target_env = #spirv.target_env<#spirv.vce<v1.0, [Shader], [SPV_KHR_storage_buffer_storage_class]>, #spirv.resource_limits<>>} {
  gpu.module @kernels {
    gpu.func @loops(%buf: memref<16xf32>, %bytes: memref<16xi8>, %n: index) workgroup(%tile: memref<32xf32, #gpu.address_space<workgroup>>) private(%tmp: memref<4xf32, #gpu.address_space<private>>) kernel attributes {spirv.entry_point_abi = #spirv.entry_point_abi<workgroup_size = [16, 1, 1]>} {
      %x = gpu.thread_id x
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %zero = arith.constant 0.0 : f32
      %v = memref.load %buf[%x] : memref<16xf32>
      memref.store %v, %tile[%x] : memref<32xf32, #gpu.address_space<workgroup>>
      gpu.barrier
      %sum = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero) -> (f32) {
        %t = memref.load %tile[%i] : memref<32xf32, #gpu.address_space<workgroup>>
        %a = arith.addf %acc, %t : f32
        scf.yield %a : f32
      }
      memref.store %sum, %tmp[%c0] : memref<4xf32, #gpu.address_space<private>>
      %l = memref.alloca() : memref<2xf32>
      memref.store %sum, %l[%c1] : memref<2xf32>
      %s2 = memref.load %l[%c1] : memref<2xf32>
      %big = arith.cmpf ogt, %s2, %zero : f32
      %r = scf.if %big -> (f32) {
        %e = math.floor %s2 : f32
        scf.yield %e : f32
      } else {
        scf.yield %zero : f32
      }
      memref.store %r, %buf[%x] : memref<16xf32>
      // Count down to zero by twos from x: the steps taken and the end value.
      %c2 = arith.constant 2 : index
      %steps, %end = scf.while (%i = %x, %s = %c0) : (index, index) -> (index, index) {
        %more = arith.cmpi sgt, %i, %c0 : index
        scf.condition(%more) %s, %i : index, index
      } do {
      ^bb0(%sa: index, %ia: index):
        %n1 = arith.subi %ia, %c2 : index
        %s3 = arith.addi %sa, %c1 : index
        scf.yield %n1, %s3 : index, index
      }
      %sf = arith.index_cast %steps : index to i32
      %ef = arith.index_cast %end : index to i32
      %ws = arith.addi %sf, %ef : i32
      %w8 = arith.trunci %ws : i32 to i8
      %b = memref.load %bytes[%x] : memref<16xi8>
      %bw = arith.addi %b, %w8 : i8
      %b2 = arith.addi %bw, %b : i8
      memref.store %b2, %bytes[%x] : memref<16xi8>
      gpu.return
    }
  }
}

// -----

module attributes {gpu.container_module, spirv.target_env = #spirv.target_env<#spirv.vce<v1.0, [Shader], [SPV_KHR_storage_buffer_storage_class]>, #spirv.resource_limits<>>} {
  gpu.module @kernels {
    gpu.func @views(%counter: memref<4xi32>, %m: memref<8x8xf32>, %v: memref<32xf32>) kernel attributes {spirv.entry_point_abi = #spirv.entry_point_abi<workgroup_size = [8, 1, 1]>} {
      %x = gpu.thread_id x
      %c0 = arith.constant 0 : index
      %one = arith.constant 1 : i32
      %old = memref.atomic_rmw addi %one, %counter[%c0] : (i32, memref<4xi32>) -> i32
      %sub = memref.subview %m[2, 3] [4, 4] [1, 1] : memref<8x8xf32> to memref<4x4xf32, strided<[8, 1], offset: 19>>
      %c1 = arith.constant 1 : index
      %c4 = arith.constant 4 : index
      %in = arith.cmpi slt, %x, %c4 : index
      scf.if %in {
        %e = memref.load %sub[%x, %c1] : memref<4x4xf32, strided<[8, 1], offset: 19>>
        %d = arith.addf %e, %e : f32
        memref.store %d, %sub[%c1, %x] : memref<4x4xf32, strided<[8, 1], offset: 19>>
      }
      %vec = vector.load %v[%x] : memref<32xf32>, vector<4xf32>
      %red = vector.reduction <maxnumf>, %vec : vector<4xf32> into f32
      %bc = vector.broadcast %red : f32 to vector<2xf32>
      %c16 = arith.constant 16 : index
      %x2 = arith.addi %x, %x : index
      %at = arith.addi %x2, %c16 : index
      %k = arith.index_cast %x : index to i32
      %odd = arith.andi %k, %one : i32
      %isodd = arith.cmpi eq, %odd, %one : i32
      scf.if %isodd {
        vector.store %bc, %v[%at] : memref<32xf32>, vector<2xf32>
      }
      gpu.return
    }
  }
}
