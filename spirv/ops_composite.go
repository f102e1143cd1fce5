package spirv

import (
	"github.com/kiln-gpu/kiln/arith"
	"github.com/kiln-gpu/kiln/ir"
)

// Composite ops: construct, extract, insert, vector shuffles and dynamic
// vector element access.

// compositeConstructOp: `%r = spirv.CompositeConstruct %a, %b : (f32, f32) -> vector<2xf32>`.
var compositeConstructOp = &ir.OpDef{
	Name:     "spirv.CompositeConstruct",
	Summary:  "Builds a vector, array, struct or matrix from its constituents.",
	Example:  "%r = spirv.CompositeConstruct %a, %b, %c : (f32, f32, f32) -> vector<3xf32>",
	Traits:   ir.Pure,
	Operands: ir.Variadic, Results: ir.Exactly(1),
	Format: functionalFormat(),
	Verify: func(op *ir.Operation) error {
		t := op.Result(0).Type()
		// Cooperative matrices take one constituent, their element.
		if e := coopMatrixElem(t); e != nil {
			if op.NumOperands() != 1 {
				return op.Errorf("has incorrect number of operands: expected 1, but provided %d", op.NumOperands())
			}
			if op.Operand(0).Type() != e {
				return op.Errorf("operand type mismatch: expected operand type %s, but provided %s", quotedType(e), quotedType(op.Operand(0).Type()))
			}
			return nil
		}
		n, ok := numCompositeElements(t)
		if m, isMatrix := t.(*MatrixType); isMatrix {
			n, ok = m.Columns, true
		}
		if !ok {
			return op.Errorf("result #0 must be vector or any SPIR-V composite type, but got '%s'", typeString(t))
		}
		// One constituent per element.
		if int64(op.NumOperands()) == n {
			for i, v := range op.Operands() {
				if want := ElementType(t, int64(i)); v.Type() != want {
					return op.Errorf("operand type mismatch: expected operand type %s, but provided %s", quotedType(want), quotedType(v.Type()))
				}
			}
			return nil
		}
		// Vectors also take smaller vectors whose lengths add up.
		vt, ok := t.(*ir.VectorType)
		if !ok {
			return op.Errorf("expected to return a vector or cooperative matrix when the number of constituents is less than what the result needs")
		}
		total := int64(0)
		for _, v := range op.Operands() {
			if _, isVec := v.Type().(*ir.VectorType); !isVec && !isSPIRVInt(v.Type()) && !isSPIRVFloat(v.Type()) && !isBool(v.Type()) {
				return op.Errorf("operand type mismatch: expected operand to have a scalar or vector type, but provided %s", quotedType(v.Type()))
			}
			if elemType(v.Type()) != vt.Elem {
				return op.Errorf("operand element type mismatch: expected to be %s, but provided %s", quotedType(vt.Elem), quotedType(elemType(v.Type())))
			}
			total += numElements(v.Type())
		}
		if total != n {
			return op.Errorf("has incorrect number of operands: expected %d, but provided %d", n, total)
		}
		return nil
	},
}

// indicesAttr reads an array of integer attributes.
func indicesAttr(a ir.Attribute) ([]int64, bool) {
	arr, ok := a.(*ir.ArrayAttr)
	if !ok {
		return nil, false
	}
	out := make([]int64, len(arr.Elems))
	for i, e := range arr.Elems {
		ia, ok := e.(*ir.IntegerAttr)
		if !ok {
			return nil, false
		}
		out[i] = ia.Int()
	}
	return out, true
}

// opExtractedType is extractedType for the composite type t and op's
// indices attribute, as the composite ops verify it.
func opExtractedType(op *ir.Operation, t ir.Type) (ir.Type, error) {
	idx, ok := indicesAttr(op.Attr("indices"))
	if ok {
		for _, e := range op.Attr("indices").(*ir.ArrayAttr).Elems {
			ok = ok && e.(*ir.IntegerAttr).Type() == op.Context().I(32)
		}
	}
	if !ok {
		return nil, op.Errorf("attribute 'indices' failed to satisfy constraint: 32-bit integer array attribute")
	}
	et, msg := extractedType(t, idx)
	if et == nil {
		return nil, op.Errorf("%s", msg)
	}
	return et, nil
}

