// Differential kernels for arith (TestKernelsOnVulkan): each thread stores
// the results of every op into its row of %out.

// Integer arithmetic on i32, every op: a in [-5, 5], b in [-4, 6] without 0,
// w = a * 0x9e3779b1 (wrapping, negative and large unsigned), shifts by b & 31.
module attributes {gpu.container_module, spirv.target_env = #spirv.target_env<#spirv.vce<v1.0, [Shader], [SPV_KHR_storage_buffer_storage_class]>, #spirv.resource_limits<>>} {
  gpu.module @kernels {
    gpu.func @int_ops(%in: memref<16xi32>, %out: memref<16x40xi32>) kernel attributes {spirv.entry_point_abi = #spirv.entry_point_abi<workgroup_size = [16, 1, 1]>} {
      %x = gpu.thread_id x
      %c15 = arith.constant 15 : index
      %y = arith.subi %c15, %x : index
      %ia = memref.load %in[%x] : memref<16xi32>
      %ib = memref.load %in[%y] : memref<16xi32>
      %c0 = arith.constant 0 : i32
      %c3 = arith.constant 3 : i32
      %c4 = arith.constant 4 : i32
      %c5 = arith.constant 5 : i32
      %c31 = arith.constant 31 : i32
      %a = arith.subi %ia, %c5 : i32
      %b0 = arith.subi %ib, %c4 : i32
      %bz = arith.cmpi eq, %b0, %c0 : i32
      %b = arith.select %bz, %c3, %b0 : i32
      %k = arith.constant -1640531535 : i32
      %w = arith.muli %a, %k : i32
      %s = arith.andi %b, %c31 : i32
      %r0 = arith.addi %a, %b : i32
      %r1 = arith.subi %a, %b : i32
      %r2 = arith.muli %a, %b : i32
      %r3 = arith.muli %a, %b overflow<nsw> : i32
      %r4 = arith.addi %a, %b overflow<nsw> : i32
      %r5 = arith.divsi %w, %b : i32
      %r6 = arith.divsi %a, %b : i32
      %r7 = arith.divui %w, %b : i32
      %r8 = arith.divui %a, %b : i32
      %r9 = arith.remsi %w, %b : i32
      %r10 = arith.remsi %a, %b : i32
      %r11 = arith.remui %w, %b : i32
      %r12 = arith.remui %a, %b : i32
      %ab = arith.muli %a, %b : i32
      %r13 = arith.divsi %ab, %b exact : i32
      %r14 = arith.andi %w, %b : i32
      %r15 = arith.ori %w, %b : i32
      %r16 = arith.xori %w, %b : i32
      %r17 = arith.shli %w, %s : i32
      %r18 = arith.shli %a, %s : i32
      %r19 = arith.shrsi %w, %s : i32
      %r20 = arith.shrsi %a, %s : i32
      %r21 = arith.shrui %w, %s : i32
      %r22 = arith.shrui %a, %s : i32
      %r23 = arith.maxsi %a, %b : i32
      %r24 = arith.maxsi %w, %b : i32
      %r25 = arith.minsi %a, %b : i32
      %r26 = arith.minsi %w, %b : i32
      %r27 = arith.maxui %a, %b : i32
      %r28 = arith.maxui %w, %b : i32
      %r29 = arith.minui %a, %b : i32
      %r30 = arith.minui %w, %b : i32
      %j0 = arith.constant 0 : index
      memref.store %r0, %out[%x, %j0] : memref<16x40xi32>
      %j1 = arith.constant 1 : index
      memref.store %r1, %out[%x, %j1] : memref<16x40xi32>
      %j2 = arith.constant 2 : index
      memref.store %r2, %out[%x, %j2] : memref<16x40xi32>
      %j3 = arith.constant 3 : index
      memref.store %r3, %out[%x, %j3] : memref<16x40xi32>
      %j4 = arith.constant 4 : index
      memref.store %r4, %out[%x, %j4] : memref<16x40xi32>
      %j5 = arith.constant 5 : index
      memref.store %r5, %out[%x, %j5] : memref<16x40xi32>
      %j6 = arith.constant 6 : index
      memref.store %r6, %out[%x, %j6] : memref<16x40xi32>
      %j7 = arith.constant 7 : index
      memref.store %r7, %out[%x, %j7] : memref<16x40xi32>
      %j8 = arith.constant 8 : index
      memref.store %r8, %out[%x, %j8] : memref<16x40xi32>
      %j9 = arith.constant 9 : index
      memref.store %r9, %out[%x, %j9] : memref<16x40xi32>
      %j10 = arith.constant 10 : index
      memref.store %r10, %out[%x, %j10] : memref<16x40xi32>
      %j11 = arith.constant 11 : index
      memref.store %r11, %out[%x, %j11] : memref<16x40xi32>
      %j12 = arith.constant 12 : index
      memref.store %r12, %out[%x, %j12] : memref<16x40xi32>
      %j13 = arith.constant 13 : index
      memref.store %r13, %out[%x, %j13] : memref<16x40xi32>
      %j14 = arith.constant 14 : index
      memref.store %r14, %out[%x, %j14] : memref<16x40xi32>
      %j15 = arith.constant 15 : index
      memref.store %r15, %out[%x, %j15] : memref<16x40xi32>
      %j16 = arith.constant 16 : index
      memref.store %r16, %out[%x, %j16] : memref<16x40xi32>
      %j17 = arith.constant 17 : index
      memref.store %r17, %out[%x, %j17] : memref<16x40xi32>
      %j18 = arith.constant 18 : index
      memref.store %r18, %out[%x, %j18] : memref<16x40xi32>
      %j19 = arith.constant 19 : index
      memref.store %r19, %out[%x, %j19] : memref<16x40xi32>
      %j20 = arith.constant 20 : index
      memref.store %r20, %out[%x, %j20] : memref<16x40xi32>
      %j21 = arith.constant 21 : index
      memref.store %r21, %out[%x, %j21] : memref<16x40xi32>
      %j22 = arith.constant 22 : index
      memref.store %r22, %out[%x, %j22] : memref<16x40xi32>
      %j23 = arith.constant 23 : index
      memref.store %r23, %out[%x, %j23] : memref<16x40xi32>
      %j24 = arith.constant 24 : index
      memref.store %r24, %out[%x, %j24] : memref<16x40xi32>
      %j25 = arith.constant 25 : index
      memref.store %r25, %out[%x, %j25] : memref<16x40xi32>
      %j26 = arith.constant 26 : index
      memref.store %r26, %out[%x, %j26] : memref<16x40xi32>
      %j27 = arith.constant 27 : index
      memref.store %r27, %out[%x, %j27] : memref<16x40xi32>
      %j28 = arith.constant 28 : index
      memref.store %r28, %out[%x, %j28] : memref<16x40xi32>
      %j29 = arith.constant 29 : index
      memref.store %r29, %out[%x, %j29] : memref<16x40xi32>
      %j30 = arith.constant 30 : index
      memref.store %r30, %out[%x, %j30] : memref<16x40xi32>
      gpu.return
    }
  }
}

// -----

