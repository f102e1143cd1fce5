package pass_test

import (
	"strings"
	"testing"

	"github.com/kiln-gpu/kiln/ir"
	"github.com/kiln-gpu/kiln/ir/pass"
)

func registry() pass.Registry {
	reg := pass.Registry{}
	pass.RegisterTransforms(reg)
	reg.Add(moduleOnly)
	return reg
}

// moduleOnly is a pass anchored on builtin.module that does nothing.
func moduleOnly() *pass.Pass {
	return &pass.Pass{Name: "ModuleOnly", Argument: "module-only", OpName: "builtin.module",
		Options: []pass.Option{{Name: "names", Kind: pass.ListOption}, {Name: "label", Kind: pass.StringOption, Default: "x"}},
		Run:     func(*ir.Operation, *pass.Context) error { return nil }}
}

func TestPipelineRoundTrip(t *testing.T) {
	for _, tc := range []struct{ in, out string }{
		{"builtin.module(func.func(cse, canonicalize), symbol-dce)",
			"builtin.module(func.func(cse,canonicalize{cse-between-iterations=false    max-iterations=10 max-num-rewrites=-1 region-simplify=normal test-convergence=false top-down=true}),symbol-dce)"},
		{" builtin.module ( func.func ( canonicalize{max-iterations=3 region-simplify=disabled} ) ) ",
			"builtin.module(func.func(canonicalize{cse-between-iterations=false    max-iterations=3 max-num-rewrites=-1 region-simplify=disabled test-convergence=false top-down=true}))"},
		{"any(cse)", "any(cse)"},
		{"builtin.module()", "builtin.module()"},
		{"builtin.module(func.func(), gpu.module(any(cse)))", "builtin.module(func.func(),gpu.module(any(cse)))"},
		{"builtin.module(canonicalize{top-down test-convergence=1 disable-patterns=a,b})",
			"builtin.module(canonicalize{cse-between-iterations=false disable-patterns={a,b}   max-iterations=10 max-num-rewrites=-1 region-simplify=normal test-convergence=true top-down=true})"},
		{"builtin.module(canonicalize{region-simplify=aggressive})",
			"builtin.module(canonicalize{cse-between-iterations=false    max-iterations=10 max-num-rewrites=-1 region-simplify=aggressive test-convergence=false top-down=true})"},
		{`builtin.module(module-only{label="a b" names={x,y}})`, "builtin.module(module-only{label={a b} names={x,y}})"},
		// A newline is a space too, and a quote hides the braces in it.
		{"builtin.module(module-only{names={\n}})", "builtin.module(module-only{label=x names={\n}})"},
		{"builtin.module(module-only{label='a}' names=\"{'\"})", "builtin.module(module-only{label='a}' names=\"{'\"})"},
		{"builtin.module(module-only{label={'}'}})", "builtin.module(module-only{label={'}'} })"},
		// As in MLIR, an empty string prints as nothing after its '='; a tab
		// (which MLIR's form leaves bare, so it would end the value) gets
		// the braces.
		{"builtin.module(module-only{label=''})", "builtin.module(module-only{label= })"},
		{"builtin.module(module-only{label='a\tb'})", "builtin.module(module-only{label={a\tb} })"},
	} {
		p, err := pass.Parse(tc.in, registry())
		if err != nil {
			t.Errorf("%q: %v", tc.in, err)
			continue
		}
		if got := p.String(); got != tc.out {
			t.Errorf("%q printed as\n%s\nwant\n%s", tc.in, got, tc.out)
		}
		again, err := pass.Parse(p.String(), registry())
		if err != nil || again.String() != p.String() {
			t.Errorf("%q does not read back: %v", p.String(), err)
		}
	}
}

func TestPipelineOptionsReachPasses(t *testing.T) {
	p, err := pass.Parse("builtin.module(func.func(canonicalize{max-iterations=3 region-simplify=disabled}))", registry())
	if err != nil {
		t.Fatal(err)
	}
	o := p.Steps[0].Nested.Steps[0].Pass.Opts()
	if o.Int("max-iterations") != 3 || o.String("region-simplify") != "disabled" || !o.Bool("top-down") {
		t.Errorf("options %d %v %v", o.Int("max-iterations"), o.String("region-simplify"), o.Bool("top-down"))
	}
}

