package serialize

import (
	"github.com/kiln-gpu/kiln/ir"
	"github.com/kiln-gpu/kiln/spirv/spv"
)

// Integer instructions may take operands that differ from their result,
// or from each other, in signedness only (an OpIAdd of two ints with a
// uint result, as spirv-opt writes): SPIR-V asks for the same width and
// component count, and the opcode, not the types, says whether the bits
// are read as signed. The dialect's ops want one type, as in MLIR, whose
// deserializer builds them as they are, for its verifier to reject.
// castSignedness bitcasts such operands to the type the op wants instead:
// the same bits, so the same results.

// intCompares are the integer comparisons: operands of one type.
var intCompares = map[spv.Opcode]bool{
	spv.OpIEqual: true, spv.OpINotEqual: true,
	spv.OpSGreaterThan: true, spv.OpSGreaterThanEqual: true, spv.OpSLessThan: true, spv.OpSLessThanEqual: true,
	spv.OpUGreaterThan: true, spv.OpUGreaterThanEqual: true, spv.OpULessThan: true, spv.OpULessThanEqual: true,
}

// castSignedness bitcasts the operands of the op being built from an
// instruction of opcode opc where they differ in signedness only from what
// the op's verifier wants: the result type (ops with one type for operands
// and result, and a shift's base), the first operand's type (comparisons),
// i32 (the stride of an NV cooperative matrix load or store, which the
// op's syntax fixes).
func (d *deserializer) castSignedness(opc spv.Opcode, st *ir.OpState) error {
	switch {
	case intCompares[opc]:
		if len(st.Operands) == 2 {
			d.castOperand(st, 1, st.Operands[0].Type())
		}
	case opc == spv.OpShiftLeftLogical || opc == spv.OpShiftRightLogical || opc == spv.OpShiftRightArithmetic:
		if len(st.Operands) == 2 && len(st.ResultTypes) == 1 {
			d.castOperand(st, 0, st.ResultTypes[0])
		}
	case opc == spv.OpCooperativeMatrixLoadNV || opc == spv.OpCooperativeMatrixStoreNV:
		i := 1
		if opc == spv.OpCooperativeMatrixStoreNV {
			i = 2
		}
		if i >= len(st.Operands) {
			break
		}
		d.castOperand(st, i, d.ctx.I(32))
		if t := st.Operands[i].Type(); t != d.ctx.I(32) {
			return d.errorf("stride of type %s: not supported (spirv.NV.CooperativeMatrix ops take an i32)", ir.TypeString(t))
		}
	default:
		def := d.ctx.LookupOp(st.Name)
		if def != nil && def.Traits&ir.SameOperandsAndResultType != 0 && len(st.ResultTypes) == 1 {
			for i := range st.Operands {
				d.castOperand(st, i, st.ResultTypes[0])
			}
		}
	}
	return nil
}

// castOperand replaces operand i of st by its bitcast to t, made in the
// current block, when its type differs from t in signedness only.
func (d *deserializer) castOperand(st *ir.OpState, i int, t ir.Type) {
	v := st.Operands[i]
	if !signednessOnly(v.Type(), t) {
		return
	}
	cast := d.ctx.NewOp(&ir.OpState{Name: "spirv.Bitcast", Loc: st.Loc, Operands: []*ir.Value{v}, ResultTypes: []ir.Type{t}})
	d.fn.cur.Append(cast)
	st.Operands[i] = cast.Result(0)
}

// signednessOnly reports whether a and b are different integer scalar or
// vector types of the same width and component count.
func signednessOnly(a, b ir.Type) bool {
	if a == b {
		return false
	}
	if va, ok := a.(*ir.VectorType); ok {
		vb, ok := b.(*ir.VectorType)
		if !ok || len(va.Dims) != 1 || len(vb.Dims) != 1 || va.Dims[0] != vb.Dims[0] {
			return false
		}
		a, b = va.Elem, vb.Elem
	}
	ia, ok := a.(*ir.IntegerType)
	ib, ok2 := b.(*ir.IntegerType)
	return ok && ok2 && ia.Width == ib.Width
}
