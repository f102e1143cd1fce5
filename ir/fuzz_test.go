package ir_test

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/kiln-gpu/kiln/ir"
	"github.com/kiln-gpu/kiln/ir/irtest"
)

// FuzzParse feeds arbitrary text to the parser: it must return a result or
// a diagnostic, never panic or hang; what parses must verify or fail
// cleanly, and its printed form must parse again.
func FuzzParse(f *testing.F) {
	seeds, _ := filepath.Glob("testdata/*.mlir")
	for _, s := range seeds {
		if b, err := os.ReadFile(s); err == nil {
			for _, chunk := range ir.SplitInput(string(b)) {
				f.Add(chunk)
			}
		}
	}
	f.Add(`"t.fn"() ({ ^bb0(%a: i32): "t.br"(%a) [^bb1] : (i32) -> () ^bb1(%b: i32): "t.ret"() : () -> () }) : () -> ()`)
	f.Add(`#map = affine_map<(d0, d1)[s0] -> (d0 * 4 + d1 floordiv 2 - s0, d1 mod 3)>
"x.y"() {m = #map, s = affine_set<(d0) : (d0 - 1 >= 0, d0 == 0)>, d = dense<[[1, 2], [3, 4]]> : tensor<2x2xi32>} : () -> ()`)
	f.Add(`%0:2 = "x.y"() {a = array<i32: 1, 2>, b = 0x7FC00000 : f32, c = "s\0A", d = @a::@b, e = loc("f":1:2)} : () -> (i32, i32) loc(fused["a", callsite("b" at "c":1:1)])`)
	f.Fuzz(func(t *testing.T, src string) {
		ctx := ir.NewContext(testDialect)
		ctx.SetAllowUnregisteredDialects(true)
		irtest.ParsePrintsBack(t, ctx, src)
	})
}
