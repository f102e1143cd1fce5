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

