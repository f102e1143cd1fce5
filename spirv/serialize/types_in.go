package serialize

import (
	"fmt"
	"math"
	"slices"
	"strings"

	"github.com/kiln-gpu/kiln/ir"
	"github.com/kiln-gpu/kiln/spirv"
	"github.com/kiln-gpu/kiln/spirv/spv"
)

// typeOf returns the type an id declares. Types must be declared before
// they are used, which also rejects a type that refers to itself.
func (d *deserializer) typeOf(id uint32) (ir.Type, error) {
	if t, ok := d.types[id]; ok {
		return t, nil
	}
	if t, ok := d.fwdTypes[id]; ok {
		return t, nil
	}
	return nil, d.errorf("%%%d is not a type declared before its use", id)
}

func (d *deserializer) typesOf(ops []spv.Operand) ([]ir.Type, error) {
	ts := make([]ir.Type, len(ops))
	for i, o := range ops {
		t, err := d.typeOf(o.Value())
		if err != nil {
			return nil, err
		}
		ts[i] = t
	}
	return ts, nil
}

// stride returns the ArrayStride decoration of id, or 0.
func (d *deserializer) stride(id uint32) int64 {
	for _, in := range d.decos[id] {
		if spv.Decoration(in.Operands[1].Value()) == spv.DecorationArrayStride && len(in.Operands) > 2 {
			return int64(in.Operands[2].Value())
		}
	}
	return 0
}

func (d *deserializer) typeDecl(in *spv.Instruction) error {
	ops := in.Operands[1:] // after the result id
	var t ir.Type
	switch in.Opcode {
	case spv.OpTypeVoid:
		t = d.ctx.None()
	case spv.OpTypeBool:
		t = d.ctx.I(1)
	case spv.OpTypeInt:
		// As in MLIR: signedness 1 is si<N>, 0 the signless i<N>.
		w := ops[0].Value()
		if w == 0 || w > 64 {
			return d.errorf("integer width %d", w)
		}
		t = d.ctx.I(int(w))
		if ops[1].Value() == 1 {
			t = d.ctx.IntegerType(int(w), ir.Signed)
		}
	case spv.OpTypeFloat:
		if len(ops) > 1 {
			// The FP Encoding operand: only SPV_KHR_bfloat16's.
			if ops[0].Value() != 16 || spv.FPEncoding(ops[1].Value()) != spv.FPEncodingBFloat16KHR {
				return d.errorf("float of width %d and encoding %d not supported", ops[0].Value(), ops[1].Value())
			}
			t = d.ctx.Float(ir.BF16)
			break
		}
		switch ops[0].Value() {
		case 16:
			t = d.ctx.F16()
		case 32:
			t = d.ctx.F32()
		case 64:
			t = d.ctx.F64()
		default:
			return d.errorf("float width %d", ops[0].Value())
		}
	case spv.OpTypeVector:
		e, err := d.typeOf(ops[0].Value())
		if err != nil {
			return err
		}
		if n := ops[1].Value(); n < 2 || n > 16 {
			return d.errorf("vector of %d components", n)
		}
		t = d.ctx.Vector([]int64{int64(ops[1].Value())}, e)
	case spv.OpTypeMatrix:
		e, err := d.typeOf(ops[0].Value())
		if err != nil {
			return err
		}
		col, ok := e.(*ir.VectorType)
		if !ok {
			return d.errorf("matrix column type %s is not a vector", ir.TypeString(e))
		}
		t = spirv.Matrix(d.ctx, col, int64(ops[1].Value()))
	case spv.OpTypeArray:
		e, err := d.typeOf(ops[0].Value())
		if err != nil {
			return err
		}
		c, ok := d.consts[ops[1].Value()]
		n, isInt := c.val.(*ir.IntegerAttr)
		if !ok || !isInt || n.Int() < 1 {
			return d.errorf("array length %%%d is not a positive integer constant", ops[1].Value())
		}
		t = spirv.Array(d.ctx, e, n.Int(), d.stride(in.Result))
	case spv.OpTypeRuntimeArray:
		e, err := d.typeOf(ops[0].Value())
		if err != nil {
			return err
		}
		t = spirv.RuntimeArray(d.ctx, e, d.stride(in.Result))
	case spv.OpTypeStruct:
		st, err := d.structType(in.Result, ops)
		if err != nil {
			return err
		}
		t = st
	case spv.OpTypePointer:
		e, err := d.typeOf(ops[1].Value())
		if err != nil {
			return err
		}
		t = spirv.Pointer(d.ctx, e, spv.StorageClass(ops[0].Value()))
		if ft, ok := d.fwdTypes[in.Result]; ok && ft != t {
			return d.errorf("pointer %%%d is not of the storage class of its OpTypeForwardPointer", in.Result)
		}
		delete(d.fwdTypes, in.Result)
	case spv.OpTypeFunction:
		ts, err := d.typesOf(ops)
		if err != nil {
			return err
		}
		var results []ir.Type
		if _, void := ts[0].(*ir.NoneType); !void {
			results = ts[:1]
		}
		t = d.ctx.FunctionType(ts[1:], results)
	case spv.OpTypeCooperativeMatrixNV:
		nv, err := d.nvCoopMatrix(ops)
		if err != nil {
			return err
		}
		t = nv
	case spv.OpTypeCooperativeMatrixKHR:
		khr, err := d.khrCoopMatrixType(ops)
		if err != nil {
			return err
		}
		t = khr
	case spv.OpTypeJointMatrixINTEL:
		jm, err := d.jointMatrixType(ops)
		if err != nil {
			return err
		}
		t = jm
	case spv.OpTypeGraphARM:
		gt, err := d.graphType(ops)
		if err != nil {
			return err
		}
		t = gt
	case spv.OpTypeTensorARM:
		ta, err := d.tensorArmType(ops)
		if err != nil {
			return err
		}
		t = ta
	case spv.OpTypeSampler:
		t = spirv.Sampler(d.ctx)
	case spv.OpTypeNamedBarrier:
		t = spirv.NamedBarrier(d.ctx)
	case spv.OpTypeImage:
		e, err := d.typeOf(ops[0].Value())
		if err != nil {
			return err
		}
		t = spirv.Image(d.ctx, spirv.ImageType{Elem: e, Dim: spv.Dim(ops[1].Value()), Depth: spirv.ImageDepth(ops[2].Value()),
			Arrayed: spirv.ImageArrayed(ops[3].Value()), Sampling: spirv.ImageSampling(ops[4].Value()),
			SamplerUse: spirv.ImageSamplerUse(ops[5].Value()), Format: spv.ImageFormat(ops[6].Value())})
	case spv.OpTypeSampledImage:
		e, err := d.typeOf(ops[0].Value())
		if err != nil {
			return err
		}
		img, ok := e.(*spirv.ImageType)
		if !ok {
			return d.errorf("sampled image of non-image type %s", ir.TypeString(e))
		}
		t = spirv.SampledImage(d.ctx, img)
	default:
		return d.errorf("type not supported")
	}
	d.types[in.Result] = t
	return nil
}

