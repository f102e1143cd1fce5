package spirv

import (
	"strings"

	"github.com/kiln-gpu/kiln/ir"
	"github.com/kiln-gpu/kiln/spirv/spv"
)

// TOSA ops (spirv.Tosa.*, MLIR's SPIRVTosaOps.td): instructions of the
// TOSA.001000.1 extended set, used inside spirv.ARM.Graph. Each op is a
// tosaSpec row: its attributes and tensor operands in the grammar's
// operand order (every grammar operand is an id; spirv/serialize writes
// the attributes as constants and reads them back, see TosaAttrKindOf).

// TosaAttrKind is how a TOSA attribute is spelled and serialized.
type TosaAttrKind uint8

const (
	// TosaAttrI32 is an i32 attribute (axis): an OpConstant of i32.
	TosaAttrI32 TosaAttrKind = iota
	// TosaAttrBool is a bool attribute (local_bound): OpConstantTrue/False.
	TosaAttrBool
	// TosaAttrI32Array is `[1, 2]`, a dense i32 tensorARM attribute: an
	// OpConstantComposite of !spirv.arm.tensor<Nxi32>.
	TosaAttrI32Array
	// TosaAttrEnum is one of the TOSA enums (acc_type = <INT32>): an i32 constant.
	TosaAttrEnum
)

type tosaAttr struct {
	name   string
	kind   TosaAttrKind
	length int       // TosaAttrI32Array: the number of elements
	enum   *TosaEnum // TosaAttrEnum
	max    int64     // TosaAttrI32: the largest value (axis)
}

// tensorCheck is an ODS tensorArm type constraint: ranks (nil: 1 to 6),
// element types, and for 1-D tensors of fixed length, that length.
type tensorCheck struct {
	ranks  []int
	length int64
	elem   func(ir.Type) bool
	desc   string // element types, as ODS describes them
}

func (c tensorCheck) ok(t ir.Type) bool {
	tt := tensorArmOf(t)
	if tt == nil || tt.Unranked || !c.elem(tt.Elem) {
		return false
	}
	ranks := c.ranks
	if ranks == nil {
		ranks = []int{1, 2, 3, 4, 5, 6}
	}
	okRank := false
	for _, r := range ranks {
		okRank = okRank || len(tt.Dims) == r
	}
	return okRank && (c.length == 0 || tt.Dims[0] == c.length)
}

func (c tensorCheck) String() string {
	if c.length != 0 {
		return "rank 1 tensorArm of length " + itoa(c.length) + " of " + c.desc + " values"
	}
	ranks := c.ranks
	if ranks == nil {
		ranks = []int{1, 2, 3, 4, 5, 6}
	}
	var s []string
	for _, r := range ranks {
		s = append(s, itoa(int64(r))+"D")
	}
	return strings.Join(s, "/") + " tensorArm of " + c.desc + " values"
}

func intOfWidths(widths ...int) func(ir.Type) bool {
	return func(t ir.Type) bool {
		it, ok := t.(*ir.IntegerType)
		if !ok {
			return false
		}
		for _, w := range widths {
			if it.Width == w {
				return true
			}
		}
		return false
	}
}

func isF16OrF32(t ir.Type) bool {
	ft, ok := t.(*ir.FloatType)
	return ok && (ft.Kind == ir.F16 || ft.Kind == ir.F32)
}

var (
	tosaNumerical     = func(t ir.Type) bool { return intOfWidths(8, 16, 32, 64)(t) || isF16OrF32(t) }
	tosaNumericalDesc = "8-bit integer or 16-bit integer or 32-bit integer or 64-bit integer or 16-bit float or 32-bit float"
	tosaIntDesc       = "8-bit integer or 16-bit integer or 32-bit integer or 64-bit integer"
)

func numericTensor(ranks ...int) tensorCheck {
	return tensorCheck{ranks: ranks, elem: tosaNumerical, desc: tosaNumericalDesc}
}

