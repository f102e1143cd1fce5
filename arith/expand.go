package arith

import (
	"github.com/kiln-gpu/kiln/ir"
	"github.com/kiln-gpu/kiln/ir/rewrite"
)

// ExpandOptions are arith-expand's options (arith/transforms): which casts
// and min/max ops to expand besides the divisions and scaled casts.
type ExpandOptions struct {
	BF16, F8E8M0, F4E2M1, F8E5M2, F8E4M3FN bool
	MinMaxF, MinMaxI                       bool
}

// Expand runs arith-expand (MLIR's ArithExpandOpsPass) on op: the rounding
// divisions and the scaled casts become simpler arith ops; with the
// options, the integer and float min/max ops become compares and selects,
// and the casts from and to bf16, f8E8M0FNU, f4E2M1FN, f8E5M2 and f8E4M3FN
// integer bit manipulation.
func Expand(op *ir.Operation, o ExpandOptions) error {
	target := rewrite.NewConversionTarget()
	target.AddLegalDialect("arith", "vector")
	target.MarkUnknownOpsLegal()
	target.AddIllegalOp("arith.ceildivsi", "arith.ceildivui", "arith.floordivsi", "arith.scaling_extf", "arith.scaling_truncf")
	ps := []*rewrite.ConversionPattern{
		expansion("arith.ceildivui", expandCeilDivUI), expansion("arith.ceildivsi", expandCeilDivSI),
		expansion("arith.floordivsi", expandFloorDivSI),
		expansion("arith.scaling_extf", expandScaling(true)), expansion("arith.scaling_truncf", expandScaling(false)),
	}
	if o.MinMaxI {
		target.AddIllegalOp("arith.maxsi", "arith.maxui", "arith.minsi", "arith.minui")
		ps = append(ps, expansion("arith.maxsi", expandMaxMinI(CmpISGT)), expansion("arith.maxui", expandMaxMinI(CmpIUGT)),
			expansion("arith.minsi", expandMaxMinI(CmpISLT)), expansion("arith.minui", expandMaxMinI(CmpIULT)))
	}
	if o.MinMaxF {
		target.AddIllegalOp("arith.maximumf", "arith.minimumf", "arith.maxnumf", "arith.minnumf")
		ps = append(ps, expansion("arith.maximumf", expandMaxMinF(CmpFUGT, false)), expansion("arith.minimumf", expandMaxMinF(CmpFULT, false)),
			expansion("arith.maxnumf", expandMaxMinF(CmpFUGT, true)), expansion("arith.minnumf", expandMaxMinF(CmpFULT, true)))
	}
	// The casts of each included type: from it (extf) and to it (truncf).
	casts := []struct {
		on           bool
		kind         ir.FloatKind
		extf, truncf func(x *expander) *ir.Value
	}{
		{o.F8E8M0, ir.F8E8M0FNU, expandF8E8M0ExtF, expandF8E8M0TruncF},
		{o.F4E2M1, ir.F4E2M1FN, expandF4E2M1ExtF, expandF4E2M1TruncF},
		{o.F8E5M2, ir.F8E5M2, expandF8E5M2ExtF, expandF8E5M2TruncF},
		{o.F8E4M3FN, ir.F8E4M3FN, expandF8E4M3FNExtF, expandF8E4M3FNTruncF},
	}
	// expanded reports whether a cast from in to out is expanded: bf16 only
	// to and from f32, the others whenever narrow (the extf source or the
	// truncf result) is their type.
	expanded := func(in, out, narrow ir.FloatKind) bool {
		if o.BF16 && (in == ir.BF16 && out == ir.F32 || in == ir.F32 && out == ir.BF16) {
			return true
		}
		for _, c := range casts {
			if c.on && narrow == c.kind {
				return true
			}
		}
		return false
	}
	target.AddDynamicallyLegalOp("arith.extf", func(op *ir.Operation) bool {
		in, out := elemKind(op.Operand(0).Type()), elemKind(op.Result(0).Type())
		return !expanded(in, out, in)
	})
	target.AddDynamicallyLegalOp("arith.truncf", func(op *ir.Operation) bool {
		in, out := elemKind(op.Operand(0).Type()), elemKind(op.Result(0).Type())
		return !expanded(in, out, out)
	})
	if o.BF16 {
		ps = append(ps, expansion("arith.extf", expandBF16ExtF), expansion("arith.truncf", expandBF16TruncF))
	}
	for _, c := range casts {
		if c.on {
			ps = append(ps, expansion("arith.extf", c.extf), expansion("arith.truncf", c.truncf))
		}
	}
	return rewrite.ApplyPartialConversion(op, target, rewrite.NewConversionPatternSet(nil, ps...))
}

