package memref

import (
	"testing"

	"github.com/kiln-gpu/kiln/ir/irtest"
)

// loadedDialects are the dialects whose nested ops stay in an upstream
// statement; lines of other dialects' ops are dropped, their results
// becoming free values.
var loadedDialects = map[string]bool{"arith": true, "memref": true, "scf": true, "cf": true, "func": true}

// TestUpstreamOpsRoundTrip parses every memref statement of the upstream
// files, verifies it and checks that its custom form prints to a fixed
// point and agrees with its generic form.
func TestUpstreamOpsRoundTrip(t *testing.T) {
	irtest.CheckUpstreamOps(t, "memref", loadedDialects, examples)
}
