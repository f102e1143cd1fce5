package ir

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
	case "dense", "dense_resource", "sparse":
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
