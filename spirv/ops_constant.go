package spirv

import (
	"strconv"
	"strings"

	"github.com/kiln-gpu/kiln/ir"
)

// Constants and symbol references: spirv.Constant, spirv.SpecConstant,
// spirv.SpecConstantComposite, spirv.SpecConstantOperation (with
// spirv.mlir.yield), spirv.mlir.addressof, spirv.mlir.referenceof,
// spirv.Undef.

// constantOp: `%0 = spirv.Constant 1 : i32`, `spirv.Constant true`,
// `spirv.Constant [1 : i32, 2 : i32] : !spirv.array<2 x i32>`.
var constantOp = &ir.OpDef{
	Name:     "spirv.Constant",
	Summary:  "A constant scalar, vector, array or struct value.",
	Example:  "%cst1_i32 = spirv.Constant 1 : i32",
	Traits:   ir.Pure | ir.ConstantLike,
	Results:  ir.Exactly(1),
	Inherent: []string{"value"},
	Parse: func(p *ir.OpParser, st *ir.OpState) error {
		v, err := p.ParseAttribute(nil)
		if err != nil {
			return err
		}
		st.AddAttr("value", v)
		var t ir.Type
		if ta, ok := v.(ir.TypedAttr); ok {
			t = ta.Type()
		}
		if _, tensor := t.(*ir.RankedTensorType); t == nil || tensor {
			if t, err = p.ParseColonType(); err != nil {
				return err
			}
		}
		st.ResultTypes = []ir.Type{t}
		return p.ParseOptionalAttrDict()
	},
	Print: func(p *ir.OpPrinter, op *ir.Operation) {
		p.WriteString(" ")
		p.Attr(op.Attr("value"))
		t := op.Result(0).Type()
		if ta, ok := op.Attr("value").(ir.TypedAttr); !ok || ta.Type() != t {
			p.WriteString(" : ")
			p.Type(t)
		}
		p.OptionalAttrDict(op.Attrs(), "value")
	},
	Verify: func(op *ir.Operation) error {
		v := op.Attr("value")
		if v == nil {
			return op.Errorf("requires attribute 'value'")
		}
		return verifyConstantValue(op, v, op.Result(0).Type())
	},
	Fold: func(op *ir.Operation, _ []ir.Attribute) ([]ir.FoldResult, bool) {
		return []ir.FoldResult{{Attr: op.Attr("value")}}, true
	},
	ResultNames: func(op *ir.Operation, name func(v *ir.Value, name string)) {
		name(op.Result(0), constantName(op.Attr("value"), op.Result(0).Type()))
	},
}

// constantName is MLIR's SSA name for a spirv.Constant: %true, %cst1_i32,
// %cst_f32, %cst_vec_3xi32, %cst.
func constantName(v ir.Attribute, t ir.Type) string {
	b := make([]byte, 0, 24) // one allocation: the printer names every constant
	b = append(b, "cst"...)
	it, isInt := t.(*ir.IntegerType)
	if ia, ok := v.(*ir.IntegerAttr); ok && isInt {
		if it.Width == 1 {
			if ia.Bool() {
				return "true"
			}
			return "false"
		}
		if it.Signedness == ir.Unsigned {
			b = strconv.AppendUint(b, ia.Uint(), 10)
		} else {
			b = strconv.AppendInt(b, ia.Int(), 10)
		}
	}
	if _, isFloat := t.(*ir.FloatType); isInt || isFloat {
		b = appendScalarName(append(b, '_'), t)
	}
	if vt, ok := t.(*ir.VectorType); ok && len(vt.Dims) == 1 {
		b = strconv.AppendInt(append(b, "_vec_"...), vt.Dims[0], 10)
		b = appendScalarName(append(b, 'x'), vt.Elem)
	}
	return string(b)
}

