package serialize

import (
	"encoding/binary"
	"fmt"
	"slices"

	"github.com/kiln-gpu/kiln/ir"
	"github.com/kiln-gpu/kiln/spirv"
	"github.com/kiln-gpu/kiln/spirv/spv"
)

// typeID returns the id of t, declaring it (and what it refers to) in the
// global section the first time. Types are deduplicated twice: by identity,
// and by their instruction words, since SPIR-V forbids two declarations of
// the same non-aggregate type (i32 and ui32 are both OpTypeInt 32 0).
func (s *serializer) typeID(t ir.Type) (uint32, error) {
	if id, ok := s.typeIDs[t]; ok {
		return id, nil
	}
	if pt, ok := t.(*spirv.PointerType); ok {
		if st, ok := pt.Pointee.(*spirv.StructType); ok && s.typeBusy[st] {
			return s.forwardPointer(pt, st), nil
		}
	}
	if s.typeBusy[t] {
		return 0, fmt.Errorf("recursive type %s is not supported", ir.TypeString(t))
	}
	s.typeBusy[t] = true
	defer delete(s.typeBusy, t)
	op, operands, err := s.typeOperands(t)
	if err != nil {
		return 0, err
	}
	_, aggregate := t.(*spirv.StructType)
	key := ""
	if !aggregate {
		key = typeKey(op, operands, arrayStride(t))
		if id, ok := s.typeKeys[key]; ok {
			s.typeIDs[t] = id
			return id, nil
		}
	}
	id := s.newID()
	s.sec[secGlobal].Op(op).Word(id).Word(operands...)
	s.typeIDs[t] = id
	if key != "" {
		s.typeKeys[key] = id
	}
	if st, ok := t.(*spirv.StructType); ok {
		for _, pt := range s.forwardPtrs[st] {
			pid := s.typeIDs[pt]
			s.sec[secGlobal].Op(spv.OpTypePointer).Word(pid, uint32(pt.StorageClass), id)
			s.typeKeys[typeKey(spv.OpTypePointer, []uint32{uint32(pt.StorageClass), id}, 0)] = pid
		}
		delete(s.forwardPtrs, st)
	}
	return id, s.typeDecorations(t, id)
}

// forwardPointer declares a pointer to a struct that is being declared (a
// recursive struct) with OpTypeForwardPointer; its OpTypePointer follows
// the struct's declaration.
func (s *serializer) forwardPointer(pt *spirv.PointerType, st *spirv.StructType) uint32 {
	id := s.newID()
	s.sec[secGlobal].Op(spv.OpTypeForwardPointer).Word(id, uint32(pt.StorageClass))
	s.typeIDs[pt] = id
	if s.forwardPtrs == nil {
		s.forwardPtrs = map[*spirv.StructType][]*spirv.PointerType{}
	}
	s.forwardPtrs[st] = append(s.forwardPtrs[st], pt)
	return id
}

// typeKey identifies a type declaration by its words and, for arrays, its
// ArrayStride: arrays that differ only in stride (a StorageBuffer one and
// a Workgroup one) need ids of their own to carry their own decorations.
func typeKey(op spv.Opcode, operands []uint32, stride int64) string {
	b := make([]byte, 0, 4*(len(operands)+3))
	b = binary.LittleEndian.AppendUint32(b, uint32(op))
	for _, w := range operands {
		b = binary.LittleEndian.AppendUint32(b, w)
	}
	if stride != 0 {
		b = binary.LittleEndian.AppendUint64(b, uint64(stride))
	}
	return string(b)
}

// arrayStride is the ArrayStride decoration t carries, 0 for none.
func arrayStride(t ir.Type) int64 {
	switch t := t.(type) {
	case *spirv.ArrayType:
		return t.Stride
	case *spirv.RuntimeArrayType:
		return t.Stride
	}
	return 0
}

