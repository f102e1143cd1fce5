// Differential kernels (vulkan_test.go) for the ops lowered before the
// conversion (vector.mask, vector.scan, expandload, compressstore) and for
// gpu.ballot and gpu.all_reduce with a combining region.

module attributes {gpu.container_module, spirv.target_env = #spirv.target_env<#spirv.vce<v1.0, [Shader], [SPV_KHR_storage_buffer_storage_class]>, #spirv.resource_limits<>>} {
  gpu.module @kernels {
    // Each thread x works on elements [4x, 4x+4) of %in with the first x+1
    // lanes on; %out holds one 16-element region per result.
    gpu.func @masked(%in: memref<64xf32>, %out: memref<128xf32>, %ints: memref<16xi32>, %iout: memref<16xi32>) kernel attributes {spirv.entry_point_abi = #spirv.entry_point_abi<workgroup_size = [4, 1, 1]>} {
      %x = gpu.thread_id x
      %c1 = arith.constant 1 : index
      %c4 = arith.constant 4 : index
      %c16 = arith.constant 16 : index
      %c32 = arith.constant 32 : index
      %c36 = arith.constant 36 : index
      %c40 = arith.constant 40 : index
      %c56 = arith.constant 56 : index
      %c72 = arith.constant 72 : index
      %c88 = arith.constant 88 : index
      %n = arith.addi %x, %c1 : index
      %rest = arith.subi %c4, %x : index
      %mask = vector.create_mask %n : vector<4xi1>
      %rmask = vector.create_mask %rest : vector<4xi1>
      %base = arith.muli %x, %c4 : index
      %pad = arith.constant 0.5 : f32
      %pass = arith.constant dense<[-1.0, -2.0, -3.0, -4.0]> : vector<4xf32>
      // transfer_read with a pass-through, stored whole.
      %r = vector.mask %mask, %pass { vector.transfer_read %in[%base], %pad : memref<64xf32>, vector<4xf32> } : vector<4xi1> -> vector<4xf32>
      vector.store %r, %out[%base] : memref<128xf32>, vector<4xf32>
      // transfer_write of the last 4-x lanes only.
      %w = arith.addf %r, %r : vector<4xf32>
      %wat = arith.addi %base, %c16 : index
      vector.mask %rmask { vector.transfer_write %w, %out[%wat] : vector<4xf32>, memref<128xf32> } : vector<4xi1>
      // Reductions over the lanes that are on.
      %v = vector.load %in[%base] : memref<64xf32>, vector<4xf32>
      %s = vector.mask %mask { vector.reduction <add>, %v : vector<4xf32> into f32 } : vector<4xi1> -> f32
      %acc = arith.constant 100.0 : f32
      %mr = vector.mask %rmask { vector.multi_reduction <maximumf>, %v, %acc [0] : vector<4xf32> to f32 } : vector<4xi1> -> f32
      %sm = arith.addf %s, %mr : f32
      %sat = arith.addi %x, %c32 : index
      memref.store %sm, %out[%sat] : memref<128xf32>
      %iv = vector.load %ints[%base] : memref<16xi32>, vector<4xi32>
      %imax = vector.mask %rmask { vector.reduction <maxsi>, %iv : vector<4xi32> into i32 } : vector<4xi1> -> i32
      %iacc = arith.constant 7 : i32
      %iand = vector.mask %mask { vector.reduction <minui>, %iv, %iacc : vector<4xi32> into i32 } : vector<4xi1> -> i32
      %ir = arith.muli %imax, %iand : i32
      memref.store %ir, %iout[%x] : memref<16xi32>
      // Scans: exclusive add from an initial value, inclusive max.
      %init = vector.broadcast %pad : f32 to vector<f32>
      %sc:2 = vector.scan <add>, %v, %init {inclusive = false, reduction_dim = 0 : i64} : vector<4xf32>, vector<f32>
      %scat = arith.addi %base, %c40 : index
      vector.store %sc#0, %out[%scat] : memref<128xf32>, vector<4xf32>
      %last = vector.extract %sc#1[] : f32 from vector<f32>
      %lat = arith.addi %x, %c36 : index
      memref.store %last, %out[%lat] : memref<128xf32>
      %mx:2 = vector.scan <maxnumf>, %v, %init {inclusive = true, reduction_dim = 0 : i64} : vector<4xf32>, vector<f32>
      %mxat = arith.addi %base, %c56 : index
      vector.store %mx#0, %out[%mxat] : memref<128xf32>, vector<4xf32>
      // Expand into and compress out of the lanes whose value is positive.
      %zero = arith.constant dense<0.0> : vector<4xf32>
      %pos = arith.cmpf ogt, %v, %zero : vector<4xf32>
      %e = vector.expandload %in[%base], %pos, %pass : memref<64xf32>, vector<4xi1>, vector<4xf32> into vector<4xf32>
      %eat = arith.addi %base, %c72 : index
      vector.store %e, %out[%eat] : memref<128xf32>, vector<4xf32>
      %cat = arith.addi %base, %c88 : index
      vector.compressstore %out[%cat], %pos, %w : memref<128xf32>, vector<4xi1>, vector<4xf32>
      gpu.return
    }
  }
}

