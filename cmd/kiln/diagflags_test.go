package main

import (
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/kiln-gpu/kiln/ir"
)

// writeInput writes text to a file of a temporary directory and returns
// its path.
func writeInput(t *testing.T, name, text string) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// An error about an op carries its generic form, its values named from
// the enclosing function, as mlir-opt's --mlir-print-op-on-diagnostic
// (on by default, off under --verify-diagnostics).
func TestPrintOpOnDiagnostic(t *testing.T) {
	in := writeInput(t, "bad.mlir", `func.func @f(%a: i32) -> i32 {
  %c = arith.constant 1 : i32
  %0 = "arith.addf"(%a, %c) : (i32, i32) -> i32
  return %0 : i32
}
`)
	note := in + `:3:8: note: see current operation: %1 = "arith.addf"(%arg0, %0) <{fastmath = #arith.fastmath<none>}> : (i32, i32) -> i32` + "\n"
	code, _, errs := kilnCLI("opt", in)
	if code != 1 || !strings.HasSuffix(errs, "       ^\n"+note) {
		t.Errorf("exit %d, stderr:\n%s\nwant the error, its source line and then (without the line again):\n%s", code, errs, note)
	}
	for _, off := range []string{"--mlir-print-op-on-diagnostic=false", "--mlir-disable-diagnostic-notes"} {
		if _, _, errs := kilnCLI("opt", in, off); strings.Contains(errs, "note:") {
			t.Errorf("with %s: stderr:\n%s", off, errs)
		}
	}
	// The expected error alone matches: no note comes under verification.
	in = writeInput(t, "expected.mlir", `func.func @f(%a: i32) -> i32 {
  // expected-error @+1 {{must be floating-point-like}}
  %0 = "arith.addf"(%a, %a) : (i32, i32) -> i32
  return %0 : i32
}
`)
	if code, _, errs := kilnCLI("opt", in, "--verify-diagnostics"); code != 0 {
		t.Errorf("--verify-diagnostics: exit %d, stderr:\n%s", code, errs)
	}
}

// A note spanning lines starts on its own line, and large dense data is
// elided in it.
func TestPrintOpOnDiagnosticRegions(t *testing.T) {
	in := writeInput(t, "region.mlir", `func.func @f() -> i32 {
  %0 = scf.execute_region -> i32 {
    %c = arith.constant dense<[1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17]> : tensor<17xi32>
    scf.yield %c : tensor<17xi32>
  }
  return %0 : i32
}
`)
	want := `note: see current operation: 
%0 = "scf.execute_region"() ({
  %1 = "arith.constant"() <{value = dense_resource<__elided__> : tensor<17xi32>}> : () -> tensor<17xi32>
  "scf.yield"(%1) : (tensor<17xi32>) -> ()
}) : () -> i32
`
	if _, _, errs := kilnCLI("opt", in); !strings.HasSuffix(errs, want) {
		t.Errorf("stderr:\n%s\nwant it to end with:\n%s", errs, want)
	}
}

func TestSplitMarkers(t *testing.T) {
	in := writeInput(t, "split.mlir", "func.func @a() {\n  return\n}\n// ====\nfunc.func @b() {\n  return\n}\n")
	code, out, errs := kilnCLI("opt", in, "--split-input-file=// ====", "--output-split-marker=// next")
	want := "module {\n  func.func @a() {\n    return\n  }\n}\n// next\nmodule {\n  func.func @b() {\n    return\n  }\n}\n"
	if code != 0 || out != want {
		t.Errorf("exit %d, stdout:\n%s\nstderr:\n%s\nwant:\n%s", code, out, errs, want)
	}
	// As mlir-opt, a marker short of its last characters splits not and
	// is warned about, verified or not.
	in = writeInput(t, "near.mlir", "func.func @a() {\n  return\n}\n// ----\nfunc.func @b() {\n  return\n}\n")
	code, out, errs = kilnCLI("opt", in, "--split-input-file", "--verify-diagnostics")
	want = in + ":4:7: warning: near miss with file split marker\n// ----\n      ^\n"
	if code != 0 || errs != want || strings.Count(out, "module {") != 1 {
		t.Errorf("near miss: exit %d, stdout:\n%s\nstderr:\n%s\nwant stderr:\n%s", code, out, errs, want)
	}
	in = writeInput(t, "split.mlir", "func.func @a() {\n  return\n}\n// ====\nfunc.func @b() {\n  return\n}\n")
	// Without a value, the default marker splits: this file is one chunk.
	if code, out, errs := kilnCLI("opt", in, "--split-input-file"); code != 0 || strings.Count(out, "module {") != 1 {
		t.Errorf("default marker: exit %d, stdout:\n%s\nstderr:\n%s", code, out, errs)
	}
}

