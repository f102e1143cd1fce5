// RUN: kiln opt %s --split-input-file --convert-to-spirv=convert-gpu-modules | FileCheck %s

// vector.mask, vector.scan and expandload are lowered to scalar code
// before the conversion.
// CHECK-LABEL: spirv.module @__spv__vec
// CHECK: spirv.func @masked
// CHECK: spirv.mlir.selection
// CHECK: spirv.Load "StorageBuffer"
// CHECK: spirv.Select %{{.*}}, %{{.*}}, %{{.*}} : vector<4xi1>, vector<4xf32>
// CHECK: spirv.FAdd
// CHECK-NOT: vector.
// CHECK: gpu.module @vec
module attributes {gpu.container_module, spirv.target_env = #spirv.target_env<#spirv.vce<v1.0, [Shader], [SPV_KHR_storage_buffer_storage_class]>, #spirv.resource_limits<>>} {
  gpu.module @vec {
    gpu.func @masked(%in: memref<16xf32>, %out: memref<16xf32>) kernel attributes {spirv.entry_point_abi = #spirv.entry_point_abi<workgroup_size = [1, 1, 1]>} {
      %c0 = arith.constant 0 : index
      %c2 = arith.constant 2 : index
      %pad = arith.constant 0.0 : f32
      %mask = vector.create_mask %c2 : vector<4xi1>
      %pass = arith.constant dense<1.0> : vector<4xf32>
      %r = vector.mask %mask, %pass { vector.transfer_read %in[%c0], %pad : memref<16xf32>, vector<4xf32> } : vector<4xi1> -> vector<4xf32>
      %init = vector.broadcast %pad : f32 to vector<f32>
      %s:2 = vector.scan <add>, %r, %init {inclusive = true, reduction_dim = 0 : i64} : vector<4xf32>, vector<f32>
      %e = vector.expandload %in[%c2], %mask, %s#0 : memref<16xf32>, vector<4xi1>, vector<4xf32> into vector<4xf32>
      vector.store %e, %out[%c0] : memref<16xf32>, vector<4xf32>
      gpu.return
    }
  }
}

// -----

// gpu.ballot's result is word 0 of GroupNonUniformBallot; an i64 one
// joins words 0 and 1 (in MLIR's order of ops); an i8 computed in 32 bits
// is word 0 kept sign-extended from its 8 bits.
// CHECK-LABEL: spirv.module @__spv__ballot
// CHECK: %[[B:.*]] = spirv.GroupNonUniformBallot <Subgroup> %{{.*}} : vector<4xi32>
// CHECK: spirv.CompositeExtract %[[B]][0 : i32] : vector<4xi32>
// CHECK: %[[W:.*]] = spirv.GroupNonUniformBallot <Subgroup> %{{.*}} : vector<4xi32>
// CHECK-NEXT: %[[LO:.*]] = spirv.CompositeExtract %[[W]][0 : i32] : vector<4xi32>
// CHECK-NEXT: %[[HI:.*]] = spirv.CompositeExtract %[[W]][1 : i32] : vector<4xi32>
// CHECK-NEXT: %[[LO64:.*]] = spirv.UConvert %[[LO]] : i32 to i64
// CHECK-NEXT: %[[HI64:.*]] = spirv.UConvert %[[HI]] : i32 to i64
// CHECK-NEXT: %[[C32:.*]] = spirv.Constant 32 : i64
// CHECK-NEXT: %[[SH:.*]] = spirv.ShiftLeftLogical %[[HI64]], %[[C32]] : i64, i64
// CHECK-NEXT: spirv.BitwiseOr %[[LO64]], %[[SH]] : i64
// CHECK: %[[N:.*]] = spirv.GroupNonUniformBallot <Subgroup> %{{.*}} : vector<4xi32>
// CHECK-NEXT: %[[N0:.*]] = spirv.CompositeExtract %[[N]][0 : i32] : vector<4xi32>
// CHECK-NEXT: %[[C24:.*]] = spirv.Constant 24 : i32
// CHECK-NEXT: %[[SHL:.*]] = spirv.ShiftLeftLogical %[[N0]], %[[C24]] : i32, i32
// CHECK-NEXT: spirv.ShiftRightArithmetic %[[SHL]], %[[C24]] : i32, i32
module attributes {gpu.container_module, spirv.target_env = #spirv.target_env<#spirv.vce<v1.3, [Shader, GroupNonUniformBallot, Int64], [SPV_KHR_storage_buffer_storage_class]>, #spirv.resource_limits<>>} {
  gpu.module @ballot {
    gpu.func @ballot(%buf: memref<16xi32>, %wide: memref<16xi64>) kernel attributes {spirv.entry_point_abi = #spirv.entry_point_abi<workgroup_size = [16, 1, 1]>} {
      %x = gpu.thread_id x
      %v = memref.load %buf[%x] : memref<16xi32>
      %c3 = arith.constant 3 : i32
      %p = arith.cmpi sgt, %v, %c3 : i32
      %b = gpu.ballot %p : i32
      %w = gpu.ballot %p : i64
      %n = gpu.ballot %p : i8
      %n32 = arith.extsi %n : i8 to i32
      memref.store %b, %buf[%x] : memref<16xi32>
      memref.store %w, %wide[%x] : memref<16xi64>
      memref.store %n32, %buf[%x] : memref<16xi32>
      gpu.return
    }
  }
}

