package index

import (
	"testing"

	"github.com/kiln-gpu/kiln/ir"
	"github.com/kiln-gpu/kiln/ir/irtest"
)

var newContext = irtest.ContextWith(Dialect())

func TestExamplesRoundTrip(t *testing.T) {
	irtest.CheckExamples(t, Dialect(), irtest.ExampleOptions{NewContext: newContext})
}

func TestBadInputNoPanic(t *testing.T) {
	irtest.CheckGenericOpsNoPanic(t, newContext, Dialect().Ops, func(v *ir.Value) ir.Attribute {
		if d := v.DefiningOp(); d != nil && d.Name() == "index.constant" {
			return d.Attr("value")
		}
		return nil
	})
	irtest.CheckOpStatesNoPanic(t, Dialect(), newContext)
}