// -----

module attributes {gpu.container_module, spirv.target_env = #spirv.target_env<#spirv.vce<v1.3, [Shader, GroupNonUniformBallot], [SPV_KHR_storage_buffer_storage_class]>, #spirv.resource_limits<>>} {
  gpu.module @kernels {
    gpu.func @ballot(%buf: memref<16xi32>, %out: memref<16xi32>, %narrow: memref<16xi32>) kernel attributes {spirv.entry_point_abi = #spirv.entry_point_abi<workgroup_size = [16, 1, 1]>} {
      %x = gpu.thread_id x
      %v = memref.load %buf[%x] : memref<16xi32>
      %c3 = arith.constant 3 : i32
      %p = arith.cmpi sgt, %v, %c3 : i32
      %b = gpu.ballot %p : i32
      memref.store %b, %out[%x] : memref<16xi32>
      // An i8 ballot (computed in 32 bits) read back sign-extended.
      %n = gpu.ballot %p : i8
      %n32 = arith.extsi %n : i8 to i32
      memref.store %n32, %narrow[%x] : memref<16xi32>
      gpu.return
    }
  }
}

// -----

// 20 invocations: the last subgroup is partial when subgroups have 8
// lanes (lavapipe, which then rounds NumSubgroups down).
module attributes {gpu.container_module, spirv.target_env = #spirv.target_env<#spirv.vce<v1.3, [Shader, GroupNonUniformShuffle, GroupNonUniformArithmetic], [SPV_KHR_storage_buffer_storage_class]>, #spirv.resource_limits<>>} {
  gpu.module @kernels {
    gpu.func @all_reduce_region(%in: memref<20xi32>, %f: memref<20xf32>, %out: memref<20xi32>, %fout: memref<20xf32>) kernel attributes {spirv.entry_point_abi = #spirv.entry_point_abi<workgroup_size = [20, 1, 1]>} {
      %x = gpu.thread_id x
      %v = memref.load %in[%x] : memref<20xi32>
      %r = gpu.all_reduce %v {
      ^bb0(%a: i32, %b: i32):
        // max(a, b) + 1, less the 1: the max, through several ops.
        %c1 = arith.constant 1 : i32
        %m = arith.maxsi %a, %b : i32
        %p = arith.addi %m, %c1 : i32
        %s = arith.subi %p, %c1 : i32
        gpu.yield %s : i32
      } : (i32) -> i32
      %fx = memref.load %f[%x] : memref<20xf32>
      %fr = gpu.all_reduce %fx uniform {
      ^bb0(%a: f32, %b: f32):
        %s = arith.addf %a, %b : f32
        gpu.yield %s : f32
      } : (f32) -> f32
      %sum = gpu.all_reduce add %v uniform {} : (i32) -> i32
      %xi = arith.index_cast %x : index to i32
      %rs = arith.muli %r, %sum : i32
      %rx = arith.addi %rs, %xi : i32
      memref.store %rx, %out[%x] : memref<20xi32>
      memref.store %fr, %fout[%x] : memref<20xf32>
      gpu.return
    }
  }
}

// -----

// gpu.subgroup_broadcast from the first active lane, from a constant lane
// (GroupNonUniformBroadcast) and from a lane read from memory
// (GroupNonUniformShuffle before SPIR-V 1.5). Both lanes (3, and buf[3] =
// 2) exist in SwiftShader's subgroups of 4; a lane past the subgroup is
// undefined, which the interpreter refuses.
module attributes {gpu.container_module, spirv.target_env = #spirv.target_env<#spirv.vce<v1.3, [Shader, GroupNonUniformBallot, GroupNonUniformShuffle], [SPV_KHR_storage_buffer_storage_class]>, #spirv.resource_limits<>>} {
  gpu.module @kernels {
    gpu.func @broadcast(%buf: memref<16xi32>, %out: memref<16x3xi32>) kernel attributes {spirv.entry_point_abi = #spirv.entry_point_abi<workgroup_size = [16, 1, 1]>} {
      %x = gpu.thread_id x
      %v = memref.load %buf[%x] : memref<16xi32>
      %c3i = arith.constant 3 : i32
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c2 = arith.constant 2 : index
      %c3 = arith.constant 3 : index
      %l = memref.load %buf[%c3] : memref<16xi32>
      %f = gpu.subgroup_broadcast %v, first_active_lane : i32
      %s = gpu.subgroup_broadcast %v, specific_lane %c3i : i32
      %d = gpu.subgroup_broadcast %v, specific_lane %l : i32
      memref.store %f, %out[%x, %c0] : memref<16x3xi32>
      memref.store %s, %out[%x, %c1] : memref<16x3xi32>
      memref.store %d, %out[%x, %c2] : memref<16x3xi32>
      gpu.return
    }
  }
}

