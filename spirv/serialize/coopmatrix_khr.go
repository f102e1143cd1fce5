package serialize

import (
	"math"

	"github.com/kiln-gpu/kiln/ir"
	"github.com/kiln-gpu/kiln/spirv"
	"github.com/kiln-gpu/kiln/spirv/spv"
)

// SPV_KHR_cooperative_matrix. OpTypeCooperativeMatrixKHR's scope, rows,
// columns and use, and the loads' and stores' memory layout, are ids of i32
// constants, which the dialect holds as plain values: the type's parameters
// and the ops' matrix_layout attribute. The length's operand is a type.

// i32ConstantIDs returns the ids of i32 constants with values vs.
func (s *serializer) i32ConstantIDs(vs ...int64) ([]uint32, error) {
	ids := make([]uint32, len(vs))
	for i, v := range vs {
		id, err := s.constantID(s.ctx.IntegerAttr(s.ctx.I(32), v), s.ctx.I(32))
		if err != nil {
			return nil, err
		}
		ids[i] = id
	}
	return ids, nil
}

// khrCoopMatrixOp writes the KHR cooperative matrix ops; ok is false for
// other ops.
func (s *serializer) khrCoopMatrixOp(op *ir.Operation) (ok bool, err error) {
	var opc spv.Opcode
	switch op.Name() {
	case "spirv.KHR.CooperativeMatrixLength":
		opc = spv.OpCooperativeMatrixLengthKHR
	case "spirv.KHR.CooperativeMatrixLoad":
		opc = spv.OpCooperativeMatrixLoadKHR
	case "spirv.KHR.CooperativeMatrixStore":
		opc = spv.OpCooperativeMatrixStoreKHR
	case "spirv.KHR.CooperativeMatrixMulAdd":
		opc = spv.OpCooperativeMatrixMulAddKHR
	default:
		return false, nil
	}
	var words []uint32
	if op.NumResults() == 1 {
		rt, err := s.typeID(op.Result(0).Type())
		if err != nil {
			return true, err
		}
		id, _ := s.valueID(op.Result(0))
		words = append(words, rt, id)
	}
	switch opc {
	case spv.OpCooperativeMatrixLengthKHR:
		ta, ok := op.Attr("cooperative_matrix_type").(*ir.TypeAttr)
		if !ok {
			return true, op.Errorf("needs a 'cooperative_matrix_type'")
		}
		mt, err := s.typeID(ta.Value)
		if err != nil {
			return true, err
		}
		words = append(words, mt)
	case spv.OpCooperativeMatrixMulAddKHR:
		ids, err := s.valueIDs(op.Operands())
		if err != nil {
			return true, err
		}
		words = append(words, ids...)
		if a, ok := op.Attr("matrix_operands").(*spirv.CoopMatrixOperandsAttr); ok {
			words = append(words, a.Bits)
		}
	default: // load: ptr, stride; store: ptr, object, stride
		ids, err := s.valueIDs(op.Operands())
		if err != nil {
			return true, err
		}
		l, ok := op.Attr("matrix_layout").(*spirv.CoopMatrixLayoutAttr)
		if !ok || len(ids) < 2 {
			return true, op.Errorf("needs a 'matrix_layout' and its operands")
		}
		layout, err := s.i32ConstantIDs(int64(l.Layout))
		if err != nil {
			return true, err
		}
		stride := ids[len(ids)-1]
		words = append(append(append(words, ids[:len(ids)-1]...), layout...), stride)
		if a, ok := op.Attr("memory_operand").(*spirv.EnumAttr); ok {
			words = append(words, a.Value)
		}
	}
	s.debugLine(secFunction, op.Loc())
	s.sec[secFunction].Op(opc).Word(words...)
	return true, nil
}