func TestPipelineErrors(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"builtin.module(foo)", "pass pipeline:1:16: error: 'foo' does not refer to a registered pass or pass pipeline\nbuiltin.module(foo)\n               ^"},
		{"builtin.module(csee)", "error: 'csee' does not refer to a registered pass or pass pipeline (did you mean 'cse'?)"},
		{"cse", "error: pipeline must be anchored on an op, as in 'builtin.module(cse)' or 'any(cse)'"},
		{"", "error: expected an op name such as 'builtin.module' or 'any' to anchor the pipeline"},
		{"builtin.module(cse", "1:19: error: expected ',' or ')'"},
		{"builtin.module(cse,)", "1:20: error: expected a pass name or a nested pipeline, found ')'"},
		{"builtin.module(cse))", "1:20: error: unexpected ')' after the pipeline"},
		{"builtin.module(canonicalize{max-iterations=x})", "1:44: error: for the --max-iterations option: 'x' value invalid for long argument!"},
		{"builtin.module(canonicalize{top-down=maybe})", "1:38: error: for the --top-down option: 'maybe' is invalid value for boolean argument! Try 0 or 1"},
		{"builtin.module(canonicalize{bogus=1})", "1:29: error: no such option bogus"},
		{"builtin.module(canonicalize{max-iterations=3)", "1:28: error: missing closing '}' while processing pass options"},
		{"builtin.module(canonicalize{region-simplify=always})", "1:45: error: for the --region-simplify option: Cannot find option named 'always'!"},
		{"builtin.module(inline{max-iterations=-1})", "1:38: error: for the --max-iterations option: '-1' value invalid for uint argument!"},
		{"builtin.module(inline{max-iterations=4294967296})", "value invalid for uint argument!"},
		{"builtin.module(composite-fixed-point-pass{max-iterations=2147483648})", "'2147483648' value invalid for integer argument!"},
		{"builtin.module(composite-fixed-point-pass{on-convergence-failure=ignore})", "for the --on-convergence-failure option: Cannot find option named 'ignore'!"},
		{"builtin.module(canonicalize{max-iterations=0x1_0})", "'0x1_0' value invalid for long argument!"},
		{"builtin.module(module-only{label='x})", "unterminated quote"},
		{"builtin.module(module-only{label=a{ names=}})", "unbalanced braces in option value a{"},
		{"builtin.module(func.func(module-only))", "can't add pass 'module-only' restricted to 'builtin.module' on a pipeline that runs on 'func.func', did you intend to nest?"},
	} {
		_, err := pass.Parse(tc.in, registry())
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%q: err = %v, want %q", tc.in, err, tc.want)
		}
	}
}

func TestParseElements(t *testing.T) {
	p := pass.NewPipeline("builtin.module")
	if err := p.ParseElements("symbol-dce, func.func(cse)", registry()); err != nil {
		t.Fatal(err)
	}
	p.Nest("gpu.module").AddPass(pass.CSE())
	if got, want := p.String(), "builtin.module(symbol-dce,func.func(cse),gpu.module(cse))"; got != want {
		t.Errorf("got %s, want %s", got, want)
	}
	if err := p.ParseElements("cse nope", registry()); err == nil {
		t.Error("trailing text accepted")
	}
}

// TestPipelinePretty checks the pretty form, mlir-opt --dump-pass-pipeline's.
func TestPipelinePretty(t *testing.T) {
	p, err := pass.Parse("builtin.module(func.func(cse, symbol-dce), gpu.module(), symbol-dce)", registry())
	if err != nil {
		t.Fatal(err)
	}
	want := "builtin.module(\n  func.func(\n    cse,\n    symbol-dce\n  ),\n  gpu.module(\n\n  ),\n  symbol-dce\n)"
	if got := p.Text(true); got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
}