// appendScalarName appends how a scalar type prints (i32, si8, f32)
// without going through the type printer.
func appendScalarName(b []byte, t ir.Type) []byte {
	switch t := t.(type) {
	case *ir.IntegerType:
		switch t.Signedness {
		case ir.Signed:
			b = append(b, 's')
		case ir.Unsigned:
			b = append(b, 'u')
		}
		return strconv.AppendInt(append(b, 'i'), int64(t.Width), 10)
	case *ir.FloatType:
		switch t.Kind {
		case ir.F16, ir.F32, ir.F64:
			return strconv.AppendInt(append(b, 'f'), int64(t.Width()), 10)
		}
	}
	return append(b, typeString(t)...)
}

// verifyConstantValue checks that v can be a constant of type t (MLIR's
// verifyConstantType; structs of constants are accepted too).
func verifyConstantValue(op *ir.Operation, v ir.Attribute, t ir.Type) error {
	switch v := v.(type) {
	case *ir.IntegerAttr, *ir.FloatAttr:
		if vt := v.(ir.TypedAttr).Type(); vt != t {
			return op.Errorf("result type (%s) does not match value type (%s)", quotedType(t), quotedType(vt))
		}
		return nil
	case *ir.DenseElementsAttr:
		if v.Type() == t {
			return nil
		}
		at, ok := t.(*ArrayType)
		if !ok {
			return op.Errorf("result or element type (%s) does not match value type (%s), must be the same or spirv.array",
				quotedType(t), quotedType(v.Type()))
		}
		n, elem := at.Len, at.Elem
		for inner, ok := elem.(*ArrayType); ok; inner, ok = elem.(*ArrayType) {
			n, elem = n*inner.Len, inner.Elem
		}
		if !isSPIRVInt(elem) && !isSPIRVFloat(elem) && !isBool(elem) {
			return op.Errorf("only support nested array result type")
		}
		if ve := v.ShapedType().ElementType(); ve != elem {
			return op.Errorf("result element type (%s) does not match value element type (%s)", quotedType(elem), quotedType(ve))
		}
		if int64(v.Len()) != n {
			return op.Errorf("result number of elements (%d) does not match value number of elements (%d)", n, v.Len())
		}
		return nil
	case *ir.ArrayAttr:
		switch at := t.(type) {
		case *ArrayType:
			if int64(len(v.Elems)) != at.Len {
				return op.Errorf("result demands %d elements, but the value has %d", at.Len, len(v.Elems))
			}
			for _, e := range v.Elems {
				if err := verifyConstantValue(op, e, at.Elem); err != nil {
					return err
				}
			}
			return nil
		case *StructType:
			if len(v.Elems) != at.NumMembers() {
				return op.Errorf("result demands %d members, but the value has %d", at.NumMembers(), len(v.Elems))
			}
			for i, e := range v.Elems {
				if err := verifyConstantValue(op, e, at.Member(i)); err != nil {
					return err
				}
			}
			return nil
		}
		return op.Errorf("must have spirv.array result type for array value")
	}
	return op.Errorf("cannot have attribute: %s", ir.AttrString(v))
}

// ConstantValue returns the value attribute of a spirv.Constant that
// defines v, or nil.
func ConstantValue(v *ir.Value) ir.Attribute {
	if d := v.DefiningOp(); d != nil && d.Name() == "spirv.Constant" {
		return d.Attr("value")
	}
	return nil
}