// TosaEnum is one of the TOSA extended set's enums, by value (0 unused).
type TosaEnum struct {
	Mnemonic string // #spirv.<Mnemonic><Name>
	names    localEnum
}

var (
	tosaAccType      = &TosaEnum{"tosa_ext_acc_type_type", localEnum{"", "INT32", "FP16", "FP32", "INT48"}}
	tosaNaNMode      = &TosaEnum{"tosa_ext_nan_propagation_mode_type", localEnum{"", "Propagate", "Ignore"}}
	tosaRoundingMode = &TosaEnum{"tosa_ext_rounding_mode_type", localEnum{"", "SingleRound", "InexactRound", "DoubleRound"}}
	tosaEnums        = []*TosaEnum{tosaAccType, tosaNaNMode, tosaRoundingMode}
)

// TosaEnumAttr is a value of a TOSA enum: #spirv.tosa_ext_acc_type_type<INT32>.
type TosaEnumAttr struct {
	ir.Storage
	Enum  *TosaEnum
	Value uint32
}

// TosaEnumOf returns the attribute of value v of e.
func TosaEnumOf(ctx *ir.Context, e *TosaEnum, v uint32) *TosaEnumAttr {
	return ir.UniqueInt(ctx, "spirv."+e.Mnemonic, int64(v), func() *TosaEnumAttr {
		return &TosaEnumAttr{Enum: e, Value: v}
	})
}

// Name returns the case's name.
func (a *TosaEnumAttr) Name() string { return a.Enum.names.name(a.Value) }

// Print writes #spirv.tosa_ext_acc_type_type<INT32>.
func (a *TosaEnumAttr) Print(p *ir.Printer) {
	p.WriteString("#spirv." + a.Enum.Mnemonic + "<" + a.Name() + ">")
}

// parseTosaEnumAttr parses the `<Name>` of a TOSA enum attribute.
func parseTosaEnumAttr(p *ir.Parser, e *TosaEnum) (ir.Attribute, error) {
	return parseBracketed(p, func() (ir.Attribute, error) {
		v, err := parseLocalEnum(p, e.names)
		return TosaEnumOf(p.Context(), e, v), err
	})
}

func tosaEnumByMnemonic(m string) *TosaEnum {
	for _, e := range tosaEnums {
		if e.Mnemonic == m {
			return e
		}
	}
	return nil
}

type tosaOperand struct {
	name  string
	check tensorCheck
}

// tosaSpec is one TOSA op: MLIR's name, the grammar's, its attributes
// and operands (each group in grammar order; the grammar lists the
// attributes first), its result constraint, the operands whose element
// types must match, and the op's own verifier.
type tosaSpec struct {
	name, inst string
	example    string
	attrs      []tosaAttr
	operands   []tosaOperand
	result     tensorCheck
	sameElem   [][2]string
	verify     func(op *ir.Operation) error
}

func convSpec(name, inst string, rank int, spatial []tosaAttr, example string) tosaSpec {
	attrs := append(spatial,
		tosaAttr{name: "acc_type", kind: TosaAttrEnum, enum: tosaAccType},
		tosaAttr{name: "local_bound", kind: TosaAttrBool})
	return tosaSpec{
		name: name, inst: inst, example: example, attrs: attrs,
		operands: []tosaOperand{
			{"input", numericTensor(rank)}, {"weight", numericTensor(rank)}, {"bias", numericTensor(1)},
			{"input_zp", tensorCheck{ranks: []int{1}, length: 1, elem: tosaNumerical, desc: tosaNumericalDesc}},
			{"weight_zp", tensorCheck{ranks: []int{1}, length: 1, elem: tosaNumerical, desc: tosaNumericalDesc}},
		},
		result:   numericTensor(rank),
		sameElem: [][2]string{{"bias", "output"}, {"input", "input_zp"}, {"weight", "weight_zp"}},
		verify:   verifyTosaConv,
	}
}

func i32Array(name string, n int) tosaAttr {
	return tosaAttr{name: name, kind: TosaAttrI32Array, length: n}
}

