// Each workgroup folds a grid-stride slice of x[0:n] into out[block]: a
// sequential fold per thread, then a tree in workgroup memory.
gpu.module @reduce {
  gpu.func @reduce(%x: memref<?x{{.T}}>, %out: memref<?x{{.T}}>, %n: index)
      workgroup(%sh: memref<{{.WG}}x{{.T}}, #gpu.address_space<workgroup>>) kernel
      attributes {spirv.entry_point_abi = #spirv.entry_point_abi<workgroup_size = [{{.WG}}, 1, 1]>} {
    %tid = gpu.thread_id x
    %bid = gpu.block_id x
    %gid = gpu.global_id x
    %gdim = gpu.grid_dim x
    %c0 = arith.constant 0 : index
    %wg = arith.constant {{.WG}} : index
    %stride = arith.muli %gdim, %wg : index
    %id = arith.constant {{.Identity}} : {{.T}}
    %acc = scf.for %i = %gid to %n step %stride iter_args(%a = %id) -> ({{.T}}) {
      %v = memref.load %x[%i] : memref<?x{{.T}}>
      %s = {{.Op}} %a, %v : {{.T}}
      scf.yield %s : {{.T}}
    }
{{template "tree" (treeArgs "fold" .Op "acc" .T .WG .Steps)}}
    %first = arith.cmpi eq, %tid, %c0 : index
    scf.if %first {
      %r = memref.load %sh[%c0] : memref<{{.WG}}x{{.T}}, #gpu.address_space<workgroup>>
      memref.store %r, %out[%bid] : memref<?x{{.T}}>
    }
    gpu.return
  }
}
