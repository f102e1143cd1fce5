package mathd

import (
	"math"
	"slices"

	"github.com/kiln-gpu/kiln/arith"
	"github.com/kiln-gpu/kiln/ir"
)

// ExpandPatterns returns MLIR's math expansions (populateExpansionPatterns,
// the math-expand-ops pass) of the ops named in ops by mnemonic ("sinh",
// "fpowi", ...), or of every op it expands when ops is empty. Each pattern
// rewrites one op into more fundamental arith and math ops, op for op as
// MLIR's ExpandOps.cpp builds them.
func ExpandPatterns(ops []string) []*ir.Pattern {
	var ps []*ir.Pattern
	for _, e := range expansions {
		if len(ops) == 0 || slices.Contains(ops, e.name) {
			ps = append(ps, expansionPattern(e.name, e.expand))
		}
	}
	return ps
}

// expansions lists the expanded ops in MLIR's order.
var expansions = []struct {
	name   string
	expand func(x *expander) *ir.Value
}{
	{"ctlz", expandCtlz}, {"sinh", expandSinhCosh("arith.subf")}, {"cosh", expandSinhCosh("arith.addf")},
	{"tan", expandTan}, {"tanh", expandTanh}, {"asinh", expandAsinhAcosh(1)}, {"acosh", expandAsinhAcosh(-1)},
	{"atanh", expandAtanh}, {"fma", expandFma}, {"ceil", expandCeil}, {"exp2", expandExp2},
	{"powf", expandPowF}, {"fpowi", expandFPowI}, {"round", expandRound}, {"roundeven", expandRoundEven},
	{"rsqrt", expandRsqrt}, {"clampf", expandClampF},
}

// expander builds the replacement of op before it.
type expander struct {
	b   *ir.Builder
	ctx *ir.Context
	op  *ir.Operation
}

func expansionPattern(name string, expand func(x *expander) *ir.Value) *ir.Pattern {
	return &ir.Pattern{
		Name: "math-expand-" + name,
		Root: "math." + name,
		Rewrite: func(op *ir.Operation, rw *ir.Rewriter) bool {
			rw.SetInsertionPointBefore(op)
			r := expand(&expander{b: &rw.Builder, ctx: op.Context(), op: op})
			if r == nil {
				return false
			}
			rw.ReplaceOp(op, []*ir.Value{r})
			return true
		},
	}
}

func (x *expander) arg(i int) *ir.Value { return x.op.Operand(i) }

func (x *expander) make(name string, t ir.Type, attrs []ir.NamedAttr, operands ...*ir.Value) *ir.Value {
	return x.b.Create(&ir.OpState{Name: name, Loc: x.op.Loc(), Operands: operands, ResultTypes: []ir.Type{t}, Attrs: attrs}).Result(0)
}

// un and bin build ops whose result has their first operand's type.
func (x *expander) un(name string, a *ir.Value) *ir.Value { return x.make(name, a.Type(), nil, a) }

func (x *expander) bin(name string, a, b *ir.Value) *ir.Value {
	return x.make(name, a.Type(), nil, a, b)
}

func (x *expander) cmp(name string, p int64, a, b *ir.Value) *ir.Value {
	return x.make(name, arith.I1SameShape(x.ctx, a.Type()), []ir.NamedAttr{{Name: "predicate", Value: x.ctx.I64Attr(p)}}, a, b)
}

func (x *expander) cmpi(p arith.CmpIPredicate, a, b *ir.Value) *ir.Value {
	return x.cmp("arith.cmpi", int64(p), a, b)
}

func (x *expander) cmpf(p arith.CmpFPredicate, a, b *ir.Value) *ir.Value {
	return x.cmp("arith.cmpf", int64(p), a, b)
}

func (x *expander) sel(c, a, b *ir.Value) *ir.Value {
	return x.make("arith.select", a.Type(), nil, c, a, b)
}

