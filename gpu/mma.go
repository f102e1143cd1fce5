package gpu

import (
	"slices"

	"github.com/kiln-gpu/kiln/arith"
	"github.com/kiln-gpu/kiln/ir"
	"github.com/kiln-gpu/kiln/memref"
)

// MMAElementwiseOp names the elementwise op of gpu.subgroup_mma_elementwise.
type MMAElementwiseOp int32

const (
	MMAAddF MMAElementwiseOp = iota
	MMAMulF
	MMASubF
	MMAMaxF
	MMAMinF
	MMADivF
	MMAAddI
	MMAMulI
	MMASubI
	MMADivS
	MMADivU
	MMANegateF
	MMANegateS
	MMAExtF
)

var mmaElementwiseSpec = &enumSpec{mnemonic: "mma_element_wise", cppName: "::mlir::gpu::MMAElementwiseOp", names: []string{
	"addf", "mulf", "subf", "maxf", "minf", "divf", "addi", "muli", "subi", "divs", "divu", "negatef", "negates", "extf"}}

func (MMAElementwiseOp) spec() *enumSpec  { return mmaElementwiseSpec }
func (k MMAElementwiseOp) String() string { return enumName(k) }

// MMAElementwiseOpAttr is #gpu<mma_element_wise addf>.
type MMAElementwiseOpAttr = EnumAttr[MMAElementwiseOp]

// mmaLoadDef is gpu.subgroup_mma_load_matrix.
var mmaLoadDef = &ir.OpDef{
	Name:    "gpu.subgroup_mma_load_matrix",
	Summary: "GPU warp synchronous matrix load",
	Example: "%0:2 = \"test.defs\"() : () -> (memref<32x32xf16, 3>, index)\n" +
		`%1 = gpu.subgroup_mma_load_matrix %0#0[%0#1, %0#1] {leadDimension = 32 : index} : memref<32x32xf16, 3> -> !gpu.mma_matrix<16x16xf16, "AOp">`,
	Traits:   ir.ReadOnly,
	Operands: ir.AtLeast(1),
	Results:  ir.Exactly(1),
	Inherent: []string{"leadDimension", "transpose"},
	Format:   indexedArrowFormat("srcMemref", "res"),
	Verify: func(op *ir.Operation) error {
		if err := arith.CheckResults(op, mmaMatrixType); err != nil {
			return err
		}
		mat := op.Result(0).Type().(*MMAMatrixType)
		if err := mmaAccess(op, 0); err != nil {
			return err
		}
		if mat.Operand != "AOp" && mat.Operand != "BOp" && mat.Operand != "COp" {
			return op.Errorf("only AOp, BOp and COp can be loaded")
		}
		return nil
	},
}

// mmaStoreDef is gpu.subgroup_mma_store_matrix.
var mmaStoreDef = &ir.OpDef{
	Name:    "gpu.subgroup_mma_store_matrix",
	Summary: "GPU warp synchronous matrix store",
	Example: "%0:3 = \"test.defs\"() : () -> (!gpu.mma_matrix<16x16xf16, \"COp\">, memref<32x32xf16, 3>, index)\n" +
		`gpu.subgroup_mma_store_matrix %0#0, %0#1[%0#2, %0#2] {leadDimension = 32 : index} : !gpu.mma_matrix<16x16xf16, "COp">, memref<32x32xf16, 3>`,
	Operands: ir.AtLeast(2),
	Results:  ir.Exactly(0),
	Inherent: []string{"leadDimension", "transpose"},
	Format: &ir.Format{Syntax: "$src `,` $dstMemref `[` $indices `]` attr-dict `:` type($src) `,` type($dstMemref)",
		Operands: []string{"src", "dstMemref", "indices*"}, Types: indexOperands("indices")},
	Verify: func(op *ir.Operation) error {
		if err := arith.CheckOperands(op, mmaMatrixType); err != nil {
			return err
		}
		mat := op.Operand(0).Type().(*MMAMatrixType)
		if err := mmaAccess(op, 1); err != nil {
			return err
		}
		if mat.Operand != "COp" {
			return op.Errorf("expected the operand matrix being stored to have 'COp' operand type")
		}
		return nil
	},
}