// Every cmpi predicate on signed, wrapped and equal operands; i1 logic,
// comparisons, select, casts to and from i1.
module attributes {gpu.container_module, spirv.target_env = #spirv.target_env<#spirv.vce<v1.0, [Shader], [SPV_KHR_storage_buffer_storage_class]>, #spirv.resource_limits<>>} {
  gpu.module @kernels {
    gpu.func @compare(%in: memref<16xi32>, %out: memref<16x42xi32>) kernel attributes {spirv.entry_point_abi = #spirv.entry_point_abi<workgroup_size = [16, 1, 1]>} {
      %x = gpu.thread_id x
      %c15 = arith.constant 15 : index
      %y = arith.subi %c15, %x : index
      %ia = memref.load %in[%x] : memref<16xi32>
      %ib = memref.load %in[%y] : memref<16xi32>
      %c0 = arith.constant 0 : i32
      %c3 = arith.constant 3 : i32
      %c4 = arith.constant 4 : i32
      %c5 = arith.constant 5 : i32
      %c31 = arith.constant 31 : i32
      %a = arith.subi %ia, %c5 : i32
      %b0 = arith.subi %ib, %c4 : i32
      %bz = arith.cmpi eq, %b0, %c0 : i32
      %b = arith.select %bz, %c3, %b0 : i32
      %k = arith.constant -1640531535 : i32
      %w = arith.muli %a, %k : i32
      %s = arith.andi %b, %c31 : i32
      %r0 = arith.cmpi eq, %a, %b : i32
      %r1 = arith.extui %r0 : i1 to i32
      %r2 = arith.cmpi eq, %w, %b : i32
      %r3 = arith.extui %r2 : i1 to i32
      %r4 = arith.cmpi eq, %a, %a : i32
      %r5 = arith.extui %r4 : i1 to i32
      %r6 = arith.cmpi ne, %a, %b : i32
      %r7 = arith.extui %r6 : i1 to i32
      %r8 = arith.cmpi ne, %w, %b : i32
      %r9 = arith.extui %r8 : i1 to i32
      %r10 = arith.cmpi ne, %a, %a : i32
      %r11 = arith.extui %r10 : i1 to i32
      %r12 = arith.cmpi slt, %a, %b : i32
      %r13 = arith.extui %r12 : i1 to i32
      %r14 = arith.cmpi slt, %w, %b : i32
      %r15 = arith.extui %r14 : i1 to i32
      %r16 = arith.cmpi slt, %a, %a : i32
      %r17 = arith.extui %r16 : i1 to i32
      %r18 = arith.cmpi sle, %a, %b : i32
      %r19 = arith.extui %r18 : i1 to i32
      %r20 = arith.cmpi sle, %w, %b : i32
      %r21 = arith.extui %r20 : i1 to i32
      %r22 = arith.cmpi sle, %a, %a : i32
      %r23 = arith.extui %r22 : i1 to i32
      %r24 = arith.cmpi sgt, %a, %b : i32
      %r25 = arith.extui %r24 : i1 to i32
      %r26 = arith.cmpi sgt, %w, %b : i32
      %r27 = arith.extui %r26 : i1 to i32
      %r28 = arith.cmpi sgt, %a, %a : i32
      %r29 = arith.extui %r28 : i1 to i32
      %r30 = arith.cmpi sge, %a, %b : i32
      %r31 = arith.extui %r30 : i1 to i32
      %r32 = arith.cmpi sge, %w, %b : i32
      %r33 = arith.extui %r32 : i1 to i32
      %r34 = arith.cmpi sge, %a, %a : i32
      %r35 = arith.extui %r34 : i1 to i32
      %r36 = arith.cmpi ult, %a, %b : i32
      %r37 = arith.extui %r36 : i1 to i32
      %r38 = arith.cmpi ult, %w, %b : i32
      %r39 = arith.extui %r38 : i1 to i32
      %r40 = arith.cmpi ult, %a, %a : i32
      %r41 = arith.extui %r40 : i1 to i32
      %r42 = arith.cmpi ule, %a, %b : i32
      %r43 = arith.extui %r42 : i1 to i32
      %r44 = arith.cmpi ule, %w, %b : i32
      %r45 = arith.extui %r44 : i1 to i32
      %r46 = arith.cmpi ule, %a, %a : i32
      %r47 = arith.extui %r46 : i1 to i32
      %r48 = arith.cmpi ugt, %a, %b : i32
      %r49 = arith.extui %r48 : i1 to i32
      %r50 = arith.cmpi ugt, %w, %b : i32
      %r51 = arith.extui %r50 : i1 to i32
      %r52 = arith.cmpi ugt, %a, %a : i32
      %r53 = arith.extui %r52 : i1 to i32
      %r54 = arith.cmpi uge, %a, %b : i32
      %r55 = arith.extui %r54 : i1 to i32
      %r56 = arith.cmpi uge, %w, %b : i32
      %r57 = arith.extui %r56 : i1 to i32
      %r58 = arith.cmpi uge, %a, %a : i32
      %r59 = arith.extui %r58 : i1 to i32
      %r60 = arith.cmpi slt, %a, %b : i32
      %r61 = arith.cmpi sgt, %w, %c0 : i32
      %r62 = arith.andi %r60, %r61 : i1
      %r63 = arith.extui %r62 : i1 to i32
      %r64 = arith.ori %r60, %r61 : i1
      %r65 = arith.extui %r64 : i1 to i32
      %r66 = arith.xori %r60, %r61 : i1
      %r67 = arith.extui %r66 : i1 to i32
      %r68 = arith.cmpi eq, %r60, %r61 : i1
      %r69 = arith.extsi %r68 : i1 to i32
      %r70 = arith.cmpi ne, %r60, %r61 : i1
      %r71 = arith.extsi %r70 : i1 to i32
      %r72 = arith.select %r60, %r61, %r60 : i1
      %r73 = arith.extui %r72 : i1 to i32
      %r74 = arith.select %r61, %w, %a : i32
      %r75 = arith.trunci %w : i32 to i1
      %r76 = arith.extsi %r75 : i1 to i32
      %r77 = arith.uitofp %r75 : i1 to f32
      %r78 = arith.sitofp %r60 : i1 to f32
      %r79 = arith.addf %r77, %r78 : f32
      %r80 = arith.fptosi %r79 : f32 to i32
      %r81 = arith.constant true
      %r82 = arith.extui %r81 : i1 to i32
      %j0 = arith.constant 0 : index
      memref.store %r1, %out[%x, %j0] : memref<16x42xi32>
      %j1 = arith.constant 1 : index
      memref.store %r3, %out[%x, %j1] : memref<16x42xi32>
      %j2 = arith.constant 2 : index
      memref.store %r5, %out[%x, %j2] : memref<16x42xi32>
      %j3 = arith.constant 3 : index
      memref.store %r7, %out[%x, %j3] : memref<16x42xi32>
      %j4 = arith.constant 4 : index
      memref.store %r9, %out[%x, %j4] : memref<16x42xi32>
      %j5 = arith.constant 5 : index
      memref.store %r11, %out[%x, %j5] : memref<16x42xi32>
      %j6 = arith.constant 6 : index
      memref.store %r13, %out[%x, %j6] : memref<16x42xi32>
      %j7 = arith.constant 7 : index
      memref.store %r15, %out[%x, %j7] : memref<16x42xi32>
      %j8 = arith.constant 8 : index
      memref.store %r17, %out[%x, %j8] : memref<16x42xi32>
      %j9 = arith.constant 9 : index
      memref.store %r19, %out[%x, %j9] : memref<16x42xi32>
      %j10 = arith.constant 10 : index
      memref.store %r21, %out[%x, %j10] : memref<16x42xi32>
      %j11 = arith.constant 11 : index
      memref.store %r23, %out[%x, %j11] : memref<16x42xi32>
      %j12 = arith.constant 12 : index
      memref.store %r25, %out[%x, %j12] : memref<16x42xi32>
      %j13 = arith.constant 13 : index
      memref.store %r27, %out[%x, %j13] : memref<16x42xi32>
      %j14 = arith.constant 14 : index
      memref.store %r29, %out[%x, %j14] : memref<16x42xi32>
      %j15 = arith.constant 15 : index
      memref.store %r31, %out[%x, %j15] : memref<16x42xi32>
      %j16 = arith.constant 16 : index
      memref.store %r33, %out[%x, %j16] : memref<16x42xi32>
      %j17 = arith.constant 17 : index
      memref.store %r35, %out[%x, %j17] : memref<16x42xi32>
      %j18 = arith.constant 18 : index
      memref.store %r37, %out[%x, %j18] : memref<16x42xi32>
      %j19 = arith.constant 19 : index
      memref.store %r39, %out[%x, %j19] : memref<16x42xi32>
      %j20 = arith.constant 20 : index
      memref.store %r41, %out[%x, %j20] : memref<16x42xi32>
      %j21 = arith.constant 21 : index
      memref.store %r43, %out[%x, %j21] : memref<16x42xi32>
      %j22 = arith.constant 22 : index
      memref.store %r45, %out[%x, %j22] : memref<16x42xi32>
      %j23 = arith.constant 23 : index
      memref.store %r47, %out[%x, %j23] : memref<16x42xi32>
      %j24 = arith.constant 24 : index
      memref.store %r49, %out[%x, %j24] : memref<16x42xi32>
      %j25 = arith.constant 25 : index
      memref.store %r51, %out[%x, %j25] : memref<16x42xi32>
      %j26 = arith.constant 26 : index
      memref.store %r53, %out[%x, %j26] : memref<16x42xi32>
      %j27 = arith.constant 27 : index
      memref.store %r55, %out[%x, %j27] : memref<16x42xi32>
      %j28 = arith.constant 28 : index
      memref.store %r57, %out[%x, %j28] : memref<16x42xi32>
      %j29 = arith.constant 29 : index
      memref.store %r59, %out[%x, %j29] : memref<16x42xi32>
      %j30 = arith.constant 30 : index
      memref.store %r63, %out[%x, %j30] : memref<16x42xi32>
      %j31 = arith.constant 31 : index
      memref.store %r65, %out[%x, %j31] : memref<16x42xi32>
      %j32 = arith.constant 32 : index
      memref.store %r67, %out[%x, %j32] : memref<16x42xi32>
      %j33 = arith.constant 33 : index
      memref.store %r69, %out[%x, %j33] : memref<16x42xi32>
      %j34 = arith.constant 34 : index
      memref.store %r71, %out[%x, %j34] : memref<16x42xi32>
      %j35 = arith.constant 35 : index
      memref.store %r73, %out[%x, %j35] : memref<16x42xi32>
      %j36 = arith.constant 36 : index
      memref.store %r74, %out[%x, %j36] : memref<16x42xi32>
      %j37 = arith.constant 37 : index
      memref.store %r76, %out[%x, %j37] : memref<16x42xi32>
      %j38 = arith.constant 38 : index
      memref.store %r80, %out[%x, %j38] : memref<16x42xi32>
      %j39 = arith.constant 39 : index
      memref.store %r82, %out[%x, %j39] : memref<16x42xi32>
      gpu.return
    }
  }
}

// -----