// constant is an arith.constant of t holding v, a splat for a shaped t.
func (x *expander) constant(t ir.Type, v ir.Attribute) *ir.Value {
	if s, ok := t.(ir.ShapedType); ok {
		v = x.ctx.DenseSplat(s, v)
	}
	return arith.NewConstant(x.b, v, t, x.op.Loc())
}

func (x *expander) fconst(t ir.Type, v float64) *ir.Value {
	return x.constant(t, x.ctx.FloatAttr(ir.ElementTypeOrSelf(t).(*ir.FloatType), v))
}

func (x *expander) iconst(t ir.Type, v int64) *ir.Value {
	return x.constant(t, x.ctx.IntegerAttr(ir.ElementTypeOrSelf(t), v))
}

// static reports whether t is a scalar, or shaped with a static shape and
// so able to hold splat constants; expansions that build constants check
// it first.
func static(t ir.Type) bool {
	switch s := t.(type) {
	case *ir.VectorType:
		return true
	case *ir.RankedTensorType:
		return ir.HasStaticShape(s)
	case ir.ShapedType:
		return false
	}
	return true
}

// floatElems reports whether t has float elements and a static shape.
func floatElems(t ir.Type) bool { return ir.IsFloat(ir.ElementTypeOrSelf(t)) && static(t) }

// truncated is copysign(sitofp(fptosi(v to i64)), v): v rounded towards
// zero, keeping the sign of -0.
func (x *expander) truncated(v *ir.Value) *ir.Value {
	i := x.make("arith.fptosi", arith.SameShape(x.ctx, v.Type(), x.ctx.I(64)), nil, v)
	f := x.make("arith.sitofp", v.Type(), nil, i)
	return x.bin("math.copysign", f, v)
}

// sinh(x) = (exp(x) - exp(-x)) / 2, cosh(x) = (exp(x) + exp(-x)) / 2.
func expandSinhCosh(combine string) func(x *expander) *ir.Value {
	return func(x *expander) *ir.Value {
		a := x.arg(0)
		if !floatElems(a.Type()) {
			return nil
		}
		exp := x.un("math.exp", a)
		nexp := x.un("math.exp", x.un("arith.negf", a))
		r := x.bin(combine, exp, nexp)
		return x.bin("arith.mulf", r, x.fconst(a.Type(), 0.5))
	}
}

// tanh(x) = sign(x) * (1 - exp(-2|x|)) / (1 + exp(-2|x|)), with
// sign(x) = uitofp(x < 0) * -2 + 1, which never overflows.
func expandTanh(x *expander) *ir.Value {
	a := x.arg(0)
	t := a.Type()
	if !floatElems(t) {
		return nil
	}
	zero, one, negTwo := x.fconst(t, 0), x.fconst(t, 1), x.fconst(t, -2)
	isNeg := x.make("arith.uitofp", t, nil, x.cmpf(arith.CmpFOLT, a, zero))
	sign := x.bin("arith.addf", x.bin("arith.mulf", isNeg, negTwo), one)
	pos := x.bin("arith.mulf", sign, a)
	exp := x.un("math.exp", x.bin("arith.mulf", negTwo, pos))
	r := x.bin("arith.divf", x.bin("arith.subf", one, exp), x.bin("arith.addf", one, exp))
	return x.bin("arith.mulf", sign, r)
}

// tan(x) = sin(x) / cos(x).
func expandTan(x *expander) *ir.Value {
	a := x.arg(0)
	return x.bin("arith.divf", x.un("math.sin", a), x.un("math.cos", a))
}

// asinh(x) = log(x + sqrt(fma(x, x, 1))), acosh(x) = log(x + sqrt(fma(x, x, -1))).
func expandAsinhAcosh(c float64) func(x *expander) *ir.Value {
	return func(x *expander) *ir.Value {
		a := x.arg(0)
		if !floatElems(a.Type()) {
			return nil
		}
		k := x.fconst(a.Type(), c)
		fma := x.make("math.fma", a.Type(), nil, a, a, k)
		return x.un("math.log", x.bin("arith.addf", a, x.un("math.sqrt", fma)))
	}
}