// nvCoopMatrix reads OpTypeCooperativeMatrixNV's component type and its
// scope, rows and columns, which must be constants (the type cannot hold
// spec constants).
func (d *deserializer) nvCoopMatrix(ops []spv.Operand) (*spirv.NVCoopMatrixType, error) {
	e, err := d.typeOf(ops[0].Value())
	if err != nil {
		return nil, err
	}
	if it, ok := e.(*ir.IntegerType); !(ok && it.Width > 1) && !ir.IsFloat(e) {
		return nil, d.errorf("cooperative matrix component type %s is not a number", ir.TypeString(e))
	}
	var vals [3]int64
	for i, o := range ops[1:4] {
		c, ok := d.consts[o.Value()]
		n, isInt := c.val.(*ir.IntegerAttr)
		if !ok || !isInt || n.Int() < 0 || n.Int() > math.MaxInt32 {
			return nil, d.errorf("cooperative matrix operand %%%d is not a non-negative integer constant", o.Value())
		}
		vals[i] = n.Int()
	}
	if spv.KindScope.Enumerant(uint32(vals[0])) == nil {
		return nil, d.errorf("cooperative matrix scope %d is not a Scope", vals[0])
	}
	if vals[1] == 0 || vals[2] == 0 {
		return nil, d.errorf("cooperative matrix of %dx%d components", vals[1], vals[2])
	}
	return spirv.NVCoopMatrix(d.ctx, e, vals[1], vals[2], spv.Scope(vals[0])), nil
}

