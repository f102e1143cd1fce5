package spirv

import (
	"github.com/kiln-gpu/kiln/arith"
	"github.com/kiln-gpu/kiln/ir"
	"github.com/kiln-gpu/kiln/spirv/spv"
)

// SPV_NV_cooperative_matrix ops, as MLIR 16's GPUToSPIRV made them for
// gpu.subgroup_mma_*. Unlike the KHR ops they are in spv's grammar, so
// their opcodes and availability come from its tables; the stride is an
// i32 and the layout an i1 operand (true: column major).

func nvCoopMatrixOf(t ir.Type) *NVCoopMatrixType { c, _ := t.(*NVCoopMatrixType); return c }

// withCoopMatrix widens an elementwise shape to KHR and NV cooperative
// matrices whose element type satisfies elem.
func withCoopMatrix(s elemShape, elem func(ir.Type) bool) elemShape {
	s.constraint = orCoopMatrix(s.constraint, elem)
	return s
}

// orCoopMatrix widens c to cooperative matrices whose element type
// satisfies elem (the description, which error messages quote, stays the
// scalar and vector one).
func orCoopMatrix(c arith.Constraint, elem func(ir.Type) bool) arith.Constraint {
	return arith.Constraint{Desc: c.Desc, OK: func(t ir.Type) bool {
		if e := coopMatrixElem(t); e != nil {
			return elem(e)
		}
		return c.OK(t)
	}}
}

// coopMatrixElem returns the element type of a KHR or NV cooperative
// matrix, or nil.
func coopMatrixElem(t ir.Type) ir.Type {
	switch m := t.(type) {
	case *CoopMatrixType:
		return m.Elem
	case *NVCoopMatrixType:
		return m.Elem
	}
	return nil
}

// nvCoopMatrixLengthOp: `%n = spirv.NV.CooperativeMatrixLength : !spirv.NV.coopmatrix<...>`.
var nvCoopMatrixLengthOp = &ir.OpDef{
	Name:     "spirv.NV.CooperativeMatrixLength",
	Summary:  "Number of components of an NV cooperative matrix type that one invocation holds.",
	Example:  "%n = spirv.NV.CooperativeMatrixLength : !spirv.NV.coopmatrix<8x16xi32, Subgroup>",
	Traits:   ir.Pure,
	Results:  ir.Exactly(1),
	Inherent: []string{"cooperative_matrix_type"},
	Format:   matrixLengthFormat("cooperative_matrix_type"),
	Verify: func(op *ir.Operation) error {
		return verifyMatrixLength(op, func(t ir.Type) bool { return nvCoopMatrixOf(t) != nil }, "!spirv.NV.coopmatrix")
	},
}

// verifyNVCoopAccess checks the pointer, stride and layout operands of a
// load or store.
func verifyNVCoopAccess(op *ir.Operation, ptr, stride, colMajor *ir.Value) error {
	pt, ok := ptr.Type().(*PointerType)
	if !ok {
		return op.Errorf("pointer operand must be a spirv.ptr, but got '%s'", typeString(ptr.Type()))
	}
	if !vectorOf(isScalar)(pt.Pointee) {
		return op.Errorf("Pointer must point to a scalar or vector type, but points to '%s'", typeString(pt.Pointee))
	}
	switch pt.StorageClass {
	case spv.StorageClassWorkgroup, spv.StorageClassStorageBuffer, spv.StorageClassPhysicalStorageBuffer:
	default:
		return op.EmitErrorf("Pointer storage class must be Workgroup, StorageBuffer or PhysicalStorageBufferEXT but provided %s",
			EnumName(spv.KindStorageClass, uint32(pt.StorageClass)))
	}
	if !isSPIRVInt(stride.Type()) {
		return op.Errorf("stride operand must be an integer, but got '%s'", typeString(stride.Type()))
	}
	if !isBool(colMajor.Type()) {
		return op.Errorf("column major operand must be a bool, but got '%s'", typeString(colMajor.Type()))
	}
	return verifyMemoryAccess(op, "memory_access", "alignment")
}

