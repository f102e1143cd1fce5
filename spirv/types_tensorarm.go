package spirv

import (
	"github.com/kiln-gpu/kiln/ir"
)

// TensorArmType is !spirv.arm.tensor<4x?xi8> (SPV_ARM_tensors): a shaped
// type, so dense elements attributes of it are spirv.Constant values.
// Shape is nil when the tensor is unranked (`*x`); a dynamic size is
// ir.Dynamic.
type TensorArmType struct {
	ir.Storage
	Dims     []int64
	Unranked bool
	Elem     ir.Type
}

// TensorArm returns !spirv.arm.tensor<shape x elem>; unranked is `*x`.
func TensorArm(ctx *ir.Context, dims []int64, unranked bool, elem ir.Type) *TensorArmType {
	k := ir.NewKey("spirv.arm.tensor").Type(elem).Int(b2i(unranked))
	for _, d := range dims {
		k = k.Int(d)
	}
	return ir.Unique(ctx, k.String(), func() *TensorArmType {
		return &TensorArmType{Dims: clone(dims), Unranked: unranked, Elem: elem}
	})
}

// ElementType returns the element type (ir.ShapedType).
func (t *TensorArmType) ElementType() ir.Type { return t.Elem }

// HasRank is false for `*x` tensors (ir.ShapedType).
func (t *TensorArmType) HasRank() bool { return !t.Unranked }

// Shape returns the sizes, nil when unranked (ir.ShapedType).
func (t *TensorArmType) Shape() []int64 {
	if t.Unranked {
		return nil
	}
	return t.Dims
}

// Print writes !spirv.arm.tensor<2x?xi32>.
func (t *TensorArmType) Print(p *ir.Printer) {
	p.WriteString("!spirv.arm.tensor<")
	if t.Unranked {
		p.WriteString("*x")
	}
	for _, d := range t.Dims {
		if d == ir.Dynamic {
			p.WriteString("?x")
		} else {
			p.WriteString(itoa(d) + "x")
		}
	}
	p.Type(t.Elem)
	p.WriteString(">")
}

// tensorArmOf returns t as a tensorARM type, or nil.
func tensorArmOf(t ir.Type) *TensorArmType { a, _ := t.(*TensorArmType); return a }

// parseTensorArm parses the body of !spirv.arm.tensor<shape x T>, with
// MLIR's TensorArmType checks: no zero sizes, and sizes either all
// dynamic or all static.
func parseTensorArm(p *ir.Parser) (ir.Type, error) {
	if err := p.ParsePunct("<"); err != nil {
		return nil, err
	}
	at := p.Pos()
	dims, ranked, err := p.ParseShape()
	if err != nil {
		return nil, err
	}
	if ranked && len(dims) == 0 {
		return nil, ir.Errorf(p.LocAt(at), "arm.tensors do not support rank zero")
	}
	dynamic, static := false, false
	for _, d := range dims {
		if d == 0 {
			return nil, ir.Errorf(p.LocAt(at), "arm.tensor do not support dimensions = 0")
		}
		dynamic, static = dynamic || d == ir.Dynamic, static || d != ir.Dynamic
	}
	if dynamic && static {
		return nil, ir.Errorf(p.LocAt(at), "arm.tensor shape dimensions must be either fully dynamic or completed shaped")
	}
	eAt := p.Pos()
	elem, err := parseElemType(p)
	if err != nil {
		return nil, err
	}
	if !isScalar(elem) {
		return nil, ir.Errorf(p.LocAt(eAt), "only scalar element type allowed in tensor type but found %s", quotedType(elem))
	}
	return TensorArm(p.Context(), dims, !ranked, elem), p.ParsePunct(">")
}
