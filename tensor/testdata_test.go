package tensor_test

import (
	"testing"

	"github.com/kiln-gpu/kiln/ir/irtest"
)

// These run the testdata files in process; the RUN lines check the CLI.

func TestOpsFileRoundTrip(t *testing.T) { irtest.CheckOpsFile(t, "testdata/ops.mlir", newContext) }

func TestInvalidFileDiagnostics(t *testing.T) {
	irtest.CheckInvalidFile(t, "testdata/invalid.mlir", newContext)
}
