package pass_test

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/kiln-gpu/kiln/ir"
	"github.com/kiln-gpu/kiln/ir/pass"
)

// failOn fails on the test.func named f1. The tests run cse before it,
// which removes adds, so that the reproducer shows whether it holds
// the IR from before the pipeline or from before the failing pass.
func failOn() *pass.Pass {
	return &pass.Pass{Name: "FailOnF1", Argument: "fail-on-f1", Run: func(op *ir.Operation, _ *pass.Context) error {
		if ir.SymbolName(op) == "f1" {
			return op.Errorf("precondition failed")
		}
		return nil
	}}
}

// panicOn panics on f1.
func panicOn() *pass.Pass {
	return &pass.Pass{Name: "PanicOnF1", Argument: "panic-on-f1", Run: func(op *ir.Operation, _ *pass.Context) error {
		if ir.SymbolName(op) == "f1" {
			var m map[string]int
			m["x"]++ // a nil map write: a bug
		}
		return nil
	}}
}

// runReproducer runs pipeline on moduleText(n) with a reproducer, and
// returns the error, the diagnostics the handler got and the file.
func runReproducer(t *testing.T, pipeline string, n int, cfg pass.Config) (error, []*ir.Diagnostic, string) {
	t.Helper()
	path := filepath.Join(t.TempDir(), "repro.mlir")
	cfg.Reproducer.Path = path
	m := parseModule(t, moduleText(n))
	var diags []*ir.Diagnostic
	m.Context().SetDiagnosticHandler(func(d *ir.Diagnostic) { diags = append(diags, d) })
	err := manager(t, pipeline, cfg, failOn, panicOn).Run(m)
	text, _ := os.ReadFile(path)
	return err, diags, strings.ReplaceAll(string(text), path, "FILE")
}

func TestReproducerOfFailedPipeline(t *testing.T) {
	for _, cfg := range []pass.Config{{DisableThreading: true}, {Workers: 4}} {
		cfg.Reproducer = &pass.Reproducer{}
		err, diags, text := runReproducer(t, "builtin.module(test.func(cse,fail-on-f1))", 3, cfg)
		// The pass's error goes to the handler, then the run fails with
		// MLIR's report, at the op the pass failed on.
		if len(diags) != 1 || diags[0].Message != "'test.func' op precondition failed" {
			t.Fatalf("handler got %v", diags)
		}
		var d *ir.Diagnostic
		if !errors.As(err, &d) {
			t.Fatalf("err = %v", err)
		}
		got := strings.ReplaceAll(d.Error(), filepath.Dir(cfg.Reproducer.Path), "DIR")
		want := "test.mlir:12:1: error: Failures have been detected while processing an MLIR pass pipeline\n" +
			"test.mlir:12:1: note: Pipeline failed while executing [`FailOnF1` on 'test.func' operation: @f1]: reproducer generated at `DIR/repro.mlir`"
		if got != want {
			t.Errorf("err =\n%s\nwant\n%s", got, want)
		}
		// The IR before the pipeline: cse has not run.
		if strings.Count(text, `"test.add"`) != 12 {
			t.Errorf("reproducer is not the IR before the pipeline:\n%s", text)
		}
		tail := fmt.Sprintf(`{-#
  external_resources: {
    mlir_reproducer: {
      pipeline: "builtin.module(test.func(cse,fail-on-f1))",
      disable_threading: %v,
      verify_each: true
    }
  }
#-}
`, cfg.DisableThreading)
		if !strings.HasSuffix(text, tail) {
			t.Errorf("reproducer ends\n%s\nwant\n%s", text[max(0, len(text)-len(tail)):], tail)
		}
	}
}

func TestLocalReproducer(t *testing.T) {
	cfg := pass.Config{DisableThreading: true, NoVerify: true, Reproducer: &pass.Reproducer{Local: true}}
	err, _, text := runReproducer(t, "builtin.module(test.func(cse,fail-on-f1))", 2, cfg)
	if err == nil || !strings.Contains(err.Error(), "note: Pipeline failed while executing `FailOnF1` on 'test.func' operation: @f1: reproducer generated at `") {
		t.Fatalf("err = %v", err)
	}
	// The whole module as the failing pass found it (f0 and f1 after
	// cse), with that pass alone nested as it ran.
	if strings.Count(text, `"test.add"`) != 4 || !strings.Contains(text, `pipeline: "builtin.module(test.func(fail-on-f1))"`) ||
		!strings.Contains(text, "verify_each: false") || !strings.Contains(text, `sym_name = "f0"`) {
		t.Errorf("reproducer:\n%s", text)
	}
	cfg.DisableThreading = false
	err, _, _ = runReproducer(t, "builtin.module(test.func(cse))", 1, cfg)
	if err == nil || err.Error() != "Local crash reproduction can't be setup on a pass-manager without disabling multi-threading first." {
		t.Errorf("err = %v", err)
	}
}

