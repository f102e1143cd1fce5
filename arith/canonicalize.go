package arith

import (
	"github.com/kiln-gpu/kiln/ir"
)

// Canonicalization patterns that build new ops. Simplifications to an
// existing value or a constant are folds (see the op files).

// NewConstant inserts `arith.constant value` at the rewriter's insertion point.
func NewConstant(b *ir.Builder, value ir.Attribute, t ir.Type, loc ir.Location) *ir.Value {
	return b.Create(&ir.OpState{Name: "arith.constant", Loc: loc, ResultTypes: []ir.Type{t},
		Attrs: []ir.NamedAttr{{Name: "value", Value: value}}}).Result(0)
}

// replaceWith replaces op by a new op of the given name, operands and
// attributes, with op's result types and location.
func replaceWith(rw *ir.Rewriter, op *ir.Operation, name string, operands []*ir.Value, attrs []ir.NamedAttr) {
	rw.ReplaceOpWith(op, &ir.OpState{Name: name, Loc: op.Loc(), Operands: operands,
		ResultTypes: op.ResultTypes(), Attrs: attrs})
}

// reassociateConstants rewrites op(op(x, c0), c1) to op(x, op(c0, c1)) for
// an associative op, folding the two constants (MLIR's MulIMulConstant,
// which drops the overflow flags).
func reassociateConstants(name string) *ir.Pattern {
	return &ir.Pattern{
		Name: name + "-constants",
		Root: name,
		Rewrite: func(op *ir.Operation, rw *ir.Rewriter) bool {
			c1 := ConstantValue(op.Operand(1))
			inner := op.Operand(0).DefiningOp()
			if c1 == nil || inner == nil || inner.Name() != name {
				return false
			}
			c0 := ConstantValue(inner.Operand(1))
			t := op.Result(0).Type()
			if c0 == nil {
				return false
			}
			c := foldIntBinary(op.Context(), t, name, c0, c1)
			if c == nil {
				return false
			}
			rw.SetInsertionPointBefore(op)
			cv := NewConstant(&rw.Builder, c, t, op.Loc())
			replaceWith(rw, op, name, []*ir.Value{inner.Operand(0), cv}, nil)
			return true
		},
	}
}

var muliMulConstant = reassociateConstants("arith.muli")

// cmpiInverse maps each predicate to its negation.
var cmpiInverse = [...]CmpIPredicate{
	CmpIEQ: CmpINE, CmpINE: CmpIEQ, CmpISLT: CmpISGE, CmpISGE: CmpISLT, CmpISLE: CmpISGT,
	CmpISGT: CmpISLE, CmpIULT: CmpIUGE, CmpIUGE: CmpIULT, CmpIULE: CmpIUGT, CmpIUGT: CmpIULE,
}

// xoriNotCmpI rewrites xori(cmpi(p, a, b), true) to cmpi(not p, a, b).
var xoriNotCmpI = &ir.Pattern{
	Name: "arith.xori-not-cmpi",
	Root: "arith.xori",
	Rewrite: func(op *ir.Operation, rw *ir.Rewriter) bool {
		cmp := op.Operand(0).DefiningOp()
		if cmp == nil || cmp.Name() != "arith.cmpi" || !intIs(ConstantValue(op.Operand(1)), op.Result(0).Type(), isOne) {
			return false
		}
		p, ok := cmpiEnum.value(cmp)
		if !ok {
			return false
		}
		replaceWith(rw, op, "arith.cmpi", cmp.Operands(),
			[]ir.NamedAttr{{Name: "predicate", Value: cmpiEnum.make(op.Context(), int64(cmpiInverse[p]))}})
		return true
	},
}

// negfPair rewrites op(negf(x), negf(y)) to op(x, y) for mulf and divf.
func negfPair(name string) *ir.Pattern {
	return &ir.Pattern{
		Name: name + "-negf-negf",
		Root: name,
		Rewrite: func(op *ir.Operation, rw *ir.Rewriter) bool {
			l, r := op.Operand(0).DefiningOp(), op.Operand(1).DefiningOp()
			if l == nil || r == nil || l.Name() != "arith.negf" || r.Name() != "arith.negf" {
				return false
			}
			replaceWith(rw, op, name, []*ir.Value{l.Operand(0), r.Operand(0)}, op.Attrs())
			return true
		},
	}
}

// addfOfNegf rewrites addf(negf(x), y) and addf(y, negf(x)) to subf(y, x)
// with the addf's rounding mode and fast-math flags: y - x is the correctly
// rounded y + -x in every mode (MLIR PR 209277).
var addfOfNegf = &ir.Pattern{
	Name: "arith.addf-of-negf",
	Root: "arith.addf",
	Rewrite: func(op *ir.Operation, rw *ir.Rewriter) bool {
		for i := range 2 {
			if n := op.Operand(i).DefiningOp(); n != nil && n.Name() == "arith.negf" {
				replaceWith(rw, op, "arith.subf", []*ir.Value{op.Operand(1 - i), n.Operand(0)}, op.Attrs())
				return true
			}
		}
		return false
	},
}