// specConstantOp: `spirv.SpecConstant @sc spec_id(1) = 5 : i32`.
var specConstantOp = &ir.OpDef{
	Name:     "spirv.SpecConstant",
	Summary:  "A specialization constant with a default value.",
	Example:  "spirv.SpecConstant @width spec_id(1) = 64 : i32",
	Traits:   ir.Symbol,
	Inherent: []string{"sym_name", "default_value", "spec_id"},
	Parse: func(p *ir.OpParser, st *ir.OpState) error {
		ctx := p.Context()
		if err := ir.ParseSymbolNameAttr(p, st, "sym_name"); err != nil {
			return err
		}
		if p.ParseOptionalKeyword("spec_id") {
			id, err := parseParenInts(p.Parser, 1)
			if err != nil {
				return err
			}
			st.AddAttr("spec_id", ctx.I64Attr(id[0])) // i64, as MLIR parses it
		}
		if err := p.ParsePunct("="); err != nil {
			return err
		}
		v, err := p.ParseAttribute(nil)
		if err != nil {
			return err
		}
		st.AddAttr("default_value", v)
		return p.ParseOptionalAttrDict()
	},
	Print: func(p *ir.OpPrinter, op *ir.Operation) {
		p.WriteString(" ")
		ir.PrintSymbolNameAttr(p, op, "sym_name")
		if id, ok := op.Attr("spec_id").(*ir.IntegerAttr); ok {
			p.WriteString(" spec_id(" + itoa(id.Int()) + ")")
		}
		p.WriteString(" = ")
		p.Attr(op.Attr("default_value"))
		p.OptionalAttrDict(op.Attrs(), "sym_name", "spec_id", "default_value")
	},
	Verify: func(op *ir.Operation) error {
		if id, ok := op.Attr("spec_id").(*ir.IntegerAttr); ok && id.Int() < 0 {
			return op.Errorf("SpecId cannot be negative")
		}
		switch v := op.Attr("default_value").(type) {
		case *ir.IntegerAttr, *ir.FloatAttr:
			if !isScalar(v.(ir.TypedAttr).Type()) {
				return op.Errorf("default value bitwidth disallowed")
			}
			return nil
		}
		return op.Errorf("default value can only be a bool, integer, or float scalar")
	},
}

// SpecConstantType returns the type of a spirv.SpecConstant's value, or nil.
func SpecConstantType(op *ir.Operation) ir.Type {
	if ta, ok := op.Attr("default_value").(ir.TypedAttr); ok {
		return ta.Type()
	}
	return nil
}

// specConstantCompositeOp: `spirv.SpecConstantComposite @scc (@a, @b) : !spirv.array<2 x i32>`.
var specConstantCompositeOp = &ir.OpDef{
	Name:     "spirv.SpecConstantComposite",
	Summary:  "A composite specialization constant built from other ones.",
	Example:  "spirv.SpecConstantComposite @pair (@a, @b) : !spirv.array<2 x i32>",
	Traits:   ir.Symbol,
	Inherent: []string{"sym_name", "type", "constituents"},
	Parse: func(p *ir.OpParser, st *ir.OpState) error {
		ctx := p.Context()
		if err := ir.ParseSymbolNameAttr(p, st, "sym_name"); err != nil {
			return err
		}
		if err := p.ParsePunct("("); err != nil {
			return err
		}
		var cs []ir.Attribute
		if !p.ParseOptionalPunct(")") {
			for {
				c, err := p.ParseSymbolName()
				if err != nil {
					return err
				}
				cs = append(cs, ctx.SymbolRef(c))
				if !p.ParseOptionalPunct(",") {
					break
				}
			}
			if err := p.ParsePunct(")"); err != nil {
				return err
			}
		}
		st.AddAttr("constituents", ctx.ArrayAttr(cs...))
		t, err := p.ParseColonType()
		if err != nil {
			return err
		}
		st.AddAttr("type", ctx.TypeAttr(t))
		return p.ParseOptionalAttrDict()
	},
	Print: func(p *ir.OpPrinter, op *ir.Operation) {
		p.WriteString(" ")
		ir.PrintSymbolNameAttr(p, op, "sym_name")
		p.WriteString(" (")
		if arr, ok := op.Attr("constituents").(*ir.ArrayAttr); ok {
			for i, e := range arr.Elems {
				if i > 0 {
					p.WriteString(", ")
				}
				p.Attr(e)
			}
		}
		p.WriteString(") : ")
		if ta, ok := op.Attr("type").(*ir.TypeAttr); ok {
			p.Type(ta.Value)
		}
		p.OptionalAttrDict(op.Attrs(), "sym_name", "constituents", "type")
	},
	Verify: func(op *ir.Operation) error {
		ta, ok := op.Attr("type").(*ir.TypeAttr)
		if !ok {
			return op.Errorf("requires attribute 'type'")
		}
		arr, _ := op.Attr("constituents").(*ir.ArrayAttr)
		n := 0
		if arr != nil {
			n = len(arr.Elems)
		}
		want := -1
		switch t := ta.Value.(type) {
		case *ir.VectorType:
			want = int(numElements(t))
		case *ArrayType:
			want = int(t.Len)
		case *StructType:
			want = t.NumMembers()
		case *MatrixType:
			want = int(t.Columns)
		case *TensorArmType:
			// Constituents are the outermost dimension's elements.
			if t.Unranked || len(t.Dims) == 0 || t.Dims[0] < 0 {
				return op.Errorf("result type must have a static outermost dimension, but provided %s", quotedType(t))
			}
			want = int(t.Dims[0])
		case *CoopMatrixType:
			return op.Errorf("unsupported composite type  %s", quotedType(t))
		default:
			return op.Errorf("result type must be a composite type, but provided %s", quotedType(t))
		}
		if n != want {
			return op.Errorf("has incorrect number of operands: expected %d, but provided %d", want, n)
		}
		for i, c := range arr.Elems {
			ref, ok := c.(*ir.SymbolRefAttr)
			if !ok {
				continue
			}
			sc := ir.LookupNearestSymbol(op, ref)
			if sc == nil || sc.Name() != specConstantOp.Name {
				continue
			}
			if got, want := SpecConstantType(sc), ElementType(ta.Value, int64(i)); got != want {
				return op.Errorf("has incorrect types of operands: expected %s, but provided %s", quotedType(want), quotedType(got))
			}
		}
		return nil
	},
}

