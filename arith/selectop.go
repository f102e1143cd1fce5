package arith

import (
	"slices"

	"github.com/kiln-gpu/kiln/ir"
)

// selectOp is arith.select:
//
//	%x = arith.select %cond, %t, %f : i32
//	%v = arith.select %mask, %t, %f : vector<4xi1>, vector<4xf32>
var selectOp = &ir.OpDef{
	Name:         "arith.select",
	Summary:      "select operation",
	Example:      "%r = arith.select %c, %a, %b : vector<4xi1>, vector<4xf32>",
	Traits:       ir.Pure | ir.ElementwiseMappable,
	Operands:     ir.Exactly(3),
	Results:      ir.Exactly(1),
	Fold:         foldSelect,
	Canonicalize: []*ir.Pattern{selectI1ToNot, selectToExtUI, selectNotCond, redundantSelect},
	// Hand-written as in MLIR (hasCustomAssemblyFormat): the condition's
	// type is written only when it is a vector or tensor.
	Parse: func(p *ir.OpParser, st *ir.OpState) error {
		us, err := ir.ParseOperandsN(p, 3)
		if err != nil {
			return err
		}
		if err := p.ParseOptionalAttrDict(); err != nil {
			return err
		}
		t, err := p.ParseColonType()
		if err != nil {
			return err
		}
		var cond ir.Type = p.Context().I(1)
		if p.ParseOptionalPunct(",") {
			cond = t
			if t, err = p.ParseType(); err != nil {
				return err
			}
		}
		st.ResultTypes = append(st.ResultTypes, t)
		return p.ResolveOperands(us, []ir.Type{cond, t, t})
	},
	Print: func(p *ir.OpPrinter, op *ir.Operation) {
		p.WriteByte(' ')
		p.Operands(op.Operands())
		p.OptionalAttrDict(op.Attrs())
		p.WriteString(" : ")
		if _, ok := op.Operand(0).Type().(ir.ShapedType); ok {
			p.Type(op.Operand(0).Type())
			p.WriteString(", ")
		}
		p.Type(op.Result(0).Type())
	},
	Verify: func(op *ir.Operation) error {
		if err := CheckOperands(op, BoolLike); err != nil {
			return err
		}
		t := op.Result(0).Type()
		if op.Operand(1).Type() != t || op.Operand(2).Type() != t {
			return op.Errorf("failed to verify that all of {true_value, false_value, result} have same type")
		}
		c := op.Operand(0).Type()
		if isBool(c) {
			return VerifyElementwise(op)
		}
		cs, ok1 := c.(ir.ShapedType)
		rs, ok2 := t.(ir.ShapedType)
		if !ok1 || !ok2 || !cs.HasRank() || !rs.HasRank() || !slices.Equal(cs.Shape(), rs.Shape()) {
			return op.Errorf("failed to verify that condition is scalar or has matching shape")
		}
		if want := I1SameShape(op.Context(), t); c != want {
			return op.Errorf("expected condition type to have the same shape as the result type, expected '%s', but got '%s'",
				ir.TypeString(want), ir.TypeString(c))
		}
		return VerifyElementwise(op)
	},
}

func foldSelect(op *ir.Operation, operands []ir.Attribute) ([]ir.FoldResult, bool) {
	c, tv, fv := op.Operand(0), op.Operand(1), op.Operand(2)
	t := op.Result(0).Type()
	switch {
	case tv == fv:
		return foldToValue(tv)
	case intIs(operands[0], c.Type(), isOne):
		return foldToValue(tv)
	case intIs(operands[0], c.Type(), isZero):
		return foldToValue(fv)
	case isBool(t) && intIs(operands[1], t, isOne) && intIs(operands[2], t, isZero):
		return foldToValue(c)
	case PoisonOf(operands[1:2]) != nil: // either value may be chosen for poison
		return foldToValue(fv)
	case PoisonOf(operands[2:3]) != nil:
		return foldToValue(tv)
	}
	if cmp := c.DefiningOp(); cmp != nil && cmp.Name() == "arith.cmpi" {
		if p, ok := cmpiEnum.value(cmp); ok && (p == int64(CmpIEQ) || p == int64(CmpINE)) {
			l, r := cmp.Operand(0), cmp.Operand(1)
			if l == tv && r == fv || r == tv && l == fv {
				if p == int64(CmpINE) {
					return foldToValue(tv)
				}
				return foldToValue(fv)
			}
		}
	}
	if _, dense := operands[0].(*ir.DenseElementsAttr); dense {
		return foldTo(FoldElementwise(op.Context(), t, operands, func(xs []Scalar) (Scalar, bool) {
			if xs[0].Bits != 0 {
				return xs[1], true
			}
			return xs[2], true
		}))
	}
	return nil, false
}