// notFloat is elemKind's answer for elements that are not floats.
const notFloat = ^ir.FloatKind(0)

// elemKind is the float kind of t's elements.
func elemKind(t ir.Type) ir.FloatKind {
	if ft, ok := ir.ElementTypeOrSelf(t).(*ir.FloatType); ok {
		return ft.Kind
	}
	return notFloat
}

// Builder builds ops before an op being rewritten, at its location: the
// helpers arith's and math's expansions (MLIR's ExpandOps.cpp of each
// dialect) build their replacements with.
type Builder struct {
	B   *ir.Builder
	Ctx *ir.Context
	Loc ir.Location
}

// NewBuilder returns a Builder inserting with b at op's location.
func NewBuilder(b *ir.Builder, op *ir.Operation) Builder {
	return Builder{B: b, Ctx: op.Context(), Loc: op.Loc()}
}

// Make builds op name with one result of type t.
func (x *Builder) Make(name string, t ir.Type, attrs []ir.NamedAttr, operands ...*ir.Value) *ir.Value {
	return x.B.Create(&ir.OpState{Name: name, Loc: x.Loc, Operands: operands, ResultTypes: []ir.Type{t}, Attrs: attrs}).Result(0)
}

// Bin is a binary op whose result has its first operand's type.
func (x *Builder) Bin(name string, a, b *ir.Value) *ir.Value {
	return x.Make(name, a.Type(), nil, a, b)
}

// CmpI is arith.cmpi p of a and b.
func (x *Builder) CmpI(p CmpIPredicate, a, b *ir.Value) *ir.Value {
	return x.Make("arith.cmpi", I1SameShape(x.Ctx, a.Type()), []ir.NamedAttr{{Name: "predicate", Value: cmpiEnum.make(x.Ctx, int64(p))}}, a, b)
}

// CmpF is arith.cmpf p of a and b.
func (x *Builder) CmpF(p CmpFPredicate, a, b *ir.Value) *ir.Value {
	return x.Make("arith.cmpf", I1SameShape(x.Ctx, a.Type()), []ir.NamedAttr{{Name: "predicate", Value: cmpfEnum.make(x.Ctx, int64(p))}}, a, b)
}

// Select is arith.select c, a, b.
func (x *Builder) Select(c, a, b *ir.Value) *ir.Value {
	return x.Make("arith.select", a.Type(), nil, c, a, b)
}

// Constant is an arith.constant of t holding v (splat for a shaped t); nil
// for a shape a dense attribute cannot have.
func (x *Builder) Constant(t ir.Type, v ir.Attribute) *ir.Value {
	if s, ok := t.(ir.ShapedType); ok {
		if !ir.HasStaticShape(s) {
			return nil
		}
		v = x.Ctx.DenseSplat(s, v)
	}
	return NewConstant(x.B, v, t, x.Loc)
}

// IConst is the integer constant v of t (or of t's elements).
func (x *Builder) IConst(t ir.Type, v int64) *ir.Value {
	return x.Constant(t, x.Ctx.IntegerAttr(ir.ElementTypeOrSelf(t), v))
}

