// out (cols x rows) = transpose of in (rows x cols), row-major, through a
// TS x TS tile in workgroup memory so that both the reads and the writes
// of a workgroup are contiguous.
gpu.module @transpose {
  gpu.func @transpose(%in: memref<?x{{.T}}>, %out: memref<?x{{.T}}>, %rows: index, %cols: index)
      workgroup(%tile: memref<{{.TS}}x{{.TS}}x{{.T}}, #gpu.address_space<workgroup>>) kernel
      attributes {spirv.entry_point_abi = #spirv.entry_point_abi<workgroup_size = [{{.TS}}, {{.TS}}, 1]>} {
    %tx = gpu.thread_id x
    %ty = gpu.thread_id y
    %bx = gpu.block_id x
    %by = gpu.block_id y
    %ts = arith.constant {{.TS}} : index
    %x0 = arith.muli %bx, %ts : index
    %y0 = arith.muli %by, %ts : index
    %c = arith.addi %x0, %tx : index
    %r = arith.addi %y0, %ty : index
    %cin = arith.cmpi ult, %c, %cols : index
    %rin = arith.cmpi ult, %r, %rows : index
    %in_ok = arith.andi %cin, %rin : i1
    scf.if %in_ok {
      %rc = arith.muli %r, %cols : index
      %src = arith.addi %rc, %c : index
      %v = memref.load %in[%src] : memref<?x{{.T}}>
      memref.store %v, %tile[%ty, %tx] : memref<{{.TS}}x{{.TS}}x{{.T}}, #gpu.address_space<workgroup>>
    }
    gpu.barrier
    // Thread (tx, ty) writes out[x0 + ty][y0 + tx] = in[y0 + tx][x0 + ty].
    %orow = arith.addi %x0, %ty : index
    %ocol = arith.addi %y0, %tx : index
    %orin = arith.cmpi ult, %orow, %cols : index
    %ocin = arith.cmpi ult, %ocol, %rows : index
    %out_ok = arith.andi %orin, %ocin : i1
    scf.if %out_ok {
      %v = memref.load %tile[%tx, %ty] : memref<{{.TS}}x{{.TS}}x{{.T}}, #gpu.address_space<workgroup>>
      %oc = arith.muli %orow, %rows : index
      %dst = arith.addi %oc, %ocol : index
      memref.store %v, %out[%dst] : memref<?x{{.T}}>
    }
    gpu.return
  }
}