var tosaSpecs = []tosaSpec{
	{
		name: "ArgMax", inst: "ARGMAX",
		example: "%0 = spirv.Tosa.ArgMax axis = 3, nan_mode = <Propagate>, %arg0 : !spirv.arm.tensor<3x28x17x17xi8> -> !spirv.arm.tensor<3x28x17xi32>",
		attrs:   []tosaAttr{{name: "axis", kind: TosaAttrI32, max: 5}, {name: "nan_mode", kind: TosaAttrEnum, enum: tosaNaNMode}},
		operands: []tosaOperand{{"input", tensorCheck{elem: func(t ir.Type) bool { return intOfWidths(8, 16)(t) || isF16OrF32(t) },
			desc: "8-bit integer or 16-bit integer or 16-bit float or 32-bit float"}}},
		result: tensorCheck{ranks: []int{1, 2, 3, 4, 5}, elem: intOfWidths(32), desc: "Int32"},
		verify: verifyTosaArgMax,
	},
	convSpec("Conv2D", "CONV2D", 4, []tosaAttr{i32Array("pad", 4), i32Array("stride", 2), i32Array("dilation", 2)},
		"%0 = spirv.Tosa.Conv2D pad = [1, 0, 0, 0], stride = [1, 2], dilation = [7, 1], acc_type = <INT32>, local_bound = false, %arg0, %arg1, %arg2, %arg3, %arg4 : !spirv.arm.tensor<1x65535x3x1xi8>, !spirv.arm.tensor<7x1x1x1xi8>, !spirv.arm.tensor<1xi32>, !spirv.arm.tensor<1xi8>, !spirv.arm.tensor<1xi8> -> !spirv.arm.tensor<1x65536x2x7xi32>"),
	convSpec("Conv3D", "CONV3D", 5, []tosaAttr{i32Array("pad", 6), i32Array("stride", 3), i32Array("dilation", 3)},
		"%0 = spirv.Tosa.Conv3D pad = [0, 0, 0, 0, 0, 0], stride = [1, 1, 1], dilation = [1, 1, 1], acc_type = <INT32>, local_bound = false, %arg0, %arg1, %arg2, %arg3, %arg4 : !spirv.arm.tensor<1x9x21x14x1xi8>, !spirv.arm.tensor<2x1x2x1x1xi8>, !spirv.arm.tensor<1xi32>, !spirv.arm.tensor<1xi8>, !spirv.arm.tensor<1xi8> -> !spirv.arm.tensor<1x9x20x14x2xi32>"),
	convSpec("DepthwiseConv2D", "DEPTHWISE_CONV2D", 4, []tosaAttr{i32Array("pad", 4), i32Array("stride", 2), i32Array("dilation", 2)},
		"%0 = spirv.Tosa.DepthwiseConv2D pad = [0, 0, 0, 0], stride = [1, 2], dilation = [7, 7], acc_type = <INT32>, local_bound = false, %arg0, %arg1, %arg2, %arg3, %arg4 : !spirv.arm.tensor<1x4x65537x1xi8>, !spirv.arm.tensor<1x3x1x4xi8>, !spirv.arm.tensor<4xi32>, !spirv.arm.tensor<1xi8>, !spirv.arm.tensor<1xi8> -> !spirv.arm.tensor<1x4x32762x4xi32>"),
	convSpec("TransposeConv2D", "TRANSPOSE_CONV2D", 4, []tosaAttr{i32Array("out_pad", 4), i32Array("stride", 2)},
		"%0 = spirv.Tosa.TransposeConv2D out_pad = [0, 1, 0, 0], stride = [1, 8], acc_type = <FP16>, local_bound = true, %arg0, %arg1, %arg2, %arg3, %arg4 : !spirv.arm.tensor<10x24x9x13xf16>, !spirv.arm.tensor<14x1x1x13xf16>, !spirv.arm.tensor<14xf16>, !spirv.arm.tensor<1xf16>, !spirv.arm.tensor<1xf16> -> !spirv.arm.tensor<10x25x65x14xf16>"),
	{
		name: "Rescale", inst: "RESCALE",
		example: "%0 = spirv.Tosa.Rescale scale32 = true, rounding_mode = <DoubleRound>, per_channel = false, input_unsigned = false, output_unsigned = true, %arg0, %arg1, %arg2, %arg3, %arg4 : !spirv.arm.tensor<17x29x19xi16>, !spirv.arm.tensor<1xi32>, !spirv.arm.tensor<1xi8>, !spirv.arm.tensor<1xi16>, !spirv.arm.tensor<1xi16> -> !spirv.arm.tensor<17x29x19xi16>",
		attrs: []tosaAttr{{name: "scale32", kind: TosaAttrBool}, {name: "rounding_mode", kind: TosaAttrEnum, enum: tosaRoundingMode},
			{name: "per_channel", kind: TosaAttrBool}, {name: "input_unsigned", kind: TosaAttrBool}, {name: "output_unsigned", kind: TosaAttrBool}},
		operands: []tosaOperand{
			{"input", tensorCheck{elem: intOfWidths(8, 16, 32, 64), desc: tosaIntDesc}},
			{"multiplier", tensorCheck{ranks: []int{1}, elem: intOfWidths(16, 32), desc: "16-bit integer or 32-bit integer"}},
			{"shift", tensorCheck{ranks: []int{1}, elem: intOfWidths(8), desc: "8-bit integer"}},
			{"input_zp", tensorCheck{ranks: []int{1}, length: 1, elem: intOfWidths(8, 16, 32, 64), desc: tosaIntDesc}},
			{"output_zp", tensorCheck{ranks: []int{1}, length: 1, elem: intOfWidths(8, 16, 32), desc: "8-bit integer or 16-bit integer or 32-bit integer"}},
		},
		result:   tensorCheck{elem: intOfWidths(8, 16, 32), desc: "8-bit integer or 16-bit integer or 32-bit integer"},
		sameElem: [][2]string{{"input", "input_zp"}, {"output", "output_zp"}},
	},
}

