package ir_test

import (
	"strings"
	"testing"

	"github.com/kiln-gpu/kiln/ir"
)

// ParseSingleOp returns the one top-level op as it is (no module around
// it) and rejects any other count with MLIR's diagnostic.
func TestParseSingleOp(t *testing.T) {
	ctx := ir.NewContext(testDialect)
	op, err := ir.ParseSingleOp(ctx, `"t.def"() : () -> i32`, "s.mlir")
	if err != nil || op.Name() != "t.def" || op.Block() != nil {
		t.Fatalf("got %v, %v", op, err)
	}
	for src, want := range map[string]string{
		"": "s.mlir:1:1: error: source must contain a single top-level operation, found: 0",
		`"t.def"() : () -> i32` + "\n" + `"t.use"() : () -> ()`: "s.mlir:1:1: error: source must contain a single top-level operation, found: 2",
	} {
		_, err := ir.ParseSingleOp(ctx, src, "s.mlir")
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%q: error %v, want %q", src, err, want)
		}
	}
}