// structType builds a struct with its member offsets and decorations. A
// named struct (OpName) becomes an identified struct, as in MLIR, unless
// that name is already taken by a different body.
func (d *deserializer) structType(id uint32, ops []spv.Operand) (*spirv.StructType, error) {
	// A struct that a forward pointer points to is an identified struct,
	// which a pointer can name before its body is known.
	recursive := d.fwdStructs[id]
	members, err := d.typesOf(ops)
	if err != nil {
		return nil, err
	}
	var offsets []int64
	var decos []spirv.MemberDecoration
	for _, in := range d.mdecos[id] {
		m := int(in.Operands[1].Value())
		if m >= len(members) {
			d.cur = in
			return nil, d.errorf("member %d of a struct with %d members", m, len(members))
		}
		deco := spv.Decoration(in.Operands[2].Value())
		params := in.Operands[3:]
		switch {
		case deco == spv.DecorationOffset && len(params) == 1:
			if offsets == nil {
				offsets = make([]int64, len(members))
			}
			offsets[m] = int64(params[0].Value())
		case len(params) == 0:
			decos = append(decos, spirv.MemberDecoration{Member: m, Decoration: deco})
		case len(params) == 1:
			decos = append(decos, spirv.MemberDecoration{Member: m, Decoration: deco, HasValue: true, Value: params[0].Value()})
		default:
			d.cur = in
			return nil, d.errorf("member decoration %s is not supported", spv.KindDecoration.Format(uint32(deco)))
		}
	}
	sdecos, err := d.structDecorations(id, len(members))
	if err != nil {
		return nil, err
	}
	if recursive != "" {
		st := spirv.IdentifiedStruct(d.ctx, recursive)
		if !st.SetBody(members, offsets, decos, sdecos...) {
			return nil, d.errorf("recursive struct %q has two different bodies", recursive)
		}
		return st, nil
	}
	if name := d.names[id]; name != "" && !d.structNames[name] {
		st := spirv.IdentifiedStruct(d.ctx, name)
		if st.SetBody(members, offsets, decos, sdecos...) {
			d.structNames[name] = true
			return st, nil
		}
	}
	return spirv.Struct(d.ctx, members, offsets, decos, sdecos...), nil
}

// structDecorations returns the decorations of struct id itself (Block and
// the like) as the type's struct decorations, sorted by name, as MLIR's
// deserializer does since PR 149793; an empty struct gets none, as there.
func (d *deserializer) structDecorations(id uint32, members int) ([]spirv.StructDecoration, error) {
	if members == 0 {
		return nil, nil
	}
	var out []spirv.StructDecoration
	for _, in := range d.decos[id] {
		if in.Opcode != spv.OpDecorate {
			continue
		}
		sd := spirv.StructDecoration{Decoration: spv.Decoration(in.Operands[1].Value())}
		switch params := in.Operands[2:]; len(params) {
		case 0:
		case 1:
			sd.HasValue, sd.Value = true, params[0].Value()
		default:
			d.cur = in
			return nil, d.errorf("struct decoration %s is not supported", spv.KindDecoration.Format(uint32(sd.Decoration)))
		}
		out = append(out, sd)
	}
	slices.SortStableFunc(out, func(a, b spirv.StructDecoration) int {
		return strings.Compare(spirv.EnumName(spv.KindDecoration, uint32(a.Decoration)), spirv.EnumName(spv.KindDecoration, uint32(b.Decoration)))
	})
	return out, nil
}

// forwardPointer reads OpTypeForwardPointer: the pointer's type is known
// from its OpTypePointer, further on, whose pointee must be a struct, which
// becomes an identified struct (the structs of a recursive type, and any
// struct that an OpTypeForwardPointer names).
func (d *deserializer) forwardPointer(in *spv.Instruction) error {
	id, sc := in.Operands[0].Value(), spv.StorageClass(in.Operands[1].Value())
	if d.defined(id) || d.fwdTypes[id] != nil {
		return d.errorf("%%%d defined twice", id)
	}
	if d.fwdDecls == nil {
		// The pointer and struct declarations, by id (the first of each).
		d.fwdDecls = map[uint32]*spv.Instruction{}
		for i := range d.mod.Instructions {
			o := &d.mod.Instructions[i]
			if _, seen := d.fwdDecls[o.Result]; !seen && (o.Opcode == spv.OpTypePointer || o.Opcode == spv.OpTypeStruct) {
				d.fwdDecls[o.Result] = o
			}
		}
		d.fwdStructs, d.fwdTypes = map[uint32]string{}, map[uint32]ir.Type{}
	}
	ptr := d.fwdDecls[id]
	if ptr == nil || ptr.Opcode != spv.OpTypePointer || ptr.Offset < in.Offset {
		return d.errorf("forward pointer %%%d has no OpTypePointer after it", id)
	}
	pointee := d.fwdDecls[ptr.Operands[2].Value()]
	if pointee == nil || pointee.Opcode != spv.OpTypeStruct || pointee.Offset < in.Offset {
		return d.errorf("forward pointer %%%d is not to a struct declared after it: not supported", id)
	}
	name, ok := d.fwdStructs[pointee.Result]
	if !ok {
		name = d.names[pointee.Result]
		if name == "" || d.structNames[name] {
			name = fmt.Sprintf("spirv_struct_%d", pointee.Result)
		}
		for d.structNames[name] {
			name += "_"
		}
		d.structNames[name] = true
		d.fwdStructs[pointee.Result] = name
	}
	d.fwdTypes[id] = spirv.Pointer(d.ctx, spirv.IdentifiedStruct(d.ctx, name), sc)
	return nil
}

