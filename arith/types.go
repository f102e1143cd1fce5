package arith

import (
	"slices"

	"github.com/kiln-gpu/kiln/ir"
)

// Constraint is a type constraint of an operand or result, with MLIR's
// description for messages ("operand #0 must be signless-integer-like, but
// got 'f32'").
type Constraint struct {
	Desc string
	OK   func(ir.Type) bool
}

// Like accepts t when it satisfies elem, or is a vector or tensor whose
// element type does (MLIR's TypeOrValueSemanticsContainer).
func like(elem func(ir.Type) bool) func(ir.Type) bool {
	return func(t ir.Type) bool {
		switch s := t.(type) {
		case *ir.VectorType, *ir.RankedTensorType, *ir.UnrankedTensorType:
			return elem(s.(ir.ShapedType).ElementType())
		}
		return elem(t)
	}
}

func isSignlessInt(t ir.Type) bool {
	it, ok := t.(*ir.IntegerType)
	return ok && it.Signedness == ir.Signless
}

func isSignlessIntOrIndex(t ir.Type) bool {
	_, idx := t.(*ir.IndexType)
	return idx || isSignlessInt(t)
}

func isBool(t ir.Type) bool {
	it, ok := t.(*ir.IntegerType)
	return ok && it.Width == 1 && it.Signedness == ir.Signless
}

func memrefOf(elem func(ir.Type) bool) func(ir.Type) bool {
	return func(t ir.Type) bool {
		switch m := t.(type) {
		case *ir.MemRefType:
			return elem(m.Elem)
		case *ir.UnrankedMemRefType:
			return elem(m.Elem)
		}
		return false
	}
}

func either(a, b func(ir.Type) bool) func(ir.Type) bool {
	return func(t ir.Type) bool { return a(t) || b(t) }
}

// The type constraints of the arith and math dialects.
var (
	SignlessIntegerLike = Constraint{"signless-integer-like", like(isSignlessIntOrIndex)}
	FloatLike           = Constraint{"floating-point-like", like(ir.IsFloat)}
	BoolLike            = Constraint{"bool-like", like(isBool)}
	FixedWidthIntLike   = Constraint{"signless-fixed-width-integer-like", like(isSignlessInt)}
	indexCastType       = Constraint{"signless-integer-like or memref of signless-integer",
		either(like(isSignlessIntOrIndex), memrefOf(isSignlessIntOrIndex))}
	bitcastType = Constraint{"signless-integer-or-float-like or memref of signless-integer or float",
		either(like(either(isSignlessInt, ir.IsFloat)), memrefOf(either(isSignlessInt, ir.IsFloat)))}
)

// CheckOperands checks operand i against cs[i] for each constraint given.
func CheckOperands(op *ir.Operation, cs ...Constraint) error {
	for i, c := range cs {
		if err := CheckOperand(op, i, c); err != nil {
			return err
		}
	}
	return nil
}

// CheckResults checks result i against cs[i] for each constraint given.
func CheckResults(op *ir.Operation, cs ...Constraint) error {
	for i, c := range cs {
		if err := CheckResult(op, i, c); err != nil {
			return err
		}
	}
	return nil
}

// CheckOperand checks operand i (if op has it) against c: the one check
// for an operand whose number its position in a list would not give, such
// as one after a variadic segment.
func CheckOperand(op *ir.Operation, i int, c Constraint) error {
	if i >= 0 && i < op.NumOperands() && !c.OK(op.Operand(i).Type()) {
		return op.Errorf("operand #%d must be %s, but got '%s'", i, c.Desc, ir.TypeString(op.Operand(i).Type()))
	}
	return nil
}

// CheckResult checks result i (if op has it) against c.
func CheckResult(op *ir.Operation, i int, c Constraint) error {
	if i >= 0 && i < op.NumResults() && !c.OK(op.Result(i).Type()) {
		return op.Errorf("result #%d must be %s, but got '%s'", i, c.Desc, ir.TypeString(op.Result(i).Type()))
	}
	return nil
}

// I1SameShape returns i1 with the shape of t: i1 for scalars, vector<...xi1>
// (same scalable dims) or tensor<...xi1> (same encoding) for shaped types.
func I1SameShape(ctx *ir.Context, t ir.Type) ir.Type { return SameShape(ctx, t, ctx.I(1)) }

