package ir

import "math/big"

// Hooks that function-like and branching custom forms need beyond the
// basic OpParser/OpPrinter set (MLIR's parseOptionalArgument with
// allowAttrs, parseOptionalLocationSpecifier, printRegionArgument with
// attributes, printNewline).

// ParseArgumentWithAttrs parses `%name: type {attrs} loc(...)`, the form of
// a named function argument; attrs is nil when there is no dictionary.
func (p *OpParser) ParseArgumentWithAttrs() (Argument, []NamedAttr, error) {
	if p.tok.kind != tokValueID {
		return Argument{}, nil, p.Errorf("expected SSA identifier")
	}
	a := Argument{Name: p.spelling()[1:], tok: p.tok, Loc: p.Loc()}
	p.consume()
	if err := p.ParsePunct(":"); err != nil {
		return a, nil, err
	}
	t, err := p.ParseType()
	if err != nil {
		return a, nil, err
	}
	a.Type = t
	attrs, err := p.Parser.ParseOptionalAttrDict()
	if err != nil {
		return a, nil, err
	}
	if !p.IsKeyword("loc") {
		return a, attrs, nil
	}
	// Only here does a closure take the location (a heap variable then),
	// not the whole argument in every parse.
	var loc Location
	before := len(p.pendingLocs)
	err = p.parseTrailingLoc(func(l Location) { loc = l })
	if loc != nil {
		a.Loc = loc
	}
	if len(p.pendingLocs) > before {
		a.pending = before + 1
	}
	return a, attrs, err
}

// ParseOptionalLocationSpecifier parses an optional loc(...) and passes it
// to set (at the end of the file for a location alias defined later).
func (p *OpParser) ParseOptionalLocationSpecifier(set func(Location)) error {
	return p.parseTrailingLoc(set)
}

// ArgumentWithAttrs writes a region argument with its attributes:
// %arg0: i32 {attrs} (and its location under --mlir-print-debuginfo).
func (p *OpPrinter) ArgumentWithAttrs(v *Value, attrs []NamedAttr) {
	p.valueName(v)
	p.WriteString(": ")
	p.Type(v.typ)
	p.OptionalAttrDict(attrs)
	if l := v.argLoc(); p.opts.DebugInfo && l != nil {
		p.argLocation(l)
	}
}

// ParseBigInteger parses a (possibly negative) integer literal of any size,
// for custom forms whose values may exceed 64 bits (cf.switch cases).
func (p *OpParser) ParseBigInteger() (*big.Int, error) {
	neg := false
	if p.isPunct("-") {
		save := p.save()
		p.consume()
		if p.tok.kind != tokInteger {
			p.restore(save)
			return nil, p.Errorf("expected integer value")
		}
		neg = true
	}
	if p.tok.kind != tokInteger {
		return nil, p.Errorf("expected integer value")
	}
	v, ok := new(big.Int).SetString(p.spelling(), 0)
	if !ok {
		return nil, p.Errorf("expected integer value")
	}
	p.consume()
	if neg {
		v.Neg(v)
	}
	return v, nil
}

// Newline starts a new line at the current indentation.
func (p *OpPrinter) Newline() { p.newline() }
