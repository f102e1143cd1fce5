package arith

import (
	"github.com/kiln-gpu/kiln/ir"
)

// isNotOf reports whether v is xori(x, all-ones) (MLIR's not(x)).
func isNotOf(v, x *ir.Value) bool {
	d := v.DefiningOp()
	return d != nil && d.Name() == "arith.xori" && d.Operand(0) == x &&
		intIs(ConstantValue(d.Operand(1)), d.Result(0).Type(), isAllOnes)
}

// andiSimplify folds and(x, x) -> x, and(x, -1) -> x, and(x, 0) -> 0,
// and(x, not(x)) -> 0 and and(a, and(a, b)) -> and(a, b), as MLIR's AndIOp::fold.
func andiSimplify(op *ir.Operation, lhs, rhs ir.Attribute) *ir.FoldResult {
	if r := firstOf(sameOperands, rhsIs(isAllOnes), rhsAbsorbs(isZero))(op, lhs, rhs); r != nil {
		return r
	}
	x, y := op.Operand(0), op.Operand(1)
	if isNotOf(y, x) || isNotOf(x, y) {
		return zeroOf(op)
	}
	return sameOpOfOperand(op)
}

// oriSimplify folds or(x, x) -> x, or(x, 0) -> x, or(x, -1) -> -1,
// or(x, not(x)) -> -1 and or(a, or(a, b)) -> or(a, b), as MLIR's OrIOp::fold.
func oriSimplify(op *ir.Operation, lhs, rhs ir.Attribute) *ir.FoldResult {
	if r := firstOf(sameOperands, rhsIs(isZero), rhsAbsorbs(isAllOnes))(op, lhs, rhs); r != nil {
		return r
	}
	x, y := op.Operand(0), op.Operand(1)
	if isNotOf(y, x) {
		return value(y.DefiningOp().Operand(1))
	}
	if isNotOf(x, y) {
		return value(x.DefiningOp().Operand(1))
	}
	return sameOpOfOperand(op)
}

// sameOpOfOperand folds op(a, op(a, b)) and its commuted forms to op(a, b)
// for an idempotent, commutative op (MLIR's foldAndIofAndI and its or twin).
func sameOpOfOperand(op *ir.Operation) *ir.FoldResult {
	for i := range 2 {
		prev := op.Operand(i).DefiningOp()
		if prev == nil || prev.Name() != op.Name() {
			continue
		}
		if other := op.Operand(1 - i); other == prev.Operand(0) || other == prev.Operand(1) {
			return value(prev.Result(0))
		}
	}
	return nil
}

// bitwiseOfExt rewrites op(ext(x), ext(y)) to ext(op(x, y)) when x and y
// have one type and both extensions are ext (MLIR's AndOfExtUI, AndOfExtSI,
// OrOfExtUI, OrOfExtSI, XOrIOfExtUI and XOrIOfExtSI).
func bitwiseOfExt(name, ext string) *ir.Pattern {
	return &ir.Pattern{
		Name: name + "-of-" + ext,
		Root: name,
		Rewrite: func(op *ir.Operation, rw *ir.Rewriter) bool {
			l, r := op.Operand(0).DefiningOp(), op.Operand(1).DefiningOp()
			if l == nil || r == nil || l.Name() != ext || r.Name() != ext || l.Operand(0).Type() != r.Operand(0).Type() {
				return false
			}
			x := l.Operand(0)
			rw.SetInsertionPointBefore(op)
			inner := rw.Create(&ir.OpState{Name: name, Loc: op.Loc(), Operands: []*ir.Value{x, r.Operand(0)},
				ResultTypes: []ir.Type{x.Type()}}).Result(0)
			// andi of a non-negative value is non-negative; ori and xori
			// need both.
			nneg := NonNeg(l) && NonNeg(r) || name == "arith.andi" && (NonNeg(l) || NonNeg(r))
			replaceWith(rw, op, ext, []*ir.Value{inner}, nonNegAttrs(op, ext == "arith.extui" && nneg))
			return true
		},
	}
}

