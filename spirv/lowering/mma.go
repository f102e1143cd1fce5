package lowering

import (
	"fmt"

	"github.com/kiln-gpu/kiln/gpu"
	"github.com/kiln-gpu/kiln/ir"
	"github.com/kiln-gpu/kiln/ir/rewrite"
	"github.com/kiln-gpu/kiln/spirv"
	"github.com/kiln-gpu/kiln/spirv/spv"
)

// mmaPatterns convert the gpu.subgroup_mma_* ops to cooperative matrices:
// SPV_KHR_cooperative_matrix on a target with CooperativeMatrixKHR (unless
// use-coop-matrix-nv), else SPV_NV_cooperative_matrix as MLIR 16's
// GPUToSPIRV did. !gpu.mma_matrix<RxCxT, "Op"> becomes
// !spirv.coopmatrix<RxCxT, Subgroup, MatrixA|MatrixB|MatrixAcc> or
// !spirv.NV.coopmatrix<RxCxT, Subgroup>; loads and stores take an element
// pointer, the leading dimension as stride and transpose as column major;
// compute is CooperativeMatrixMulAdd, a constant matrix a one-constituent
// CompositeConstruct, and elementwise ops the arithmetic SPIR-V allows on
// cooperative matrices (a product with a constant matrix is
// MatrixTimesScalar); the thread-local extract and insert are
// CompositeExtract and CompositeInsert at constant indices. The target needs the extension's capability, which
// the availability check after the conversion reports when missing.
func (e *env) mmaPatterns() []*rewrite.ConversionPattern {
	e.tc.AddConversion(func(t ir.Type) []ir.Type {
		if m, ok := t.(*gpu.MMAMatrixType); ok {
			if c := e.mmaType(m); c != nil {
				return []ir.Type{c}
			}
		}
		return nil
	})
	p := func(name string, f func(*ir.Operation, []*ir.Value, *rewrite.ConversionRewriter) error) *rewrite.ConversionPattern {
		return &rewrite.ConversionPattern{Name: name, Root: name, Rewrite: f}
	}
	return []*rewrite.ConversionPattern{
		p("gpu.subgroup_mma_load_matrix", e.mmaLoad), p("gpu.subgroup_mma_store_matrix", e.mmaStore),
		p("gpu.subgroup_mma_compute", e.mmaCompute), p("gpu.subgroup_mma_constant_matrix", e.mmaConstant),
		p("gpu.subgroup_mma_elementwise", e.mmaElementwise),
		p("gpu.subgroup_mma_extract_thread_local", e.mmaThreadLocal), p("gpu.subgroup_mma_insert_thread_local", e.mmaThreadLocal),
	}
}

// khrCoopMatrix reports whether the mma ops lower to the KHR extension.
func (e *env) khrCoopMatrix() bool {
	c, _ := spirv.ParseEnum(spv.KindCapability, "CooperativeMatrixKHR")
	return !e.opts.CoopMatrixNV && e.has(spv.Capability(c))
}

// mmaUses maps gpu.mma_matrix operand kinds to KHR matrix uses.
var mmaUses = map[string]spirv.CoopMatrixUse{"AOp": spirv.MatrixA, "BOp": spirv.MatrixB, "COp": spirv.MatrixAcc}

// mmaType converts an MMA matrix type; its element type must be one the
// target computes in as it is (f16 needs Float16, not the 32-bit emulation).
func (e *env) mmaType(m *gpu.MMAMatrixType) ir.Type {
	if len(m.Shape) != 2 {
		return nil
	}
	elem := e.scalar(m.Elem)
	if elem == nil {
		return e.refuse(m, fmt.Sprintf("has element type %s, which the target cannot express", ir.TypeString(m.Elem)))
	}
	if elem != m.Elem {
		return e.refuse(m, fmt.Sprintf("has element type %s, which the target only emulates in %s", ir.TypeString(m.Elem), ir.TypeString(elem)))
	}
	if use, ok := mmaUses[m.Operand]; ok && e.khrCoopMatrix() {
		return spirv.CoopMatrix(e.ctx, elem, m.Shape[0], m.Shape[1], spv.ScopeSubgroup, use)
	}
	return spirv.NVCoopMatrix(e.ctx, elem, m.Shape[0], m.Shape[1], spv.ScopeSubgroup)
}

