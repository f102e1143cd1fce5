package serialize

import (
	"github.com/kiln-gpu/kiln/ir"
	"github.com/kiln-gpu/kiln/spirv"
	"github.com/kiln-gpu/kiln/spirv/spv"
)

// newOp builds the op of an ordinary instruction: ids become operands,
// scopes, semantics, enums and literals become attributes (see attrName).
func (d *deserializer) newOp(in *spv.Instruction) (*ir.Operation, error) {
	st := reuse(&d.opState)
	st.Loc = d.loc()
	info := in.Opcode.Info()
	specs := info.Operands
	ops := in.Operands
	switch in.Opcode {
	case spv.OpExtInst:
		set := d.extSets[ops[2].Value()]
		if set == nil {
			return nil, d.errorf("%%%d is not an extended instruction set import", ops[2].Value())
		}
		name, ok := d.extInstOpName(set, ops[3].Value())
		if !ok {
			return nil, d.errorf("instruction %d of %s has no op in the spirv dialect", ops[3].Value(), set.Name)
		}
		st.Name = name
		specs, ops = set.Instruction(ops[3].Value()).Operands, ops[4:]
		if err := d.resultType(in, st); err != nil {
			return nil, err
		}
		if set == spv.ExtTOSA {
			if err := d.tosaOperands(name, ops, st); err != nil {
				return nil, err
			}
			specs, ops = nil, nil
		}
	case spv.OpFunctionCall:
		st.Name = "spirv.FunctionCall"
		callee := ops[2].Value()
		sym, ok := d.symbols[callee]
		if !ok || d.symKinds[callee] != spv.OpFunction {
			return nil, d.errorf("callee %%%d is not a function", callee)
		}
		st.AddAttr("callee", d.ctx.SymbolRef(sym))
		specs, ops = specs[3:], ops[3:]
		if t, err := d.typeOf(in.ResultType); err != nil {
			return nil, err
		} else if _, void := t.(*ir.NoneType); !void {
			st.ResultTypes = append(st.ResultTypes, t)
		}
	case spv.OpCooperativeMatrixLengthNV:
		// Its operand is a type, which the op holds as an attribute.
		st.Name = "spirv.NV.CooperativeMatrixLength"
		if err := d.resultType(in, st); err != nil {
			return nil, err
		}
		mt, err := d.typeOf(ops[2].Value())
		if err != nil {
			return nil, err
		}
		st.AddAttr("cooperative_matrix_type", d.ctx.TypeAttr(mt))
		specs, ops = nil, nil
	case spv.OpVariable:
		st.Name = "spirv.Variable"
		if err := d.resultType(in, st); err != nil {
			return nil, err
		}
		st.AddAttr("storage_class", d.enum(spv.KindStorageClass, ops[2].Value()))
		if err := d.decorationAttrs(in.Result, st); err != nil {
			return nil, err
		}
		specs, ops = nil, ops[3:]
		for _, o := range ops {
			v, err := d.value(o.Value())
			if err != nil {
				return nil, err
			}
			st.Operands = append(st.Operands, v)
		}
		ops = nil
	case spv.OpCooperativeMatrixLengthKHR, spv.OpCooperativeMatrixLoadKHR, spv.OpCooperativeMatrixStoreKHR, spv.OpCooperativeMatrixMulAddKHR:
		if _, err := d.khrCoopMatrixOp(in, st); err != nil {
			return nil, err
		}
		specs, ops = nil, nil
	case spv.OpJointMatrixWorkItemLengthINTEL, spv.OpJointMatrixLoadINTEL, spv.OpJointMatrixStoreINTEL:
		var err error
		if specs, ops, err = d.jointMatrixOp(in, st); err != nil {
			return nil, err
		}
	default:
		name, ok := spirv.OpNameOf(in.Opcode)
		if !ok {
			return nil, d.errorf("instruction has no op in the spirv dialect")
		}
		st.Name = name
		if err := d.resultType(in, st); err != nil {
			return nil, err
		}
	}
	if d.ctx.LookupOp(st.Name) == nil && !d.ctx.AllowsUnregisteredDialects() {
		return nil, d.errorf("instruction has no op in the spirv dialect (no %s)", st.Name)
	}
	if err := d.operands(in, specs, ops, st); err != nil {
		return nil, err
	}
	if err := d.castSignedness(in.Opcode, st); err != nil {
		return nil, err
	}
	if in.Opcode != spv.OpVariable && in.Result != 0 {
		if err := d.decorationAttrs(in.Result, st); err != nil {
			return nil, err
		}
	}
	return d.ctx.NewOp(st), nil
}

