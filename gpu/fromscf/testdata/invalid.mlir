// RUN: kiln opt %s --split-input-file --verify-diagnostics --convert-parallel-loops-to-gpu --allow-unregistered-dialect

func.func @not_a_mapping(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // expected-error @+1 {{'scf.parallel' op expected mapping attribute for lowering to GPU}}
  scf.parallel (%i) = (%c0) to (%n) step (%c1) {
  } {mapping = [#gpu.block<x>]}
  return
}

// -----

func.func @too_few(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // expected-error @+1 {{'scf.parallel' op expected 2 mapping attributes for lowering to GPU, got 1}}
  scf.parallel (%i, %j) = (%c0, %c0) to (%n, %n) step (%c1, %c1) {
  } {mapping = [#gpu.loop_dim_map<processor = block_x, map = (d0) -> (d0), bound = (d0) -> (d0)>]}
  return
}

// -----

func.func @two_dims(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // expected-error @+1 {{'scf.parallel' op expected the map and bound of mapping 1 to take one dimension to one result}}
  scf.parallel (%i, %j) = (%c0, %c0) to (%n, %n) step (%c1, %c1) {
  } {mapping = [#gpu.loop_dim_map<processor = block_x, map = (d0) -> (d0), bound = (d0) -> (d0)>,
                #gpu.loop_dim_map<processor = block_y, map = (d0, d1) -> (d0), bound = (d0) -> (d0)>]}
  return
}

// -----

func.func @two_results(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // expected-error @+1 {{'scf.parallel' op expected the map and bound of mapping 0 to take one dimension to one result}}
  scf.parallel (%i) = (%c0) to (%n) step (%c1) {
  } {mapping = [#gpu.loop_dim_map<processor = thread_x, map = (d0) -> (d0), bound = (d0)[s0] -> (d0, s0)>]}
  return
}

// -----

func.func @bad_processor() {
  // expected-error @+1 {{expected ::mlir::gpu::Processor to be one of: block_x, block_y, block_z, thread_x, thread_y, thread_z, sequential}}
  "test.op"() {mapping = #gpu.loop_dim_map<processor = warp_x, map = (d0) -> (d0), bound = (d0) -> (d0)>} : () -> ()
  return
}

// -----

func.func @repeated_parameter() {
  // expected-error @+1 {{duplicate or unknown struct parameter name: map}}
  "test.op"() {mapping = #gpu.loop_dim_map<map = (d0) -> (d0), map = (d0) -> (d0), bound = (d0) -> (d0)>} : () -> ()
  return
}

// -----

func.func @missing_parameter() {
  // expected-error @+1 {{expected ','}}
  "test.op"() {mapping = #gpu.loop_dim_map<processor = block_x, map = (d0) -> (d0)>} : () -> ()
  return
}

// -----

func.func @truncated() {
  // expected-error @+1 {{expected '->'}}
  "test.op"() {mapping = #gpu.loop_dim_map<processor = block_x, map = (d0), bound = (d0) -> (d0)>} : () -> ()
  return
}

// -----

func.func @parameter_without_equal() {
  // MLIR's struct parser reads `=` before it looks the name up.
  // expected-error @+1 {{expected '='}}
  "test.op"() {mapping = #gpu.loop_dim_map<foo (d0) -> (d0)>} : () -> ()
  return
}
