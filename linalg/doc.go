// Package linalg is MLIR's linalg dialect, the structured ops that MLIR's
// scf and memref tests use beside Kiln's own dialects: linalg.generic (a
// loop nest given by indexing maps, iterator types and a scalar body),
// the named ops linalg.fill and linalg.elemwise_unary (whose bodies are
// built from the op, as MLIR's region builders do), and linalg.yield.
// Each op has MLIR's custom syntax (`ins(...) outs(...) -> types`, the
// generic op's trait dictionary with iterator types written as strings)
// and the checks of MLIR's structured-op verifier on maps, operand ranks,
// block arguments and yielded values. Attributes:
// #linalg.iterator_type<parallel>, #linalg.unary_fn<exp>,
// #linalg.type_fn<cast_signed>.
//
// The ops are parsed, verified, printed and canonicalized only: nothing
// lowers them to SPIR-V, and the interpreter does not run them. Their
// memory effects are not modelled per operand, so an unused op on tensors
// stays where MLIR would erase it.
package linalg