func (d *deserializer) resultType(in *spv.Instruction, st *ir.OpState) error {
	if in.ResultType == 0 {
		return nil
	}
	t, err := d.typeOf(in.ResultType)
	if err != nil {
		return err
	}
	st.ResultTypes = append(st.ResultTypes, t)
	return nil
}

// reuse empties st for another op, keeping its slices' storage (but for
// the regions, which NewOp takes over).
func reuse(st *ir.OpState) *ir.OpState {
	*st = ir.OpState{Operands: st.Operands[:0], ResultTypes: st.ResultTypes[:0], Attrs: st.Attrs[:0], Successors: st.Successors[:0]}
	return st
}

// operands walks the operands after the ones newOp handled, matching each
// to its grammar spec (a variadic spec repeats to the end). Enumerant
// parameters follow their enumerant: MemoryAccess's Aligned becomes the
// alignment attribute, as in MLIR.
func (d *deserializer) operands(in *spv.Instruction, specs []spv.OperandSpec, ops []spv.Operand, st *ir.OpState) error {
	var lists map[string][]ir.Attribute
	si, oi, accesses := 0, 0, 0
	for oi < len(ops) {
		o := ops[oi]
		oi++
		if o.Kind == spv.KindIdResultType || o.Kind == spv.KindIdResult {
			continue // newOp took them
		}
		for si < len(specs) && (specs[si].Kind == spv.KindIdResultType || specs[si].Kind == spv.KindIdResult) {
			si++
		}
		if si >= len(specs) {
			return d.errorf("more operands than the grammar has")
		}
		spec := specs[si]
		if spec.Quantifier != spv.Variadic {
			si++
		}
		if o.Kind != spec.Kind {
			return d.errorf("operand %d is a %s, want %s", oi-1, o.Kind.Name, spec.Kind.Name)
		}
		name := ""
		if needsAttr(spec.Kind) {
			name = attrName(in.Opcode, spec)
		}
		switch {
		case spec.Kind == spv.KindIdScope || spec.Kind == spv.KindIdMemorySemantics:
			c, ok := d.consts[o.Value()]
			n, isInt := c.val.(*ir.IntegerAttr)
			if !ok || !isInt {
				return d.errorf("%s operand %%%d is not an integer constant", spec.Kind.Name, o.Value())
			}
			kind := spv.KindScope
			if spec.Kind == spv.KindIdMemorySemantics {
				kind = spv.KindMemorySemantics
			}
			st.AddAttr(name, d.enum(kind, uint32(n.Int())))
		case spec.Kind.Category == spv.CategoryID:
			v, err := d.value(o.Value())
			if err != nil {
				return err
			}
			st.Operands = append(st.Operands, v)
		case spec.Kind.IsEnum():
			var alignment string
			if spec.Kind == spv.KindMemoryAccess {
				name, alignment = memoryAccessAttrs(accesses)
				accesses++
			}
			st.AddAttr(name, d.enum(spec.Kind, o.Value()))
			n := enumParams(spec.Kind, o.Value())
			if n == 0 {
				break
			}
			if spec.Kind == spv.KindImageOperands && oi+n <= len(ops) {
				// Image operands' parameters are ids: the op's last operands.
				for _, p := range ops[oi : oi+n] {
					v, err := d.value(p.Value())
					if err != nil {
						return err
					}
					st.Operands = append(st.Operands, v)
				}
				oi += n
				break
			}
			if spec.Kind != spv.KindMemoryAccess || n != 1 || oi >= len(ops) {
				return d.errorf("parameters of %s %s are not supported", spec.Kind.Name, spec.Kind.Format(o.Value()))
			}
			st.AddAttr(alignment, d.i32(int64(ops[oi].Value())))
			oi++
		case spec.Kind.Category == spv.CategoryLiteral && o.Number != spv.NumberNone && o.Width <= 32:
			a := d.i32(int64(int32(o.Value())))
			if spec.Quantifier != spv.Variadic {
				st.AddAttr(name, a)
				break
			}
			if lists == nil {
				lists = map[string][]ir.Attribute{}
			}
			lists[name] = append(lists[name], a)
		default:
			return d.errorf("operand %d of kind %s is not supported", oi-1, o.Kind.Name)
		}
	}
	for _, s := range specs {
		if s.Quantifier == spv.Variadic && s.Kind.Category == spv.CategoryLiteral {
			st.AddAttr(attrName(in.Opcode, s), d.ctx.ArrayAttr(lists[attrName(in.Opcode, s)]...))
		}
	}
	return nil
}

