package scf

import "github.com/kiln-gpu/kiln/ir"

// The As functions return a typed view of op when it is the named op.

func is(op *ir.Operation, name string) bool { return op != nil && op.Name() == name }

// AsFor views an scf.for.
func AsFor(op *ir.Operation) (For, bool) { return For{op}, is(op, "scf.for") }

// AsParallel views an scf.parallel.
func AsParallel(op *ir.Operation) (Parallel, bool) { return Parallel{op}, is(op, "scf.parallel") }
