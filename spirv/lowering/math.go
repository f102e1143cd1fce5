package lowering

import (
	"math"
	"slices"

	"github.com/kiln-gpu/kiln/ir"
	"github.com/kiln-gpu/kiln/ir/rewrite"
	"github.com/kiln-gpu/kiln/spirv"
)

// mathPatterns convert math ops to GLSL.std.450 instructions, or
// OpenCL.std ones on Kernel targets (MLIR's MathToSPIRV).
func (e *env) mathPatterns() []*rewrite.ConversionPattern {
	glsl := map[string]string{"sqrt": "Sqrt", "rsqrt": "InverseSqrt", "exp": "Exp", "exp2": "Exp2", "log": "Log",
		"log2": "Log2", "sin": "Sin", "cos": "Cos", "tan": "Tan", "tanh": "Tanh", "sinh": "Sinh", "cosh": "Cosh",
		"asin": "Asin", "acos": "Acos", "atan": "Atan", "asinh": "Asinh", "acosh": "Acosh", "atanh": "Atanh",
		"atan2": "Atan2", "absf": "FAbs", "absi": "SAbs", "ceil": "Ceil", "floor": "Floor", "fma": "Fma",
		"roundeven": "RoundEven", "trunc": "Trunc"}
	cl := map[string]string{"sqrt": "sqrt", "rsqrt": "rsqrt", "exp": "exp", "log": "log",
		"sin": "sin", "cos": "cos", "tan": "tan", "tanh": "tanh", "sinh": "sinh", "cosh": "cosh", "asin": "asin",
		"acos": "acos", "atan": "atan", "asinh": "asinh", "acosh": "acosh", "atanh": "atanh", "atan2": "atan2",
		"absf": "fabs", "absi": "s_abs", "ceil": "ceil", "floor": "floor", "fma": "fma", "powf": "pow",
		"round": "round", "roundeven": "rint", "erf": "erf"}
	var ps []*rewrite.ConversionPattern
	table, prefix := glsl, "spirv.GL."
	if e.kernel() {
		table, prefix = cl, "spirv.CL."
		// log2(x) = log(x) / ln 2, as MLIR's Log2Log10OpPattern (OpenCL.std
		// has no log2 in the spirv dialect).
		ps = append(ps, &rewrite.ConversionPattern{Name: "math.log2", Root: "math.log2", Rewrite: e.expand(logBase(prefix+"log", 2))})
	} else {
		// GLSL's Round may round halves either way and its Pow is
		// undefined for negative bases: expansions give math.round's
		// halves away from zero and powf's C semantics, as MLIR's do.
		ps = append(ps,
			&rewrite.ConversionPattern{Name: "math.round", Root: "math.round", Rewrite: e.expand(round)},
			&rewrite.ConversionPattern{Name: "math.powf", Root: "math.powf", Rewrite: e.powf},
			&rewrite.ConversionPattern{Name: "math.erf", Root: "math.erf", Rewrite: e.erf})
	}
	log, exp := prefix+table["log"], prefix+table["exp"]
	// log1p(x) = log(1 + x), expm1(x) = exp(x) - 1, log10(x) = log(x) /
	// ln 10, as MLIR expands them; copysign and ctlz as MLIR's patterns.
	ps = append(ps,
		&rewrite.ConversionPattern{Name: "math.log1p", Root: "math.log1p", Rewrite: e.expand(func(b *ir.Builder, t ir.Type, x *ir.Value, loc ir.Location) *ir.Value {
			return val(b, log, loc, t, val(b, "spirv.FAdd", loc, t, splatConst(b, t, 1, loc), x))
		})},
		&rewrite.ConversionPattern{Name: "math.expm1", Root: "math.expm1", Rewrite: e.expand(func(b *ir.Builder, t ir.Type, x *ir.Value, loc ir.Location) *ir.Value {
			return val(b, "spirv.FSub", loc, t, val(b, exp, loc, t, x), splatConst(b, t, 1, loc))
		})},
		&rewrite.ConversionPattern{Name: "math.log10", Root: "math.log10", Rewrite: e.expand(logBase(log, 10))},
		&rewrite.ConversionPattern{Name: "math.copysign", Root: "math.copysign", Rewrite: e.copysign},
		e.classify("math.isfinite", &rewrite.ConversionPattern{Name: "math.isfinite", Root: "math.isfinite", Rewrite: e.isfinite}),
		e.classify("math.isnormal", &rewrite.ConversionPattern{Name: "math.isnormal", Root: "math.isnormal", Rewrite: e.isnormal}))
	if !e.kernel() {
		ps = append(ps, &rewrite.ConversionPattern{Name: "math.ctlz", Root: "math.ctlz", Rewrite: e.ctlz})
	}
	for name, to := range table {
		ps = append(ps, e.elementwise("math."+name, prefix+to, ""))
	}
	return append(ps, e.classify("math.isnan", e.elementwise("math.isnan", "spirv.IsNan", "")),
		e.classify("math.isinf", e.elementwise("math.isinf", "spirv.IsInf", "")))
}

