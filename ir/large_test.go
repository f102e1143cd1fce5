package ir_test

import (
	"strconv"
	"strings"
	"testing"

	"github.com/kiln-gpu/kiln/ir"
)

// TestHugeInputs feeds 100 MB inputs to the parser: a valid file holding a
// 100 MB dense blob, and malformed files that must fail with a located
// diagnostic rather than a panic, a stack overflow or a hang.
func TestHugeInputs(t *testing.T) {
	if testing.Short() {
		t.Skip("100 MB inputs")
	}
	const size = 100 << 20
	blob := `"t.def"() {blob = dense<"0x` + strings.Repeat("AB", size/2) + `"> : tensor<` +
		strconv.Itoa(size/2) + `xi8>} : () -> i32` + "\n"
	ctx := ir.NewContext(testDialect)
	ctx.SetAllowUnregisteredDialects(true)
	m, err := ir.Parse(ctx, blob, "blob.mlir")
	if err != nil {
		t.Fatalf("valid 100 MB file: %v", err)
	}
	if err := ir.Verify(m); err != nil {
		t.Fatal(err)
	}
	bad := map[string]string{
		"deep brackets":   `"t.def"() {a = ` + strings.Repeat("[", size) + `} : () -> i32`,
		"unterminated":    `"t.def"() {a = "` + strings.Repeat("x", size),
		"many bad tokens": strings.Repeat("%0 = ", size/5),
	}
	for name, src := range bad {
		_, err := ir.Parse(ctx, src, "bad.mlir")
		d, ok := err.(*ir.Diagnostic)
		if !ok {
			t.Errorf("%s: want a diagnostic, got %v", name, err)
			continue
		}
		if _, located := ir.FileLineCol(d.Loc); !located {
			t.Errorf("%s: diagnostic without a location: %v", name, d)
		}
	}
}