// mmaAccess returns the element pointer and the access operands of a load
// (memOperand 0) or store (memOperand 1): the stride, and for NV the
// column-major flag, for KHR the layout attribute.
func (e *env) mmaAccess(o *ir.Operation, operands []*ir.Value, memOperand int, khr bool, rw *rewrite.ConversionRewriter) (ptr, stride, colMajor *ir.Value, layout []ir.NamedAttr, err error) {
	ld, ok := o.Attr("leadDimension").(*ir.IntegerAttr)
	if !ok {
		return nil, nil, nil, nil, rewrite.NoMatch
	}
	mt, isMem := o.Operand(memOperand).Type().(*ir.MemRefType)
	if base := basePtr(operands[memOperand]); isMem && base != nil && packedFloats(mt, base) {
		// MLIR loads such a matrix through a pointer to the words, indexed
		// as if they were the elements: it reads the wrong data.
		return nil, nil, nil, nil, o.Errorf("accesses a memref whose elements the target packs into 32-bit words; cooperative matrices need its element type in storage (a 16-bit storage capability)")
	}
	ptr, pk, _, ok := e.access(o, operands[memOperand], memOperand, rw, operands[memOperand+1:])
	if !ok || pk != nil {
		return nil, nil, nil, nil, rewrite.NoMatch
	}
	b, loc := &rw.Builder, o.Loc()
	stride = intConst(b, e.ctx.I(32), ld.Int(), loc)
	if khr {
		l := spirv.RowMajor
		if o.HasAttr("transpose") {
			l = spirv.ColumnMajor
		}
		return ptr, stride, nil, []ir.NamedAttr{{Name: "matrix_layout", Value: spirv.CoopMatrixLayoutOf(e.ctx, l)}}, nil
	}
	colMajor = intConst(b, e.ctx.I(1), boolInt(o.HasAttr("transpose")), loc)
	return ptr, stride, colMajor, nil, nil
}

func boolInt(b bool) int64 {
	if b {
		return 1
	}
	return 0
}

func (e *env) mmaLoad(o *ir.Operation, operands []*ir.Value, rw *rewrite.ConversionRewriter) error {
	t := e.tc.ConvertType(o.Result(0).Type())
	if t == nil {
		return rewrite.NoMatch
	}
	_, khr := t.(*spirv.CoopMatrixType)
	ptr, stride, colMajor, layout, err := e.mmaAccess(o, operands, 0, khr, rw)
	if err != nil {
		return err
	}
	var r *ir.Value
	if khr {
		r = op(&rw.Builder, "spirv.KHR.CooperativeMatrixLoad", o.Loc(), t, []*ir.Value{ptr, stride}, layout...).Result(0)
	} else {
		r = val(&rw.Builder, "spirv.NV.CooperativeMatrixLoad", o.Loc(), t, ptr, stride, colMajor)
	}
	rw.ReplaceOp(o, []*ir.Value{r})
	return nil
}

func (e *env) mmaStore(o *ir.Operation, operands []*ir.Value, rw *rewrite.ConversionRewriter) error {
	t := e.tc.ConvertType(o.Operand(0).Type())
	if t == nil {
		return rewrite.NoMatch
	}
	_, khr := t.(*spirv.CoopMatrixType)
	ptr, stride, colMajor, layout, err := e.mmaAccess(o, operands, 1, khr, rw)
	if err != nil {
		return err
	}
	if khr {
		op(&rw.Builder, "spirv.KHR.CooperativeMatrixStore", o.Loc(), nil, []*ir.Value{ptr, operands[0], stride}, layout...)
	} else {
		op(&rw.Builder, "spirv.NV.CooperativeMatrixStore", o.Loc(), nil, []*ir.Value{ptr, operands[0], stride, colMajor})
	}
	rw.EraseOp(o)
	return nil
}

func (e *env) mmaCompute(o *ir.Operation, operands []*ir.Value, rw *rewrite.ConversionRewriter) error {
	t := e.tc.ConvertType(o.Result(0).Type())
	if t == nil || len(operands) != 3 {
		return rewrite.NoMatch
	}
	if o.HasAttr("a_transpose") || o.HasAttr("b_transpose") {
		return o.Errorf("with a transposed operand has no SPIR-V form; load the operand transposed instead")
	}
	name := "spirv.NV.CooperativeMatrixMulAdd"
	if _, khr := t.(*spirv.CoopMatrixType); khr {
		name = "spirv.KHR.CooperativeMatrixMulAdd"
	}
	rw.SetInsertionPointBefore(o)
	rw.ReplaceOp(o, []*ir.Value{val(&rw.Builder, name, o.Loc(), t, operands...)})
	return nil
}

