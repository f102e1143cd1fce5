package spirv

import (
	"strings"

	"github.com/kiln-gpu/kiln/ir"
	"github.com/kiln-gpu/kiln/spirv/spv"
)

// SPV_KHR_cooperative_matrix ops. Their layout and operand enums are local,
// with MLIR's spellings (see enums.go); spirv/serialize writes the layout,
// and the type's scope, size and use, as the i32 constants the grammar asks for.

func coopMatrixOf(t ir.Type) *CoopMatrixType { c, _ := t.(*CoopMatrixType); return c }

// coopMatrixLengthOp: `%n = spirv.KHR.CooperativeMatrixLength : !spirv.coopmatrix<...>`.
var coopMatrixLengthOp = &ir.OpDef{
	Name:     "spirv.KHR.CooperativeMatrixLength",
	Summary:  "Number of components of a cooperative matrix type that one invocation holds.",
	Example:  "%n = spirv.KHR.CooperativeMatrixLength : !spirv.coopmatrix<8x16xf32, Subgroup, MatrixA>",
	Traits:   ir.Pure,
	Results:  ir.Exactly(1),
	Inherent: []string{"cooperative_matrix_type"},
	Format:   matrixLengthFormat("cooperative_matrix_type"),
	Verify: func(op *ir.Operation) error {
		return verifyMatrixLength(op, func(t ir.Type) bool { return coopMatrixOf(t) != nil }, "!spirv.coopmatrix")
	},
}

// matrixLengthFormat is MLIR's `attr-dict : $<name>` of the matrix length
// ops: a type attribute written as its type, and an i32 result.
func matrixLengthFormat(name string) *ir.Format {
	return &ir.Format{Syntax: "attr-dict `:` $" + name, Results: []string{"result"},
		Types: map[string]func(*ir.Context) ir.Type{"result": func(ctx *ir.Context) ir.Type { return ctx.I(32) }},
		Attrs: []ir.FormatAttr{{Name: name,
			Parse: func(p *ir.Parser) (ir.Attribute, error) {
				t, err := p.ParseType()
				if err != nil {
					return nil, err
				}
				return p.Context().TypeAttr(t), nil
			},
			Print: func(p *ir.Printer, a ir.Attribute) {
				if ta, ok := a.(*ir.TypeAttr); ok {
					p.Type(ta.Value)
				} else {
					p.Attr(a) // unverified IR
				}
			}}}}
}

// verifyMatrixLength checks a CooperativeMatrixLength op, KHR or NV: its
// type attribute holds a matrix type (isMatrix, named what), its result
// is an i32.
func verifyMatrixLength(op *ir.Operation, isMatrix func(ir.Type) bool, what string) error {
	ta, ok := op.Attr("cooperative_matrix_type").(*ir.TypeAttr)
	if !ok || !isMatrix(ta.Value) {
		return op.Errorf("type attribute must be a '%s'", what)
	}
	if t := op.Result(0).Type(); t != op.Context().I(32) {
		return op.Errorf("result #0 must be 32-bit integer, but got '%s'", typeString(t))
	}
	return nil
}

// parseLayoutAndAccess parses `, <RowMajor>[, <Volatile>]`.
func parseLayoutAndAccess(p *ir.OpParser, st *ir.OpState) error {
	if err := p.ParsePunct(","); err != nil {
		return err
	}
	if err := p.ParsePunct("<"); err != nil {
		return err
	}
	l, err := parseLocalEnum(p.Parser, coopMatrixLayoutNames)
	if err != nil {
		return err
	}
	st.AddAttr("matrix_layout", CoopMatrixLayoutOf(p.Context(), CoopMatrixLayout(l)))
	if err := p.ParsePunct(">"); err != nil {
		return err
	}
	if p.ParseOptionalPunct(",") {
		if err := parseEnumOperand(p, st, spv.KindMemoryAccess, "memory_operand"); err != nil {
			return err
		}
	}
	return p.ParseOptionalAttrDict()
}

func printLayoutAndAccess(p *ir.OpPrinter, op *ir.Operation) {
	if l, ok := op.Attr("matrix_layout").(*CoopMatrixLayoutAttr); ok {
		p.WriteString(", <" + l.Layout.String() + ">")
	}
	if op.Attr("memory_operand") != nil {
		p.WriteString(", ")
		printEnumOperand(p, op, "memory_operand", angled)
	}
	p.OptionalAttrDict(op.Attrs(), "matrix_layout", "memory_operand")
}

