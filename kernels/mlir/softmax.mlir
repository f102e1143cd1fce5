// out[r][c] = exp(x[r][c] - max_r) / sum_c exp(x[r][c] - max_r) for a
// rows x cols f32 matrix, one workgroup per row (grid-stride over rows):
// the row's max, then its sum of exponentials, each folded per thread and
// then in a workgroup-memory tree.
gpu.module @softmax {
  gpu.func @softmax(%x: memref<?xf32>, %out: memref<?xf32>, %rows: index, %cols: index)
      workgroup(%sh: memref<{{.WG}}xf32, #gpu.address_space<workgroup>>) kernel
      attributes {spirv.entry_point_abi = #spirv.entry_point_abi<workgroup_size = [{{.WG}}, 1, 1]>} {
    %tid = gpu.thread_id x
    %bid = gpu.block_id x
    %gdim = gpu.grid_dim x
    %c0 = arith.constant 0 : index
    %wg = arith.constant {{.WG}} : index
    %ninf = arith.constant 0xFF800000 : f32
    %zero = arith.constant 0.0 : f32
    scf.for %r = %bid to %rows step %gdim {
      %base = arith.muli %r, %cols : index
      %m = scf.for %c = %tid to %cols step %wg iter_args(%a = %ninf) -> (f32) {
        %i = arith.addi %base, %c : index
        %v = memref.load %x[%i] : memref<?xf32>
        %b = arith.maximumf %a, %v : f32
        scf.yield %b : f32
      }
{{template "tree" (treeArgs "max" "arith.maximumf" "m" "f32" .WG .Steps)}}
      %rowmax = memref.load %sh[%c0] : memref<{{.WG}}xf32, #gpu.address_space<workgroup>>
      gpu.barrier
      %s = scf.for %c = %tid to %cols step %wg iter_args(%a = %zero) -> (f32) {
        %i = arith.addi %base, %c : index
        %v = memref.load %x[%i] : memref<?xf32>
        %d = arith.subf %v, %rowmax : f32
        %e = math.exp %d : f32
        %b = arith.addf %a, %e : f32
        scf.yield %b : f32
      }
{{template "tree" (treeArgs "sum" "arith.addf" "s" "f32" .WG .Steps)}}
      %rowsum = memref.load %sh[%c0] : memref<{{.WG}}xf32, #gpu.address_space<workgroup>>
      gpu.barrier
      scf.for %c = %tid to %cols step %wg {
        %i = arith.addi %base, %c : index
        %v = memref.load %x[%i] : memref<?xf32>
        %d = arith.subf %v, %rowmax : f32
        %e = math.exp %d : f32
        %q = arith.divf %e, %rowsum : f32
        memref.store %q, %out[%i] : memref<?xf32>
      }
    }
    gpu.return
  }
}
