package spirv

import (
	"github.com/kiln-gpu/kiln/arith"
	"github.com/kiln-gpu/kiln/ir"
	"github.com/kiln-gpu/kiln/spirv/spv"
)

// Group ops of the Groups capability (SPIRVGroupOps.td), the KHR subgroup
// ballot, and the non-uniform ops newer than MLIR 16
// (GroupNonUniformBallotBitCount, GroupNonUniformRotateKHR). They print
// scope and group operation in angle brackets, as current MLIR does.

func uniformGroupOps() []*ir.OpDef {
	ops := []*ir.OpDef{
		scopedOp("spirv.GroupBroadcast", "The value of the invocation with the given local id, for the whole group.",
			"%r = spirv.GroupBroadcast <Workgroup> %v, %id : f32, i32", 2, false,
			func(op *ir.Operation) error {
				if op.Result(0).Type() != op.Operand(0).Type() {
					return op.Errorf("result type must match the value's type")
				}
				id := op.Operand(1).Type()
				if !isSPIRVInt(elemType(id)) {
					return op.Errorf("operand #1 must be 8/16/32/64-bit integer or vector of 8/16/32/64-bit integer values of length 2/3, but got '%s'", typeString(id))
				}
				if n := numElements(id); id != elemType(id) && n != 2 && n != 3 {
					return op.Errorf("localid is a vector and can be with only  2 or 3 components, actual number is %d", n)
				}
				return nil
			}),
		subgroupBallotOp,
		ballotBitCountOp,
		rotateOp,
	}
	type row struct {
		name string
		c    arith.Constraint
	}
	for _, r := range []row{
		{"GroupIAdd", intLike}, {"GroupFAdd", floatLike},
		{"GroupSMin", intLike}, {"GroupUMin", intLike}, {"GroupFMin", floatLike},
		{"GroupSMax", intLike}, {"GroupUMax", intLike}, {"GroupFMax", floatLike},
		{"KHR.GroupIMul", intLike}, {"KHR.GroupFMul", floatLike},
	} {
		ops = append(ops, groupOperationOp("spirv."+r.name, r.c))
	}
	return ops
}

// subgroupBallotOp: `%r = spirv.KHR.SubgroupBallot %pred : vector<4xi32>`.
var subgroupBallotOp = &ir.OpDef{
	Name:     "spirv.KHR.SubgroupBallot",
	Summary:  "Bitmask of the subgroup's invocations whose predicate is true (SPV_KHR_shader_ballot).",
	Example:  "%r = spirv.KHR.SubgroupBallot %pred : vector<4xi32>",
	Operands: ir.Exactly(1), Results: ir.Exactly(1),
	Format: &ir.Format{Syntax: "$predicate attr-dict `:` type($result)", Operands: []string{"predicate"}, Results: []string{"result"},
		Types: map[string]func(*ir.Context) ir.Type{"predicate": func(ctx *ir.Context) ir.Type { return ctx.I(1) }}},
	Verify: func(op *ir.Operation) error {
		if !isBool(op.Operand(0).Type()) {
			return op.Errorf("operand #0 must be bool, but got '%s'", typeString(op.Operand(0).Type()))
		}
		return checkBallotVector(op, "result #0", op.Result(0).Type())
	},
}

// checkBallotVector checks that t is vector<4xi32> (signless or unsigned).
func checkBallotVector(op *ir.Operation, what string, t ir.Type) error {
	if numElements(t) != 4 || t == elemType(t) || !isSPIRVInt(elemType(t)) || bitWidth(elemType(t)) != 32 || isSigned(elemType(t)) {
		return op.Errorf("%s must be vector of 32-bit signless/unsigned integer values of length 4, but got '%s'", what, typeString(t))
	}
	return nil
}

func isSigned(t ir.Type) bool {
	it, ok := t.(*ir.IntegerType)
	return ok && it.Signedness == ir.Signed
}

// scopeAndOperationAttrs are `<Workgroup> <Reduce>` (or the quoted form).
func scopeAndOperationAttrs() []ir.FormatAttr {
	return []ir.FormatAttr{enumFormatAttr("execution_scope", spv.KindScope, angled),
		enumFormatAttr("group_operation", spv.KindGroupOperation, angled)}
}

// checkScanOperation allows only the group operations that apply to the
// whole group: Reduce, InclusiveScan and ExclusiveScan.
func checkScanOperation(op *ir.Operation) error {
	if err := checkEnumAttr(op, "group_operation", spv.KindGroupOperation, false); err != nil {
		return err
	}
	switch spv.GroupOperation(enumAttr(op, "group_operation").Value) {
	case spv.GroupOperationReduce, spv.GroupOperationInclusiveScan, spv.GroupOperationExclusiveScan:
		return nil
	}
	return op.Errorf("group_operation must be one of Reduce, InclusiveScan or ExclusiveScan")
}