// FConst is the float constant v of t (or of t's elements).
func (x *Builder) FConst(t ir.Type, v float64) *ir.Value {
	return x.Constant(t, x.Ctx.FloatAttr(ir.ElementTypeOrSelf(t).(*ir.FloatType), v))
}

// expander builds the ops of one expansion before the op it replaces.
type expander struct {
	Builder
	op *ir.Operation
}

// expansion is a conversion pattern replacing root's single result with
// the value expand builds, or not matching when expand returns nil.
func expansion(root string, expand func(x *expander) *ir.Value) *rewrite.ConversionPattern {
	return &rewrite.ConversionPattern{
		Name: root + "-expand",
		Root: root,
		Rewrite: func(op *ir.Operation, _ []*ir.Value, rw *rewrite.ConversionRewriter) error {
			if op.NumResults() != 1 {
				return rewrite.NoMatch
			}
			rw.SetInsertionPointBefore(op)
			r := expand(&expander{Builder: NewBuilder(&rw.Builder, op), op: op})
			if r == nil {
				return rewrite.NoMatch
			}
			rw.ReplaceOp(op, []*ir.Value{r})
			return nil
		},
	}
}

// like is elem shaped as t.
func (x *expander) like(t ir.Type, elem ir.Type) ir.Type { return SameShape(x.Ctx, t, elem) }

func (x *expander) i(width int, t ir.Type) ir.Type { return x.like(t, x.Ctx.I(width)) }

func (x *expander) f(k ir.FloatKind, t ir.Type) ir.Type { return x.like(t, x.Ctx.Float(k)) }

// cast is a cast op to t carrying attrs.
func (x *expander) cast(name string, t ir.Type, v *ir.Value, attrs ...ir.NamedAttr) *ir.Value {
	return x.Make(name, t, attrs, v)
}

// static reports whether constants of t can be built (splats need a
// static shape); expansions check it before building anything.
func static(t ir.Type) bool {
	s, ok := t.(ir.ShapedType)
	return !ok || ir.HasStaticShape(s)
}

// attrs returns those of the op's attributes named in names that it has.
func (x *expander) attrs(names ...string) []ir.NamedAttr { return attrsOf(x.op, names...) }

// attrsOf returns those of op's attributes named in names that it has, for
// an op that replaces it.
func attrsOf(op *ir.Operation, names ...string) []ir.NamedAttr {
	var out []ir.NamedAttr
	for _, n := range names {
		if a := op.Attr(n); a != nil {
			out = append(out, ir.NamedAttr{Name: n, Value: a})
		}
	}
	return out
}

// ceildivui(a, b) = a == 0 ? 0 : (a - 1) / b + 1.
func expandCeilDivUI(x *expander) *ir.Value {
	a, b := x.op.Operand(0), x.op.Operand(1)
	if !static(a.Type()) {
		return nil
	}
	zero := x.IConst(a.Type(), 0)
	isZero := x.CmpI(CmpIEQ, a, zero)
	one := x.IConst(a.Type(), 1)
	q := x.Bin("arith.divui", x.Bin("arith.subi", a, one), b)
	return x.Select(isZero, zero, x.Bin("arith.addi", q, one))
}

// ceildivsi(a, b): q = a / b, plus one when inexact and a and b have the
// same sign.
func expandCeilDivSI(x *expander) *ir.Value {
	a, b := x.op.Operand(0), x.op.Operand(1)
	if !static(a.Type()) {
		return nil
	}
	zero, one := x.IConst(a.Type(), 0), x.IConst(a.Type(), 1)
	q := x.Bin("arith.divsi", a, b)
	inexact := x.CmpI(CmpINE, a, x.Bin("arith.muli", q, b))
	sameSign := x.CmpI(CmpIEQ, x.CmpI(CmpISLT, a, zero), x.CmpI(CmpISLT, b, zero))
	cond := x.Bin("arith.andi", inexact, sameSign)
	return x.Select(cond, x.Bin("arith.addi", q, one), q)
}

