// Package interptest checks that a pass keeps what a program computes: it
// runs @main of a module in the reference interpreter before and after a
// pipeline and compares the results. The pass packages' tests share it.
package interptest

import (
	"fmt"
	"testing"

	"github.com/kiln-gpu/kiln/interp"
	"github.com/kiln-gpu/kiln/ir"
	"github.com/kiln-gpu/kiln/ir/pass"
)

// Transformed parses src twice in contexts from newCtx and runs pipeline,
// read with reg, on the second copy.
func Transformed(t *testing.T, newCtx func() *ir.Context, reg pass.Registry, src, pipeline string) (before, after *ir.Operation) {
	t.Helper()
	parse := func() *ir.Operation {
		m, err := ir.Parse(newCtx(), src, "k.mlir")
		if err != nil {
			t.Fatal(err)
		}
		return m
	}
	before, after = parse(), parse()
	p, err := pass.Parse(pipeline, reg)
	if err != nil {
		t.Fatal(err)
	}
	if err := pass.New(p, pass.Config{}).Run(after); err != nil {
		t.Fatal(err)
	}
	return before, after
}

// Run calls @main(a, b) of mod with two integer arguments and returns its
// results as text.
func Run(t *testing.T, mod *ir.Operation, a, b int64) string {
	t.Helper()
	res, err := interp.New(mod).Call("main", interp.Int(a), interp.Int(b))
	if err != nil {
		t.Fatal(err)
	}
	return fmt.Sprint(res)
}

// SameResults checks that @main gives the same results in before and
// after for each input pair; prefix names the case in failures.
func SameResults(t *testing.T, prefix string, before, after *ir.Operation, inputs [][2]int64) {
	t.Helper()
	for _, in := range inputs {
		if want, got := Run(t, before, in[0], in[1]), Run(t, after, in[0], in[1]); want != got {
			t.Errorf("%smain(%d, %d): got %s after the pass, %s before", prefix, in[0], in[1], got, want)
		}
	}
}
