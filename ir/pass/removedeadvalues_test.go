package pass_test

import (
	"strings"
	"testing"

	"github.com/kiln-gpu/kiln/ir"
	"github.com/kiln-gpu/kiln/ir/pass"
)

// canonicalize=false passes ub.poison to dead region inputs: without the ub
// dialect the pass refuses with a located error instead of creating an
// unregistered op; the default needs no ub.
func TestRemoveDeadValuesNeedsUB(t *testing.T) {
	reg := pass.Registry{}
	pass.RegisterTransforms(reg)
	for _, tc := range []struct{ pipeline, want string }{
		{"builtin.module(remove-dead-values{canonicalize=false})", "rdv.mlir:0:0: error: 'builtin.module' op remove-dead-values: canonicalize=false needs the ub dialect"},
		{"builtin.module(remove-dead-values)", ""},
	} {
		ctx := ir.NewContext(inlineDialects()...)
		m, err := ir.Parse(ctx, `"tin.op"() : () -> ()`, "rdv.mlir")
		if err != nil {
			t.Fatal(err)
		}
		p, err := pass.Parse(tc.pipeline, reg)
		if err != nil {
			t.Fatal(err)
		}
		err = pass.New(p, pass.Config{}).Run(m)
		if tc.want == "" && err != nil || tc.want != "" && (err == nil || !strings.Contains(err.Error(), tc.want)) {
			t.Errorf("%s: got error %v, want %q", tc.pipeline, err, tc.want)
		}
	}
}