// f8Class describes how an 8-bit float encodes its special values: ieee
// formats have infinity at the all-ones exponent and NaN above it, fn ones
// (E4M3FN) no infinity and NaN at magnitude 0x7f, uz ones (FNUZ) NaN only
// at 0x80 (negative zero), f8E8M0FNU NaN only at 0xff; man is the mantissa
// width.
type f8Class struct {
	man                int
	ieee, fn, uz, e8m0 bool
}

var f8Classes = map[ir.FloatKind]f8Class{
	ir.F8E5M2: {man: 2, ieee: true}, ir.F8E4M3: {man: 3, ieee: true}, ir.F8E3M4: {man: 4, ieee: true},
	ir.F8E4M3FN: {man: 3, fn: true}, ir.F8E5M2FNUZ: {man: 2, uz: true}, ir.F8E4M3FNUZ: {man: 3, uz: true},
	ir.F8E4M3B11FNUZ: {man: 3, uz: true}, ir.F8E8M0FNU: {e8m0: true},
}

// classify converts the float classification op name on an 8-bit float
// emulated as its bits in an integer (emulate-unsupported-float-types),
// which OpIsNan and the like cannot take, to tests of those bits; on other
// floats it is float's pattern.
func (e *env) classify(name string, float *rewrite.ConversionPattern) *rewrite.ConversionPattern {
	return &rewrite.ConversionPattern{Name: name, Root: name,
		Rewrite: func(o *ir.Operation, operands []*ir.Value, rw *rewrite.ConversionRewriter) error {
			var c f8Class
			emulated := false
			if src, ok := ir.ElementTypeOrSelf(o.Operand(0).Type()).(*ir.FloatType); ok {
				c, emulated = f8Classes[src.Kind]
			}
			if !emulated || len(operands) != 1 || ir.IsFloat(ir.ElementTypeOrSelf(operands[0].Type())) {
				return float.Rewrite(o, operands, rw)
			}
			t := e.tc.ConvertType(o.Result(0).Type())
			if t == nil {
				return rewrite.NoMatch
			}
			b, loc := &rw.Builder, o.Loc()
			b.SetInsertionPointBefore(o)
			x := operands[0]
			it := x.Type()
			k := func(v int64) *ir.Value { return splatConst(b, it, v, loc) }
			// The bits (x itself in an i8) and the magnitude bits, whatever
			// extension a narrow integer computed in 32 bits carries.
			bits := func() *ir.Value {
				if ir.IntOrFloatBitWidth(ir.ElementTypeOrSelf(it)) == 8 {
					return x
				}
				return val(b, "spirv.BitwiseAnd", loc, it, x, k(0xff))
			}
			mag := func() *ir.Value { return val(b, "spirv.BitwiseAnd", loc, it, x, k(0x7f)) }
			test := func(pred string, v *ir.Value, c int64) *ir.Value { return val(b, pred, loc, t, v, k(c)) }
			inf := int64(0x7f) >> c.man << c.man // the all-ones exponent, mantissa 0
			var r *ir.Value
			switch {
			case name == "math.isinf" && !c.ieee:
				r = splatConst(b, t, 0, loc)
			case name == "math.isinf":
				r = test("spirv.IEqual", mag(), inf)
			case c.e8m0:
				pred := "spirv.INotEqual" // finite and normal: all but NaN
				if name == "math.isnan" {
					pred = "spirv.IEqual"
				}
				r = test(pred, bits(), 0xff)
			case name == "math.isnan" && c.ieee:
				r = test("spirv.UGreaterThan", mag(), inf)
			case name == "math.isnan" && c.fn:
				r = test("spirv.IEqual", mag(), 0x7f)
			case name == "math.isnan":
				r = test("spirv.IEqual", bits(), 0x80)
			default: // isfinite, isnormal
				switch {
				case c.ieee:
					r = test("spirv.ULessThan", mag(), inf)
				case c.fn:
					r = test("spirv.INotEqual", mag(), 0x7f)
				default:
					r = test("spirv.INotEqual", bits(), 0x80)
				}
				if name == "math.isnormal" {
					r = val(b, "spirv.LogicalAnd", loc, t, r, test("spirv.UGreaterThanEqual", mag(), 1<<c.man))
				}
			}
			rw.ReplaceOp(o, []*ir.Value{r})
			return nil
		}}
}