// floordivsi(a, b): q = a / b, minus one when inexact and a and b have
// opposite signs.
func expandFloorDivSI(x *expander) *ir.Value {
	a, b := x.op.Operand(0), x.op.Operand(1)
	if !static(a.Type()) {
		return nil
	}
	q := x.Bin("arith.divsi", a, b)
	inexact := x.CmpI(CmpINE, a, x.Bin("arith.muli", q, b))
	zero := x.IConst(a.Type(), 0)
	oppositeSign := x.CmpI(CmpINE, x.CmpI(CmpISLT, a, zero), x.CmpI(CmpISLT, b, zero))
	cond := x.Bin("arith.andi", inexact, oppositeSign)
	minusOne := x.IConst(a.Type(), -1)
	return x.Select(cond, x.Bin("arith.addi", q, minusOne), q)
}

// expandMaxMinI selects the operand that compares p to the other.
func expandMaxMinI(p CmpIPredicate) func(x *expander) *ir.Value {
	return func(x *expander) *ir.Value {
		a, b := x.op.Operand(0), x.op.Operand(1)
		return x.Select(x.CmpI(p, a, b), a, b)
	}
}

// expandMaxMinF selects with an unordered compare, which picks lhs when
// either is NaN, then fixes the NaN case: maximumf/minimumf return a NaN
// rhs, maxnumf/minnumf return rhs when lhs is NaN (num).
func expandMaxMinF(p CmpFPredicate, num bool) func(x *expander) *ir.Value {
	return func(x *expander) *ir.Value {
		a, b := x.op.Operand(0), x.op.Operand(1)
		s := x.Select(x.CmpF(p, a, b), a, b)
		nan := b
		if num {
			nan = a
		}
		return x.Select(x.CmpF(CmpFUNO, nan, nan), b, s)
	}
}

// expandBF16ExtF: a bf16 is the high half of the f32 of the same value.
func expandBF16ExtF(x *expander) *ir.Value {
	in, out := x.op.Operand(0), x.op.Result(0).Type()
	if elemKind(in.Type()) != ir.BF16 || elemKind(out) != ir.F32 || !static(out) {
		return nil
	}
	i32 := x.i(32, out)
	bits := x.cast("arith.extui", i32, x.cast("arith.bitcast", x.i(16, out), in))
	return x.cast("arith.bitcast", out, x.Bin("arith.shli", bits, x.IConst(i32, 16)))
}

// expandBF16TruncF rounds an f32 to nearest even bf16 by adding a bias of
// 0x7fff, plus the lowest kept bit, before dropping the low half (a carry
// into the exponent is the right result); NaN becomes the quiet 0x7fc0.
// Only for the default rounding mode.
func expandBF16TruncF(x *expander) *ir.Value {
	in, out := x.op.Operand(0), x.op.Result(0).Type()
	if elemKind(in.Type()) != ir.F32 || elemKind(out) != ir.BF16 || x.op.Attr("roundingmode") != nil || !static(out) {
		return nil
	}
	i16, i32 := x.i(16, out), x.i(32, out)
	isNaN := x.CmpF(CmpFUNE, in, in)
	c7fff := x.IConst(i32, 0x7fff)
	qnan := x.IConst(i16, 0x7fc0)
	c16, c1 := x.IConst(i32, 16), x.IConst(i32, 1)
	bits := x.cast("arith.bitcast", i32, in)
	bit16 := x.Bin("arith.andi", x.Bin("arith.shrui", bits, c16), c1)
	biased := x.Bin("arith.addi", bits, x.Bin("arith.addi", bit16, c7fff))
	rounded := x.cast("arith.trunci", i16, x.Bin("arith.shrui", biased, c16))
	return x.cast("arith.bitcast", out, x.Select(isNaN, qnan, rounded))
}

