package pass_test

import (
	"testing"

	"github.com/kiln-gpu/kiln/ir/pass"
)

// FuzzParse checks that pipeline text never panics the parser and that
// what it accepts prints to text that reads back the same.
func FuzzParse(f *testing.F) {
	for _, s := range []string{
		"builtin.module(func.func(canonicalize{max-iterations=3 region-simplify=disabled}, cse), symbol-dce)",
		"any(cse)", "builtin.module()", "builtin.module(module-only{label='a b' names={x,y}})",
		"builtin.module(canonicalize{top-down})", "a(b(c(d)))", "x{", "(", "",
	} {
		f.Add(s)
	}
	reg := registry()
	f.Fuzz(func(t *testing.T, text string) {
		p, err := pass.Parse(text, reg)
		if err != nil {
			return
		}
		q, err := pass.Parse(p.String(), reg)
		if err != nil {
			t.Fatalf("%q printed as %q, which does not parse: %v", text, p.String(), err)
		}
		if q.String() != p.String() {
			t.Fatalf("%q printed as %q, then as %q", text, p.String(), q.String())
		}
	})
}
