// Each workgroup folds a grid-stride slice of x[0:n] into out[block]: a
// sequential fold per thread of vector<4> loads (one load instruction for
// 4 elements; spirv-vectorize-buffer-access makes them vec4 accesses), its
// lanes folded, then the tail past the last multiple of 4 (the first
// threads one element each), then a tree in workgroup memory.
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
    %idv = vector.broadcast %id : {{.T}} to vector<4x{{.T}}>
    %c4 = arith.constant 4 : index
    %n4 = arith.divui %n, %c4 : index
    %accv = scf.for %j = %gid to %n4 step %stride iter_args(%a = %idv) -> (vector<4x{{.T}}>) {
      %i = arith.muli %j, %c4 : index
      %v = vector.load %x[%i] : memref<?x{{.T}}>, vector<4x{{.T}}>
      %s = {{.Op}} %a, %v : vector<4x{{.T}}>
      scf.yield %s : vector<4x{{.T}}>
    }
    %e0 = vector.extract %accv[0] : {{.T}} from vector<4x{{.T}}>
    %e1 = vector.extract %accv[1] : {{.T}} from vector<4x{{.T}}>
    %e2 = vector.extract %accv[2] : {{.T}} from vector<4x{{.T}}>
    %e3 = vector.extract %accv[3] : {{.T}} from vector<4x{{.T}}>
    %e01 = {{.Op}} %e0, %e1 : {{.T}}
    %e23 = {{.Op}} %e2, %e3 : {{.T}}
    %lanes = {{.Op}} %e01, %e23 : {{.T}}
    %tail = arith.muli %n4, %c4 : index
    %ti = arith.addi %tail, %gid : index
    %tin = arith.cmpi ult, %ti, %n : index
    %acc = scf.if %tin -> ({{.T}}) {
      %v = memref.load %x[%ti] : memref<?x{{.T}}>
      %s = {{.Op}} %lanes, %v : {{.T}}
      scf.yield %s : {{.T}}
    } else {
      scf.yield %lanes : {{.T}}
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