// logBase returns the expansion of a logarithm in base: log(x) * (1 / ln base).
func logBase(log string, base float64) func(b *ir.Builder, t ir.Type, x *ir.Value, loc ir.Location) *ir.Value {
	return func(b *ir.Builder, t ir.Type, x *ir.Value, loc ir.Location) *ir.Value {
		k := spirv.NewConstant(b, floatSplat(b.Context(), t, 1/math.Log(base)), t, loc)
		return val(b, "spirv.FMul", loc, t, val(b, log, loc, t, x), k)
	}
}

// copysign takes x's magnitude bits and y's sign bit (MLIR's CopySignPattern:
// the masks of a vector are its scalar masks composed).
func (e *env) copysign(o *ir.Operation, operands []*ir.Value, rw *rewrite.ConversionRewriter) error {
	t := e.tc.ConvertType(o.Result(0).Type())
	if t == nil || len(operands) != 2 || !ir.IsFloat(ir.ElementTypeOrSelf(t)) {
		return rewrite.NoMatch
	}
	b, loc := &rw.Builder, o.Loc()
	b.SetInsertionPointBefore(o)
	it := intLike(e.ctx, t)
	st := ir.ElementTypeOrSelf(it)
	sign := uint64(1) << (ir.IntOrFloatBitWidth(st) - 1)
	signMask, valueMask := intConst(b, st, int64(sign), loc), intConst(b, st, int64(sign-1), loc)
	if vt, ok := it.(*ir.VectorType); ok {
		n := int(ir.NumElements(vt))
		signMask = val(b, "spirv.CompositeConstruct", loc, it, slices.Repeat([]*ir.Value{signMask}, n)...)
		valueMask = val(b, "spirv.CompositeConstruct", loc, it, slices.Repeat([]*ir.Value{valueMask}, n)...)
	}
	x, y := val(b, "spirv.Bitcast", loc, it, operands[0]), val(b, "spirv.Bitcast", loc, it, operands[1])
	r := val(b, "spirv.BitwiseOr", loc, it, val(b, "spirv.BitwiseAnd", loc, it, x, valueMask),
		val(b, "spirv.BitwiseAnd", loc, it, y, signMask))
	rw.ReplaceOp(o, []*ir.Value{val(b, "spirv.Bitcast", loc, t, r)})
	return nil
}

