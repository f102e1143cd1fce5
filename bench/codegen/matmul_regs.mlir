// c = a * b, 256x256 floats, register-blocked as kernels.MatMul's matmul_regs runs on CPU
// drivers (without its subgroup shuffles): a workgroup of 32 invocations
// computes 4 rows (the workgroup's) by 128 columns of c, each invocation
// 4 x 4 outputs, columns strided by 32, no workgroup memory or barrier.
module attributes {
  gpu.container_module,
  spirv.target_env = #spirv.target_env<
    #spirv.vce<v1.3, [Shader, GroupNonUniform, GroupNonUniformArithmetic], [SPV_KHR_storage_buffer_storage_class]>, #spirv.resource_limits<>>
} {
  gpu.module @matmul_regs {
    gpu.func @main(%a : memref<256x256xf32>, %b : memref<256x256xf32>, %c : memref<256x256xf32>)
      kernel attributes {spirv.entry_point_abi = #spirv.entry_point_abi<workgroup_size = [32, 1, 1]>} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c4 = arith.constant 4 : index
      %c32 = arith.constant 32 : index
      %c128 = arith.constant 128 : index
      %n = arith.constant 256 : index
      %zero = arith.constant 0.0 : f32
      %tx = gpu.thread_id x
      %bx = gpu.block_id x
      %by = gpu.block_id y
      %cb = arith.muli %bx, %c128 : index
      %colb = arith.addi %cb, %tx : index
      %rowb = arith.muli %by, %c4 : index
      %i0 = arith.constant 0 : index
      %row0 = arith.addi %rowb, %i0 : index
      %i1 = arith.constant 1 : index
      %row1 = arith.addi %rowb, %i1 : index
      %i2 = arith.constant 2 : index
      %row2 = arith.addi %rowb, %i2 : index
      %i3 = arith.constant 3 : index
      %row3 = arith.addi %rowb, %i3 : index
      %j0 = arith.constant 0 : index
      %col0 = arith.addi %colb, %j0 : index
      %j1 = arith.constant 32 : index
      %col1 = arith.addi %colb, %j1 : index
      %j2 = arith.constant 64 : index
      %col2 = arith.addi %colb, %j2 : index
      %j3 = arith.constant 96 : index
      %col3 = arith.addi %colb, %j3 : index
      %acc:16 = scf.for %k = %c0 to %n step %c1 iter_args(%s00 = %zero, %s01 = %zero, %s02 = %zero, %s03 = %zero, %s10 = %zero, %s11 = %zero, %s12 = %zero, %s13 = %zero, %s20 = %zero, %s21 = %zero, %s22 = %zero, %s23 = %zero, %s30 = %zero, %s31 = %zero, %s32 = %zero, %s33 = %zero) -> (f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32) {
        %x0 = memref.load %a[%row0, %k] : memref<256x256xf32>
        %x1 = memref.load %a[%row1, %k] : memref<256x256xf32>
        %x2 = memref.load %a[%row2, %k] : memref<256x256xf32>
        %x3 = memref.load %a[%row3, %k] : memref<256x256xf32>
        %y0 = memref.load %b[%k, %col0] : memref<256x256xf32>
        %y1 = memref.load %b[%k, %col1] : memref<256x256xf32>
        %y2 = memref.load %b[%k, %col2] : memref<256x256xf32>
        %y3 = memref.load %b[%k, %col3] : memref<256x256xf32>
        %t00 = math.fma %x0, %y0, %s00 : f32
        %t01 = math.fma %x0, %y1, %s01 : f32
        %t02 = math.fma %x0, %y2, %s02 : f32
        %t03 = math.fma %x0, %y3, %s03 : f32
        %t10 = math.fma %x1, %y0, %s10 : f32
        %t11 = math.fma %x1, %y1, %s11 : f32
        %t12 = math.fma %x1, %y2, %s12 : f32
        %t13 = math.fma %x1, %y3, %s13 : f32
        %t20 = math.fma %x2, %y0, %s20 : f32
        %t21 = math.fma %x2, %y1, %s21 : f32
        %t22 = math.fma %x2, %y2, %s22 : f32
        %t23 = math.fma %x2, %y3, %s23 : f32
        %t30 = math.fma %x3, %y0, %s30 : f32
        %t31 = math.fma %x3, %y1, %s31 : f32
        %t32 = math.fma %x3, %y2, %s32 : f32
        %t33 = math.fma %x3, %y3, %s33 : f32
        scf.yield %t00, %t01, %t02, %t03, %t10, %t11, %t12, %t13, %t20, %t21, %t22, %t23, %t30, %t31, %t32, %t33 : f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32
      }
      memref.store %acc#0, %c[%row0, %col0] : memref<256x256xf32>
      memref.store %acc#1, %c[%row0, %col1] : memref<256x256xf32>
      memref.store %acc#2, %c[%row0, %col2] : memref<256x256xf32>
      memref.store %acc#3, %c[%row0, %col3] : memref<256x256xf32>
      memref.store %acc#4, %c[%row1, %col0] : memref<256x256xf32>
      memref.store %acc#5, %c[%row1, %col1] : memref<256x256xf32>
      memref.store %acc#6, %c[%row1, %col2] : memref<256x256xf32>
      memref.store %acc#7, %c[%row1, %col3] : memref<256x256xf32>
      memref.store %acc#8, %c[%row2, %col0] : memref<256x256xf32>
      memref.store %acc#9, %c[%row2, %col1] : memref<256x256xf32>
      memref.store %acc#10, %c[%row2, %col2] : memref<256x256xf32>
      memref.store %acc#11, %c[%row2, %col3] : memref<256x256xf32>
      memref.store %acc#12, %c[%row3, %col0] : memref<256x256xf32>
      memref.store %acc#13, %c[%row3, %col1] : memref<256x256xf32>
      memref.store %acc#14, %c[%row3, %col2] : memref<256x256xf32>
      memref.store %acc#15, %c[%row3, %col3] : memref<256x256xf32>
      gpu.return
    }
  }
}