// SameShape returns elem in t's shape: elem for a scalar, a vector or
// tensor of elem shaped as the vector or tensor t.
func SameShape(ctx *ir.Context, t, elem ir.Type) ir.Type {
	switch s := t.(type) {
	case *ir.VectorType:
		return ctx.ScalableVector(s.Dims, s.Scalable, elem)
	case *ir.RankedTensorType:
		return ctx.Tensor(s.Dims, elem, s.Encoding)
	case *ir.UnrankedTensorType:
		return ctx.UnrankedTensor(elem)
	}
	return elem
}

func isMappable(t ir.Type) bool {
	switch t.(type) {
	case *ir.VectorType, *ir.RankedTensorType, *ir.UnrankedTensorType:
		return true
	}
	return false
}

// VerifyElementwise checks MLIR's ElementwiseMappable trait: non-scalar
// operands and results must come together and share one shape and kind.
func VerifyElementwise(op *ir.Operation) error {
	// Walked in place: the verifier runs on every arith op, and most have
	// scalar types only.
	var first ir.Type
	nOps, nRes := 0, 0
	for i := range op.NumOperands() {
		if t := op.Operand(i).Type(); isMappable(t) {
			if first == nil {
				first = t
			}
			nOps++
		}
	}
	for i := range op.NumResults() {
		if t := op.Result(i).Type(); isMappable(t) {
			if first == nil {
				first = t
			}
			nRes++
		}
	}
	switch {
	case nOps == 0 && nRes == 0:
		return nil
	case nOps == 0:
		return op.Errorf("if a result is non-scalar, then at least one operand must be non-scalar")
	case nRes == 0:
		return op.Errorf("if an operand is non-scalar, then there must be at least one non-scalar result")
	case nRes != op.NumResults():
		return op.Errorf("if an operand is non-scalar, then all results must be non-scalar")
	}
	like := func(t ir.Type) bool {
		return !isMappable(t) || kindOf(t) == kindOf(first) && compatibleShapes(t, first)
	}
	for i := range op.NumOperands() {
		if !like(op.Operand(i).Type()) {
			return op.Errorf("all non-scalar operands/results must have the same shape and base type")
		}
	}
	for i := range op.NumResults() {
		if !like(op.Result(i).Type()) {
			return op.Errorf("all non-scalar operands/results must have the same shape and base type")
		}
	}
	return nil
}

func kindOf(t ir.Type) int {
	switch t.(type) {
	case *ir.VectorType:
		return 1
	case *ir.RankedTensorType, *ir.UnrankedTensorType:
		return 2
	}
	return 0
}

// compatibleShapes is MLIR's verifyCompatibleShape for two types: both
// unshaped, or shaped with equal ranks and dims equal or dynamic (unranked
// matches anything), and equal scalable dims for vectors.
func compatibleShapes(a, b ir.Type) bool {
	sa, okA := a.(ir.ShapedType)
	sb, okB := b.(ir.ShapedType)
	if !okA || !okB {
		return okA == okB
	}
	if !sa.HasRank() || !sb.HasRank() {
		return true
	}
	da, db := sa.Shape(), sb.Shape()
	if len(da) != len(db) {
		return false
	}
	for i := range da {
		if da[i] != db[i] && da[i] != ir.Dynamic && db[i] != ir.Dynamic {
			return false
		}
	}
	va, _ := a.(*ir.VectorType)
	vb, _ := b.(*ir.VectorType)
	if va != nil && vb != nil {
		for i := range da {
			if scalableDim(va, i) != scalableDim(vb, i) {
				return false
			}
		}
	}
	return true
}

// VerifySameShape checks MLIR's SameOperandsAndResultShape trait.
func VerifySameShape(op *ir.Operation) error {
	ts := append(op.OperandTypes(), op.ResultTypes()...)
	for _, t := range ts[1:] {
		if !compatibleShapes(t, ts[0]) {
			return op.Errorf("requires the same shape for all operands and results")
		}
	}
	return nil
}

// verifySameTensorDims checks that tensor inputs and outputs have identical
// shapes (MLIR's SameInputOutputTensorDims).
func verifySameTensorDims(op *ir.Operation) error {
	if !slices.Equal(tensorDims(op.Operand(0).Type()), tensorDims(op.Result(0).Type())) {
		return op.Errorf("failed to verify that input and output have the same tensor dimensions")
	}
	return nil
}

func tensorDims(t ir.Type) []int64 {
	if rt, ok := t.(*ir.RankedTensorType); ok {
		return rt.Dims
	}
	return nil
}

// intWidth returns the width of an integer element type, 64 for index.
func intWidth(t ir.Type) int {
	if it, ok := t.(*ir.IntegerType); ok {
		return it.Width
	}
	return 64
}

func scalableDim(v *ir.VectorType, i int) bool { return v.Scalable != nil && v.Scalable[i] }