// constant records a module-level constant; uses materialize it as
// spirv.Constant where they need it, as MLIR does.
func (d *deserializer) constant(in *spv.Instruction) error {
	t, err := d.typeOf(in.ResultType)
	if err != nil {
		return err
	}
	v, err := d.constValue(in, t)
	if err != nil {
		return err
	}
	d.consts[in.Result] = constant{t, v}
	return nil
}

// constValue is the attribute of a constant instruction's value.
func (d *deserializer) constValue(in *spv.Instruction, t ir.Type) (ir.Attribute, error) {
	switch in.Opcode {
	case spv.OpConstantTrue, spv.OpSpecConstantTrue:
		return d.ctx.BoolAttr(true), nil
	case spv.OpConstantFalse, spv.OpSpecConstantFalse:
		return d.ctx.BoolAttr(false), nil
	case spv.OpConstant, spv.OpSpecConstant:
		o := in.Operands[2]
		switch t := t.(type) {
		case *ir.IntegerType:
			return d.ctx.IntegerAttr(t, o.Int64()), nil
		case *ir.FloatType:
			// The exact bits, not o.Float64(): a conversion through
			// float32 would quiet a signalling NaN.
			return d.ctx.FloatAttr(t, ir.FloatFromBits(t.Kind, o.Uint64())), nil
		}
	case spv.OpConstantNull:
		return d.zero(t)
	case spv.OpConstantComposite:
		var elems []ir.Attribute
		for _, o := range in.Operands[2:] {
			c, ok := d.consts[o.Value()]
			if !ok {
				return nil, d.errorf("constituent %%%d is not a constant defined before", o.Value())
			}
			elems = append(elems, c.val)
		}
		if vt, ok := t.(*ir.VectorType); ok && len(elems) == int(vt.Dims[0]) {
			return d.dense(vt, elems), nil
		}
		if tt, ok := t.(*spirv.TensorArmType); ok {
			return d.tensorArmValue(tt, elems)
		}
		if ct, ok := t.(*spirv.CoopMatrixType); ok {
			if len(elems) != 1 {
				return nil, d.errorf("a cooperative matrix constant has %d constituents, not 1", len(elems))
			}
			return d.ctx.DenseSplat(ct, elems[0]), nil
		}
		return d.ctx.ArrayAttr(elems...), nil
	}
	return nil, d.errorf("constant of type %s not supported", ir.TypeString(t))
}

// dense packs scalar constants into a dense vector attribute.
func (d *deserializer) dense(vt *ir.VectorType, elems []ir.Attribute) ir.Attribute {
	if ir.IsFloat(vt.Elem) {
		fs := make([]float64, len(elems))
		for i, e := range elems {
			f, _ := e.(*ir.FloatAttr)
			if f != nil {
				fs[i] = f.Value()
			}
		}
		return d.ctx.DenseFloats(vt, fs)
	}
	is := make([]int64, len(elems))
	for i, e := range elems {
		if n, ok := e.(*ir.IntegerAttr); ok {
			is[i] = n.Int()
		}
	}
	return d.ctx.DenseInts(vt, is)
}

// maxNullElements bounds the array attribute an aggregate OpConstantNull
// expands to, so that a small binary cannot ask for a huge one.
const maxNullElements = 1 << 16

