package mathd

import (
	"testing"

	"github.com/kiln-gpu/kiln/arith"
	"github.com/kiln-gpu/kiln/ir/irtest"
)

func TestBadInputNoPanic(t *testing.T) {
	irtest.CheckGenericOpsNoPanic(t, newContext, Dialect().Ops, arith.ConstantValue)
}