func tosaOps() []*ir.OpDef {
	ops := make([]*ir.OpDef, len(tosaSpecs))
	for i := range tosaSpecs {
		ops[i] = tosaOpDef(&tosaSpecs[i])
	}
	return ops
}

// tosaOpDef builds MLIR's assembly format for s: `name = value, ...`
// for the attributes, then the operands, then `: operand types -> type`.
func tosaOpDef(s *tosaSpec) *ir.OpDef {
	var syntax []string
	var attrs []ir.FormatAttr
	var names []string
	for _, a := range s.attrs {
		names = append(names, a.name)
		syntax = append(syntax, "`"+a.name+"` `=`")
		switch a.kind {
		case TosaAttrI32Array:
			syntax = append(syntax, "custom<I32Array>($"+a.name+") `,`")
			attrs = append(attrs, ir.FormatAttr{Name: a.name})
			continue
		case TosaAttrI32:
			attrs = append(attrs, ir.FormatAttr{Name: a.name, Type: func(ctx *ir.Context) ir.Type { return ctx.I(32) }})
		case TosaAttrBool:
			attrs = append(attrs, ir.FormatAttr{Name: a.name, Type: func(ctx *ir.Context) ir.Type { return ctx.I(1) }})
		case TosaAttrEnum:
			e := a.enum
			attrs = append(attrs, ir.FormatAttr{Name: a.name,
				Parse: func(p *ir.Parser) (ir.Attribute, error) { return parseTosaEnumAttr(p, e) },
				Print: func(p *ir.Printer, v ir.Attribute) {
					if t, ok := v.(*TosaEnumAttr); ok {
						p.WriteString("<" + t.Name() + ">")
					} else {
						p.Attr(v) // unverified IR
					}
				}})
		}
		syntax = append(syntax, "$"+a.name+" `,`")
	}
	var operands, refs []string
	for _, o := range s.operands {
		operands = append(operands, o.name)
		refs = append(refs, "$"+o.name)
	}
	syntax = append(syntax, strings.Join(refs, " `,` "), "attr-dict `:` type(operands) `->` type(results)")
	return &ir.OpDef{
		Name:     "spirv.Tosa." + s.name,
		Summary:  "TOSA " + s.inst + " (TOSA.001000.1 extended instruction set).",
		Example:  inGraph(s.example),
		Traits:   ir.Pure,
		Operands: ir.Exactly(len(s.operands)),
		Results:  ir.Exactly(1),
		Inherent: names,
		Format: &ir.Format{Syntax: strings.Join(syntax, " "), Operands: operands, Results: []string{"output"}, Attrs: attrs,
			Custom: map[string]ir.CustomDirective{"I32Array": {Parse: parseI32Array, Print: printI32Array}}},
		Verify: verifyInGraph(func(op *ir.Operation) error { return verifyTosa(s, op) }),
	}
}

