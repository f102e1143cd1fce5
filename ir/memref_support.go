package ir

import "strings"

// ParseElementsOfType parses an elements attribute (dense<...>,
// dense_resource<...>, sparse<...>) whose `: type` may be left out because
// t is implied, as MLIR's memref.global initializer does; with `: type`
// given it parses as usual.
func (p *Parser) ParseElementsOfType(t Type) (Attribute, error) {
	first := p.tok
	if first.kind != tokBareID {
		return p.ParseAttribute(nil)
	}
	switch p.spelling() {
	case "dense_resource":
		return p.parseDenseResourceAttr(t)
	case "dense", "sparse":
	default:
		return p.ParseAttribute(nil)
	}
	save := p.save()
	p.consume()
	end, depth := 0, 0
	for {
		if p.tok.kind == tokEOF || p.tok.kind == tokError {
			p.restore(save)
			return p.ParseAttribute(nil)
		}
		if p.isPunct("<") {
			depth++
		} else if p.isPunct(">") {
			depth--
			if depth == 0 {
				end = p.tok.end
				p.consume()
				break
			}
		}
		p.consume()
	}
	if p.isPunct(":") || t == nil {
		p.restore(save)
		return p.ParseAttribute(nil)
	}
	a, err := ParseAttrString(p.ctx, p.lex.src[first.start:end]+" : "+TypeString(t))
	if d, ok := err.(*Diagnostic); ok {
		return nil, p.errorAt(first, "%s", d.Message)
	}
	return a, err
}

// PrintElementsOfType writes an elements attribute without the `: type`
// that the op implies, the form ParseElementsOfType reads. It prints
// through p, so that the resources the attribute uses are collected.
func (p *Printer) PrintElementsOfType(a Attribute) {
	start := len(p.buf)
	p.Attr(a)
	if ta, ok := a.(TypedAttr); ok {
		suffix := " : " + TypeString(ta.Type())
		if strings.HasSuffix(string(p.buf[start:]), suffix) {
			p.buf = p.buf[:len(p.buf)-len(suffix)]
		}
	}
}

// ParseBareAffineMap parses an affine map written without affine_map<...>,
// as memref.transpose writes its permutation: (d0, d1)[s0] -> (d1, d0).
func (p *Parser) ParseBareAffineMap() (*AffineMapAttr, error) {
	names := map[string]*AffineExpr{}
	dims, err := p.parseAffineIDs("(", ")", names, AffineDimExpr)
	if err != nil {
		return nil, err
	}
	syms := 0
	if p.isPunct("[") {
		if syms, err = p.parseAffineIDs("[", "]", names, AffineSymbolExpr); err != nil {
			return nil, err
		}
	}
	if err := p.ParsePunct("->"); err != nil {
		return nil, err
	}
	m := &AffineMap{Dims: dims, Symbols: syms}
	if err := p.ParsePunct("("); err != nil {
		return nil, err
	}
	for !p.isPunct(")") {
		e, err := p.parseAffineExpr(names)
		if err != nil {
			return nil, err
		}
		m.Results = append(m.Results, e)
		if !p.ParseOptionalPunct(",") {
			break
		}
	}
	if err := p.ParsePunct(")"); err != nil {
		return nil, err
	}
	return p.ctx.AffineMapAttr(m), nil
}

// BareAffineMap writes an affine map without affine_map<...> (and never as
// an alias), the form ParseBareAffineMap reads.
func (p *Printer) BareAffineMap(m *AffineMap) { m.print(p) }