// Float arithmetic, every op: operands from -3 to 7 (plus 0.375 for a), with
// NaN in a at thread 3 and in b at threads 5 and 9, +inf in a at thread 12
// and -inf in b at thread 13; min/max of signed zeros; fastmath flags.
module attributes {gpu.container_module, spirv.target_env = #spirv.target_env<#spirv.vce<v1.0, [Shader], [SPV_KHR_storage_buffer_storage_class]>, #spirv.resource_limits<>>} {
  gpu.module @kernels {
    gpu.func @float_ops(%in: memref<16xf32>, %out: memref<16x20xf32>) kernel attributes {spirv.entry_point_abi = #spirv.entry_point_abi<workgroup_size = [16, 1, 1]>} {
      %x = gpu.thread_id x
      %c15 = arith.constant 15 : index
      %y = arith.subi %c15, %x : index
      %fa0 = memref.load %in[%x] : memref<16xf32>
      %fb0 = memref.load %in[%y] : memref<16xf32>
      %xi = arith.index_cast %x : index to i32
      %i3 = arith.constant 3 : i32
      %i5 = arith.constant 5 : i32
      %i9 = arith.constant 9 : i32
      %i12 = arith.constant 12 : i32
      %i13 = arith.constant 13 : i32
      %nan = arith.constant 0x7FC00000 : f32
      %inf = arith.constant 0x7F800000 : f32
      %ninf = arith.constant 0xFF800000 : f32
      %pz = arith.constant 0.0 : f32
      %nz = arith.constant -0.0 : f32
      %half = arith.constant 0.375 : f32
      %fa1 = arith.addf %fa0, %half : f32
      %isa3 = arith.cmpi eq, %xi, %i3 : i32
      %fa2 = arith.select %isa3, %nan, %fa1 : f32
      %isa12 = arith.cmpi eq, %xi, %i12 : i32
      %fa = arith.select %isa12, %inf, %fa2 : f32
      %isb5 = arith.cmpi eq, %xi, %i5 : i32
      %isb9 = arith.cmpi eq, %xi, %i9 : i32
      %fb1 = arith.select %isb5, %nan, %fb0 : f32
      %fb2 = arith.select %isb9, %nan, %fb1 : f32
      %isb13 = arith.cmpi eq, %xi, %i13 : i32
      %fb = arith.select %isb13, %ninf, %fb2 : f32
      %r0 = arith.addf %fa, %fb : f32
      %r1 = arith.subf %fa, %fb : f32
      %r2 = arith.mulf %fa, %fb : f32
      %r3 = arith.divf %fa, %fb : f32
      %r4 = arith.remf %fa, %fb : f32
      %r5 = arith.maximumf %fa, %fb : f32
      %r6 = arith.minimumf %fa, %fb : f32
      %r7 = arith.maxnumf %fa, %fb : f32
      %r8 = arith.minnumf %fa, %fb : f32
      %r9 = arith.negf %fa : f32
      %r10 = arith.addf %fa1, %fb0 fastmath<fast> : f32
      %r11 = arith.mulf %fa1, %fb0 fastmath<fast> : f32
      %r12 = arith.divf %fa1, %fb0 fastmath<fast> : f32
      %r13 = arith.maximumf %fa1, %fb0 fastmath<nnan> : f32
      %r14 = arith.minnumf %fa1, %fb0 fastmath<nnan, ninf> : f32
      %r15 = arith.negf %fb0 fastmath<nsz> : f32
      %r16 = arith.maximumf %nz, %pz : f32
      %r17 = arith.minimumf %pz, %nz : f32
      %r18 = arith.maximumf %pz, %nz : f32
      %r19 = arith.minimumf %nz, %pz : f32
      %j0 = arith.constant 0 : index
      memref.store %r0, %out[%x, %j0] : memref<16x20xf32>
      %j1 = arith.constant 1 : index
      memref.store %r1, %out[%x, %j1] : memref<16x20xf32>
      %j2 = arith.constant 2 : index
      memref.store %r2, %out[%x, %j2] : memref<16x20xf32>
      %j3 = arith.constant 3 : index
      memref.store %r3, %out[%x, %j3] : memref<16x20xf32>
      %j4 = arith.constant 4 : index
      memref.store %r4, %out[%x, %j4] : memref<16x20xf32>
      %j5 = arith.constant 5 : index
      memref.store %r5, %out[%x, %j5] : memref<16x20xf32>
      %j6 = arith.constant 6 : index
      memref.store %r6, %out[%x, %j6] : memref<16x20xf32>
      %j7 = arith.constant 7 : index
      memref.store %r7, %out[%x, %j7] : memref<16x20xf32>
      %j8 = arith.constant 8 : index
      memref.store %r8, %out[%x, %j8] : memref<16x20xf32>
      %j9 = arith.constant 9 : index
      memref.store %r9, %out[%x, %j9] : memref<16x20xf32>
      %j10 = arith.constant 10 : index
      memref.store %r10, %out[%x, %j10] : memref<16x20xf32>
      %j11 = arith.constant 11 : index
      memref.store %r11, %out[%x, %j11] : memref<16x20xf32>
      %j12 = arith.constant 12 : index
      memref.store %r12, %out[%x, %j12] : memref<16x20xf32>
      %j13 = arith.constant 13 : index
      memref.store %r13, %out[%x, %j13] : memref<16x20xf32>
      %j14 = arith.constant 14 : index
      memref.store %r14, %out[%x, %j14] : memref<16x20xf32>
      %j15 = arith.constant 15 : index
      memref.store %r15, %out[%x, %j15] : memref<16x20xf32>
      %j16 = arith.constant 16 : index
      memref.store %r16, %out[%x, %j16] : memref<16x20xf32>
      %j17 = arith.constant 17 : index
      memref.store %r17, %out[%x, %j17] : memref<16x20xf32>
      %j18 = arith.constant 18 : index
      memref.store %r18, %out[%x, %j18] : memref<16x20xf32>
      %j19 = arith.constant 19 : index
      memref.store %r19, %out[%x, %j19] : memref<16x20xf32>
      gpu.return
    }
  }
}

// -----

