package arith

import (
	"math"

	"github.com/kiln-gpu/kiln/ir"
)

// simplifyFn returns an existing value or a constant that an op folds to,
// given its constant operands (nil when not constant), or nil.
type simplifyFn func(op *ir.Operation, lhs, rhs ir.Attribute) *ir.FoldResult

func value(v *ir.Value) *ir.FoldResult { return &ir.FoldResult{Value: v} }

// zeroOf returns the zero constant of op's result type (nil for dynamic shapes).
func zeroOf(op *ir.Operation) *ir.FoldResult {
	if a := makeConst(op.Context(), op.Result(0).Type(), []Scalar{{}}, true); a != nil {
		return &ir.FoldResult{Attr: a}
	}
	return nil
}

// intBinary defines an integer binary op: `%r = arith.<name> %a, %b
// <clauses> : T` with T a signless integer or index, or a vector or tensor
// of them.
func intBinary(name, summary string, traits ir.Trait, cs []Clause, simplify simplifyFn, canon ...*ir.Pattern) *ir.OpDef {
	full := "arith." + name
	example := "%r = " + full + " %a, %b : i32"
	switch {
	case len(cs) > 0 && cs[0] == ClauseOverflow:
		example = "%r = " + full + " %a, %b overflow<nsw, nuw> : i32"
	case len(cs) > 0 && cs[0] == ClauseExact:
		example = "%r = " + full + " %a, %b exact : vector<4xi32>"
	}
	return &ir.OpDef{
		Name:         full,
		Summary:      summary,
		Example:      example,
		Traits:       traits | ir.SameOperandsAndResultType | ir.ElementwiseMappable,
		Operands:     ir.Exactly(2),
		Results:      ir.Exactly(1),
		Inherent:     ClauseNames(cs),
		Format:       sameTypeFormat(2, cs...),
		Canonicalize: canon,
		Verify: func(op *ir.Operation) error {
			if err := VerifyClauses(op, cs); err != nil {
				return err
			}
			if err := CheckOperands(op, SignlessIntegerLike, SignlessIntegerLike); err != nil {
				return err
			}
			if err := CheckResults(op, SignlessIntegerLike); err != nil {
				return err
			}
			return VerifyElementwise(op)
		},
		Fold: func(op *ir.Operation, operands []ir.Attribute) ([]ir.FoldResult, bool) {
			// The identities come first, as in MLIR's folders: addi(%c, %c0)
			// is %c itself, not a new constant.
			if simplify != nil {
				if r := simplify(op, operands[0], operands[1]); r != nil {
					return []ir.FoldResult{*r}, true
				}
			}
			t := op.Result(0).Type()
			if a := foldIntBinary(op.Context(), t, full, operands[0], operands[1]); a != nil {
				return foldTo(a)
			}
			if p := PoisonOf(operands); p != nil {
				return []ir.FoldResult{{Attr: p}}, true
			}
			if traits&ir.Commutative != 0 && swapConstantToRight(op, operands) {
				return nil, true
			}
			return nil, false
		},
	}
}

var overflow = []Clause{ClauseOverflow}
var exact = []Clause{ClauseExact}

// rhsIs folds op to its lhs when the rhs constant satisfies pred.
func rhsIs(pred func(uint64, int) bool) simplifyFn {
	return func(op *ir.Operation, _, rhs ir.Attribute) *ir.FoldResult {
		if intIs(rhs, op.Result(0).Type(), pred) {
			return value(op.Operand(0))
		}
		return nil
	}
}

// rhsAbsorbs folds op to its rhs (a constant) when it satisfies pred.
func rhsAbsorbs(pred func(uint64, int) bool) simplifyFn {
	return func(op *ir.Operation, _, rhs ir.Attribute) *ir.FoldResult {
		if intIs(rhs, op.Result(0).Type(), pred) {
			return value(op.Operand(1))
		}
		return nil
	}
}