// atanh(x) = log((1 + x) / (1 - x)) / 2.
func expandAtanh(x *expander) *ir.Value {
	a := x.arg(0)
	t := a.Type()
	if !floatElems(t) {
		return nil
	}
	one := x.fconst(t, 1)
	add := x.bin("arith.addf", a, one)
	sub := x.bin("arith.addf", x.un("arith.negf", a), one)
	log := x.un("math.log", x.bin("arith.divf", add, sub))
	return x.bin("arith.mulf", log, x.fconst(t, 0.5))
}

// fma(a, b, c) = a * b + c.
func expandFma(x *expander) *ir.Value {
	return x.bin("arith.addf", x.bin("arith.mulf", x.arg(0), x.arg(1)), x.arg(2))
}

// ceil(x) = trunc(x) + (x > trunc(x) ? 1 : 0).
func expandCeil(x *expander) *ir.Value {
	a := x.arg(0)
	t := a.Type()
	if !floatElems(t) {
		return nil
	}
	tr := x.truncated(a)
	zero, one := x.fconst(t, 0), x.fconst(t, 1)
	incr := x.sel(x.cmpf(arith.CmpFOGT, a, tr), one, zero)
	return x.bin("arith.addf", tr, incr)
}

// exp2(x) = exp(x * ln 2).
func expandExp2(x *expander) *ir.Value {
	a := x.arg(0)
	if !floatElems(a.Type()) {
		return nil
	}
	return x.un("math.exp", x.bin("arith.mulf", a, x.fconst(a.Type(), math.Ln2)))
}

// constSplat returns the scalar or splat constant v holds.
func constSplat(v *ir.Value) (arith.Scalar, bool) {
	a := arith.ConstantValue(v)
	if a == nil {
		return arith.Scalar{}, false
	}
	return arith.SplatOf(a)
}

// powf(a, b) = exp(b * log(a)), with exact forms for a constant b of 0,
// +-1, +-0.5, +-2 and 3.
func expandPowF(x *expander) *ir.Value {
	a, b := x.arg(0), x.arg(1)
	t := a.Type()
	if !floatElems(t) {
		return nil
	}
	mulf := func(p, q *ir.Value) *ir.Value { return x.bin("arith.mulf", p, q) }
	if c, ok := constSplat(b); ok {
		switch c.Float {
		case 0:
			return x.fconst(t, 1)
		case 1:
			return a
		case -1:
			return x.bin("arith.divf", x.fconst(t, 1), a)
		case 0.5:
			return x.un("math.sqrt", a)
		case -0.5:
			return x.un("math.rsqrt", a)
		case 2:
			return mulf(a, a)
		case -2:
			one := x.fconst(t, 1)
			return x.bin("arith.divf", one, mulf(a, a))
		case 3:
			return mulf(mulf(a, a), a)
		}
	}
	return x.un("math.exp", mulf(b, x.un("math.log", a)))
}

// fpowi(a, n) multiplies by squaring for a constant n (1 / result for a
// negative n, with the zeros' infinities spelled out) and is powf(a,
// sitofp(n)) otherwise.
func expandFPowI(x *expander) *ir.Value {
	base, power := x.arg(0), x.arg(1)
	t := base.Type()
	if !floatElems(t) {
		return nil
	}
	c, ok := constSplat(power)
	pt, isInt := ir.ElementTypeOrSelf(power.Type()).(*ir.IntegerType)
	if !ok || !isInt {
		return x.bin("math.powf", base, x.make("arith.sitofp", t, nil, power))
	}
	n := arith.SExt(pt.Width, c.Bits)
	abs := uint64(n)
	if n < 0 {
		abs = uint64(-n)
	}
	one := x.fconst(t, 1)
	res := x.fconst(t, 1)
	for ; abs > 0; abs >>= 1 {
		if abs&1 != 0 {
			res = x.bin("arith.mulf", base, res)
		}
		base = x.bin("arith.mulf", base, base)
	}
	if n < 0 {
		zero, negZero := x.fconst(t, 0), x.fconst(t, math.Copysign(0, -1))
		posInf, negInf := x.fconst(t, math.Inf(1)), x.fconst(t, math.Inf(-1))
		zeroEq := x.cmpf(arith.CmpFOEQ, res, zero)
		negZeroEq := x.cmpf(arith.CmpFOEQ, res, negZero)
		res = x.bin("arith.divf", one, res)
		res = x.sel(zeroEq, posInf, res)
		res = x.sel(negZeroEq, negInf, res)
	}
	return res
}