// Every cmpf predicate on the operands of @float_ops (NaN, infinities),
// on equal operands, and with fastmath.
module attributes {gpu.container_module, spirv.target_env = #spirv.target_env<#spirv.vce<v1.0, [Shader], [SPV_KHR_storage_buffer_storage_class]>, #spirv.resource_limits<>>} {
  gpu.module @kernels {
    gpu.func @compare_floats(%in: memref<16xf32>, %out: memref<16x49xi32>) kernel attributes {spirv.entry_point_abi = #spirv.entry_point_abi<workgroup_size = [16, 1, 1]>} {
      %x = gpu.thread_id x
      %c15 = arith.constant 15 : index
      %y = arith.subi %c15, %x : index
      %fa0 = memref.load %in[%x] : memref<16xf32>
      %fb0 = memref.load %in[%y] : memref<16xf32>
      %xi = arith.index_cast %x : index to i32
      %i3 = arith.constant 3 : i32
      %i5 = arith.constant 5 : i32
      %i9 = arith.constant 9 : i32
      %i12 = arith.constant 12 : i32
      %i13 = arith.constant 13 : i32
      %nan = arith.constant 0x7FC00000 : f32
      %inf = arith.constant 0x7F800000 : f32
      %ninf = arith.constant 0xFF800000 : f32
      %pz = arith.constant 0.0 : f32
      %nz = arith.constant -0.0 : f32
      %half = arith.constant 0.375 : f32
      %fa1 = arith.addf %fa0, %half : f32
      %isa3 = arith.cmpi eq, %xi, %i3 : i32
      %fa2 = arith.select %isa3, %nan, %fa1 : f32
      %isa12 = arith.cmpi eq, %xi, %i12 : i32
      %fa = arith.select %isa12, %inf, %fa2 : f32
      %isb5 = arith.cmpi eq, %xi, %i5 : i32
      %isb9 = arith.cmpi eq, %xi, %i9 : i32
      %fb1 = arith.select %isb5, %nan, %fb0 : f32
      %fb2 = arith.select %isb9, %nan, %fb1 : f32
      %isb13 = arith.cmpi eq, %xi, %i13 : i32
      %fb = arith.select %isb13, %ninf, %fb2 : f32
      %cfalsefafb = arith.cmpf false, %fa, %fb : f32
      %r0 = arith.extui %cfalsefafb : i1 to i32
      %cfalsefafa = arith.cmpf false, %fa, %fa : f32
      %r1 = arith.extui %cfalsefafa : i1 to i32
      %cfalsefbfa0 = arith.cmpf false, %fb, %fa0 : f32
      %r2 = arith.extui %cfalsefbfa0 : i1 to i32
      %coeqfafb = arith.cmpf oeq, %fa, %fb : f32
      %r3 = arith.extui %coeqfafb : i1 to i32
      %coeqfafa = arith.cmpf oeq, %fa, %fa : f32
      %r4 = arith.extui %coeqfafa : i1 to i32
      %coeqfbfa0 = arith.cmpf oeq, %fb, %fa0 : f32
      %r5 = arith.extui %coeqfbfa0 : i1 to i32
      %cogtfafb = arith.cmpf ogt, %fa, %fb : f32
      %r6 = arith.extui %cogtfafb : i1 to i32
      %cogtfafa = arith.cmpf ogt, %fa, %fa : f32
      %r7 = arith.extui %cogtfafa : i1 to i32
      %cogtfbfa0 = arith.cmpf ogt, %fb, %fa0 : f32
      %r8 = arith.extui %cogtfbfa0 : i1 to i32
      %cogefafb = arith.cmpf oge, %fa, %fb : f32
      %r9 = arith.extui %cogefafb : i1 to i32
      %cogefafa = arith.cmpf oge, %fa, %fa : f32
      %r10 = arith.extui %cogefafa : i1 to i32
      %cogefbfa0 = arith.cmpf oge, %fb, %fa0 : f32
      %r11 = arith.extui %cogefbfa0 : i1 to i32
      %coltfafb = arith.cmpf olt, %fa, %fb : f32
      %r12 = arith.extui %coltfafb : i1 to i32
      %coltfafa = arith.cmpf olt, %fa, %fa : f32
      %r13 = arith.extui %coltfafa : i1 to i32
      %coltfbfa0 = arith.cmpf olt, %fb, %fa0 : f32
      %r14 = arith.extui %coltfbfa0 : i1 to i32
      %colefafb = arith.cmpf ole, %fa, %fb : f32
      %r15 = arith.extui %colefafb : i1 to i32
      %colefafa = arith.cmpf ole, %fa, %fa : f32
      %r16 = arith.extui %colefafa : i1 to i32
      %colefbfa0 = arith.cmpf ole, %fb, %fa0 : f32
      %r17 = arith.extui %colefbfa0 : i1 to i32
      %conefafb = arith.cmpf one, %fa, %fb : f32
      %r18 = arith.extui %conefafb : i1 to i32
      %conefafa = arith.cmpf one, %fa, %fa : f32
      %r19 = arith.extui %conefafa : i1 to i32
      %conefbfa0 = arith.cmpf one, %fb, %fa0 : f32
      %r20 = arith.extui %conefbfa0 : i1 to i32
      %cordfafb = arith.cmpf ord, %fa, %fb : f32
      %r21 = arith.extui %cordfafb : i1 to i32
      %cordfafa = arith.cmpf ord, %fa, %fa : f32
      %r22 = arith.extui %cordfafa : i1 to i32
      %cordfbfa0 = arith.cmpf ord, %fb, %fa0 : f32
      %r23 = arith.extui %cordfbfa0 : i1 to i32
      %cueqfafb = arith.cmpf ueq, %fa, %fb : f32
      %r24 = arith.extui %cueqfafb : i1 to i32
      %cueqfafa = arith.cmpf ueq, %fa, %fa : f32
      %r25 = arith.extui %cueqfafa : i1 to i32
      %cueqfbfa0 = arith.cmpf ueq, %fb, %fa0 : f32
      %r26 = arith.extui %cueqfbfa0 : i1 to i32
      %cugtfafb = arith.cmpf ugt, %fa, %fb : f32
      %r27 = arith.extui %cugtfafb : i1 to i32
      %cugtfafa = arith.cmpf ugt, %fa, %fa : f32
      %r28 = arith.extui %cugtfafa : i1 to i32
      %cugtfbfa0 = arith.cmpf ugt, %fb, %fa0 : f32
      %r29 = arith.extui %cugtfbfa0 : i1 to i32
      %cugefafb = arith.cmpf uge, %fa, %fb : f32
      %r30 = arith.extui %cugefafb : i1 to i32
      %cugefafa = arith.cmpf uge, %fa, %fa : f32
      %r31 = arith.extui %cugefafa : i1 to i32
      %cugefbfa0 = arith.cmpf uge, %fb, %fa0 : f32
      %r32 = arith.extui %cugefbfa0 : i1 to i32
      %cultfafb = arith.cmpf ult, %fa, %fb : f32
      %r33 = arith.extui %cultfafb : i1 to i32
      %cultfafa = arith.cmpf ult, %fa, %fa : f32
      %r34 = arith.extui %cultfafa : i1 to i32
      %cultfbfa0 = arith.cmpf ult, %fb, %fa0 : f32
      %r35 = arith.extui %cultfbfa0 : i1 to i32
      %culefafb = arith.cmpf ule, %fa, %fb : f32
      %r36 = arith.extui %culefafb : i1 to i32
      %culefafa = arith.cmpf ule, %fa, %fa : f32
      %r37 = arith.extui %culefafa : i1 to i32
      %culefbfa0 = arith.cmpf ule, %fb, %fa0 : f32
      %r38 = arith.extui %culefbfa0 : i1 to i32
      %cunefafb = arith.cmpf une, %fa, %fb : f32
      %r39 = arith.extui %cunefafb : i1 to i32
      %cunefafa = arith.cmpf une, %fa, %fa : f32
      %r40 = arith.extui %cunefafa : i1 to i32
      %cunefbfa0 = arith.cmpf une, %fb, %fa0 : f32
      %r41 = arith.extui %cunefbfa0 : i1 to i32
      %cunofafb = arith.cmpf uno, %fa, %fb : f32
      %r42 = arith.extui %cunofafb : i1 to i32
      %cunofafa = arith.cmpf uno, %fa, %fa : f32
      %r43 = arith.extui %cunofafa : i1 to i32
      %cunofbfa0 = arith.cmpf uno, %fb, %fa0 : f32
      %r44 = arith.extui %cunofbfa0 : i1 to i32
      %ctruefafb = arith.cmpf true, %fa, %fb : f32
      %r45 = arith.extui %ctruefafb : i1 to i32
      %ctruefafa = arith.cmpf true, %fa, %fa : f32
      %r46 = arith.extui %ctruefafa : i1 to i32
      %ctruefbfa0 = arith.cmpf true, %fb, %fa0 : f32
      %r47 = arith.extui %ctruefbfa0 : i1 to i32
      %cfm = arith.cmpf olt, %fa1, %fb0 fastmath<fast> : f32
      %r48 = arith.extui %cfm : i1 to i32
      %j0 = arith.constant 0 : index
      memref.store %r0, %out[%x, %j0] : memref<16x49xi32>
      %j1 = arith.constant 1 : index
      memref.store %r1, %out[%x, %j1] : memref<16x49xi32>
      %j2 = arith.constant 2 : index
      memref.store %r2, %out[%x, %j2] : memref<16x49xi32>
      %j3 = arith.constant 3 : index
      memref.store %r3, %out[%x, %j3] : memref<16x49xi32>
      %j4 = arith.constant 4 : index
      memref.store %r4, %out[%x, %j4] : memref<16x49xi32>
      %j5 = arith.constant 5 : index
      memref.store %r5, %out[%x, %j5] : memref<16x49xi32>
      %j6 = arith.constant 6 : index
      memref.store %r6, %out[%x, %j6] : memref<16x49xi32>
      %j7 = arith.constant 7 : index
      memref.store %r7, %out[%x, %j7] : memref<16x49xi32>
      %j8 = arith.constant 8 : index
      memref.store %r8, %out[%x, %j8] : memref<16x49xi32>
      %j9 = arith.constant 9 : index
      memref.store %r9, %out[%x, %j9] : memref<16x49xi32>
      %j10 = arith.constant 10 : index
      memref.store %r10, %out[%x, %j10] : memref<16x49xi32>
      %j11 = arith.constant 11 : index
      memref.store %r11, %out[%x, %j11] : memref<16x49xi32>
      %j12 = arith.constant 12 : index
      memref.store %r12, %out[%x, %j12] : memref<16x49xi32>
      %j13 = arith.constant 13 : index
      memref.store %r13, %out[%x, %j13] : memref<16x49xi32>
      %j14 = arith.constant 14 : index
      memref.store %r14, %out[%x, %j14] : memref<16x49xi32>
      %j15 = arith.constant 15 : index
      memref.store %r15, %out[%x, %j15] : memref<16x49xi32>
      %j16 = arith.constant 16 : index
      memref.store %r16, %out[%x, %j16] : memref<16x49xi32>
      %j17 = arith.constant 17 : index
      memref.store %r17, %out[%x, %j17] : memref<16x49xi32>
      %j18 = arith.constant 18 : index
      memref.store %r18, %out[%x, %j18] : memref<16x49xi32>
      %j19 = arith.constant 19 : index
      memref.store %r19, %out[%x, %j19] : memref<16x49xi32>
      %j20 = arith.constant 20 : index
      memref.store %r20, %out[%x, %j20] : memref<16x49xi32>
      %j21 = arith.constant 21 : index
      memref.store %r21, %out[%x, %j21] : memref<16x49xi32>
      %j22 = arith.constant 22 : index
      memref.store %r22, %out[%x, %j22] : memref<16x49xi32>
      %j23 = arith.constant 23 : index
      memref.store %r23, %out[%x, %j23] : memref<16x49xi32>
      %j24 = arith.constant 24 : index
      memref.store %r24, %out[%x, %j24] : memref<16x49xi32>
      %j25 = arith.constant 25 : index
      memref.store %r25, %out[%x, %j25] : memref<16x49xi32>
      %j26 = arith.constant 26 : index
      memref.store %r26, %out[%x, %j26] : memref<16x49xi32>
      %j27 = arith.constant 27 : index
      memref.store %r27, %out[%x, %j27] : memref<16x49xi32>
      %j28 = arith.constant 28 : index
      memref.store %r28, %out[%x, %j28] : memref<16x49xi32>
      %j29 = arith.constant 29 : index
      memref.store %r29, %out[%x, %j29] : memref<16x49xi32>
      %j30 = arith.constant 30 : index
      memref.store %r30, %out[%x, %j30] : memref<16x49xi32>
      %j31 = arith.constant 31 : index
      memref.store %r31, %out[%x, %j31] : memref<16x49xi32>
      %j32 = arith.constant 32 : index
      memref.store %r32, %out[%x, %j32] : memref<16x49xi32>
      %j33 = arith.constant 33 : index
      memref.store %r33, %out[%x, %j33] : memref<16x49xi32>
      %j34 = arith.constant 34 : index
      memref.store %r34, %out[%x, %j34] : memref<16x49xi32>
      %j35 = arith.constant 35 : index
      memref.store %r35, %out[%x, %j35] : memref<16x49xi32>
      %j36 = arith.constant 36 : index
      memref.store %r36, %out[%x, %j36] : memref<16x49xi32>
      %j37 = arith.constant 37 : index
      memref.store %r37, %out[%x, %j37] : memref<16x49xi32>
      %j38 = arith.constant 38 : index
      memref.store %r38, %out[%x, %j38] : memref<16x49xi32>
      %j39 = arith.constant 39 : index
      memref.store %r39, %out[%x, %j39] : memref<16x49xi32>
      %j40 = arith.constant 40 : index
      memref.store %r40, %out[%x, %j40] : memref<16x49xi32>
      %j41 = arith.constant 41 : index
      memref.store %r41, %out[%x, %j41] : memref<16x49xi32>
      %j42 = arith.constant 42 : index
      memref.store %r42, %out[%x, %j42] : memref<16x49xi32>
      %j43 = arith.constant 43 : index
      memref.store %r43, %out[%x, %j43] : memref<16x49xi32>
      %j44 = arith.constant 44 : index
      memref.store %r44, %out[%x, %j44] : memref<16x49xi32>
      %j45 = arith.constant 45 : index
      memref.store %r45, %out[%x, %j45] : memref<16x49xi32>
      %j46 = arith.constant 46 : index
      memref.store %r46, %out[%x, %j46] : memref<16x49xi32>
      %j47 = arith.constant 47 : index
      memref.store %r47, %out[%x, %j47] : memref<16x49xi32>
      %j48 = arith.constant 48 : index
      memref.store %r48, %out[%x, %j48] : memref<16x49xi32>
      gpu.return
    }
  }
}

// -----

