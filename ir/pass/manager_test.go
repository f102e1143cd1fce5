package pass_test

import (
	"bytes"
	"errors"
	"fmt"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/kiln-gpu/kiln/ir"
	"github.com/kiln-gpu/kiln/ir/pass"
)

// moduleText returns n functions of foldable and duplicated arithmetic.
func moduleText(n int) string {
	var b strings.Builder
	for i := range n {
		fmt.Fprintf(&b, `"test.func"() ({
^bb0(%%a: i32):
  %%c1 = "test.constant"() {value = %d : i32} : () -> i32
  %%c2 = "test.constant"() {value = 2 : i32} : () -> i32
  %%s = "test.add"(%%c1, %%c2) : (i32, i32) -> i32
  %%x = "test.add"(%%a, %%s) : (i32, i32) -> i32
  %%y = "test.add"(%%a, %%s) : (i32, i32) -> i32
  %%dead = "test.add"(%%x, %%y) : (i32, i32) -> i32
  "test.effect"(%%x, %%y) : (i32, i32) -> ()
  "test.return"(%%y) : (i32) -> ()
}) {sym_name = "f%d"} : () -> ()
`, i, i)
	}
	return b.String()
}

func parseModule(t testing.TB, src string) *ir.Operation {
	t.Helper()
	m, err := ir.Parse(ir.NewContext(testDialect()), src, "test.mlir")
	if err != nil {
		t.Fatal(err)
	}
	return m
}

func manager(t testing.TB, pipeline string, cfg pass.Config, extra ...func() *pass.Pass) *pass.PassManager {
	t.Helper()
	reg := registry()
	reg.Add(extra...)
	p, err := pass.Parse(pipeline, reg)
	if err != nil {
		t.Fatal(err)
	}
	return pass.New(p, cfg)
}

func TestRunNestedPipeline(t *testing.T) {
	m := parseModule(t, moduleText(2))
	if err := manager(t, "builtin.module(test.func(canonicalize, cse))", pass.Config{}).Run(m); err != nil {
		t.Fatal(err)
	}
	want := `module {
  "test.func"() ({
  ^bb0(%arg0: i32):
    %0 = "test.constant"() {value = 2 : i32} : () -> i32
    %1 = "test.add"(%arg0, %0) : (i32, i32) -> i32
    "test.effect"(%1, %1) : (i32, i32) -> ()
    "test.return"(%1) : (i32) -> ()
  }) {sym_name = "f0"} : () -> ()
  "test.func"() ({
  ^bb0(%arg0: i32):
    %0 = "test.constant"() {value = 3 : i32} : () -> i32
    %1 = "test.add"(%arg0, %0) : (i32, i32) -> i32
    "test.effect"(%1, %1) : (i32, i32) -> ()
    "test.return"(%1) : (i32) -> ()
  }) {sym_name = "f1"} : () -> ()
}`
	if got := ir.OpString(m, ir.PrintOptions{}); got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
}

// barrier is a pass whose runs wait until two of them run at once: it
// proves that sibling functions run in parallel.
func barrier() func() *pass.Pass {
	var mu sync.Mutex
	arrived := 0
	both := make(chan struct{})
	return func() *pass.Pass {
		return &pass.Pass{Name: "Barrier", Argument: "barrier", Run: func(op *ir.Operation, _ *pass.Context) error {
			mu.Lock()
			if arrived++; arrived == 2 {
				close(both)
			}
			mu.Unlock()
			select {
			case <-both:
				return nil
			case <-time.After(10 * time.Second):
				return errors.New("no other function ran at the same time")
			}
		}}
	}
}

func TestParallelMatchesSequential(t *testing.T) {
	src := moduleText(300)
	seq := parseModule(t, src)
	if err := manager(t, "builtin.module(test.func(canonicalize, cse))", pass.Config{DisableThreading: true}).Run(seq); err != nil {
		t.Fatal(err)
	}
	par := parseModule(t, src)
	cfg := pass.Config{Workers: 4, Timing: pass.NewTiming()}
	if err := manager(t, "builtin.module(test.func(barrier, canonicalize, cse))", cfg, barrier()).Run(par); err != nil {
		t.Fatal(err)
	}
	if ir.OpString(seq, ir.PrintOptions{}) != ir.OpString(par, ir.PrintOptions{}) {
		t.Error("parallel and sequential runs differ")
	}
}