// inGraph wraps the example of a TOSA op, `%0 = op %arg0, ... : T0, ... -> R`,
// in the graph it must appear in, with T0, ... as the graph's arguments.
func inGraph(example string) string {
	i := strings.LastIndex(example, " : ")
	ins, out, _ := strings.Cut(example[i+3:], " -> ")
	var args []string
	for j, t := range strings.Split(ins, ", ") {
		args = append(args, "%arg"+itoa(int64(j))+": "+t)
	}
	return "spirv.ARM.Graph @g(" + strings.Join(args, ", ") + ") -> " + out + " {\n  " + example +
		"\n  spirv.ARM.GraphOutputs %0 : " + out + "\n}"
}

// parseI32Array parses `[1, 2]` into a dense !spirv.arm.tensor<Nxi32>
// attribute (MLIR's custom<SPIRV_I32_1DArmTensor>).
func parseI32Array(p *ir.OpParser, args []*ir.FormatArg) error {
	if err := p.ParsePunct("["); err != nil {
		return err
	}
	var vals []int64
	for !p.ParseOptionalPunct("]") {
		if len(vals) > 0 {
			if err := p.ParsePunct(","); err != nil {
				return err
			}
		}
		v, err := p.ParseInteger()
		if err != nil {
			return err
		}
		vals = append(vals, v)
	}
	ctx := p.Context()
	args[0].Attr = ctx.DenseInts(TensorArm(ctx, []int64{int64(len(vals))}, false, ctx.I(32)), vals)
	return nil
}

func printI32Array(p *ir.OpPrinter, _ *ir.Operation, args []*ir.FormatArg) {
	d, ok := args[0].Attr.(*ir.DenseElementsAttr)
	if !ok {
		p.Attr(args[0].Attr) // unverified IR
		return
	}
	p.WriteString("[")
	for i := 0; i < d.Len(); i++ {
		if i > 0 {
			p.WriteString(", ")
		}
		p.Int(d.IntAt(i))
	}
	p.WriteString("]")
}

// verifyTosa checks what ODS generates for a TOSA op, in its order:
// attributes, operand and result types, element types that must match;
// then the op's own verifier.
func verifyTosa(s *tosaSpec, op *ir.Operation) error {
	ctx := op.Context()
	for _, a := range s.attrs {
		v := op.Attr(a.name)
		if v == nil {
			return op.Errorf("requires attribute '%s'", a.name)
		}
		if tosaAttrValid(ctx, a, v) {
			continue
		}
		return op.Errorf("attribute '%s' failed to satisfy constraint: %s", a.name, a.describe())
	}
	for i, o := range s.operands {
		if t := op.Operand(i).Type(); !o.check.ok(t) {
			return op.Errorf("operand #%d must be %s, but got %s", i, o.check, quotedType(t))
		}
	}
	if t := op.Result(0).Type(); !s.result.ok(t) {
		return op.Errorf("result #0 must be %s, but got %s", s.result, quotedType(t))
	}
	for _, pair := range s.sameElem {
		if tosaValue(s, op, pair[0]).Elem != tosaValue(s, op, pair[1]).Elem {
			return op.Errorf("failed to verify that all of {%s, %s} have same element type", pair[0], pair[1])
		}
	}
	if s.verify != nil {
		return s.verify(op)
	}
	return nil
}