func verifyCoopAccess(op *ir.Operation, ptr ir.Type, stride ir.Type) error {
	if _, ok := op.Attr("matrix_layout").(*CoopMatrixLayoutAttr); !ok {
		return op.Errorf("requires attribute 'matrix_layout'")
	}
	pt, ok := ptr.(*PointerType)
	if !ok {
		return op.Errorf("operand #0 must be any SPIR-V pointer type, but got '%s'", typeString(ptr))
	}
	if !isSPIRVInt(stride) {
		return op.Errorf("stride operand must be an integer, but got '%s'", typeString(stride))
	}
	if err := checkEnumAttr(op, "memory_operand", spv.KindMemoryAccess, true); err != nil {
		return err
	}
	if _, ok := pt.Pointee.(*ir.VectorType); !ok && !isScalar(pt.Pointee) {
		return op.Errorf("Pointer must point to a scalar or vector type but provided %s", typeString(pt.Pointee))
	}
	e := enumAttr(op, "memory_operand")
	if e == nil {
		return nil
	}
	load := op.Name() == "spirv.KHR.CooperativeMatrixLoad"
	switch {
	case load && e.Value&uint32(spv.MemoryAccessMakePointerAvailable) != 0:
		return op.Errorf("not compatible with memory operand 'MakePointerAvailable'")
	case !load && e.Value&uint32(spv.MemoryAccessMakePointerVisible) != 0:
		return op.Errorf("not compatible with memory operand 'MakePointerVisible'")
	case e.Value&uint32(spv.MemoryAccessAligned) != 0:
		// Aligned needs an alignment operand, which MLIR's ops do not have.
		return op.Errorf("has unhandled memory operand 'Aligned'")
	}
	return nil
}

// coopMatrixLoadOp: `%m = spirv.KHR.CooperativeMatrixLoad %ptr, %stride, <RowMajor> : !spirv.ptr<i32, StorageBuffer>, i32 -> !spirv.coopmatrix<...>`.
// Like spirv.Load it has no effect traits (MLIR declares no memory effects),
// so an unused load stays.
var coopMatrixLoadOp = &ir.OpDef{
	Name:     "spirv.KHR.CooperativeMatrixLoad",
	Summary:  "Loads a cooperative matrix through a pointer with a stride.",
	Example:  "%m = spirv.KHR.CooperativeMatrixLoad %ptr, %stride, <RowMajor> : !spirv.ptr<i32, StorageBuffer>, i32 -> !spirv.coopmatrix<16x8xi32, Workgroup, MatrixA>",
	Operands: ir.Exactly(2), Results: ir.Exactly(1),
	Inherent: []string{"matrix_layout", "memory_operand"},
	Parse: func(p *ir.OpParser, st *ir.OpState) error {
		us, err := ir.ParseOperandsN(p, 2)
		if err != nil {
			return err
		}
		if err := parseLayoutAndAccess(p, st); err != nil {
			return err
		}
		ts, err := p.ParseColonTypeList()
		if err != nil {
			return err
		}
		if len(ts) != 2 {
			return p.Errorf("expected pointer and stride types")
		}
		if err := ir.ParseArrowResultType(p, st); err != nil {
			return err
		}
		return p.ResolveOperands(us, ts)
	},
	Print: func(p *ir.OpPrinter, op *ir.Operation) {
		p.WriteString(" ")
		p.Operands(op.Operands())
		printLayoutAndAccess(p, op)
		p.WriteString(" : ")
		p.TypeList(op.OperandTypes())
		p.WriteString(" -> ")
		p.Type(op.Result(0).Type())
	},
	Verify: func(op *ir.Operation) error {
		if coopMatrixOf(op.Result(0).Type()) == nil {
			return op.Errorf("result #0 must be any SPIR-V cooperative matrix type, but got '%s'", typeString(op.Result(0).Type()))
		}
		return verifyCoopAccess(op, op.Operand(0).Type(), op.Operand(1).Type())
	},
}