// subfFromNegZero rewrites subf(-0, x) to negf(x), keeping the fast-math
// flags. Only in the default rounding mode: rounding downward, -0 - -0 is
// -0, not negf(-0) = +0; +0 - x is never negf(x) (+0 - +0 is +0).
var subfFromNegZero = &ir.Pattern{
	Name: "arith.subf-from-neg-zero",
	Root: "arith.subf",
	Rewrite: func(op *ir.Operation, rw *ir.Rewriter) bool {
		if op.Attr("roundingmode") != nil || !floatIs(ConstantValue(op.Operand(0)), op.Result(0).Type(), isNegZero) {
			return false
		}
		replaceWith(rw, op, "arith.negf", []*ir.Value{op.Operand(1)}, attrsOf(op, "fastmath"))
		return true
	},
}

// selectI1ToNot rewrites select(c, false, true) : i1 to xori(c, true).
var selectI1ToNot = &ir.Pattern{
	Name: "arith.select-i1-to-not",
	Root: "arith.select",
	Rewrite: func(op *ir.Operation, rw *ir.Rewriter) bool {
		t := op.Result(0).Type()
		if !isBool(ir.ElementTypeOrSelf(t)) || op.Operand(0).Type() != t ||
			!intIs(ConstantValue(op.Operand(1)), t, isZero) || !intIs(ConstantValue(op.Operand(2)), t, isOne) {
			return false
		}
		one := makeConst(op.Context(), t, []Scalar{{Bits: 1}}, true)
		if one == nil {
			return false
		}
		rw.SetInsertionPointBefore(op)
		replaceWith(rw, op, "arith.xori", []*ir.Value{op.Operand(0), NewConstant(&rw.Builder, one, t, op.Loc())}, nil)
		return true
	},
}

// extsiOfExtui rewrites extsi(extui(x)) to extui(x): the sign bit of a
// zero-extended value is zero.
var extsiOfExtui = &ir.Pattern{
	Name: "arith.extsi-of-extui",
	Root: "arith.extsi",
	Rewrite: func(op *ir.Operation, rw *ir.Rewriter) bool {
		in := op.Operand(0).DefiningOp()
		if in == nil || in.Name() != "arith.extui" {
			return false
		}
		replaceWith(rw, op, "arith.extui", in.Operands(), nonNegAttrs(op, NonNeg(in)))
		return true
	},
}

// selectToExtUI rewrites select(c, 1, 0) : iN to extui(c) and
// select(c, 0, 1) to extui(not c), for scalar i1 conditions.
var selectToExtUI = &ir.Pattern{
	Name: "arith.select-to-extui",
	Root: "arith.select",
	Rewrite: func(op *ir.Operation, rw *ir.Rewriter) bool {
		c, t := op.Operand(0), op.Result(0).Type()
		it, ok := t.(*ir.IntegerType)
		if !ok || it.Width == 1 || it.Signedness != ir.Signless || !isBool(c.Type()) {
			return false
		}
		tv, fv := ConstantValue(op.Operand(1)), ConstantValue(op.Operand(2))
		switch {
		case intIs(tv, t, isOne) && intIs(fv, t, isZero):
			replaceWith(rw, op, "arith.extui", []*ir.Value{c}, nil)
		case intIs(tv, t, isZero) && intIs(fv, t, isOne):
			rw.SetInsertionPointBefore(op)
			one := NewConstant(&rw.Builder, op.Context().BoolAttr(true), c.Type(), op.Loc())
			not := rw.Create(&ir.OpState{Name: "arith.xori", Loc: op.Loc(), Operands: []*ir.Value{c, one},
				ResultTypes: []ir.Type{c.Type()}}).Result(0)
			replaceWith(rw, op, "arith.extui", []*ir.Value{not}, nil)
		default:
			return false
		}
		return true
	},
}

// selectNotCond rewrites select(xori(c, true), a, b) to select(c, b, a).
var selectNotCond = &ir.Pattern{
	Name: "arith.select-not-cond",
	Root: "arith.select",
	Rewrite: func(op *ir.Operation, rw *ir.Rewriter) bool {
		x := op.Operand(0).DefiningOp()
		if x == nil || x.Name() != "arith.xori" || !intIs(ConstantValue(x.Operand(1)), x.Result(0).Type(), isOne) {
			return false
		}
		replaceWith(rw, op, "arith.select", []*ir.Value{x.Operand(0), op.Operand(2), op.Operand(1)}, op.Attrs())
		return true
	},
}