// tosaAttrValid reports whether v is a valid value of attribute a.
func tosaAttrValid(ctx *ir.Context, a tosaAttr, v ir.Attribute) bool {
	switch a.kind {
	case TosaAttrI32:
		i, ok := v.(*ir.IntegerAttr)
		return ok && i.Type() == ctx.I(32) && i.Int() >= 0 && i.Int() <= a.max
	case TosaAttrBool:
		i, ok := v.(*ir.IntegerAttr)
		return ok && i.Type() == ctx.I(1)
	case TosaAttrI32Array:
		d, ok := v.(*ir.DenseElementsAttr)
		t := TensorArm(ctx, []int64{int64(a.length)}, false, ctx.I(32))
		return ok && d.Type() == t
	case TosaAttrEnum:
		e, ok := v.(*TosaEnumAttr)
		return ok && e.Enum == a.enum && e.Value > 0 && int(e.Value) < len(a.enum.names)
	}
	return false
}

func (a tosaAttr) describe() string {
	switch a.kind {
	case TosaAttrI32:
		return "32-bit signless integer attribute whose value is non-negative whose maximum value is " + itoa(a.max)
	case TosaAttrBool:
		return "bool attribute"
	case TosaAttrI32Array:
		return "32-bit signless int elements attribute of shape [" + itoa(int64(a.length)) + "] with type = spirv::TensorArmType"
	}
	return "valid " + a.enum.Mnemonic
}

// tosaValue returns the tensorARM type of s's operand or result name.
func tosaValue(s *tosaSpec, op *ir.Operation, name string) *TensorArmType {
	if name == "output" {
		return tensorArmOf(op.Result(0).Type())
	}
	for i, o := range s.operands {
		if o.name == name {
			return tensorArmOf(op.Operand(i).Type())
		}
	}
	return nil
}

// verifyTosaArgMax: the result's rank is max(1, rank(input) - 1) and the
// axis is within the input's rank.
func verifyTosaArgMax(op *ir.Operation) error {
	in, out := tensorArmOf(op.Operand(0).Type()), tensorArmOf(op.Result(0).Type())
	want := max(len(in.Dims)-1, 1)
	if len(out.Dims) != want {
		return op.Errorf("result rank must be max of 1 and (input rank - 1), got %d", len(out.Dims))
	}
	if axis := op.Attr("axis").(*ir.IntegerAttr).Int(); axis >= int64(len(in.Dims)) {
		return op.Errorf("specified axis is greater than the rank of input, got axis = %d and input rank = %d", axis, len(in.Dims))
	}
	return nil
}

// verifyTosaConv is MLIR's verifyConvOp: the result and accumulator types
// that the input's element type allows.
func verifyTosaConv(op *ir.Operation) error {
	in := tensorArmOf(op.Operand(0).Type()).Elem
	out := tensorArmOf(op.Result(0).Type()).Elem
	acc := op.Attr("acc_type").(*TosaEnumAttr).Name()
	it, isInt := in.(*ir.IntegerType)
	isF := func(t ir.Type, k ir.FloatKind) bool { f, ok := t.(*ir.FloatType); return ok && f.Kind == k }
	isI := func(t ir.Type, w int) bool { i, ok := t.(*ir.IntegerType); return ok && i.Width == w }
	switch {
	case isInt && it.Width != 8 && it.Width != 16:
		return op.Errorf("input element type can only be of width 8 or 16 when integer type")
	case isI(in, 8) && !isI(out, 32):
		return op.Errorf("expect result type to be i32, got %s", quotedType(out))
	case isI(in, 16) && !isI(out, 64):
		return op.Errorf("expect result type to be i64, got %s", quotedType(out))
	case isF(in, ir.F16) && !isF(out, ir.F16):
		return op.Errorf("expect result type to be f16, got %s", quotedType(out))
	case isF(in, ir.F32) && !isF(out, ir.F32):
		return op.Errorf("expect result type to be f32, got %s", quotedType(out))
	case isI(in, 8) && acc != "INT32":
		return op.Errorf("accumulator type for i8 tensorARM is not i32")
	case isI(in, 16) && acc != "INT48":
		return op.Errorf("accumulator type for i16 tensorARM is not i48")
	case isF(in, ir.F16) && acc != "FP16" && acc != "FP32":
		return op.Errorf("accumulator type for f16 tensorARM is not f16 or f32")
	case isF(in, ir.F32) && acc != "FP32":
		return op.Errorf("accumulator type for f32 tensorARM is not f32")
	}
	return nil
}

