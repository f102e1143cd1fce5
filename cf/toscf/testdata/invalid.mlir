// RUN: kiln opt %s --allow-unregistered-dialect --lift-cf-to-scf --split-input-file --verify-diagnostics

// A block the entry does not reach, though it branches to itself.
func.func @unreachable(%c: i1) {
  return
^bb1:
  // expected-error@below {{'arith.constant' op transformation does not support unreachable blocks}}
  %x = arith.constant 1 : i32
  cf.cond_br %c, ^bb1, ^bb2
^bb2:
  return
}

// -----

// An infinite loop must be followed by a terminator, which only func.func
// bodies get; the error is at the loop's back edge.
func.func @infinite_in_region() {
  scf.execute_region {
    cf.br ^bb1
  ^bb1:
    "test.tick"() : () -> ()
    // expected-error@below {{Cannot create unreachable terminator for 'scf.execute_region'}}
    cf.br ^bb1
  }
  return
}

// -----

// A branch with several successors that has no structured counterpart.
func.func @unknown_branch(%c: i1) {
  spirv.mlir.selection {
    // expected-error@below {{'spirv.BranchConditional' op cannot convert unknown control flow op to structured control flow}}
    spirv.BranchConditional %c, ^bb1, ^bb2
  ^bb1:
    spirv.Branch ^bb2
  ^bb2:
    spirv.mlir.merge
  }
  return
}

// -----

// An op with successors whose operands the pass cannot rewrite.
func.func @opaque_branch(%c: i1) {
  // expected-error@below {{'test.br' op transformation does not support terminators with successors not implementing BranchOpInterface}}
  "test.br"()[^bb1] : () -> ()
^bb1:
  return
}

// -----

// An unreachable block without ops (an unregistered op's region may hold
// one): the error is at the region's op.
func.func @unreachable_empty() {
  // expected-error@below {{'test.region' op transformation does not support unreachable blocks}}
  "test.region"() ({
    cf.br ^bb2
  ^bb1:
  ^bb2:
    "test.done"() : () -> ()
  }) : () -> ()
  return
}
