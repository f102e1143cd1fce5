{{/* The "tree" template: a per-thread value folded in workgroup memory
     %sh (see type tree in kernels.go). */}}
{{define "tree"}}
      // {{.Name}}: the per-thread values folded in workgroup memory.
      memref.store %{{.Value}}, %sh[%tid] : memref<{{.WG}}x{{.T}}, #gpu.address_space<workgroup>>
      gpu.barrier
{{- range .Steps}}
      %{{$.Name}}c{{.}} = arith.constant {{.}} : index
      %{{$.Name}}in{{.}} = arith.cmpi ult, %tid, %{{$.Name}}c{{.}} : index
      scf.if %{{$.Name}}in{{.}} {
        %j = arith.addi %tid, %{{$.Name}}c{{.}} : index
        %p = memref.load %sh[%tid] : memref<{{$.WG}}x{{$.T}}, #gpu.address_space<workgroup>>
        %q = memref.load %sh[%j] : memref<{{$.WG}}x{{$.T}}, #gpu.address_space<workgroup>>
        %f = {{$.Op}} %p, %q : {{$.T}}
        memref.store %f, %sh[%tid] : memref<{{$.WG}}x{{$.T}}, #gpu.address_space<workgroup>>
      }
      gpu.barrier
{{- end}}
{{- end}}
