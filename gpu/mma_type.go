package gpu

import (
	"strconv"
	"strings"

	"github.com/kiln-gpu/kiln/ir"
)

// MMAMatrixType is !gpu.mma_matrix<16x16xf16, "AOp">: a matrix held
// collectively by a subgroup, as an A, B or C operand of a matrix
// multiply-accumulate.
type MMAMatrixType struct {
	ir.Storage
	Shape   []int64
	Elem    ir.Type
	Operand string
}

// MMAMatrix returns the uniqued !gpu.mma_matrix type.
func MMAMatrix(ctx *ir.Context, shape []int64, elem ir.Type, operand string) *MMAMatrixType {
	k := ir.NewKey("gpu.mma_matrix").Type(elem).Str(operand).Ints(shape).String()
	return ir.Unique(ctx, k, func() *MMAMatrixType {
		return &MMAMatrixType{Shape: shape, Elem: elem, Operand: operand}
	})
}

func (t *MMAMatrixType) Print(p *ir.Printer) {
	p.WriteString("!gpu.mma_matrix<")
	for _, d := range t.Shape {
		p.Int(d)
		p.WriteByte('x')
	}
	p.Type(t.Elem)
	p.WriteString(", ")
	p.String(t.Operand)
	p.WriteByte('>')
}

// parseMMAMatrixBody reads `<16x16xf16, "AOp">`. The lexer takes
// "x16xf16" as one word, so the shape and the element type are split from
// it by hand; any float or integer is read, and those MMA matrices do not
// allow are refused by name.
func parseMMAMatrixBody(p *ir.Parser) (ir.Type, error) {
	if err := p.ParsePunct("<"); err != nil {
		return nil, err
	}
	at := p.Pos()
	first, err := p.ParseInteger()
	if err != nil {
		return nil, err
	}
	w, err := p.ParseKeywordAny()
	if err != nil {
		return nil, err
	}
	parts := strings.Split(w, "x")
	if parts[0] != "" || len(parts) < 2 {
		return nil, ir.Errorf(p.LocAt(at), "expected 'x' in dimension list")
	}
	shape := []int64{first}
	for _, s := range parts[1 : len(parts)-1] {
		d, err := strconv.ParseInt(s, 10, 64)
		if err != nil || d < 0 {
			return nil, ir.Errorf(p.LocAt(at), "invalid dimension")
		}
		shape = append(shape, d)
	}
	elem, ok := scalarNamed(p.Context(), parts[len(parts)-1])
	if !ok {
		return nil, ir.Errorf(p.LocAt(at), "expected a scalar element type, got '%s'", parts[len(parts)-1])
	}
	if err := p.ParsePunct(","); err != nil {
		return nil, err
	}
	operand, err := p.ParseString()
	if err != nil {
		return nil, err
	}
	if err := p.ParsePunct(">"); err != nil {
		return nil, err
	}
	if len(shape) != 2 {
		return nil, ir.Errorf(p.LocAt(at), "MMAMatrixType must have exactly two dimensions")
	}
	if !mmaElement(elem) {
		return nil, ir.Errorf(p.LocAt(at), "MMAMatrixType elements must be SI8, UI8, I32, F16, or F32")
	}
	if operand != "AOp" && operand != "BOp" && operand != "COp" {
		return nil, ir.Errorf(p.LocAt(at), "operand expected to be one of AOp, BOp or COp")
	}
	return MMAMatrix(p.Context(), shape, elem, operand), nil
}

// scalarNamed returns the float (f16, bf16, ...) or integer (iN, siN, uiN)
// type spelled s.
func scalarNamed(ctx *ir.Context, s string) (ir.Type, bool) {
	if f, err := ir.ParseTypeString(ctx, s); err == nil {
		if _, isFloat := f.(*ir.FloatType); isFloat {
			return f, true
		}
	}
	sign := ir.Signless
	switch {
	case strings.HasPrefix(s, "si"):
		sign, s = ir.Signed, s[2:]
	case strings.HasPrefix(s, "ui"):
		sign, s = ir.Unsigned, s[2:]
	case strings.HasPrefix(s, "i"):
		s = s[1:]
	default:
		return nil, false
	}
	w, err := strconv.Atoi(s)
	if err != nil || w <= 0 || w > 1<<24 {
		return nil, false
	}
	return ctx.IntegerType(w, sign), true
}

// mmaElement reports whether t is an element type MMA matrices allow.
func mmaElement(t ir.Type) bool {
	switch t := t.(type) {
	case *ir.FloatType:
		return t.Kind == ir.F16 || t.Kind == ir.F32
	case *ir.IntegerType:
		return t.Width == 8 && t.Signedness != ir.Signless || t.Width == 32 && t.Signedness == ir.Signless
	}
	return false
}
