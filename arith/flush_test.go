package arith_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/kiln-gpu/kiln/arith"
	"github.com/kiln-gpu/kiln/fn"
	"github.com/kiln-gpu/kiln/interp"
	"github.com/kiln-gpu/kiln/ir"
	"github.com/kiln-gpu/kiln/ir/irtest"
	"github.com/kiln-gpu/kiln/vector"
)

// TestFlushDenormals runs arith.flush_denormals on bit patterns of several
// float types, as the op (interpreted through its evaluation) and as
// arith-expand-flush-denormals's integer arithmetic: both must give the
// pattern with a denormal's exponent and mantissa cleared, and keep the
// others (NaNs and infinities included).
func TestFlushDenormals(t *testing.T) {
	newCtx := irtest.ContextWith(arith.Dialect(), fn.Dialect(), vector.Dialect())
	for _, tc := range []struct {
		typ        string
		width, man int
		step       int
	}{
		{"f16", 16, 10, 7}, {"bf16", 16, 7, 5}, {"f32", 32, 23, 0}, {"f64", 64, 52, 0},
		{"f8E5M2", 8, 2, 1}, {"f8E4M3FN", 8, 3, 1}, {"f8E4M3FNUZ", 8, 3, 1}, {"f6E3M2FN", 6, 2, 1},
		{"f6E2M3FN", 6, 3, 1}, {"f4E2M1FN", 4, 1, 1},
	} {
		src := fmt.Sprintf(`func.func @main(%%b: i%[1]d) -> i%[1]d {
  %%x = arith.bitcast %%b : i%[1]d to %[2]s
  %%f = arith.flush_denormals %%x : %[2]s
  %%r = arith.bitcast %%f : %[2]s to i%[1]d
  return %%r : i%[1]d
}`, tc.width, tc.typ)
		parse := func() *ir.Operation {
			m, err := ir.Parse(newCtx(), src, "k.mlir")
			if err != nil {
				t.Fatal(err)
			}
			return m
		}
		op, expanded := parse(), parse()
		if err := arith.ExpandFlushDenormals(expanded); err != nil {
			t.Fatal(err)
		}
		if text := expanded.String(); strings.Contains(text, "flush_denormals") {
			t.Fatalf("%s: not expanded:\n%s", tc.typ, text)
		}
		var patterns []uint64
		if tc.step > 0 {
			for b := 0; b < 1<<tc.width; b += tc.step {
				patterns = append(patterns, uint64(b))
			}
		} else {
			sign := uint64(1) << (tc.width - 1)
			for _, b := range []uint64{0, 1, 2, 1<<tc.man - 1, 1 << tc.man, 1<<tc.man + 1, sign - 1, sign >> 1} {
				patterns = append(patterns, b, b|sign)
			}
		}
		manMask, sign := uint64(1)<<tc.man-1, uint64(1)<<(tc.width-1)
		expMask := (sign - 1) &^ manMask
		for _, b := range patterns {
			want := b
			if b&expMask == 0 && b&manMask != 0 {
				want = b & sign
				if strings.HasSuffix(tc.typ, "FNUZ") {
					want = 0 // -0 is NaN there
				}
			}
			for name, mod := range map[string]*ir.Operation{"op": op, "expansion": expanded} {
				res, err := interp.New(mod).Call("main", interp.Int(int64(b)))
				if err != nil {
					t.Fatal(err)
				}
				if got := res[0].(interp.Scalar).Bits & (sign<<1 - 1); got != want {
					t.Errorf("%s %s %#x: got %#x, want %#x", tc.typ, name, b, got, want)
				}
			}
		}
	}
}