// resize extends or truncates the float v to type t, keeping the op's fastmath.
func (x *expander) resize(v *ir.Value, t ir.Type) *ir.Value {
	from, to := ir.IntOrFloatBitWidth(ir.ElementTypeOrSelf(v.Type())), ir.IntOrFloatBitWidth(ir.ElementTypeOrSelf(t))
	switch {
	case to < from:
		return x.cast("arith.truncf", t, v, x.attrs("fastmath")...)
	case to > from:
		return x.cast("arith.extf", t, v, x.attrs("fastmath")...)
	}
	return v
}

// expandF8E8M0ExtF: an f8E8M0FNU is an f32's exponent field (0xff is
// NaN, which fastmath<nnan> lets the expansion ignore).
func expandF8E8M0ExtF(x *expander) *ir.Value {
	in, out := x.op.Operand(0), x.op.Result(0).Type()
	if elemKind(in.Type()) != ir.F8E8M0FNU || !static(out) {
		return nil
	}
	i8, i32 := x.i(8, out), x.i(32, out)
	bits := x.cast("arith.bitcast", i8, in)
	c23 := x.IConst(i32, 23)
	f32bits := x.Bin("arith.shli", x.cast("arith.extui", i32, bits), c23)
	if fm, ok := x.op.Attr("fastmath").(*FastMathAttr); !ok || fm.Flags&FastMathNNaN == 0 {
		nan8, nan32 := x.IConst(i8, 0xff), x.IConst(i32, 0xffffffff)
		f32bits = x.Select(x.CmpI(CmpIEQ, bits, nan8), nan32, f32bits)
	}
	return x.resize(x.cast("arith.bitcast", x.f(ir.F32, out), f32bits), out)
}

// expandF8E8M0TruncF keeps an f32's exponent field, which truncates the
// value to a power of two (Inf and NaN become NaN). Only for the default
// rounding mode.
func expandF8E8M0TruncF(x *expander) *ir.Value {
	in, out := x.op.Operand(0), x.op.Result(0).Type()
	if elemKind(out) != ir.F8E8M0FNU || x.op.Attr("roundingmode") != nil || !static(out) {
		return nil
	}
	i32 := x.i(32, out)
	v := x.resize(in, x.f(ir.F32, out))
	exp := x.Bin("arith.shrui", x.cast("arith.bitcast", i32, v), x.IConst(i32, 23))
	return x.cast("arith.bitcast", out, x.cast("arith.trunci", x.i(8, out), exp))
}

// expandF4E2M1ExtF builds the f32 bits of an f4E2M1FN: its exponent and
// mantissa bits, shifted, give the f32's low exponent bit and mantissa
// (but 0.5, a subnormal, has none), the rest of the exponent is 0x3f or
// 0x40 (0 for zero), and the sign moves to bit 31.
func expandF4E2M1ExtF(x *expander) *ir.Value {
	in, out := x.op.Operand(0), x.op.Result(0).Type()
	if elemKind(in.Type()) != ir.F4E2M1FN || !static(out) {
		return nil
	}
	i4, i32 := x.i(4, out), x.i(32, out)
	bits := x.cast("arith.bitcast", i4, in)
	c0, c1, c2, c4, c7 := x.IConst(i4, 0), x.IConst(i4, 1), x.IConst(i4, 2), x.IConst(i4, 4), x.IConst(i4, 7)
	mag := x.Bin("arith.andi", bits, c7)
	c20 := x.IConst(i32, 0x14)
	low := x.Bin("arith.shli", mag, c2)
	low = x.Select(x.CmpI(CmpIEQ, mag, c1), c0, low)
	low = x.Bin("arith.shli", x.cast("arith.extui", i32, low), c20)
	zeroExp, highExp, lowExp := x.IConst(i32, 0), x.IConst(i32, 0x40000000), x.IConst(i32, 0x3f000000)
	high := x.Select(x.CmpI(CmpIUGE, mag, c4), highExp, lowExp)
	high = x.Select(x.CmpI(CmpIEQ, mag, c0), zeroExp, high)
	signBit, c8 := x.IConst(i32, 0x80000000), x.IConst(i4, 8)
	sign := x.Select(x.CmpI(CmpIUGE, bits, c8), signBit, zeroExp)
	f32bits := x.Bin("arith.addi", x.Bin("arith.addi", low, high), sign)
	return x.resize(x.cast("arith.bitcast", x.f(ir.F32, out), f32bits), out)
}