// zero is OpConstantNull's value: a zero scalar or vector, or for arrays
// and structs the list of their elements' zeros (a spirv.Constant holds
// no null aggregate; it serializes back as OpConstantComposite).
func (d *deserializer) zero(t ir.Type) (ir.Attribute, error) {
	switch t := t.(type) {
	case *ir.IntegerType:
		if t.Width == 1 {
			return d.ctx.BoolAttr(false), nil
		}
		return d.ctx.IntegerAttr(t, 0), nil
	case *spirv.ArrayType:
		if t.Len > maxNullElements {
			break
		}
		e, err := d.zero(t.Elem)
		if err != nil {
			return nil, err
		}
		elems := make([]ir.Attribute, t.Len)
		for i := range elems {
			elems[i] = e
		}
		return d.ctx.ArrayAttr(elems...), nil
	case *spirv.StructType:
		elems := make([]ir.Attribute, t.NumMembers())
		for i := range elems {
			e, err := d.zero(t.Member(i))
			if err != nil {
				return nil, err
			}
			elems[i] = e
		}
		return d.ctx.ArrayAttr(elems...), nil
	case *ir.FloatType:
		return d.ctx.FloatAttr(t, 0), nil
	case *spirv.TensorArmType:
		if !ir.HasStaticShape(t) {
			break
		}
		e, err := d.zero(t.Elem)
		if err != nil {
			return nil, err
		}
		return d.ctx.DenseSplat(t, e), nil
	case *ir.VectorType:
		if ir.IsFloat(t.Elem) {
			return d.ctx.DenseFloats(t, make([]float64, t.Dims[0])), nil
		}
		return d.ctx.DenseInts(t, make([]int64, t.Dims[0])), nil
	}
	return nil, d.errorf("OpConstantNull of type %s is not supported", ir.TypeString(t))
}

// constantAsSpec declares a spirv.SpecConstant without a spec id holding
// the value of constant id, for a spirv.SpecConstantComposite, whose
// constituents are all spec constants in the dialect (in a binary they may
// be ordinary constants). It returns its symbol.
func (d *deserializer) constantAsSpec(id uint32, c constant) string {
	if sym, ok := d.specOfConst[id]; ok {
		return sym
	}
	name := fmt.Sprintf("spirv_spec_const_%d", id)
	for d.used[name] {
		name += "_"
	}
	d.used[name] = true
	d.specOfConst[id] = name
	st := &ir.OpState{Name: "spirv.SpecConstant", Loc: d.loc()}
	st.AddAttr("sym_name", d.ctx.StringAttr(name))
	st.AddAttr("default_value", c.val)
	d.body.Append(d.ctx.NewOp(st))
	return name
}

// specConstant declares spirv.SpecConstant or spirv.SpecConstantComposite.
func (d *deserializer) specConstant(in *spv.Instruction) error {
	t, err := d.typeOf(in.ResultType)
	if err != nil {
		return err
	}
	st := &ir.OpState{Loc: d.loc()}
	if in.Opcode == spv.OpSpecConstantComposite {
		st.Name = "spirv.SpecConstantComposite"
		var parts []ir.Attribute
		for _, o := range in.Operands[2:] {
			sym, ok := d.symbols[o.Value()]
			if c, isConst := d.consts[o.Value()]; !ok && isConst {
				sym = d.constantAsSpec(o.Value(), c)
			} else if !ok || (d.symKinds[o.Value()] != spv.OpSpecConstant && d.symKinds[o.Value()] != spv.OpSpecConstantTrue &&
				d.symKinds[o.Value()] != spv.OpSpecConstantFalse && d.symKinds[o.Value()] != spv.OpSpecConstantComposite) {
				return d.errorf("constituent %%%d is not a constant defined before", o.Value())
			}
			parts = append(parts, d.ctx.SymbolRef(sym))
		}
		st.AddAttr("sym_name", d.ctx.StringAttr(d.symbol(in.Result, "spirv_spec_const_composite")))
		st.AddAttr("type", d.ctx.TypeAttr(t))
		st.AddAttr("constituents", d.ctx.ArrayAttr(parts...))
		// gl_WorkGroupSize is a spec constant composite decorated BuiltIn.
		if err := d.decorationAttrs(in.Result, st); err != nil {
			return err
		}
	} else {
		v, err := d.constValue(in, t)
		if err != nil {
			return err
		}
		st.Name = "spirv.SpecConstant"
		st.AddAttr("sym_name", d.ctx.StringAttr(d.symbol(in.Result, "spirv_spec_const")))
		st.AddAttr("default_value", v)
		for _, dec := range d.decos[in.Result] {
			if spv.Decoration(dec.Operands[1].Value()) == spv.DecorationSpecId && len(dec.Operands) > 2 {
				st.AddAttr("spec_id", d.ctx.I32Attr(int64(dec.Operands[2].Value())))
			}
		}
	}
	d.symOps[in.Result] = d.ctx.NewOp(st)
	d.body.Append(d.symOps[in.Result])
	return nil
}