// specConstantOperationOp: `%r = spirv.SpecConstantOperation wraps "spirv.IAdd"(%a, %b) : (i32, i32) -> i32`.
// The wrapped op lives in the single-block region, followed by spirv.mlir.yield.
var specConstantOperationOp = &ir.OpDef{
	Name:    "spirv.SpecConstantOperation",
	Summary: "An operation on specialization constants, evaluated at specialization time.",
	Example: "%cst1_i32 = spirv.Constant 1 : i32\n%r = spirv.SpecConstantOperation wraps \"spirv.IAdd\"(%cst1_i32, %cst1_i32) : (i32, i32) -> i32",
	Traits:  ir.Pure | ir.SingleBlock,
	Results: ir.Exactly(1), Regions: ir.Exactly(1),
	Parse: func(p *ir.OpParser, st *ir.OpState) error {
		ctx := p.Context()
		if err := p.ParseKeyword("wraps"); err != nil {
			return err
		}
		loc := p.Loc()
		name, err := p.ParseString()
		if err != nil {
			return err
		}
		us, err := p.ParseParenOperandList()
		if err != nil {
			return err
		}
		// The wrapped op prints in the generic form: properties, then attributes.
		var props []ir.NamedAttr
		if p.ParseOptionalPunct("<") {
			if props, err = p.Parser.ParseOptionalAttrDict(); err != nil {
				return err
			}
			if err := p.ParsePunct(">"); err != nil {
				return err
			}
		}
		attrs, err := p.Parser.ParseOptionalAttrDict()
		if err != nil {
			return err
		}
		if err := p.ParsePunct(":"); err != nil {
			return err
		}
		ft, err := p.ParseFunctionType()
		if err != nil {
			return err
		}
		if len(ft.Results) != 1 || len(ft.Inputs) != len(us) {
			return ir.Errorf(loc, "expected one result and a type per operand")
		}
		operands := make([]*ir.Value, len(us))
		for i, u := range us {
			if operands[i], err = p.Resolve(u, ft.Inputs[i]); err != nil {
				return err
			}
		}
		name = strings.Replace(name, "spv.", "spirv.", 1)
		inner := ctx.NewOp(&ir.OpState{Name: name, Loc: loc, Operands: operands, ResultTypes: ft.Results, Props: props, Attrs: attrs})
		yield := ctx.NewOp(&ir.OpState{Name: "spirv.mlir.yield", Loc: loc, Operands: []*ir.Value{inner.Result(0)}})
		b := ir.NewBlock(nil, nil)
		b.Append(inner)
		b.Append(yield)
		st.AddRegion().Append(b)
		st.ResultTypes = ft.Results
		return nil
	},
	Print: func(p *ir.OpPrinter, op *ir.Operation) {
		p.WriteString(" wraps ")
		if inner := WrappedOp(op); inner != nil {
			p.GenericOp(inner)
		}
	},
	Verify: func(op *ir.Operation) error {
		inner := WrappedOp(op)
		if inner == nil || inner.NextOp() == nil || inner.NextOp().Name() != "spirv.mlir.yield" {
			return op.Errorf("expected exactly 2 nested ops: the wrapped op and spirv.mlir.yield")
		}
		if !usableInSpecConstantOp[strings.TrimPrefix(inner.Name(), "spirv.")] {
			return op.Errorf("invalid enclosed op")
		}
		for _, v := range inner.Operands() {
			d := v.DefiningOp()
			if d == nil || (d.Name() != "spirv.Constant" && d.Name() != "spirv.mlir.referenceof" && d.Name() != "spirv.SpecConstantOperation") {
				return op.Errorf("invalid operand, must be defined by a constant operation")
			}
		}
		return nil
	},
}