// --verify-diagnostics=only-expected checks that the expected diagnostics
// come, and leaves the others unreported.
func TestVerifyOnlyExpected(t *testing.T) {
	in := writeInput(t, "some.mlir", `func.func @f(%a: i32) -> i32 {
  // expected-error @+1 {{must be floating-point-like}}
  %0 = "arith.addf"(%a, %a) : (i32, i32) -> i32
  return %0 : i32
}

// -----

func.func @g(%a: i32) -> i32 {
  %0 = "arith.addf"(%a, %a) : (i32, i32) -> i32
  return %0 : i32
}
`)
	if code, _, errs := kilnCLI("opt", in, "--split-input-file", "--verify-diagnostics=only-expected"); code != 0 {
		t.Errorf("only-expected: exit %d, stderr:\n%s", code, errs)
	}
	code, _, errs := kilnCLI("opt", in, "--split-input-file", "--verify-diagnostics=all")
	if code != 1 || !strings.Contains(errs, "unexpected error: 'arith.addf' op operand #0 must be floating-point-like") {
		t.Errorf("all: exit %d, stderr:\n%s", code, errs)
	}
}

func TestDiagnosticVerbosity(t *testing.T) {
	warning := &ir.Diagnostic{Severity: ir.SeverityWarning, Message: "w"}
	remark := &ir.Diagnostic{Severity: ir.SeverityRemark, Message: "r"}
	errNote := (&ir.Diagnostic{Severity: ir.SeverityError, Message: "e"}).Note(nil, "n")
	for _, c := range []struct {
		args         []string
		shown, notes []bool // per warning, remark, error; whether its notes stay
	}{
		{nil, []bool{true, true, true}, []bool{true, true, true}},
		{[]string{"--mlir-diagnostic-verbosity-level=errors"}, []bool{false, false, true}, []bool{true, true, true}},
		{[]string{"--mlir-diagnostic-verbosity-level=warnings"}, []bool{true, false, true}, []bool{true, true, true}},
		{[]string{"--mlir-disable-diagnostic-notes"}, []bool{true, true, true}, []bool{true, true, false}},
	} {
		o := &optOptions{}
		if _, code := optCommandLine(o, nil).parse(c.args, io.Discard, io.Discard); code >= 0 {
			t.Fatalf("%v: exit %d", c.args, code)
		}
		for i, d := range []*ir.Diagnostic{warning, remark, errNote} {
			got := o.shownDiagnostic(d)
			if (got != nil) != c.shown[i] || got != nil && (len(got.Notes) == len(d.Notes)) != c.notes[i] {
				t.Errorf("%v: %s shown %v", c.args, d.Severity, got)
			}
		}
		if len(errNote.Notes) != 1 {
			t.Fatalf("%v: the filter changed the diagnostic", c.args)
		}
	}
	if code, _, errs := kilnCLI("opt", "--mlir-diagnostic-verbosity-level=all"); code != 2 || !strings.Contains(errs, "Cannot find option named 'all'!") {
		t.Errorf("bad level: exit %d, stderr %q", code, errs)
	}
}

// The verifier may be left out after parsing: invalid IR prints as read.
func TestDisableVerifierOnParsing(t *testing.T) {
	in := writeInput(t, "invalid.mlir", "func.func @f(%a: i32) -> i32 {\n  %0 = \"arith.addf\"(%a, %a) : (i32, i32) -> i32\n  return %0 : i32\n}\n")
	// As MLIR's printer, the output is verified first and printed in the
	// generic form when invalid, unless assumed verified.
	code, out, errs := kilnCLI("opt", in, "--mlir-very-unsafe-disable-verifier-on-parsing")
	if code != 0 || !strings.Contains(out, `%0 = "arith.addf"(%arg0, %arg0) <{fastmath = #arith.fastmath<none>}> : (i32, i32) -> i32`) {
		t.Errorf("exit %d, stdout:\n%s\nstderr:\n%s", code, out, errs)
	}
	code, out, errs = kilnCLI("opt", in, "--mlir-very-unsafe-disable-verifier-on-parsing", "--mlir-print-assume-verified")
	if code != 0 || !strings.Contains(out, "%0 = arith.addf %arg0, %arg0 : i32") {
		t.Errorf("assumed verified: exit %d, stdout:\n%s\nstderr:\n%s", code, out, errs)
	}
}

