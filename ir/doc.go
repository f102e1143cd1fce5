// Package ir is Kiln's multi-level intermediate representation, modelled on
// MLIR: one generic Operation with operands, results, attributes, successors
// and regions; Regions of Blocks; SSA Values with use lists; open, uniqued
// Types and Attributes; Locations on everything.
//
// Dialects are data. A Dialect is a struct listing its OpDefs (name, traits,
// verifier, custom syntax, folder, canonicalization patterns) and hooks for
// its types and attributes. A program names the dialects it uses:
//
//	ctx := ir.NewContext(arith.Dialect(), fn.Dialect())
//	mod, err := ir.Parse(ctx, src, "input.mlir")
//	if err == nil {
//		err = ir.Verify(mod)
//	}
//
// (ExampleParse runs this.)
//
// A dialect takes part in inlining (the inline pass of ir/pass) through
// its Inliner: hooks that say which of its ops are calls and callables,
// whether a call, an op or a callee's body may be inlined, and how its
// returns become branches or values once inlined.
//
// There is no init-time registration: a Context knows exactly what it was
// given, plus the builtin dialect.
//
// Types and attributes are immutable and uniqued in their Context, so they
// compare by identity (==). The Context is safe for concurrent use, because
// passes run in parallel over isolated-from-above operations. The IR itself
// (operations, blocks, values) is not synchronized: one goroutine owns a
// region at a time.
//
// The text form is MLIR's. Every op has the generic form
//
//	%r:2 = "dialect.op"(%a, %b) [^bb1] <{prop = 1}> ({ ... }) {attr} : (i32, i32) -> (i32, i1)
//
// and registered ops may have a custom form: an OpDef's Format (MLIR's
// assemblyFormat language, from which one engine derives the parser and the
// printer) or, where a format cannot say it, Parse and Print hooks written
// with OpParser and OpPrinter.
package ir
