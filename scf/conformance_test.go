package scf

import (
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/kiln-gpu/kiln/ir"
	"github.com/kiln-gpu/kiln/ir/irtest"
)

// TestUpstreamOpsRoundTrip parses every scf statement of the upstream
// files, verifies it and checks that its custom form prints to a fixed
// point and agrees with its generic form. Nested ops of the dialects
// loaded by newContext stay in the statement.
func TestUpstreamOpsRoundTrip(t *testing.T) {
	irtest.CheckUpstreamOps(t, "scf", map[string]bool{"arith": true, "memref": true, "scf": true, "cf": true, "func": true}, examples)
}

// TestMLIR16GenericFiles parses MLIR 16's generic print of the upstream
// files that use memref or scf ops with those dialects loaded: they must
// verify, and print in custom form to a fixed point that the generic form
// agrees with.
func TestMLIR16GenericFiles(t *testing.T) {
	n := 0
	for _, p := range irtest.CorpusFiles(t, irtest.MLIR16Generic, nil) {
		src, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(string(src), `"scf.`) && !strings.Contains(string(src), `"memref.`) {
			continue
		}
		for i, chunk := range ir.SplitInput(string(src)) {
			name := p + " chunk " + strconv.Itoa(i)
			if err := irtest.RoundTrip(t, newContext(), chunk, name); err != nil {
				t.Errorf("%s: %v", name, err)
			}
			n++
		}
	}
	if n == 0 {
		t.Fatal("no generic files with memref or scf ops")
	}
}
