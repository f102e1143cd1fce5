package arith

import (
	"github.com/kiln-gpu/kiln/ir"
)

// extendedOp defines an op with two results computed by EvalExtended:
//
//	%sum, %overflow = arith.addui_extended %a, %b : i32, i1
//	%low, %high = arith.mulsi_extended %a, %b : i32
//
// carry ops (add/sub) have an i1-like second result and print both result
// types; multiply ops have two results of the operand type. The older
// single-type form of addui_extended (`: i32`) is accepted on input.
func extendedOp(name, summary, example string, traits ir.Trait, carry bool, simplify func(op *ir.Operation) []ir.FoldResult, canon ...*ir.Pattern) *ir.OpDef {
	full := "arith." + name
	names := "{lhs, rhs, low, high}"
	if carry {
		names = "{lhs, rhs, sum}"
		if name == "subui_extended" {
			names = "{lhs, rhs, diff}"
		}
	}
	// MLIR's `$lhs, $rhs attr-dict : type($lhs)`, all types one; the carry
	// ops are hand-written as a format cannot say their optional second
	// type (`: i32, i1`, and `: i32` in upstream files of 2022).
	format := &ir.Format{Syntax: "$lhs `,` $rhs attr-dict `:` type($lhs)", Operands: []string{"lhs", "rhs"},
		Results: []string{"low", "high"}, TypesMatch: [][]string{{"lhs", "rhs", "low", "high"}}}
	var parse func(*ir.OpParser, *ir.OpState) error
	var print func(*ir.OpPrinter, *ir.Operation)
	if carry {
		format, parse, print = nil, carryParse, carryPrint
	}
	return &ir.OpDef{
		Name:         full,
		Summary:      summary,
		Example:      example,
		Traits:       traits | ir.Pure | ir.ElementwiseMappable,
		Operands:     ir.Exactly(2),
		Results:      ir.Exactly(2),
		Canonicalize: canon,
		Format:       format,
		Parse:        parse,
		Print:        print,
		Verify: func(op *ir.Operation) error {
			if err := CheckOperands(op, SignlessIntegerLike, SignlessIntegerLike); err != nil {
				return err
			}
			second := SignlessIntegerLike
			if carry {
				second = BoolLike
			}
			if err := CheckResults(op, SignlessIntegerLike, second); err != nil {
				return err
			}
			t := op.Operand(0).Type()
			if op.Operand(1).Type() != t || op.Result(0).Type() != t || !carry && op.Result(1).Type() != t {
				return op.Errorf("failed to verify that all of %s have same type", names)
			}
			return VerifyElementwise(op)
		},
		ResultNames: func(op *ir.Operation, name func(v *ir.Value, name string)) {
			if !carry { // MLIR names only the multiplications' results
				name(op.Result(0), "low")
				name(op.Result(1), "high")
			}
		},
		Fold: func(op *ir.Operation, operands []ir.Attribute) ([]ir.FoldResult, bool) {
			if r := simplify(op); r != nil {
				return r, true
			}
			if traits&ir.Commutative != 0 && swapConstantToRight(op, operands) {
				return nil, true
			}
			w := elemWidth(op.Operand(0).Type())
			var out [2]ir.Attribute
			for i := range out {
				out[i] = FoldElementwise(op.Context(), op.Result(i).Type(), operands, func(xs []Scalar) (Scalar, bool) {
					r0, r1 := EvalExtended(full, w, xs[0].Bits, xs[1].Bits)
					return Scalar{Bits: pick(i == 0, r0, r1)}, true
				})
				if out[i] == nil {
					return nil, false
				}
			}
			return []ir.FoldResult{{Attr: out[0]}, {Attr: out[1]}}, true
		},
	}
}

// carryParse and carryPrint are the syntax of addui_extended and
// subui_extended: `%a, %b attr-dict : T, i1`.
func carryParse(p *ir.OpParser, st *ir.OpState) error {
	us, err := ir.ParseOperandsN(p, 2)
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
	second := I1SameShape(p.Context(), t)
	if p.ParseOptionalPunct(",") {
		if second, err = p.ParseType(); err != nil {
			return err
		}
	}
	st.ResultTypes = []ir.Type{t, second}
	return p.ResolveOperandsSameType(us, t)
}

func carryPrint(p *ir.OpPrinter, op *ir.Operation) {
	p.WriteByte(' ')
	p.Operands(op.Operands())
	p.OptionalAttrDict(op.Attrs())
	p.WriteString(" : ")
	p.Type(op.Result(0).Type())
	p.WriteString(", ")
	p.Type(op.Result(1).Type())
}