func TestPrintIRAroundPasses(t *testing.T) {
	var out bytes.Buffer
	m := parseModule(t, moduleText(1))
	cfg := pass.Config{PrintBefore: true, PrintAfter: true, IROut: &out}
	if err := manager(t, "builtin.module(test.func(cse))", cfg).Run(m); err != nil {
		t.Fatal(err)
	}
	got := out.String()
	before := "// -----// IR Dump Before CSE: cse //----- //\n\"test.func\"() ({\n^bb0(%arg0: i32):\n"
	after := "// -----// IR Dump After CSE: cse //----- //\n\"test.func\"() ({\n"
	if !strings.HasPrefix(got, before) || !strings.Contains(got, "}) {sym_name = \"f0\"} : () -> ()\n\n"+after) || !strings.HasSuffix(got, "\n\n") {
		t.Errorf("dump:\n%s", got)
	}
	if strings.Count(got, "%dead") != 0 || strings.Count(got, "\"test.add\"") != 6 {
		t.Errorf("dump does not show the IR before and after:\n%s", got)
	}
}

func breakTerminator() *pass.Pass {
	return &pass.Pass{Name: "Breaker", Argument: "break", Run: func(op *ir.Operation, _ *pass.Context) error {
		op.Region(0).Entry().Last().Erase()
		return nil
	}}
}

func TestVerifyAfterEachPass(t *testing.T) {
	m := parseModule(t, moduleText(1))
	err := manager(t, "builtin.module(test.func(break))", pass.Config{}, breakTerminator).Run(m)
	// The verifier's own diagnostic, as MLIR reports it.
	var d *ir.Diagnostic
	if !errors.As(err, &d) || d.Error() != "test.mlir:9:3: error: block with no terminator, has 'test.effect'" {
		t.Fatalf("err = %v", err)
	}
	m = parseModule(t, moduleText(1))
	if err := manager(t, "builtin.module(test.func(break))", pass.Config{NoVerify: true}, breakTerminator).Run(m); err != nil {
		t.Errorf("verified with NoVerify: %v", err)
	}
}

// IR a pass leaves invalid fails the pass, as in MLIR: the after-failure
// dump shows it, in the generic form, and the reproducer is written.
func TestInvalidIRFailsThePass(t *testing.T) {
	var out bytes.Buffer
	m := parseModule(t, moduleText(1))
	cfg := pass.Config{PrintAfterFailure: true, IROut: &out, Reproducer: &pass.Reproducer{Path: filepath.Join(t.TempDir(), "r.mlir")}}
	var diags []*ir.Diagnostic
	m.Context().SetDiagnosticHandler(func(d *ir.Diagnostic) { diags = append(diags, d) })
	err := manager(t, "builtin.module(test.func(break))", cfg, breakTerminator).Run(m)
	if !strings.HasPrefix(out.String(), "// -----// IR Dump After Breaker Failed: break //----- //\n\"test.func\"() ({") {
		t.Errorf("dump:\n%s", out.String())
	}
	if len(diags) != 1 || diags[0].Message != "block with no terminator, has 'test.effect'" ||
		err == nil || !strings.Contains(err.Error(), "Pipeline failed while executing [`Breaker` on 'test.func' operation: @f0]: reproducer generated at") {
		t.Errorf("err = %v, handler got %v", err, diags)
	}
}

func TestFailureNamesPassAndComesInOrder(t *testing.T) {
	failing := func() *pass.Pass {
		return &pass.Pass{Name: "Failing", Argument: "fail", Run: func(op *ir.Operation, _ *pass.Context) error {
			return fmt.Errorf("cannot handle %s", ir.SymbolName(op))
		}}
	}
	for _, cfg := range []pass.Config{{DisableThreading: true}, {Workers: 8}} {
		m := parseModule(t, moduleText(50))
		err := manager(t, "builtin.module(test.func(fail))", cfg, failing).Run(m)
		if err == nil || err.Error() != "test.mlir:1:1: error: pass 'fail' failed on this 'test.func' op: cannot handle f0" {
			t.Errorf("err = %v", err)
		}
	}
}