// redundantSelect rewrites select(p, select(p, a, b), c) to select(p, a, c)
// and select(p, a, select(p, b, c)) to select(p, a, c).
var redundantSelect = &ir.Pattern{
	Name: "arith.redundant-select",
	Root: "arith.select",
	Rewrite: func(op *ir.Operation, rw *ir.Rewriter) bool {
		p, a, b := op.Operand(0), op.Operand(1), op.Operand(2)
		if in := a.DefiningOp(); in != nil && in.Name() == "arith.select" && in.Operand(0) == p {
			rw.ModifyInPlace(op, func() { op.SetOperand(1, in.Operand(1)) })
			return true
		}
		if in := b.DefiningOp(); in != nil && in.Name() == "arith.select" && in.Operand(0) == p {
			rw.ModifyInPlace(op, func() { op.SetOperand(2, in.Operand(2)) })
			return true
		}
		return false
	},
}

// cmpiOfExt rewrites cmpi eq/ne of two values extended the same way from
// the same type to the comparison of the unextended values.
var cmpiOfExt = &ir.Pattern{
	Name: "arith.cmpi-of-ext",
	Root: "arith.cmpi",
	Rewrite: func(op *ir.Operation, rw *ir.Rewriter) bool {
		p, ok := cmpiEnum.value(op)
		l, r := op.Operand(0).DefiningOp(), op.Operand(1).DefiningOp()
		if !ok || p != int64(CmpIEQ) && p != int64(CmpINE) || l == nil || r == nil || l.Name() != r.Name() ||
			l.Name() != "arith.extsi" && l.Name() != "arith.extui" || l.Operand(0).Type() != r.Operand(0).Type() {
			return false
		}
		replaceWith(rw, op, "arith.cmpi", []*ir.Value{l.Operand(0), r.Operand(0)}, op.Attrs())
		return true
	},
}

// addiOfNeg rewrites addi(x, muli(y, -1)) to subi(x, y).
var addiOfNeg = &ir.Pattern{
	Name: "arith.addi-mul-negative-one",
	Root: "arith.addi",
	Rewrite: func(op *ir.Operation, rw *ir.Rewriter) bool {
		t := op.Result(0).Type()
		for i := range 2 {
			m := op.Operand(1 - i).DefiningOp()
			if m != nil && m.Name() == "arith.muli" && intIs(ConstantValue(m.Operand(1)), t, isAllOnes) {
				replaceWith(rw, op, "arith.subi", []*ir.Value{op.Operand(i), m.Operand(0)}, nil)
				return true
			}
		}
		return false
	},
}

// indexCastOfExt rewrites index_cast(extsi(x)) to index_cast(x) and
// index_castui(extui(x)) to index_castui(x). An index_castui takes nneg
// from the extui: its own flag speaks of the zero-extended value,
// non-negative whatever x is, the extui's of x.
func indexCastOfExt(name, ext string) *ir.Pattern {
	return &ir.Pattern{
		Name: name + "-of-" + ext,
		Root: name,
		Rewrite: func(op *ir.Operation, rw *ir.Rewriter) bool {
			d := op.Operand(0).DefiningOp()
			if d == nil || d.Name() != ext {
				return false
			}
			rw.ModifyInPlace(op, func() {
				op.RemoveAttr("nonNeg")
				if NonNeg(d) {
					op.SetAttr("nonNeg", op.Context().UnitAttr())
				}
				op.SetOperand(0, d.Operand(0))
			})
			return true
		},
	}
}

// intToFloatOfExt rewrites conv(ext(x)) to conv(x) when the extension keeps
// the value conv reads: sitofp(extsi(x)) and uitofp(extui(x)) to the same
// conversion of x, sitofp(extui(x)) to uitofp(x) (MLIR PR 185386). The
// result is nneg when the extui was: x itself is then non-negative.
func intToFloatOfExt(conv, ext string) *ir.Pattern {
	to := conv
	if ext == "arith.extui" {
		to = "arith.uitofp"
	}
	return &ir.Pattern{
		Name: conv + "-of-" + ext,
		Root: conv,
		Rewrite: func(op *ir.Operation, rw *ir.Rewriter) bool {
			d := op.Operand(0).DefiningOp()
			if d == nil || d.Name() != ext {
				return false
			}
			replaceWith(rw, op, to, d.Operands(), nonNegAttrs(op, NonNeg(d)))
			return true
		},
	}
}

// extendedToPlain rewrites an extended op whose second result is unused to
// the plain op computing its first result (addui_extended to addi,
// mulsi_extended and mului_extended to muli).
func extendedToPlain(name, plain string) *ir.Pattern {
	return &ir.Pattern{
		Name: name + "-to-" + plain,
		Root: name,
		Rewrite: func(op *ir.Operation, rw *ir.Rewriter) bool {
			if op.Result(1).HasUses() {
				return false
			}
			rw.SetInsertionPointBefore(op)
			n := rw.Create(&ir.OpState{Name: plain, Loc: op.Loc(), Operands: op.Operands(),
				ResultTypes: []ir.Type{op.Result(0).Type()}})
			rw.ReplaceAllUsesWith(op.Result(0), n.Result(0))
			rw.EraseOp(op)
			return true
		},
	}
}