// extractedType walks a composite type by constant indices (MLIR's getElementType).
func extractedType(t ir.Type, indices []int64) (ir.Type, string) {
	if len(indices) == 0 {
		return nil, "expected at least one index for spirv.CompositeExtract"
	}
	for _, i := range indices {
		if _, ok := t.(*RuntimeArrayType); ok {
			return nil, "cannot extract from runtime array"
		}
		n := int64(-1)
		switch c := t.(type) {
		case *ir.VectorType:
			n = numElements(c)
		case *ArrayType:
			n = c.Len
		case *StructType:
			n = int64(c.NumMembers())
		case *MatrixType:
			n = c.Columns
		}
		if n >= 0 && (i < 0 || i >= n) {
			return nil, "index " + itoa(i) + " out of bounds for " + quotedType(t)
		}
		next := ElementType(t, i)
		if next == nil {
			return nil, "cannot extract from non-composite type " + quotedType(t) + " with index " + itoa(i)
		}
		t = next
	}
	return t, ""
}

// parseIndices parses `[0 : i32, 1 : i32]` into an array of i32 attributes.
func parseIndices(p *ir.OpParser) (ir.Attribute, []int64, error) {
	at := p.Pos()
	a, err := p.ParseAttribute(nil)
	if err != nil {
		return nil, nil, err
	}
	idx, ok := indicesAttr(a)
	if !ok {
		return nil, nil, ir.Errorf(p.LocAt(at), "expected an array of integer indices")
	}
	return a, idx, nil
}

// compositeExtractOp: `%r = spirv.CompositeExtract %c[1 : i32, 0 : i32] : !spirv.array<4 x vector<2xf32>>`.
var compositeExtractOp = &ir.OpDef{
	Name:     "spirv.CompositeExtract",
	Summary:  "Extracts a part of a composite by constant indices.",
	Example:  "%r = spirv.CompositeExtract %c[1 : i32, 0 : i32] : !spirv.array<4 x vector<2xf32>>",
	Traits:   ir.Pure,
	Operands: ir.Exactly(1), Results: ir.Exactly(1),
	Inherent: []string{"indices"},
	Parse: func(p *ir.OpParser, st *ir.OpState) error {
		u, err := p.ParseOperand()
		if err != nil {
			return err
		}
		at := p.Pos()
		a, idx, err := parseIndices(p)
		if err != nil {
			return err
		}
		st.AddAttr("indices", a)
		if err := p.ParseOptionalAttrDict(); err != nil {
			return err
		}
		t, err := p.ParseColonType()
		if err != nil {
			return err
		}
		rt, msg := extractedType(t, idx)
		if rt == nil {
			return ir.Errorf(p.LocAt(at), "%s", msg)
		}
		st.ResultTypes = []ir.Type{rt}
		return p.ResolveOperands([]ir.UnresolvedOperand{u}, []ir.Type{t})
	},
	Print: func(p *ir.OpPrinter, op *ir.Operation) {
		p.WriteString(" ")
		p.Operand(op.Operand(0))
		p.Attr(op.Attr("indices"))
		p.OptionalAttrDict(op.Attrs(), "indices")
		p.WriteString(" : ")
		p.Type(op.Operand(0).Type())
	},
	Verify: func(op *ir.Operation) error {
		rt, err := opExtractedType(op, op.Operand(0).Type())
		if err != nil {
			return err
		}
		if rt != op.Result(0).Type() {
			return op.Errorf("invalid result type: expected %s but provided %s", quotedType(rt), quotedType(op.Result(0).Type()))
		}
		return nil
	},
}

