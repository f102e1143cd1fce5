// RUN: kiln opt --lower-affine --split-input-file --verify-diagnostics %s

// A reduction with no identity leaves the loop in place, with an error.
func.func @assign(%n: index) -> i32 {
  // expected-error@+1 {{Reduction operation type not supported}}
  %0 = affine.parallel (%i) = (0) to (%n) reduce ("assign") -> i32 {
    %c0 = arith.constant 0 : i32
    affine.yield %c0 : i32
  }
  return %0 : i32
}

// -----

func.func @mod_zero(%i: index) -> index {
  // expected-error@+1 {{modulo by non-positive value is not supported}}
  %0 = affine.apply affine_map<(d0) -> (d0 mod 0)>(%i)
  return %0 : index
}

// -----

func.func @floordiv_negative(%i: index) -> index {
  // expected-error@+1 {{division by non-positive value is not supported}}
  %0 = affine.min affine_map<(d0) -> (d0 floordiv -2, d0)>(%i)
  return %0 : index
}
