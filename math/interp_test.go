package mathd_test

import (
	"fmt"
	"testing"

	"github.com/kiln-gpu/kiln/arith"
	"github.com/kiln-gpu/kiln/fn"
	"github.com/kiln-gpu/kiln/interp"
	"github.com/kiln-gpu/kiln/ir"
	"github.com/kiln-gpu/kiln/ir/irtest"
	mathd "github.com/kiln-gpu/kiln/math"
)

// TestInterpreted runs math.clampf and math.sincos through the reference
// interpreter.
func TestInterpreted(t *testing.T) {
	ctx := irtest.ContextWith(mathd.Dialect(), fn.Dialect(), arith.Dialect())()
	src := `func.func @main(%x: f32) -> (f32, f32, f32) {
  %lo = arith.constant -1.0 : f32
  %hi = arith.constant 1.0 : f32
  %c = math.clampf %x to [%lo, %hi] : f32
  %sc:2 = math.sincos %c : f32
  return %c, %sc#0, %sc#1 : f32, f32, f32
}`
	mod, err := ir.Parse(ctx, src, "t.mlir")
	if err != nil {
		t.Fatal(err)
	}
	if err := ir.Verify(mod); err != nil {
		t.Fatal(err)
	}
	for x, want := range map[float64]string{-3: "[-1 -0.84147096 0.5403023]", 0: "[0 0 1]", 7: "[1 0.84147096 0.5403023]"} {
		rs, err := interp.New(mod).Call("main", interp.Float(x))
		if err != nil {
			t.Fatal(err)
		}
		var got []float32
		for _, r := range rs {
			got = append(got, float32(r.(interp.Scalar).F))
		}
		if s := fmt.Sprint(got); s != want {
			t.Errorf("x = %v: got %s, want %s", x, s, want)
		}
	}
}