// coopMatrixStoreOp: `spirv.KHR.CooperativeMatrixStore %ptr, %m, %stride, <RowMajor> : ptrT, matT, i32`.
var coopMatrixStoreOp = &ir.OpDef{
	Name:     "spirv.KHR.CooperativeMatrixStore",
	Summary:  "Stores a cooperative matrix through a pointer with a stride.",
	Example:  "spirv.KHR.CooperativeMatrixStore %ptr, %m, %stride, <ColumnMajor>, <Nontemporal> : !spirv.ptr<f32, Workgroup>, !spirv.coopmatrix<4x8xf32, Subgroup, MatrixB>, i64",
	Operands: ir.Exactly(3),
	Inherent: []string{"matrix_layout", "memory_operand"},
	Parse: func(p *ir.OpParser, st *ir.OpState) error {
		us, err := ir.ParseOperandsN(p, 3)
		if err != nil {
			return err
		}
		if err := parseLayoutAndAccess(p, st); err != nil {
			return err
		}
		ts, err := p.ParseColonTypeList()
		if err != nil {
			return err
		}
		if len(ts) != 3 {
			return p.Errorf("expected pointer, matrix and stride types")
		}
		return p.ResolveOperands(us, ts)
	},
	Print: func(p *ir.OpPrinter, op *ir.Operation) {
		p.WriteString(" ")
		p.Operands(op.Operands())
		printLayoutAndAccess(p, op)
		p.WriteString(" : ")
		p.TypeList(op.OperandTypes())
	},
	Verify: func(op *ir.Operation) error {
		if coopMatrixOf(op.Operand(1).Type()) == nil {
			return op.Errorf("operand #1 must be any SPIR-V cooperative matrix type, but got '%s'", typeString(op.Operand(1).Type()))
		}
		return verifyCoopAccess(op, op.Operand(0).Type(), op.Operand(2).Type())
	},
}

// CoopMatrixOperandsAttr is #spirv.coop_matrix_operands<ASigned|BSigned>,
// the signedness and saturation flags of spirv.KHR.CooperativeMatrixMulAdd.
type CoopMatrixOperandsAttr struct {
	ir.Storage
	Bits uint32
}

// coopMatrixOperandNames are the bits of CooperativeMatrixOperands, low bit first.
var coopMatrixOperandNames = localEnum{"ASigned", "BSigned", "CSigned", "ResultSigned", "AccSat"}

// CoopMatrixOperandsOf returns the attribute for the given bits.
func CoopMatrixOperandsOf(ctx *ir.Context, bits uint32) *CoopMatrixOperandsAttr {
	return ir.UniqueInt(ctx, "spirv.coop_operands", int64(bits), func() *CoopMatrixOperandsAttr {
		return &CoopMatrixOperandsAttr{Bits: bits}
	})
}

func (a *CoopMatrixOperandsAttr) names() string {
	if a.Bits == 0 {
		return "None"
	}
	var parts []string
	for i, n := range coopMatrixOperandNames {
		if a.Bits&(1<<i) != 0 {
			parts = append(parts, n)
		}
	}
	return strings.Join(parts, "|")
}

// Print writes #spirv.coop_matrix_operands<...>.
func (a *CoopMatrixOperandsAttr) Print(p *ir.Printer) {
	p.WriteString("#spirv.coop_matrix_operands<" + a.names() + ">")
}

// parseCoopOperandBits parses `ASigned|BSigned` (or None).
func parseCoopOperandBits(p *ir.Parser) (uint32, error) {
	var bits uint32
	for {
		at := p.Pos()
		w, err := p.ParseKeywordAny()
		if err != nil {
			return 0, err
		}
		if w != "None" {
			v, ok := coopMatrixOperandNames.parse(w)
			if !ok {
				return 0, ir.Errorf(p.LocAt(at), "unknown cooperative matrix operand: %s", w)
			}
			bits |= 1 << v
		}
		if !p.ParseOptionalPunct("|") {
			return bits, nil
		}
	}
}

// parseMulAddTypes parses the rest of a MulAdd, KHR or NV, after its
// operands us: `{attrs} : A, B -> C`, C being the result's type too.
func parseMulAddTypes(p *ir.OpParser, st *ir.OpState, us []ir.UnresolvedOperand) error {
	ts, err := parseAttrsAndTypes(p, 2)
	if err != nil {
		return err
	}
	if err := p.ParsePunct("->"); err != nil {
		return err
	}
	c, err := p.ParseType()
	if err != nil {
		return err
	}
	st.ResultTypes = []ir.Type{c}
	return p.ResolveOperands(us, append(ts, c))
}

