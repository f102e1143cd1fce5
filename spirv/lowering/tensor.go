package lowering

import (
	"github.com/kiln-gpu/kiln/ir"
	"github.com/kiln-gpu/kiln/ir/rewrite"
	"github.com/kiln-gpu/kiln/spirv"
	"github.com/kiln-gpu/kiln/spirv/spv"
)

// tensorByteCountThreshold is the largest tensor (in bytes) whose
// elements tensor.extract reads through a Function variable, as MLIR's
// convert-tensor-to-spirv sets it.
const tensorByteCountThreshold = 64

// tensorPatterns convert the tensor dialect as MLIR's TensorToSPIRV does:
// tensor.extract from a small constant tensor stores the array in a
// Function variable and loads the element through an access chain.
func (e *env) tensorPatterns() []*rewrite.ConversionPattern {
	return []*rewrite.ConversionPattern{{Name: "tensor.extract", Root: "tensor.extract", Rewrite: e.tensorExtract}}
}

func (e *env) tensorExtract(o *ir.Operation, operands []*ir.Value, rw *rewrite.ConversionRewriter) error {
	t, ok := o.Operand(0).Type().(*ir.RankedTensorType)
	if !ok || !ir.HasStaticShape(t) || e.scalar(t.Elem) == nil ||
		ir.IntOrFloatBitWidth(t.Elem) == 0 || ir.NumElements(t)*int64(ir.IntOrFloatBitWidth(t.Elem)) > tensorByteCountThreshold*8 {
		return rewrite.NoMatch
	}
	arr := operands[0]
	if d := arr.DefiningOp(); d == nil || d.Name() != "spirv.Constant" {
		// MLIR leaves a non-constant tensor alone too.
		return rewrite.NoMatch
	}
	elem := e.tc.ConvertType(o.Result(0).Type())
	if elem == nil {
		return rewrite.NoMatch
	}
	strides := make([]int64, len(t.Dims))
	for i := len(t.Dims) - 1; i >= 0; i-- {
		strides[i] = 1
		if i+1 < len(t.Dims) {
			strides[i] = strides[i+1] * t.Dims[i+1]
		}
	}
	rw.SetInsertionPointBefore(o)
	b, loc, ctx := &rw.Builder, o.Loc(), o.Context()
	// Stored rather than used as the initializer, as MLIR does for driver
	// compilers that mishandle initialized Function variables.
	v := op(b, "spirv.Variable", loc, spirv.Pointer(ctx, arr.Type(), spv.StorageClassFunction), nil,
		named("storage_class", enum(ctx, spv.KindStorageClass, uint32(spv.StorageClassFunction)))).Result(0)
	op(b, "spirv.Store", loc, nil, []*ir.Value{v, arr})
	// MLIR's linearizeIndex with folding builders: every constant is made,
	// x * 1 and x + 0 fold to x.
	lin := e.indexConst(b, 0, loc)
	for i, idx := range operands[1:] {
		s := e.indexConst(b, strides[i], loc)
		upd := idx
		if strides[i] != 1 {
			upd = val(b, "spirv.IMul", loc, e.index, idx, s)
		}
		if l, ok := spirvConst(lin); !ok || l != 0 {
			upd = val(b, "spirv.IAdd", loc, e.index, upd, lin)
		}
		lin = upd
	}
	ac := val(b, "spirv.AccessChain", loc, spirv.Pointer(ctx, elem, spv.StorageClassFunction), v, lin)
	rw.ReplaceOp(o, []*ir.Value{val(b, "spirv.Load", loc, elem, ac)})
	return nil
}