// -----

// An all_reduce with a combining region: a ShuffleXor butterfly in the
// subgroup, whose lane 0 publishes to workgroup memory, then a fold of the
// subgroups' results; the region's body is inlined at both places.
// CHECK-LABEL: spirv.module @__spv__region
// CHECK: spirv.GlobalVariable @__all_reduce_mem__region_1 : !spirv.ptr<!spirv.struct<(!spirv.array<20 x i32>)>, Workgroup>
// CHECK: spirv.func @region
// CHECK: spirv.mlir.loop {
// CHECK: ^bb1(%[[D:.*]]: i32):
// CHECK: spirv.ULessThan %[[D]], %{{.*}} : i32
// CHECK: %[[A:.*]] = spirv.Load "Function"
// CHECK: %[[Y:.*]] = spirv.GroupNonUniformShuffleXor <Subgroup> %[[A]], %[[D]] : i32, i32
// CHECK: %[[M:.*]] = spirv.GL.SMax %[[A]], %[[Y]] : i32
// CHECK: %[[C:.*]] = spirv.IMul %[[M]], %{{.*}} : i32
// CHECK: %[[X:.*]] = spirv.BitwiseXor %{{.*}}, %[[D]] : i32
// CHECK: %[[OK:.*]] = spirv.ULessThan %[[X]], %{{.*}} : i32
// CHECK: spirv.Select %[[OK]], %[[C]], %[[A]] : i1, i32
// CHECK: spirv.ShiftLeftLogical %[[D]]
// CHECK: spirv.IEqual
// CHECK: spirv.Store "Workgroup"
// CHECK: spirv.ControlBarrier <Workgroup>, <Workgroup>, <AcquireRelease|WorkgroupMemory>
// CHECK: spirv.mlir.loop {
// CHECK: spirv.Load "Workgroup"
// CHECK: spirv.GL.SMax
// CHECK: spirv.IMul
// Run once per invocation (no loop), it needs no second barrier.
// CHECK-NOT: spirv.ControlBarrier
// CHECK-NOT: gpu.yield
// CHECK: gpu.module @region
module attributes {gpu.container_module, spirv.target_env = #spirv.target_env<#spirv.vce<v1.3, [Shader, GroupNonUniformShuffle], [SPV_KHR_storage_buffer_storage_class]>, #spirv.resource_limits<>>} {
  gpu.module @region {
    gpu.func @region(%buf: memref<20xi32>) kernel attributes {spirv.entry_point_abi = #spirv.entry_point_abi<workgroup_size = [20, 1, 1]>} {
      %x = gpu.thread_id x
      %v = memref.load %buf[%x] : memref<20xi32>
      %r = gpu.all_reduce %v {
      ^bb0(%a: i32, %b: i32):
        %m = arith.maxsi %a, %b : i32
        %c3 = arith.constant 3 : i32
        %p = arith.muli %m, %c3 : i32
        gpu.yield %p : i32
      } : (i32) -> i32
      memref.store %r, %buf[%x] : memref<20xi32>
      gpu.return
    }
  }
}
