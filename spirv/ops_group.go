package spirv

import (
	"github.com/kiln-gpu/kiln/arith"
	"github.com/kiln-gpu/kiln/ir"
	"github.com/kiln-gpu/kiln/spirv/spv"
)

// GroupNonUniform ops. Elect, ballot, broadcast and shuffles print their
// scope as `<Subgroup>`; the arithmetic reductions print scope and group
// operation as strings, `"Subgroup" "Reduce"`, as the MLIR test corpus
// expects (`<Subgroup> <Reduce>` and a trailing `-> T` are accepted too).
const groupArithStyle = quoted

func checkScope(op *ir.Operation) error {
	if err := checkEnumAttr(op, "execution_scope", spv.KindScope, false); err != nil {
		return err
	}
	if s := spv.Scope(enumAttr(op, "execution_scope").Value); s != spv.ScopeWorkgroup && s != spv.ScopeSubgroup {
		return op.Errorf("execution scope must be 'Workgroup' or 'Subgroup'")
	}
	return nil
}

// scopedOp makes `%r = spirv.<Name> <Subgroup> %a, %b : T1, T2` ops whose
// result type is the first operand's type; with resultOnly (Elect, Ballot,
// All, Any) only the result type follows the colon and operands are i1.
func scopedOp(name, summary, example string, n int, resultOnly bool, verify func(op *ir.Operation) error) *ir.OpDef {
	// MLIR's `$execution_scope operands attr-dict : type($value), ...` with
	// the result of the first operand's type, or for the resultOnly ops
	// `$execution_scope ($predicate)? attr-dict : type($result)`.
	operands := operandNames(n)
	f := &ir.Format{Syntax: "$execution_scope", Operands: operands, Results: []string{"result"},
		Attrs: []ir.FormatAttr{enumFormatAttr("execution_scope", spv.KindScope, angled)}}
	if n > 0 {
		f.Syntax += " " + joinFormat(operands, "$%s")
	}
	if resultOnly {
		f.Syntax += " attr-dict `:` type($result)"
		f.Types = map[string]func(*ir.Context) ir.Type{"operand": func(ctx *ir.Context) ir.Type { return ctx.I(1) }}
	} else {
		f.Syntax += " attr-dict `:` " + joinFormat(operands, "type($%s)")
		f.TypesFrom = []ir.TypeFrom{{From: operands[0], To: "result"}}
	}
	return &ir.OpDef{
		Name: name, Summary: summary, Example: example,
		Operands: ir.Exactly(n), Results: ir.Exactly(1),
		Inherent: []string{"execution_scope"},
		Format:   f,
		Verify: func(op *ir.Operation) error {
			if err := checkScope(op); err != nil {
				return err
			}
			if resultOnly && op.NumOperands() == 1 && !isBool(op.Operand(0).Type()) {
				return op.Errorf("operand #0 must be bool, but got '%s'", typeString(op.Operand(0).Type()))
			}
			return verify(op)
		},
	}
}

func sameAsFirst(op *ir.Operation) error {
	if err := arith.CheckOperands(op, scalarOrVector, intType); err != nil {
		return err
	}
	if op.Result(0).Type() != op.Operand(0).Type() {
		return op.Errorf("result type must match the value's type")
	}
	return nil
}

func isSignlessOrUnsignedInt(t ir.Type) bool {
	it, ok := t.(*ir.IntegerType)
	return ok && isSPIRVInt(t) && it.Signedness != ir.Signed
}

// verifyBroadcast: before SPIR-V 1.5 (the target of the enclosing
// spirv.module, or MLIR's default 1.0) the id must be a constant.
func verifyBroadcast(op *ir.Operation) error {
	if err := sameAsFirst(op); err != nil {
		return err
	}
	env := DefaultTargetEnv(op.Context())
	if m := op.ParentOfName("spirv.module"); m != nil {
		if e := LookupTargetEnv(m); e != nil {
			env = e
		}
	}
	if env.VCE.Version < spv.MakeVersion(1, 5) {
		if d := op.Operand(1).DefiningOp(); d == nil || d.Name() != "spirv.Constant" && d.Name() != "spirv.mlir.referenceof" {
			return op.Errorf("id must be the result of a constant op")
		}
	}
	return nil
}

// verifyShuffle: the id, mask or delta must not be a signed integer.
func verifyShuffle(op *ir.Operation) error {
	if err := sameAsFirst(op); err != nil {
		return err
	}
	if it, ok := op.Operand(1).Type().(*ir.IntegerType); ok && it.Signedness == ir.Signed {
		return op.Errorf("second operand must be a singless/unsigned integer")
	}
	return nil
}