// round(x) for f32: trunc(x + copysign(0.5, x)), or x itself when its
// biased exponent is 23 or more (large values, infinities and NaN).
func expandRound(x *expander) *ir.Value {
	a := x.arg(0)
	t := a.Type()
	if ft, ok := ir.ElementTypeOrSelf(t).(*ir.FloatType); !ok || ft.Kind != ir.F32 || !static(t) {
		return nil
	}
	it := arith.SameShape(x.ctx, t, x.ctx.I(32))
	half := x.fconst(t, 0.5)
	c23, c127, expMask := x.iconst(it, 23), x.iconst(it, 127), x.iconst(it, 255)
	incr := x.bin("math.copysign", half, a)
	tr := x.truncated(x.bin("arith.addf", a, incr))
	bits := x.make("arith.bitcast", it, nil, a)
	exp := x.bin("arith.andi", x.bin("arith.shrui", bits, c23), expMask)
	biased := x.bin("arith.subi", exp, c127)
	return x.sel(x.cmpi(arith.CmpISGE, biased, c23), a, tr)
}

// expandCtlz counts leading zeros by binary search on the bits: each step
// shifts the value left by half the remaining width when its top half is
// zero.
func expandCtlz(x *expander) *ir.Value {
	a := x.arg(0)
	t := a.Type()
	it, ok := ir.ElementTypeOrSelf(t).(*ir.IntegerType)
	if !ok || it.Width > 64 || !static(t) {
		return nil
	}
	all := arith.Mask(it.Width, ^uint64(0))
	v, count := a, x.iconst(t, 0)
	for bw := it.Width; bw > 1; bw /= 2 {
		half := bw / 2
		bits := x.iconst(t, int64(half))
		mask := x.iconst(t, int64(all>>uint(half)))
		pred := x.cmpi(arith.CmpIULE, v, mask)
		add := x.bin("arith.addi", count, bits)
		shift := x.bin("arith.shli", v, bits)
		v = x.sel(pred, shift, v)
		count = x.sel(pred, add, count)
	}
	zero := x.iconst(t, 0)
	pred := x.cmpi(arith.CmpIEQ, a, zero)
	return x.sel(pred, x.iconst(t, int64(it.Width)), count)
}

// mantissaWidth is the stored mantissa bits of each float kind.
var mantissaWidth = map[ir.FloatKind]int{
	ir.F16: 10, ir.BF16: 7, ir.F32: 23, ir.F64: 52, ir.TF32: 10,
	ir.F8E5M2: 2, ir.F8E4M3: 3, ir.F8E4M3FN: 3, ir.F8E5M2FNUZ: 2, ir.F8E4M3FNUZ: 3,
	ir.F8E4M3B11FNUZ: 3, ir.F8E3M4: 4, ir.F4E2M1FN: 1, ir.F6E2M3FN: 3, ir.F6E3M2FN: 2,
}

