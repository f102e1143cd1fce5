// out[r] = fold of x[r][0:cols] with Op, for a rows x cols matrix, one
// workgroup per row (grid-stride over rows): per thread, then in a
// workgroup-memory tree.
gpu.module @rows {
  gpu.func @rows(%x: memref<?x{{.T}}>, %out: memref<?x{{.T}}>, %rows: index, %cols: index)
      workgroup(%sh: memref<{{.WG}}x{{.T}}, #gpu.address_space<workgroup>>) kernel
      attributes {spirv.entry_point_abi = #spirv.entry_point_abi<workgroup_size = [{{.WG}}, 1, 1]>} {
    %tid = gpu.thread_id x
    %bid = gpu.block_id x
    %gdim = gpu.grid_dim x
    %c0 = arith.constant 0 : index
    %wg = arith.constant {{.WG}} : index
    %id = arith.constant {{.Identity}} : {{.T}}
    scf.for %r = %bid to %rows step %gdim {
      %base = arith.muli %r, %cols : index
      %a = scf.for %c = %tid to %cols step %wg iter_args(%acc = %id) -> ({{.T}}) {
        %i = arith.addi %base, %c : index
        %v = memref.load %x[%i] : memref<?x{{.T}}>
        %s = {{.Op}} %acc, %v : {{.T}}
        scf.yield %s : {{.T}}
      }
{{template "tree" (treeArgs "fold" .Op "a" .T .WG .Steps)}}
      %first = arith.cmpi eq, %tid, %c0 : index
      scf.if %first {
        %v = memref.load %sh[%c0] : memref<{{.WG}}x{{.T}}, #gpu.address_space<workgroup>>
        memref.store %v, %out[%r] : memref<?x{{.T}}>
      }
      gpu.barrier
    }
    gpu.return
  }
}