func (e *env) mmaConstant(o *ir.Operation, operands []*ir.Value, rw *rewrite.ConversionRewriter) error {
	t := e.tc.ConvertType(o.Result(0).Type())
	if t == nil || len(operands) != 1 {
		return rewrite.NoMatch
	}
	rw.SetInsertionPointBefore(o)
	rw.ReplaceOp(o, []*ir.Value{val(&rw.Builder, "spirv.CompositeConstruct", o.Loc(), t, operands[0])})
	return nil
}

// mmaElementwiseOps are the gpu.subgroup_mma_elementwise kinds with a
// SPIR-V instruction on cooperative matrices (MLIR's createElementwiseOp).
var mmaElementwiseOps = map[gpu.MMAElementwiseOp]string{
	gpu.MMAAddF: "spirv.FAdd", gpu.MMASubF: "spirv.FSub", gpu.MMADivF: "spirv.FDiv", gpu.MMANegateF: "spirv.FNegate",
	gpu.MMAAddI: "spirv.IAdd", gpu.MMASubI: "spirv.ISub", gpu.MMADivS: "spirv.SDiv", gpu.MMADivU: "spirv.UDiv",
	gpu.MMANegateS: "spirv.SNegate", gpu.MMAExtF: "spirv.FConvert",
}

func (e *env) mmaElementwise(o *ir.Operation, operands []*ir.Value, rw *rewrite.ConversionRewriter) error {
	a, ok := o.Attr("opType").(*gpu.MMAElementwiseOpAttr)
	t := e.tc.ConvertType(o.Result(0).Type())
	if !ok || t == nil {
		return rewrite.NoMatch
	}
	rw.SetInsertionPointBefore(o)
	if a.Value == gpu.MMAMulF {
		// A product with a constant matrix scales the other operand
		// (MLIR's WmmaElementwiseOpToSPIRVScalarMulLowering).
		if m, s := mmaScaled(operands); m != nil {
			rw.ReplaceOp(o, []*ir.Value{val(&rw.Builder, "spirv.MatrixTimesScalar", o.Loc(), t, m, s)})
			return nil
		}
	}
	name, ok := mmaElementwiseOps[a.Value]
	if !ok {
		return o.Errorf("'%s' has no SPIR-V instruction on cooperative matrices", a.Value)
	}
	rw.ReplaceOp(o, []*ir.Value{val(&rw.Builder, name, o.Loc(), t, operands...)})
	return nil
}

// mmaScaled returns, for a binary elementwise op one of whose operands is a
// constant matrix (which converts to a one-constituent CompositeConstruct),
// the other operand and the constant's scalar.
func mmaScaled(operands []*ir.Value) (matrix, scalar *ir.Value) {
	if len(operands) != 2 || operands[0].Type() != operands[1].Type() {
		return nil, nil
	}
	for i, v := range operands {
		if d := v.DefiningOp(); d != nil && d.Name() == "spirv.CompositeConstruct" && d.NumOperands() == 1 {
			return operands[1-i], d.Operand(0)
		}
	}
	return nil, nil
}

// mmaThreadLocal converts gpu.subgroup_mma_extract_thread_local and
// insert_thread_local to CompositeExtract and CompositeInsert of the
// cooperative matrix, whose indices count the lane's own elements as the
// gpu ops' do (MLIR's WmmaExtractOpToSPIRVLowering and
// WmmaInsertOpToSPIRVLowering). The indices must be constants.
func (e *env) mmaThreadLocal(o *ir.Operation, operands []*ir.Value, rw *rewrite.ConversionRewriter) error {
	m := 0
	if o.Name() == "gpu.subgroup_mma_insert_thread_local" {
		m = 1
	}
	t := e.tc.ConvertType(o.Operand(m).Type())
	if t == nil {
		return rewrite.NoMatch
	}
	var idx []int64
	for _, v := range o.Operands()[m+1:] {
		c, ok := constInt(v)
		if !ok {
			return rewrite.NoMatch
		}
		idx = append(idx, c)
	}
	rw.SetInsertionPointBefore(o)
	var r *ir.Value
	if m == 0 {
		r = extract(&rw.Builder, operands[0], e.tc.ConvertType(o.Result(0).Type()), o.Loc(), idx...)
	} else {
		r = insert(&rw.Builder, operands[0], operands[1], o.Loc(), idx...)
	}
	rw.ReplaceOp(o, []*ir.Value{r})
	return nil
}