// expandF4E2M1TruncF converts to f4E2M1FN rounding to nearest even, as the
// OCP MX spec asks: clamp to [-6, 6], rebias the exponent, keep the first
// mantissa bit, handle the subnormal 0.5 and round up on the dropped bits.
func expandF4E2M1TruncF(x *expander) *ir.Value {
	in, out := x.op.Operand(0), x.op.Result(0).Type()
	if elemKind(out) != ir.F4E2M1FN || !static(out) {
		return nil
	}
	i4, i8, i32, f32 := x.i(4, out), x.i(8, out), x.i(32, out), x.f(ir.F32, out)
	v := x.resize(in, f32)
	c1, c3 := x.IConst(i4, 1), x.IConst(i4, 3)
	c22 := x.IConst(i32, 22)
	c00, cff := x.IConst(i8, 0), x.IConst(i8, 0xff)
	zero := x.IConst(i32, 0)
	hi, lo := x.FConst(f32, 6), x.FConst(f32, -6)
	clamped := x.Bin("arith.maxnumf", lo, x.Bin("arith.minnumf", hi, v))
	bits := x.cast("arith.bitcast", i32, clamped)
	// The sign.
	sign := x.cast("arith.trunci", i4, x.Bin("arith.shrui", bits, x.IConst(i32, 31)))
	f4 := x.Bin("arith.shli", sign, c3)
	// The exponent, rebiased.
	bias, c23 := x.IConst(i32, 0x7e), x.IConst(i32, 23)
	signExp := x.Bin("arith.subi", x.Bin("arith.shrui", bits, c23), bias)
	exp := x.Bin("arith.shli", x.cast("arith.trunci", i4, signExp), c1)
	f4 = x.Bin("arith.addi", f4, exp)
	// The first mantissa bit.
	man1 := x.Bin("arith.shrui", x.Bin("arith.andi", bits, x.IConst(i32, 0x400000)), c22)
	f4 = x.Bin("arith.addi", f4, x.cast("arith.trunci", i4, man1))
	// Subnormals and the rounding to 0.5.
	manMask := x.IConst(i32, 0x7fffff)
	exp8 := x.cast("arith.trunci", i8, signExp)
	subnormal := x.CmpI(CmpISLE, exp8, c00)
	negOneExp := x.CmpI(CmpIEQ, exp8, cff)
	nonZeroMan := x.CmpI(CmpIUGT, x.Bin("arith.andi", bits, manMask), zero)
	toHalf := x.Bin("arith.andi", negOneExp, nonZeroMan)
	zeroExp := x.CmpI(CmpIEQ, exp8, c00)
	subBits, halfBits := x.IConst(i4, 0xf), x.IConst(i4, 0)
	sub := x.Select(subnormal, subBits, f4)
	sub = x.Select(toHalf, halfBits, sub)
	f4 = x.Select(zeroExp, f4, sub)
	// Rounding up.
	low22, half := x.IConst(i32, 0x3fffff), x.IConst(i32, 0x200000)
	up := x.CmpI(CmpIUGE, x.Bin("arith.andi", bits, low22), half)
	up = x.Bin("arith.ori", up, subnormal)
	f4 = x.Select(up, x.Bin("arith.addi", f4, c1), f4)
	return x.cast("arith.bitcast", out, f4)
}

