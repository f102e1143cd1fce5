// Scans x[0:n] block by block (blocks of WG elements, grid-stride over
// blocks): out gets each block's {{if .Inclusive}}inclusive{{else}}exclusive{{end}} scan, sums[b] block b's total.
// The Hillis-Steele steps run in workgroup memory.
gpu.module @scan {
  gpu.func @scan(%x: memref<?x{{.T}}>, %out: memref<?x{{.T}}>, %sums: memref<?x{{.T}}>, %n: index, %nb: index)
      workgroup(%sh: memref<{{.WG}}x{{.T}}, #gpu.address_space<workgroup>>) kernel
      attributes {spirv.entry_point_abi = #spirv.entry_point_abi<workgroup_size = [{{.WG}}, 1, 1]>} {
    %tid = gpu.thread_id x
    %bid = gpu.block_id x
    %gdim = gpu.grid_dim x
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %wg = arith.constant {{.WG}} : index
    %last = arith.constant {{.Last}} : index
    %zero = arith.constant {{.Zero}} : {{.T}}
    scf.for %b = %bid to %nb step %gdim {
      %base = arith.muli %b, %wg : index
      %i = arith.addi %base, %tid : index
      %in = arith.cmpi ult, %i, %n : index
      %v = scf.if %in -> ({{.T}}) {
        %l = memref.load %x[%i] : memref<?x{{.T}}>
        scf.yield %l : {{.T}}
      } else {
        scf.yield %zero : {{.T}}
      }
      memref.store %v, %sh[%tid] : memref<{{.WG}}x{{.T}}, #gpu.address_space<workgroup>>
      gpu.barrier
{{- range .Steps}}
      %o{{.}} = arith.constant {{.}} : index
      %has{{.}} = arith.cmpi uge, %tid, %o{{.}} : index
      %t{{.}} = scf.if %has{{.}} -> ({{$.T}}) {
        %j = arith.subi %tid, %o{{.}} : index
        %l = memref.load %sh[%j] : memref<{{$.WG}}x{{$.T}}, #gpu.address_space<workgroup>>
        scf.yield %l : {{$.T}}
      } else {
        scf.yield %zero : {{$.T}}
      }
      %s{{.}} = memref.load %sh[%tid] : memref<{{$.WG}}x{{$.T}}, #gpu.address_space<workgroup>>
      gpu.barrier
      %u{{.}} = {{$.Add}} %s{{.}}, %t{{.}} : {{$.T}}
      memref.store %u{{.}}, %sh[%tid] : memref<{{$.WG}}x{{$.T}}, #gpu.address_space<workgroup>>
      gpu.barrier
{{- end}}
{{- if .Inclusive}}
      %r = memref.load %sh[%tid] : memref<{{.WG}}x{{.T}}, #gpu.address_space<workgroup>>
{{- else}}
      %first = arith.cmpi eq, %tid, %c0 : index
      %r = scf.if %first -> ({{.T}}) {
        scf.yield %zero : {{.T}}
      } else {
        %j = arith.subi %tid, %c1 : index
        %l = memref.load %sh[%j] : memref<{{.WG}}x{{.T}}, #gpu.address_space<workgroup>>
        scf.yield %l : {{.T}}
      }
{{- end}}
      scf.if %in {
        memref.store %r, %out[%i] : memref<?x{{.T}}>
      }
      %islast = arith.cmpi eq, %tid, %last : index
      scf.if %islast {
        %total = memref.load %sh[%last] : memref<{{.WG}}x{{.T}}, #gpu.address_space<workgroup>>
        memref.store %total, %sums[%b] : memref<?x{{.T}}>
      }
      gpu.barrier
    }
    gpu.return
  }

  // out[i] += offsets[i / WG]: each block's scan shifted by the total of
  // the blocks before it.
  gpu.func @offset(%out: memref<?x{{.T}}>, %offsets: memref<?x{{.T}}>, %n: index) kernel
      attributes {spirv.entry_point_abi = #spirv.entry_point_abi<workgroup_size = [{{.WG}}, 1, 1]>} {
    %gid = gpu.global_id x
    %bdim = gpu.block_dim x
    %gdim = gpu.grid_dim x
    %stride = arith.muli %bdim, %gdim : index
    %wg = arith.constant {{.WG}} : index
    scf.for %i = %gid to %n step %stride {
      %b = arith.divui %i, %wg : index
      %o = memref.load %offsets[%b] : memref<?x{{.T}}>
      %v = memref.load %out[%i] : memref<?x{{.T}}>
      %w = {{.Add}} %v, %o : {{.T}}
      memref.store %w, %out[%i] : memref<?x{{.T}}>
    }
    gpu.return
  }
}