// usableInSpecConstantOp lists the instructions OpSpecConstantOp may
// compute (SPIR-V spec, OpSpecConstantOp, shader and kernel lists).
var usableInSpecConstantOp = func() map[string]bool {
	m := map[string]bool{}
	for _, n := range strings.Fields(`SConvert UConvert FConvert SNegate Not IAdd ISub IMul UDiv SDiv UMod SRem SMod
		ShiftRightLogical ShiftRightArithmetic ShiftLeftLogical BitwiseOr BitwiseXor BitwiseAnd VectorShuffle
		CompositeExtract CompositeInsert LogicalOr LogicalAnd LogicalNot LogicalEqual LogicalNotEqual Select
		IEqual INotEqual ULessThan SLessThan UGreaterThan SGreaterThan ULessThanEqual SLessThanEqual
		UGreaterThanEqual SGreaterThanEqual QuantizeToF16 ConvertFToS ConvertSToF ConvertFToU ConvertUToF
		ConvertPtrToU ConvertUToPtr GenericCastToPtr PtrCastToGeneric Bitcast FNegate FAdd FSub FMul FDiv
		FRem FMod AccessChain InBoundsAccessChain PtrAccessChain InBoundsPtrAccessChain`) {
		m[n] = true
	}
	return m
}()

// WrappedOp returns the op a spirv.SpecConstantOperation wraps, or nil.
func WrappedOp(op *ir.Operation) *ir.Operation {
	if op.NumRegions() == 0 || op.Region(0).Empty() {
		return nil
	}
	return op.Region(0).Entry().First()
}

// yieldOp: `spirv.mlir.yield %v : T`, the terminator of spirv.SpecConstantOperation.
var yieldOp = &ir.OpDef{
	Name:    "spirv.mlir.yield",
	Summary: "Yields the wrapped op's result out of spirv.SpecConstantOperation.",
	// Printed only in the generic form, inside spirv.SpecConstantOperation.
	Example:  "%cst1_i32 = spirv.Constant 1 : i32\n%r = spirv.SpecConstantOperation wraps \"spirv.SNegate\"(%cst1_i32) : (i32) -> i32",
	Traits:   ir.Terminator | ir.Pure | ir.ReturnLike,
	Operands: ir.Exactly(1),
	Parse:    ir.ParseOperandColonType,
	Print:    ir.PrintOperandColonType,
	Verify: func(op *ir.Operation) error {
		if p := op.ParentOp(); p == nil || p.Name() != specConstantOperationOp.Name {
			return op.Errorf("expects parent op 'spirv.SpecConstantOperation'")
		}
		return nil
	},
}

