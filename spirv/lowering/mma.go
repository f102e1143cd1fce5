package lowering

import (
	"fmt"

	"github.com/kiln-gpu/kiln/gpu"
	"github.com/kiln-gpu/kiln/ir"
	"github.com/kiln-gpu/kiln/ir/rewrite"
	"github.com/kiln-gpu/kiln/spirv"
	"github.com/kiln-gpu/kiln/spirv/spv"
)

// mmaPatterns convert the gpu.subgroup_mma_* ops to SPV_NV_cooperative_matrix,
// as MLIR 16's GPUToSPIRV did: !gpu.mma_matrix<RxCxT, "Op"> becomes
// !spirv.NV.coopmatrix<RxCxT, Subgroup>, loads and stores take an element
// pointer, the leading dimension as stride and transpose as column major,
// compute is CooperativeMatrixMulAdd, a constant matrix a one-constituent
// CompositeConstruct, and elementwise ops the arithmetic SPIR-V allows on
// cooperative matrices. The target needs capability CooperativeMatrixNV
// and extension SPV_NV_cooperative_matrix, which the availability check
// after the conversion reports when missing.
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
	}
}

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
	return spirv.NVCoopMatrix(e.ctx, elem, m.Shape[0], m.Shape[1], spv.ScopeSubgroup)
}

// mmaAccessOperands returns the element pointer, stride and column-major
// flag of a load (memOperand 0) or store (memOperand 1).
func (e *env) mmaAccessOperands(o *ir.Operation, operands []*ir.Value, memOperand int, rw *rewrite.ConversionRewriter) (ptr, stride, colMajor *ir.Value, err error) {
	ld, ok := o.Attr("leadDimension").(*ir.IntegerAttr)
	if !ok {
		return nil, nil, nil, rewrite.NoMatch
	}
	ptr, bitOffset, _, ok := e.access(o, operands[memOperand], memOperand, rw, operands[memOperand+1:])
	if !ok {
		return nil, nil, nil, rewrite.NoMatch
	}
	if bitOffset != nil {
		return nil, nil, nil, o.Errorf("accesses a memref whose elements the target packs into 32-bit words; cooperative matrices need its element type in storage (a 16-bit storage capability)")
	}
	b, loc := &rw.Builder, o.Loc()
	stride = intConst(b, e.ctx.I(32), ld.Int(), loc)
	colMajor = intConst(b, e.ctx.I(1), boolInt(o.HasAttr("transpose")), loc)
	return ptr, stride, colMajor, nil
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
	ptr, stride, colMajor, err := e.mmaAccessOperands(o, operands, 0, rw)
	if err != nil {
		return err
	}
	r := val(&rw.Builder, "spirv.NV.CooperativeMatrixLoad", o.Loc(), t, ptr, stride, colMajor)
	rw.ReplaceOp(o, []*ir.Value{r})
	return nil
}

func (e *env) mmaStore(o *ir.Operation, operands []*ir.Value, rw *rewrite.ConversionRewriter) error {
	if e.tc.ConvertType(o.Operand(0).Type()) == nil {
		return rewrite.NoMatch
	}
	ptr, stride, colMajor, err := e.mmaAccessOperands(o, operands, 1, rw)
	if err != nil {
		return err
	}
	op(&rw.Builder, "spirv.NV.CooperativeMatrixStore", o.Loc(), nil, []*ir.Value{ptr, operands[0], stride, colMajor})
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
	rw.SetInsertionPointBefore(o)
	rw.ReplaceOp(o, []*ir.Value{val(&rw.Builder, "spirv.NV.CooperativeMatrixMulAdd", o.Loc(), t, operands...)})
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
// SPIR-V instruction on cooperative matrices (MLIR 16's list).
var mmaElementwiseOps = map[gpu.MMAElementwiseOp]string{
	gpu.MMAAddF: "spirv.FAdd", gpu.MMASubF: "spirv.FSub", gpu.MMADivF: "spirv.FDiv", gpu.MMANegateF: "spirv.FNegate",
	gpu.MMAAddI: "spirv.IAdd", gpu.MMASubI: "spirv.ISub", gpu.MMADivS: "spirv.SDiv", gpu.MMADivU: "spirv.UDiv",
	gpu.MMANegateS: "spirv.SNegate",
}

func (e *env) mmaElementwise(o *ir.Operation, operands []*ir.Value, rw *rewrite.ConversionRewriter) error {
	a, ok := o.Attr("opType").(*gpu.MMAElementwiseOpAttr)
	t := e.tc.ConvertType(o.Result(0).Type())
	if !ok || t == nil {
		return rewrite.NoMatch
	}
	name, ok := mmaElementwiseOps[a.Value]
	if !ok {
		return o.Errorf("'%s' has no SPIR-V instruction on cooperative matrices", a.Value)
	}
	rw.SetInsertionPointBefore(o)
	rw.ReplaceOp(o, []*ir.Value{val(&rw.Builder, name, o.Loc(), t, operands...)})
	return nil
}
