// C (m x n) = A (m x k) * B (k x n), row-major f32, n a multiple of 4, for
// CPU drivers: matmul_regs.mlir with each thread's 4 columns side by side,
// so that its row of B is one vector<4xf32> load (a vector access through
// spirv-vectorize-buffer-access: the index is 4 * (kk * n/4 + column/4))
// and its accumulators 16 vectors, one per row. The elements of A are
// shared by subgroup shuffles as there; rows past the edge are clamped for
// loading and columns past it (whole vectors, n being a multiple of 4)
// clamped to the last vector, neither stored. Each output is the same
// sequential fused multiply-add over k, lane by lane.
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
    %zv = arith.constant dense<0.0> : vector<4xf32>
    %bn = arith.constant {{.BN}} : index
    %r = arith.constant {{.R}} : index
{{- if gt .S 1}}
    %sg = arith.constant {{.S}} : index
    %sgw = arith.constant {{.S}} : i32
{{- end}}
    %mlast = arith.subi %m, %c1 : index
    %bcol = arith.muli %bx, %bn : index
    %c4 = arith.constant 4 : index
    %n4 = arith.divui %n, %c4 : index
    %n4last = arith.subi %n4, %c1 : index
    %tx4 = arith.muli %tx, %c4 : index
    %tcol = arith.addi %bcol, %tx4 : index
    %tcb = arith.divui %tcol, %c4 : index
    %tcbin = arith.cmpi ult, %tcb, %n4 : index
    %cb4 = arith.select %tcbin, %tcb, %n4last : index
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
    %col{{.}} = arith.addi %tcol, %cj{{.}} : index
    %cin{{.}} = arith.cmpi ult, %col{{.}}, %n : index
{{- end}}
{{- range .Rows}}
    %ri{{.}} = arith.constant {{.}} : index
    %row{{.}} = arith.addi %brow, %ri{{.}} : index
    %rin{{.}} = arith.cmpi ult, %row{{.}}, %m : index
    %rc{{.}} = arith.select %rin{{.}}, %row{{.}}, %mlast : index
    %ak{{.}} = arith.muli %rc{{.}}, %k : index
{{- end}}
{{- if gt .S 1}}
    %main:{{.R}} = scf.for %kk0 = %c0 to %kfull step %sg iter_args({{range $i, $r := .Rows}}{{if $i}}, {{end}}%s{{$r}} = %zv{{end}}) -> ({{range $i, $r := .Rows}}{{if $i}}, {{end}}vector<4xf32>{{end}}) {
      %kl = arith.addi %kk0, %lane : index
{{- range .Rows}}
      %ai{{.}} = arith.addi %ak{{.}}, %kl : index
      %av{{.}} = memref.load %A[%ai{{.}}] : memref<?xf32>
{{- end}}
{{- range $u := .Us}}
      %ku{{$u}} = arith.addi %kk0, %u{{$u}} : index
      %bk{{$u}} = arith.muli %ku{{$u}}, %n4 : index
{{- range $.Rows}}
      %a{{$u}}_{{.}}, %ok{{$u}}_{{.}} = gpu.shuffle idx %av{{.}}, %ui{{$u}}, %sgw : f32
{{- end}}
      %bq{{$u}} = arith.addi %bk{{$u}}, %cb4 : index
      %bi{{$u}} = arith.muli %bq{{$u}}, %c4 : index
      %bv{{$u}} = vector.load %B[%bi{{$u}}] : memref<?xf32>, vector<4xf32>
{{- range $.Rows}}
      %ab{{$u}}_{{.}} = vector.broadcast %a{{$u}}_{{.}} : f32 to vector<4xf32>
      %t{{$u}}_{{.}} = math.fma %ab{{$u}}_{{.}}, %bv{{$u}}, {{index $.Prev (printf "%d_%d" $u .)}} : vector<4xf32>
{{- end}}
{{- end}}
      scf.yield {{range $i, $r := .Rows}}{{if $i}}, {{end}}%t{{$.ULast}}_{{$r}}{{end}} : {{range $i, $r := .Rows}}{{if $i}}, {{end}}vector<4xf32>{{end}}
    }
{{- end}}
    %accv:{{.R}} = scf.for %kk = {{if gt .S 1}}%kfull{{else}}%c0{{end}} to %k step %c1 iter_args({{range $i, $r := .Rows}}{{if $i}}, {{end}}%s{{$r}} = {{if gt $.S 1}}%main#{{$i}}{{else}}%zv{{end}}{{end}}) -> ({{range $i, $r := .Rows}}{{if $i}}, {{end}}vector<4xf32>{{end}}) {
{{- range .Rows}}
      %ai{{.}} = arith.addi %ak{{.}}, %kk : index
      %a{{.}} = memref.load %A[%ai{{.}}] : memref<?xf32>
{{- end}}
      %bk = arith.muli %kk, %n4 : index
      %bq = arith.addi %bk, %cb4 : index
      %bi = arith.muli %bq, %c4 : index
      %bv = vector.load %B[%bi] : memref<?xf32>, vector<4xf32>
{{- range .Rows}}
      %ab{{.}} = vector.broadcast %a{{.}} : f32 to vector<4xf32>
      %t{{.}} = math.fma %ab{{.}}, %bv, %s{{.}} : vector<4xf32>
{{- end}}
      scf.yield {{range $i, $r := .Rows}}{{if $i}}, {{end}}%t{{$r}}{{end}} : {{range $i, $r := .Rows}}{{if $i}}, {{end}}vector<4xf32>{{end}}
    }
{{- range $i, $p := .Pairs}}
    %acc_{{$p}} = vector.extract %accv#{{index $.PairI $p}}[{{index $.PairJ $p}}] : f32 from vector<4xf32>
{{- end}}
{{- range $i, $p := .Pairs}}
    %out{{$p}} = arith.andi %rin{{index $.PairI $p}}, %cin{{index $.PairJ $p}} : i1
    scf.if %out{{$p}} {
      %rn = arith.muli %row{{index $.PairI $p}}, %n : index
      %ci = arith.addi %rn, %col{{index $.PairJ $p}} : index
      memref.store %acc_{{$p}}, %C[%ci] : memref<?xf32>
    }
{{- end}}
    gpu.return
  }
}
