package scf

import "github.com/kiln-gpu/kiln/ir"

// The As functions return a typed view of op when it is the named op.

func is(op *ir.Operation, name string) bool { return op != nil && op.Name() == name }

// AsFor views an scf.for.
func AsFor(op *ir.Operation) (For, bool) { return For{op}, is(op, "scf.for") }

// AsIf views an scf.if.
func AsIf(op *ir.Operation) (If, bool) { return If{op}, is(op, "scf.if") }

// AsWhile views an scf.while.
func AsWhile(op *ir.Operation) (While, bool) { return While{op}, is(op, "scf.while") }

// AsParallel views an scf.parallel.
func AsParallel(op *ir.Operation) (Parallel, bool) { return Parallel{op}, is(op, "scf.parallel") }

// AsForall views an scf.forall.
func AsForall(op *ir.Operation) (Forall, bool) { return Forall{op}, is(op, "scf.forall") }

// AsIndexSwitch views an scf.index_switch.
func AsIndexSwitch(op *ir.Operation) (IndexSwitch, bool) {
	return IndexSwitch{op}, is(op, "scf.index_switch")
}

// AsExecuteRegion views an scf.execute_region.
func AsExecuteRegion(op *ir.Operation) (ExecuteRegion, bool) {
	return ExecuteRegion{op}, is(op, "scf.execute_region")
}
