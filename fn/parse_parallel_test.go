package fn_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/kiln-gpu/kiln/ir"
)

// manyFuncs is a module of n func.func ops of a few lines each, with
// strings and comments that hold braces, a location alias defined at the
// end, and extra holding text inserted before function i.
func manyFuncs(n, i int, extra string) string {
	var b strings.Builder
	b.WriteString("module {\n")
	for k := range n {
		if k == i {
			b.WriteString(extra)
		}
		fmt.Fprintf(&b, "  func.func @f%d(%%a: i32 loc(#loc1)) -> i32 attributes {note = \"} { %d\"} {\n", k, k)
		b.WriteString("    // a comment with a brace }\n")
		b.WriteString("    %c = \"test.constant\"() {value = 7 : i32} : () -> i32 loc(\"x.mlir\":3:4)\n")
		b.WriteString("    return %c : i32\n  }\n")
	}
	b.WriteString("}\n#loc1 = loc(\"args.mlir\":1:2)\n")
	return b.String()
}

// parse parses src with or without threads and prints the result with
// locations, or returns the error.
func parse(t *testing.T, src string, threads bool) (string, error) {
	t.Helper()
	ctx := newContext()
	ctx.SetMultithreading(threads)
	m, err := ir.Parse(ctx, src, "many.mlir")
	if err != nil {
		return "", err
	}
	if err := ir.Verify(m); err != nil {
		return "", err
	}
	return ir.OpString(m, ir.PrintOptions{DebugInfo: true}), nil
}

// TestParallelParse checks that a module of many functions, which the
// parser splits among goroutines, reads as it does on one goroutine: the
// same ops, locations and location aliases, the same first error, and a
// fallback to one parser where the functions share the module's values.
func TestParallelParse(t *testing.T) {
	cases := []struct {
		name, extra string
		at          int
		wantErr     string
	}{
		{name: "functions only"},
		{name: "module-level value", extra: "  %v = \"test.constant\"() {value = 1 : i32} : () -> i32\n", at: 400},
		{name: "error in a function", extra: "  func.func @bad() {\n    return %nope : i32\n  }\n", at: 700, wantErr: "use of undeclared SSA value name '%nope'"},
		{name: "error between functions", extra: "  func.func @bad2(\n", at: 300, wantErr: "expected"},
		{name: "op header over two lines", extra: "  func.func @two(%a: i32)\n      attributes {x} {\n    return\n  }\n", at: 10},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			src := manyFuncs(1000, c.at, c.extra)
			seq, seqErr := parse(t, src, false)
			par, parErr := parse(t, src, true)
			if c.wantErr != "" {
				if seqErr == nil || parErr == nil || seqErr.Error() != parErr.Error() || !strings.Contains(seqErr.Error(), c.wantErr) {
					t.Fatalf("errors differ or unexpected:\nsequential: %v\nparallel:   %v", seqErr, parErr)
				}
				return
			}
			if seqErr != nil || parErr != nil {
				t.Fatalf("sequential: %v, parallel: %v", seqErr, parErr)
			}
			if seq != par {
				t.Fatal("parallel parse differs from sequential")
			}
			if !strings.Contains(par, "@f999") || !strings.Contains(par, `loc("args.mlir":1:2)`) {
				t.Fatalf("missing functions or resolved location aliases:\n%.600s", par)
			}
		})
	}
}
