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
	arith.Builder
	op *ir.Operation
}

func expansionPattern(name string, expand func(x *expander) *ir.Value) *ir.Pattern {
	return &ir.Pattern{
		Name: "math-expand-" + name,
		Root: "math." + name,
		Rewrite: func(op *ir.Operation, rw *ir.Rewriter) bool {
			rw.SetInsertionPointBefore(op)
			r := expand(&expander{Builder: arith.NewBuilder(&rw.Builder, op), op: op})
			if r == nil {
				return false
			}
			rw.ReplaceOp(op, []*ir.Value{r})
			return true
		},
	}
}

func (x *expander) arg(i int) *ir.Value { return x.op.Operand(i) }

// un builds an op whose result has its operand's type.
func (x *expander) un(name string, a *ir.Value) *ir.Value { return x.Make(name, a.Type(), nil, a) }

// static reports whether t is a scalar, or shaped with a static shape and
// so able to hold splat constants; expansions that build constants check
// it first. Unlike arith's expansions, which take any static shaped type,
// it admits only vectors (always static) and ranked tensors.
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
	i := x.Make("arith.fptosi", arith.SameShape(x.Ctx, v.Type(), x.Ctx.I(64)), nil, v)
	f := x.Make("arith.sitofp", v.Type(), nil, i)
	return x.Bin("math.copysign", f, v)
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
		r := x.Bin(combine, exp, nexp)
		return x.Bin("arith.mulf", r, x.FConst(a.Type(), 0.5))
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
	zero, one, negTwo := x.FConst(t, 0), x.FConst(t, 1), x.FConst(t, -2)
	isNeg := x.Make("arith.uitofp", t, nil, x.CmpF(arith.CmpFOLT, a, zero))
	sign := x.Bin("arith.addf", x.Bin("arith.mulf", isNeg, negTwo), one)
	pos := x.Bin("arith.mulf", sign, a)
	exp := x.un("math.exp", x.Bin("arith.mulf", negTwo, pos))
	r := x.Bin("arith.divf", x.Bin("arith.subf", one, exp), x.Bin("arith.addf", one, exp))
	return x.Bin("arith.mulf", sign, r)
}

// tan(x) = sin(x) / cos(x).
func expandTan(x *expander) *ir.Value {
	a := x.arg(0)
	return x.Bin("arith.divf", x.un("math.sin", a), x.un("math.cos", a))
}

// asinh(x) = log(x + sqrt(fma(x, x, 1))), acosh(x) = log(x + sqrt(fma(x, x, -1))).
func expandAsinhAcosh(c float64) func(x *expander) *ir.Value {
	return func(x *expander) *ir.Value {
		a := x.arg(0)
		if !floatElems(a.Type()) {
			return nil
		}
		k := x.FConst(a.Type(), c)
		fma := x.Make("math.fma", a.Type(), nil, a, a, k)
		return x.un("math.log", x.Bin("arith.addf", a, x.un("math.sqrt", fma)))
	}
}

// atanh(x) = log((1 + x) / (1 - x)) / 2.
func expandAtanh(x *expander) *ir.Value {
	a := x.arg(0)
	t := a.Type()
	if !floatElems(t) {
		return nil
	}
	one := x.FConst(t, 1)
	add := x.Bin("arith.addf", a, one)
	sub := x.Bin("arith.addf", x.un("arith.negf", a), one)
	log := x.un("math.log", x.Bin("arith.divf", add, sub))
	return x.Bin("arith.mulf", log, x.FConst(t, 0.5))
}

// fma(a, b, c) = a * b + c.
func expandFma(x *expander) *ir.Value {
	return x.Bin("arith.addf", x.Bin("arith.mulf", x.arg(0), x.arg(1)), x.arg(2))
}

// ceil(x) = trunc(x) + (x > trunc(x) ? 1 : 0).
func expandCeil(x *expander) *ir.Value {
	a := x.arg(0)
	t := a.Type()
	if !floatElems(t) {
		return nil
	}
	tr := x.truncated(a)
	zero, one := x.FConst(t, 0), x.FConst(t, 1)
	incr := x.Select(x.CmpF(arith.CmpFOGT, a, tr), one, zero)
	return x.Bin("arith.addf", tr, incr)
}

