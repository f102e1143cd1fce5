package ir

import (
	"strings"
	"testing"
)

// isoDialect has an isolated op with a custom form, `p.iso { ... }`.
var isoDialect = &Dialect{Name: "p", Ops: []*OpDef{
	{Name: "p.iso", Traits: IsolatedFromAbove | NoTerminator, Regions: Exactly(1),
		Parse: func(p *OpParser, st *OpState) error { return p.ParseRegion(st.AddRegion(), nil) }},
	{Name: "p.x"},
	{Name: "p.def", Results: Exactly(1)},
}}

// isoBody is the body of a block holding n p.iso ops (padded so that it is
// big enough to split), extra before op at, and the closing brace.
func isoBody(n, at int, extra string) string {
	var b strings.Builder
	for i := range n {
		if i == at {
			b.WriteString(extra)
		}
		b.WriteString("p.iso {\n  // padding padding padding padding padding padding padding\n")
		b.WriteString("  \"p.x\"() : () -> ()\n  \"p.x\"() : () -> ()\n}\n")
	}
	b.WriteString("}")
	return b.String()
}

// TestParseBodyInParallel checks that a body the scan can split is parsed
// in parallel, op for op, ending at the block's closing brace, and that one
// holding a value of the block is left to the sequential parse.
func TestParseBodyInParallel(t *testing.T) {
	ctx := NewContext(isoDialect)
	p := newParser(ctx, isoBody(1000, -1, ""), "p.mlir")
	b := &Block{}
	if !p.parseBodyInParallel(b) {
		t.Fatal("a body of 1,000 isolated ops was not parsed in parallel")
	}
	if n := len(b.OpList()); n != 1000 {
		t.Fatalf("%d ops, want 1000", n)
	}
	if !p.isPunct("}") || p.tok.start != len(p.lex.src)-1 {
		t.Fatalf("parser left at %d (%q), want the closing brace", p.tok.start, p.spelling())
	}
	for _, c := range []struct{ name, extra string }{
		{"value of the block", "%v = \"p.def\"() : () -> i32\n"},
		{"bad op", "p.iso {\n  \"p.nope\"() : () -> ()\n}\n"},
	} {
		p := newParser(ctx, isoBody(1000, 700, c.extra), "p.mlir")
		b := &Block{}
		if p.parseBodyInParallel(b) || b.first != nil || p.tok.start != 0 {
			t.Errorf("%s: parsed in parallel or moved the parser", c.name)
		}
	}
}