// compositeInsertOp: `%r = spirv.CompositeInsert %obj, %c[0 : i32] : f32 into vector<4xf32>`.
var compositeInsertOp = &ir.OpDef{
	Name:     "spirv.CompositeInsert",
	Summary:  "Replaces a part of a composite, by constant indices.",
	Example:  "%r = spirv.CompositeInsert %obj, %c[1 : i32, 0 : i32] : f32 into !spirv.array<4 x vector<2xf32>>",
	Traits:   ir.Pure,
	Operands: ir.Exactly(2), Results: ir.Exactly(1),
	Inherent: []string{"indices"},
	Parse: func(p *ir.OpParser, st *ir.OpState) error {
		us, err := ir.ParseOperandsN(p, 2)
		if err != nil {
			return err
		}
		a, _, err := parseIndices(p)
		if err != nil {
			return err
		}
		st.AddAttr("indices", a)
		obj, ct, err := ir.ParseAttrDictColonTypes(p, "into")
		if err != nil {
			return err
		}
		st.ResultTypes = []ir.Type{ct}
		return p.ResolveOperands(us, []ir.Type{obj, ct})
	},
	Print: func(p *ir.OpPrinter, op *ir.Operation) {
		p.WriteString(" ")
		p.Operands(op.Operands())
		p.Attr(op.Attr("indices"))
		p.OptionalAttrDict(op.Attrs(), "indices")
		p.WriteString(" : ")
		p.Type(op.Operand(0).Type())
		p.WriteString(" into ")
		p.Type(op.Operand(1).Type())
	},
	Verify: func(op *ir.Operation) error {
		et, err := opExtractedType(op, op.Operand(1).Type())
		if err != nil {
			return err
		}
		if et != op.Operand(0).Type() {
			return op.Errorf("object operand type should be %s, but found %s", quotedType(et), quotedType(op.Operand(0).Type()))
		}
		if op.Result(0).Type() != op.Operand(1).Type() {
			return op.Errorf("result type should be the same as the composite type, but found %s vs %s",
				quotedType(op.Operand(1).Type()), quotedType(op.Result(0).Type()))
		}
		return nil
	},
}

// vectorShuffleOp: `%r = spirv.VectorShuffle [1 : i32, 3 : i32] %a, %b : vector<2xf32>, vector<2xf32> -> vector<2xf32>`.
var vectorShuffleOp = &ir.OpDef{
	Name:     "spirv.VectorShuffle",
	Summary:  "Selects components from two vectors.",
	Example:  "%r = spirv.VectorShuffle [1 : i32, 3 : i32, 2 : i32] %a, %b : vector<4xf32>, vector<2xf32> -> vector<3xf32>",
	Traits:   ir.Pure,
	Operands: ir.Exactly(2), Results: ir.Exactly(1),
	Inherent: []string{"components"},
	Format: &ir.Format{Syntax: "attr-dict $components $vector1 `,` $vector2 `:` type($vector1) `,` type($vector2) `->` type($result)",
		Operands: []string{"vector1", "vector2"}, Results: []string{"result"}, Attrs: []ir.FormatAttr{{Name: "components"}}},
	Verify: func(op *ir.Operation) error {
		vec := arith.Constraint{Desc: "vector of bool or 8/16/32/64-bit integer or 16/32/64-bit float" + vecLens, OK: onlyVector(isScalar)}
		if err := arith.CheckOperands(op, vec, vec); err != nil {
			return err
		}
		if err := arith.CheckResults(op, vec); err != nil {
			return err
		}
		cs, ok := indicesAttr(op.Attr("components"))
		if !ok {
			return op.Errorf("requires attribute 'components'")
		}
		rt := op.Result(0).Type()
		if int64(len(cs)) != numElements(rt) {
			return op.Errorf("result type element count (%d) mismatch with the number of component selectors (%d)", numElements(rt), len(cs))
		}
		total := numElements(op.Operand(0).Type()) + numElements(op.Operand(1).Type())
		for _, c := range cs {
			// MLIR prints the undefined component 0xFFFFFFFF as `-1 : i32`.
			if c != -1 && c != 0xFFFFFFFF && (c < 0 || c >= total) {
				return op.Errorf("component selector %d out of range: expected to be in [0, %d) or 0xffffffff", c, total)
			}
		}
		if elemType(op.Operand(0).Type()) != elemType(rt) || elemType(op.Operand(1).Type()) != elemType(rt) {
			return op.Errorf("operands and result must have the same element type")
		}
		return nil
	},
}

