package memref

import (
	"github.com/kiln-gpu/kiln/ir"
)

func intAttr(op *ir.Operation, name string) int64 {
	if a, ok := op.Attr(name).(*ir.IntegerAttr); ok {
		return a.Int()
	}
	return 0
}

func boolAttr(op *ir.Operation, name string) bool {
	a, ok := op.Attr(name).(*ir.IntegerAttr)
	return ok && a.Bool()
}

// AtomicRMW is a typed view of memref.atomic_rmw.
type AtomicRMW struct{ *ir.Operation }

// Kind returns the read-modify-write operation.
func (a AtomicRMW) Kind() AtomicRMWKind { return AtomicRMWKind(intAttr(a.Operation, "kind")) }
