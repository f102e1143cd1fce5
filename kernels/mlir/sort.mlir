// One step of a bitonic sorting network over x[0:n], ascending, as if x
// were padded to a power of two with values greater than all others: every
// pair (i, l) with i < l, l = i ^ mask, is put in order. The first step of
// each merge pairs mirrored indices (mask = 2k-1), the others i ^ j, so
// the smaller index always keeps the smaller value and pairs past n, whose
// partner would be padding, stay as they are. Grid-stride over i < n.
gpu.module @sort {
  gpu.func @step(%x: memref<?x{{.T}}>, %n: index, %mask: index) kernel
      attributes {spirv.entry_point_abi = #spirv.entry_point_abi<workgroup_size = [{{.WG}}, 1, 1]>} {
    %gid = gpu.global_id x
    %bdim = gpu.block_dim x
    %gdim = gpu.grid_dim x
    %stride = arith.muli %bdim, %gdim : index
    scf.for %i = %gid to %n step %stride {
      %l = arith.xori %i, %mask : index
      %after = arith.cmpi ugt, %l, %i : index
      %inside = arith.cmpi ult, %l, %n : index
      %pair = arith.andi %after, %inside : i1
      scf.if %pair {
        %a = memref.load %x[%i] : memref<?x{{.T}}>
        %b = memref.load %x[%l] : memref<?x{{.T}}>
        %gt = {{.Gt}}, %a, %b : {{.T}}
        scf.if %gt {
          memref.store %b, %x[%i] : memref<?x{{.T}}>
          memref.store %a, %x[%l] : memref<?x{{.T}}>
        }
      }
    }
    gpu.return
  }
}
