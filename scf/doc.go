// Package scf is MLIR's structured control flow dialect: scf.for (with
// loop-carried values, unsigned comparison and integer induction
// variables), scf.if, scf.while with scf.condition, scf.parallel with
// scf.reduce and scf.reduce.return, scf.forall with scf.forall.in_parallel,
// scf.execute_region, scf.index_switch and scf.yield, with MLIR's custom
// syntax (implicit terminators included), verifier messages and
// canonicalizations (zero- and one-trip loops, constant conditions and
// switches, unused results, loop-invariant iter_args):
//
//	ctx := ir.NewContext(fn.Dialect(), arith.Dialect(), scf.Dialect())
//	m, err := ir.Parse(ctx, `
//	  func.func @sum(%n: index, %x: f32) -> f32 {
//	    %c0 = arith.constant 0 : index
//	    %c1 = arith.constant 1 : index
//	    %r = scf.for %i = %c0 to %n step %c1 iter_args(%a = %x) -> (f32) {
//	      %s = arith.addf %a, %x : f32
//	      scf.yield %s : f32
//	    }
//	    return %r : f32
//	  }`, "sum.mlir")
//
// Typed views (For, If, While, Parallel, Forall, IndexSwitch,
// ExecuteRegion) give the interpreter and lowerings named parts.
package scf