// Casts between integers, floats and index on the operands of @int_ops;
// i8 and i16 values, computed in 32 bits on this target (no Int8/Int16):
// every signed op and cast must see them sign-correct.
module attributes {gpu.container_module, spirv.target_env = #spirv.target_env<#spirv.vce<v1.0, [Shader], [SPV_KHR_storage_buffer_storage_class]>, #spirv.resource_limits<>>} {
  gpu.module @kernels {
    gpu.func @casts(%in: memref<16xi32>, %fin: memref<16xf32>, %out: memref<16x7xf32>, %iout: memref<16x46xi32>) kernel attributes {spirv.entry_point_abi = #spirv.entry_point_abi<workgroup_size = [16, 1, 1]>} {
      %x = gpu.thread_id x
      %c15 = arith.constant 15 : index
      %y = arith.subi %c15, %x : index
      %ia = memref.load %in[%x] : memref<16xi32>
      %ib = memref.load %in[%y] : memref<16xi32>
      %c0 = arith.constant 0 : i32
      %c3 = arith.constant 3 : i32
      %c4 = arith.constant 4 : i32
      %c5 = arith.constant 5 : i32
      %c31 = arith.constant 31 : i32
      %a = arith.subi %ia, %c5 : i32
      %b0 = arith.subi %ib, %c4 : i32
      %bz = arith.cmpi eq, %b0, %c0 : i32
      %b = arith.select %bz, %c3, %b0 : i32
      %k = arith.constant -1640531535 : i32
      %w = arith.muli %a, %k : i32
      %s = arith.andi %b, %c31 : i32
      %fa0 = memref.load %fin[%x] : memref<16xf32>
      %r0 = arith.sitofp %a : i32 to f32
      // SwiftShader rounds u32 -> f32 conversions above 2^31 twice (a driver
      // bug): the unsigned value converted is exact in f32.
      %hi24 = arith.constant -256 : i32
      %wexact = arith.andi %w, %hi24 : i32
      %r1 = arith.uitofp %wexact : i32 to f32
      %r2 = arith.sitofp %w : i32 to f32
      %f25 = arith.constant 2.75 : f32
      %fs = arith.mulf %fa0, %f25 : f32
      %fsi = arith.fptosi %fs : f32 to i32
      %r3 = arith.sitofp %fsi : i32 to f32
      %fabs = math.absf %fs : f32
      %fui = arith.fptoui %fabs : f32 to i32
      %r4 = arith.uitofp %fui : i32 to f32
      %wf = arith.bitcast %w : i32 to f32
      %wfa = math.absf %wf : f32
      %wi = arith.bitcast %wfa : f32 to i32
      %r5 = arith.sitofp %wi : i32 to f32
      %r6 = arith.bitcast %a : i32 to f32
      %ai = arith.index_cast %a : i32 to index
      %axi = arith.muli %ai, %x : index
      %q0 = arith.index_cast %axi : index to i32
      %ui = arith.index_castui %ib : i32 to index
      %uxi = arith.addi %ui, %x : index
      %q1 = arith.index_castui %uxi : index to i32
      %ti8 = arith.trunci %w : i32 to i8
      %q2 = arith.extsi %ti8 : i8 to i32
      %q3 = arith.extui %ti8 : i8 to i32
      %ai8 = arith.trunci %a : i32 to i8
      %bi8 = arith.trunci %b : i32 to i8
      %addii8 = arith.addi %ai8, %bi8 : i8
      %q4 = arith.extsi %addii8 : i8 to i32
      %subii8 = arith.subi %ai8, %bi8 : i8
      %q5 = arith.extsi %subii8 : i8 to i32
      %mulii8 = arith.muli %ai8, %bi8 : i8
      %q6 = arith.extsi %mulii8 : i8 to i32
      %divsii8 = arith.divsi %ai8, %bi8 : i8
      %q7 = arith.extsi %divsii8 : i8 to i32
      %qemsii8 = arith.remsi %ai8, %bi8 : i8
      %q8 = arith.extsi %qemsii8 : i8 to i32
      %si8 = arith.trunci %c3 : i32 to i8
      %shrsii8 = arith.shrsi %ai8, %si8 : i8
      %q9 = arith.extsi %shrsii8 : i8 to i32
      %maxsii8 = arith.maxsi %ai8, %bi8 : i8
      %q10 = arith.extsi %maxsii8 : i8 to i32
      %minsii8 = arith.minsi %ai8, %bi8 : i8
      %q11 = arith.extsi %minsii8 : i8 to i32
      %cmpi8 = arith.cmpi slt, %ai8, %bi8 : i8
      %q12 = arith.extui %cmpi8 : i1 to i32
      %fi8 = arith.sitofp %ai8 : i8 to f32
      %q13 = arith.fptosi %fi8 : f32 to i32
      %gi8 = arith.fptosi %fs : f32 to i8
      %q14 = arith.extsi %gi8 : i8 to i32
      %wi8 = arith.trunci %w : i32 to i8
      %addui_extendedi8, %addui_extendedi8o = arith.addui_extended %wi8, %bi8 : i8, i1
      %q15 = arith.extsi %addui_extendedi8 : i8 to i32
      %q16 = arith.extui %addui_extendedi8o : i1 to i32
      %subui_extendedi8, %subui_extendedi8o = arith.subui_extended %wi8, %bi8 : i8, i1
      %q17 = arith.extsi %subui_extendedi8 : i8 to i32
      %q18 = arith.extui %subui_extendedi8o : i1 to i32
      %mului_extendedi8, %mului_extendedi8h = arith.mului_extended %wi8, %bi8 : i8
      %q19 = arith.extsi %mului_extendedi8 : i8 to i32
      %q20 = arith.extsi %mului_extendedi8h : i8 to i32
      %mulsi_extendedi8, %mulsi_extendedi8h = arith.mulsi_extended %wi8, %bi8 : i8
      %q21 = arith.extsi %mulsi_extendedi8 : i8 to i32
      %q22 = arith.extsi %mulsi_extendedi8h : i8 to i32
      %ti16 = arith.trunci %w : i32 to i16
      %q23 = arith.extsi %ti16 : i16 to i32
      %q24 = arith.extui %ti16 : i16 to i32
      %ai16 = arith.trunci %a : i32 to i16
      %bi16 = arith.trunci %b : i32 to i16
      %addii16 = arith.addi %ai16, %bi16 : i16
      %q25 = arith.extsi %addii16 : i16 to i32
      %subii16 = arith.subi %ai16, %bi16 : i16
      %q26 = arith.extsi %subii16 : i16 to i32
      %mulii16 = arith.muli %ai16, %bi16 : i16
      %q27 = arith.extsi %mulii16 : i16 to i32
      %divsii16 = arith.divsi %ai16, %bi16 : i16
      %q28 = arith.extsi %divsii16 : i16 to i32
      %qemsii16 = arith.remsi %ai16, %bi16 : i16
      %q29 = arith.extsi %qemsii16 : i16 to i32
      %si16 = arith.trunci %c3 : i32 to i16
      %shrsii16 = arith.shrsi %ai16, %si16 : i16
      %q30 = arith.extsi %shrsii16 : i16 to i32
      %maxsii16 = arith.maxsi %ai16, %bi16 : i16
      %q31 = arith.extsi %maxsii16 : i16 to i32
      %minsii16 = arith.minsi %ai16, %bi16 : i16
      %q32 = arith.extsi %minsii16 : i16 to i32
      %cmpi16 = arith.cmpi slt, %ai16, %bi16 : i16
      %q33 = arith.extui %cmpi16 : i1 to i32
      %fi16 = arith.sitofp %ai16 : i16 to f32
      %q34 = arith.fptosi %fi16 : f32 to i32
      %gi16 = arith.fptosi %fs : f32 to i16
      %q35 = arith.extsi %gi16 : i16 to i32
      %wi16 = arith.trunci %w : i32 to i16
      %addui_extendedi16, %addui_extendedi16o = arith.addui_extended %wi16, %bi16 : i16, i1
      %q36 = arith.extsi %addui_extendedi16 : i16 to i32
      %q37 = arith.extui %addui_extendedi16o : i1 to i32
      %subui_extendedi16, %subui_extendedi16o = arith.subui_extended %wi16, %bi16 : i16, i1
      %q38 = arith.extsi %subui_extendedi16 : i16 to i32
      %q39 = arith.extui %subui_extendedi16o : i1 to i32
      %mului_extendedi16, %mului_extendedi16h = arith.mului_extended %wi16, %bi16 : i16
      %q40 = arith.extsi %mului_extendedi16 : i16 to i32
      %q41 = arith.extsi %mului_extendedi16h : i16 to i32
      %mulsi_extendedi16, %mulsi_extendedi16h = arith.mulsi_extended %wi16, %bi16 : i16
      %q42 = arith.extsi %mulsi_extendedi16 : i16 to i32
      %q43 = arith.extsi %mulsi_extendedi16h : i16 to i32
      %ti8b = arith.trunci %ti16 : i16 to i8
      %q44 = arith.extsi %ti8b : i8 to i32
      %e16 = arith.extsi %ai8 : i8 to i16
      %q45 = arith.extui %e16 : i16 to i32
      %j0 = arith.constant 0 : index
      memref.store %r0, %out[%x, %j0] : memref<16x7xf32>
      %j1 = arith.constant 1 : index
      memref.store %r1, %out[%x, %j1] : memref<16x7xf32>
      %j2 = arith.constant 2 : index
      memref.store %r2, %out[%x, %j2] : memref<16x7xf32>
      %j3 = arith.constant 3 : index
      memref.store %r3, %out[%x, %j3] : memref<16x7xf32>
      %j4 = arith.constant 4 : index
      memref.store %r4, %out[%x, %j4] : memref<16x7xf32>
      %j5 = arith.constant 5 : index
      memref.store %r5, %out[%x, %j5] : memref<16x7xf32>
      %j6 = arith.constant 6 : index
      memref.store %r6, %out[%x, %j6] : memref<16x7xf32>
      %k0 = arith.constant 0 : index
      memref.store %q0, %iout[%x, %k0] : memref<16x46xi32>
      %k1 = arith.constant 1 : index
      memref.store %q1, %iout[%x, %k1] : memref<16x46xi32>
      %k2 = arith.constant 2 : index
      memref.store %q2, %iout[%x, %k2] : memref<16x46xi32>
      %k3 = arith.constant 3 : index
      memref.store %q3, %iout[%x, %k3] : memref<16x46xi32>
      %k4 = arith.constant 4 : index
      memref.store %q4, %iout[%x, %k4] : memref<16x46xi32>
      %k5 = arith.constant 5 : index
      memref.store %q5, %iout[%x, %k5] : memref<16x46xi32>
      %k6 = arith.constant 6 : index
      memref.store %q6, %iout[%x, %k6] : memref<16x46xi32>
      %k7 = arith.constant 7 : index
      memref.store %q7, %iout[%x, %k7] : memref<16x46xi32>
      %k8 = arith.constant 8 : index
      memref.store %q8, %iout[%x, %k8] : memref<16x46xi32>
      %k9 = arith.constant 9 : index
      memref.store %q9, %iout[%x, %k9] : memref<16x46xi32>
      %k10 = arith.constant 10 : index
      memref.store %q10, %iout[%x, %k10] : memref<16x46xi32>
      %k11 = arith.constant 11 : index
      memref.store %q11, %iout[%x, %k11] : memref<16x46xi32>
      %k12 = arith.constant 12 : index
      memref.store %q12, %iout[%x, %k12] : memref<16x46xi32>
      %k13 = arith.constant 13 : index
      memref.store %q13, %iout[%x, %k13] : memref<16x46xi32>
      %k14 = arith.constant 14 : index
      memref.store %q14, %iout[%x, %k14] : memref<16x46xi32>
      %k15 = arith.constant 15 : index
      memref.store %q15, %iout[%x, %k15] : memref<16x46xi32>
      %k16 = arith.constant 16 : index
      memref.store %q16, %iout[%x, %k16] : memref<16x46xi32>
      %k17 = arith.constant 17 : index
      memref.store %q17, %iout[%x, %k17] : memref<16x46xi32>
      %k18 = arith.constant 18 : index
      memref.store %q18, %iout[%x, %k18] : memref<16x46xi32>
      %k19 = arith.constant 19 : index
      memref.store %q19, %iout[%x, %k19] : memref<16x46xi32>
      %k20 = arith.constant 20 : index
      memref.store %q20, %iout[%x, %k20] : memref<16x46xi32>
      %k21 = arith.constant 21 : index
      memref.store %q21, %iout[%x, %k21] : memref<16x46xi32>
      %k22 = arith.constant 22 : index
      memref.store %q22, %iout[%x, %k22] : memref<16x46xi32>
      %k23 = arith.constant 23 : index
      memref.store %q23, %iout[%x, %k23] : memref<16x46xi32>
      %k24 = arith.constant 24 : index
      memref.store %q24, %iout[%x, %k24] : memref<16x46xi32>
      %k25 = arith.constant 25 : index
      memref.store %q25, %iout[%x, %k25] : memref<16x46xi32>
      %k26 = arith.constant 26 : index
      memref.store %q26, %iout[%x, %k26] : memref<16x46xi32>
      %k27 = arith.constant 27 : index
      memref.store %q27, %iout[%x, %k27] : memref<16x46xi32>
      %k28 = arith.constant 28 : index
      memref.store %q28, %iout[%x, %k28] : memref<16x46xi32>
      %k29 = arith.constant 29 : index
      memref.store %q29, %iout[%x, %k29] : memref<16x46xi32>
      %k30 = arith.constant 30 : index
      memref.store %q30, %iout[%x, %k30] : memref<16x46xi32>
      %k31 = arith.constant 31 : index
      memref.store %q31, %iout[%x, %k31] : memref<16x46xi32>
      %k32 = arith.constant 32 : index
      memref.store %q32, %iout[%x, %k32] : memref<16x46xi32>
      %k33 = arith.constant 33 : index
      memref.store %q33, %iout[%x, %k33] : memref<16x46xi32>
      %k34 = arith.constant 34 : index
      memref.store %q34, %iout[%x, %k34] : memref<16x46xi32>
      %k35 = arith.constant 35 : index
      memref.store %q35, %iout[%x, %k35] : memref<16x46xi32>
      %k36 = arith.constant 36 : index
      memref.store %q36, %iout[%x, %k36] : memref<16x46xi32>
      %k37 = arith.constant 37 : index
      memref.store %q37, %iout[%x, %k37] : memref<16x46xi32>
      %k38 = arith.constant 38 : index
      memref.store %q38, %iout[%x, %k38] : memref<16x46xi32>
      %k39 = arith.constant 39 : index
      memref.store %q39, %iout[%x, %k39] : memref<16x46xi32>
      %k40 = arith.constant 40 : index
      memref.store %q40, %iout[%x, %k40] : memref<16x46xi32>
      %k41 = arith.constant 41 : index
      memref.store %q41, %iout[%x, %k41] : memref<16x46xi32>
      %k42 = arith.constant 42 : index
      memref.store %q42, %iout[%x, %k42] : memref<16x46xi32>
      %k43 = arith.constant 43 : index
      memref.store %q43, %iout[%x, %k43] : memref<16x46xi32>
      %k44 = arith.constant 44 : index
      memref.store %q44, %iout[%x, %k44] : memref<16x46xi32>
      %k45 = arith.constant 45 : index
      memref.store %q45, %iout[%x, %k45] : memref<16x46xi32>
      gpu.return
    }
  }
}

