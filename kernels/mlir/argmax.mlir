// Each workgroup finds the greatest of its grid-stride slice of the n
// values and its index (the first on ties; NaNs never win), per thread
// and then in a workgroup-memory tree, and writes them to outv/outi[block].
// @first reads x[i] with index i; @next reads the (value, index) pairs an
// earlier pass wrote.
gpu.module @argmax {
{{- range $k := .Kinds}}
  gpu.func @{{$k}}({{if eq $k "first"}}%x: memref<?xf32>{{else}}%x: memref<?xf32>, %xi: memref<?xi32>{{end}}, %outv: memref<?xf32>, %outi: memref<?xi32>, %n: index)
      workgroup(%shv: memref<{{$.WG}}xf32, #gpu.address_space<workgroup>>, %shi: memref<{{$.WG}}xi32, #gpu.address_space<workgroup>>) kernel
      attributes {spirv.entry_point_abi = #spirv.entry_point_abi<workgroup_size = [{{$.WG}}, 1, 1]>} {
    %tid = gpu.thread_id x
    %bid = gpu.block_id x
    %gid = gpu.global_id x
    %gdim = gpu.grid_dim x
    %c0 = arith.constant 0 : index
    %wg = arith.constant {{$.WG}} : index
    %stride = arith.muli %gdim, %wg : index
    %ninf = arith.constant 0xFF800000 : f32
    %none = arith.constant -1 : i32
    %acc:2 = scf.for %i = %gid to %n step %stride iter_args(%bv = %ninf, %bi = %none) -> (f32, i32) {
      %v = memref.load %x[%i] : memref<?xf32>
{{- if eq $k "first"}}
      %vi = arith.index_cast %i : index to i32
{{- else}}
      %vi = memref.load %xi[%i] : memref<?xi32>
{{- end}}
      // Slices are visited in increasing index order: ties keep the first.
      %gt = arith.cmpf ogt, %v, %bv : f32
      %first = arith.cmpi eq, %bi, %none : i32
      %notnan = arith.cmpf ord, %v, %v : f32
      %firstok = arith.andi %first, %notnan : i1
      %take = arith.ori %gt, %firstok : i1
      %nv = arith.select %take, %v, %bv : f32
      %ni = arith.select %take, %vi, %bi : i32
      scf.yield %nv, %ni : f32, i32
    }
    memref.store %acc#0, %shv[%tid] : memref<{{$.WG}}xf32, #gpu.address_space<workgroup>>
    memref.store %acc#1, %shi[%tid] : memref<{{$.WG}}xi32, #gpu.address_space<workgroup>>
    gpu.barrier
{{- range $.Steps}}
    %c{{.}} = arith.constant {{.}} : index
    %in{{.}} = arith.cmpi ult, %tid, %c{{.}} : index
    scf.if %in{{.}} {
      %j = arith.addi %tid, %c{{.}} : index
      %av = memref.load %shv[%tid] : memref<{{$.WG}}xf32, #gpu.address_space<workgroup>>
      %ai = memref.load %shi[%tid] : memref<{{$.WG}}xi32, #gpu.address_space<workgroup>>
      %bv = memref.load %shv[%j] : memref<{{$.WG}}xf32, #gpu.address_space<workgroup>>
      %bi = memref.load %shi[%j] : memref<{{$.WG}}xi32, #gpu.address_space<workgroup>>
      // b wins when it has a candidate and a has none, or it is greater,
      // or equal with a smaller index.
      %none_a = arith.cmpi eq, %ai, %none : i32
      %some_b = arith.cmpi ne, %bi, %none : i32
      %gt = arith.cmpf ogt, %bv, %av : f32
      %eq = arith.cmpf oeq, %bv, %av : f32
      %lt = arith.cmpi slt, %bi, %ai : i32
      %tie = arith.andi %eq, %lt : i1
      %better = arith.ori %gt, %tie : i1
      %over = arith.ori %none_a, %better : i1
      %take = arith.andi %some_b, %over : i1
      scf.if %take {
        memref.store %bv, %shv[%tid] : memref<{{$.WG}}xf32, #gpu.address_space<workgroup>>
        memref.store %bi, %shi[%tid] : memref<{{$.WG}}xi32, #gpu.address_space<workgroup>>
      }
    }
    gpu.barrier
{{- end}}
    %lead = arith.cmpi eq, %tid, %c0 : index
    scf.if %lead {
      %v = memref.load %shv[%c0] : memref<{{$.WG}}xf32, #gpu.address_space<workgroup>>
      %i = memref.load %shi[%c0] : memref<{{$.WG}}xi32, #gpu.address_space<workgroup>>
      memref.store %v, %outv[%bid] : memref<?xf32>
      memref.store %i, %outi[%bid] : memref<?xi32>
    }
    gpu.return
  }
{{- end}}
}