// vectorExtractDynamicOp: `%r = spirv.VectorExtractDynamic %v[%i] : vector<8xf32>, i32`.
var vectorExtractDynamicOp = &ir.OpDef{
	Name:     "spirv.VectorExtractDynamic",
	Summary:  "Extracts a vector component by a dynamic index.",
	Example:  "%r = spirv.VectorExtractDynamic %v[%i] : vector<8xf32>, i32",
	Traits:   ir.Pure,
	Operands: ir.Exactly(2), Results: ir.Exactly(1),
	Format: &ir.Format{Syntax: "$vector `[` $index `]` attr-dict `:` type($vector) `,` type($index)",
		Operands: []string{"vector", "index"}, Results: []string{"result"},
		TypesFrom: []ir.TypeFrom{{From: "vector", To: "result", Transform: elemTypeOf}}},
	Verify: func(op *ir.Operation) error {
		if err := arith.CheckOperands(op, dynamicVector, intType); err != nil {
			return err
		}
		if op.Result(0).Type() != elemType(op.Operand(0).Type()) {
			return op.Errorf("result type must match the vector's element type")
		}
		return nil
	},
}

// vectorInsertDynamicOp: `%r = spirv.VectorInsertDynamic %s, %v[%i] : vector<8xf32>, i32`.
// As in MLIR and the binary, the operands are the vector, the component
// and the index, though the component is written first.
var vectorInsertDynamicOp = &ir.OpDef{
	Name:     "spirv.VectorInsertDynamic",
	Summary:  "Replaces a vector component selected by a dynamic index.",
	Example:  "%r = spirv.VectorInsertDynamic %s, %v[%i] : vector<8xf32>, i32",
	Traits:   ir.Pure,
	Operands: ir.Exactly(3), Results: ir.Exactly(1),
	Format: &ir.Format{Syntax: "$component `,` $vector `[` $index `]` attr-dict `:` type($vector) `,` type($index)",
		Operands: []string{"vector", "component", "index"}, Results: []string{"result"},
		TypesMatch: [][]string{{"vector", "result"}},
		TypesFrom:  []ir.TypeFrom{{From: "vector", To: "component", Transform: elemTypeOf}}},
	Verify: func(op *ir.Operation) error {
		if err := arith.CheckOperands(op, dynamicVector, scalarOrVector, intType); err != nil {
			return err
		}
		if op.Operand(1).Type() != elemType(op.Operand(0).Type()) || op.Result(0).Type() != op.Operand(0).Type() {
			return op.Errorf("component and result types must match the vector")
		}
		return nil
	},
}

// dynamicVector is the vector operand of the dynamic extract/insert ops.
var dynamicVector = arith.Constraint{Desc: "vector of bool or 8/16/32/64-bit integer or 16/32/64-bit float" + vecLens, OK: onlyVector(isScalar)}

// elemTypeOf is elemType as a format's type transform.
func elemTypeOf(_ *ir.Context, t ir.Type) ir.Type { return elemType(t) }

func compositeOps() []*ir.OpDef {
	return []*ir.OpDef{compositeConstructOp, compositeExtractOp, compositeInsertOp,
		vectorShuffleOp, vectorExtractDynamicOp, vectorInsertDynamicOp}
}
