package spirv

import (
	"strconv"

	"github.com/kiln-gpu/kiln/arith"
	"github.com/kiln-gpu/kiln/ir"
	"github.com/kiln-gpu/kiln/spirv/spv"
)

// SPV_INTEL_joint_matrix: the !spirv.jointmatrix type and the
// spirv.INTEL.JointMatrix* ops, as MLIR's dialect has them. The extension is
// in no Khronos grammar (Khronos replaced it with SPV_KHR_cooperative_matrix):
// its instructions and the JointMatrixINTEL capability have the numbers
// MLIR gives them, from spirv/spv/internal/gen/mlir.grammar.json
// (docs/RATIONALE.md, "SPIR-V tables are generated").

// JointMatrixLayout is a joint matrix's MatrixLayout.
type JointMatrixLayout uint32

var jointMatrixLayoutNames = localEnum{"RowMajor", "ColumnMajor", "PackedA", "PackedB"}

func (l JointMatrixLayout) String() string { return jointMatrixLayoutNames.name(uint32(l)) }

// Valid reports whether l is one of the layouts MLIR names.
func (l JointMatrixLayout) Valid() bool { return int(l) < len(jointMatrixLayoutNames) }

// JointMatrixType is !spirv.jointmatrix<RxCxT, Layout, Scope>.
type JointMatrixType struct {
	ir.Storage
	Rows, Columns int64
	Elem          ir.Type
	Layout        JointMatrixLayout
	Scope         spv.Scope
}

// JointMatrix returns !spirv.jointmatrix<rows x cols x elem, layout, scope>.
func JointMatrix(ctx *ir.Context, elem ir.Type, rows, cols int64, layout JointMatrixLayout, scope spv.Scope) *JointMatrixType {
	k := ir.NewKey("spirv.jointmatrix").Type(elem).Int(rows).Int(cols).Int(int64(layout)).Int(int64(scope)).String()
	return ir.Unique(ctx, k, func() *JointMatrixType {
		return &JointMatrixType{Rows: rows, Columns: cols, Elem: elem, Layout: layout, Scope: scope}
	})
}

// Print writes !spirv.jointmatrix<RxCxT, Layout, Scope>.
func (t *JointMatrixType) Print(p *ir.Printer) {
	p.WriteString("!spirv.jointmatrix<" + strconv.FormatInt(t.Rows, 10) + "x" + strconv.FormatInt(t.Columns, 10) + "x")
	p.Type(t.Elem)
	p.WriteString(", " + t.Layout.String() + ", " + EnumName(spv.KindScope, uint32(t.Scope)) + ">")
}

// parseJointMatrix parses the body of !spirv.jointmatrix<RxCxT, Layout, Scope>.
func parseJointMatrix(p *ir.Parser) (ir.Type, error) {
	dims, elem, err := parseMatrixShape(p)
	if err != nil {
		return nil, err
	}
	layout, err := parseLocalEnum(p, jointMatrixLayoutNames)
	if err != nil {
		return nil, err
	}
	if err := p.ParsePunct(","); err != nil {
		return nil, err
	}
	scope, err := parseKeywordEnum(p, spv.KindScope, "scope")
	if err != nil {
		return nil, err
	}
	return JointMatrix(p.Context(), elem, dims[0], dims[1], JointMatrixLayout(layout), spv.Scope(scope)), p.ParsePunct(">")
}

func jointMatrixOf(t ir.Type) *JointMatrixType { j, _ := t.(*JointMatrixType); return j }

// JointMatrixLayoutAttr is a joint matrix op's layout, printed <RowMajor>.
type JointMatrixLayoutAttr struct {
	ir.Storage
	Layout JointMatrixLayout
}

// JointMatrixLayoutOf returns the uniqued layout attribute.
func JointMatrixLayoutOf(ctx *ir.Context, l JointMatrixLayout) *JointMatrixLayoutAttr {
	return ir.UniqueInt(ctx, "spirv.joint_matrix_layout", int64(l), func() *JointMatrixLayoutAttr {
		return &JointMatrixLayoutAttr{Layout: l}
	})
}

// Print writes #spirv.matrix_layout<RowMajor>, MLIR's attribute.
func (a *JointMatrixLayoutAttr) Print(p *ir.Printer) {
	p.WriteString("#spirv.matrix_layout<" + a.Layout.String() + ">")
}

// parseScopeAndLayout parses `<Scope>` and, with layout, `<Layout>`.
func parseScopeAndLayout(p *ir.OpParser, st *ir.OpState, layout bool) error {
	if err := parseEnumOperand(p, st, spv.KindScope, "scope"); err != nil {
		return err
	}
	if !layout {
		return nil
	}
	if err := p.ParsePunct("<"); err != nil {
		return err
	}
	l, err := parseLocalEnum(p.Parser, jointMatrixLayoutNames)
	if err != nil {
		return err
	}
	st.AddAttr("layout", JointMatrixLayoutOf(p.Context(), JointMatrixLayout(l)))
	return p.ParsePunct(">")
}

