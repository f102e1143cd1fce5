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
		{"func.func", "mod-a,mod-b,any-a,mod-a,fn-a", "func.func(builtin.module(mod-a, mod-b), any-a, builtin.module(mod-a), fn-a)"},
		{"builtin.module", "mod-a,fn-a,fn-a,any-a", "builtin.module(mod-a, func.func(fn-a, fn-a), any-a)"},
		{"builtin.module", "func.func(any-a),mod-a", "builtin.module(func.func(any-a), mod-a)"},
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