// typeOperands returns a type's opcode and its operands after the result id.
func (s *serializer) typeOperands(t ir.Type) (spv.Opcode, []uint32, error) {
	ids := func(ts ...ir.Type) ([]uint32, error) {
		out := make([]uint32, len(ts))
		for i, m := range ts {
			id, err := s.typeID(m)
			if err != nil {
				return nil, err
			}
			out[i] = id
		}
		return out, nil
	}
	switch t := t.(type) {
	case *ir.NoneType:
		return spv.OpTypeVoid, nil, nil
	case *ir.IntegerType:
		if t.Width == 1 {
			return spv.OpTypeBool, nil, nil
		}
		signed := uint32(0)
		if t.Signedness == ir.Signed {
			signed = 1
		}
		return spv.OpTypeInt, []uint32{uint32(t.Width), signed}, nil
	case *ir.FloatType:
		switch t.Kind {
		case ir.F16, ir.F32, ir.F64:
			return spv.OpTypeFloat, []uint32{uint32(t.Width())}, nil
		case ir.BF16:
			return spv.OpTypeFloat, []uint32{16, uint32(spv.FPEncodingBFloat16KHR)}, nil
		}
	case *ir.VectorType:
		if len(t.Dims) == 1 && !t.IsScalable() {
			e, err := ids(t.Elem)
			return spv.OpTypeVector, append(e, uint32(t.Dims[0])), err
		}
	case *spirv.PointerType:
		e, err := ids(t.Pointee)
		return spv.OpTypePointer, append([]uint32{uint32(t.StorageClass)}, e...), err
	case *spirv.ArrayType:
		e, err := ids(t.Elem)
		if err != nil {
			return 0, nil, err
		}
		n, err := s.constantID(s.ctx.IntegerAttr(s.ctx.I(32), t.Len), s.ctx.I(32))
		return spv.OpTypeArray, append(e, n), err
	case *spirv.RuntimeArrayType:
		e, err := ids(t.Elem)
		return spv.OpTypeRuntimeArray, e, err
	case *spirv.StructType:
		e, err := ids(t.Members()...)
		return spv.OpTypeStruct, e, err
	case *spirv.MatrixType:
		e, err := ids(t.Column)
		return spv.OpTypeMatrix, append(e, uint32(t.Columns)), err
	case *spirv.NVCoopMatrixType:
		e, err := ids(t.Elem)
		if err != nil {
			return 0, nil, err
		}
		// Scope, rows and columns are ids of i32 constants.
		for _, v := range []int64{int64(t.Scope), t.Rows, t.Columns} {
			id, err := s.constantID(s.ctx.IntegerAttr(s.ctx.I(32), v), s.ctx.I(32))
			if err != nil {
				return 0, nil, err
			}
			e = append(e, id)
		}
		return spv.OpTypeCooperativeMatrixNV, e, nil
	case *spirv.CoopMatrixType:
		e, err := ids(t.Elem)
		if err != nil {
			return 0, nil, err
		}
		c, err := s.i32ConstantIDs(int64(t.Scope), t.Rows, t.Columns, int64(t.Use))
		return spv.OpTypeCooperativeMatrixKHR, append(e, c...), err
	case *spirv.JointMatrixType:
		e, err := s.jointMatrixTypeOperands(t)
		return spv.OpTypeJointMatrixINTEL, e, err
	case *spirv.TensorArmType:
		return s.tensorArmOperands(t)
	case *spirv.SamplerType:
		return spv.OpTypeSampler, nil, nil
	case *spirv.NamedBarrierType:
		return spv.OpTypeNamedBarrier, nil, nil
	case *spirv.ImageType:
		e, err := ids(t.Elem)
		return spv.OpTypeImage, append(e, uint32(t.Dim), uint32(t.Depth), uint32(t.Arrayed), uint32(t.Sampling), uint32(t.SamplerUse), uint32(t.Format)), err
	case *spirv.SampledImageType:
		e, err := ids(t.Image)
		return spv.OpTypeSampledImage, e, err
	case *ir.FunctionType:
		if len(t.Results) > 1 {
			break
		}
		var ret ir.Type = s.ctx.None()
		if len(t.Results) == 1 {
			ret = t.Results[0]
		}
		e, err := ids(append([]ir.Type{ret}, t.Inputs...)...)
		return spv.OpTypeFunction, e, err
	}
	return 0, nil, fmt.Errorf("type %s has no SPIR-V form", ir.TypeString(t))
}