func printScopeAndLayout(p *ir.OpPrinter, op *ir.Operation) {
	p.WriteString(" ")
	printEnumOperand(p, op, "scope", angled)
	if l, ok := op.Attr("layout").(*JointMatrixLayoutAttr); ok {
		p.WriteString(" <" + l.Layout.String() + ">")
	}
}

// parseParenTypes parses `: (T1, T2, ...)` for n operands.
func parseParenTypes(p *ir.OpParser, n int) ([]ir.Type, error) {
	if err := p.ParsePunct(":"); err != nil {
		return nil, err
	}
	if err := p.ParsePunct("("); err != nil {
		return nil, err
	}
	ts, err := p.ParseTypeList()
	if err != nil {
		return nil, err
	}
	if len(ts) != n {
		return nil, p.Errorf("expected %d types, got %d", n, len(ts))
	}
	return ts, p.ParsePunct(")")
}

// verifyJointMatrixAccess checks a load's or store's pointer and attributes.
func verifyJointMatrixAccess(op *ir.Operation, ptr ir.Type) error {
	if err := checkEnumAttr(op, "scope", spv.KindScope, false); err != nil {
		return err
	}
	if _, ok := op.Attr("layout").(*JointMatrixLayoutAttr); !ok {
		return op.Errorf("requires attribute 'layout'")
	}
	pt, ok := ptr.(*PointerType)
	if !ok {
		return op.Errorf("operand #0 must be any SPIR-V pointer type, but got '%s'", typeString(ptr))
	}
	if !vectorOf(isScalar)(pt.Pointee) {
		return op.EmitErrorf("Pointer must point to a scalar or vector type but provided %s", typeString(pt.Pointee))
	}
	if pt.StorageClass != spv.StorageClassWorkgroup && pt.StorageClass != spv.StorageClassCrossWorkgroup {
		return op.EmitErrorf("Pointer storage class must be Workgroup or CrossWorkgroup but provided %s",
			EnumName(spv.KindStorageClass, uint32(pt.StorageClass)))
	}
	return checkEnumAttr(op, "memory_access", spv.KindMemoryAccess, true)
}

// parseJointMatrixAccess reads a joint matrix load or store:
// `<Scope> <Layout> %operands... attr-dict : (types...)`, then `-> T` when
// the op has a result.
func parseJointMatrixAccess(n int, result bool) func(p *ir.OpParser, st *ir.OpState) error {
	return func(p *ir.OpParser, st *ir.OpState) error {
		if err := parseScopeAndLayout(p, st, true); err != nil {
			return err
		}
		us, err := ir.ParseOperandsN(p, n)
		if err != nil {
			return err
		}
		if err := p.ParseOptionalAttrDict(); err != nil {
			return err
		}
		ts, err := parseParenTypes(p, n)
		if err != nil {
			return err
		}
		if result {
			if err := ir.ParseArrowResultType(p, st); err != nil {
				return err
			}
		}
		return p.ResolveOperands(us, ts)
	}
}

// printJointMatrixAccess writes what parseJointMatrixAccess reads.
func printJointMatrixAccess(p *ir.OpPrinter, op *ir.Operation) {
	printScopeAndLayout(p, op)
	p.WriteString(" ")
	p.Operands(op.Operands())
	p.OptionalAttrDict(op.Attrs(), "scope", "layout")
	p.WriteString(" : (")
	p.TypeList(op.OperandTypes())
	p.WriteString(")")
	if op.NumResults() > 0 {
		p.WriteString(" -> ")
		p.Type(op.Result(0).Type())
	}
}

var jointMatrixType = arith.Constraint{Desc: "any SPIR-V joint matrix type", OK: func(t ir.Type) bool { return jointMatrixOf(t) != nil }}

// jointMatrixLoadOp: `%m = spirv.INTEL.JointMatrixLoad <Subgroup> <RowMajor> %ptr, %stride : (ptrT, i32) -> matT`.
var jointMatrixLoadOp = &ir.OpDef{
	Name:     "spirv.INTEL.JointMatrixLoad",
	Summary:  "Loads a joint matrix through a pointer with a stride.",
	Example:  "%m = spirv.INTEL.JointMatrixLoad <Subgroup> <RowMajor> %ptr, %stride : (!spirv.ptr<i32, Workgroup>, i32) -> !spirv.jointmatrix<16x8xi32, RowMajor, Subgroup>",
	Operands: ir.Exactly(2), Results: ir.Exactly(1),
	Inherent: []string{"scope", "layout", "memory_access", "alignment"},
	Parse:    parseJointMatrixAccess(2, true),
	Print:    printJointMatrixAccess,
	Verify: func(op *ir.Operation) error {
		if err := arith.CheckOperands(op, anyType, intType); err != nil {
			return err
		}
		if err := arith.CheckResults(op, jointMatrixType); err != nil {
			return err
		}
		return verifyJointMatrixAccess(op, op.Operand(0).Type())
	},
}

