package serialize

import (
	"slices"

	"github.com/kiln-gpu/kiln/ir"
	"github.com/kiln-gpu/kiln/spirv"
	"github.com/kiln-gpu/kiln/spirv/spv"
)

// SPV_INTEL_joint_matrix, with the numbers MLIR gives it (spv's tables
// have them from spirv/spv/internal/gen/mlir.grammar.json). As in MLIR,
// OpTypeJointMatrixINTEL's rows, columns, layout and scope and the loads'
// and stores' layout are ids of i32 constants, which the dialect holds as
// plain values; the work item length's operand is a type.

// jointMatrixTypeOperands returns OpTypeJointMatrixINTEL's operands.
func (s *serializer) jointMatrixTypeOperands(t *spirv.JointMatrixType) ([]uint32, error) {
	e, err := s.typeID(t.Elem)
	if err != nil {
		return nil, err
	}
	c, err := s.i32ConstantIDs(t.Rows, t.Columns, int64(t.Layout), int64(t.Scope))
	return append([]uint32{e}, c...), err
}

// jointMatrixOp writes a joint matrix load, store or work item length
// (the multiply-add is an ordinary op).
func (s *serializer) jointMatrixOp(op *ir.Operation) error {
	opc, _ := spirv.OpcodeOf(op.Name())
	var words []uint32
	if opc == spv.OpJointMatrixWorkItemLengthINTEL {
		ta, ok := op.Attr("joint_matrix_type").(*ir.TypeAttr)
		if !ok || op.NumResults() != 1 {
			return op.Errorf("needs a 'joint_matrix_type' and one result")
		}
		rt, err := s.typeID(op.Result(0).Type())
		if err != nil {
			return err
		}
		mt, err := s.typeID(ta.Value)
		if err != nil {
			return err
		}
		id, _ := s.valueID(op.Result(0))
		words = []uint32{rt, id, mt}
	} else {
		l, ok := op.Attr("layout").(*spirv.JointMatrixLayoutAttr)
		if !ok {
			return op.Errorf("missing attribute 'layout'")
		}
		// The grammar's operands but Layout, whose constant goes where
		// Layout is: every operand before it takes one word.
		specs := opc.Info().Operands
		at := slices.IndexFunc(specs, func(sp spv.OperandSpec) bool { return sp.Name == "Layout" })
		w, err := s.operandWords(op, opc, slices.Delete(slices.Clone(specs), at, at+1))
		if err != nil {
			return err
		}
		layout, err := s.i32ConstantIDs(int64(l.Layout))
		if err != nil {
			return err
		}
		words = slices.Insert(slices.Clone(w), at, layout...)
	}
	s.debugLine(secFunction, op.Loc())
	s.sec[secFunction].Op(opc).Word(words...)
	return nil
}

// jointMatrixType reads OpTypeJointMatrixINTEL: a number component type
// and constant rows, columns, layout and scope.
func (d *deserializer) jointMatrixType(ops []spv.Operand) (*spirv.JointMatrixType, error) {
	e, err := d.typeOf(ops[0].Value())
	if err != nil {
		return nil, err
	}
	if it, ok := e.(*ir.IntegerType); !(ok && it.Width > 1) && !ir.IsFloat(e) {
		return nil, d.errorf("joint matrix component type %s is not a number", ir.TypeString(e))
	}
	var vals [4]int64
	for i, o := range ops[1:5] {
		if vals[i], err = d.i32Constant(o.Value()); err != nil {
			return nil, err
		}
	}
	if vals[0] == 0 || vals[1] == 0 {
		return nil, d.errorf("joint matrix of %dx%d components", vals[0], vals[1])
	}
	if !spirv.JointMatrixLayout(vals[2]).Valid() {
		return nil, d.errorf("joint matrix layout %d", vals[2])
	}
	if spv.KindScope.Enumerant(uint32(vals[3])) == nil {
		return nil, d.errorf("joint matrix scope %d is not a Scope", vals[3])
	}
	return spirv.JointMatrix(d.ctx, e, vals[0], vals[1], spirv.JointMatrixLayout(vals[2]), spv.Scope(vals[3])), nil
}

// jointMatrixOp reads a joint matrix load, store or work item length into
// st and returns the specs and operands left for d.operands.
func (d *deserializer) jointMatrixOp(in *spv.Instruction, st *ir.OpState) ([]spv.OperandSpec, []spv.Operand, error) {
	specs, ops := in.Opcode.Info().Operands, in.Operands
	switch in.Opcode {
	case spv.OpJointMatrixWorkItemLengthINTEL:
		st.Name = "spirv.INTEL.JointMatrixWorkItemLength"
		if err := d.resultType(in, st); err != nil {
			return nil, nil, err
		}
		mt, err := d.typeOf(ops[2].Value())
		if err != nil {
			return nil, nil, err
		}
		if _, ok := mt.(*spirv.JointMatrixType); !ok {
			return nil, nil, d.errorf("%%%d is not a joint matrix type", ops[2].Value())
		}
		st.AddAttr("joint_matrix_type", d.ctx.TypeAttr(mt))
		return nil, nil, nil
	case spv.OpJointMatrixLoadINTEL:
		st.Name = "spirv.INTEL.JointMatrixLoad"
		if err := d.resultType(in, st); err != nil {
			return nil, nil, err
		}
	default:
		st.Name = "spirv.INTEL.JointMatrixStore"
	}
	// Layout is an i32 constant, which the op holds as its layout.
	at := slices.IndexFunc(specs, func(sp spv.OperandSpec) bool { return sp.Name == "Layout" })
	l, err := d.i32Constant(ops[at].Value())
	if err != nil {
		return nil, nil, err
	}
	if !spirv.JointMatrixLayout(l).Valid() {
		return nil, nil, d.errorf("joint matrix layout %d", l)
	}
	st.AddAttr("layout", spirv.JointMatrixLayoutOf(d.ctx, spirv.JointMatrixLayout(l)))
	return slices.Delete(slices.Clone(specs), at, at+1), slices.Delete(slices.Clone(ops), at, at+1), nil
}
