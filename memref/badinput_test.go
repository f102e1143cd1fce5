package memref

import (
	"testing"

	"github.com/kiln-gpu/kiln/ir/irtest"
)

// TestBadInputNoPanic verifies randomly malformed ops of every op
// definition (printing and folding those that verify) and parses every
// prefix of every example: each must give a diagnostic, never a panic.
func TestBadInputNoPanic(t *testing.T) { irtest.CheckOpStatesNoPanic(t, Dialect(), newContext) }
