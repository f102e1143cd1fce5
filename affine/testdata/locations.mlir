// RUN: kiln opt %s --mlir-print-debuginfo --mlir-print-local-scope | FileCheck %s
// RUN: kiln opt %s --mlir-print-debuginfo | kiln opt --mlir-print-debuginfo --mlir-print-local-scope | FileCheck %s

// The induction variable's location prints after it, as MLIR's
// printRegionArgument does; an affine.if's location after its regions.

// CHECK-LABEL: func.func @locs
func.func @locs(%n: index) {
  // CHECK: affine.for %[[I:.*]] loc("IV") = 0 to 8 {
  affine.for %i loc("IV") = 0 to 8 {
    // CHECK: affine.if affine_set<(d0) : (d0 >= 0)>(%[[I]]) {
    // CHECK: } loc(fused<"pass">["a", "b":1:2])
    affine.if affine_set<(d0) : (d0 >= 0)>(%i) {
    } loc(fused<"pass">["a", "b":1:2])
  // CHECK: } loc("loop")
  } loc("loop")
  return
}
