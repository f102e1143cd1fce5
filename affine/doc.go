// Package affine is MLIR's affine dialect, the ops that MLIR's scf and
// memref tests use beside Kiln's own dialects: affine.for and
// affine.parallel (loops whose bounds are affine maps of index values),
// affine.apply, affine.min and affine.max (one map applied to index
// operands), affine.yield, and affine.load and affine.store (memory
// accesses through an affine map of the indices). Each op has MLIR's
// custom syntax (constant and single-symbol loop bounds printed bare,
// bounds of affine.parallel as expressions of SSA values), verifier
// messages, and the folds MLIR's canonicalizer applies to constant
// operands.
//
// The ops are parsed, verified, printed and canonicalized only: nothing
// lowers them to SPIR-V, and the interpreter does not run them.
package affine