// TosaOp is what spirv/serialize needs of a TOSA op: its instruction and
// its attributes and operands in the instruction's operand order.
type TosaOp struct {
	Inst  *spv.ExtInstInfo
	attrs []tosaAttr
}

// NumAttrs is the number of leading instruction operands that are attributes.
func (t TosaOp) NumAttrs() int { return len(t.attrs) }

// AttrName returns the name of the i-th attribute operand.
func (t TosaOp) AttrName(i int) string { return t.attrs[i].name }

// AttrKind returns how the i-th attribute operand is serialized.
func (t TosaOp) AttrKind(i int) TosaAttrKind { return t.attrs[i].kind }

// AttrFromInt turns the value of an i32 constant back into the i-th
// attribute (an i32 or an enum case), or nil if it is no valid value.
func (t TosaOp) AttrFromInt(ctx *ir.Context, i int, v int64) ir.Attribute {
	a := t.attrs[i]
	var attr ir.Attribute
	switch a.kind {
	case TosaAttrI32:
		attr = ctx.I32Attr(v)
	case TosaAttrEnum:
		attr = TosaEnumOf(ctx, a.enum, uint32(v))
	default:
		return nil
	}
	if v < 0 || !tosaAttrValid(ctx, a, attr) {
		return nil
	}
	return attr
}

// EnumValue returns the number of a TOSA enum attribute.
func EnumValue(a ir.Attribute) (uint32, bool) {
	e, ok := a.(*TosaEnumAttr)
	if !ok {
		return 0, false
	}
	return e.Value, true
}

// TosaOpOf returns the TOSA op named name (spirv.Tosa.Conv2D).
func TosaOpOf(name string) (TosaOp, bool) {
	rest, ok := strings.CutPrefix(name, "spirv.Tosa.")
	if !ok {
		return TosaOp{}, false
	}
	for i := range tosaSpecs {
		if s := &tosaSpecs[i]; s.name == rest {
			return TosaOp{Inst: spv.ExtTOSA.InstructionByName(s.inst), attrs: s.attrs}, true
		}
	}
	return TosaOp{}, false
}

// armExtInstOf maps spirv.Tosa.* and spirv.ExperimentalML.Call to their
// extended instructions (for ExtInstOf).
func armExtInstOf(name string) (*spv.ExtInstSet, *spv.ExtInstInfo, bool) {
	if name == experimentalMLCallOp.Name {
		info := spv.ExtArmExperimentalML.InstructionByName("CALL")
		return spv.ExtArmExperimentalML, info, info != nil
	}
	if t, ok := TosaOpOf(name); ok {
		return spv.ExtTOSA, t.Inst, t.Inst != nil
	}
	return nil, nil, false
}

// armExtInstOpName is the reverse of armExtInstOf (for ExtInstOpName).
func armExtInstOpName(set *spv.ExtInstSet, info *spv.ExtInstInfo) (string, bool) {
	switch set {
	case spv.ExtArmExperimentalML:
		return experimentalMLCallOp.Name, info.Name == "CALL"
	case spv.ExtTOSA:
		for _, s := range tosaSpecs {
			if s.inst == info.Name {
				return "spirv.Tosa." + s.name, true
			}
		}
	}
	return "", false
}