func TestReproducerOnlyOnFailure(t *testing.T) {
	cfg := pass.Config{Reproducer: &pass.Reproducer{}}
	err, diags, text := runReproducer(t, "builtin.module(test.func(cse))", 2, cfg)
	if err != nil || len(diags) != 0 || text != "" {
		t.Errorf("a run that succeeded: err %v, diagnostics %v, reproducer %q", err, diags, text)
	}
}

func TestReproducerUnwritable(t *testing.T) {
	dir := t.TempDir()
	cfg := pass.Config{Reproducer: &pass.Reproducer{Path: filepath.Join(dir, "no", "such", "dir.mlir")}}
	m := parseModule(t, moduleText(2))
	err := manager(t, "builtin.module(test.func(fail-on-f1))", cfg, failOn).Run(m)
	want := "note: Pipeline failed while executing [`FailOnF1` on 'test.func' operation: @f1]: failed to create output stream: Failed to create reproducer stream: cannot open output file '" +
		cfg.Reproducer.Path + "': no such file or directory"
	if err == nil || !strings.HasSuffix(err.Error(), want) {
		t.Errorf("err = %v", err)
	}
}

func TestPanicInPassIsADiagnostic(t *testing.T) {
	for _, cfg := range []pass.Config{{DisableThreading: true}, {Workers: 4}, {Reproducer: &pass.Reproducer{}}} {
		m := parseModule(t, moduleText(3))
		var diags []*ir.Diagnostic
		m.Context().SetDiagnosticHandler(func(d *ir.Diagnostic) { diags = append(diags, d) })
		if cfg.Reproducer != nil {
			cfg.Reproducer.Path = filepath.Join(t.TempDir(), "repro.mlir")
		}
		err := manager(t, "builtin.module(test.func(panic-on-f1))", cfg, panicOn).Run(m)
		d := &ir.Diagnostic{}
		if cfg.Reproducer != nil {
			if len(diags) != 1 || !strings.Contains(err.Error(), "Failures have been detected") {
				t.Fatalf("err = %v, handler got %v", err, diags)
			}
			d = diags[0]
		} else if !errors.As(err, &d) {
			t.Fatalf("err = %v", err)
		}
		if got := ir.LocPrefix(d.Loc) + d.Message; got != "test.mlir:12:1: pass 'panic-on-f1' panicked on this 'test.func' op: assignment to entry in nil map" {
			t.Errorf("got %q", got)
		}
		if len(d.Notes) != 1 || !strings.Contains(d.Notes[0].Message, "reproducer_test.go") {
			t.Errorf("no note with the Go stack of the panic: %v", d.Notes)
		}
	}
}

// A panic in a goroutine a pass starts (through ir.ParallelFor) is the
// pass's too.
func TestPanicInPassWorker(t *testing.T) {
	spawn := func() *pass.Pass {
		return &pass.Pass{Name: "Spawn", Argument: "spawn", Run: func(op *ir.Operation, _ *pass.Context) error {
			return ir.ParallelForN(4, 16, func(i int) error {
				if i == 9 {
					panic("worker bug")
				}
				return nil
			})
		}}
	}
	m := parseModule(t, moduleText(1))
	err := manager(t, "builtin.module(spawn)", pass.Config{}, spawn).Run(m)
	var d *ir.Diagnostic
	if !errors.As(err, &d) || d.Message != "pass 'spawn' panicked on this 'builtin.module' op: worker bug" {
		t.Fatalf("err = %v", err)
	}
	// The worker's stack, down to the panic.
	if len(d.Notes) != 1 || !strings.Contains(d.Notes[0].Message, "TestPanicInPassWorker.func1.1.1") {
		t.Errorf("not the worker's stack: %v", d.Notes)
	}
}