// isfinite is neither NaN nor infinite: OpIsFinite on Kernel targets, as
// MLIR; elsewhere a test of IsNan and IsInf, since OpIsFinite needs the
// Kernel capability (spirv-val rejects it under Vulkan).
func (e *env) isfinite(o *ir.Operation, operands []*ir.Value, rw *rewrite.ConversionRewriter) error {
	t := e.tc.ConvertType(o.Result(0).Type())
	if t == nil || len(operands) != 1 {
		return rewrite.NoMatch
	}
	b, loc := &rw.Builder, o.Loc()
	b.SetInsertionPointBefore(o)
	x := operands[0]
	if e.kernel() {
		rw.ReplaceOp(o, []*ir.Value{val(b, "spirv.IsFinite", loc, t, x)})
		return nil
	}
	special := val(b, "spirv.LogicalOr", loc, t, val(b, "spirv.IsNan", loc, t, x), val(b, "spirv.IsInf", loc, t, x))
	rw.ReplaceOp(o, []*ir.Value{val(b, "spirv.LogicalNot", loc, t, special)})
	return nil
}

// isnormal: OpIsNormal on Kernel targets, as MLIR; elsewhere (OpIsNormal
// needs Kernel) |x| between the smallest normal and the largest finite
// value of x's source type, ordered comparisons being false on NaN. The
// bounds are the source type's, so an f16 computed in f32 classifies as
// an f16.
func (e *env) isnormal(o *ir.Operation, operands []*ir.Value, rw *rewrite.ConversionRewriter) error {
	t := e.tc.ConvertType(o.Result(0).Type())
	src, ok := ir.ElementTypeOrSelf(o.Operand(0).Type()).(*ir.FloatType)
	if t == nil || len(operands) != 1 || !ok {
		return rewrite.NoMatch
	}
	var smallest, largest float64
	switch src.Kind {
	case ir.F16:
		smallest, largest = 0x1p-14, 65504
	case ir.F32:
		smallest, largest = 0x1p-126, math.MaxFloat32
	case ir.F64:
		smallest, largest = 0x1p-1022, math.MaxFloat64
	default:
		return rewrite.NoMatch
	}
	b, loc := &rw.Builder, o.Loc()
	b.SetInsertionPointBefore(o)
	x := operands[0]
	if e.kernel() {
		rw.ReplaceOp(o, []*ir.Value{val(b, "spirv.IsNormal", loc, t, x)})
		return nil
	}
	ft := x.Type()
	abs := val(b, "spirv.GL.FAbs", loc, ft, x)
	lo := val(b, "spirv.FOrdGreaterThanEqual", loc, t, abs, spirv.NewConstant(b, floatSplat(e.ctx, ft, smallest), ft, loc))
	hi := val(b, "spirv.FOrdLessThanEqual", loc, t, abs, spirv.NewConstant(b, floatSplat(e.ctx, ft, largest), ft, loc))
	rw.ReplaceOp(o, []*ir.Value{val(b, "spirv.LogicalAnd", loc, t, lo, hi)})
	return nil
}

// ctlz counts leading zeros of 32-bit integers with FindUMsb: 31 - msb,
// and 32 - x for x <= 1 (FindUMsb(0) is -1, which some Vulkan drivers get
// wrong), as MLIR's CountLeadingZerosPattern.
func (e *env) ctlz(o *ir.Operation, operands []*ir.Value, rw *rewrite.ConversionRewriter) error {
	t := e.tc.ConvertType(o.Result(0).Type())
	if t == nil || len(operands) != 1 || ir.IntOrFloatBitWidth(ir.ElementTypeOrSelf(t)) != 32 {
		return rewrite.NoMatch
	}
	b, loc := &rw.Builder, o.Loc()
	b.SetInsertionPointBefore(o)
	x := operands[0]
	one, k31, k32 := splatConst(b, t, 1, loc), splatConst(b, t, 31, loc), splatConst(b, t, 32, loc)
	fromMsb := val(b, "spirv.ISub", loc, t, k31, val(b, "spirv.GL.FindUMsb", loc, t, x))
	small := val(b, "spirv.ISub", loc, t, k32, x)
	le1 := val(b, "spirv.ULessThanEqual", loc, boolLike(e.ctx, t), x, one)
	rw.ReplaceOp(o, []*ir.Value{val(b, "spirv.Select", loc, t, le1, small, fromMsb)})
	return nil
}