// Plugins do not load in Kiln: as mlir-opt when one does not, it says so
// and goes on.
func TestPluginFlags(t *testing.T) {
	in := writeInput(t, "ok.mlir", "func.func @f() {\n  return\n}\n")
	code, out, errs := kilnCLI("opt", in, "--load-pass-plugin=libx.so", "--load-dialect-plugin", "liby.so")
	want := "Failed to load passes from 'libx.so'. Request ignored.\nFailed to load dialect plugin from 'liby.so'. Request ignored.\n"
	if code != 0 || errs != want || !strings.Contains(out, "func.func @f") {
		t.Errorf("exit %d, stdout %q, stderr %q; want stderr %q", code, out, errs, want)
	}
	if code, _, errs := kilnCLI("opt", in, "--irdl-file=d.mlir"); code != 2 || !strings.Contains(errs, "--irdl-file is not supported: Kiln has no IRDL") {
		t.Errorf("irdl: exit %d, stderr %q", code, errs)
	}
}

func TestPrintSkipRegions(t *testing.T) {
	in := writeInput(t, "f.mlir", "func.func @f() -> i32 {\n  %0 = scf.execute_region -> i32 {\n    %c = arith.constant 1 : i32\n    scf.yield %c : i32\n  }\n  return %0 : i32\n}\n")
	for _, c := range []struct{ flag, want string }{
		{"--mlir-print-op-generic=false", "module {...}\n"},
		{"--mlir-print-op-generic", `"builtin.module"() ({...}) : () -> ()` + "\n"},
	} {
		if code, out, errs := kilnCLI("opt", in, "--mlir-print-skip-regions", c.flag); code != 0 || out != c.want {
			t.Errorf("%s: exit %d, stdout %q, stderr %q; want %q", c.flag, code, out, errs, c.want)
		}
	}
}

// A warning about an op carries the op in its custom form.
func TestPrintOpOnWarning(t *testing.T) {
	in := writeInput(t, "w.mlir", "func.func @f(%a: i32) -> i32 {\n  %c = arith.constant 2 : i32\n  %c2 = arith.constant 3 : i32\n  %0 = arith.addi %a, %c : i32\n  %1 = arith.addi %0, %c2 : i32\n  return %1 : i32\n}\n")
	pipe := "--pass-pipeline=builtin.module(composite-fixed-point-pass{max-iterations=1 pipeline=any(canonicalize)})"
	code, _, errs := kilnCLI("opt", in, pipe)
	want := `warning: Composite pass "CompositeFixedPointPass"+ didn't converge in 1 iterations` + "\n" +
		in + ":0:0: note: see current operation: \nmodule {\n  func.func @f(%arg0: i32) -> i32 {\n    %c5_i32 = arith.constant 5 : i32\n"
	if code != 0 || !strings.Contains(errs, want) {
		t.Errorf("exit %d, stderr:\n%s\nwant:\n%s", code, errs, want)
	}
	if _, _, errs := kilnCLI("opt", in, pipe, "--mlir-diagnostic-verbosity-level=errors"); errs != "" {
		t.Errorf("errors only: stderr:\n%s", errs)
	}
}

// Errors MLIR emits with op->emitError (no "'name' op" prefix) carry the
// note too, the op's operands defined outside the printed op unknown, as
// mlir-opt prints them.
func TestPrintOpOnUnprefixedError(t *testing.T) {
	for _, c := range []struct{ src, want string }{
		{`func.func @f(%a: i32) -> i64 {
  return %a : i32
}
`, `:2:3: error: type of return operand 0 ('i32') doesn't match function result type ('i64') in function @f
  return %a : i32
  ^
IN:2:3: note: see current operation: "func.return"(%arg0) : (i32) -> ()
`},
		{`func.func @f(%a: f32) -> f32 {
  %r = gpu.all_reduce %a {
  ^bb0(%x: f32):
    "gpu.yield"(%x) : (f32) -> ()
  } : (f32) -> f32
  return %r : f32
}
`, `:2:8: error: expected two region arguments
  %r = gpu.all_reduce %a {
       ^
IN:2:8: note: see current operation: 
%0 = "gpu.all_reduce"(<<UNKNOWN SSA VALUE>>) ({
^bb0(%arg0: f32):
  "gpu.yield"(%arg0) : (f32) -> ()
}) : (f32) -> f32
`},
	} {
		in := writeInput(t, "bad.mlir", c.src)
		want := in + strings.ReplaceAll(c.want, "IN:", in+":")
		if code, _, errs := kilnCLI("opt", in); code != 1 || errs != want {
			t.Errorf("exit %d, stderr:\n%s\nwant:\n%s", code, errs, want)
		}
	}
}
