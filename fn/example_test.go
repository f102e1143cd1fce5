package fn_test

import (
	"testing"

	"github.com/kiln-gpu/kiln/fn"
	"github.com/kiln-gpu/kiln/ir"
)

// TestExamples parses, verifies and re-prints every op's Example.
func TestExamples(t *testing.T) {
	for _, def := range fn.Dialect().Ops {
		t.Run(def.Name, func(t *testing.T) {
			if def.Summary == "" || def.Example == "" {
				t.Fatal("missing Summary or Example")
			}
			if got := roundTrip(t, def.Example, ir.PrintOptions{}); got != def.Example {
				t.Errorf("printed\n%s\nwant\n%s", got, def.Example)
			}
			// The generic form must parse back to the same custom form.
			generic := roundTrip(t, def.Example, ir.PrintOptions{Generic: true})
			if got := roundTrip(t, generic, ir.PrintOptions{}); got != def.Example {
				t.Errorf("via generic form printed\n%s\nwant\n%s\ngeneric:\n%s", got, def.Example, generic)
			}
		})
	}
}