// printNVMemoryAccess writes ` ["Volatile"]` and the other attributes.
func printNVMemoryAccess(p *ir.OpPrinter, op *ir.Operation) {
	if enumAttr(op, "memory_access") != nil {
		p.WriteString(" ")
		printMemoryAccess(p, op, "memory_access", "alignment")
	}
	p.OptionalAttrDict(op.Attrs(), "memory_access", "alignment")
}

// nvCoopAccessTypes are the types of the stride and layout operands.
func nvCoopAccessTypes(ctx *ir.Context) []ir.Type { return []ir.Type{ctx.I(32), ctx.I(1)} }

// nvCoopMatrixLoadOp: `%m = spirv.NV.CooperativeMatrixLoad %ptr, %stride, %colMajor : ptrT as matT`.
// Like spirv.Load it has no effect traits (MLIR declares no memory effects),
// so an unused load stays.
var nvCoopMatrixLoadOp = &ir.OpDef{
	Name:     "spirv.NV.CooperativeMatrixLoad",
	Summary:  "Loads an NV cooperative matrix through a pointer with a stride.",
	Example:  "%m = spirv.NV.CooperativeMatrixLoad %ptr, %stride, %colMajor : !spirv.ptr<i32, StorageBuffer> as !spirv.NV.coopmatrix<16x8xi32, Subgroup>",
	Operands: ir.Exactly(3), Results: ir.Exactly(1),
	Inherent: []string{"memory_access", "alignment"},
	Parse: func(p *ir.OpParser, st *ir.OpState) error {
		us, err := ir.ParseOperandsN(p, 3)
		if err != nil {
			return err
		}
		if err := parseMemoryAccess(p, st, "memory_access", "alignment"); err != nil {
			return err
		}
		if err := p.ParseOptionalAttrDict(); err != nil {
			return err
		}
		ptr, err := p.ParseColonType()
		if err != nil {
			return err
		}
		if err := p.ParseKeyword("as"); err != nil {
			return err
		}
		m, err := p.ParseType()
		if err != nil {
			return err
		}
		st.ResultTypes = []ir.Type{m}
		return p.ResolveOperands(us, append([]ir.Type{ptr}, nvCoopAccessTypes(p.Context())...))
	},
	Print: func(p *ir.OpPrinter, op *ir.Operation) {
		p.WriteString(" ")
		p.Operands(op.Operands())
		printNVMemoryAccess(p, op)
		p.WriteString(" : ")
		p.Type(op.Operand(0).Type())
		p.WriteString(" as ")
		p.Type(op.Result(0).Type())
	},
	Verify: func(op *ir.Operation) error {
		if nvCoopMatrixOf(op.Result(0).Type()) == nil {
			return op.Errorf("result #0 must be any SPIR-V NV cooperative matrix type, but got '%s'", typeString(op.Result(0).Type()))
		}
		return verifyNVCoopAccess(op, op.Operand(0), op.Operand(1), op.Operand(2))
	},
}

