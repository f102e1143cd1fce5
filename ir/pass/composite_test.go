package pass_test

import (
	"bytes"
	"strings"
	"testing"

	"github.com/kiln-gpu/kiln/ir"
	"github.com/kiln-gpu/kiln/ir/pass"
)

// bump changes the op it runs on every time: a pipeline of it never
// reaches a fixed point.
func bump() *pass.Pass {
	return &pass.Pass{Name: "Bump", Argument: "test-bump", Run: func(op *ir.Operation, _ *pass.Context) error {
		n := int64(0)
		if a, ok := op.Attr("test.counter").(*ir.IntegerAttr); ok {
			n = a.Int()
		}
		op.SetAttr("test.counter", op.Context().IntegerAttr(op.Context().I(32), n+1))
		return nil
	}}
}

// TestCompositeConvergenceFailure runs the inner pipeline max-iterations
// times and once more, then warns, fails or says nothing as told.
func TestCompositeConvergenceFailure(t *testing.T) {
	for _, tc := range []struct {
		mode, diag string
		fails      bool
	}{
		{"warn", `test.mlir:0:0: warning: Composite pass "Test"+ didn't converge in 3 iterations`, false},
		{"error", `test.mlir:0:0: error: Composite pass "Test"+ didn't converge in 3 iterations`, true},
		{"silent", "", false},
	} {
		t.Run(tc.mode, func(t *testing.T) {
			ctx := ir.NewContext(testDialect())
			var diags []string
			ctx.SetDiagnosticHandler(func(d *ir.Diagnostic) { diags = append(diags, d.Error()) })
			m, err := ir.Parse(ctx, `"test.func"() ({
  "test.return"() : () -> ()
}) {sym_name = "f"} : () -> ()`, "test.mlir")
			if err != nil {
				t.Fatal(err)
			}
			reg := pass.Registry{}
			pass.RegisterTransforms(reg)
			reg.Add(bump)
			p, err := pass.Parse("builtin.module(composite-fixed-point-pass{name=Test pipeline='any(test-bump)' max-iterations=3 on-convergence-failure="+tc.mode+"})", reg)
			if err != nil {
				t.Fatal(err)
			}
			err = pass.New(p, pass.Config{}).Run(m)
			if tc.fails {
				if err == nil || err.Error() != tc.diag {
					t.Fatalf("err = %v, want %s", err, tc.diag)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if got := strings.Join(diags, "\n"); got != tc.diag {
				t.Errorf("diagnostics %q, want %q", got, tc.diag)
			}
			if !strings.Contains(m.String(), "test.counter = 4 : i32") {
				t.Errorf("want the inner pipeline run 4 times:\n%s", m)
			}
		})
	}
}

// TestCompositeLogsInnerPasses checks that the inner passes run within the
// pass manager: the action log shows them under the composite's name.
func TestCompositeLogsInnerPasses(t *testing.T) {
	ctx := ir.NewContext(testDialect())
	m, err := ir.Parse(ctx, `"test.func"() ({
  %0 = "test.constant"() {value = 1 : i32} : () -> i32
  "test.return"() : () -> ()
}) {sym_name = "f"} : () -> ()`, "test.mlir")
	if err != nil {
		t.Fatal(err)
	}
	p, err := pass.Parse("builtin.module(composite-fixed-point-pass{name=Fix pipeline='any(cse)'})", registry())
	if err != nil {
		t.Fatal(err)
	}
	var log bytes.Buffer
	if err := pass.New(p, pass.Config{ActionLog: &log}).Run(m); err != nil {
		t.Fatal(err)
	}
	// cse erases the dead constant, then finds nothing more to do.
	want := "[thread 0] begins (no breakpoint) Action `pass-execution` running `Fix` on Operation `builtin.module``\n" +
		strings.Repeat("[thread 0] begins (no breakpoint) Action `pass-execution` running `CSE` on Operation `builtin.module``\n"+
			"[thread 0] completed `pass-execution`\n", 2) +
		"[thread 0] completed `pass-execution`\n"
	if log.String() != want {
		t.Errorf("log:\n%s\nwant:\n%s", log.String(), want)
	}
}

// TestCompositeOptions checks the options MLIR refuses: max-iterations as
// the pipeline is parsed, located on its value; the inner pipeline as the
// pass initializes.
func TestCompositeOptions(t *testing.T) {
	reg := pass.Registry{}
	pass.RegisterTransforms(reg)
	_, err := pass.Parse("builtin.module(composite-fixed-point-pass{pipeline='any(cse)' max-iterations=0})", reg)
	if want := "pass pipeline:1:78: error: Invalid maxIterations value: 0"; err == nil || !strings.Contains(err.Error(), want) {
		t.Errorf("err = %v, want %q", err, want)
	}
	_, err = runPipeline(t, "builtin.module(composite-fixed-point-pass{pipeline='any(cse'})", `"test.func"() ({
  "test.return"() : () -> ()
}) {sym_name = "f"} : () -> ()`)
	if want := "Failed to parse composite pass pipeline"; err == nil || !strings.Contains(err.Error(), want) {
		t.Errorf("err = %v, want %q", err, want)
	}
}
