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
		Printed: map[string]string{"gpu.module_end": "gpu.module @m {\n}",
			// MLIR prints the lane operand right after the name.
			"gpu.warp_execute_on_lane_0": warpExecuteDef.Example},
	})
}
