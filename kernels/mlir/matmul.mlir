// C (m x n) = A (m x k) * B (k x n), row-major f32. A TS x TS workgroup
// computes a BM x BN tile of C (BM = BN = TS * R): each thread R x R
// outputs, held in registers, of rows ty + TS * i and columns tx + TS * j
// of the tile (strided, not a block, so that a warp's loads from
// workgroup memory are consecutive or all one address: no bank conflicts,
// and its loads from A and B and stores to C coalesced). The workgroup
// steps through k one TS-wide slice of A and B at a time, staged in
// workgroup memory; elements past the edges read 0, outputs past them are
// not written.
gpu.module @matmul {
  gpu.func @matmul(%A: memref<?xf32>, %B: memref<?xf32>, %C: memref<?xf32>, %m: index, %n: index, %k: index)
      workgroup(%As: memref<{{.BM}}x{{.TS}}xf32, #gpu.address_space<workgroup>>, %Bs: memref<{{.TS}}x{{.BM}}xf32, #gpu.address_space<workgroup>>) kernel
      attributes {spirv.entry_point_abi = #spirv.entry_point_abi<workgroup_size = [{{.TS}}, {{.TS}}, 1]>} {
    %tx = gpu.thread_id x
    %ty = gpu.thread_id y
    %bx = gpu.block_id x
    %by = gpu.block_id y
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %ts = arith.constant {{.TS}} : index
    %bm = arith.constant {{.BM}} : index
    %zero = arith.constant 0.0 : f32
    %brow = arith.muli %by, %bm : index
    %bcol = arith.muli %bx, %bm : index
{{- range .R_}}
    %o{{.}} = arith.constant {{.}} : index
    %ots{{.}} = arith.muli %o{{.}}, %ts : index
    %lr{{.}} = arith.addi %ty, %ots{{.}} : index
    %ar{{.}} = arith.addi %brow, %lr{{.}} : index
    %ar_in{{.}} = arith.cmpi ult, %ar{{.}}, %m : index
    %ak{{.}} = arith.muli %ar{{.}}, %k : index
    %lc{{.}} = arith.addi %tx, %ots{{.}} : index
    %bc{{.}} = arith.addi %bcol, %lc{{.}} : index
    %bc_in{{.}} = arith.cmpi ult, %bc{{.}}, %n : index
{{- end}}
    %acc:{{.RR}} = scf.for %k0 = %c0 to %k step %ts iter_args({{range $i, $p := .Pairs}}{{if $i}}, {{end}}%a{{$p}} = %zero{{end}}) -> ({{range $i, $p := .Pairs}}{{if $i}}, {{end}}f32{{end}}) {
      // As[ty + TS*i][tx] = A[brow + ty + TS*i][k0 + tx];
      // Bs[ty][tx + TS*j] = B[k0 + ty][bcol + tx + TS*j].
      %ac = arith.addi %k0, %tx : index
      %ac_in = arith.cmpi ult, %ac, %k : index
      %brw = arith.addi %k0, %ty : index
      %brw_in = arith.cmpi ult, %brw, %k : index
      %bkn = arith.muli %brw, %n : index
{{- range .R_}}
      %ain{{.}} = arith.andi %ar_in{{.}}, %ac_in : i1
      %va{{.}} = scf.if %ain{{.}} -> (f32) {
        %i = arith.addi %ak{{.}}, %ac : index
        %v = memref.load %A[%i] : memref<?xf32>
        scf.yield %v : f32
      } else {
        scf.yield %zero : f32
      }
      memref.store %va{{.}}, %As[%lr{{.}}, %tx] : memref<{{$.BM}}x{{$.TS}}xf32, #gpu.address_space<workgroup>>
      %bin{{.}} = arith.andi %brw_in, %bc_in{{.}} : i1
      %vb{{.}} = scf.if %bin{{.}} -> (f32) {
        %i = arith.addi %bkn, %bc{{.}} : index
        %v = memref.load %B[%i] : memref<?xf32>
        scf.yield %v : f32
      } else {
        scf.yield %zero : f32
      }
      memref.store %vb{{.}}, %Bs[%ty, %lc{{.}}] : memref<{{$.TS}}x{{$.BM}}xf32, #gpu.address_space<workgroup>>
{{- end}}
      gpu.barrier
      %s:{{.RR}} = scf.for %kk = %c0 to %ts step %c1 iter_args({{range $i, $p := .Pairs}}{{if $i}}, {{end}}%s{{$p}} = %a{{$p}}{{end}}) -> ({{range $i, $p := .Pairs}}{{if $i}}, {{end}}f32{{end}}) {
{{- range .R_}}
        %x{{.}} = memref.load %As[%lr{{.}}, %kk] : memref<{{$.BM}}x{{$.TS}}xf32, #gpu.address_space<workgroup>>
        %y{{.}} = memref.load %Bs[%kk, %lc{{.}}] : memref<{{$.TS}}x{{$.BM}}xf32, #gpu.address_space<workgroup>>
{{- end}}
{{- range .Pairs}}
        %t{{.}} = math.fma %x{{index $.PairI .}}, %y{{index $.PairJ .}}, %s{{.}} : f32
{{- end}}
        scf.yield {{range $i, $p := .Pairs}}{{if $i}}, {{end}}%t{{$p}}{{end}} : {{range $i, $p := .Pairs}}{{if $i}}, {{end}}f32{{end}}
      }
      gpu.barrier
      scf.yield {{range $i, $p := .Pairs}}{{if $i}}, {{end}}%s#{{$i}}{{end}} : {{range $i, $p := .Pairs}}{{if $i}}, {{end}}f32{{end}}
    }
{{- range $i, $p := .Pairs}}
    %out_in{{$p}} = arith.andi %ar_in{{index $.PairI $p}}, %bc_in{{index $.PairJ $p}} : i1
    scf.if %out_in{{$p}} {
      %rn = arith.muli %ar{{index $.PairI $p}}, %n : index
      %ci = arith.addi %rn, %bc{{index $.PairJ $p}} : index
      memref.store %acc#{{$i}}, %C[%ci] : memref<?xf32>
    }
{{- end}}
    gpu.return
  }
}
