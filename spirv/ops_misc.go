package spirv

import (
	"github.com/kiln-gpu/kiln/arith"
	"github.com/kiln-gpu/kiln/ir"
	"github.com/kiln-gpu/kiln/spirv/spv"
)

// Geometry primitives (spirv.EmitVertex, spirv.EndPrimitive), Intel's
// subgroup block reads and writes (SPV_INTEL_subgroups) and the optimizer
// hints of SPV_KHR_expect_assume. Their instructions come from spv's
// grammar through the op names.

// noOperandOp is `spirv.<name> attr-dict`.
func noOperandOp(name, summary string) *ir.OpDef {
	return &ir.OpDef{
		Name: "spirv." + name, Summary: summary, Example: "spirv." + name,
		Format: &ir.Format{Syntax: "attr-dict"},
	}
}

// checkBlockPointer is MLIR's check of a block read or write: the value's
// element type is the pointee.
func checkBlockPointer(op *ir.Operation, ptr, val ir.Type) error {
	pt, ok := ptr.(*PointerType)
	if !ok {
		return op.Errorf("operand #0 must be any SPIR-V pointer type, but got '%s'", typeString(ptr))
	}
	if elemType(val) != pt.Pointee {
		return op.Errorf("mismatch in result type and pointer type")
	}
	return nil
}

// subgroupBlockReadOp: `%r = spirv.INTEL.SubgroupBlockRead %ptr : !spirv.ptr<i32, StorageBuffer> -> vector<2xi32>`.
var subgroupBlockReadOp = &ir.OpDef{
	Name:     "spirv.INTEL.SubgroupBlockRead",
	Summary:  "Reads one value per invocation of the subgroup from consecutive memory.",
	Example:  "%r = spirv.INTEL.SubgroupBlockRead %ptr : !spirv.ptr<i32, StorageBuffer> -> vector<2xi32>",
	Operands: ir.Exactly(1), Results: ir.Exactly(1),
	Format: arrowFormat(1, false),
	Verify: func(op *ir.Operation) error {
		return checkBlockPointer(op, op.Operand(0).Type(), op.Result(0).Type())
	},
}

// subgroupBlockWriteOp: `spirv.INTEL.SubgroupBlockWrite "StorageBuffer" %ptr, %v : vector<2xi32>`.
// MLIR prints it without the storage class, which is then read from the
// pointer's type.
var subgroupBlockWriteOp = &ir.OpDef{
	Name:     "spirv.INTEL.SubgroupBlockWrite",
	Summary:  "Writes one value per invocation of the subgroup to consecutive memory.",
	Example:  "%ptr = spirv.Undef : !spirv.ptr<i32, StorageBuffer>\nspirv.INTEL.SubgroupBlockWrite %ptr, %v : vector<2xi32>",
	Operands: ir.Exactly(2), Results: ir.Exactly(0),
	Parse: func(p *ir.OpParser, st *ir.OpState) error {
		var sc *spv.StorageClass
		if p.IsString() {
			at := p.Pos()
			s, err := p.ParseString()
			if err != nil {
				return err
			}
			v, ok := ParseEnum(spv.KindStorageClass, s)
			if !ok {
				return customOpError(st, p.LocAt(at), "invalid storage_class attribute specification: \"%s\"", s)
			}
			c := spv.StorageClass(v)
			sc = &c
		}
		us, err := parseOperandsExactly(p, st, 2)
		if err != nil {
			return err
		}
		if err := p.ParseOptionalAttrDict(); err != nil {
			return err
		}
		t, err := p.ParseColonType()
		if err != nil {
			return err
		}
		var pt ir.Type
		switch kt, known := p.KnownType(us[0]); {
		case sc != nil:
			pt = Pointer(p.Context(), elemType(t), *sc)
		case known:
			pt = kt
		default:
			return p.ErrorfAt(p.OperandLoc(us[0]), "expected a storage class string before a pointer defined later")
		}
		return p.ResolveOperands(us, []ir.Type{pt, t})
	},
	Print: func(p *ir.OpPrinter, op *ir.Operation) {
		p.WriteString(" ")
		p.Operands(op.Operands())
		p.OptionalAttrDict(op.Attrs())
		p.WriteString(" : ")
		p.Type(op.Operand(1).Type())
	},
	Verify: func(op *ir.Operation) error {
		return checkBlockPointer(op, op.Operand(0).Type(), op.Operand(1).Type())
	},
}

// assumeTrueOp: `spirv.KHR.AssumeTrue %cond`, the condition being an i1.
var assumeTrueOp = &ir.OpDef{
	Name:     "spirv.KHR.AssumeTrue",
	Summary:  "Tells the optimizer that the condition holds.",
	Example:  "spirv.KHR.AssumeTrue %cond",
	Operands: ir.Exactly(1), Results: ir.Exactly(0),
	Format: &ir.Format{Syntax: "$condition attr-dict", Operands: []string{"condition"},
		Types: map[string]func(*ir.Context) ir.Type{"condition": func(ctx *ir.Context) ir.Type { return ctx.I(1) }}},
	Verify: func(op *ir.Operation) error { return arith.CheckOperands(op, boolType) },
}

// expectOp: `%r = spirv.KHR.Expect %v, %expected : i32`; the result is %v.
var expectOp = &ir.OpDef{
	Name:     "spirv.KHR.Expect",
	Summary:  "Tells the optimizer that the value likely equals the expected value.",
	Example:  "%r = spirv.KHR.Expect %v, %e : vector<4xi1>",
	Traits:   ir.Pure,
	Operands: ir.Exactly(2), Results: ir.Exactly(1),
	Format: &ir.Format{Syntax: "$value `,` $expectedValue attr-dict `:` type($result)",
		Operands: []string{"value", "expectedValue"}, Results: []string{"result"},
		TypesMatch: [][]string{{"value", "expectedValue", "result"}}},
	Verify: func(op *ir.Operation) error {
		intOrBool := arith.Constraint{
			Desc: "8/16/32/64-bit integer or bool or vector of 8/16/32/64-bit integer or bool" + vecLens,
			OK:   vectorOf(func(t ir.Type) bool { return isSPIRVInt(t) || isBool(t) })}
		if err := arith.CheckOperands(op, intOrBool, intOrBool); err != nil {
			return err
		}
		if err := arith.CheckResults(op, intOrBool); err != nil {
			return err
		}
		if op.Operand(1).Type() != op.Operand(0).Type() || op.Result(0).Type() != op.Operand(0).Type() {
			return op.Errorf("failed to verify that all of {value, expectedValue, result} have same type")
		}
		return nil
	},
}

func miscOps() []*ir.OpDef {
	return []*ir.OpDef{
		noOperandOp("EmitVertex", "Emits the current values of the output variables as a vertex (geometry shaders)."),
		noOperandOp("EndPrimitive", "Finishes the current output primitive (geometry shaders)."),
		subgroupBlockReadOp, subgroupBlockWriteOp,
		assumeTrueOp, expectOp,
	}
}