// mmaMemRefElement reports whether t may be the element of a memref that
// MMA matrices are loaded from or stored to: i8, i32, f16, f32 or a 1-D
// vector of them.
func mmaMemRefElement(t ir.Type) bool {
	if v, ok := t.(*ir.VectorType); ok {
		if len(v.Dims) != 1 {
			return false
		}
		t = v.Elem
	}
	switch t := t.(type) {
	case *ir.FloatType:
		return t.Kind == ir.F16 || t.Kind == ir.F32
	case *ir.IntegerType:
		return t.Signedness == ir.Signless && (t.Width == 8 || t.Width == 32)
	}
	return false
}

// mmaMemRef is the memref an MMA matrix is loaded from or stored to.
var mmaMemRef = arith.Constraint{Desc: "memref of 8-bit signless integer or 32-bit signless integer or 16-bit float or 32-bit float or vector of 8-bit signless integer or 32-bit signless integer or 16-bit float or 32-bit float values of ranks 1 values",
	OK: func(t ir.Type) bool {
		mt, ok := t.(*ir.MemRefType)
		return ok && mmaMemRefElement(mt.Elem)
	}}

// mmaAccess checks the memref at operand ref, its index operands and the
// leadDimension attribute of an MMA load or store.
func mmaAccess(op *ir.Operation, ref int) error {
	if err := arith.CheckOperand(op, ref, mmaMemRef); err != nil {
		return err
	}
	for i := ref + 1; i < op.NumOperands(); i++ {
		if err := arith.CheckOperand(op, i, variadicIndex); err != nil {
			return err
		}
	}
	if a, ok := op.Attr("leadDimension").(*ir.IntegerAttr); !ok || a.Type() != op.Context().Index() {
		return op.Errorf("requires attribute 'leadDimension'")
	}
	if strides, _, ok := memref.StridesAndOffset(op.Operand(ref).Type().(*ir.MemRefType)); !ok || len(strides) > 0 && strides[len(strides)-1] != 1 {
		name := "source"
		if ref > 0 {
			name = "destination"
		}
		return op.Errorf("expected %s memref most minor dim must have unit stride", name)
	}
	return nil
}

// indexedArrowFormat is `$m[$indices] attr-dict : type($m) -> type($r)`
// (subgroup_mma_load_matrix, subgroup_mma_extract_thread_local).
func indexedArrowFormat(m, r string) *ir.Format {
	return &ir.Format{Syntax: "$" + m + " `[` $indices `]` attr-dict `:` type($" + m + ") `->` type($" + r + ")",
		Operands: []string{m, "indices*"}, Results: []string{r}, Types: indexOperands("indices")}
}

// indexOperands gives the named operands the index type.
func indexOperands(name string) map[string]func(*ir.Context) ir.Type {
	return map[string]func(*ir.Context) ir.Type{name: func(ctx *ir.Context) ir.Type { return ctx.Index() }}
}

// mmaComputeDef is gpu.subgroup_mma_compute: D = A * B + C.
var mmaComputeDef = &ir.OpDef{
	Name:    "gpu.subgroup_mma_compute",
	Summary: "GPU warp synchronous matrix multiply accumulate",
	Example: "%0:3 = \"test.defs\"() : () -> (!gpu.mma_matrix<16x16xf16, \"AOp\">, !gpu.mma_matrix<16x16xf16, \"BOp\">, !gpu.mma_matrix<16x16xf16, \"COp\">)\n" +
		`%1 = gpu.subgroup_mma_compute %0#0, %0#1, %0#2 : !gpu.mma_matrix<16x16xf16, "AOp">, !gpu.mma_matrix<16x16xf16, "BOp"> -> !gpu.mma_matrix<16x16xf16, "COp">`,
	Traits:   ir.Pure,
	Operands: ir.Exactly(3),
	Results:  ir.Exactly(1),
	Inherent: []string{"a_transpose", "b_transpose"},
	Format: &ir.Format{Syntax: "$opA `,` $opB `,` $opC attr-dict `:` type($opA) `,` type($opB) `->` type($res)",
		Operands: []string{"opA", "opB", "opC"}, Results: []string{"res"}, TypesMatch: [][]string{{"opC", "res"}}},
	Verify: func(op *ir.Operation) error {
		var mats [3]*MMAMatrixType
		for i := range mats {
			if err := arith.CheckOperand(op, i, mmaMatrixType); err != nil {
				return err
			}
			mats[i] = op.Operand(i).Type().(*MMAMatrixType)
		}
		if op.Result(0).Type() != mats[2] {
			return op.Errorf("failed to verify that all of {opC, res} have same type")
		}
		if mats[0].Operand != "AOp" || mats[1].Operand != "BOp" || mats[2].Operand != "COp" {
			return op.Errorf("operands must be in the order AOp, BOp, COp")
		}
		a, b, c := slices.Clone(mats[0].Shape), slices.Clone(mats[1].Shape), mats[2].Shape
		if op.HasAttr("a_transpose") {
			a[0], a[1] = a[1], a[0]
		}
		if op.HasAttr("b_transpose") {
			b[0], b[1] = b[1], b[0]
		}
		if a[1] != b[0] || a[0] != c[0] || b[1] != c[1] {
			return op.Errorf("operand shapes do not satisfy matmul constraints")
		}
		return nil
	},
}

