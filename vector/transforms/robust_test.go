package transforms_test

import "testing"

// TestLeavesUnsupportedAlone runs every pass on ops the lowerings do not
// handle (scalable vectors, tensors, dynamic positions, 0-d vectors): the
// passes must leave valid IR and never fail or panic.
func TestLeavesUnsupportedAlone(t *testing.T) {
	src := `func.func @f(%s: vector<[4]xf32>, %t: tensor<8xf32>, %v: vector<2x8xf32>, %i: index, %z: vector<f32>, %m: memref<f32>) -> (vector<[4]xf32>, vector<8xf32>, f32, vector<8xf32>) {
  %a = arith.addf %s, %s : vector<[4]xf32>
  %pad = arith.constant 0.0 : f32
  %r = vector.transfer_read %t[%i], %pad : tensor<8xf32>, vector<8xf32>
  %e = vector.extract %v[%i, 1] : f32 from vector<2x8xf32>
  %zz = arith.addf %z, %z : vector<f32>
  %row = vector.extract %v[%i] : vector<8xf32> from vector<2x8xf32>
  %m1 = vector.create_mask %i : vector<[4]xi1>
  %l = vector.transfer_read %m[], %pad {permutation_map = affine_map<() -> (0)>} : memref<f32>, vector<1xf32>
  return %a, %r, %e, %row : vector<[4]xf32>, vector<8xf32>, f32, vector<8xf32>
}`
	for _, p := range []string{"vector-lower-transfer", "vector-lower-multi-reduction", "vector-lower-contract",
		"vector-lower-masks", "vector-lower-gather-scatter", "vector-lower-shape", "vector-unroll-for-spirv",
		"vector-lower-for-spirv{vector16=true}"} {
		runPipeline(t, parse(t, src), p)
	}
}