// khrCoopMatrixType reads OpTypeCooperativeMatrixKHR: a number component
// type and constant scope, rows, columns and use.
func (d *deserializer) khrCoopMatrixType(ops []spv.Operand) (*spirv.CoopMatrixType, error) {
	e, err := d.typeOf(ops[0].Value())
	if err != nil {
		return nil, err
	}
	if it, ok := e.(*ir.IntegerType); !(ok && it.Width > 1) && !ir.IsFloat(e) {
		return nil, d.errorf("cooperative matrix component type %s is not a number", ir.TypeString(e))
	}
	var vals [4]int64
	for i, o := range ops[1:5] {
		if vals[i], err = d.i32Constant(o.Value()); err != nil {
			return nil, err
		}
	}
	if spv.KindScope.Enumerant(uint32(vals[0])) == nil {
		return nil, d.errorf("cooperative matrix scope %d is not a Scope", vals[0])
	}
	if vals[1] == 0 || vals[2] == 0 || vals[3] > int64(spirv.MatrixAcc) {
		return nil, d.errorf("cooperative matrix of %dx%d components and use %d", vals[1], vals[2], vals[3])
	}
	return spirv.CoopMatrix(d.ctx, e, vals[1], vals[2], spv.Scope(vals[0]), spirv.CoopMatrixUse(vals[3])), nil
}

// i32Constant returns the value of a non-negative integer constant id.
func (d *deserializer) i32Constant(id uint32) (int64, error) {
	c, ok := d.consts[id]
	n, isInt := c.val.(*ir.IntegerAttr)
	if !ok || !isInt || n.Int() < 0 || n.Int() > math.MaxInt32 {
		return 0, d.errorf("operand %%%d is not a non-negative integer constant", id)
	}
	return n.Int(), nil
}

// khrCoopMatrixOp reads the KHR cooperative matrix instructions into st;
// ok is false for other instructions.
func (d *deserializer) khrCoopMatrixOp(in *spv.Instruction, st *ir.OpState) (ok bool, err error) {
	ops := in.Operands
	var rest []spv.Operand
	switch in.Opcode {
	case spv.OpCooperativeMatrixLengthKHR:
		st.Name = "spirv.KHR.CooperativeMatrixLength"
		if err := d.resultType(in, st); err != nil {
			return true, err
		}
		mt, err := d.typeOf(ops[2].Value())
		if err != nil {
			return true, err
		}
		st.AddAttr("cooperative_matrix_type", d.ctx.TypeAttr(mt))
		return true, nil
	case spv.OpCooperativeMatrixMulAddKHR:
		st.Name = "spirv.KHR.CooperativeMatrixMulAdd"
		if err := d.resultType(in, st); err != nil {
			return true, err
		}
		if err := d.operandValues(st, ops[2:5]); err != nil {
			return true, err
		}
		if len(ops) > 5 && ops[5].Value() != 0 {
			st.AddAttr("matrix_operands", spirv.CoopMatrixOperandsOf(d.ctx, ops[5].Value()))
		}
		return true, nil
	case spv.OpCooperativeMatrixLoadKHR:
		st.Name = "spirv.KHR.CooperativeMatrixLoad"
		if err := d.resultType(in, st); err != nil {
			return true, err
		}
		rest = ops[2:]
	case spv.OpCooperativeMatrixStoreKHR:
		st.Name = "spirv.KHR.CooperativeMatrixStore"
		rest = ops
	default:
		return false, nil
	}
	// Load: ptr, layout, stride?, memory operand?; store: ptr, object, layout, ...
	n := 1
	if in.Opcode == spv.OpCooperativeMatrixStoreKHR {
		n = 2
	}
	if len(rest) < n+2 {
		return true, d.errorf("cooperative matrix load or store without a stride")
	}
	if err := d.operandValues(st, rest[:n]); err != nil {
		return true, err
	}
	layout, err := d.i32Constant(rest[n].Value())
	if err != nil {
		return true, err
	}
	if layout > int64(spirv.ColumnMajor) {
		return true, d.errorf("cooperative matrix layout %d", layout)
	}
	st.AddAttr("matrix_layout", spirv.CoopMatrixLayoutOf(d.ctx, spirv.CoopMatrixLayout(layout)))
	if err := d.operandValues(st, rest[n+1:n+2]); err != nil {
		return true, err
	}
	if len(rest) > n+2 {
		st.AddAttr("memory_operand", d.enum(spv.KindMemoryAccess, rest[n+2].Value()))
	}
	return true, nil
}

// operandValues appends the values of id operands to st.
func (d *deserializer) operandValues(st *ir.OpState, ops []spv.Operand) error {
	for _, o := range ops {
		v, err := d.value(o.Value())
		if err != nil {
			return err
		}
		st.Operands = append(st.Operands, v)
	}
	return nil
}
