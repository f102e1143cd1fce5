package serialize

import (
	"fmt"

	"github.com/kiln-gpu/kiln/ir"
	"github.com/kiln-gpu/kiln/spirv"
	"github.com/kiln-gpu/kiln/spirv/spv"
)

// SPV_ARM_tensors: OpTypeTensorARM and its constants, both ways.

// tensorArmOperands are OpTypeTensorARM's operands, as MLIR writes them:
// the element type; for a ranked tensor the rank, an i32 constant; when
// every size is known, the shape, an i32 array constant.
func (s *serializer) tensorArmOperands(t *spirv.TensorArmType) (spv.Opcode, []uint32, error) {
	elem, err := s.typeID(t.Elem)
	if err != nil {
		return 0, nil, err
	}
	ops := []uint32{elem}
	if t.Unranked {
		return spv.OpTypeTensorARM, ops, nil
	}
	i32 := s.ctx.I(32)
	rank, err := s.constantID(s.ctx.I32Attr(int64(len(t.Dims))), i32)
	if err != nil {
		return 0, nil, err
	}
	ops = append(ops, rank)
	if !ir.HasStaticShape(t) {
		return spv.OpTypeTensorARM, ops, nil
	}
	dims := make([]ir.Attribute, len(t.Dims))
	for i, d := range t.Dims {
		dims[i] = s.ctx.I32Attr(d)
	}
	shape, err := s.constantID(s.ctx.ArrayAttr(dims...), spirv.Array(s.ctx, i32, int64(len(dims)), 0))
	return spv.OpTypeTensorARM, append(ops, shape), err
}

// tensorArmConstant writes a dense tensorARM constant as an
// OpConstantComposite of its rows: scalars for rank 1, else constants of
// the tensor of the remaining sizes.
func (s *serializer) tensorArmConstant(v *ir.DenseElementsAttr, t *spirv.TensorArmType) (spv.Opcode, []uint32, error) {
	if !ir.HasStaticShape(t) || len(v.Raw()) == 0 {
		return 0, nil, fmt.Errorf("constant of type %s has no SPIR-V form", ir.TypeString(t))
	}
	n := t.Dims[0]
	words := make([]uint32, n)
	if len(t.Dims) == 1 {
		for i := range n {
			id, err := s.constantID(v.ElementAttr(s.ctx, int(i)), t.Elem)
			if err != nil {
				return 0, nil, err
			}
			words[i] = id
		}
		return spv.OpConstantComposite, words, nil
	}
	row := spirv.TensorArm(s.ctx, t.Dims[1:], false, t.Elem)
	raw, m := v.Raw(), ir.NumElements(row)
	eb := len(raw) / v.Len()
	for i := range n {
		sub := s.ctx.DenseRaw(row, raw, true)
		if !v.IsSplat() {
			sub = s.ctx.DenseRaw(row, raw[i*m*int64(eb):(i+1)*m*int64(eb)], false)
		}
		id, err := s.constantID(sub, row)
		if err != nil {
			return 0, nil, err
		}
		words[i] = id
	}
	return spv.OpConstantComposite, words, nil
}

// tensorArmType reads OpTypeTensorARM: element type, then the optional
// rank and shape constants.
func (d *deserializer) tensorArmType(ops []spv.Operand) (ir.Type, error) {
	elem, err := d.typeOf(ops[0].Value())
	if err != nil {
		return nil, err
	}
	if len(ops) == 1 {
		return spirv.TensorArm(d.ctx, nil, true, elem), nil
	}
	c, ok := d.consts[ops[1].Value()]
	rank, isInt := c.val.(*ir.IntegerAttr)
	if !ok || !isInt || rank.Int() < 1 || rank.Int() > maxTensorRank {
		return nil, d.errorf("tensor rank %%%d is not a positive integer constant", ops[1].Value())
	}
	dims := make([]int64, rank.Int())
	for i := range dims {
		dims[i] = ir.Dynamic
	}
	if len(ops) > 2 {
		c, ok := d.consts[ops[2].Value()]
		shape, isArray := c.val.(*ir.ArrayAttr)
		if !ok || !isArray || len(shape.Elems) != len(dims) {
			return nil, d.errorf("tensor shape %%%d is not an array constant of %d sizes", ops[2].Value(), len(dims))
		}
		for i, e := range shape.Elems {
			n, ok := e.(*ir.IntegerAttr)
			if !ok || n.Int() < 1 {
				return nil, d.errorf("tensor shape %%%d has a size that is not a positive integer", ops[2].Value())
			}
			dims[i] = n.Int()
		}
	}
	return spirv.TensorArm(d.ctx, dims, false, elem), nil
}

// maxTensorRank bounds the rank a binary may ask for.
const maxTensorRank = 1 << 10

// tensorArmValue packs the constituents of a tensorARM OpConstantComposite
// (scalars, or dense rows) into one dense attribute of t.
func (d *deserializer) tensorArmValue(t *spirv.TensorArmType, elems []ir.Attribute) (ir.Attribute, error) {
	if !ir.HasStaticShape(t) || int64(len(elems)) != t.Dims[0] {
		return nil, d.errorf("constant of type %s has %d constituents", ir.TypeString(t), len(elems))
	}
	var raw []byte
	for _, e := range elems {
		switch e := e.(type) {
		case *ir.IntegerAttr, *ir.FloatAttr:
			raw = append(raw, d.ctx.DenseSplat(spirv.TensorArm(d.ctx, []int64{1}, false, t.Elem), e).Raw()...)
		case *ir.DenseElementsAttr:
			if e.IsSplat() {
				for range e.Len() {
					raw = append(raw, e.Raw()...)
				}
			} else {
				raw = append(raw, e.Raw()...)
			}
		default:
			return nil, d.errorf("constant of type %s has a constituent that is not a number or tensor", ir.TypeString(t))
		}
	}
	return d.ctx.DenseRaw(t, raw, false), nil
}
