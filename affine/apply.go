package affine

import (
	"slices"

	"github.com/kiln-gpu/kiln/ir"
)

var apply = &ir.OpDef{
	Name:     "affine.apply",
	Summary:  "Applies a single-result affine map to index operands.",
	Example:  "%r = affine.apply affine_map<(d0)[s0] -> (d0 * s0 + 1)>(%i)[%n]",
	Traits:   ir.Pure,
	Operands: ir.Variadic,
	Results:  ir.Exactly(1),
	Inherent: []string{"map"},
	// Hand-written as in MLIR (AffineApplyOp::parse, AffineOps.cpp): the map
	// decides how many operands are dims and how many symbols.
	Parse: func(p *ir.OpParser, st *ir.OpState) error { return parseMapOp(p, st, true) },
	Print: printMapOp,
	Verify: func(op *ir.Operation) error {
		if err := verifyMapOperands(op); err != nil {
			return err
		}
		m := MapOf(op, "map")
		if len(m.Results) != 1 {
			return op.Errorf("mapping must produce one value")
		}
		// As MLIR, a valid dimension may not be a symbol operand; an operand
		// that is neither (used outside affine ops) is allowed.
		scope := affineScope(op)
		for _, v := range op.Operands()[m.Dims:] {
			if validDim(v, scope) && !validSymbol(v, scope) {
				return op.EmitErrorf("dimensional operand cannot be used as a symbol")
			}
		}
		return nil
	},
	Fold:         foldApply,
	Canonicalize: []*ir.Pattern{simplifyPattern("affine.apply", 0)},
}

// minOp and maxOp are affine.min and affine.max: the smallest or largest
// result of a map.
var minOp = minMax("affine.min", "Smallest result of an affine map applied to index operands.")

var maxOp = minMax("affine.max", "Largest result of an affine map applied to index operands.")

func minMax(name, summary string) *ir.OpDef {
	return &ir.OpDef{
		Name:     name,
		Summary:  summary,
		Example:  "%r = " + name + " affine_map<(d0)[s0] -> (d0 * -4 + s0, 4)>(%i)[%n]",
		Traits:   ir.Pure,
		Operands: ir.Variadic,
		Results:  ir.Exactly(1),
		Inherent: []string{"map"},
		// Hand-written as in MLIR (parseAffineMinMaxOp, AffineOps.cpp), as
		// affine.apply.
		Parse: func(p *ir.OpParser, st *ir.OpState) error { return parseMapOp(p, st, false) },
		Print: printMapOp,
		Verify: func(op *ir.Operation) error {
			if err := verifyMapOperands(op); err != nil {
				return err
			}
			if len(MapOf(op, "map").Results) == 0 {
				return op.Errorf("affine map expect at least one result")
			}
			return nil
		},
		Fold: func(op *ir.Operation, operands []ir.Attribute) ([]ir.FoldResult, bool) {
			return foldMinMax(op, operands, name == "affine.min")
		},
		Canonicalize: []*ir.Pattern{
			{Name: "affine-min-max-single-result", Root: name, Rewrite: minMaxToApply},
			{Name: "affine-min-max-dedup", Root: name, Rewrite: dedupMinMax},
			{Name: "affine-min-max-merge", Root: name, Rewrite: mergeMinMax},
			simplifyPattern(name, 0),
			{Name: "affine-min-max-order", Root: name, Rewrite: sortMinMax},
		},
	}
}

// `map (dims)[syms] attr-dict`, the form of affine.apply, min and max;
// the result is an index.
func parseMapOp(p *ir.OpParser, st *ir.OpState, isApply bool) error {
	ctx := p.Context()
	at := p.Pos()
	a, err := p.ParseAttribute(nil)
	if err != nil {
		return err
	}
	m, ok := a.(*ir.AffineMapAttr)
	if !ok {
		return ir.Errorf(p.LocAt(at), "expected affine map")
	}
	operands, numDims, err := parseDimAndSymbolList(p)
	if err != nil {
		return err
	}
	if isApply && (m.Map.Dims != numDims || m.Map.Dims+m.Map.Symbols != len(operands)) {
		return p.ErrorfAt(st.Loc, "dimension or symbol index mismatch")
	}
	if err := p.ResolveOperandsSameType(operands, ctx.Index()); err != nil {
		return err
	}
	st.AddAttr("map", m)
	st.ResultTypes = []ir.Type{ctx.Index()}
	return p.ParseOptionalAttrDict()
}

func printMapOp(p *ir.OpPrinter, op *ir.Operation) {
	p.WriteByte(' ')
	p.Attr(op.Attr("map"))
	m := MapOf(op, "map")
	dims := min(m.Dims, op.NumOperands())
	printDimAndSymbolList(p, op.Operands(), dims)
	p.OptionalAttrDict(op.Attrs(), "map")
}

func verifyMapOperands(op *ir.Operation) error {
	m := MapOf(op, "map")
	if m == nil {
		return op.Errorf("requires attribute 'map'")
	}
	if err := checkIndexOperands(op, 0); err != nil {
		return err
	}
	if op.NumOperands() != m.Dims+m.Symbols {
		return op.Errorf("operand count and affine map dimension and symbol count must match")
	}
	if !isIndex(op.Result(0).Type()) {
		return op.Errorf("result #0 must be index, but got '%s'", ir.TypeString(op.Result(0).Type()))
	}
	return nil
}