// groupOperationOp: `%r = spirv.GroupIAdd <Workgroup> <Reduce> %v : i32`.
func groupOperationOp(name string, c arith.Constraint) *ir.OpDef {
	ty := "f32"
	if c.Desc == intLike.Desc {
		ty = "i32"
	}
	return &ir.OpDef{
		Name:     name,
		Summary:  "A reduction or scan over the invocations of a group, all of which must reach it.",
		Example:  "%r = " + name + " <Workgroup> <Reduce> %v : " + ty,
		Operands: ir.Exactly(1), Results: ir.Exactly(1),
		Inherent: []string{"execution_scope", "group_operation"},
		Format: &ir.Format{Syntax: "$execution_scope $group_operation $x attr-dict `:` type($x)",
			Operands: []string{"x"}, Results: []string{"result"}, Attrs: scopeAndOperationAttrs(),
			TypesFrom: []ir.TypeFrom{{From: "x", To: "result"}}},
		Verify: func(op *ir.Operation) error { return verifyGroupReduction(op, c) },
	}
}

// ballotBitCountOp: `%r = spirv.GroupNonUniformBallotBitCount <Subgroup> <Reduce> %b : vector<4xi32> -> i32`.
var ballotBitCountOp = &ir.OpDef{
	Name:     "spirv.GroupNonUniformBallotBitCount",
	Summary:  "Counts the set bits of a ballot (all, or those of lower or not higher invocations).",
	Example:  "%r = spirv.GroupNonUniformBallotBitCount <Subgroup> <Reduce> %ballot : vector<4xi32> -> i32",
	Operands: ir.Exactly(1), Results: ir.Exactly(1),
	Inherent: []string{"execution_scope", "group_operation"},
	Format: &ir.Format{Syntax: "$execution_scope $group_operation $value attr-dict `:` type($value) `->` type($result)",
		Operands: []string{"value"}, Results: []string{"result"}, Attrs: scopeAndOperationAttrs()},
	Verify: func(op *ir.Operation) error {
		if err := checkEnumAttr(op, "execution_scope", spv.KindScope, false); err != nil {
			return err
		}
		if spv.Scope(enumAttr(op, "execution_scope").Value) != spv.ScopeSubgroup {
			return op.Errorf("execution_scope must be Scope of value Subgroup")
		}
		if err := checkScanOperation(op); err != nil {
			return err
		}
		if err := checkBallotVector(op, "operand #0", op.Operand(0).Type()); err != nil {
			return err
		}
		if t := op.Result(0).Type(); !isSPIRVInt(t) || isSigned(t) {
			return op.Errorf("result #0 must be 8/16/32/64-bit signless/unsigned integer, but got '%s'", typeString(t))
		}
		return nil
	},
}

// rotateOp: `%r = spirv.GroupNonUniformRotateKHR <Subgroup> %v, %delta, cluster_size(%c) : f32, i32, i32 -> f32`.
var rotateOp = &ir.OpDef{
	Name:     "spirv.GroupNonUniformRotateKHR",
	Summary:  "The value of the invocation delta above this one, rotating within the group or cluster.",
	Example:  "%r = spirv.GroupNonUniformRotateKHR <Subgroup> %v, %delta : f32, i32 -> f32",
	Operands: ir.Between(2, 3), Results: ir.Exactly(1),
	Inherent: []string{"execution_scope"},
	Format: &ir.Format{
		Syntax: "$execution_scope $value `,` $delta (`,` `cluster_size` `(` $cluster_size^ `)`)? attr-dict `:` " +
			"type($value) `,` type($delta) (`,` type($cluster_size)^)? `->` type($result)",
		Operands: []string{"value", "delta", "cluster_size?"}, Results: []string{"result"},
		Attrs: []ir.FormatAttr{enumFormatAttr("execution_scope", spv.KindScope, angled)}},
	Verify: func(op *ir.Operation) error {
		if err := checkScope(op); err != nil {
			return err
		}
		if err := arith.CheckOperands(op, scalarOrVector, intType, intType); err != nil {
			return err
		}
		if op.Result(0).Type() != op.Operand(0).Type() {
			return op.Errorf("result type must match the value's type")
		}
		if op.NumOperands() < 3 {
			return nil
		}
		c, ok := ConstantValue(op.Operand(2)).(*ir.IntegerAttr)
		if !ok {
			return op.Errorf("cluster size operand must come from a constant op")
		}
		if n := c.Int(); n < 1 || n&(n-1) != 0 {
			return op.Errorf("cluster size operand must be a power of two")
		}
		return nil
	},
}
