package tensor_test

import (
	"testing"

	"github.com/kiln-gpu/kiln/arith"
	"github.com/kiln-gpu/kiln/fn"
	"github.com/kiln-gpu/kiln/ir"
	"github.com/kiln-gpu/kiln/ir/irtest"
	"github.com/kiln-gpu/kiln/scf"
	"github.com/kiln-gpu/kiln/tensor"
)

var newContext = irtest.ContextWith(tensor.Dialect(), fn.Dialect(), arith.Dialect(), scf.Dialect())

func TestExamplesRoundTrip(t *testing.T) {
	irtest.CheckExamples(t, tensor.Dialect(), irtest.ExampleOptions{NewContext: newContext})
}

func TestBadInputNoPanic(t *testing.T) {
	irtest.CheckGenericOpsNoPanic(t, newContext, tensor.Dialect().Ops, func(*ir.Value) ir.Attribute { return nil })
	irtest.CheckOpStatesNoPanic(t, tensor.Dialect(), newContext)
}
