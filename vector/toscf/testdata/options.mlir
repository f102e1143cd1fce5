// RUN: not kiln opt %s '--convert-vector-to-scf=target-rank=two' 2>&1 | FileCheck %s --check-prefix=NOTINT
// RUN: not kiln opt %s '--convert-vector-to-scf=target-rank=-1' 2>&1 | FileCheck %s --check-prefix=NEGATIVE
// RUN: not kiln opt %s '--convert-vector-to-scf=lower-permutation-maps' 2>&1 | FileCheck %s --check-prefix=GONE
// RUN: kiln opt %s '--convert-vector-to-scf=target-rank=2' | FileCheck %s --check-prefix=RANK2

// NOTINT: error: for the --target-rank option: 'two' value invalid for uint argument!
// NEGATIVE: error: for the --target-rank option: '-1' value invalid for uint argument!
// The option MLIR dropped (the permutation maps are the patterns' own business now).
// GONE: error: no such option lower-permutation-maps

// At target rank 2 a 3-d read unpacks one dimension into 2-d reads.
// RANK2-LABEL: func.func @read_3d(
// RANK2:         memref.alloca() : memref<vector<2x3x4xf32>>
// RANK2:         vector.type_cast %{{.*}} : memref<vector<2x3x4xf32>> to memref<2xvector<3x4xf32>>
// RANK2:         vector.transfer_read %{{.*}} : memref<2x3x4xf32>, vector<3x4xf32>
// RANK2-NOT:     vector.type_cast
func.func @read_3d(%m: memref<2x3x4xf32>, %i: index) -> vector<2x3x4xf32> {
  %pad = arith.constant 0.0 : f32
  %v = vector.transfer_read %m[%i, %i, %i], %pad {in_bounds = [true, true, true]} : memref<2x3x4xf32>, vector<2x3x4xf32>
  return %v : vector<2x3x4xf32>
}
