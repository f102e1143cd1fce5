package arith

import (
	"math"

	"github.com/kiln-gpu/kiln/ir"
)

// compareFormat is `$predicate, $lhs, $rhs <clauses> attr-dict :
// type($lhs)`, the result i1 of lhs's shape.
func compareFormat(pred enum, operand Constraint, cs []Clause) *ir.Format {
	f := ClausesFormat("$predicate `,` $lhs `,` $rhs", "type($lhs)", []string{"lhs", "rhs"}, []string{"result"}, cs)
	f.Attrs = append([]ir.FormatAttr{pred.format()}, f.Attrs...)
	f.TypesFrom = []ir.TypeFrom{{From: "lhs", To: "result", Transform: I1SameShape, Check: operand.OK, Desc: operand.Desc}}
	return f
}

// compareOp defines arith.cmpi or arith.cmpf:
// `%r = arith.cmpi slt, %a, %b : T` with an i1-like result of T's shape.
func compareOp(name, summary, example string, pred enum, operand Constraint, cs []Clause, fold func(op *ir.Operation, operands []ir.Attribute) ([]ir.FoldResult, bool), canon ...*ir.Pattern) *ir.OpDef {
	return &ir.OpDef{
		Name:         name,
		Summary:      summary,
		Example:      example,
		Traits:       ir.Pure | ir.SameTypeOperands | ir.ElementwiseMappable,
		Operands:     ir.Exactly(2),
		Results:      ir.Exactly(1),
		Inherent:     append([]string{"predicate"}, ClauseNames(cs)...),
		Fold:         fold,
		Canonicalize: canon,
		Format:       compareFormat(pred, operand, cs),
		Verify: func(op *ir.Operation) error {
			if err := pred.verify(op, true); err != nil {
				return err
			}
			if err := VerifyClauses(op, cs); err != nil {
				return err
			}
			if err := CheckOperands(op, operand, operand); err != nil {
				return err
			}
			if err := CheckResults(op, BoolLike); err != nil {
				return err
			}
			if op.Result(0).Type() != I1SameShape(op.Context(), op.Operand(0).Type()) {
				return op.Errorf("failed to verify that result type has i1 element type and same shape as operands")
			}
			return VerifyElementwise(op)
		},
	}
}

// cmpiSwapped maps a predicate to the one for swapped operands.
var cmpiSwapped = [...]CmpIPredicate{
	CmpIEQ: CmpIEQ, CmpINE: CmpINE, CmpISLT: CmpISGT, CmpISGT: CmpISLT, CmpISLE: CmpISGE,
	CmpISGE: CmpISLE, CmpIULT: CmpIUGT, CmpIUGT: CmpIULT, CmpIULE: CmpIUGE, CmpIUGE: CmpIULE,
}

func foldCmpI(op *ir.Operation, operands []ir.Attribute) ([]ir.FoldResult, bool) {
	v, ok := cmpiEnum.value(op)
	if !ok {
		return nil, false
	}
	p := CmpIPredicate(v)
	t := op.Result(0).Type()
	if op.Operand(0) == op.Operand(1) {
		// Equal operands: true for eq and the non-strict orders.
		eq := p == CmpIEQ || p == CmpISLE || p == CmpISGE || p == CmpIULE || p == CmpIUGE
		return foldTo(makeConst(op.Context(), t, []Scalar{{Bits: b2u(eq)}}, true))
	}
	if p == CmpINE && intIs(operands[1], op.Operand(1).Type(), isZero) {
		// extsi/extui(%x : i1) != 0 is %x.
		if d := op.Operand(0).DefiningOp(); d != nil && (d.Name() == "arith.extsi" || d.Name() == "arith.extui") &&
			d.Operand(0).Type() == t {
			return foldToValue(d.Operand(0))
		}
	}
	if operands[0] != nil && operands[1] == nil {
		op.SetAttr("predicate", cmpiEnum.make(op.Context(), int64(p.Swapped())))
		swapConstantToRight(op, operands)
		return nil, true
	}
	w := elemWidth(op.Operand(0).Type())
	return foldTo(FoldElementwise(op.Context(), t, operands, func(xs []Scalar) (Scalar, bool) {
		return Scalar{Bits: b2u(EvalCmpI(p, w, xs[0].Bits, xs[1].Bits))}, true
	}))
}

func foldCmpF(op *ir.Operation, operands []ir.Attribute) ([]ir.FoldResult, bool) {
	v, ok := cmpfEnum.value(op)
	if !ok {
		return nil, false
	}
	p := CmpFPredicate(v)
	t := op.Result(0).Type()
	if p == CmpFFalse || p == CmpFTrue {
		return foldTo(makeConst(op.Context(), t, []Scalar{{Bits: b2u(p == CmpFTrue)}}, true))
	}
	// With a NaN operand the result does not depend on the other one.
	for i := range 2 {
		if floatIs(operands[i], op.Operand(i).Type(), math.IsNaN) {
			return foldTo(makeConst(op.Context(), t, []Scalar{{Bits: b2u(EvalCmpF(p, math.NaN(), 0))}}, true))
		}
	}
	return foldTo(FoldElementwise(op.Context(), t, operands, func(xs []Scalar) (Scalar, bool) {
		return Scalar{Bits: b2u(EvalCmpF(p, xs[0].Float, xs[1].Float))}, true
	}))
}

var (
	cmpi = compareOp("arith.cmpi", "integer comparison operation", "%r = arith.cmpi slt, %a, %b : vector<4xi32>",
		cmpiEnum, SignlessIntegerLike, nil, foldCmpI, cmpiOfExt)
	cmpf = compareOp("arith.cmpf", "floating-point comparison operation", "%r = arith.cmpf olt, %a, %b fastmath<nnan> : f32",
		cmpfEnum, FloatLike, fastmath, foldCmpF, cmpfIntToFPConst)
)