// exp2(x) = exp(x * ln 2).
func expandExp2(x *expander) *ir.Value {
	a := x.arg(0)
	if !floatElems(a.Type()) {
		return nil
	}
	return x.un("math.exp", x.Bin("arith.mulf", a, x.FConst(a.Type(), math.Ln2)))
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
	mulf := func(p, q *ir.Value) *ir.Value { return x.Bin("arith.mulf", p, q) }
	if c, ok := constSplat(b); ok {
		switch c.Float {
		case 0:
			return x.FConst(t, 1)
		case 1:
			return a
		case -1:
			return x.Bin("arith.divf", x.FConst(t, 1), a)
		case 0.5:
			return x.un("math.sqrt", a)
		case -0.5:
			return x.un("math.rsqrt", a)
		case 2:
			return mulf(a, a)
		case -2:
			one := x.FConst(t, 1)
			return x.Bin("arith.divf", one, mulf(a, a))
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
		return x.Bin("math.powf", base, x.Make("arith.sitofp", t, nil, power))
	}
	n := arith.SExt(pt.Width, c.Bits)
	abs := uint64(n)
	if n < 0 {
		abs = uint64(-n)
	}
	one := x.FConst(t, 1)
	res := x.FConst(t, 1)
	for ; abs > 0; abs >>= 1 {
		if abs&1 != 0 {
			res = x.Bin("arith.mulf", base, res)
		}
		base = x.Bin("arith.mulf", base, base)
	}
	if n < 0 {
		zero, negZero := x.FConst(t, 0), x.FConst(t, math.Copysign(0, -1))
		posInf, negInf := x.FConst(t, math.Inf(1)), x.FConst(t, math.Inf(-1))
		zeroEq := x.CmpF(arith.CmpFOEQ, res, zero)
		negZeroEq := x.CmpF(arith.CmpFOEQ, res, negZero)
		res = x.Bin("arith.divf", one, res)
		res = x.Select(zeroEq, posInf, res)
		res = x.Select(negZeroEq, negInf, res)
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
	it := arith.SameShape(x.Ctx, t, x.Ctx.I(32))
	half := x.FConst(t, 0.5)
	c23, c127, expMask := x.IConst(it, 23), x.IConst(it, 127), x.IConst(it, 255)
	incr := x.Bin("math.copysign", half, a)
	tr := x.truncated(x.Bin("arith.addf", a, incr))
	bits := x.Make("arith.bitcast", it, nil, a)
	exp := x.Bin("arith.andi", x.Bin("arith.shrui", bits, c23), expMask)
	biased := x.Bin("arith.subi", exp, c127)
	return x.Select(x.CmpI(arith.CmpISGE, biased, c23), a, tr)
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
	v, count := a, x.IConst(t, 0)
	for bw := it.Width; bw > 1; bw /= 2 {
		half := bw / 2
		bits := x.IConst(t, int64(half))
		mask := x.IConst(t, int64(all>>uint(half)))
		pred := x.CmpI(arith.CmpIULE, v, mask)
		add := x.Bin("arith.addi", count, bits)
		shift := x.Bin("arith.shli", v, bits)
		v = x.Select(pred, shift, v)
		count = x.Select(pred, add, count)
	}
	zero := x.IConst(t, 0)
	pred := x.CmpI(arith.CmpIEQ, a, zero)
	return x.Select(pred, x.IConst(t, int64(it.Width)), count)
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
	it := arith.SameShape(x.Ctx, t, x.Ctx.I(bw))
	c1f := x.FConst(t, 1)
	c0, c1, cNeg1 := x.IConst(it, 0), x.IConst(it, 1), x.IConst(it, -1)
	c23, c31 := x.IConst(it, int64(mw)), x.IConst(it, int64(bw-1))
	c127 := x.IConst(it, int64(1)<<uint(ew-1)-1)
	c2To22 := x.IConst(it, int64(1)<<uint(mw-1))
	c23Mask := x.IConst(it, int64(1)<<uint(mw)-1)
	expMask := x.IConst(it, int64(1)<<uint(ew)-1)

	bits := x.Make("arith.bitcast", it, nil, a)
	round := x.un("math.round", a)
	roundBits := x.Make("arith.bitcast", it, nil, round)
	biasedExp := func(v *ir.Value) *ir.Value {
		e := x.Bin("arith.andi", x.Bin("arith.shrui", v, c23), expMask)
		return x.Bin("arith.subi", e, c127)
	}
	exp, roundExp := biasedExp(bits), biasedExp(roundBits)
	shiftRight := func(v, s *ir.Value) *ir.Value {
		s = x.Bin("arith.minsi", x.Bin("arith.maxsi", s, c0), c31)
		return x.Bin("arith.shrui", v, s)
	}
	maskMantissa := func(v, s *ir.Value) *ir.Value { return x.Bin("arith.andi", v, shiftRight(c23Mask, s)) }

	// round(x) is odd (or +-1) unless its mantissa below the integer bits is zero.
	roundExpEq0 := x.CmpI(arith.CmpIEQ, roundExp, c0)
	roundMasked := maskMantissa(roundBits, x.Bin("arith.subi", roundExp, c1))
	notEven := x.Bin("arith.ori", x.CmpI(arith.CmpINE, roundMasked, c0), roundExpEq0)

	// x is halfway when its first fraction bit is the only one set.
	expEqNeg1 := x.CmpI(arith.CmpIEQ, exp, cNeg1)
	expected := x.Select(expEqNeg1, c0, shiftRight(c2To22, exp))
	halfway := x.CmpI(arith.CmpIEQ, maskMantissa(bits, exp), expected)
	geNeg1 := x.CmpI(arith.CmpISGE, exp, cNeg1)
	lt23 := x.CmpI(arith.CmpISLT, exp, c23)
	halfway = x.Bin("arith.andi", halfway, lt23)
	halfway = x.Bin("arith.andi", halfway, geNeg1)

	shifted := x.Bin("arith.subf", round, x.Bin("math.copysign", c1f, a))
	r := x.Select(x.Bin("arith.andi", notEven, halfway), shifted, round)
	return x.Bin("math.copysign", r, a)
}

// rsqrt(x) = 1 / sqrt(x).
func expandRsqrt(x *expander) *ir.Value {
	a := x.arg(0)
	if !floatElems(a.Type()) {
		return nil
	}
	one := x.FConst(a.Type(), 1)
	return x.Bin("arith.divf", one, x.un("math.sqrt", a))
}

// clampf(v, lo, hi) = maximumf(minimumf(v, hi), lo), keeping the fast-math
// flags (MLIR's semantics since its PR 175012).
func expandClampF(x *expander) *ir.Value {
	var fm []ir.NamedAttr
	if a := x.op.Attr("fastmath"); a != nil {
		fm = []ir.NamedAttr{{Name: "fastmath", Value: a}}
	}
	v := x.arg(0)
	m := x.Make("arith.minimumf", v.Type(), fm, v, x.arg(2))
	return x.Make("arith.maximumf", v.Type(), fm, m, x.arg(1))
}
