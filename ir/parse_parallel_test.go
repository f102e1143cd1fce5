package ir

import (
	"slices"
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

// TestScanIsolatedOps checks the scan against a byte-at-a-time model of it
// on bodies with strings, comments and braces in many places.
func TestScanIsolatedOps(t *testing.T) {
	ctx := NewContext(isoDialect)
	pieces := []string{"p.iso {\n", "}\n", "  \"p.x\"() : () -> ()\n", "// c { \" }\n", "p.x {\n", "{", "}", "\"{\\\"}\"", " / ", "\n", "p.iso x\n", "\"a\nb\"", "\t"}
	rng := uint64(1)
	for n := range 3000 {
		var b strings.Builder
		b.WriteString("p.iso {\n")
		for range n % 60 {
			rng = rng*6364136223846793005 + 1442695040888963407
			b.WriteString(pieces[rng>>33%uint64(len(pieces))])
		}
		b.WriteString("}\n}\n")
		src := b.String()
		p := newParser(ctx, src, "p.mlir")
		starts, end, endLine, ok := p.scanIsolatedOps()
		wStarts, wEnd, wEndLine, wOK := scanModel(p, src)
		if ok != wOK || ok && (end != wEnd || endLine != wEndLine || !slices.Equal(starts, wStarts)) {
			t.Fatalf("%q: got %v %d %d %v, want %v %d %d %v", src, starts, end, endLine, ok, wStarts, wEnd, wEndLine, wOK)
		}
	}
}

// scanModel is scanIsolatedOps one byte at a time, counting lines as it goes.
func scanModel(p *Parser, src string) (starts []opStart, end, endLine int, ok bool) {
	first := opStart{pos: p.tok.start, line: p.tok.line, lineStart: p.tok.start - p.tok.col + 1}
	if !p.isolatedOpAt(first.pos) {
		return nil, 0, 0, false
	}
	starts = append(starts, first)
	depth, line := 0, first.line
	for i := first.pos; i < len(src); i++ {
		switch src[i] {
		case '"':
			for i++; i < len(src) && src[i] != '"'; i++ {
				if src[i] == '\\' {
					i++
				} else if src[i] == '\n' {
					return nil, 0, 0, false
				}
			}
		case '/':
			if i+1 < len(src) && src[i+1] == '/' {
				for i < len(src) && src[i] != '\n' {
					i++
				}
				i--
			}
		case '{':
			depth++
		case '}':
			if depth == 0 {
				return starts, i, line, true
			}
			depth--
		case '\n':
			line++
			if depth > 0 {
				continue
			}
			j := i + 1
			for j < len(src) && (src[j] == ' ' || src[j] == '\t') {
				j++
			}
			if p.isolatedOpAt(j) {
				starts = append(starts, opStart{pos: j, line: line, lineStart: i + 1})
			}
		}
	}
	return nil, 0, 0, false
}
