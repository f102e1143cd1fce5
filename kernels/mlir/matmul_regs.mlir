// C (m x n) = A (m x k) * B (k x n), row-major f32, for CPU drivers: a
// one-dimensional workgroup of WG threads computes R rows by WG * C columns
// of C, each thread R x C outputs held in registers, with no workgroup
// memory and no barrier. The R rows are the workgroup's, so every thread
// needs the same elements of A: with subgroups of S > 1 lanes, each lane
// loads one of S consecutive ones per row and gpu.shuffle hands them to
// the others (one load where there were S); past the last multiple of S,
// and with S = 1, each thread loads them itself. Thread t's columns are t,
// t + WG, ..., so each of B's loads reads consecutive elements across the
// workgroup. Rows and columns past the edges are clamped for loading
// (every iteration does the same loads, without branches) and not stored.
// Each output is a sequential fused multiply-add over k, as in the tiled
// kernel, so both give the same bits.
gpu.module @matmul {
  gpu.func @matmul(%A: memref<?xf32>, %B: memref<?xf32>, %C: memref<?xf32>, %m: index, %n: index, %k: index) kernel
      attributes {spirv.entry_point_abi = #spirv.entry_point_abi<workgroup_size = [{{.WG}}, 1, 1]>} {
    %tx = gpu.thread_id x
    %bx = gpu.block_id x
    %by = gpu.block_id y
{{- if gt .S 1}}
    %lane = gpu.lane_id
{{- end}}
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %zero = arith.constant 0.0 : f32
    %wg = arith.constant {{.WG}} : index
    %bn = arith.constant {{.BN}} : index
    %r = arith.constant {{.R}} : index
{{- if gt .S 1}}
    %sg = arith.constant {{.S}} : index
    %sgw = arith.constant {{.S}} : i32
{{- end}}
    %nlast = arith.subi %n, %c1 : index
    %mlast = arith.subi %m, %c1 : index
    %bcol = arith.muli %bx, %bn : index
    %tcol = arith.addi %bcol, %tx : index
    %brow = arith.muli %by, %r : index
{{- if gt .S 1}}
    %krem = arith.remui %k, %sg : index
    %kfull = arith.subi %k, %krem : index
{{- range .Us}}
    %u{{.}} = arith.constant {{.}} : index
    %ui{{.}} = arith.constant {{.}} : i32
{{- end}}
{{- end}}
{{- range .Cols}}
    %cj{{.}} = arith.constant {{.}} : index
    %co{{.}} = arith.muli %cj{{.}}, %wg : index
    %col{{.}} = arith.addi %tcol, %co{{.}} : index
    %cin{{.}} = arith.cmpi ult, %col{{.}}, %n : index
    %cc{{.}} = arith.select %cin{{.}}, %col{{.}}, %nlast : index
{{- end}}
{{- range .Rows}}
    %ri{{.}} = arith.constant {{.}} : index
    %row{{.}} = arith.addi %brow, %ri{{.}} : index
    %rin{{.}} = arith.cmpi ult, %row{{.}}, %m : index
    %rc{{.}} = arith.select %rin{{.}}, %row{{.}}, %mlast : index
    %ak{{.}} = arith.muli %rc{{.}}, %k : index
{{- end}}
{{- if gt .S 1}}
    %main:{{len .Pairs}} = scf.for %kk0 = %c0 to %kfull step %sg iter_args({{range $i, $p := .Pairs}}{{if $i}}, {{end}}%s{{$p}} = %zero{{end}}) -> ({{range $i, $p := .Pairs}}{{if $i}}, {{end}}f32{{end}}) {
      %kl = arith.addi %kk0, %lane : index
{{- range .Rows}}
      %ai{{.}} = arith.addi %ak{{.}}, %kl : index
      %av{{.}} = memref.load %A[%ai{{.}}] : memref<?xf32>
{{- end}}
{{- range $u := .Us}}
      %ku{{$u}} = arith.addi %kk0, %u{{$u}} : index
      %bk{{$u}} = arith.muli %ku{{$u}}, %n : index
{{- range $.Rows}}
      %a{{$u}}_{{.}}, %ok{{$u}}_{{.}} = gpu.shuffle idx %av{{.}}, %ui{{$u}}, %sgw : f32
{{- end}}
{{- range $.Cols}}
      %bi{{$u}}_{{.}} = arith.addi %bk{{$u}}, %cc{{.}} : index
      %b{{$u}}_{{.}} = memref.load %B[%bi{{$u}}_{{.}}] : memref<?xf32>
{{- end}}
{{- range $.Pairs}}
      %t{{$u}}_{{.}} = math.fma %a{{$u}}_{{index $.PairI .}}, %b{{$u}}_{{index $.PairJ .}}, {{index $.Prev (printf "%d_%s" $u .)}} : f32
{{- end}}
{{- end}}
      scf.yield {{range $i, $p := .Pairs}}{{if $i}}, {{end}}%t{{$.ULast}}_{{$p}}{{end}} : {{range $i, $p := .Pairs}}{{if $i}}, {{end}}f32{{end}}
    }
{{- end}}
    %acc:{{len .Pairs}} = scf.for %kk = {{if gt .S 1}}%kfull{{else}}%c0{{end}} to %k step %c1 iter_args({{range $i, $p := .Pairs}}{{if $i}}, {{end}}%s{{$p}} = {{if gt $.S 1}}%main#{{$i}}{{else}}%zero{{end}}{{end}}) -> ({{range $i, $p := .Pairs}}{{if $i}}, {{end}}f32{{end}}) {
{{- range .Rows}}
      %ai{{.}} = arith.addi %ak{{.}}, %kk : index
      %a{{.}} = memref.load %A[%ai{{.}}] : memref<?xf32>
{{- end}}
      %bk = arith.muli %kk, %n : index
{{- range .Cols}}
      %bi{{.}} = arith.addi %bk, %cc{{.}} : index
      %b{{.}} = memref.load %B[%bi{{.}}] : memref<?xf32>
{{- end}}
{{- range .Pairs}}
      %t{{.}} = math.fma %a{{index $.PairI .}}, %b{{index $.PairJ .}}, %s{{.}} : f32
{{- end}}
      scf.yield {{range $i, $p := .Pairs}}{{if $i}}, {{end}}%t{{$p}}{{end}} : {{range $i, $p := .Pairs}}{{if $i}}, {{end}}f32{{end}}
    }
{{- range $i, $p := .Pairs}}
    %out{{$p}} = arith.andi %rin{{index $.PairI $p}}, %cin{{index $.PairJ $p}} : i1
    scf.if %out{{$p}} {
      %rn = arith.muli %row{{index $.PairI $p}}, %n : index
      %ci = arith.addi %rn, %col{{index $.PairJ $p}} : index
      memref.store %acc#{{$i}}, %C[%ci] : memref<?xf32>
    }
{{- end}}
    gpu.return
  }
}