// symbolRefOp makes `%r = spirv.mlir.<name> @sym attr-dict : T`; verify
// gets the op the symbol names, nil if none.
func symbolRefOp(name, attr, summary, example string, verify func(op, sym *ir.Operation) error) *ir.OpDef {
	return &ir.OpDef{
		Name: name, Summary: summary, Example: example,
		Traits: ir.Pure, Results: ir.Exactly(1), Inherent: []string{attr},
		Parse: func(p *ir.OpParser, st *ir.OpState) error {
			s, err := p.ParseSymbolName()
			if err != nil {
				return err
			}
			st.AddAttr(attr, p.Context().SymbolRef(s))
			if err := p.ParseOptionalAttrDict(); err != nil {
				return err
			}
			t, err := p.ParseColonType()
			st.ResultTypes = []ir.Type{t}
			return err
		},
		Print: func(p *ir.OpPrinter, op *ir.Operation) {
			p.WriteString(" ")
			p.Attr(op.Attr(attr))
			p.OptionalAttrDict(op.Attrs(), attr)
			p.WriteString(" : ")
			p.Type(op.Result(0).Type())
		},
		Verify: func(op *ir.Operation) error {
			ref, ok := op.Attr(attr).(*ir.SymbolRefAttr)
			if !ok {
				return op.Errorf("requires attribute '%s'", attr)
			}
			return verify(op, ir.LookupNearestSymbol(op, ref))
		},
	}
}

// addressOfOp prints its result as %<variable>_addr, as MLIR names it.
var addressOfOp = func() *ir.OpDef {
	d := symbolRefOp("spirv.mlir.addressof", "variable",
		"Takes the address of a spirv.GlobalVariable.",
		"spirv.module Logical GLSL450 {\n  spirv.GlobalVariable @data : !spirv.ptr<f32, Workgroup>\n"+
			"  spirv.func @f() \"None\" {\n    %data_addr = spirv.mlir.addressof @data : !spirv.ptr<f32, Workgroup>\n    spirv.Return\n  }\n}",
		func(op, g *ir.Operation) error {
			if g == nil || g.Name() != "spirv.GlobalVariable" {
				return op.Errorf("expected spirv.GlobalVariable symbol")
			}
			if t := GlobalVariableType(g); t != op.Result(0).Type() {
				return op.Errorf("result type mismatch with the referenced global variable's type")
			}
			return nil
		})
	d.ResultNames = func(op *ir.Operation, name func(v *ir.Value, name string)) {
		if ref, ok := op.Attr("variable").(*ir.SymbolRefAttr); ok {
			name(op.Result(0), ref.Root+"_addr")
		}
	}
	return d
}()

var referenceOfOp = symbolRefOp("spirv.mlir.referenceof", "spec_const",
	"Reads the value of a specialization constant.",
	"spirv.module Logical GLSL450 {\n  spirv.SpecConstant @width = 64 : i32\n"+
		"  spirv.func @f() -> i32 \"None\" {\n    %0 = spirv.mlir.referenceof @width : i32\n    spirv.ReturnValue %0 : i32\n  }\n}",
	func(op, s *ir.Operation) error {
		if s == nil {
			return op.Errorf("expected spirv.SpecConstant or spirv.SpecConstantComposite symbol")
		}
		var t ir.Type
		switch s.Name() {
		case "spirv.SpecConstant":
			t = SpecConstantType(s)
		case "spirv.SpecConstantComposite", "spirv.EXT.SpecConstantCompositeReplicate":
			if ta, ok := s.Attr("type").(*ir.TypeAttr); ok {
				t = ta.Value
			}
		default:
			return op.Errorf("expected spirv.SpecConstant or spirv.SpecConstantComposite symbol")
		}
		if t != op.Result(0).Type() {
			return op.Errorf("result type mismatch with the referenced specialization constant's type")
		}
		return nil
	})

// undefOp: `%u = spirv.Undef : f32`.
var undefOp = &ir.OpDef{
	Name:    "spirv.Undef",
	Summary: "An undefined value of the given type.",
	Example: "%u = spirv.Undef : vector<4xf32>",
	Traits:  ir.Pure,
	Results: ir.Exactly(1),
	Format:  &ir.Format{Syntax: "attr-dict `:` type($result)", Results: []string{"result"}},
}