// truncIOfExt rewrites trunci(ext(x)) to ext(x) when the truncation only
// drops extension bits (MLIR's TruncIExtSIToExtSI and TruncIExtUIToExtUI).
var truncIOfExt = &ir.Pattern{
	Name: "arith.trunci-of-ext",
	Root: "arith.trunci",
	Rewrite: func(op *ir.Operation, rw *ir.Rewriter) bool {
		ext := op.Operand(0).DefiningOp()
		if ext == nil || (ext.Name() != "arith.extsi" && ext.Name() != "arith.extui") {
			return false
		}
		x := ext.Operand(0)
		if elemWidth(op.Result(0).Type()) <= elemWidth(x.Type()) {
			return false
		}
		replaceWith(rw, op, ext.Name(), []*ir.Value{x}, nonNegAttrs(op, NonNeg(ext)))
		return true
	},
}

// shiftDropsWidth reports whether the constant c is the width x loses when
// truncated to t (MLIR's TruncationMatchesShiftAmount).
func shiftDropsWidth(c *ir.Value, x, t ir.Type) bool {
	d := uint64(elemWidth(x) - elemWidth(t))
	return intIs(ConstantValue(c), x, func(v uint64, _ int) bool { return v == d })
}

// truncIShrSI rewrites trunci(shrsi(x, c)) to trunci(shrui(x, c)) when c is
// the width the truncation drops: the bits that differ are dropped (MLIR's
// TruncIShrSIToTrunciShrUI).
var truncIShrSI = &ir.Pattern{
	Name: "arith.trunci-shrsi-to-shrui",
	Root: "arith.trunci",
	Rewrite: func(op *ir.Operation, rw *ir.Rewriter) bool {
		sh := op.Operand(0).DefiningOp()
		if sh == nil || sh.Name() != "arith.shrsi" || !shiftDropsWidth(sh.Operand(1), sh.Operand(0).Type(), op.Result(0).Type()) {
			return false
		}
		x := sh.Operand(0)
		rw.SetInsertionPointBefore(op)
		c := NewConstant(&rw.Builder, ConstantValue(sh.Operand(1)), x.Type(), op.Loc())
		shr := rw.Create(&ir.OpState{Name: "arith.shrui", Loc: op.Loc(), Operands: []*ir.Value{x, c},
			ResultTypes: []ir.Type{x.Type()}}).Result(0)
		replaceWith(rw, op, "arith.trunci", []*ir.Value{shr}, op.Attrs())
		return true
	},
}

// truncIMulHigh rewrites trunci(shrui(muli(ext(x), ext(y)), c)), with both
// extensions extsi or both extui, x, y and the result of one type and c the
// width the truncation drops, to the high half of mulsi_extended or
// mului_extended (MLIR's TruncIShrUIMulIToMulSIExtended and ...UIExtended).
var truncIMulHigh = &ir.Pattern{
	Name: "arith.trunci-mul-high",
	Root: "arith.trunci",
	Rewrite: func(op *ir.Operation, rw *ir.Rewriter) bool {
		sh := op.Operand(0).DefiningOp()
		if sh == nil || sh.Name() != "arith.shrui" {
			return false
		}
		mul := sh.Operand(0).DefiningOp()
		if mul == nil || mul.Name() != "arith.muli" {
			return false
		}
		l, r := mul.Operand(0).DefiningOp(), mul.Operand(1).DefiningOp()
		if l == nil || r == nil || l.Name() != r.Name() {
			return false
		}
		var name string
		switch l.Name() {
		case "arith.extsi":
			name = "arith.mulsi_extended"
		case "arith.extui":
			name = "arith.mului_extended"
		default:
			return false
		}
		x, y, t := l.Operand(0), r.Operand(0), op.Result(0).Type()
		if x.Type() != t || y.Type() != t || !shiftDropsWidth(sh.Operand(1), mul.Result(0).Type(), t) {
			return false
		}
		rw.SetInsertionPointBefore(op)
		ext := rw.Create(&ir.OpState{Name: name, Loc: op.Loc(), Operands: []*ir.Value{x, y}, ResultTypes: []ir.Type{t, t}})
		rw.ReplaceOp(op, []*ir.Value{ext.Result(1)})
		return true
	},
}

// constSide splits an addi or subi with one constant operand into the other
// operand and the constant; left reports a subi whose constant is the lhs.
func constSide(op *ir.Operation) (x *ir.Value, c ir.Attribute, left bool) {
	if op == nil || (op.Name() != "arith.addi" && op.Name() != "arith.subi") {
		return nil, nil, false
	}
	if c := ConstantValue(op.Operand(1)); c != nil {
		return op.Operand(0), c, false
	}
	if c := ConstantValue(op.Operand(0)); c != nil && op.Name() == "arith.subi" {
		return op.Operand(1), c, true
	}
	return nil, nil, false
}

