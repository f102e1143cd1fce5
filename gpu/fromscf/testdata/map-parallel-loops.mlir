// RUN: kiln opt %s --split-input-file --gpu-map-parallel-loops --allow-unregistered-dialect | FileCheck %s
// RUN: kiln opt %s --split-input-file --gpu-map-parallel-loops="mapping-policy=Innermost-First" --allow-unregistered-dialect | FileCheck %s --check-prefix=INNER

// A 2-d grid loop around a 1-d block loop around a 2-d loop: the third
// level is sequential.
// CHECK-LABEL: func.func @three_levels
// CHECK: {mapping = [#gpu.loop_dim_map<processor = sequential, map = (d0) -> (d0), bound = (d0) -> (d0)>, #gpu.loop_dim_map<processor = sequential, map = (d0) -> (d0), bound = (d0) -> (d0)>]}
// CHECK: {mapping = [#gpu.loop_dim_map<processor = thread_x, map = (d0) -> (d0), bound = (d0) -> (d0)>]}
// CHECK: {mapping = [#gpu.loop_dim_map<processor = block_x, map = (d0) -> (d0), bound = (d0) -> (d0)>, #gpu.loop_dim_map<processor = block_y, map = (d0) -> (d0), bound = (d0) -> (d0)>]}
// INNER-LABEL: func.func @three_levels
// INNER: {mapping = [#gpu.loop_dim_map<processor = sequential, map = (d0) -> (d0), bound = (d0) -> (d0)>, #gpu.loop_dim_map<processor = sequential, map = (d0) -> (d0), bound = (d0) -> (d0)>]}
// INNER: {mapping = [#gpu.loop_dim_map<processor = thread_x, map = (d0) -> (d0), bound = (d0) -> (d0)>]}
// INNER: {mapping = [#gpu.loop_dim_map<processor = block_y, map = (d0) -> (d0), bound = (d0) -> (d0)>, #gpu.loop_dim_map<processor = block_x, map = (d0) -> (d0), bound = (d0) -> (d0)>]}
func.func @three_levels(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.parallel (%i, %j) = (%c0, %c0) to (%n, %n) step (%c1, %c1) {
    scf.parallel (%k) = (%c0) to (%n) step (%c1) {
      scf.parallel (%a, %b) = (%c0, %c0) to (%n, %n) step (%c1, %c1) {
        "test.use"(%i, %j, %k, %a, %b) : (index, index, index, index, index) -> ()
      }
    }
  }
  return
}

// -----

// A loop that has a mapping keeps it, and so do the loops in it; a loop
// not directly in a mapped loop's body starts no mapping of its own.
// CHECK-LABEL: func.func @already_mapped
// CHECK: scf.parallel
// CHECK: scf.if
// CHECK: scf.parallel
// CHECK-NOT: mapping
// CHECK: } {mapping = [#gpu.loop_dim_map<processor = thread_z, map = (d0) -> (d0 * 2), bound = (d0) -> (d0 ceildiv 2)>]}
// CHECK-NOT: mapping
// CHECK: return
func.func @already_mapped(%n: index, %c: i1) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.parallel (%i) = (%c0) to (%n) step (%c1) {
    scf.if %c {
      scf.parallel (%j) = (%c0) to (%n) step (%c1) {
        "test.use"(%i, %j) : (index, index) -> ()
      }
    }
  } {mapping = [#gpu.loop_dim_map<bound = (d0) -> (d0 ceildiv 2), processor = thread_z, map = (d0) -> (d0 * 2)>]}
  return
}