// coopMatrixMulAddOp: `%r = spirv.KHR.CooperativeMatrixMulAdd %a, %b, %c[, <BSigned>] : A, B -> C`.
var coopMatrixMulAddOp = &ir.OpDef{
	Name:     "spirv.KHR.CooperativeMatrixMulAdd",
	Summary:  "Cooperative matrix multiply-accumulate: A * B + C.",
	Example:  "%r = spirv.KHR.CooperativeMatrixMulAdd %a, %b, %c, <BSigned> : !spirv.coopmatrix<8x16xi8, Subgroup, MatrixA>, !spirv.coopmatrix<16x8xi16, Subgroup, MatrixB> -> !spirv.coopmatrix<8x8xi32, Subgroup, MatrixAcc>",
	Traits:   ir.Pure,
	Operands: ir.Exactly(3), Results: ir.Exactly(1),
	Inherent: []string{"matrix_operands"},
	Parse: func(p *ir.OpParser, st *ir.OpState) error {
		us, err := ir.ParseOperandsN(p, 3)
		if err != nil {
			return err
		}
		if p.ParseOptionalPunct(",") {
			if err := p.ParsePunct("<"); err != nil {
				return err
			}
			bits, err := parseCoopOperandBits(p.Parser)
			if err != nil {
				return err
			}
			st.AddAttr("matrix_operands", CoopMatrixOperandsOf(p.Context(), bits))
			if err := p.ParsePunct(">"); err != nil {
				return err
			}
		}
		return parseMulAddTypes(p, st, us)
	},
	Print: func(p *ir.OpPrinter, op *ir.Operation) {
		p.WriteString(" ")
		p.Operands(op.Operands())
		if a, ok := op.Attr("matrix_operands").(*CoopMatrixOperandsAttr); ok {
			p.WriteString(", <" + a.names() + ">")
		}
		p.OptionalAttrDict(op.Attrs(), "matrix_operands")
		p.WriteString(" : ")
		p.TypeList([]ir.Type{op.Operand(0).Type(), op.Operand(1).Type()})
		p.WriteString(" -> ")
		p.Type(op.Result(0).Type())
	},
	Verify: func(op *ir.Operation) error {
		a, b, c := coopMatrixOf(op.Operand(0).Type()), coopMatrixOf(op.Operand(1).Type()), coopMatrixOf(op.Operand(2).Type())
		if a == nil || b == nil || c == nil {
			return op.Errorf("operands must be cooperative matrices")
		}
		if op.Result(0).Type() != op.Operand(2).Type() {
			return op.Errorf("result and third operand must have the same type")
		}
		switch {
		case a.Use != MatrixA:
			return op.Errorf("operand #0 must be of use 'MatrixA'")
		case b.Use != MatrixB:
			return op.Errorf("operand #1 must be of use 'MatrixB'")
		case c.Use != MatrixAcc:
			return op.Errorf("operand #2 must be of use 'MatrixAcc'")
		case a.Scope != b.Scope || a.Scope != c.Scope:
			return op.Errorf("matrix scope mismatch")
		case a.Rows != c.Rows:
			return op.Errorf("matrix size mismatch on dimension 'M'")
		case b.Columns != c.Columns:
			return op.Errorf("matrix size mismatch on dimension 'N'")
		case a.Columns != b.Rows:
			return op.Errorf("matrix size mismatch on dimension 'K'")
		}
		if _, ok := op.Attr("matrix_operands").(*CoopMatrixOperandsAttr); ok {
			for _, m := range []*CoopMatrixType{a, b, c} {
				if _, ok := m.Elem.(*ir.IntegerType); !ok {
					return op.Errorf("Matrix Operands require all matrix element types to be Integer Types")
				}
			}
		}
		return nil
	},
}

func coopMatrixOps() []*ir.OpDef {
	return append([]*ir.OpDef{coopMatrixLengthOp, coopMatrixLoadOp, coopMatrixStoreOp, coopMatrixMulAddOp}, nvCoopMatrixOps()...)
}