// nvCoopMatrixStoreOp: `spirv.NV.CooperativeMatrixStore %ptr, %m, %stride, %colMajor : ptrT, matT`.
var nvCoopMatrixStoreOp = &ir.OpDef{
	Name:     "spirv.NV.CooperativeMatrixStore",
	Summary:  "Stores an NV cooperative matrix through a pointer with a stride.",
	Example:  "spirv.NV.CooperativeMatrixStore %ptr, %m, %stride, %colMajor : !spirv.ptr<i32, StorageBuffer>, !spirv.NV.coopmatrix<16x8xi32, Subgroup>",
	Operands: ir.Exactly(4),
	Inherent: []string{"memory_access", "alignment"},
	Parse: func(p *ir.OpParser, st *ir.OpState) error {
		us, err := ir.ParseOperandsN(p, 4)
		if err != nil {
			return err
		}
		if err := parseMemoryAccess(p, st, "memory_access", "alignment"); err != nil {
			return err
		}
		ts, err := parseAttrsAndTypes(p, 2) // the pointer's and the matrix's
		if err != nil {
			return err
		}
		return p.ResolveOperands(us, append(ts, nvCoopAccessTypes(p.Context())...))
	},
	Print: func(p *ir.OpPrinter, op *ir.Operation) {
		p.WriteString(" ")
		p.Operands(op.Operands())
		printNVMemoryAccess(p, op)
		p.WriteString(" : ")
		p.TypeList(op.OperandTypes()[:2])
	},
	Verify: func(op *ir.Operation) error {
		if nvCoopMatrixOf(op.Operand(1).Type()) == nil {
			return op.Errorf("operand #1 must be any SPIR-V NV cooperative matrix type, but got '%s'", typeString(op.Operand(1).Type()))
		}
		return verifyNVCoopAccess(op, op.Operand(0), op.Operand(2), op.Operand(3))
	},
}

// nvCoopMatrixMulAddOp: `%r = spirv.NV.CooperativeMatrixMulAdd %a, %b, %c : A, B -> C`.
var nvCoopMatrixMulAddOp = &ir.OpDef{
	Name:     "spirv.NV.CooperativeMatrixMulAdd",
	Summary:  "NV cooperative matrix multiply-accumulate: A * B + C.",
	Example:  "%r = spirv.NV.CooperativeMatrixMulAdd %a, %b, %c : !spirv.NV.coopmatrix<8x16xi32, Subgroup>, !spirv.NV.coopmatrix<16x8xi32, Subgroup> -> !spirv.NV.coopmatrix<8x8xi32, Subgroup>",
	Traits:   ir.Pure,
	Operands: ir.Exactly(3), Results: ir.Exactly(1),
	Parse: func(p *ir.OpParser, st *ir.OpState) error {
		us, err := ir.ParseOperandsN(p, 3)
		if err != nil {
			return err
		}
		return parseMulAddTypes(p, st, us)
	},
	Print: func(p *ir.OpPrinter, op *ir.Operation) {
		p.WriteString(" ")
		p.Operands(op.Operands())
		p.OptionalAttrDict(op.Attrs())
		p.WriteString(" : ")
		p.TypeList([]ir.Type{op.Operand(0).Type(), op.Operand(1).Type()})
		p.WriteString(" -> ")
		p.Type(op.Result(0).Type())
	},
	Verify: func(op *ir.Operation) error {
		a, b, c := nvCoopMatrixOf(op.Operand(0).Type()), nvCoopMatrixOf(op.Operand(1).Type()), nvCoopMatrixOf(op.Operand(2).Type())
		if a == nil || b == nil || c == nil {
			return op.Errorf("operands must be NV cooperative matrices")
		}
		if op.Result(0).Type() != op.Operand(2).Type() {
			return op.Errorf("result and third operand must have the same type")
		}
		if a.Rows != c.Rows || a.Columns != b.Rows || b.Columns != c.Columns {
			return op.Errorf("matrix size must match")
		}
		if a.Scope != b.Scope || a.Scope != c.Scope {
			return op.Errorf("matrix scope must match")
		}
		ai, aInt := a.Elem.(*ir.IntegerType)
		bi, bInt := b.Elem.(*ir.IntegerType)
		switch {
		case aInt && bInt:
			if ai.Width != bi.Width {
				return op.Errorf("matrix A and B integer element types must be the same bit width")
			}
		case a.Elem != b.Elem:
			return op.Errorf("matrix A and B non-integer element types must match")
		}
		return nil
	},
}

func nvCoopMatrixOps() []*ir.OpDef {
	return []*ir.OpDef{nvCoopMatrixLengthOp, nvCoopMatrixLoadOp, nvCoopMatrixStoreOp, nvCoopMatrixMulAddOp}
}
