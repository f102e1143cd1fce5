package ir

// parseAffineAttr parses the body of affine_map<...> or affine_set<...>.
func (p *Parser) parseAffineAttr(isSet bool) (Attribute, error) {
	if err := p.ParsePunct("<"); err != nil {
		return nil, err
	}
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
	var attr Attribute
	if isSet {
		if err := p.ParsePunct(":"); err != nil {
			return nil, err
		}
		set := &IntegerSet{Dims: dims, Symbols: syms}
		if err := p.ParsePunctIn("(", " in integer set constraint list"); err != nil {
			return nil, err
		}
		if p.isPunct(")") {
			// An empty list is the set of all points: MLIR's parser
			// gives it the one constraint 0 == 0.
			set.Constraints, set.IsEq = []*AffineExpr{AffineConstExpr(0)}, []bool{true}
		}
		for len(set.Constraints) == 0 || p.ParseOptionalPunct(",") {
			e, eq, err := p.parseAffineConstraint(names)
			if err != nil {
				return nil, err
			}
			set.Constraints = append(set.Constraints, e)
			set.IsEq = append(set.IsEq, eq)
		}
		if err := p.ParsePunctIn(")", " in integer set constraint list"); err != nil {
			return nil, err
		}
		attr = p.ctx.IntegerSetAttr(set)
	} else {
		if err := p.ParsePunct("->"); err != nil {
			return nil, err
		}
		m := &AffineMap{Dims: dims, Symbols: syms}
		if err := p.ParsePunctIn("(", " in affine map range"); err != nil {
			return nil, err
		}
		if !p.isPunct(")") {
			for {
				e, err := p.parseAffineExpr(names)
				if err != nil {
					return nil, err
				}
				m.Results = append(m.Results, e)
				if !p.ParseOptionalPunct(",") {
					break
				}
			}
		}
		if err := p.ParsePunctIn(")", " in affine map range"); err != nil {
			return nil, err
		}
		attr = p.ctx.AffineMapAttr(m)
	}
	return attr, p.ParsePunct(">")
}

func (p *Parser) parseAffineIDs(open, close string, names map[string]*AffineExpr, mk func(int) *AffineExpr) (int, error) {
	if err := p.ParsePunct(open); err != nil {
		return 0, err
	}
	n := 0
	if !p.isPunct(close) {
		for {
			if p.tok.kind != tokBareID {
				return 0, p.Errorf("expected bare identifier")
			}
			if _, dup := names[p.spelling()]; dup {
				return 0, p.Errorf("redefinition of identifier '%s'", p.spelling())
			}
			names[p.spelling()] = mk(n)
			n++
			p.consume()
			if !p.ParseOptionalPunct(",") {
				break
			}
		}
	}
	return n, p.ParsePunct(close)
}

func (p *Parser) parseAffineConstraint(names map[string]*AffineExpr) (*AffineExpr, bool, error) {
	lhs, err := p.parseAffineExpr(names)
	if err != nil {
		return nil, false, err
	}
	var op string
	switch {
	case p.isPunct(">"):
		p.consume()
		op = ">="
	case p.isPunct("<"):
		p.consume()
		op = "<="
	case p.isPunct("="):
		p.consume()
		op = "=="
	default:
		return nil, false, p.Errorf("expected '== affine-expr' or '>= affine-expr' at end of affine constraint")
	}
	if err := p.ParsePunct("="); err != nil {
		return nil, false, err
	}
	rhs, err := p.parseAffineExpr(names)
	if err != nil {
		return nil, false, err
	}
	neg := func(e *AffineExpr) *AffineExpr { return AffineBinary(AffineMul, e, AffineConstExpr(-1)) }
	switch op {
	case ">=":
		return AffineBinary(AffineAdd, lhs, neg(rhs)), false, nil
	case "<=":
		return AffineBinary(AffineAdd, rhs, neg(lhs)), false, nil
	}
	return AffineBinary(AffineAdd, lhs, neg(rhs)), true, nil
}