func groupOps() []*ir.OpDef {
	ops := []*ir.OpDef{
		scopedOp("spirv.GroupNonUniformElect", "True in exactly one active invocation of the group.",
			"%r = spirv.GroupNonUniformElect <Subgroup> : i1", 0, true,
			func(op *ir.Operation) error { return arith.CheckResults(op, boolType) }),
		scopedOp("spirv.GroupNonUniformBallot", "Bitmask of the invocations whose predicate is true.",
			"%r = spirv.GroupNonUniformBallot <Subgroup> %pred : vector<4xi32>", 1, true,
			func(op *ir.Operation) error {
				if t := op.Result(0).Type(); numElements(t) != 4 || t == elemType(t) || !isSignlessOrUnsignedInt(elemType(t)) {
					return op.Errorf("result #0 must be vector of 8/16/32/64-bit signless/unsigned integer values of length 4, but got '%s'", typeString(t))
				}
				return nil
			}),
		scopedOp("spirv.GroupNonUniformBroadcast", "The value of the invocation with the given id.",
			"%id = spirv.Constant 0 : i32\n%r = spirv.GroupNonUniformBroadcast <Subgroup> %v, %id : f32, i32", 2, false, verifyBroadcast),
		scopedOp("spirv.GroupNonUniformBroadcastFirst", "The value of the lowest active invocation.",
			"%r = spirv.GroupNonUniformBroadcastFirst <Subgroup> %v : f32", 1, false,
			func(op *ir.Operation) error {
				if err := arith.CheckOperands(op, scalarOrVector); err != nil {
					return err
				}
				return checkAllSame(op)
			}),
	}
	for _, r := range []elemRow{
		{"GroupNonUniformAll", "True when the predicate holds in every active invocation.", 0},
		{"GroupNonUniformAny", "True when the predicate holds in some active invocation.", 0},
	} {
		ops = append(ops, scopedOp("spirv."+r.name, r.summary, "%r = spirv."+r.name+" <Subgroup> %pred : i1", 1, true,
			func(op *ir.Operation) error { return arith.CheckResults(op, boolType) }))
	}
	ballot := func(op *ir.Operation) error {
		if t := op.Operand(0).Type(); numElements(t) != 4 || bitWidth(elemType(t)) != 32 || !isSPIRVInt(elemType(t)) {
			return op.Errorf("operand #0 must be vector of 32-bit integer values of length 4, but got '%s'", typeString(t))
		}
		return arith.CheckResults(op, intType)
	}
	ops = append(ops,
		valueAndResultOp("spirv.GroupNonUniformBallotFindLSB", "Index of the lowest set bit of a ballot.", "%ballot : vector<4xi32>, i32", ballot),
		valueAndResultOp("spirv.GroupNonUniformBallotFindMSB", "Index of the highest set bit of a ballot.", "%ballot : vector<4xi32>, i32", ballot),
		valueAndResultOp("spirv.GroupNonUniformAllEqual", "True when the value is the same in every active invocation.", "%v : vector<4xf32>, i1",
			func(op *ir.Operation) error {
				if err := arith.CheckOperands(op, scalarOrVector); err != nil {
					return err
				}
				return arith.CheckResults(op, boolType)
			}))
	for _, r := range []elemRow{
		{"GroupNonUniformShuffle", "The value of the invocation with the given id.", 0},
		{"GroupNonUniformShuffleXor", "The value of the invocation whose id is this one's XOR mask.", 0},
		{"GroupNonUniformShuffleUp", "The value of the invocation delta below this one.", 0},
		{"GroupNonUniformShuffleDown", "The value of the invocation delta above this one.", 0},
	} {
		ops = append(ops, scopedOp("spirv."+r.name, r.summary,
			"%r = spirv."+r.name+" <Subgroup> %v, %id : f32, i32", 2, false, verifyShuffle))
	}
	type arithRow struct {
		name string
		c    arith.Constraint
	}
	for _, r := range []arithRow{
		{"IAdd", intLike}, {"FAdd", floatLike}, {"IMul", intLike}, {"FMul", floatLike},
		{"SMin", intLike}, {"UMin", intLike}, {"FMin", floatLike},
		{"SMax", intLike}, {"UMax", intLike}, {"FMax", floatLike},
		{"BitwiseAnd", intLike}, {"BitwiseOr", intLike}, {"BitwiseXor", intLike},
		{"LogicalAnd", boolLike}, {"LogicalOr", boolLike}, {"LogicalXor", boolLike},
	} {
		ops = append(ops, groupArithOp("spirv.GroupNonUniform"+r.name, r.c))
	}
	return ops
}

// verifyGroupReduction checks what every group reduction or scan shares:
// the scope, the group operation, the value's type and a result of it.
func verifyGroupReduction(op *ir.Operation, c arith.Constraint) error {
	if err := checkScope(op); err != nil {
		return err
	}
	if err := checkEnumAttr(op, "group_operation", spv.KindGroupOperation, false); err != nil {
		return err
	}
	if err := arith.CheckOperands(op, c); err != nil {
		return err
	}
	if op.Result(0).Type() != op.Operand(0).Type() {
		return op.Errorf("result type must match the value's type")
	}
	return nil
}