// foldApply folds a map that only forwards one operand to that operand,
// and a map of constants (or over constant operands) to its value.
func foldApply(op *ir.Operation, operands []ir.Attribute) ([]ir.FoldResult, bool) {
	m := MapOf(op, "map")
	e := m.Results[0]
	switch e.Kind {
	case ir.AffineDim:
		return []ir.FoldResult{{Value: op.Operand(int(e.Value))}}, true
	case ir.AffineSymbol:
		return []ir.FoldResult{{Value: op.Operand(m.Dims + int(e.Value))}}, true
	}
	vals, ok := constantOperands(operands)
	if !ok {
		return nil, false
	}
	rs, ok := evalMap(m, vals)
	if !ok {
		return nil, false
	}
	return []ir.FoldResult{{Attr: op.Context().IndexAttr(rs[0])}}, true
}

// foldMinMax is MLIR's foldMinMaxOp: the map with the results that the
// constant operands make constants folded (partialConstantFold) folds to the smallest or largest result
// when every result is then a constant, forwards the operand of ()[s0] ->
// (s0), and otherwise replaces the map in place when it changed.
func foldMinMax(op *ir.Operation, operands []ir.Attribute, isMin bool) ([]ir.FoldResult, bool) {
	m := MapOf(op, "map")
	if m == nil || len(operands) != m.Dims+m.Symbols {
		return nil, false
	}
	folded := &ir.AffineMap{Dims: m.Dims, Symbols: m.Symbols}
	allConst := true
	for _, r := range m.Results {
		// A result that does not fold to a constant stays as it was.
		e := substituteConstants(r, operands[:m.Dims], operands[m.Dims:])
		if e.Kind != ir.AffineConst {
			e = r
		}
		folded.Results = append(folded.Results, e)
		allConst = allConst && e.Kind == ir.AffineConst
	}
	if m.Dims == 0 && m.Symbols == 1 && len(folded.Results) == 1 && folded.Results[0].Kind == ir.AffineSymbol && folded.Results[0].Value == 0 {
		return []ir.FoldResult{{Value: op.Operand(0)}}, true
	}
	if !allConst {
		if slices.EqualFunc(folded.Results, m.Results, (*ir.AffineExpr).Equal) {
			return nil, false
		}
		op.SetAttr("map", op.Context().AffineMapAttr(folded))
		return nil, true
	}
	best := folded.Results[0].Value
	for _, r := range folded.Results[1:] {
		if isMin && r.Value < best || !isMin && r.Value > best {
			best = r.Value
		}
	}
	return []ir.FoldResult{{Attr: op.Context().IndexAttr(best)}}, true
}

// substituteConstants rebuilds e with the dims and symbols whose operand is
// a constant replaced by it, simplifying as it goes (ir.AffineBinary).
func substituteConstants(e *ir.AffineExpr, dims, syms []ir.Attribute) *ir.AffineExpr {
	constant := func(a ir.Attribute) (*ir.AffineExpr, bool) {
		if c, ok := a.(*ir.IntegerAttr); ok {
			return ir.AffineConstExpr(c.Int()), true
		}
		return nil, false
	}
	switch e.Kind {
	case ir.AffineConst:
		return e
	case ir.AffineDim:
		if c, ok := constant(dims[e.Value]); ok {
			return c
		}
		return e
	case ir.AffineSymbol:
		if c, ok := constant(syms[e.Value]); ok {
			return c
		}
		return e
	}
	lhs, rhs := substituteConstants(e.LHS, dims, syms), substituteConstants(e.RHS, dims, syms)
	if lhs == e.LHS && rhs == e.RHS {
		return e
	}
	return ir.AffineBinary(e.Kind, lhs, rhs)
}

// minMaxToApply replaces a min or max of one result by affine.apply of
// that map (MLIR's CanonicalizeSingleResultAffineMinMaxOp).
func minMaxToApply(op *ir.Operation, rw *ir.Rewriter) bool {
	if m := MapOf(op, "map"); m == nil || len(m.Results) != 1 {
		return false
	}
	rw.ReplaceOpWith(op, &ir.OpState{Name: "affine.apply", Loc: op.Loc(), Operands: op.Operands(),
		ResultTypes: op.ResultTypes(), Attrs: []ir.NamedAttr{{Name: "map", Value: op.Attr("map")}}})
	return true
}

// dedupMinMax drops the repeated results of a min or max map (MLIR's
// DeduplicateAffineMinMaxExpressions).
func dedupMinMax(op *ir.Operation, rw *ir.Rewriter) bool {
	m := MapOf(op, "map")
	if m == nil {
		return false
	}
	exprs := dedupExprs(m.Results)
	if len(exprs) == len(m.Results) {
		return false
	}
	replaceMap(op, rw, &ir.AffineMap{Dims: m.Dims, Symbols: m.Symbols, Results: exprs}, op.Operands())
	return true
}
