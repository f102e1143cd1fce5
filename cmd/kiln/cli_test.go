package main

import (
	"bytes"
	"maps"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/kiln-gpu/kiln"
)

// kilnCLI runs the kiln command line in process.
func kilnCLI(args ...string) (code int, stdout, stderr string) {
	var out, errb bytes.Buffer
	code = dispatch(args, strings.NewReader(""), &out, &errb)
	return code, out.String(), errb.String()
}

func TestHelpOnStdout(t *testing.T) {
	for _, args := range [][]string{{"help"}, {"--help"}, {"-h"}} {
		code, out, errs := kilnCLI(args...)
		if code != 0 || errs != "" || !strings.HasPrefix(out, "usage: kiln <command>") {
			t.Errorf("kiln %v: exit %d, stdout %q, stderr %q", args, code, out, errs)
		}
		for name, c := range commands {
			if c.hidden {
				continue
			}
			if !strings.Contains(out, "\n  "+name+" ") {
				t.Errorf("kiln %v does not list %s", args, name)
			}
		}
	}
	for _, name := range slices.Sorted(maps.Keys(commands)) {
		if commands[name].hidden {
			continue
		}
		for _, args := range [][]string{{"help", name}, {name, "--help"}, {name, "-h"}} {
			code, out, errs := kilnCLI(args...)
			if code != 0 || errs != "" || !strings.HasPrefix(out, "usage: kiln "+name) || !strings.Contains(out, "\nflags:\n") {
				t.Errorf("kiln %v: exit %d, stdout %q, stderr %q", args, code, out, errs)
			}
		}
	}
	if code, out, _ := kilnCLI(); code != 2 || out != "" {
		t.Errorf("kiln without a command: exit %d, stdout %q; want usage on stderr, exit 2", code, out)
	}
}

func TestOptListsPasses(t *testing.T) {
	_, help, _ := kilnCLI("opt", "--help")
	code, list, _ := kilnCLI("opt", "--list-passes")
	if code != 0 {
		t.Fatalf("kiln opt --list-passes: exit %d", code)
	}
	for name, ctor := range kiln.Passes() {
		p := ctor()
		for _, out := range []string{help, list} {
			if !strings.Contains(out, "\n  --"+name+" ") && !strings.Contains(out, "\n  --"+name+"\n") {
				t.Errorf("pass %s is not listed", name)
			}
			for _, o := range p.Options {
				if !strings.Contains(out, "      "+o.Name+"=") {
					t.Errorf("option %s of pass %s is not listed", o.Name, name)
				}
			}
		}
	}
}

func TestSuggestions(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"opt", "--canonicalise"}, "kiln opt: unknown flag --canonicalise (did you mean --canonicalize?)"},
		{[]string{"opt", "--split-input-fle"}, "(did you mean --split-input-file?)"},
		{[]string{"run", "--devcie=1", "x.mlir"}, "kiln run: unknown flag --devcie (did you mean --device?)"},
		{[]string{"translate", "--serialise-spirv"}, "(did you mean --serialize-spirv?)"},
		{[]string{"compile", "--target-evn=vulkan1.1", "x.mlir"}, "(did you mean --target-env?)"},
		{[]string{"optt"}, `kiln: unknown command "optt" (did you mean "opt"?)`},
		{[]string{"devices", "--zzzz"}, "kiln devices: unknown flag --zzzz\n"},
	} {
		code, out, errs := kilnCLI(c.args...)
		if code != 2 || out != "" || !strings.Contains(errs, c.want) {
			t.Errorf("kiln %v: exit %d, stdout %q, stderr %q; want exit 2 and %q", c.args, code, out, errs, c.want)
		}
	}
}

func TestCommandLineForms(t *testing.T) {
	var o optOptions
	c := optCommandLine(&o, kiln.Passes())
	files, code := c.parse([]string{"--cse", "in.mlir", "-o", "out.mlir", "--pass-pipeline=builtin.module(canonicalize)",
		"--verify-each=false", "--canonicalize=max-iterations=2", "-p", "builtin.module(cse)", "--", "-odd-name"}, nil, nil)
	if code != -1 {
		t.Fatalf("parse: exit %d", code)
	}
	if !slices.Equal(files, []string{"in.mlir", "-odd-name"}) || o.output != "out.mlir" || o.verifyEach {
		t.Errorf("files %q, output %q, verify-each %v", files, o.output, o.verifyEach)
	}
	want := []string{"\x00cse", "builtin.module(canonicalize)", "\x00canonicalize{max-iterations=2}", "builtin.module(cse)"}
	if !slices.Equal(o.pipeline, want) {
		t.Errorf("pipeline %q, want %q", o.pipeline, want)
	}
	var errb bytes.Buffer
	if _, code := c.parse([]string{"-o"}, nil, &errb); code != 2 || !strings.Contains(errb.String(), "--o needs a value") {
		t.Errorf("-o without a value: exit %d, %q", code, errb.String())
	}
	errb.Reset()
	if _, code := c.parse([]string{"--verify-each=maybe"}, nil, &errb); code != 2 || !strings.Contains(errb.String(), `invalid value "maybe" for --verify-each`) {
		t.Errorf("bad boolean: exit %d, %q", code, errb.String())
	}
}

