package pass

import (
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/kiln-gpu/kiln/internal/suggest"
)

// SyntaxError is an error in pipeline text, at a byte offset.
type SyntaxError struct {
	Text   string
	Offset int
	Msg    string
}

// Error prints the message with the text and a caret under the offset, as
// MLIR's pipeline parser does.
func (e *SyntaxError) Error() string {
	return fmt.Sprintf("pass pipeline:1:%d: error: %s\n%s\n%s^", e.Offset+1, e.Msg, e.Text, strings.Repeat(" ", e.Offset))
}

// Parse reads a pipeline, an anchor with its elements in parentheses:
//
//	builtin.module(func.func(canonicalize{top-down=false}, cse), symbol-dce)
//	any(cse)
//
// Pass names are looked up in reg.
func Parse(text string, reg Registry) (*Pipeline, error) {
	ps := &parser{text: text, reg: reg}
	ps.skipSpace()
	anchor, at := ps.name()
	if anchor == "" {
		return nil, ps.errAt(at, "expected an op name such as 'builtin.module' or 'any' to anchor the pipeline")
	}
	ps.skipSpace()
	if !ps.eat('(') {
		if _, ok := reg[anchor]; ok {
			return nil, ps.errAt(at, "pipeline must be anchored on an op, as in 'builtin.module(%s)' or 'any(%s)'", anchor, anchor)
		}
		return nil, ps.errAt(ps.pos, "expected '('")
	}
	p := NewPipeline(anchor)
	if err := ps.elements(p); err != nil {
		return nil, err
	}
	ps.skipSpace()
	if ps.pos < len(text) {
		return nil, ps.errAt(ps.pos, "unexpected '%c' after the pipeline", text[ps.pos])
	}
	return p, p.Validate()
}

// ParseElements appends to p the passes and nested pipelines of a
// comma-separated list without an anchor: "canonicalize, func.func(cse)".
func (p *Pipeline) ParseElements(text string, reg Registry) error {
	ps := &parser{text: text, reg: reg}
	if err := ps.list(p, false); err != nil {
		return err
	}
	if ps.pos < len(text) {
		return ps.errAt(ps.pos, "unexpected '%c'", text[ps.pos])
	}
	return p.Validate()
}

type parser struct {
	text string
	pos  int
	reg  Registry
}

func (ps *parser) errAt(at int, format string, args ...any) error {
	return &SyntaxError{Text: ps.text, Offset: at, Msg: fmt.Sprintf(format, args...)}
}

func (ps *parser) skipSpace() {
	for ps.pos < len(ps.text) && isSpace(ps.text[ps.pos]) {
		ps.pos++
	}
}

func (ps *parser) eat(c byte) bool {
	if ps.pos < len(ps.text) && ps.text[ps.pos] == c {
		ps.pos++
		return true
	}
	return false
}

func isNameByte(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_' || c == '.' || c == '-' || c == '$'
}

func (ps *parser) name() (string, int) {
	start := ps.pos
	for ps.pos < len(ps.text) && isNameByte(ps.text[ps.pos]) {
		ps.pos++
	}
	return ps.text[start:ps.pos], start
}

// elements parses a list up to and including the closing parenthesis.
func (ps *parser) elements(p *Pipeline) error {
	if err := ps.list(p, true); err != nil {
		return err
	}
	if !ps.eat(')') {
		return ps.errAt(ps.pos, "expected ',' or ')'")
	}
	return nil
}

// list parses comma-separated elements; in parentheses it stops before ')'.
func (ps *parser) list(p *Pipeline, inParens bool) error {
	ps.skipSpace()
	if inParens && ps.pos < len(ps.text) && ps.text[ps.pos] == ')' {
		return nil
	}
	for {
		ps.skipSpace()
		if err := ps.element(p); err != nil {
			return err
		}
		ps.skipSpace()
		if !ps.eat(',') {
			return nil
		}
	}
}

func (ps *parser) element(p *Pipeline) error {
	name, at := ps.name()
	if name == "" {
		if ps.pos >= len(ps.text) {
			return ps.errAt(ps.pos, "expected a pass name or a nested pipeline, found the end of the text")
		}
		return ps.errAt(ps.pos, "expected a pass name or a nested pipeline, found '%c'", ps.text[ps.pos])
	}
	ps.skipSpace()
	if ps.eat('(') {
		return ps.elements(p.Nest(name))
	}
	ctor, ok := ps.reg[name]
	if !ok {
		hint := ""
		if best := suggest.Closest(name, slices.Collect(maps.Keys(ps.reg))); best != "" {
			hint = fmt.Sprintf(" (did you mean '%s'?)", best)
		}
		return ps.errAt(at, "'%s' does not refer to a registered pass or pass pipeline%s", name, hint)
	}
	pass := ctor()
	if ps.pos < len(ps.text) && ps.text[ps.pos] == '{' {
		body, n, err := optionValue(ps.text[ps.pos:])
		if err != nil {
			return ps.errAt(ps.pos, "%v", err)
		}
		if at, err := pass.Opts().parse(body); err != nil {
			return ps.errAt(ps.pos+1+at, "%v", err)
		}
		ps.pos += n
	}
	p.AddPass(pass)
	return nil
}
