// counts[v] += 1 for every x[i] = v in [0, bins), grid-stride; values
// outside are not counted. Each workgroup counts in workgroup memory, then
// adds its nonzero counts to the global ones, so that global atomics are
// per bin and workgroup rather than per element.
gpu.module @histogram {
  gpu.func @histogram(%x: memref<?xi32>, %counts: memref<?xi32>, %n: index)
      workgroup(%local: memref<{{.Bins}}xi32, #gpu.address_space<workgroup>>) kernel
      attributes {spirv.entry_point_abi = #spirv.entry_point_abi<workgroup_size = [{{.WG}}, 1, 1]>} {
    %tid = gpu.thread_id x
    %gid = gpu.global_id x
    %gdim = gpu.grid_dim x
    %wg = arith.constant {{.WG}} : index
    %bins = arith.constant {{.Bins}} : index
    %bins32 = arith.constant {{.Bins}} : i32
    %c0i = arith.constant 0 : i32
    %c1i = arith.constant 1 : i32
    %stride = arith.muli %gdim, %wg : index
    scf.for %b = %tid to %bins step %wg {
      memref.store %c0i, %local[%b] : memref<{{.Bins}}xi32, #gpu.address_space<workgroup>>
    }
    gpu.barrier
    scf.for %i = %gid to %n step %stride {
      %v = memref.load %x[%i] : memref<?xi32>
      %ge = arith.cmpi sge, %v, %c0i : i32
      %lt = arith.cmpi slt, %v, %bins32 : i32
      %in = arith.andi %ge, %lt : i1
      scf.if %in {
        %b = arith.index_cast %v : i32 to index
        %old = memref.atomic_rmw addi %c1i, %local[%b] : (i32, memref<{{.Bins}}xi32, #gpu.address_space<workgroup>>) -> i32
      }
    }
    gpu.barrier
    scf.for %b = %tid to %bins step %wg {
      %c = memref.load %local[%b] : memref<{{.Bins}}xi32, #gpu.address_space<workgroup>>
      %nz = arith.cmpi ne, %c, %c0i : i32
      scf.if %nz {
        %old = memref.atomic_rmw addi %c, %counts[%b] : (i32, memref<?xi32>) -> i32
      }
    }
    gpu.return
  }
}
