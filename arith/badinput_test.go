package arith

import (
	"testing"

	"github.com/kiln-gpu/kiln/ir/irtest"
)

func TestBadInputNoPanic(t *testing.T) {
	irtest.CheckGenericOpsNoPanic(t, newContext, Dialect().Ops, ConstantValue)
}
