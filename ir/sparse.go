package ir

import (
	"fmt"
	"strings"
)

// SparseElementsAttr is sparse<indices, values> : T, a vector or tensor T
// whose elements are zero but at the given indices: indices is an N x rank
// (or, for rank 1, N) i64 tensor, values a 1-d tensor of N elements of T's
// element type.
type SparseElementsAttr struct {
	Storage
	typ     ShapedType
	indices *DenseElementsAttr
	values  *DenseElementsAttr
}

// SparseElements returns a sparse elements attribute, or an error worded as
// MLIR's verifier words it.
func (c *Context) SparseElements(t ShapedType, indices, values *DenseElementsAttr) (*SparseElementsAttr, error) {
	if err := verifySparse(t, indices, values); err != nil {
		return nil, err
	}
	return UniqueKey(c, NewKey("sparse").Type(t).Attr(indices).Attr(values), func() *SparseElementsAttr {
		return &SparseElementsAttr{typ: t, indices: indices, values: values}
	}), nil
}

func verifySparse(t ShapedType, indices, values *DenseElementsAttr) error {
	vs, is := values.typ.Shape(), indices.typ.Shape()
	if len(vs) != 1 {
		return fmt.Errorf("expected 1-d tensor for sparse element values")
	}
	rank := len(t.Shape())
	shapeOK := len(is) == 2 && is[1] == int64(rank) || len(is) == 1 && rank == 1
	if !shapeOK || is[0] != vs[0] {
		return fmt.Errorf("expected shape ([%s]); inferred shape of indices literal ([%s]); inferred shape of values literal ([%s])",
			dimsString(t.Shape()), dimsString(is), dimsString(vs))
	}
	for i := range is[0] {
		index := make([]uint64, rank)
		valid := true
		for d := range index {
			index[d] = uint64(indices.IntAt(int(i)*rank + d))
			valid = valid && index[d] < uint64(t.Shape()[d])
		}
		if !valid {
			parts := make([]string, rank)
			for d, v := range index {
				parts[d] = fmt.Sprint(v)
			}
			return fmt.Errorf("sparse index #%d is not contained within the value shape, with index=[%s], and type='%s'",
				i, strings.Join(parts, ", "), TypeString(t))
		}
	}
	return nil
}

func (a *SparseElementsAttr) Type() Type { return a.typ }

// ShapedType returns the attribute's vector or tensor type.
func (a *SparseElementsAttr) ShapedType() ShapedType { return a.typ }

// Indices returns the indices of the elements that are not zero.
func (a *SparseElementsAttr) Indices() *DenseElementsAttr { return a.indices }

// Values returns the values at Indices.
func (a *SparseElementsAttr) Values() *DenseElementsAttr { return a.values }

func (a *SparseElementsAttr) Print(p *Printer) {
	if a.indices.elided(p) || a.values.elided(p) {
		p.WriteString("dense_resource<__elided__> : ")
	} else {
		p.WriteString("sparse<")
		if a.indices.Len() != 0 {
			a.indices.printBody(p, false)
			p.WriteString(", ")
			a.values.printBody(p, true)
		}
		p.WriteString("> : ")
	}
	p.Type(a.typ)
}

// parseSparseAttr parses sparse<indices, values> : type or sparse<> : type.
func (p *Parser) parseSparseAttr() (Attribute, error) {
	kw := p.tok
	p.consume()
	if err := p.ParsePunctIn("<", " after 'sparse'"); err != nil {
		return nil, err
	}
	i64 := p.ctx.I(64)
	if p.ParseOptionalPunct(">") {
		st, _, err := p.parseElementsLiteralType()
		if err != nil {
			return nil, err
		}
		rank := int64(len(st.Shape()))
		return p.sparse(kw, st, p.ctx.DenseRaw(p.ctx.Tensor([]int64{0, rank}, i64, nil), nil, false),
			p.ctx.DenseRaw(p.ctx.Tensor([]int64{0}, st.ElementType(), nil), nil, false))
	}
	// The indices may not be a hex blob, whose shape would be unknown.
	idx, err := p.parseTensorLiteral(false)
	if err != nil {
		return nil, err
	}
	if err := p.ParsePunct(","); err != nil {
		return nil, err
	}
	vals, err := p.parseTensorLiteral(true)
	if err != nil {
		return nil, err
	}
	if err := p.ParsePunct(">"); err != nil {
		return nil, err
	}
	st, _, err := p.parseElementsLiteralType()
	if err != nil {
		return nil, err
	}
	if idx.strs != nil {
		return nil, p.errorAt(idx.tok, "expected integer elements, but parsed string")
	}
	if vals.strs != nil {
		return nil, p.errorAt(vals.tok, "dense string elements not supported in sparse elements attribute")
	}
	// A single index is one index of equal coordinates; a single value is
	// the value at every index.
	idxShape := idx.shape
	if idxShape == nil {
		idxShape = []int64{1, int64(len(st.Shape()))}
	}
	indices, err := p.buildDense(idx, p.ctx.Tensor(idxShape, i64, nil), idx.tok)
	if err != nil {
		return nil, err
	}
	valShape := vals.shape
	if valShape == nil {
		valShape = idxShape[:1]
	}
	values, err := p.buildDense(vals, p.ctx.Tensor(valShape, st.ElementType(), nil), vals.tok)
	if err != nil {
		return nil, err
	}
	return p.sparse(kw, st, indices.(*DenseElementsAttr), values.(*DenseElementsAttr))
}

func (p *Parser) sparse(kw token, st ShapedType, indices, values *DenseElementsAttr) (Attribute, error) {
	a, err := p.ctx.SparseElements(st, indices, values)
	if err != nil {
		return nil, p.errorAt(kw, "%s", err)
	}
	return a, nil
}
