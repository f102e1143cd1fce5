package affine

import (
	"fmt"

	"github.com/kiln-gpu/kiln/ir"
)

// ssaExprs reads affine expressions written over SSA values, MLIR's
// affine-map-of-SSA-ids: a bare `%v` is a dimension, `symbol(%v)` a
// symbol, each numbered by its first use; constants and + - * floordiv
// ceildiv mod and parentheses combine them.
type ssaExprs struct {
	p          *ir.OpParser
	dims, syms []ir.UnresolvedOperand
}

func operandKey(u ir.UnresolvedOperand) string { return fmt.Sprintf("%s#%d", u.Name, u.Number) }

func (s *ssaExprs) leaf(u ir.UnresolvedOperand, symbol bool) *ir.AffineExpr {
	list, mk := &s.dims, ir.AffineDimExpr
	if symbol {
		list, mk = &s.syms, ir.AffineSymbolExpr
	}
	for i, w := range *list {
		if operandKey(w) == operandKey(u) {
			return mk(i)
		}
	}
	*list = append(*list, u)
	return mk(len(*list) - 1)
}

// expr := term (('+' | '-') term)*
func (s *ssaExprs) expr() (*ir.AffineExpr, error) {
	e, err := s.term()
	if err != nil {
		return nil, err
	}
	for {
		sub := false
		switch {
		case s.p.ParseOptionalPunct("+"):
		case s.p.ParseOptionalPunct("-"):
			sub = true
		default:
			return e, nil
		}
		r, err := s.term()
		if err != nil {
			return nil, err
		}
		if sub {
			r = ir.AffineBinary(ir.AffineMul, r, ir.AffineConstExpr(-1))
		}
		e = ir.AffineBinary(ir.AffineAdd, e, r)
	}
}

// term := unary (('*' | 'floordiv' | 'ceildiv' | 'mod') unary)*
func (s *ssaExprs) term() (*ir.AffineExpr, error) {
	e, err := s.unary()
	if err != nil {
		return nil, err
	}
	for {
		var kind ir.AffineExprKind
		switch {
		case s.p.ParseOptionalPunct("*"):
			kind = ir.AffineMul
		case s.p.ParseOptionalKeyword("floordiv"):
			kind = ir.AffineFloorDiv
		case s.p.ParseOptionalKeyword("ceildiv"):
			kind = ir.AffineCeilDiv
		case s.p.ParseOptionalKeyword("mod"):
			kind = ir.AffineMod
		default:
			return e, nil
		}
		at := s.p.Pos()
		r, err := s.unary()
		if err != nil {
			return nil, err
		}
		// Affine expressions multiply and divide by symbolic values only.
		if !symbolic(r) && (kind != ir.AffineMul || !symbolic(e)) {
			return nil, ir.Errorf(s.p.LocAt(at), "non-affine expression: right operand of %s has to be either a constant or symbolic",
				map[ir.AffineExprKind]string{ir.AffineMul: "multiply", ir.AffineFloorDiv: "floordiv", ir.AffineCeilDiv: "ceildiv", ir.AffineMod: "mod"}[kind])
		}
		e = ir.AffineBinary(kind, e, r)
	}
}

// symbolic reports an expression without dimensions.
func symbolic(e *ir.AffineExpr) bool {
	switch e.Kind {
	case ir.AffineDim:
		return false
	case ir.AffineSymbol, ir.AffineConst:
		return true
	}
	return symbolic(e.LHS) && symbolic(e.RHS)
}

// unary := '-' unary | integer | %v | symbol(%v) | '(' expr ')'
func (s *ssaExprs) unary() (*ir.AffineExpr, error) {
	p := s.p
	switch {
	case p.ParseOptionalPunct("-"):
		e, err := s.unary()
		if err != nil {
			return nil, err
		}
		return ir.AffineBinary(ir.AffineMul, e, ir.AffineConstExpr(-1)), nil
	case p.ParseOptionalPunct("("):
		e, err := s.expr()
		if err != nil {
			return nil, err
		}
		return e, p.ParsePunct(")")
	case p.IsOperand():
		u, err := p.ParseOperand()
		if err != nil {
			return nil, err
		}
		return s.leaf(u, false), nil
	case p.ParseOptionalKeyword("symbol"):
		if err := p.ParsePunct("("); err != nil {
			return nil, err
		}
		u, err := p.ParseOperand()
		if err != nil {
			return nil, err
		}
		return s.leaf(u, true), p.ParsePunct(")")
	}
	c, ok, err := p.ParseOptionalInteger()
	if err != nil {
		return nil, err
	}
	if !ok {
		return nil, p.Errorf("expected affine expression")
	}
	return ir.AffineConstExpr(c), nil
}

// finish builds the map of the parsed results and resolves its operands,
// dims first, as index values.
func (s *ssaExprs) finish(results []*ir.AffineExpr) (*ir.AffineMap, []*ir.Value, error) {
	m := &ir.AffineMap{Dims: len(s.dims), Symbols: len(s.syms), Results: results}
	var vals []*ir.Value
	for _, u := range append(append([]ir.UnresolvedOperand{}, s.dims...), s.syms...) {
		v, err := s.p.Resolve(u, s.p.Context().Index())
		if err != nil {
			return nil, nil, err
		}
		vals = append(vals, v)
	}
	return m, vals, nil
}

// printExpr writes e with dims as their operands and symbols as
// symbol(%v), MLIR's printAffineExprOfSSAIds, with MLIR's spelling of
// subtraction and negation.
func printExpr(p *ir.OpPrinter, e *ir.AffineExpr, dims, syms []*ir.Value, paren bool) {
	switch e.Kind {
	case ir.AffineDim:
		p.Operand(dims[e.Value])
		return
	case ir.AffineSymbol:
		p.WriteString("symbol(")
		p.Operand(syms[e.Value])
		p.WriteByte(')')
		return
	case ir.AffineConst:
		p.Int(e.Value)
		return
	}
	if paren {
		p.WriteByte('(')
		defer p.WriteByte(')')
	}
	if e.Kind != ir.AffineAdd {
		if e.Kind == ir.AffineMul && e.RHS.Kind == ir.AffineConst && e.RHS.Value == -1 {
			p.WriteByte('-')
			printExpr(p, e.LHS, dims, syms, true)
			return
		}
		printExpr(p, e.LHS, dims, syms, true)
		p.WriteString(map[ir.AffineExprKind]string{ir.AffineMul: " * ", ir.AffineMod: " mod ",
			ir.AffineFloorDiv: " floordiv ", ir.AffineCeilDiv: " ceildiv "}[e.Kind])
		printExpr(p, e.RHS, dims, syms, true)
		return
	}
	if r := e.RHS; r.Kind == ir.AffineMul && r.RHS.Kind == ir.AffineConst && r.RHS.Value < 0 {
		printExpr(p, e.LHS, dims, syms, false)
		p.WriteString(" - ")
		if r.RHS.Value == -1 {
			printExpr(p, r.LHS, dims, syms, r.LHS.Kind == ir.AffineAdd)
			return
		}
		printExpr(p, r.LHS, dims, syms, true)
		p.WriteString(" * ")
		p.Int(-r.RHS.Value)
		return
	}
	if e.RHS.Kind == ir.AffineConst && e.RHS.Value < 0 {
		printExpr(p, e.LHS, dims, syms, false)
		p.WriteString(" - ")
		p.Int(-e.RHS.Value)
		return
	}
	printExpr(p, e.LHS, dims, syms, false)
	p.WriteString(" + ")
	printExpr(p, e.RHS, dims, syms, false)
}