// erfCoefficients are those of Abramowitz and Stegun's 7.1.26, a1 to a5.
var erfCoefficients = [5]float64{0.254829592, -0.284496736, 1.421413741, -1.453152027, 1.061405429}

// erf converts math.erf, which GLSL.std.450 lacks (MLIR's MathToSPIRV
// leaves it unconverted), on f16 and f32: sign(x) (1 - p(t) t e^(-x^2))
// with t = 1/(1 + 0.3275911 |x|) and p a degree-4 polynomial (Abramowitz
// and Stegun 7.1.26, absolute error below 1.5e-7). It is refused for f64,
// which that error would not do justice.
func (e *env) erf(o *ir.Operation, operands []*ir.Value, rw *rewrite.ConversionRewriter) error {
	t := e.tc.ConvertType(o.Result(0).Type())
	if t == nil || len(operands) != 1 || ir.IntOrFloatBitWidth(ir.ElementTypeOrSelf(t)) > 32 {
		return rewrite.NoMatch
	}
	b, loc, ctx := &rw.Builder, o.Loc(), e.ctx
	b.SetInsertionPointBefore(o)
	c := func(v float64) *ir.Value { return spirv.NewConstant(b, floatSplat(ctx, t, v), t, loc) }
	x := operands[0]
	abs := val(b, "spirv.GL.FAbs", loc, t, x)
	tt := val(b, "spirv.FDiv", loc, t, c(1), val(b, "spirv.FAdd", loc, t, c(1), val(b, "spirv.FMul", loc, t, c(0.3275911), abs)))
	poly := c(erfCoefficients[4])
	for i := 3; i >= 0; i-- {
		poly = val(b, "spirv.FAdd", loc, t, val(b, "spirv.FMul", loc, t, poly, tt), c(erfCoefficients[i]))
	}
	gauss := val(b, "spirv.GL.Exp", loc, t, val(b, "spirv.FNegate", loc, t, val(b, "spirv.FMul", loc, t, x, x)))
	y := val(b, "spirv.FSub", loc, t, c(1), val(b, "spirv.FMul", loc, t, val(b, "spirv.FMul", loc, t, poly, tt), gauss))
	rw.ReplaceOp(o, []*ir.Value{val(b, "spirv.FMul", loc, t, val(b, "spirv.GL.FSign", loc, t, x), y)})
	return nil
}

// expand converts a one-operand op with f.
func (e *env) expand(f func(b *ir.Builder, t ir.Type, x *ir.Value, loc ir.Location) *ir.Value) func(*ir.Operation, []*ir.Value, *rewrite.ConversionRewriter) error {
	return func(o *ir.Operation, operands []*ir.Value, rw *rewrite.ConversionRewriter) error {
		t := e.tc.ConvertType(o.Result(0).Type())
		if t == nil || len(operands) != 1 {
			return rewrite.NoMatch
		}
		rw.SetInsertionPointBefore(o)
		rw.ReplaceOp(o, []*ir.Value{f(&rw.Builder, t, operands[0], o.Loc())})
		return nil
	}
}

