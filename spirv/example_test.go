package spirv

import (
	"testing"

	"github.com/kiln-gpu/kiln/ir/irtest"
)

var newContext = irtest.ContextWith(Dialect())

func TestExamplesRoundTrip(t *testing.T) {
	irtest.CheckExamples(t, Dialect(), irtest.ExampleOptions{NewContext: newContext})
}