// typeDecorations writes the decorations a type carries: strides, member
// offsets and decorations, the struct's own decorations, Block on interface
// structs, struct names.
func (s *serializer) typeDecorations(t ir.Type, id uint32) error {
	a := &s.sec[secAnnotation]
	switch t := t.(type) {
	case *spirv.ArrayType:
		if t.Stride != 0 {
			a.Op(spv.OpDecorate).Word(id, uint32(spv.DecorationArrayStride), uint32(t.Stride))
		}
	case *spirv.RuntimeArrayType:
		if t.Stride != 0 {
			a.Op(spv.OpDecorate).Word(id, uint32(spv.DecorationArrayStride), uint32(t.Stride))
		}
	case *spirv.StructType:
		if t.IsIdentified() {
			s.sec[secDebug].Op(spv.OpName).Word(id).Str(t.Name)
		}
		if t.HasOffsets() {
			for i := range t.NumMembers() {
				a.Op(spv.OpMemberDecorate).Word(id, uint32(i), uint32(spv.DecorationOffset), uint32(t.Offset(i)))
			}
		}
		for _, d := range t.Decorations() {
			a.Op(spv.OpMemberDecorate).Word(id, uint32(d.Member), uint32(d.Decoration))
			if d.HasValue {
				a.Word(d.Value)
			}
		}
		for _, d := range t.StructDecorations() {
			if d.Decoration == spv.DecorationBlock {
				// With the other Block decorations, at the end, so that a
				// round trip keeps the binary.
				s.addBlockStruct(t)
				continue
			}
			a.Op(spv.OpDecorate).Word(id, uint32(d.Decoration))
			if d.HasValue {
				a.Word(d.Value)
			}
		}
	case *spirv.PointerType:
		st, ok := t.Pointee.(*spirv.StructType)
		if !ok {
			break
		}
		switch t.StorageClass {
		case spv.StorageClassStorageBuffer, spv.StorageClassUniform, spv.StorageClassPushConstant, spv.StorageClassPhysicalStorageBuffer:
			s.addBlockStruct(st)
		}
	}
	return nil
}

func (s *serializer) addBlockStruct(st *spirv.StructType) {
	if !slices.Contains(s.blockStructs, st) {
		s.blockStructs = append(s.blockStructs, st)
	}
}

// blockDecorations decorates the interface blocks with Block: as in MLIR,
// the structs reached through buffer pointers, but not those among them
// that are inside another (an element of a buffer's array of structs, which
// an access chain points to), which Vulkan forbids; and the structs whose
// type is decorated Block.
func (s *serializer) blockDecorations() {
	inner := map[*spirv.StructType]bool{}
	var walk func(t ir.Type)
	walk = func(t ir.Type) {
		switch t := t.(type) {
		case *spirv.StructType:
			if inner[t] {
				return
			}
			inner[t] = true
			for _, m := range t.Members() {
				walk(m)
			}
		case *spirv.ArrayType:
			walk(t.Elem)
		case *spirv.RuntimeArrayType:
			walk(t.Elem)
		}
	}
	for _, st := range s.blockStructs {
		for _, m := range st.Members() {
			walk(m)
		}
	}
	for _, st := range s.blockStructs {
		if st.HasStructDecoration(spv.DecorationBlock) || !inner[st] {
			s.sec[secAnnotation].Op(spv.OpDecorate).Word(s.typeIDs[st], uint32(spv.DecorationBlock))
		}
	}
}

// constKey identifies a constant: attributes and types are uniqued. (Equal
// values of types that map to one SPIR-V type, i32 and ui32, get two ids:
// harmless.)
type constKey struct {
	v ir.Attribute
	t ir.Type
}

// constantID returns the id of a constant of type t with value v, declaring
// it once per (type, value).
func (s *serializer) constantID(v ir.Attribute, t ir.Type) (uint32, error) {
	tid, err := s.typeID(t)
	if err != nil {
		return 0, err
	}
	key := constKey{v, t}
	if id, ok := s.constIDs[key]; ok {
		return id, nil
	}
	op, words, err := s.constantWords(v, t)
	if err != nil {
		return 0, err
	}
	id := s.newID()
	s.sec[secGlobal].Op(op).Word(tid, id).Word(words...)
	s.constIDs[key] = id
	return id, nil
}