// jointMatrixStoreOp: `spirv.INTEL.JointMatrixStore <Subgroup> <RowMajor> %ptr, %m, %stride : (ptrT, matT, i32)`.
var jointMatrixStoreOp = &ir.OpDef{
	Name:     "spirv.INTEL.JointMatrixStore",
	Summary:  "Stores a joint matrix through a pointer with a stride.",
	Example:  "spirv.INTEL.JointMatrixStore <Subgroup> <ColumnMajor> %ptr, %m, %stride : (!spirv.ptr<i32, Workgroup>, !spirv.jointmatrix<8x16xi32, RowMajor, Subgroup>, i32)",
	Operands: ir.Exactly(3), Results: ir.Exactly(0),
	Inherent: []string{"scope", "layout", "memory_access", "alignment"},
	Parse:    parseJointMatrixAccess(3, false),
	Print:    printJointMatrixAccess,
	Verify: func(op *ir.Operation) error {
		if err := arith.CheckOperands(op, anyType, jointMatrixType, intType); err != nil {
			return err
		}
		return verifyJointMatrixAccess(op, op.Operand(0).Type())
	},
}

// jointMatrixLengthOp: `%n = spirv.INTEL.JointMatrixWorkItemLength : !spirv.jointmatrix<...>`.
var jointMatrixLengthOp = &ir.OpDef{
	Name:     "spirv.INTEL.JointMatrixWorkItemLength",
	Summary:  "Number of components of a joint matrix type that one work item holds.",
	Example:  "%n = spirv.INTEL.JointMatrixWorkItemLength : !spirv.jointmatrix<8x16xi32, PackedB, Subgroup>",
	Results:  ir.Exactly(1),
	Inherent: []string{"joint_matrix_type"},
	Format:   matrixLengthFormat("joint_matrix_type"),
	Verify: func(op *ir.Operation) error {
		ta, ok := op.Attr("joint_matrix_type").(*ir.TypeAttr)
		if !ok || jointMatrixOf(ta.Value) == nil {
			return op.Errorf("attribute 'joint_matrix_type' failed to satisfy constraint: type attribute of any SPIR-V joint matrix type")
		}
		return arith.CheckResults(op, arith.Constraint{Desc: "Int32", OK: isInt32})
	},
}

// jointMatrixMadOp: `%r = spirv.INTEL.JointMatrixMad <Subgroup> %a, %b, %c : A, B -> C`.
var jointMatrixMadOp = &ir.OpDef{
	Name:    "spirv.INTEL.JointMatrixMad",
	Summary: "Multiplies joint matrices A and B and adds C.",
	Example: "%r = spirv.INTEL.JointMatrixMad <Subgroup> %a, %b, %c : !spirv.jointmatrix<8x32xi8, RowMajor, Subgroup>, " +
		"!spirv.jointmatrix<32x8xi8, ColumnMajor, Subgroup> -> !spirv.jointmatrix<8x8xi32, RowMajor, Subgroup>",
	Traits:   ir.Pure,
	Operands: ir.Exactly(3), Results: ir.Exactly(1),
	Inherent: []string{"scope"},
	Parse: func(p *ir.OpParser, st *ir.OpState) error {
		if err := parseScopeAndLayout(p, st, false); err != nil {
			return err
		}
		us, err := ir.ParseOperandsN(p, 3)
		if err != nil {
			return err
		}
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
	},
	Print: func(p *ir.OpPrinter, op *ir.Operation) {
		printScopeAndLayout(p, op)
		p.WriteString(" ")
		p.Operands(op.Operands())
		p.OptionalAttrDict(op.Attrs(), "scope")
		p.WriteString(" : ")
		p.TypeList(op.OperandTypes()[:2])
		p.WriteString(" -> ")
		p.Type(op.Result(0).Type())
	},
	Verify: func(op *ir.Operation) error {
		if err := checkEnumAttr(op, "scope", spv.KindScope, false); err != nil {
			return err
		}
		if err := arith.CheckOperands(op, jointMatrixType, jointMatrixType, jointMatrixType); err != nil {
			return err
		}
		if op.Operand(2).Type() != op.Result(0).Type() {
			return op.Errorf("result and third operand must have the same type")
		}
		a, b, c := jointMatrixOf(op.Operand(0).Type()), jointMatrixOf(op.Operand(1).Type()), jointMatrixOf(op.Operand(2).Type())
		switch {
		case a.Rows != c.Rows || a.Columns != b.Rows || b.Columns != c.Columns:
			return op.Errorf("matrix size must match")
		case a.Scope != c.Scope || b.Scope != c.Scope:
			return op.Errorf("matrix scope must match")
		case a.Elem != b.Elem:
			return op.Errorf("matrix element type must match")
		}
		return nil
	},
}

func jointMatrixOps() []*ir.OpDef {
	return []*ir.OpDef{jointMatrixLoadOp, jointMatrixStoreOp, jointMatrixLengthOp, jointMatrixMadOp}
}