// expandScaling: scaling_extf is extf(in) * extf(scale) and scaling_truncf
// truncf(in / extf(scale)), scale an f8E8M0FNU power of two (a scale of
// 16 bits or more is first truncated to one; other 8-bit scales do not
// expand).
func expandScaling(widen bool) func(x *expander) *ir.Value {
	return func(x *expander) *ir.Value {
		in, scale, out := x.op.Operand(0), x.op.Operand(1), x.op.Result(0).Type()
		wide := ir.IntOrFloatBitWidth(ir.ElementTypeOrSelf(scale.Type())) >= 16
		if !wide && elemKind(scale.Type()) != ir.F8E8M0FNU {
			return nil
		}
		fm := x.attrs("fastmath")
		if wide {
			scale = x.cast("arith.truncf", x.f(ir.F8E8M0FNU, scale.Type()), scale, fm...)
		}
		if widen {
			s := x.cast("arith.extf", out, scale, fm...)
			return x.Make("arith.mulf", out, fm, x.resize(in, out), s)
		}
		s := x.cast("arith.extf", in.Type(), scale, fm...)
		q := x.Make("arith.divf", in.Type(), fm, in, s)
		if q.Type() == out {
			return q
		}
		return x.cast("arith.truncf", out, q, x.attrs("roundingmode", "fastmath")...)
	}
}

// toKind converts the float v to kind k (shaped as t) with truncf or
// extf, a value of equal width (bf16 for f16) going through f32.
func (x *expander) toKind(v *ir.Value, k ir.FloatKind, t ir.Type) *ir.Value {
	want := x.f(k, t)
	if v.Type() == want {
		return v
	}
	if ir.IntOrFloatBitWidth(ir.ElementTypeOrSelf(v.Type())) == ir.IntOrFloatBitWidth(ir.ElementTypeOrSelf(want)) {
		v = x.resize(v, x.f(ir.F32, t))
	}
	return x.resize(v, want)
}

// expandF8E5M2ExtF: an f8E5M2 is the high byte of the f16 of the same value.
func expandF8E5M2ExtF(x *expander) *ir.Value {
	in, out := x.op.Operand(0), x.op.Result(0).Type()
	if elemKind(in.Type()) != ir.F8E5M2 || !static(out) {
		return nil
	}
	i16 := x.i(16, out)
	bits := x.cast("arith.extui", i16, x.cast("arith.bitcast", x.i(8, out), in))
	h := x.cast("arith.bitcast", x.f(ir.F16, out), x.Bin("arith.shli", bits, x.IConst(i16, 8)))
	return x.toKind(h, elemKind(out), out)
}

// expandF8E5M2TruncF rounds the value's f16 to nearest even f8E5M2, as
// expandBF16TruncF does an f32 (bias 0x7f plus the lowest kept bit); NaN
// becomes 0x7e. Only for the default rounding mode.
func expandF8E5M2TruncF(x *expander) *ir.Value {
	in, out := x.op.Operand(0), x.op.Result(0).Type()
	if elemKind(out) != ir.F8E5M2 || x.op.Attr("roundingmode") != nil || !static(out) {
		return nil
	}
	h := x.toKind(in, ir.F16, out)
	i8, i16 := x.i(8, out), x.i(16, out)
	isNaN := x.CmpF(CmpFUNE, h, h)
	bits := x.cast("arith.bitcast", i16, h)
	c7f, c8, c1 := x.IConst(i16, 0x7f), x.IConst(i16, 8), x.IConst(i16, 1)
	bit8 := x.Bin("arith.andi", x.Bin("arith.shrui", bits, c8), c1)
	biased := x.Bin("arith.addi", bits, x.Bin("arith.addi", bit8, c7f))
	rounded := x.cast("arith.trunci", i8, x.Bin("arith.shrui", biased, c8))
	nan := x.IConst(i8, 0x7e)
	return x.cast("arith.bitcast", out, x.Select(isNaN, nan, rounded))
}

