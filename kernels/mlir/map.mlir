// out[i] = body(a0[i], a1[i], ...) for i < n, grid-stride.
gpu.module @map {
  gpu.func @map({{range $i, $t := .In}}%in{{$i}}: memref<?x{{$t}}>, {{end}}%out: memref<?x{{.Out}}>, %n: index) kernel
      attributes {spirv.entry_point_abi = #spirv.entry_point_abi<workgroup_size = [{{.WG}}, 1, 1]>} {
    %gid = gpu.global_id x
    %bdim = gpu.block_dim x
    %gdim = gpu.grid_dim x
    %stride = arith.muli %bdim, %gdim : index
    scf.for %i = %gid to %n step %stride {
{{- range $i, $t := .In}}
      %a{{$i}} = memref.load %in{{$i}}[%i] : memref<?x{{$t}}>
{{- end}}
{{.Body}}
      memref.store %r, %out[%i] : memref<?x{{.Out}}>
    }
    gpu.return
  }
}