func TestScheduling(t *testing.T) {
	m := parseModule(t, `"test.loop"() ({
  "test.yield"() : () -> ()
}) : () -> ()`)
	err := manager(t, "builtin.module(test.loop(cse))", pass.Config{}).Run(m)
	if err == nil || !strings.Contains(err.Error(), "'test.loop' op trying to schedule a pass on an operation not marked as 'IsolatedFromAbove'") {
		t.Errorf("err = %v", err)
	}
	// any skips ops that are not isolated.
	if err := manager(t, "builtin.module(any(cse))", pass.Config{}).Run(m); err != nil {
		t.Error(err)
	}
	f := ir.ModuleBody(parseModule(t, moduleText(1))).First()
	err = manager(t, "builtin.module(cse)", pass.Config{}).Run(f)
	if err == nil || !strings.Contains(err.Error(), "can't run 'builtin.module' pass manager on 'test.func' op") {
		t.Errorf("err = %v", err)
	}
	err = manager(t, "any(module-only)", pass.Config{}).Run(f)
	if err == nil || !strings.Contains(err.Error(), "trying to schedule pass 'module-only' on an unsupported operation") {
		t.Errorf("err = %v", err)
	}
}

func TestTimingReport(t *testing.T) {
	tm := pass.NewTiming()
	tm.Add("Parser", time.Millisecond)
	m := parseModule(t, moduleText(10))
	if err := manager(t, "builtin.module(test.func(canonicalize, cse), symbol-dce)", pass.Config{Timing: tm}).Run(m); err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	if err := tm.Report(&b); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(b.String()), "\n")
	wantNames := []string{"Parser", "'test.func' Pipeline", "  Canonicalizer", "  CSE", "    (A) DominanceInfo", "SymbolDCE", "Total"}
	var names []string
	for _, l := range lines[6:] {
		if i := strings.Index(l, "%)  "); i >= 0 && !strings.HasSuffix(l, "Rest") {
			names = append(names, l[i+4:])
		}
	}
	if strings.Join(names, "|") != strings.Join(wantNames, "|") ||
		!strings.Contains(lines[1], "... Execution time report ...") || !strings.HasPrefix(lines[3], "  Total Execution Time: ") ||
		lines[5] != "  ----Wall Time----  ----Name----" {
		t.Errorf("report:\n%s", b.String())
	}
}

func BenchmarkPassManager1000Funcs(b *testing.B) {
	src := moduleText(1000)
	for _, tc := range []struct {
		name string
		cfg  pass.Config
	}{{"threads", pass.Config{}}, {"no-threads", pass.Config{DisableThreading: true}}, {"no-verify", pass.Config{NoVerify: true}}} {
		b.Run(tc.name, func(b *testing.B) {
			pm := manager(b, "builtin.module(test.func(canonicalize, cse), symbol-dce)", tc.cfg)
			for b.Loop() {
				b.StopTimer()
				m := parseModule(b, src)
				b.StartTimer()
				if err := pm.Run(m); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// region-simplify takes current MLIR's levels only: the boolean spellings
// of its older revisions are refused as any unknown level.
func TestCanonicalizeRegionSimplifyLevel(t *testing.T) {
	for _, bad := range []string{"always", "true", "false", "1", "0"} {
		_, err := pass.Parse("builtin.module(test.func(canonicalize{region-simplify="+bad+"}))", registry())
		if want := "1:55: error: for the --region-simplify option: Cannot find option named '" + bad + "'!"; err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: err = %v, want %q", bad, err, want)
		}
	}
	for _, level := range []string{"disabled", "normal", "aggressive"} {
		m := parseModule(t, moduleText(1))
		if err := manager(t, "builtin.module(test.func(canonicalize{region-simplify="+level+"}))", pass.Config{}).Run(m); err != nil {
			t.Errorf("%s: %v", level, err)
		}
	}
}
