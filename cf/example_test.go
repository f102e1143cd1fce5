package cf_test

import (
	"testing"

	"github.com/kiln-gpu/kiln/cf"
	"github.com/kiln-gpu/kiln/ir/irtest"
)

// TestExamples parses, verifies and re-prints every op's Example, custom
// and through the generic form.
func TestExamples(t *testing.T) {
	irtest.CheckExamples(t, cf.Dialect(), irtest.ExampleOptions{NewContext: newContext, SelfContained: true, KeepNames: true})
}