func (p *Parser) parseAffineExpr(names map[string]*AffineExpr) (*AffineExpr, error) {
	if err := p.enter(); err != nil {
		return nil, err
	}
	defer p.leave()
	lhs, err := p.parseAffineTerm(names, false)
	if err != nil {
		return nil, err
	}
	for {
		switch {
		case p.ParseOptionalPunct("+"):
			rhs, err := p.parseAffineTerm(names, true)
			if err != nil {
				return nil, err
			}
			lhs = AffineBinary(AffineAdd, lhs, rhs)
		case p.isPunct("-"):
			p.consume()
			rhs, err := p.parseAffineTerm(names, true)
			if err != nil {
				return nil, err
			}
			lhs = AffineBinary(AffineAdd, lhs, AffineBinary(AffineMul, rhs, AffineConstExpr(-1)))
		default:
			return lhs, nil
		}
	}
}

// parseAffineTerm parses a product, quotient or remainder; hasLHS tells
// whether a binary operator precedes it, which MLIR's diagnostics name.
func (p *Parser) parseAffineTerm(names map[string]*AffineExpr, hasLHS bool) (*AffineExpr, error) {
	lhs, err := p.parseAffineUnary(names, hasLHS)
	if err != nil {
		return nil, err
	}
	for {
		var kind AffineExprKind
		switch {
		case p.isPunct("*"):
			kind = AffineMul
		case p.IsKeyword("floordiv"):
			kind = AffineFloorDiv
		case p.IsKeyword("ceildiv"):
			kind = AffineCeilDiv
		case p.IsKeyword("mod"):
			kind = AffineMod
		default:
			return lhs, nil
		}
		opTok, opName := p.tok, p.spelling()
		p.consume()
		rhs, err := p.parseAffineUnary(names, true)
		if err != nil {
			return nil, err
		}
		// MLIR's parser accepts only affine (not semi-affine) products,
		// quotients and remainders.
		switch {
		case kind == AffineMul && !lhs.symbolic() && !rhs.symbolic():
			return nil, p.errorAt(opTok, "non-affine expression: at least one of the multiply operands has to be either a constant or symbolic")
		case kind != AffineMul && !rhs.symbolic():
			return nil, p.errorAt(opTok, "non-affine expression: right operand of %s has to be either a constant or symbolic", opName)
		}
		lhs = AffineBinary(kind, lhs, rhs)
	}
}

// parseAffineUnary parses an operand: an identifier, an integer, a
// parenthesized or a negated expression.
func (p *Parser) parseAffineUnary(names map[string]*AffineExpr, hasLHS bool) (*AffineExpr, error) {
	if err := p.enter(); err != nil {
		return nil, err
	}
	defer p.leave()
	switch {
	case p.isPunct("-"):
		p.consume()
		e, err := p.parseAffineUnary(names, hasLHS)
		if err != nil {
			// MLIR reports both the operand's error and this one.
			if d, ok := err.(*Diagnostic); ok && p.ctx.hasDiagnosticHandler() {
				p.ctx.Emit(d)
				return nil, p.Errorf("missing operand of negation")
			}
			return nil, err
		}
		return AffineBinary(AffineMul, e, AffineConstExpr(-1)), nil
	case p.isPunct("("):
		p.consume()
		if p.isPunct(")") {
			return nil, p.Errorf("no expression inside parentheses")
		}
		e, err := p.parseAffineExpr(names)
		if err != nil {
			return nil, err
		}
		return e, p.ParsePunct(")")
	case p.tok.kind == tokInteger:
		v, err := p.intValue()
		if err != nil {
			return nil, err
		}
		p.consume()
		return AffineConstExpr(v), nil
	case p.tok.kind == tokBareID:
		e, ok := names[p.spelling()]
		if !ok {
			return nil, p.Errorf("use of undeclared identifier '%s'", p.spelling())
		}
		p.consume()
		return e, nil
	case p.isPunct("+") || p.isPunct("*") || hasLHS:
		if hasLHS {
			return nil, p.Errorf("missing right operand of binary operator")
		}
		return nil, p.Errorf("missing left operand of binary operator")
	}
	return nil, p.Errorf("expected affine expression")
}
