package serialize

import (
	"fmt"

	"github.com/kiln-gpu/kiln/ir"
	"github.com/kiln-gpu/kiln/spirv"
	"github.com/kiln-gpu/kiln/spirv/spv"
)

// op writes an ordinary op: its instruction comes from its name, and the
// grammar's operand list says where each operand and attribute goes.
func (s *serializer) op(op *ir.Operation) error {
	switch op.Name() {
	case "spirv.Constant", "spirv.EXT.ConstantCompositeReplicate", "spirv.mlir.addressof", "spirv.mlir.referenceof", "spirv.SpecConstantOperation", "spirv.ARM.GraphConstant", "spirv.Undef":
		return nil // module-level ids; see valueID
	}
	if t, ok := spirv.TosaOpOf(op.Name()); ok {
		if err := s.available(op); err != nil {
			return err
		}
		return s.tosaOp(op, t)
	}
	if err := s.available(op); err != nil {
		return err
	}
	e := &s.sec[secFunction]
	switch op.Name() {
	case "spirv.Variable":
		return s.variable(op)
	case "spirv.FunctionCall":
		callee, _, err := s.symbolID(op, "callee")
		if err != nil {
			return err
		}
		var ret ir.Type = s.ctx.None()
		if op.NumResults() == 1 {
			ret = op.Result(0).Type()
		}
		rid, err := s.typeID(ret)
		if err != nil {
			return err
		}
		var res uint32
		if op.NumResults() == 1 {
			res, _ = s.valueID(op.Result(0))
		} else {
			res = s.newID()
		}
		args, err := s.valueIDs(op.Operands())
		if err != nil {
			return err
		}
		s.debugLine(secFunction, op.Loc())
		e.Op(spv.OpFunctionCall).Word(rid, res, callee).Word(args...)
		return nil
	case "spirv.KHR.CooperativeMatrixLength", "spirv.KHR.CooperativeMatrixLoad", "spirv.KHR.CooperativeMatrixStore", "spirv.KHR.CooperativeMatrixMulAdd":
		_, err := s.khrCoopMatrixOp(op)
		return err
	case "spirv.INTEL.JointMatrixWorkItemLength", "spirv.INTEL.JointMatrixLoad", "spirv.INTEL.JointMatrixStore":
		return s.jointMatrixOp(op)
	case "spirv.NV.CooperativeMatrixLength":
		// Its operand is the id of a type, from an attribute.
		ta, ok := op.Attr("cooperative_matrix_type").(*ir.TypeAttr)
		if !ok || op.NumResults() != 1 {
			return op.Errorf("needs a 'cooperative_matrix_type' and one result")
		}
		mt, err := s.typeID(ta.Value)
		if err != nil {
			return err
		}
		rt, err := s.typeID(op.Result(0).Type())
		if err != nil {
			return err
		}
		id, _ := s.valueID(op.Result(0))
		s.debugLine(secFunction, op.Loc())
		e.Op(spv.OpCooperativeMatrixLengthNV).Word(rt, id, mt)
		return nil
	}
	opc, ok := spirv.OpcodeOf(op.Name())
	set, inst, ext := spirv.ExtInstOf(op.Name())
	if ext {
		opc = spv.OpExtInst
	} else if !ok {
		return op.Errorf("has no SPIR-V instruction")
	}
	specs := opc.Info().Operands
	var head []uint32
	if ext {
		if op.NumResults() != 1 {
			return op.Errorf("an extended instruction needs one result")
		}
		tid, err := s.typeID(op.Result(0).Type())
		if err != nil {
			return err
		}
		rid, _ := s.valueID(op.Result(0))
		head = []uint32{tid, rid, s.extImport(set), inst.Number}
		specs = inst.Operands
	}
	words, err := s.operandWords(op, opc, specs)
	if err != nil {
		return err
	}
	s.debugLine(secFunction, op.Loc())
	e.Op(opc).Word(head...).Word(words...)
	if op.NumResults() == 1 {
		id, _ := s.valueID(op.Result(0))
		return s.resultDecorations(op, id)
	}
	return nil
}

func (s *serializer) valueIDs(vs []*ir.Value) ([]uint32, error) {
	ids := make([]uint32, len(vs))
	for i, v := range vs {
		id, err := s.valueID(v)
		if err != nil {
			return nil, err
		}
		ids[i] = id
	}
	return ids, nil
}

// extImport returns the id of an OpExtInstImport, writing it once.
func (s *serializer) extImport(set *spv.ExtInstSet) uint32 {
	if id, ok := s.extImports[set.Name]; ok {
		return id
	}
	id := s.newID()
	s.sec[secExtInstImport].Op(spv.OpExtInstImport).Word(id).Str(set.Name)
	s.extImports[set.Name] = id
	return id
}