// addSubConstants rewrites an addi or subi of a constant and an addi or
// subi of a constant into one op of the folded constant, as MLIR's
// AddIAddConstant, AddISubConstantRHS/LHS, SubIRHSAddConstant,
// SubILHSAddConstant and the four SubI...SubConstant patterns do, keeping
// the overflow flags both ops have (MLIR's MergeOverflow).
func addSubConstants(root string) *ir.Pattern {
	return &ir.Pattern{
		Name: root + "-constants",
		Root: root,
		Rewrite: func(op *ir.Operation, rw *ir.Rewriter) bool {
			y, c1, outerLeft := constSide(op)
			if y == nil || (ConstantValue(y) != nil) {
				return false
			}
			inner := y.DefiningOp()
			x, c0, innerLeft := constSide(inner)
			if x == nil {
				return false
			}
			t := op.Result(0).Type()
			fold := func(name string, a, b ir.Attribute) ir.Attribute {
				return foldIntBinary(op.Context(), t, name, a, b)
			}
			innerAdd, outerAdd := inner.Name() == "arith.addi", root == "arith.addi"
			// The inner op is sx*x + k0; the result is addi(x, k) or subi(k, x),
			// except subi(subi(x, c0), c1), which MLIR makes subi(x, c0 + c1).
			var name string
			var k ir.Attribute
			xFirst := true
			switch {
			case innerAdd && outerAdd:
				name, k = "arith.addi", fold("arith.addi", c0, c1)
			case innerAdd && !outerLeft:
				name, k = "arith.addi", fold("arith.subi", c0, c1)
			case innerAdd:
				name, k, xFirst = "arith.subi", fold("arith.subi", c1, c0), false
			case !innerLeft && outerAdd:
				name, k = "arith.addi", fold("arith.subi", c1, c0)
			case !innerLeft && !outerLeft:
				name, k = "arith.subi", fold("arith.addi", c0, c1)
			case !innerLeft:
				name, k, xFirst = "arith.subi", fold("arith.addi", c1, c0), false
			case outerAdd:
				name, k, xFirst = "arith.subi", fold("arith.addi", c0, c1), false
			case !outerLeft:
				name, k, xFirst = "arith.subi", fold("arith.subi", c0, c1), false
			default:
				name, k = "arith.addi", fold("arith.subi", c1, c0)
			}
			if k == nil {
				return false
			}
			rw.SetInsertionPointBefore(op)
			cv := NewConstant(&rw.Builder, k, t, op.Loc())
			operands := []*ir.Value{x, cv}
			if !xFirst {
				operands = []*ir.Value{cv, x}
			}
			replaceWith(rw, op, name, operands, mergeOverflow(op, inner))
			return true
		},
	}
}

// mergeOverflow returns the overflowFlags attribute of the flags that both
// a and b carry, or nothing when they share none.
func mergeOverflow(a, b *ir.Operation) []ir.NamedAttr {
	fa, okA := a.Attr("overflowFlags").(*OverflowAttr)
	fb, okB := b.Attr("overflowFlags").(*OverflowAttr)
	if !okA || !okB || fa.Flags&fb.Flags == 0 {
		return nil
	}
	return []ir.NamedAttr{{Name: "overflowFlags", Value: Overflow(a.Context(), fa.Flags&fb.Flags)}}
}

// subSubSame rewrites subi(subi(a, b), a) to subi(0, b) (MLIR's
// SubISubILHSRHSLHS).
var subSubSame = &ir.Pattern{
	Name: "arith.subi-subi-lhs",
	Root: "arith.subi",
	Rewrite: func(op *ir.Operation, rw *ir.Rewriter) bool {
		in := op.Operand(0).DefiningOp()
		t := op.Result(0).Type()
		if in == nil || in.Name() != "arith.subi" || in.Operand(0) != op.Operand(1) {
			return false
		}
		zero := makeConst(op.Context(), t, []Scalar{{}}, true)
		if zero == nil {
			return false
		}
		rw.SetInsertionPointBefore(op)
		replaceWith(rw, op, "arith.subi", []*ir.Value{NewConstant(&rw.Builder, zero, t, op.Loc()), in.Operand(1)}, mergeOverflow(op, in))
		return true
	},
}