// -----

// The extended ops: sums and differences with their carry or borrow,
// products with their high word, on the operands of @int_ops.
module attributes {gpu.container_module, spirv.target_env = #spirv.target_env<#spirv.vce<v1.0, [Shader], [SPV_KHR_storage_buffer_storage_class]>, #spirv.resource_limits<>>} {
  gpu.module @kernels {
    gpu.func @extended(%in: memref<16xi32>, %out: memref<16x24xi32>) kernel attributes {spirv.entry_point_abi = #spirv.entry_point_abi<workgroup_size = [16, 1, 1]>} {
      %x = gpu.thread_id x
      %c15 = arith.constant 15 : index
      %y = arith.subi %c15, %x : index
      %ia = memref.load %in[%x] : memref<16xi32>
      %ib = memref.load %in[%y] : memref<16xi32>
      %c0 = arith.constant 0 : i32
      %c3 = arith.constant 3 : i32
      %c4 = arith.constant 4 : i32
      %c5 = arith.constant 5 : i32
      %c31 = arith.constant 31 : i32
      %a = arith.subi %ia, %c5 : i32
      %b0 = arith.subi %ib, %c4 : i32
      %bz = arith.cmpi eq, %b0, %c0 : i32
      %b = arith.select %bz, %c3, %b0 : i32
      %k = arith.constant -1640531535 : i32
      %w = arith.muli %a, %k : i32
      %s = arith.andi %b, %c31 : i32
      %e0, %o0 = arith.addui_extended %w, %b : i32, i1
      %r0 = arith.addi %e0, %c0 : i32
      %r1 = arith.extui %o0 : i1 to i32
      %e3, %o3 = arith.addui_extended %a, %w : i32, i1
      %r2 = arith.addi %e3, %c0 : i32
      %r3 = arith.extui %o3 : i1 to i32
      %e6, %o6 = arith.addui_extended %k, %k : i32, i1
      %r4 = arith.addi %e6, %c0 : i32
      %r5 = arith.extui %o6 : i1 to i32
      %e9, %o9 = arith.subui_extended %w, %b : i32, i1
      %r6 = arith.addi %e9, %c0 : i32
      %r7 = arith.extui %o9 : i1 to i32
      %e12, %o12 = arith.subui_extended %a, %w : i32, i1
      %r8 = arith.addi %e12, %c0 : i32
      %r9 = arith.extui %o12 : i1 to i32
      %e15, %o15 = arith.subui_extended %k, %k : i32, i1
      %r10 = arith.addi %e15, %c0 : i32
      %r11 = arith.extui %o15 : i1 to i32
      %l18, %h18 = arith.mului_extended %w, %b : i32
      %r12 = arith.addi %l18, %c0 : i32
      %r13 = arith.addi %h18, %c0 : i32
      %l21, %h21 = arith.mului_extended %a, %w : i32
      %r14 = arith.addi %l21, %c0 : i32
      %r15 = arith.addi %h21, %c0 : i32
      %l24, %h24 = arith.mului_extended %k, %k : i32
      %r16 = arith.addi %l24, %c0 : i32
      %r17 = arith.addi %h24, %c0 : i32
      %l27, %h27 = arith.mulsi_extended %w, %b : i32
      %r18 = arith.addi %l27, %c0 : i32
      %r19 = arith.addi %h27, %c0 : i32
      %l30, %h30 = arith.mulsi_extended %a, %w : i32
      %r20 = arith.addi %l30, %c0 : i32
      %r21 = arith.addi %h30, %c0 : i32
      %l33, %h33 = arith.mulsi_extended %k, %k : i32
      %r22 = arith.addi %l33, %c0 : i32
      %r23 = arith.addi %h33, %c0 : i32
      %j0 = arith.constant 0 : index
      memref.store %r0, %out[%x, %j0] : memref<16x24xi32>
      %j1 = arith.constant 1 : index
      memref.store %r1, %out[%x, %j1] : memref<16x24xi32>
      %j2 = arith.constant 2 : index
      memref.store %r2, %out[%x, %j2] : memref<16x24xi32>
      %j3 = arith.constant 3 : index
      memref.store %r3, %out[%x, %j3] : memref<16x24xi32>
      %j4 = arith.constant 4 : index
      memref.store %r4, %out[%x, %j4] : memref<16x24xi32>
      %j5 = arith.constant 5 : index
      memref.store %r5, %out[%x, %j5] : memref<16x24xi32>
      %j6 = arith.constant 6 : index
      memref.store %r6, %out[%x, %j6] : memref<16x24xi32>
      %j7 = arith.constant 7 : index
      memref.store %r7, %out[%x, %j7] : memref<16x24xi32>
      %j8 = arith.constant 8 : index
      memref.store %r8, %out[%x, %j8] : memref<16x24xi32>
      %j9 = arith.constant 9 : index
      memref.store %r9, %out[%x, %j9] : memref<16x24xi32>
      %j10 = arith.constant 10 : index
      memref.store %r10, %out[%x, %j10] : memref<16x24xi32>
      %j11 = arith.constant 11 : index
      memref.store %r11, %out[%x, %j11] : memref<16x24xi32>
      %j12 = arith.constant 12 : index
      memref.store %r12, %out[%x, %j12] : memref<16x24xi32>
      %j13 = arith.constant 13 : index
      memref.store %r13, %out[%x, %j13] : memref<16x24xi32>
      %j14 = arith.constant 14 : index
      memref.store %r14, %out[%x, %j14] : memref<16x24xi32>
      %j15 = arith.constant 15 : index
      memref.store %r15, %out[%x, %j15] : memref<16x24xi32>
      %j16 = arith.constant 16 : index
      memref.store %r16, %out[%x, %j16] : memref<16x24xi32>
      %j17 = arith.constant 17 : index
      memref.store %r17, %out[%x, %j17] : memref<16x24xi32>
      %j18 = arith.constant 18 : index
      memref.store %r18, %out[%x, %j18] : memref<16x24xi32>
      %j19 = arith.constant 19 : index
      memref.store %r19, %out[%x, %j19] : memref<16x24xi32>
      %j20 = arith.constant 20 : index
      memref.store %r20, %out[%x, %j20] : memref<16x24xi32>
      %j21 = arith.constant 21 : index
      memref.store %r21, %out[%x, %j21] : memref<16x24xi32>
      %j22 = arith.constant 22 : index
      memref.store %r22, %out[%x, %j22] : memref<16x24xi32>
      %j23 = arith.constant 23 : index
      memref.store %r23, %out[%x, %j23] : memref<16x24xi32>
      gpu.return
    }
  }
}

