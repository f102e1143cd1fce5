package kiln

import (
	"testing"

	"github.com/kiln-gpu/kiln/ir"
)

// TestFormatsCompile compiles the assembly format of every op: a context
// compiles an op's format only when the op is first parsed or printed.
func TestFormatsCompile(t *testing.T) {
	for _, d := range append(Dialects(), ir.BuiltinDialect()) {
		for _, op := range d.Ops {
			if err := op.CheckFormat(); err != nil {
				t.Error(err)
			}
		}
	}
}