// expandF8E4M3FNExtF places the magnitude bits of an f8E4M3FN in an f16
// (same mantissa, exponent bias 15 instead of 7: the value over 2^8),
// scales it back in f32 and sets the sign; 0x7f and 0xff are NaN (the
// format has no infinity).
func expandF8E4M3FNExtF(x *expander) *ir.Value {
	in, out := x.op.Operand(0), x.op.Result(0).Type()
	if elemKind(in.Type()) != ir.F8E4M3FN || !static(out) {
		return nil
	}
	i8, i16, i32, f32 := x.i(8, out), x.i(16, out), x.i(32, out), x.f(ir.F32, out)
	bits := x.cast("arith.bitcast", i8, in)
	c7f := x.IConst(i8, 0x7f)
	mag := x.Bin("arith.andi", bits, c7f)
	g16 := x.Bin("arith.shli", x.cast("arith.extui", i16, mag), x.IConst(i16, 7))
	g := x.cast("arith.extf", f32, x.cast("arith.bitcast", x.f(ir.F16, out), g16))
	magBits := x.cast("arith.bitcast", i32, x.Bin("arith.mulf", g, x.FConst(f32, 256)))
	sign8 := x.Bin("arith.andi", bits, x.IConst(i8, -128))
	signBit := x.Bin("arith.shli", x.cast("arith.extui", i32, sign8), x.IConst(i32, 24))
	signed := x.cast("arith.bitcast", f32, x.Bin("arith.ori", magBits, signBit))
	isNaN := x.CmpI(CmpIEQ, mag, c7f)
	nan := x.cast("arith.bitcast", f32, x.Bin("arith.ori", x.IConst(i32, 0x7fc00000), signBit))
	return x.toKind(x.Select(isNaN, nan, signed), elemKind(out), out)
}

// expandF8E4M3FNTruncF scales the magnitude, clamped to 448, by 2^-8
// into f16 and rounds that to nearest even at the f8E4M3FN's 3 mantissa
// bits; magnitudes above 464 (those that do not round to 448), infinities
// and NaN become NaN, the format having no infinity. Only for the default
// rounding mode.
func expandF8E4M3FNTruncF(x *expander) *ir.Value {
	in, out := x.op.Operand(0), x.op.Result(0).Type()
	if elemKind(out) != ir.F8E4M3FN || x.op.Attr("roundingmode") != nil || !static(out) {
		return nil
	}
	i8, i16, i32, f32 := x.i(8, out), x.i(16, out), x.i(32, out), x.f(ir.F32, out)
	v := x.toKind(in, ir.F32, out)
	isNaN := x.CmpF(CmpFUNE, v, v)
	bits := x.cast("arith.bitcast", i32, v)
	signMask, absMask := x.IConst(i32, -0x80000000), x.IConst(i32, 0x7fffffff)
	signBits := x.Bin("arith.andi", bits, signMask)
	abs := x.cast("arith.bitcast", f32, x.Bin("arith.andi", bits, absMask))
	overflow := x.CmpF(CmpFOGT, abs, x.FConst(f32, 464))
	clamped := x.Bin("arith.minnumf", abs, x.FConst(f32, 448))
	h := x.cast("arith.truncf", x.f(ir.F16, out), x.Bin("arith.mulf", clamped, x.FConst(f32, 1.0/256)))
	hbits := x.cast("arith.bitcast", i16, h)
	c3f, c7, c1 := x.IConst(i16, 0x3f), x.IConst(i16, 7), x.IConst(i16, 1)
	bit7 := x.Bin("arith.andi", x.Bin("arith.shrui", hbits, c7), c1)
	biased := x.Bin("arith.addi", hbits, x.Bin("arith.addi", bit7, c3f))
	mag := x.cast("arith.trunci", i8, x.Bin("arith.shrui", biased, c7))
	mag = x.Bin("arith.andi", mag, x.IConst(i8, 0x7f))
	sign := x.cast("arith.trunci", i8, x.Bin("arith.shrui", signBits, x.IConst(i32, 24)))
	r := x.Bin("arith.ori", mag, sign)
	bad := x.Bin("arith.ori", isNaN, overflow)
	return x.cast("arith.bitcast", out, x.Select(bad, x.IConst(i8, 0x7f), r))
}