// mmaConstantDef is gpu.subgroup_mma_constant_matrix: a matrix with every
// element set to a scalar.
var mmaConstantDef = &ir.OpDef{
	Name:    "gpu.subgroup_mma_constant_matrix",
	Summary: "GPU warp synchronous constant matrix",
	Example: "%0 = \"test.def\"() : () -> f16\n" +
		`%1 = gpu.subgroup_mma_constant_matrix %0 : !gpu.mma_matrix<16x16xf16, "COp">`,
	Traits:   ir.Pure,
	Operands: ir.Exactly(1),
	Results:  ir.Exactly(1),
	Format: &ir.Format{Syntax: "$value attr-dict `:` type($res)", Operands: []string{"value"}, Results: []string{"res"},
		TypesFrom: []ir.TypeFrom{{From: "res", To: "value", Transform: mmaElemOf}}},
	Verify: func(op *ir.Operation) error {
		if err := arith.CheckResults(op, mmaMatrixType); err != nil {
			return err
		}
		m := op.Result(0).Type().(*MMAMatrixType)
		if op.Operand(0).Type() != m.Elem {
			return op.Errorf("failed to verify that value type matches element type of mma_matrix")
		}
		return nil
	},
}

// mmaElementwiseDef is gpu.subgroup_mma_elementwise.
var mmaElementwiseDef = &ir.OpDef{
	Name:    "gpu.subgroup_mma_elementwise",
	Summary: "GPU warp elementwise operation on a matrix",
	Example: "%0 = \"test.def\"() : () -> !gpu.mma_matrix<16x16xf16, \"COp\">\n" +
		`%1 = gpu.subgroup_mma_elementwise  addf %0, %0 : (!gpu.mma_matrix<16x16xf16, "COp">, !gpu.mma_matrix<16x16xf16, "COp">) -> !gpu.mma_matrix<16x16xf16, "COp">`,
	Traits:   ir.Pure,
	Operands: ir.AtLeast(1),
	Results:  ir.Exactly(1),
	Inherent: []string{"opType"},
	Format: &ir.Format{Syntax: "$opType $args attr-dict `:` functional-type($args, $res)", Operands: []string{"args*"}, Results: []string{"res"},
		Attrs: []ir.FormatAttr{strippedEnumAttr[MMAElementwiseOp]("opType")}},
	Verify: func(op *ir.Operation) error {
		if _, ok := opEnum[MMAElementwiseOp](op, "opType"); !ok {
			return op.Errorf("requires attribute 'opType'")
		}
		for i := range op.Operands() {
			if err := arith.CheckOperand(op, i, mmaMatrixType); err != nil {
				return err
			}
		}
		return arith.CheckResults(op, mmaMatrixType)
	},
}

// mmaElemOf is an mma_matrix type's element type; another type is kept
// for the verifier to reject.
func mmaElemOf(_ *ir.Context, t ir.Type) ir.Type {
	if m, ok := t.(*MMAMatrixType); ok {
		return m.Elem
	}
	return t
}

// printedMalformed writes just the operands of an op with fewer operands,
// results or regions than its custom form shows (only ops the verifier
// rejects), and reports whether it did.
func printedMalformed(p *ir.OpPrinter, op *ir.Operation, operands, results, regions int) bool {
	if op.NumOperands() >= operands && op.NumResults() >= results && op.NumRegions() >= regions {
		return false
	}
	p.WriteByte(' ')
	p.Operands(op.Operands())
	return true
}