// remByOne folds x % 1 -> 0.
func remByOne(op *ir.Operation, _, rhs ir.Attribute) *ir.FoldResult {
	if intIs(rhs, op.Result(0).Type(), isOne) {
		return zeroOf(op)
	}
	return nil
}

// trivialDiv folds 0 / x to 0 and x / x to 1, and trivialRem 0 % x and
// x % x to 0, for every integer division and remainder: a zero divisor is
// undefined behaviour, so no case is left out (MLIR PR 212074).
func trivialDiv(op *ir.Operation, lhs, _ ir.Attribute) *ir.FoldResult {
	if intIs(lhs, op.Result(0).Type(), isZero) {
		return zeroOf(op)
	}
	if op.Operand(0) == op.Operand(1) {
		if a := makeConst(op.Context(), op.Result(0).Type(), []Scalar{{Bits: 1}}, true); a != nil {
			return &ir.FoldResult{Attr: a}
		}
	}
	return nil
}

func trivialRem(op *ir.Operation, lhs, _ ir.Attribute) *ir.FoldResult {
	if intIs(lhs, op.Result(0).Type(), isZero) || op.Operand(0) == op.Operand(1) {
		return zeroOf(op)
	}
	return nil
}

// sameOperands folds op(x, x) to x.
func sameOperands(op *ir.Operation, _, _ ir.Attribute) *ir.FoldResult {
	if op.Operand(0) == op.Operand(1) {
		return value(op.Operand(0))
	}
	return nil
}

// firstOf tries simplifications in order.
func firstOf(fs ...simplifyFn) simplifyFn {
	return func(op *ir.Operation, lhs, rhs ir.Attribute) *ir.FoldResult {
		for _, f := range fs {
			if v := f(op, lhs, rhs); v != nil {
				return v
			}
		}
		return nil
	}
}

// addiSimplify folds x + 0 -> x, (a - b) + b -> a and b + (a - b) -> a.
func addiSimplify(op *ir.Operation, lhs, rhs ir.Attribute) *ir.FoldResult {
	if v := rhsIs(isZero)(op, lhs, rhs); v != nil {
		return v
	}
	for i := range 2 {
		if d := op.Operand(i).DefiningOp(); d != nil && d.Name() == "arith.subi" && d.Operand(1) == op.Operand(1-i) {
			return value(d.Operand(0))
		}
	}
	return nil
}

// subiSimplify folds x - 0 -> x, x - x -> 0, (a + b) - b -> a, (a + b) - a -> b and
// a - (a - b) -> b.
func subiSimplify(op *ir.Operation, lhs, rhs ir.Attribute) *ir.FoldResult {
	if v := rhsIs(isZero)(op, lhs, rhs); v != nil {
		return v
	}
	x, y := op.Operand(0), op.Operand(1)
	if x == y {
		return zeroOf(op)
	}
	if d := x.DefiningOp(); d != nil && d.Name() == "arith.addi" {
		if d.Operand(1) == y {
			return value(d.Operand(0))
		}
		if d.Operand(0) == y {
			return value(d.Operand(1))
		}
	}
	if d := y.DefiningOp(); d != nil && d.Name() == "arith.subi" && d.Operand(0) == x {
		return value(d.Operand(1))
	}
	return nil
}

// xoriSimplify folds x ^ 0 -> x, x ^ x -> 0 and x ^ (x ^ a) -> a.
func xoriSimplify(op *ir.Operation, lhs, rhs ir.Attribute) *ir.FoldResult {
	if op.Operand(0) == op.Operand(1) {
		return zeroOf(op)
	}
	if v := rhsIs(isZero)(op, lhs, rhs); v != nil {
		return v
	}
	for i := range 2 {
		if d := op.Operand(i).DefiningOp(); d != nil && d.Name() == "arith.xori" {
			other := op.Operand(1 - i)
			if d.Operand(0) == other {
				return value(d.Operand(1))
			}
			if d.Operand(1) == other {
				return value(d.Operand(0))
			}
		}
	}
	return nil
}