// enumParams counts the parameters that follow an enum value: one list per
// set bit of a bit enum.
func enumParams(k *spv.OperandKind, v uint32) int {
	if k.Category == spv.CategoryValueEnum {
		if e := k.Enumerant(v); e != nil {
			return len(e.Parameters)
		}
		return 0
	}
	n := 0
	for b := uint32(1); b != 0; b <<= 1 {
		if v&b != 0 {
			if e := k.Enumerant(b); e != nil {
				n += len(e.Parameters)
			}
		}
	}
	return n
}

// phiArgs appends to args the values that dest's OpPhi take from pred,
// made at the end of the current block.
func (d *deserializer) phiArgs(args []*ir.Value, pred, dest *ir.Block) ([]*ir.Value, error) {
	fs := d.fn
	for _, pairs := range fs.phis[dest] {
		found := false
		for k := 0; k+1 < len(pairs); k += 2 {
			// By id: a switch's loop header (splitHeader) stands for the
			// block that holds the OpSwitch.
			if id := pairs[k+1].Value(); fs.blocks[id] == pred || d.blockIDs[pred] == id {
				v, err := d.value(pairs[k].Value())
				if err != nil {
					return nil, err
				}
				args, found = append(args, v), true
				break
			}
		}
		if !found {
			return nil, d.errorf("OpPhi of block %%%d has no value for predecessor %%%d", d.blockIDs[dest], d.blockIDs[pred])
		}
	}
	return args, nil
}

// extInstOpName is spirv.ExtInstOpName, cached.
func (d *deserializer) extInstOpName(set *spv.ExtInstSet, n uint32) (string, bool) {
	k := extKey{set, n}
	if name, ok := d.extNames[k]; ok {
		return name, true
	}
	name, ok := spirv.ExtInstOpName(set, n)
	if ok {
		d.extNames[k] = name
	}
	return name, ok
}

type extKey struct {
	set *spv.ExtInstSet
	n   uint32
}

// terminator builds a block's terminator, passing the values its
// successors' OpPhi take from this block.
func (d *deserializer) terminator(pt pendingTerm) error {
	fs := d.fn
	fs.cur = pt.block
	defer func() { fs.cur = nil }()
	in := pt.in
	ops := in.Operands
	st := reuse(&d.termState)
	st.Loc = pt.loc
	// target appends to st's operands what the block named by o takes.
	target := func(o spv.Operand) (*ir.Block, error) {
		b, ok := fs.blocks[o.Value()]
		if !ok {
			return nil, d.errorf("%%%d is not a block of this function", o.Value())
		}
		var err error
		st.Operands, err = d.phiArgs(st.Operands, pt.block, b)
		// A case falling through goes to the test of the target it falls
		// into, passing what that target's OpPhi take from it.
		if r, ok := fs.redirects[in][o.Value()]; ok {
			b = r
		}
		return b, err
	}
	switch in.Opcode {
	case spv.OpBranch:
		b, err := target(ops[0])
		if err != nil {
			return err
		}
		st.Name, st.Successors = "spirv.Branch", append(st.Successors[:0], b)
	case spv.OpBranchConditional:
		cond, err := d.value(ops[0].Value())
		if err != nil {
			return err
		}
		st.Operands = append(st.Operands, cond)
		tb, err := target(ops[1])
		if err != nil {
			return err
		}
		nt := len(st.Operands) - 1
		fb, err := target(ops[2])
		if err != nil {
			return err
		}
		st.Name, st.Successors = "spirv.BranchConditional", append(st.Successors[:0], tb, fb)
		st.AddAttr("operandSegmentSizes", d.segments(nt, len(st.Operands)-1-nt))
		if len(ops) == 5 {
			st.AddAttr("branch_weights", d.ctx.ArrayAttr(d.i32(int64(ops[3].Value())), d.i32(int64(ops[4].Value()))))
		}
	case spv.OpReturn:
		st.Name = "spirv.Return"
	case spv.OpReturnValue:
		v, err := d.value(ops[0].Value())
		if err != nil {
			return err
		}
		st.Name, st.Operands = "spirv.ReturnValue", append(st.Operands, v)
	case spv.OpUnreachable:
		st.Name = "spirv.Unreachable"
	case spv.OpKill:
		st.Name = "spirv.Kill"
	case spv.OpSwitch:
		return d.switchTerm(pt)
	default:
		return d.errorf("not supported")
	}
	if d.ctx.LookupOp(st.Name) == nil && !d.ctx.AllowsUnregisteredDialects() {
		return d.errorf("instruction has no op in the spirv dialect (no %s)", st.Name)
	}
	pt.block.Append(d.ctx.NewOp(st))
	return nil
}
