package gpu

import (
	"testing"

	"github.com/kiln-gpu/kiln/arith"
	"github.com/kiln-gpu/kiln/fn"
	"github.com/kiln-gpu/kiln/ir/irtest"
)

var newContext = irtest.ContextWith(Dialect(), fn.Dialect(), arith.Dialect())

func TestExamplesRoundTrip(t *testing.T) {
	irtest.CheckExamples(t, Dialect(), irtest.ExampleOptions{
		NewContext:    newContext,
		SelfContained: true,
		ShowsOp:       true,
		KeepNames:     true,
		// MLIR 16 syntax that the custom form drops.
		Printed: map[string]string{"gpu.module_end": "gpu.module @m {\n}"},
	})
}