// operandWords walks the grammar's operands: the result type and id, ids
// from the op's operands in order, scopes and semantics as constant ids,
// enums and literals from the attributes attrName names.
func (s *serializer) operandWords(op *ir.Operation, opc spv.Opcode, specs []spv.OperandSpec) ([]uint32, error) {
	words := s.words[:0]
	defer func() { s.words = words }()
	next, accesses := 0, 0
	for _, spec := range specs {
		name := ""
		if needsAttr(spec.Kind) {
			name = attrName(opc, spec)
		}
		alignment := ""
		if spec.Kind == spv.KindMemoryAccess {
			name, alignment = memoryAccessAttrs(accesses)
			accesses++
		}
		switch {
		case spec.Kind == spv.KindIdResultType:
			if op.NumResults() != 1 {
				return nil, op.Errorf("needs one result")
			}
			tid, err := s.typeID(op.Result(0).Type())
			if err != nil {
				return nil, err
			}
			words = append(words, tid)
		case spec.Kind == spv.KindIdResult:
			if op.NumResults() == 1 {
				id, _ := s.valueID(op.Result(0))
				words = append(words, id)
			} else {
				words = append(words, s.newID())
			}
		case spec.Kind == spv.KindIdScope || spec.Kind == spv.KindIdMemorySemantics:
			a, ok := op.Attr(name).(*spirv.EnumAttr)
			if !ok {
				if spec.Quantifier == spv.One {
					return nil, op.Errorf("missing attribute '%s'", name)
				}
				continue
			}
			id, err := s.constantID(s.ctx.IntegerAttr(s.ctx.I(32), int64(a.Value)), s.ctx.I(32))
			if err != nil {
				return nil, err
			}
			words = append(words, id)
		case spec.Kind.Category == spv.CategoryID:
			n := 1
			switch spec.Quantifier {
			case spv.Variadic:
				n = op.NumOperands() - next
			case spv.Optional:
				n = min(1, op.NumOperands()-next)
			}
			if next+n > op.NumOperands() {
				return nil, op.Errorf("has %d operands, %s needs more", op.NumOperands(), opc)
			}
			for ; n > 0; n-- {
				id, err := s.valueID(op.Operand(next))
				if err != nil {
					return nil, err
				}
				words = append(words, id)
				next++
			}
		case spec.Kind.IsEnum():
			a, ok := op.Attr(name).(*spirv.EnumAttr)
			if !ok {
				if spec.Quantifier == spv.One {
					return nil, op.Errorf("missing attribute '%s'", name)
				}
				continue
			}
			words = append(words, a.Value)
			if spec.Kind == spv.KindImageOperands {
				// Its parameters are ids: the op's remaining operands.
				for ; next < op.NumOperands(); next++ {
					id, err := s.valueID(op.Operand(next))
					if err != nil {
						return nil, err
					}
					words = append(words, id)
				}
			}
			if spec.Kind == spv.KindMemoryAccess && a.Value&uint32(spv.MemoryAccessAligned) != 0 {
				al, ok := op.Attr(alignment).(*ir.IntegerAttr)
				if !ok {
					return nil, op.Errorf("memory access Aligned needs an '%s' attribute", alignment)
				}
				words = append(words, uint32(al.Int()))
			}
		case spec.Kind.Category == spv.CategoryLiteral:
			attr := op.Attr(name)
			if spec.Quantifier == spv.Variadic {
				l, _ := attr.(*ir.ArrayAttr)
				if l == nil {
					continue
				}
				for _, a := range l.Elems {
					n, ok := a.(*ir.IntegerAttr)
					if !ok {
						return nil, op.Errorf("'%s' must hold integers", name)
					}
					words = append(words, uint32(n.Int()))
				}
				continue
			}
			n, ok := attr.(*ir.IntegerAttr)
			if !ok {
				if spec.Quantifier == spv.One {
					return nil, op.Errorf("missing attribute '%s'", name)
				}
				continue
			}
			words = append(words, uint32(n.Int()))
		default:
			return nil, fmt.Errorf("operand kind %s is not supported", spec.Kind.Name)
		}
	}
	if next != op.NumOperands() {
		return nil, op.Errorf("has %d operands, %s takes %d", op.NumOperands(), opc, next)
	}
	return words, nil
}

func (s *serializer) variable(op *ir.Operation) error {
	ptr, ok := op.Result(0).Type().(*spirv.PointerType)
	if !ok {
		return op.Errorf("result type is not a pointer")
	}
	tid, err := s.typeID(ptr)
	if err != nil {
		return err
	}
	id, _ := s.valueID(op.Result(0))
	init, err := s.valueIDs(op.Operands())
	if err != nil {
		return err
	}
	s.debugLine(secFunction, op.Loc())
	s.sec[secFunction].Op(spv.OpVariable).Word(tid, id, uint32(ptr.StorageClass)).Word(init...)
	return s.varDecorations(op, id)
}

// specConstantOp writes the OpSpecConstantOp of a
// spirv.SpecConstantOperation in the global section and returns its id.
func (s *serializer) specConstantOp(op *ir.Operation) (uint32, error) {
	inner := spirv.WrappedOp(op)
	if inner == nil || inner.NumResults() != 1 {
		return 0, op.Errorf("wraps no op")
	}
	opc, ok := spirv.OpcodeOf(inner.Name())
	if !ok {
		return 0, inner.Errorf("has no SPIR-V instruction")
	}
	if err := s.available(inner); err != nil {
		return 0, err
	}
	tid, err := s.typeID(op.Result(0).Type())
	if err != nil {
		return 0, err
	}
	// The opcode's operands after its result type and id.
	var specs []spv.OperandSpec
	for _, sp := range opc.Info().Operands {
		if sp.Kind != spv.KindIdResultType && sp.Kind != spv.KindIdResult {
			specs = append(specs, sp)
		}
	}
	// This runs inside operandWords of the op that uses the value: give
	// the nested call a buffer of its own.
	saved := s.words
	s.words = nil
	words, err := s.operandWords(inner, opc, specs)
	s.words = saved
	if err != nil {
		return 0, err
	}
	id := s.newID()
	s.sec[secGlobal].Op(spv.OpSpecConstantOp).Word(tid, id, uint32(opc)).Word(words...)
	return id, nil
}