// constantWords returns the opcode and value words of a constant.
func (s *serializer) constantWords(v ir.Attribute, t ir.Type) (spv.Opcode, []uint32, error) {
	switch v := v.(type) {
	case *ir.IntegerAttr:
		if it, ok := t.(*ir.IntegerType); ok && it.Width == 1 {
			if v.Bool() {
				return spv.OpConstantTrue, nil, nil
			}
			return spv.OpConstantFalse, nil, nil
		}
		if it, ok := t.(*ir.IntegerType); ok {
			return spv.OpConstant, scalarWords(v.Uint(), it.Width), nil
		}
	case *ir.FloatAttr:
		if ft, ok := t.(*ir.FloatType); ok {
			return spv.OpConstant, floatWords(v.Value(), ft), nil
		}
	case *ir.DenseElementsAttr:
		if tt, ok := t.(*spirv.TensorArmType); ok {
			return s.tensorArmConstant(v, tt)
		}
		if ct, ok := t.(*spirv.CoopMatrixType); ok {
			// A cooperative matrix constant has one constituent, the
			// value of every element.
			if !v.IsSplat() {
				return 0, nil, fmt.Errorf("a cooperative matrix constant must have one value for all its elements")
			}
			id, err := s.constantID(v.ElementAttr(s.ctx, 0), ct.Elem)
			if err != nil {
				return 0, nil, err
			}
			return spv.OpConstantComposite, []uint32{id}, nil
		}
		st := v.ShapedType()
		var elemT ir.Type
		switch t := t.(type) {
		case *ir.VectorType:
			elemT = t.Elem
		case *spirv.ArrayType:
			elemT = t.Elem
		default:
			return 0, nil, fmt.Errorf("dense constant of type %s has no SPIR-V form", ir.TypeString(t))
		}
		if shape := st.Shape(); len(shape) > 1 {
			// An N-D value of nested arrays (MLIR's dense<...> :
			// tensor<2x3xi32> : !spirv.array<2 x !spirv.array<3 x i32>>): the
			// same nesting of composites, element by element.
			return s.constantWords(nestedArray(s.ctx, v, shape, 0), t)
		} else if len(shape) != 1 {
			return 0, nil, fmt.Errorf("only dense constants of rank 1 or more have a SPIR-V form, not %s", ir.TypeString(st))
		}
		n := v.Len()
		words := make([]uint32, n)
		for i := range n {
			id, err := s.constantID(v.ElementAttr(s.ctx, i), elemT)
			if err != nil {
				return 0, nil, err
			}
			words[i] = id
		}
		return spv.OpConstantComposite, words, nil
	case *ir.ArrayAttr:
		var elems []ir.Type
		switch t := t.(type) {
		case *ir.VectorType:
			for range v.Elems {
				elems = append(elems, t.Elem)
			}
		case *spirv.ArrayType:
			for range v.Elems {
				elems = append(elems, t.Elem)
			}
		case *spirv.StructType:
			elems = t.Members()
		}
		if len(elems) != len(v.Elems) {
			break
		}
		words := make([]uint32, len(v.Elems))
		for i, e := range v.Elems {
			id, err := s.constantID(e, elems[i])
			if err != nil {
				return 0, nil, err
			}
			words[i] = id
		}
		return spv.OpConstantComposite, words, nil
	}
	return 0, nil, fmt.Errorf("constant %s of type %s has no SPIR-V form", ir.AttrString(v), ir.TypeString(t))
}

// nestedArray returns the part of v at flat offset off with shape as
// nested array attributes, its last dimension's elements as scalars.
func nestedArray(ctx *ir.Context, v *ir.DenseElementsAttr, shape []int64, off int) ir.Attribute {
	n := int(shape[0])
	elems := make([]ir.Attribute, n)
	if len(shape) == 1 {
		for i := range n {
			elems[i] = v.ElementAttr(ctx, off+i)
		}
		return ctx.ArrayAttr(elems...)
	}
	stride := 1
	for _, d := range shape[1:] {
		stride *= int(d)
	}
	for i := range n {
		elems[i] = nestedArray(ctx, v, shape[1:], off+i*stride)
	}
	return ctx.ArrayAttr(elems...)
}

func scalarWords(v uint64, width int) []uint32 {
	if width > 32 {
		return []uint32{uint32(v), uint32(v >> 32)}
	}
	if width < 32 {
		v &= 1<<width - 1
	}
	return []uint32{uint32(v)}
}

// floatWords returns the exact bits of f in t's width (NaN payloads
// included: ir.FloatBits keeps them).
func floatWords(f float64, t *ir.FloatType) []uint32 {
	return scalarWords(ir.FloatBits(t.Kind, f), t.Width())
}
