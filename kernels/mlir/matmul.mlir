// C (m x n) = A (m x k) * B (k x n), row-major f32. Each TS x TS workgroup
// computes one tile of C, stepping through k one TS-wide tile of A and B
// at a time, staged in workgroup memory; elements past the edges read 0.
gpu.module @matmul {
  gpu.func @matmul(%A: memref<?xf32>, %B: memref<?xf32>, %C: memref<?xf32>, %m: index, %n: index, %k: index)
      workgroup(%As: memref<{{.TS}}x{{.TS}}xf32, #gpu.address_space<workgroup>>, %Bs: memref<{{.TS}}x{{.TS}}xf32, #gpu.address_space<workgroup>>) kernel
      attributes {spirv.entry_point_abi = #spirv.entry_point_abi<workgroup_size = [{{.TS}}, {{.TS}}, 1]>} {
    %tx = gpu.thread_id x
    %ty = gpu.thread_id y
    %bx = gpu.block_id x
    %by = gpu.block_id y
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %ts = arith.constant {{.TS}} : index
    %zero = arith.constant 0.0 : f32
    %bx0 = arith.muli %bx, %ts : index
    %by0 = arith.muli %by, %ts : index
    %col = arith.addi %bx0, %tx : index
    %row = arith.addi %by0, %ty : index
    %row_in = arith.cmpi ult, %row, %m : index
    %col_in = arith.cmpi ult, %col, %n : index
    %acc = scf.for %k0 = %c0 to %k step %ts iter_args(%a = %zero) -> (f32) {
      %ak = arith.addi %k0, %tx : index
      %ak_in = arith.cmpi ult, %ak, %k : index
      %a_in = arith.andi %row_in, %ak_in : i1
      %va = scf.if %a_in -> (f32) {
        %rk = arith.muli %row, %k : index
        %ai = arith.addi %rk, %ak : index
        %v = memref.load %A[%ai] : memref<?xf32>
        scf.yield %v : f32
      } else {
        scf.yield %zero : f32
      }
      memref.store %va, %As[%ty, %tx] : memref<{{.TS}}x{{.TS}}xf32, #gpu.address_space<workgroup>>
      %bk = arith.addi %k0, %ty : index
      %bk_in = arith.cmpi ult, %bk, %k : index
      %b_in = arith.andi %bk_in, %col_in : i1
      %vb = scf.if %b_in -> (f32) {
        %kn = arith.muli %bk, %n : index
        %bi = arith.addi %kn, %col : index
        %v = memref.load %B[%bi] : memref<?xf32>
        scf.yield %v : f32
      } else {
        scf.yield %zero : f32
      }
      memref.store %vb, %Bs[%ty, %tx] : memref<{{.TS}}x{{.TS}}xf32, #gpu.address_space<workgroup>>
      gpu.barrier
      %s = scf.for %kk = %c0 to %ts step %c1 iter_args(%s0 = %a) -> (f32) {
        %x = memref.load %As[%ty, %kk] : memref<{{.TS}}x{{.TS}}xf32, #gpu.address_space<workgroup>>
        %y = memref.load %Bs[%kk, %tx] : memref<{{.TS}}x{{.TS}}xf32, #gpu.address_space<workgroup>>
        %s1 = math.fma %x, %y, %s0 : f32
        scf.yield %s1 : f32
      }
      gpu.barrier
      scf.yield %s : f32
    }
    %out_in = arith.andi %row_in, %col_in : i1
    scf.if %out_in {
      %rn = arith.muli %row, %n : index
      %ci = arith.addi %rn, %col : index
      memref.store %acc, %C[%ci] : memref<?xf32>
    }
    gpu.return
  }
}