// groupArithOp: `%r = spirv.GroupNonUniformIAdd "Subgroup" "ClusteredReduce" %v cluster_size(%c) : i32`.
// Hand-written: it accepts an optional `-> T` tail that it never prints,
// which a format (whose optional groups need a printed anchor) cannot say.
func groupArithOp(name string, c arith.Constraint) *ir.OpDef {
	ty := "f32"
	if c.Desc == intLike.Desc {
		ty = "i32"
	} else if c.Desc == boolLike.Desc {
		ty = "i1"
	}
	return &ir.OpDef{
		Name:     name,
		Summary:  "A reduction or scan over the invocations of a group (" + name[len("spirv.GroupNonUniform"):] + ").",
		Example:  "%r = " + name + " \"Subgroup\" \"Reduce\" %v : " + ty,
		Operands: ir.Between(1, 2), Results: ir.Exactly(1),
		Inherent: []string{"execution_scope", "group_operation"},
		Parse: func(p *ir.OpParser, st *ir.OpState) error {
			if err := parseEnumOperand(p, st, spv.KindScope, "execution_scope"); err != nil {
				return err
			}
			if err := parseEnumOperand(p, st, spv.KindGroupOperation, "group_operation"); err != nil {
				return err
			}
			v, err := p.ParseOperand()
			if err != nil {
				return err
			}
			us := []ir.UnresolvedOperand{v}
			if p.ParseOptionalKeyword("cluster_size") {
				if err := p.ParsePunct("("); err != nil {
					return err
				}
				c, err := p.ParseOperand()
				if err != nil {
					return err
				}
				us = append(us, c)
				if err := p.ParsePunct(")"); err != nil {
					return err
				}
			}
			if err := p.ParseOptionalAttrDict(); err != nil {
				return err
			}
			t, err := p.ParseColonType()
			if err != nil {
				return err
			}
			if p.ParseOptionalPunct("->") {
				if _, err := p.ParseType(); err != nil {
					return err
				}
			}
			st.ResultTypes = []ir.Type{t}
			ts := []ir.Type{t, p.Context().I(32)}
			return p.ResolveOperands(us, ts[:len(us)])
		},
		Print: func(p *ir.OpPrinter, op *ir.Operation) {
			p.WriteString(" ")
			printEnumOperand(p, op, "execution_scope", groupArithStyle)
			p.WriteString(" ")
			printEnumOperand(p, op, "group_operation", groupArithStyle)
			p.WriteString(" ")
			p.Operand(op.Operand(0))
			if op.NumOperands() > 1 {
				p.WriteString(" cluster_size(")
				p.Operand(op.Operand(1))
				p.WriteString(")")
			}
			p.OptionalAttrDict(op.Attrs(), "execution_scope", "group_operation")
			p.WriteString(" : ")
			p.Type(op.Result(0).Type())
		},
		Verify: func(op *ir.Operation) error {
			if err := verifyGroupReduction(op, c); err != nil {
				return err
			}
			clustered := spv.GroupOperation(enumAttr(op, "group_operation").Value) == spv.GroupOperationClusteredReduce
			if clustered != (op.NumOperands() == 2) {
				if clustered {
					return op.Errorf("cluster size operand must be provided for 'ClusteredReduce' group operation")
				}
				return op.Errorf("cluster size operand is only valid for 'ClusteredReduce' group operation")
			}
			if clustered {
				size, ok := ConstantValue(op.Operand(1)).(*ir.IntegerAttr)
				if !ok {
					return op.Errorf("cluster size operand must come from a constant op")
				}
				if n := size.Int(); n <= 0 || n&(n-1) != 0 {
					return op.Errorf("cluster size operand must be a power of two")
				}
			}
			return nil
		},
	}
}

// valueAndResultOp makes `%r = spirv.<Name> <Subgroup> %v : T, R` ops
// (GroupNonUniformBallotFindLSB/MSB, GroupNonUniformAllEqual).
func valueAndResultOp(name, summary, example string, verify func(op *ir.Operation) error) *ir.OpDef {
	return &ir.OpDef{
		Name: name, Summary: summary,
		Example:  "%r = " + name + " <Subgroup> " + example,
		Operands: ir.Exactly(1), Results: ir.Exactly(1),
		Inherent: []string{"execution_scope"},
		Format: &ir.Format{Syntax: "$execution_scope $value attr-dict `:` type($value) `,` type($result)",
			Operands: []string{"value"}, Results: []string{"result"},
			Attrs: []ir.FormatAttr{enumFormatAttr("execution_scope", spv.KindScope, angled)}},
		Verify: func(op *ir.Operation) error {
			if err := checkScope(op); err != nil {
				return err
			}
			return verify(op)
		},
	}
}
