package affine

import (
	"testing"

	"github.com/kiln-gpu/kiln/arith"
	"github.com/kiln-gpu/kiln/fn"
	"github.com/kiln-gpu/kiln/ir/irtest"
)

var newContext = irtest.ContextWith(Dialect(), arith.Dialect(), fn.Dialect())

var examples = irtest.ExampleOptions{NewContext: newContext, InFunc: true}

func TestExamplesRoundTrip(t *testing.T) { irtest.CheckExamples(t, Dialect(), examples) }

func TestBadInputNoPanic(t *testing.T) {
	irtest.CheckGenericOpsNoPanic(t, newContext, Dialect().Ops, nil)
	irtest.CheckOpStatesNoPanic(t, Dialect(), newContext)
}

// These run the testdata files in process; the RUN lines check the CLI.

func TestOpsFileRoundTrip(t *testing.T) { irtest.CheckOpsFile(t, "testdata/ops.mlir", newContext) }

func TestInvalidFileDiagnostics(t *testing.T) {
	irtest.CheckInvalidFile(t, "testdata/invalid.mlir", newContext)
}