func TestVersion(t *testing.T) {
	for _, arg := range []string{"--version", "version"} {
		code, out, _ := kilnCLI(arg)
		if code != 0 || !strings.HasPrefix(out, "kiln ") || !strings.Contains(out, "go1.") {
			t.Errorf("kiln %s: exit %d, %q", arg, code, out)
		}
	}
}

// TestRefusedFlags checks that LLVM's debug flags, which only an LLVM
// built with assertions has, and --emit-bytecode are usage errors that say
// why, and that the help lists them with the flags kiln opt takes.
func TestRefusedFlags(t *testing.T) {
	for _, c := range []struct {
		args []string
		flag string
	}{
		{[]string{"opt", "-debug-only=inliner-pass", "x.mlir"}, "debug-only"},
		{[]string{"opt", "--debug"}, "debug"},
		{[]string{"translate", "--test-spirv-roundtrip", "--debug", "x.mlir"}, "debug"},
		{[]string{"opt", "--emit-bytecode", "x.mlir"}, "emit-bytecode"},
	} {
		code, out, errs := kilnCLI(c.args...)
		want := "kiln " + c.args[0] + ": --" + c.flag + " is not supported: Kiln has no "
		if code != 2 || out != "" || !strings.HasPrefix(errs, want) {
			t.Errorf("kiln %v: exit %d, stdout %q, stderr %q; want exit 2 and %q", c.args, code, out, errs, want)
		}
	}
	for _, cmd := range []string{"opt", "translate"} {
		_, help, _ := kilnCLI(cmd, "--help")
		if !strings.Contains(help, "\nMLIR flags not supported:\n  --debug, --debug-only ") || (cmd == "opt") != strings.Contains(help, "\n  --emit-bytecode ") {
			t.Errorf("kiln %s --help does not list the refused debug flags:\n%s", cmd, help)
		}
	}
	_, help, _ := kilnCLI("opt", "--help")
	for _, f := range []string{"--verify-roundtrip ", "--dump-pass-pipeline "} {
		if !strings.Contains(help, "\n  "+f) {
			t.Errorf("kiln opt --help does not list %s", f)
		}
	}
}

// TestShowDialects checks mlir-opt's --show-dialects line: every dialect
// of kiln opt's context, sorted, comma-separated.
func TestShowDialects(t *testing.T) {
	code, out, errs := kilnCLI("opt", "--show-dialects")
	names, ok := strings.CutPrefix(out, "Available Dialects: ")
	if code != 0 || errs != "" || !ok || !strings.HasSuffix(names, "\n") {
		t.Fatalf("kiln opt --show-dialects: exit %d, stdout %q, stderr %q", code, out, errs)
	}
	got := strings.Split(strings.TrimSuffix(names, "\n"), ",")
	var want []string
	for _, d := range newContext().Dialects() {
		want = append(want, d.Name)
	}
	slices.Sort(want)
	if !slices.Equal(got, want) || !slices.Contains(got, "builtin") || !slices.Contains(got, "spirv") {
		t.Errorf("dialects %q, want %q", got, want)
	}
}

// TestOptExitStatus checks that kiln opt fails, as mlir-opt does, when the
// input does not parse or verify or a pass fails, and not when a pass
// reports an error and succeeds.
func TestOptExitStatus(t *testing.T) {
	dir := t.TempDir()
	write := func(name, text string) string {
		path := dir + "/" + name
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return path
	}
	// lower-affine cannot lower the "assign" reduction: it says so, keeps
	// the op and succeeds.
	reduction := write("reduction.mlir", `func.func @f(%n: index) -> i32 {
  %0 = affine.parallel (%i) = (0) to (%n) reduce ("assign") -> i32 {
    %c0 = arith.constant 0 : i32
    affine.yield %c0 : i32
  }
  return %0 : i32
}
`)
	invalid := write("invalid.mlir", `func.func @f() {
  %0 = arith.addi %x, %x : i32
  return
}
`)
	for _, tc := range []struct {
		name   string
		args   []string
		code   int
		stderr string
	}{
		{"pass reports and succeeds", []string{"opt", "--lower-affine", reduction}, 0, "Reduction operation type not supported"},
		{"input does not parse", []string{"opt", invalid}, 1, "use of undeclared SSA value name"},
		{"pass fails", []string{"opt", "--pass-pipeline=builtin.module(func.func(inline))", reduction}, 1, "does not define a symbol table"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			code, stdout, stderr := kilnCLI(tc.args...)
			if code != tc.code || !strings.Contains(stderr, tc.stderr) {
				t.Errorf("exit %d, stderr %q; want exit %d and %q", code, stderr, tc.code, tc.stderr)
			}
			if tc.code == 0 && !strings.Contains(stdout, "affine.parallel") {
				t.Errorf("output lacks the op the pass kept:\n%s", stdout)
			}
		})
	}
}