// -----

// i64, f64, i16, f16 and i8 computed natively, and i8 and i16 stored
// natively (SwiftShader has none of these capabilities).
module attributes {gpu.container_module, spirv.target_env = #spirv.target_env<#spirv.vce<v1.3, [Shader, Int64, Float64, Int16, Float16, Int8, StorageBuffer8BitAccess, StorageBuffer16BitAccess], [SPV_KHR_storage_buffer_storage_class, SPV_KHR_8bit_storage, SPV_KHR_16bit_storage]>, #spirv.resource_limits<>>} {
  gpu.module @kernels {
    gpu.func @wide_and_narrow(%in: memref<16xi32>, %fin: memref<16xf32>, %bytes: memref<16xi8>, %halves: memref<16xi16>, %out: memref<16x25xi32>, %fout: memref<16x5xf32>) kernel attributes {spirv.entry_point_abi = #spirv.entry_point_abi<workgroup_size = [16, 1, 1]>} {
      %x = gpu.thread_id x
      %c15 = arith.constant 15 : index
      %y = arith.subi %c15, %x : index
      %ia = memref.load %in[%x] : memref<16xi32>
      %ib = memref.load %in[%y] : memref<16xi32>
      %fa = memref.load %fin[%x] : memref<16xf32>
      %c5 = arith.constant 5 : i32
      %a = arith.subi %ia, %c5 : i32
      %one = arith.constant 1 : i32
      %b = arith.addi %ib, %one : i32
      %sh32 = arith.constant 32 : i64
      %a64 = arith.extsi %a : i32 to i64
      %b64 = arith.extui %b : i32 to i64
      %k64 = arith.constant 81985529216486895 : i64
      %w64 = arith.muli %a64, %k64 : i64
      %addi64 = arith.addi %w64, %b64 : i64
      %r0 = arith.trunci %addi64 : i64 to i32
      %addi64h = arith.shrui %addi64, %sh32 : i64
      %r1 = arith.trunci %addi64h : i64 to i32
      %muli64 = arith.muli %w64, %b64 : i64
      %r2 = arith.trunci %muli64 : i64 to i32
      %muli64h = arith.shrui %muli64, %sh32 : i64
      %r3 = arith.trunci %muli64h : i64 to i32
      %divsi64 = arith.divsi %w64, %b64 : i64
      %r4 = arith.trunci %divsi64 : i64 to i32
      %divsi64h = arith.shrui %divsi64, %sh32 : i64
      %r5 = arith.trunci %divsi64h : i64 to i32
      %divui64 = arith.divui %w64, %b64 : i64
      %r6 = arith.trunci %divui64 : i64 to i32
      %divui64h = arith.shrui %divui64, %sh32 : i64
      %r7 = arith.trunci %divui64h : i64 to i32
      %remsi64 = arith.remsi %w64, %b64 : i64
      %r8 = arith.trunci %remsi64 : i64 to i32
      %remsi64h = arith.shrui %remsi64, %sh32 : i64
      %r9 = arith.trunci %remsi64h : i64 to i32
      %shrsi64 = arith.shrsi %w64, %b64 : i64
      %r10 = arith.trunci %shrsi64 : i64 to i32
      %shrsi64h = arith.shrui %shrsi64, %sh32 : i64
      %r11 = arith.trunci %shrsi64h : i64 to i32
      %shrui64 = arith.shrui %w64, %b64 : i64
      %r12 = arith.trunci %shrui64 : i64 to i32
      %shrui64h = arith.shrui %shrui64, %sh32 : i64
      %r13 = arith.trunci %shrui64h : i64 to i32
      %maxsi64 = arith.maxsi %w64, %b64 : i64
      %r14 = arith.trunci %maxsi64 : i64 to i32
      %maxsi64h = arith.shrui %maxsi64, %sh32 : i64
      %r15 = arith.trunci %maxsi64h : i64 to i32
      %minui64 = arith.minui %w64, %b64 : i64
      %r16 = arith.trunci %minui64 : i64 to i32
      %minui64h = arith.shrui %minui64, %sh32 : i64
      %r17 = arith.trunci %minui64h : i64 to i32
      %cmp64 = arith.cmpi ult, %w64, %a64 : i64
      %r18 = arith.extui %cmp64 : i1 to i32
      %ix = arith.index_cast %w64 : i64 to index
      %r19 = arith.index_cast %ix : index to i32
      %a16 = arith.trunci %a : i32 to i16
      %k16 = arith.constant 9000 : i16
      %m16 = arith.muli %a16, %k16 : i16
      %b16 = arith.trunci %b : i32 to i16
      %d16 = arith.divui %m16, %b16 : i16
      %r20 = arith.extsi %m16 : i16 to i32
      %r21 = arith.extui %d16 : i16 to i32
      %a8 = arith.trunci %w64 : i64 to i8
      %b8 = arith.trunci %b : i32 to i8
      %rem8 = arith.remui %a8, %b8 : i8
      %seven8 = arith.constant 7 : i8
      %sh8 = arith.andi %b8, %seven8 : i8
      %s8 = arith.shrsi %a8, %sh8 : i8
      %r22 = arith.extsi %rem8 : i8 to i32
      %r23 = arith.extsi %s8 : i8 to i32
      %h8 = memref.load %bytes[%x] : memref<16xi8>
      %h8s = arith.subi %h8, %a8 : i8
      %r24 = arith.extsi %h8s : i8 to i32
      %f64 = arith.extf %fa : f32 to f64
      %third = arith.constant 0.333333333333333314829616256247 : f64
      %g64 = arith.mulf %f64, %third : f64
      %q0 = arith.truncf %g64 : f64 to f32
      %s64 = arith.sitofp %w64 : i64 to f64
      %q1 = arith.truncf %s64 : f64 to f32
      %f16 = arith.truncf %g64 : f64 to f16
      %q2 = arith.extf %f16 : f16 to f32
      %h16 = arith.truncf %fa : f32 to f16
      %q16 = arith.divf %h16, %f16 : f16
      %q3 = arith.extf %q16 : f16 to f32
      %u64 = arith.fptosi %g64 : f64 to i64
      %q4 = arith.sitofp %u64 : i64 to f32
      %j0 = arith.constant 0 : index
      memref.store %r0, %out[%x, %j0] : memref<16x25xi32>
      %j1 = arith.constant 1 : index
      memref.store %r1, %out[%x, %j1] : memref<16x25xi32>
      %j2 = arith.constant 2 : index
      memref.store %r2, %out[%x, %j2] : memref<16x25xi32>
      %j3 = arith.constant 3 : index
      memref.store %r3, %out[%x, %j3] : memref<16x25xi32>
      %j4 = arith.constant 4 : index
      memref.store %r4, %out[%x, %j4] : memref<16x25xi32>
      %j5 = arith.constant 5 : index
      memref.store %r5, %out[%x, %j5] : memref<16x25xi32>
      %j6 = arith.constant 6 : index
      memref.store %r6, %out[%x, %j6] : memref<16x25xi32>
      %j7 = arith.constant 7 : index
      memref.store %r7, %out[%x, %j7] : memref<16x25xi32>
      %j8 = arith.constant 8 : index
      memref.store %r8, %out[%x, %j8] : memref<16x25xi32>
      %j9 = arith.constant 9 : index
      memref.store %r9, %out[%x, %j9] : memref<16x25xi32>
      %j10 = arith.constant 10 : index
      memref.store %r10, %out[%x, %j10] : memref<16x25xi32>
      %j11 = arith.constant 11 : index
      memref.store %r11, %out[%x, %j11] : memref<16x25xi32>
      %j12 = arith.constant 12 : index
      memref.store %r12, %out[%x, %j12] : memref<16x25xi32>
      %j13 = arith.constant 13 : index
      memref.store %r13, %out[%x, %j13] : memref<16x25xi32>
      %j14 = arith.constant 14 : index
      memref.store %r14, %out[%x, %j14] : memref<16x25xi32>
      %j15 = arith.constant 15 : index
      memref.store %r15, %out[%x, %j15] : memref<16x25xi32>
      %j16 = arith.constant 16 : index
      memref.store %r16, %out[%x, %j16] : memref<16x25xi32>
      %j17 = arith.constant 17 : index
      memref.store %r17, %out[%x, %j17] : memref<16x25xi32>
      %j18 = arith.constant 18 : index
      memref.store %r18, %out[%x, %j18] : memref<16x25xi32>
      %j19 = arith.constant 19 : index
      memref.store %r19, %out[%x, %j19] : memref<16x25xi32>
      %j20 = arith.constant 20 : index
      memref.store %r20, %out[%x, %j20] : memref<16x25xi32>
      %j21 = arith.constant 21 : index
      memref.store %r21, %out[%x, %j21] : memref<16x25xi32>
      %j22 = arith.constant 22 : index
      memref.store %r22, %out[%x, %j22] : memref<16x25xi32>
      %j23 = arith.constant 23 : index
      memref.store %r23, %out[%x, %j23] : memref<16x25xi32>
      %j24 = arith.constant 24 : index
      memref.store %r24, %out[%x, %j24] : memref<16x25xi32>
      %k0 = arith.constant 0 : index
      memref.store %q0, %fout[%x, %k0] : memref<16x5xf32>
      %k1 = arith.constant 1 : index
      memref.store %q1, %fout[%x, %k1] : memref<16x5xf32>
      %k2 = arith.constant 2 : index
      memref.store %q2, %fout[%x, %k2] : memref<16x5xf32>
      %k3 = arith.constant 3 : index
      memref.store %q3, %fout[%x, %k3] : memref<16x5xf32>
      %k4 = arith.constant 4 : index
      memref.store %q4, %fout[%x, %k4] : memref<16x5xf32>
      %st8 = arith.addi %h8s, %b8 : i8
      memref.store %st8, %bytes[%x] : memref<16xi8>
      %hw = memref.load %halves[%x] : memref<16xi16>
      %hw2 = arith.xori %hw, %m16 : i16
      memref.store %hw2, %halves[%x] : memref<16xi16>
      gpu.return
    }
  }
}

