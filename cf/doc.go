// Package cf is the control flow dialect (MLIR's `cf`): unstructured
// branches between the blocks of a region, and runtime assertions.
//
//	func.func @max(%a: i32, %b: i32, %c: i1) -> i32 {
//	  cf.cond_br %c, ^bb1(%a : i32), ^bb1(%b : i32)
//	^bb1(%x: i32):
//	  return %x : i32
//	}
//
// The branches (cf.br, cf.cond_br, cf.switch) are terminators whose
// operands are forwarded to their successors' block arguments; each
// OpDef's SuccessorOperands tells which operands go to which successor, and
// ir.Verify checks them against the blocks. Their canonicalization
// patterns are MLIR's: constant conditions become unconditional branches,
// branches through blocks that only branch are forwarded, and a branch to
// a block with a single predecessor merges the two.
//
// Load the dialect with ir.NewContext(cf.Dialect(), ...).
package cf
