package spirv

import (
	"os"
	"path"
	"path/filepath"
	"strings"
	"testing"

	"github.com/kiln-gpu/kiln/ir"
	"github.com/kiln-gpu/kiln/ir/irtest"
)

// targetFiles returns a corpus's files of upstream MLIR's tests of the
// SPIR-V target (MLIR 16's generic print of them in MLIR16Generic).
func targetFiles(t *testing.T, corpus string) []string {
	return irtest.CorpusFiles(t, corpus, func(rel string) bool { return path.Dir(rel) == "mlir/test/Target/SPIRV" })
}

// roundTrip checks a chunk as irtest.RoundTrip does, failing it when it
// does not parse.
func roundTrip(t *testing.T, chunk, name string) {
	if err := irtest.RoundTrip(t, newContext(), chunk, name); err != nil {
		t.Errorf("parse: %v", err)
	}
}

func TestUpstreamTargetSPIRV(t *testing.T) {
	for _, f := range targetFiles(t, irtest.Upstream) {
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for i, chunk := range ir.SplitInput(string(src)) {
			// Every chunk parses, cooperative matrix KHR included: its
			// capability is in newerCapabilities (no grammar gap remains
			// at the dialect level).
			t.Run(filepath.Base(f)+"#"+itoa(int64(i)), func(t *testing.T) {
				roundTrip(t, chunk, f)
			})
		}
	}
}

// TestMLIR16Generic parses MLIR 16's generic print of the same files: the
// attribute names and kinds that MLIR uses must verify here.
func TestMLIR16Generic(t *testing.T) {
	for _, f := range targetFiles(t, irtest.MLIR16Generic) {
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for i, chunk := range ir.SplitInput(string(src)) {
			if strings.TrimSpace(chunk) == "" {
				continue
			}
			t.Run(filepath.Base(f)+"#"+itoa(int64(i)), func(t *testing.T) {
				roundTrip(t, chunk, f)
			})
		}
	}
}