// round rounds halves away from zero: floor(|x| + frac(|x|) >= 0.5) with
// x's sign.
func round(b *ir.Builder, t ir.Type, x *ir.Value, loc ir.Location) *ir.Value {
	abs := val(b, "spirv.GL.FAbs", loc, t, x)
	floor := val(b, "spirv.GL.Floor", loc, t, abs)
	frac := val(b, "spirv.FSub", loc, t, abs, floor)
	half := spirv.NewConstant(b, floatSplat(b.Context(), t, 0.5), t, loc)
	up := val(b, "spirv.FOrdGreaterThanEqual", loc, boolLike(b.Context(), t), frac, half)
	r := val(b, "spirv.FAdd", loc, t, floor, val(b, "spirv.Select", loc, t, up, splatConst(b, t, 1, loc), splatConst(b, t, 0, loc)))
	// Copy x's sign (NaN and infinities pass through the floor unchanged).
	it := intLike(b.Context(), t)
	sign := splatConst(b, it, int64(uint64(1)<<(ir.IntOrFloatBitWidth(ir.ElementTypeOrSelf(t))-1)), loc)
	bits := val(b, "spirv.BitwiseOr", loc, it, val(b, "spirv.Bitcast", loc, it, r),
		val(b, "spirv.BitwiseAnd", loc, it, val(b, "spirv.Bitcast", loc, it, x), sign))
	return val(b, "spirv.Bitcast", loc, t, bits)
}

// powf converts math.powf, whose GLSL Pow is undefined for x < 0 and
// imprecise on some devices (SwiftShader) for x = 0: |x|^y, negated for a
// negative base with an odd integer exponent and NaN for one with a
// non-integer exponent (MLIR's expansion, but selecting NaN last, since
// devices need not propagate NaN through Pow), and 0 for a zero base with
// a positive exponent.
func (e *env) powf(o *ir.Operation, operands []*ir.Value, rw *rewrite.ConversionRewriter) error {
	t := e.tc.ConvertType(o.Result(0).Type())
	if t == nil || len(operands) != 2 {
		return rewrite.NoMatch
	}
	b, loc, ctx := &rw.Builder, o.Loc(), e.ctx
	b.SetInsertionPointBefore(o)
	x, y := operands[0], operands[1]
	bt, it := boolLike(ctx, t), intLike(ctx, t)
	zero, one := splatConst(b, t, 0, loc), splatConst(b, t, 1, loc)
	neg := val(b, "spirv.FOrdLessThan", loc, bt, x, zero)
	fractional := val(b, "spirv.FOrdNotEqual", loc, bt, val(b, "spirv.FRem", loc, t, y, one), zero)
	abs := val(b, "spirv.GL.FAbs", loc, t, x)
	pow := val(b, "spirv.GL.Pow", loc, t, abs, y)
	zeroBase := val(b, "spirv.LogicalAnd", loc, bt, val(b, "spirv.FOrdEqual", loc, bt, abs, zero),
		val(b, "spirv.FOrdGreaterThan", loc, bt, y, zero))
	pow = val(b, "spirv.Select", loc, t, zeroBase, zero, pow)
	ione := splatConst(b, it, 1, loc)
	odd := val(b, "spirv.IEqual", loc, bt, val(b, "spirv.BitwiseAnd", loc, it, val(b, "spirv.ConvertFToS", loc, it, y), ione), ione)
	r := val(b, "spirv.Select", loc, t, val(b, "spirv.LogicalAnd", loc, bt, neg, odd), val(b, "spirv.FNegate", loc, t, pow), pow)
	nan := spirv.NewConstant(b, floatSplat(ctx, t, math.NaN()), t, loc)
	r = val(b, "spirv.Select", loc, t, val(b, "spirv.LogicalAnd", loc, bt, neg, fractional), nan, r)
	rw.ReplaceOp(o, []*ir.Value{r})
	return nil
}

// floatSplat returns the float v as an attribute of scalar or vector type t.
func floatSplat(ctx *ir.Context, t ir.Type, v float64) ir.Attribute {
	if vt, ok := t.(*ir.VectorType); ok {
		return ctx.DenseSplat(vt, ctx.FloatAttr(vt.Elem.(*ir.FloatType), v))
	}
	return ctx.FloatAttr(t.(*ir.FloatType), v)
}
