// A transposed masked read and write: the masks are vector<3x2xi1>, laid
// out like the memref<3x2xi32> they guard (see transfer_mask_test.go).
func.func @main() -> (vector<2x3xi32>, vector<6xi32>) {
  %m = memref.alloca() : memref<3x2xi32>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %init = arith.constant dense<[[10, 11], [20, 21], [30, 31]]> : vector<3x2xi32>
  vector.transfer_write %init, %m[%c0, %c0] : vector<3x2xi32>, memref<3x2xi32>
  %pad = arith.constant -1 : i32
  %mask = arith.constant dense<[[true, false], [true, true], [false, true]]> : vector<3x2xi1>
  %r = vector.transfer_read %m[%c0, %c0], %pad, %mask {permutation_map = affine_map<(d0, d1) -> (d1, d0)>} : memref<3x2xi32>, vector<2x3xi32>
  // Write r back transposed into a zeroed memref under another mask.
  %z = memref.alloca() : memref<3x2xi32>
  %zero = arith.constant dense<0> : vector<3x2xi32>
  vector.transfer_write %zero, %z[%c0, %c0] : vector<3x2xi32>, memref<3x2xi32>
  %wmask = arith.constant dense<[[true, true], [false, true], [true, false]]> : vector<3x2xi1>
  %src = arith.constant dense<[[10, 20, 30], [11, 21, 31]]> : vector<2x3xi32>
  vector.transfer_write %src, %z[%c0, %c0], %wmask {permutation_map = affine_map<(d0, d1) -> (d1, d0)>} : vector<2x3xi32>, memref<3x2xi32>
  %flat = memref.collapse_shape %z [[0, 1]] : memref<3x2xi32> into memref<6xi32>
  %w = vector.transfer_read %flat[%c0], %pad : memref<6xi32>, vector<6xi32>
  return %r, %w : vector<2x3xi32>, vector<6xi32>
}
