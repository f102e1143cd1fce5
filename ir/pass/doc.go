// Package pass runs passes over IR: pass definitions as data, a registry
// the program builds, MLIR's textual pipelines, and a PassManager that
// nests on op names, runs nested pipelines over sibling
// isolated-from-above ops in parallel, verifies after each pass, prints IR
// around passes and times them.
//
// A pipeline is text, as in mlir-opt's --pass-pipeline:
//
//	builtin.module(func.func(canonicalize{max-iterations=3}, cse), symbol-dce)
//
// An anchor such as builtin.module or func.func names the ops a list of
// passes runs on; `any` matches every op. A nested pipeline runs on the
// immediate children of the op its parent pipeline runs on (the ops in its
// regions' blocks) that match its anchor. Those children are isolated from
// above, so they are independent and run on a bounded pool of goroutines.
//
// Passes are values: a Pass names itself, declares its options, and has a
// Run function. Run may be called concurrently on different ops, so a pass
// keeps per-run state in locals and shared state set up by Init read-only.
//
// The package also provides the passes every pipeline uses, whatever its
// dialects: canonicalize, cse and symbol-dce (RegisterTransforms).
package pass