// expandRoundEven is math.round corrected on ties: where the operand is
// halfway between two integers and round went to the odd one, it steps
// back by copysign(1, x). Names follow f32 (23 mantissa bits, bias 127).
func expandRoundEven(x *expander) *ir.Value {
	a := x.arg(0)
	t := a.Type()
	ft, ok := ir.ElementTypeOrSelf(t).(*ir.FloatType)
	if !ok || !static(t) {
		return nil
	}
	mw, ok := mantissaWidth[ft.Kind]
	bw := ir.IntOrFloatBitWidth(ft)
	if !ok || bw > 64 {
		return nil
	}
	ew := bw - mw - 1
	it := arith.SameShape(x.ctx, t, x.ctx.I(bw))
	c1f := x.fconst(t, 1)
	c0, c1, cNeg1 := x.iconst(it, 0), x.iconst(it, 1), x.iconst(it, -1)
	c23, c31 := x.iconst(it, int64(mw)), x.iconst(it, int64(bw-1))
	c127 := x.iconst(it, int64(1)<<uint(ew-1)-1)
	c2To22 := x.iconst(it, int64(1)<<uint(mw-1))
	c23Mask := x.iconst(it, int64(1)<<uint(mw)-1)
	expMask := x.iconst(it, int64(1)<<uint(ew)-1)

	bits := x.make("arith.bitcast", it, nil, a)
	round := x.un("math.round", a)
	roundBits := x.make("arith.bitcast", it, nil, round)
	biasedExp := func(v *ir.Value) *ir.Value {
		e := x.bin("arith.andi", x.bin("arith.shrui", v, c23), expMask)
		return x.bin("arith.subi", e, c127)
	}
	exp, roundExp := biasedExp(bits), biasedExp(roundBits)
	shiftRight := func(v, s *ir.Value) *ir.Value {
		s = x.bin("arith.minsi", x.bin("arith.maxsi", s, c0), c31)
		return x.bin("arith.shrui", v, s)
	}
	maskMantissa := func(v, s *ir.Value) *ir.Value { return x.bin("arith.andi", v, shiftRight(c23Mask, s)) }

	// round(x) is odd (or +-1) unless its mantissa below the integer bits is zero.
	roundExpEq0 := x.cmpi(arith.CmpIEQ, roundExp, c0)
	roundMasked := maskMantissa(roundBits, x.bin("arith.subi", roundExp, c1))
	notEven := x.bin("arith.ori", x.cmpi(arith.CmpINE, roundMasked, c0), roundExpEq0)

	// x is halfway when its first fraction bit is the only one set.
	expEqNeg1 := x.cmpi(arith.CmpIEQ, exp, cNeg1)
	expected := x.sel(expEqNeg1, c0, shiftRight(c2To22, exp))
	halfway := x.cmpi(arith.CmpIEQ, maskMantissa(bits, exp), expected)
	geNeg1 := x.cmpi(arith.CmpISGE, exp, cNeg1)
	lt23 := x.cmpi(arith.CmpISLT, exp, c23)
	halfway = x.bin("arith.andi", halfway, lt23)
	halfway = x.bin("arith.andi", halfway, geNeg1)

	shifted := x.bin("arith.subf", round, x.bin("math.copysign", c1f, a))
	r := x.sel(x.bin("arith.andi", notEven, halfway), shifted, round)
	return x.bin("math.copysign", r, a)
}

// rsqrt(x) = 1 / sqrt(x).
func expandRsqrt(x *expander) *ir.Value {
	a := x.arg(0)
	if !floatElems(a.Type()) {
		return nil
	}
	one := x.fconst(a.Type(), 1)
	return x.bin("arith.divf", one, x.un("math.sqrt", a))
}

// clampf(v, lo, hi) = maximumf(minimumf(v, hi), lo), keeping the fast-math
// flags (MLIR's semantics since its PR 175012).
func expandClampF(x *expander) *ir.Value {
	var fm []ir.NamedAttr
	if a := x.op.Attr("fastmath"); a != nil {
		fm = []ir.NamedAttr{{Name: "fastmath", Value: a}}
	}
	v := x.arg(0)
	m := x.make("arith.minimumf", v.Type(), fm, v, x.arg(2))
	return x.make("arith.maximumf", v.Type(), fm, m, x.arg(1))
}
