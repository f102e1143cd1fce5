package main

import (
	"strings"
	"testing"

	"github.com/kiln-gpu/kiln/ir"
	"github.com/kiln-gpu/kiln/ir/pass"
)

// Passes given as flags nest implicitly, as in mlir-opt: a pass anchored
// on another op than the top-level one runs in a pipeline nested on that
// op, adjacent ones sharing it.
func TestFlagPipelineNestsImplicitly(t *testing.T) {
	run := func(*ir.Operation, *pass.Context) error { return nil }
	reg := pass.Registry{}
	for _, p := range []struct{ arg, on string }{{"mod-a", "builtin.module"}, {"mod-b", "builtin.module"}, {"fn-a", "func.func"}, {"any-a", ""}} {
		reg.Add(func() *pass.Pass { return &pass.Pass{Name: p.arg, Argument: p.arg, OpName: p.on, Run: run} })
	}
	for _, tc := range []struct{ anchor, flags, want string }{
		{"func.func", "mod-a,mod-b,any-a,mod-a,fn-a", "func.func(builtin.module(mod-a,mod-b),any-a,builtin.module(mod-a),fn-a)"},
		{"builtin.module", "mod-a,fn-a,fn-a,any-a", "builtin.module(mod-a,func.func(fn-a,fn-a),any-a)"},
		{"builtin.module", "func.func(any-a),mod-a", "builtin.module(func.func(any-a),mod-a)"},
	} {
		p, err := flagPipeline(tc.anchor, tc.flags, reg)
		if err != nil || p.String() != tc.want {
			t.Errorf("%s on %s: %v, %v; want %s", tc.flags, tc.anchor, p, err, tc.want)
		}
	}
	if _, err := flagPipeline("builtin.module", "mod-c", reg); err == nil || !strings.Contains(err.Error(), "'mod-c' does not refer to a registered pass") {
		t.Errorf("an unknown pass: %v", err)
	}
}

// With --no-implicit-module, a builtin.module pass given as a flag over a
// top-level func.func runs on the modules inside it, none here, as mlir-opt
// does, and the function comes back unchanged.
func TestOptNoImplicitModuleNestsModulePasses(t *testing.T) {
	out, stderr, code := runKiln(t, []byte("func.func private @foo()\n"), "opt", "--no-implicit-module", "--canonicalize", "--convert-to-spirv", "-")
	if code != 0 || out != "func.func private @foo()\n" {
		t.Errorf("exit %d: %s\n%s", code, stderr, out)
	}
}

// TestDumpPipelineOptions checks the options as mlir-opt's
// --dump-pass-pipeline prints them: all of them, sorted, with their values,
// an empty list leaving its separating space, a string with a space in
// braces unless a quote or brace before the space escapes it. A value
// that MLIR's form would not read back ('u v' with its quotes, which MLIR
// prints bare and so reads back as u v) is braced instead (docs/RATIONALE.md).
func TestDumpPipelineOptions(t *testing.T) {
	run := func(*ir.Operation, *pass.Context) error { return nil }
	reg := pass.Registry{}
	reg.Add(func() *pass.Pass {
		return &pass.Pass{Name: "Inliner", Argument: "inline", Run: run, Options: []pass.Option{
			{Name: "op-pipelines", Kind: pass.ListOption},
			{Name: "max-iterations", Kind: pass.IntOption, Default: "4"},
			{Name: "inlining-threshold", Kind: pass.IntOption, Default: "4294967295"},
			{Name: "default-pipeline", Kind: pass.StringOption, Default: "canonicalize"},
		}}
	}, func() *pass.Pass {
		return &pass.Pass{Name: "Opts", Argument: "opts", OpName: "func.func", Run: run, Options: []pass.Option{
			{Name: "a", Kind: pass.StringOption},
			{Name: "b", Kind: pass.ListOption},
			{Name: "c", Kind: pass.BoolOption},
			{Name: "d", Kind: pass.StringOption},
		}}
	})
	for _, tc := range []struct{ pipeline, want string }{
		{"builtin.module(inline)", "Pass Manager with 1 passes:\nbuiltin.module(\n  inline{default-pipeline=canonicalize inlining-threshold=4294967295 max-iterations=4 }\n)\n\n"},
		{"builtin.module(inline{max-iterations=7 default-pipeline=''})", "Pass Manager with 1 passes:\nbuiltin.module(\n  inline{default-pipeline= inlining-threshold=4294967295 max-iterations=7 }\n)\n\n"},
		{"builtin.module(func.func(opts{a={x y} b=p,q c d=\"'u v'\"}),inline)",
			"Pass Manager with 2 passes:\nbuiltin.module(\n  func.func(\n    opts{a={x y} b={p,q} c=true d={'u v'}}\n  ),\n  inline{default-pipeline=canonicalize inlining-threshold=4294967295 max-iterations=4 }\n)\n\n"},
	} {
		p, err := pass.Parse(tc.pipeline, reg)
		if err != nil {
			t.Fatalf("%s: %v", tc.pipeline, err)
		}
		var b strings.Builder
		dumpPipeline(&b, "builtin.module", []*pass.Pipeline{p})
		if b.String() != tc.want {
			t.Errorf("%s:\n got %q\nwant %q", tc.pipeline, b.String(), tc.want)
		}
	}
}
