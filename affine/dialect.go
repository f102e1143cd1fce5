package affine

import (
	"github.com/kiln-gpu/kiln/arith"
	"github.com/kiln-gpu/kiln/ir"
)

// Dialect returns the affine dialect.
func Dialect() *ir.Dialect { return dialect }

var dialect = &ir.Dialect{
	Name:    "affine",
	Summary: "Loops and index arithmetic over affine maps.",
	Ops: []*ir.OpDef{forOp, parallel, apply, minOp, maxOp, yield, load, store, vectorLoad, vectorStore, ifOp,
		delinearizeIndex, linearizeIndex, prefetch, dmaStart, dmaWait},
	Dependencies:        []func() *ir.Dialect{arith.Dialect},
	MaterializeConstant: arith.BuildConstant,
}

// parseDimAndSymbolList parses `(%d, ...)` and an optional `[%s, ...]`,
// MLIR's dim-and-symbol list, returning the operands (dims first) and the
// number of dims.
func parseDimAndSymbolList(p *ir.OpParser) ([]ir.UnresolvedOperand, int, error) {
	dims, err := p.ParseParenOperandList()
	if err != nil {
		return nil, 0, err
	}
	n := len(dims)
	if p.ParseOptionalPunct("[") {
		syms, err := p.ParseOperandList()
		if err != nil {
			return nil, 0, err
		}
		if err := p.ParsePunct("]"); err != nil {
			return nil, 0, err
		}
		dims = append(dims, syms...)
	}
	return dims, n, nil
}

// printDimAndSymbolList writes `(%d, ...)` and, when there are symbols,
// `[%s, ...]`.
func printDimAndSymbolList(p *ir.OpPrinter, operands []*ir.Value, numDims int) {
	p.WriteByte('(')
	p.Operands(operands[:numDims])
	p.WriteByte(')')
	if len(operands) > numDims {
		p.WriteByte('[')
		p.Operands(operands[numDims:])
		p.WriteByte(']')
	}
}

// MapOf returns the affine map held in op's attribute name, or nil.
func MapOf(op *ir.Operation, name string) *ir.AffineMap {
	if a, ok := op.Attr(name).(*ir.AffineMapAttr); ok {
		return a.Map
	}
	return nil
}

func isIndex(t ir.Type) bool { _, ok := t.(*ir.IndexType); return ok }

// checkIndexOperands reports the first of op's operands from index from on
// that is not an index, as ODS's Variadic<Index> does.
func checkIndexOperands(op *ir.Operation, from int) error {
	for i := from; i < op.NumOperands(); i++ {
		if !isIndex(op.Operand(i).Type()) {
			return op.Errorf("operand #%d must be variadic of index, but got '%s'", i, ir.TypeString(op.Operand(i).Type()))
		}
	}
	return nil
}

// eval computes e over constant dims and symbols; false where MLIR's
// constant folding gives up (a division or modulus by a non-positive or
// zero value).
func eval(e *ir.AffineExpr, dims, syms []int64) (int64, bool) {
	switch e.Kind {
	case ir.AffineConst:
		return e.Value, true
	case ir.AffineDim:
		return dims[e.Value], true
	case ir.AffineSymbol:
		return syms[e.Value], true
	}
	a, ok1 := eval(e.LHS, dims, syms)
	b, ok2 := eval(e.RHS, dims, syms)
	if !ok1 || !ok2 {
		return 0, false
	}
	if e.Kind == ir.AffineMod && b < 1 || (e.Kind == ir.AffineFloorDiv || e.Kind == ir.AffineCeilDiv) && b == 0 {
		return 0, false
	}
	// The leaves are constants now: AffineBinary folds them.
	r := ir.AffineBinary(e.Kind, ir.AffineConstExpr(a), ir.AffineConstExpr(b))
	return r.Value, r.Kind == ir.AffineConst
}

// evalMap computes every result of m over constant operands (dims first).
func evalMap(m *ir.AffineMap, operands []int64) ([]int64, bool) {
	if len(operands) != m.Dims+m.Symbols {
		return nil, false
	}
	out := make([]int64, len(m.Results))
	for i, r := range m.Results {
		v, ok := eval(r, operands[:m.Dims], operands[m.Dims:])
		if !ok {
			return nil, false
		}
		out[i] = v
	}
	return out, true
}

// constantOperands returns the constant values of operands, or false when
// one is not constant.
func constantOperands(attrs []ir.Attribute) ([]int64, bool) {
	vals := make([]int64, len(attrs))
	for i, a := range attrs {
		c, ok := a.(*ir.IntegerAttr)
		if !ok {
			return nil, false
		}
		vals[i] = c.Int()
	}
	return vals, true
}