// -----

// arith.ceildivsi, arith.floordivsi and arith.ceildivui (expanded from the
// truncating division) on negative and positive operands, i32 and i8
// computed in 32 bits.
module attributes {gpu.container_module, spirv.target_env = #spirv.target_env<#spirv.vce<v1.0, [Shader], [SPV_KHR_storage_buffer_storage_class]>, #spirv.resource_limits<>>} {
  gpu.module @kernels {
    gpu.func @rounded_div(%ints: memref<16xi32>, %out: memref<16x6xi32>) kernel attributes {spirv.entry_point_abi = #spirv.entry_point_abi<workgroup_size = [16, 1, 1]>} {
      %x = gpu.thread_id x
      %v = memref.load %ints[%x] : memref<16xi32>
      %c3 = arith.constant 3 : i32
      %c13 = arith.constant 13 : i32
      %c5 = arith.constant 5 : i32
      %c7 = arith.constant 7 : i32
      %c0 = arith.constant 0 : i32
      %v3 = arith.muli %v, %c3 : i32
      %n = arith.subi %v3, %c13 : i32
      %m0 = arith.subi %v, %c5 : i32
      %z = arith.cmpi eq, %m0, %c0 : i32
      %m = arith.select %z, %c7, %m0 : i32
      %r0 = arith.ceildivsi %n, %m : i32
      %r1 = arith.floordivsi %n, %m : i32
      %r2 = arith.ceildivui %n, %m : i32
      %n8 = arith.trunci %n : i32 to i8
      %m8 = arith.trunci %m : i32 to i8
      %s0 = arith.ceildivsi %n8, %m8 : i8
      %s1 = arith.floordivsi %n8, %m8 : i8
      %s2 = arith.ceildivui %n8, %m8 : i8
      %e0 = arith.extsi %s0 : i8 to i32
      %e1 = arith.extsi %s1 : i8 to i32
      %e2 = arith.extsi %s2 : i8 to i32
      %j0 = arith.constant 0 : index
      %j1 = arith.constant 1 : index
      %j2 = arith.constant 2 : index
      %j3 = arith.constant 3 : index
      %j4 = arith.constant 4 : index
      %j5 = arith.constant 5 : index
      memref.store %r0, %out[%x, %j0] : memref<16x6xi32>
      memref.store %r1, %out[%x, %j1] : memref<16x6xi32>
      memref.store %r2, %out[%x, %j2] : memref<16x6xi32>
      memref.store %e0, %out[%x, %j3] : memref<16x6xi32>
      memref.store %e1, %out[%x, %j4] : memref<16x6xi32>
      memref.store %e2, %out[%x, %j5] : memref<16x6xi32>
      gpu.return
    }
  }
}

// -----

// arith.remsi at the ends of the i32 range: OpSRem is undefined on Vulkan
// for negative operands, so the remainder is |a| umod |b| with a's sign,
// right for the most negative a too.
module attributes {gpu.container_module, spirv.target_env = #spirv.target_env<#spirv.vce<v1.0, [Shader], [SPV_KHR_storage_buffer_storage_class]>, #spirv.resource_limits<>>} {
  gpu.module @kernels {
    gpu.func @remsi_extremes(%in: memref<16xi32>, %out: memref<16x4xi32>) kernel attributes {spirv.entry_point_abi = #spirv.entry_point_abi<workgroup_size = [16, 1, 1]>} {
      %x = gpu.thread_id x
      %v = memref.load %in[%x] : memref<16xi32>
      %min = arith.constant -2147483648 : i32
      %max = arith.constant 2147483647 : i32
      %c0 = arith.constant 0 : i32
      %c7 = arith.constant 7 : i32
      %c8 = arith.constant 8 : i32
      %vz = arith.cmpi eq, %v, %c0 : i32
      %v1 = arith.select %vz, %c7, %v : i32
      %xi = arith.index_cast %x : index to i32
      %small = arith.subi %xi, %c8 : i32
      %sz = arith.cmpi eq, %small, %c0 : i32
      %b = arith.select %sz, %c7, %small : i32
      %r0 = arith.remsi %min, %b : i32
      %r1 = arith.remsi %max, %b : i32
      %r2 = arith.remsi %v1, %min : i32
      %r3 = arith.remsi %min, %v1 : i32
      %i0 = arith.constant 0 : index
      %i1 = arith.constant 1 : index
      %i2 = arith.constant 2 : index
      %i3 = arith.constant 3 : index
      memref.store %r0, %out[%x, %i0] : memref<16x4xi32>
      memref.store %r1, %out[%x, %i1] : memref<16x4xi32>
      memref.store %r2, %out[%x, %i2] : memref<16x4xi32>
      memref.store %r3, %out[%x, %i3] : memref<16x4xi32>
      gpu.return
    }
  }
}

// -----

// arith.maxnumf and minnumf on vectors with NaN lanes, which kiln compile's
// spirv-fuse-nan-min-max makes GL NMax and NMin: a is NaN in lanes 1 and
// 3, b in lanes 2 and 3 (both NaN in lane 3); b's lane 0 is also NaN at
// thread 6. maximumf and minimumf, which propagate NaN, keep their selects.
// (No signed zeros: maxnumf(+0, -0) may be either, as LLVM's maxnum.)
module attributes {gpu.container_module, spirv.target_env = #spirv.target_env<#spirv.vce<v1.0, [Shader], [SPV_KHR_storage_buffer_storage_class]>, #spirv.resource_limits<>>} {
  gpu.module @kernels {
    gpu.func @vector_numf(%in: memref<64xf32>, %out: memref<256xf32>) kernel attributes {spirv.entry_point_abi = #spirv.entry_point_abi<workgroup_size = [16, 1, 1]>} {
      %x = gpu.thread_id x
      %c4 = arith.constant 4 : index
      %c15 = arith.constant 15 : index
      %base = arith.muli %x, %c4 : index
      %y = arith.subi %c15, %x : index
      %ybase = arith.muli %y, %c4 : index
      %a0 = vector.load %in[%base] : memref<64xf32>, vector<4xf32>
      %b0 = vector.load %in[%ybase] : memref<64xf32>, vector<4xf32>
      %anan = arith.constant dense<[0.0, 0x7FC00000, 0.0, 0x7FC00000]> : vector<4xf32>
      %bnan = arith.constant dense<[0.0, 0.0, 0x7FC00000, 0x7FC00000]> : vector<4xf32>
      %a1 = arith.addf %a0, %anan : vector<4xf32>
      %b1 = arith.addf %b0, %bnan : vector<4xf32>
      %xi = arith.index_cast %x : index to i32
      %i6 = arith.constant 6 : i32
      %nan = arith.constant 0x7FC00000 : f32
      %is6 = arith.cmpi eq, %xi, %i6 : i32
      %b0e = vector.extract %b1[0] : f32 from vector<4xf32>
      %b0n = arith.select %is6, %nan, %b0e : f32
      %b = vector.insert %b0n, %b1 [0] : f32 into vector<4xf32>
      %a = arith.addf %a1, %a1 : vector<4xf32>
      %r0 = arith.maxnumf %a, %b : vector<4xf32>
      %r1 = arith.minnumf %a, %b : vector<4xf32>
      %r2 = arith.maxnumf %b, %a : vector<4xf32>
      %r3 = arith.minnumf %b, %a : vector<4xf32>
      %r4 = arith.maximumf %a, %b : vector<4xf32>
      %r5 = arith.minimumf %a, %b : vector<4xf32>
      %r6 = arith.maxnumf %r1, %r4 : vector<4xf32>
      %r7 = arith.minnumf %r0, %r5 : vector<4xf32>
      %c16 = arith.constant 16 : index
      %o = arith.muli %x, %c16 : index
      vector.store %r0, %out[%o] : memref<256xf32>, vector<4xf32>
      %o1 = arith.addi %o, %c4 : index
      vector.store %r1, %out[%o1] : memref<256xf32>, vector<4xf32>
      %o2 = arith.addi %o1, %c4 : index
      %r23 = arith.addf %r2, %r3 : vector<4xf32>
      vector.store %r23, %out[%o2] : memref<256xf32>, vector<4xf32>
      %o3 = arith.addi %o2, %c4 : index
      %r67 = arith.subf %r6, %r7 : vector<4xf32>
      vector.store %r67, %out[%o3] : memref<256xf32>, vector<4xf32>
      gpu.return
    }
  }
}

// -----

// i4 computed in 32 bits: truncation, add and multiply that wrap, signed
// and unsigned comparisons and division, both extensions.
module attributes {gpu.container_module, spirv.target_env = #spirv.target_env<#spirv.vce<v1.0, [Shader], [SPV_KHR_storage_buffer_storage_class]>, #spirv.resource_limits<>>} {
  gpu.module @kernels {
    gpu.func @nibbles(%in: memref<16xi32>, %out: memref<16x6xi32>) kernel attributes {spirv.entry_point_abi = #spirv.entry_point_abi<workgroup_size = [16, 1, 1]>} {
      %x = gpu.thread_id x
      %c15 = arith.constant 15 : index
      %y = arith.subi %c15, %x : index
      %a32 = memref.load %in[%x] : memref<16xi32>
      %b32 = memref.load %in[%y] : memref<16xi32>
      %xi = arith.index_cast %x : index to i32
      %a5 = arith.addi %a32, %xi : i32
      %a = arith.trunci %a5 : i32 to i4
      %b = arith.trunci %b32 : i32 to i4
      %s = arith.addi %a, %b : i4
      %p = arith.muli %a, %b : i4
      %lt = arith.cmpi slt, %s, %p : i4
      %ult = arith.cmpi ult, %s, %p : i4
      %one = arith.constant 1 : i4
      %bo = arith.ori %b, %one : i4
      %q = arith.divui %a, %bo : i4
      %r0 = arith.extsi %s : i4 to i32
      %r1 = arith.extui %p : i4 to i32
      %r2 = arith.extui %lt : i1 to i32
      %r3 = arith.extui %ult : i1 to i32
      %r4 = arith.extsi %q : i4 to i32
      %r5 = arith.extsi %a : i4 to i32
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