// divOfMul folds (a * b) / a to b and (a * b) / b to a when the muli
// cannot wrap in the division's signedness (nuw for divui, nsw for divsi),
// as MLIR's DivUIOp and DivSIOp folders do.
func divOfMul(flag OverflowFlags) simplifyFn {
	return func(op *ir.Operation, _, _ ir.Attribute) *ir.FoldResult {
		m := op.Operand(0).DefiningOp()
		if m == nil || m.Name() != "arith.muli" || m.NumOperands() != 2 {
			return nil
		}
		if f, ok := m.Attr("overflowFlags").(*OverflowAttr); !ok || f.Flags&flag == 0 {
			return nil
		}
		switch d := op.Operand(1); d {
		case m.Operand(0):
			return value(m.Operand(1))
		case m.Operand(1):
			return value(m.Operand(0))
		}
		return nil
	}
}

var (
	addi       = intBinary("addi", "integer addition operation", ir.Pure|ir.Commutative, overflow, addiSimplify, addSubConstants("arith.addi"), addiOfNeg)
	subi       = intBinary("subi", "integer subtraction operation", ir.Pure, overflow, subiSimplify, addSubConstants("arith.subi"), subSubSame)
	muli       = namedBy(intBinary("muli", "integer multiplication operation", ir.Pure|ir.Commutative, overflow, firstOf(rhsIs(isOne), rhsAbsorbs(isZero)), muliMulConstant), muliVscaleName)
	divui      = speculatableBy(intBinary("divui", "unsigned integer division operation", ir.Pure, exact, firstOf(rhsIs(isOne), divOfMul(OverflowNUW), trivialDiv)), divUISpeculatability)
	divsi      = speculatableBy(intBinary("divsi", "signed integer division operation", ir.Pure, exact, firstOf(rhsIs(isOne), divOfMul(OverflowNSW), trivialDiv)), divSISpeculatability)
	ceildivui  = speculatableBy(intBinary("ceildivui", "unsigned ceil integer division operation", ir.Pure, nil, firstOf(rhsIs(isOne), trivialDiv)), divUISpeculatability)
	ceildivsi  = speculatableBy(intBinary("ceildivsi", "signed ceil integer division operation", ir.Pure, nil, firstOf(rhsIs(isOne), trivialDiv)), divSISpeculatability)
	floordivsi = intBinary("floordivsi", "signed floor integer division operation", ir.Pure, nil, firstOf(rhsIs(isOne), trivialDiv))
	remui      = intBinary("remui", "unsigned integer division remainder operation", ir.Pure, nil, firstOf(remByOne, trivialRem))
	remsi      = intBinary("remsi", "signed integer division remainder operation", ir.Pure, nil, firstOf(remByOne, trivialRem))
	andi       = intBinary("andi", "integer binary and", ir.Pure|ir.Commutative|ir.Idempotent, nil, andiSimplify,
		bitwiseOfExt("arith.andi", "arith.extui"), bitwiseOfExt("arith.andi", "arith.extsi"))
	ori = intBinary("ori", "integer binary or", ir.Pure|ir.Commutative|ir.Idempotent, nil, oriSimplify,
		bitwiseOfExt("arith.ori", "arith.extui"), bitwiseOfExt("arith.ori", "arith.extsi"))
	xori = intBinary("xori", "integer binary xor", ir.Pure|ir.Commutative, nil, xoriSimplify, xoriNotCmpI,
		bitwiseOfExt("arith.xori", "arith.extui"), bitwiseOfExt("arith.xori", "arith.extsi"))
	shli  = intBinary("shli", "integer left-shift", ir.Pure, overflow, rhsIs(isZero))
	shrui = intBinary("shrui", "unsigned integer right-shift", ir.Pure, exact, rhsIs(isZero))
	shrsi = intBinary("shrsi", "signed integer right-shift", ir.Pure, exact, rhsIs(isZero))
	maxsi = intBinary("maxsi", "signed integer maximum operation", ir.Pure|ir.Commutative, nil,
		firstOf(sameOperands, rhsAbsorbs(isSMax), rhsIs(isSMin)))
	maxui = intBinary("maxui", "unsigned integer maximum operation", ir.Pure|ir.Commutative, nil,
		firstOf(sameOperands, rhsAbsorbs(isAllOnes), rhsIs(isZero)))
	minsi = intBinary("minsi", "signed integer minimum operation", ir.Pure|ir.Commutative, nil,
		firstOf(sameOperands, rhsAbsorbs(isSMin), rhsIs(isSMax)))
	minui = intBinary("minui", "unsigned integer minimum operation", ir.Pure|ir.Commutative, nil,
		firstOf(sameOperands, rhsAbsorbs(isZero), rhsIs(isAllOnes)))
)