// -----

// A workgroup no larger than the target's min_subgroup_size is one
// subgroup: all_reduce of a kind is the subgroup's reduction alone, and one
// with a combining region folds no other subgroup (allreduce-barriers.mlir).
// Lavapipe's subgroups have 8 lanes, SwiftShader's 4.
module attributes {gpu.container_module, spirv.target_env = #spirv.target_env<#spirv.vce<v1.3, [Shader, GroupNonUniformShuffle, GroupNonUniformArithmetic], [SPV_KHR_storage_buffer_storage_class]>, #spirv.resource_limits<min_subgroup_size = 4>>} {
  gpu.module @kernels {
    gpu.func @all_reduce_one_subgroup(%in: memref<4xi32>, %out: memref<4xi32>) kernel attributes {spirv.entry_point_abi = #spirv.entry_point_abi<workgroup_size = [4, 1, 1]>} {
      %x = gpu.thread_id x
      %v = memref.load %in[%x] : memref<4xi32>
      %s = gpu.all_reduce add %v {} : (i32) -> i32
      %m = gpu.all_reduce %v uniform {
      ^bb0(%a: i32, %b: i32):
        %r = arith.maxsi %a, %b : i32
        gpu.yield %r : i32
      } : (i32) -> i32
      %c10 = arith.constant 10 : i32
      %sm = arith.muli %s, %c10 : i32
      %y = arith.addi %sm, %m : i32
      memref.store %y, %out[%x] : memref<4xi32>
      gpu.return
    }
  }
}

// -----

// 128 invocations in two rows: no subgroup is partial whatever the subgroup
// size, so the fold's bound is NumSubgroups as it is, and the elected lane
// publishes each subgroup's sum (allreduce-barriers.mlir).
module attributes {gpu.container_module, spirv.target_env = #spirv.target_env<#spirv.vce<v1.3, [Shader, GroupNonUniformArithmetic], [SPV_KHR_storage_buffer_storage_class]>, #spirv.resource_limits<>>} {
  gpu.module @kernels {
    gpu.func @all_reduce_full_subgroups(%in: memref<2x64xi32>, %out: memref<2x64xi32>) kernel attributes {spirv.entry_point_abi = #spirv.entry_point_abi<workgroup_size = [64, 2, 1]>} {
      %x = gpu.thread_id x
      %y = gpu.thread_id y
      %v = memref.load %in[%y, %x] : memref<2x64xi32>
      %s = gpu.all_reduce add %v uniform {} : (i32) -> i32
      %m = gpu.all_reduce maxsi %v {} : (i32) -> i32
      %c1000 = arith.constant 1000 : i32
      %sm = arith.muli %s, %c1000 : i32
      %r = arith.addi %sm, %m : i32
      memref.store %r, %out[%y, %x] : memref<2x64xi32>
      gpu.return
    }
  }
}

// -----

// gpu.barrier of subgroup scope (ControlBarrier <Subgroup>): each lane
// reads the workgroup memory its neighbour (lane x xor 1, in its subgroup
// when subgroups have an even size, as SwiftShader's 4 and lavapipe's do)
// wrote before the barrier; the workgroup-scope barrier with an empty
// memfence list orders the second round.
module attributes {gpu.container_module, spirv.target_env = #spirv.target_env<#spirv.vce<v1.3, [Shader], [SPV_KHR_storage_buffer_storage_class]>, #spirv.resource_limits<>>} {
  gpu.module @kernels {
    gpu.func @subgroup_barrier(%buf: memref<16xi32>, %out: memref<16x2xi32>) workgroup(%tile: memref<16xi32, #gpu.address_space<workgroup>>) kernel attributes {spirv.entry_point_abi = #spirv.entry_point_abi<workgroup_size = [16, 1, 1]>} {
      %x = gpu.thread_id x
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c15 = arith.constant 15 : index
      %v = memref.load %buf[%x] : memref<16xi32>
      memref.store %v, %tile[%x] : memref<16xi32, #gpu.address_space<workgroup>>
      gpu.barrier memfence [#gpu.address_space<workgroup>] scope <subgroup>
      %n = arith.xori %x, %c1 : index
      %w = memref.load %tile[%n] : memref<16xi32, #gpu.address_space<workgroup>>
      memref.store %w, %out[%x, %c0] : memref<16x2xi32>
      gpu.barrier
      %s = arith.addi %v, %w : i32
      memref.store %s, %tile[%x] : memref<16xi32, #gpu.address_space<workgroup>>
      gpu.barrier memfence [] scope <workgroup>
      %r = arith.subi %c15, %x : index
      %u = memref.load %tile[%r] : memref<16xi32, #gpu.address_space<workgroup>>
      memref.store %u, %out[%x, %c1] : memref<16x2xi32>
      gpu.return
    }
  }
}