// rhsZeroFolds folds op(x, 0) to (x, 0) for the carry ops and (0, 0) for
// the multiplications.
func rhsZeroFolds(keepLHS bool) func(op *ir.Operation) []ir.FoldResult {
	return func(op *ir.Operation) []ir.FoldResult {
		if !intIs(ConstantValue(op.Operand(1)), op.Operand(1).Type(), isZero) {
			return nil
		}
		z1 := makeConst(op.Context(), op.Result(1).Type(), []Scalar{{}}, true)
		if z1 == nil {
			return nil
		}
		if keepLHS {
			return []ir.FoldResult{{Value: op.Operand(0)}, {Attr: z1}}
		}
		return []ir.FoldResult{{Value: op.Operand(1)}, {Attr: z1}}
	}
}

// muluiOneFolds adds mului_extended(x, 1) -> (x, 0) to rhsZeroFolds.
func muluiOneFolds(op *ir.Operation) []ir.FoldResult {
	if r := rhsZeroFolds(false)(op); r != nil {
		return r
	}
	if !intIs(ConstantValue(op.Operand(1)), op.Operand(1).Type(), isOne) {
		return nil
	}
	if z := makeConst(op.Context(), op.Result(1).Type(), []Scalar{{}}, true); z != nil {
		return []ir.FoldResult{{Value: op.Operand(0)}, {Attr: z}}
	}
	return nil
}

// subuiFolds adds subui_extended(x, x) -> (0, false) to rhsZeroFolds.
func subuiFolds(op *ir.Operation) []ir.FoldResult {
	if r := rhsZeroFolds(true)(op); r != nil {
		return r
	}
	if op.Operand(0) != op.Operand(1) {
		return nil
	}
	z0 := makeConst(op.Context(), op.Result(0).Type(), []Scalar{{}}, true)
	z1 := makeConst(op.Context(), op.Result(1).Type(), []Scalar{{}}, true)
	if z0 == nil || z1 == nil {
		return nil
	}
	return []ir.FoldResult{{Attr: z0}, {Attr: z1}}
}

// mulsiExtendedByOne rewrites mulsi_extended(x, 1) to (x, extsi(x < 0))
// (MLIR's MulSIExtendedRHSOne).
var mulsiExtendedByOne = &ir.Pattern{
	Name: "arith.mulsi_extended-rhs-one",
	Root: "arith.mulsi_extended",
	Rewrite: func(op *ir.Operation, rw *ir.Rewriter) bool {
		x, t := op.Operand(0), op.Operand(0).Type()
		zero := makeConst(op.Context(), t, []Scalar{{}}, true)
		// An i1 true is -1 as a signed value: x * -1 is no x * 1.
		if zero == nil || elemWidth(t) < 2 || !intIs(ConstantValue(op.Operand(1)), t, isOne) {
			return false
		}
		rw.SetInsertionPointBefore(op)
		z := NewConstant(&rw.Builder, zero, t, op.Loc())
		cmp := rw.Create(&ir.OpState{Name: "arith.cmpi", Loc: op.Loc(), Operands: []*ir.Value{x, z},
			ResultTypes: []ir.Type{I1SameShape(op.Context(), t)},
			Attrs:       []ir.NamedAttr{{Name: "predicate", Value: cmpiEnum.make(op.Context(), int64(CmpISLT))}}}).Result(0)
		ext := rw.Create(&ir.OpState{Name: "arith.extsi", Loc: op.Loc(), Operands: []*ir.Value{cmp}, ResultTypes: []ir.Type{t}}).Result(0)
		rw.ReplaceOp(op, []*ir.Value{x, ext})
		return true
	},
}

var (
	adduiExtended = extendedOp("addui_extended", "extended unsigned integer addition operation returning sum and overflow bit",
		"%r:2 = arith.addui_extended %a, %b : i32, i1", ir.Commutative, true, rhsZeroFolds(true),
		extendedToPlain("arith.addui_extended", "arith.addi"))
	subuiExtended = extendedOp("subui_extended", "extended unsigned integer subtraction operation returning difference and borrow bit",
		"%r:2 = arith.subui_extended %a, %b : vector<4xi32>, vector<4xi1>", 0, true, subuiFolds,
		extendedToPlain("arith.subui_extended", "arith.subi"))
	mulsiExtended = extendedOp("mulsi_extended", "extended signed integer multiplication operation",
		"%low, %high = arith.mulsi_extended %a, %b : i32", ir.Commutative, false, rhsZeroFolds(false),
		extendedToPlain("arith.mulsi_extended", "arith.muli"), mulsiExtendedByOne)
	muluiExtended = extendedOp("mului_extended", "extended unsigned integer multiplication operation",
		"%low, %high = arith.mului_extended %a, %b : i64", ir.Commutative, false, muluiOneFolds,
		extendedToPlain("arith.mului_extended", "arith.muli"))
)
