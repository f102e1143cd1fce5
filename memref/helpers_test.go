package memref

import (
	"testing"

	"github.com/kiln-gpu/kiln/arith"
	"github.com/kiln-gpu/kiln/fn"
	"github.com/kiln-gpu/kiln/ir/irtest"
)

var newContext = irtest.ContextWith(Dialect(), arith.Dialect(), fn.Dialect())

// examples parses op examples inside a function; globals stay at the top
// level.
var examples = irtest.ExampleOptions{
	NewContext: newContext,
	InFunc:     true,
	TopLevel:   []string{"memref.global"},
}

func TestExamplesRoundTrip(t *testing.T) { irtest.CheckExamples(t, Dialect(), examples) }