// namedBy sets d's result-name suggestions.
func namedBy(d *ir.OpDef, f func(op *ir.Operation, name func(v *ir.Value, name string))) *ir.OpDef {
	d.ResultNames = f
	return d
}

// muliVscaleName names an index product of a constant and vector.vscale,
// in either order, c<constant>_vscale (MLIR's MulIOp::getAsmResultNames,
// which matches vector.vscale by name too).
func muliVscaleName(op *ir.Operation, name func(v *ir.Value, name string)) {
	if _, ok := op.Result(0).Type().(*ir.IndexType); !ok {
		return
	}
	for i := range 2 {
		c, ok := ConstantValue(op.Operand(i)).(*ir.IntegerAttr)
		if d := op.Operand(1 - i).DefiningOp(); ok && d != nil && d.Name() == "vector.vscale" {
			name(op.Result(0), "c"+c.Big().String()+"_vscale")
			return
		}
	}
}

// speculatableBy sets d's Speculatability: the divisions have no memory
// effects (they are removed when dead, as MLIR's NoMemoryEffect ops) but
// only run speculatively when their divisor cannot trap.
func speculatableBy(d *ir.OpDef, f func(*ir.Operation) ir.Speculatability) *ir.OpDef {
	d.Speculatability = f
	return d
}

// divUISpeculatability is MLIR's getDivUISpeculatability for a constant
// divisor: speculatable when no element of it is zero (the unsigned range
// of its values leaves out zero).
func divUISpeculatability(op *ir.Operation) ir.Speculatability {
	e, ok := intDivisor(op)
	if !ok {
		return ir.NotSpeculatable
	}
	for _, v := range e.vals {
		if v.Bits == 0 {
			return ir.NotSpeculatable
		}
	}
	return ir.Speculatable
}

// divSISpeculatability is MLIR's getDivSISpeculatability for a constant
// divisor: the signed range of its values (from the least to the greatest
// element) must leave out zero and -1 (INT_MIN / -1 overflows).
func divSISpeculatability(op *ir.Operation) ir.Speculatability {
	e, ok := intDivisor(op)
	if !ok {
		return ir.NotSpeculatable
	}
	w := elemWidth(op.Operand(1).Type())
	lo, hi := int64(math.MaxInt64), int64(math.MinInt64)
	for _, v := range e.vals {
		x := SExt(w, v.Bits)
		lo, hi = min(lo, x), max(hi, x)
	}
	// Leaving out both means lying wholly above 0 or wholly below -1.
	if lo > 0 || hi < -1 {
		return ir.Speculatable
	}
	return ir.NotSpeculatable
}

// intDivisor returns the values of a division's divisor when a constant
// defines it. MLIR also infers the ranges of other ops from unbounded
// operands; Kiln has no range inference, so those stay not speculatable.
func intDivisor(op *ir.Operation) (elems, bool) {
	d := op.Operand(1)
	if ir.IsFloat(ir.ElementTypeOrSelf(d.Type())) {
		return elems{}, false
	}
	e, ok := constElems(ConstantValue(d))
	return e, ok && len(e.vals) > 0
}
