package ir_test

import (
	"testing"

	"github.com/kiln-gpu/kiln/arith"
	"github.com/kiln-gpu/kiln/fn"
	"github.com/kiln-gpu/kiln/ir"
)

// TestScopedPrinter prints single ops as in their function's text: values
// named by the function, the default dialect elided in custom form, and
// regions skipped with SkipRegions.
func TestScopedPrinter(t *testing.T) {
	src := `func.func @f(%a: i32) -> i32 {
  %c = arith.addi %a, %a : i32
  return %c : i32
}`
	ctx := ir.NewContext(arith.Dialect(), fn.Dialect())
	mod, err := ir.Parse(ctx, src, "input.mlir")
	if err != nil {
		t.Fatal(err)
	}
	f := mod.Region(0).Entry().OpList()[0]
	ret := f.Region(0).Entry().OpList()[1]
	for _, c := range []struct {
		opts ir.PrintOptions
		op   *ir.Operation
		want string
	}{
		{ir.PrintOptions{}, ret, "return %0 : i32"},
		{ir.PrintOptions{Generic: true}, ret, `"func.return"(%0) : (i32) -> ()`},
		{ir.PrintOptions{SkipRegions: true}, f, "func.func @f(%arg0: i32) -> i32 {...}"},
	} {
		if got := ir.NewScopedPrinter(c.opts).OpString(c.op); got != c.want {
			t.Errorf("%+v: got %q, want %q", c.opts, got, c.want)
		}
	}
}
