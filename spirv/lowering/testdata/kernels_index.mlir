// Differential kernels for index (TestKernelsOnVulkan).

// Every index op on index values converted to i32; casts to and from i1,
// i8 and i32.
module attributes {gpu.container_module, spirv.target_env = #spirv.target_env<#spirv.vce<v1.0, [Shader], [SPV_KHR_storage_buffer_storage_class]>, #spirv.resource_limits<>>} {
  gpu.module @kernels {
    gpu.func @index_ops(%in: memref<16xi32>, %out: memref<16x40xi32>) kernel attributes {spirv.entry_point_abi = #spirv.entry_point_abi<workgroup_size = [16, 1, 1]>} {
      %x = gpu.thread_id x
      %c15 = arith.constant 15 : index
      %y = arith.subi %c15, %x : index
      %ia = memref.load %in[%x] : memref<16xi32>
      %ib = memref.load %in[%y] : memref<16xi32>
      %ua = index.castu %ia : i32 to index
      %ub = index.casts %ib : i32 to index
      %five = index.constant 5
      %one = index.constant 1
      // a in [-5, 5], b in [1, 11]: signed ops see negatives, unsigned ones only
      // nonnegative values (the interpreter's index is 64 bits, the device's 32)
      %a = index.sub %ua, %five
      %b = index.add %ub, %one
      %two = index.constant 2
      %r0 = index.add %a, %b
      %r1 = index.sub %a, %b
      %r2 = index.sub %b, %a
      %r3 = index.mul %a, %b
      %r4 = index.divs %a, %b
      %r5 = index.rems %a, %b
      %r6 = index.ceildivs %a, %b
      %r7 = index.floordivs %a, %b
      %r8 = index.maxs %a, %b
      %r9 = index.maxs %b, %a
      %r10 = index.mins %a, %b
      %r11 = index.mins %b, %a
      %r12 = index.and %a, %b
      %r13 = index.or %a, %b
      %r14 = index.xor %a, %b
      %r15 = index.divu %ua, %b
      %r16 = index.remu %ua, %b
      %r17 = index.ceildivu %ua, %b
      %r18 = index.maxu %ua, %b
      %r19 = index.minu %ua, %b
      %bs = index.and %b, %two
      %r20 = index.shl %a, %bs
      %r21 = index.shrs %a, %bs
      %r22 = index.shru %ua, %bs
      %zero = index.constant 0
      %nb = index.sub %zero, %b
      %r23 = index.divs %a, %nb
      %r24 = index.ceildivs %a, %nb
      %r25 = index.floordivs %a, %nb
      %peq = index.cmp eq(%a, %b)
      %r26 = index.casts %peq : i1 to index
      %pne = index.cmp ne(%a, %b)
      %r27 = index.casts %pne : i1 to index
      %pslt = index.cmp slt(%a, %b)
      %r28 = index.casts %pslt : i1 to index
      %psle = index.cmp sle(%a, %b)
      %r29 = index.casts %psle : i1 to index
      %psgt = index.cmp sgt(%a, %b)
      %r30 = index.casts %psgt : i1 to index
      %psge = index.cmp sge(%a, %b)
      %r31 = index.casts %psge : i1 to index
      %pult = index.cmp ult(%ua, %b)
      %r32 = index.casts %pult : i1 to index
      %pule = index.cmp ule(%ua, %b)
      %r33 = index.casts %pule : i1 to index
      %pugt = index.cmp ugt(%ua, %b)
      %r34 = index.casts %pugt : i1 to index
      %puge = index.cmp uge(%ua, %b)
      %r35 = index.casts %puge : i1 to index
      %t = index.bool.constant true
      %r36 = index.castu %t : i1 to index
      %size = index.sizeof
      %c32 = index.constant 32
      %wide = index.cmp uge(%size, %c32)
      %r37 = index.castu %wide : i1 to index
      %a8 = index.casts %a : index to i8
      %k8 = arith.constant 100 : i8
      %m8 = arith.muli %a8, %k8 : i8
      %r38 = index.casts %m8 : i8 to index
      %u8 = index.castu %ua : index to i8
      %r39 = index.castu %u8 : i8 to index
      %v0 = index.casts %r0 : index to i32
      %j0 = arith.constant 0 : index
      memref.store %v0, %out[%x, %j0] : memref<16x40xi32>
      %v1 = index.casts %r1 : index to i32
      %j1 = arith.constant 1 : index
      memref.store %v1, %out[%x, %j1] : memref<16x40xi32>
      %v2 = index.casts %r2 : index to i32
      %j2 = arith.constant 2 : index
      memref.store %v2, %out[%x, %j2] : memref<16x40xi32>
      %v3 = index.casts %r3 : index to i32
      %j3 = arith.constant 3 : index
      memref.store %v3, %out[%x, %j3] : memref<16x40xi32>
      %v4 = index.casts %r4 : index to i32
      %j4 = arith.constant 4 : index
      memref.store %v4, %out[%x, %j4] : memref<16x40xi32>
      %v5 = index.casts %r5 : index to i32
      %j5 = arith.constant 5 : index
      memref.store %v5, %out[%x, %j5] : memref<16x40xi32>
      %v6 = index.casts %r6 : index to i32
      %j6 = arith.constant 6 : index
      memref.store %v6, %out[%x, %j6] : memref<16x40xi32>
      %v7 = index.casts %r7 : index to i32
      %j7 = arith.constant 7 : index
      memref.store %v7, %out[%x, %j7] : memref<16x40xi32>
      %v8 = index.casts %r8 : index to i32
      %j8 = arith.constant 8 : index
      memref.store %v8, %out[%x, %j8] : memref<16x40xi32>
      %v9 = index.casts %r9 : index to i32
      %j9 = arith.constant 9 : index
      memref.store %v9, %out[%x, %j9] : memref<16x40xi32>
      %v10 = index.casts %r10 : index to i32
      %j10 = arith.constant 10 : index
      memref.store %v10, %out[%x, %j10] : memref<16x40xi32>
      %v11 = index.casts %r11 : index to i32
      %j11 = arith.constant 11 : index
      memref.store %v11, %out[%x, %j11] : memref<16x40xi32>
      %v12 = index.casts %r12 : index to i32
      %j12 = arith.constant 12 : index
      memref.store %v12, %out[%x, %j12] : memref<16x40xi32>
      %v13 = index.casts %r13 : index to i32
      %j13 = arith.constant 13 : index
      memref.store %v13, %out[%x, %j13] : memref<16x40xi32>
      %v14 = index.casts %r14 : index to i32
      %j14 = arith.constant 14 : index
      memref.store %v14, %out[%x, %j14] : memref<16x40xi32>
      %v15 = index.casts %r15 : index to i32
      %j15 = arith.constant 15 : index
      memref.store %v15, %out[%x, %j15] : memref<16x40xi32>
      %v16 = index.casts %r16 : index to i32
      %j16 = arith.constant 16 : index
      memref.store %v16, %out[%x, %j16] : memref<16x40xi32>
      %v17 = index.casts %r17 : index to i32
      %j17 = arith.constant 17 : index
      memref.store %v17, %out[%x, %j17] : memref<16x40xi32>
      %v18 = index.casts %r18 : index to i32
      %j18 = arith.constant 18 : index
      memref.store %v18, %out[%x, %j18] : memref<16x40xi32>
      %v19 = index.casts %r19 : index to i32
      %j19 = arith.constant 19 : index
      memref.store %v19, %out[%x, %j19] : memref<16x40xi32>
      %v20 = index.casts %r20 : index to i32
      %j20 = arith.constant 20 : index
      memref.store %v20, %out[%x, %j20] : memref<16x40xi32>
      %v21 = index.casts %r21 : index to i32
      %j21 = arith.constant 21 : index
      memref.store %v21, %out[%x, %j21] : memref<16x40xi32>
      %v22 = index.casts %r22 : index to i32
      %j22 = arith.constant 22 : index
      memref.store %v22, %out[%x, %j22] : memref<16x40xi32>
      %v23 = index.casts %r23 : index to i32
      %j23 = arith.constant 23 : index
      memref.store %v23, %out[%x, %j23] : memref<16x40xi32>
      %v24 = index.casts %r24 : index to i32
      %j24 = arith.constant 24 : index
      memref.store %v24, %out[%x, %j24] : memref<16x40xi32>
      %v25 = index.casts %r25 : index to i32
      %j25 = arith.constant 25 : index
      memref.store %v25, %out[%x, %j25] : memref<16x40xi32>
      %v26 = index.casts %r26 : index to i32
      %j26 = arith.constant 26 : index
      memref.store %v26, %out[%x, %j26] : memref<16x40xi32>
      %v27 = index.casts %r27 : index to i32
      %j27 = arith.constant 27 : index
      memref.store %v27, %out[%x, %j27] : memref<16x40xi32>
      %v28 = index.casts %r28 : index to i32
      %j28 = arith.constant 28 : index
      memref.store %v28, %out[%x, %j28] : memref<16x40xi32>
      %v29 = index.casts %r29 : index to i32
      %j29 = arith.constant 29 : index
      memref.store %v29, %out[%x, %j29] : memref<16x40xi32>
      %v30 = index.casts %r30 : index to i32
      %j30 = arith.constant 30 : index
      memref.store %v30, %out[%x, %j30] : memref<16x40xi32>
      %v31 = index.casts %r31 : index to i32
      %j31 = arith.constant 31 : index
      memref.store %v31, %out[%x, %j31] : memref<16x40xi32>
      %v32 = index.casts %r32 : index to i32
      %j32 = arith.constant 32 : index
      memref.store %v32, %out[%x, %j32] : memref<16x40xi32>
      %v33 = index.casts %r33 : index to i32
      %j33 = arith.constant 33 : index
      memref.store %v33, %out[%x, %j33] : memref<16x40xi32>
      %v34 = index.casts %r34 : index to i32
      %j34 = arith.constant 34 : index
      memref.store %v34, %out[%x, %j34] : memref<16x40xi32>
      %v35 = index.casts %r35 : index to i32
      %j35 = arith.constant 35 : index
      memref.store %v35, %out[%x, %j35] : memref<16x40xi32>
      %v36 = index.casts %r36 : index to i32
      %j36 = arith.constant 36 : index
      memref.store %v36, %out[%x, %j36] : memref<16x40xi32>
      %v37 = index.casts %r37 : index to i32
      %j37 = arith.constant 37 : index
      memref.store %v37, %out[%x, %j37] : memref<16x40xi32>
      %v38 = index.casts %r38 : index to i32
      %j38 = arith.constant 38 : index
      memref.store %v38, %out[%x, %j38] : memref<16x40xi32>
      %v39 = index.casts %r39 : index to i32
      %j39 = arith.constant 39 : index
      memref.store %v39, %out[%x, %j39] : memref<16x40xi32>
      gpu.return
    }
  }
}
