package lowering

import (
	"slices"
	"strings"

	"github.com/kiln-gpu/kiln/arith"
	"github.com/kiln-gpu/kiln/ir"
	"github.com/kiln-gpu/kiln/ir/rewrite"
	"github.com/kiln-gpu/kiln/spirv"
	"github.com/kiln-gpu/kiln/spirv/spv"
)

// arithPatterns convert the arith dialect (MLIR's ArithToSPIRV).
func (e *env) arithPatterns() []*rewrite.ConversionPattern {
	var ps []*rewrite.ConversionPattern
	// Elementwise ops: one spirv op each; i1 operands use the logical form.
	for from, to := range map[string][2]string{
		"arith.addi": {"spirv.IAdd", ""}, "arith.subi": {"spirv.ISub", ""}, "arith.muli": {"spirv.IMul", ""},
		"arith.divsi": {"spirv.SDiv", ""}, "arith.divui": {"spirv.UDiv", ""},
		"arith.remui": {"spirv.UMod", ""},
		"arith.andi":  {"spirv.BitwiseAnd", "spirv.LogicalAnd"}, "arith.ori": {"spirv.BitwiseOr", "spirv.LogicalOr"},
		"arith.xori": {"spirv.BitwiseXor", "spirv.LogicalNotEqual"},
		"arith.shli": {"spirv.ShiftLeftLogical", ""}, "arith.shrsi": {"spirv.ShiftRightArithmetic", ""},
		"arith.shrui": {"spirv.ShiftRightLogical", ""},
		"arith.addf":  {"spirv.FAdd", ""}, "arith.subf": {"spirv.FSub", ""}, "arith.mulf": {"spirv.FMul", ""},
		"arith.divf": {"spirv.FDiv", ""}, "arith.negf": {"spirv.FNegate", ""},
		"arith.select": {"spirv.Select", ""},
	} {
		ps = append(ps, e.elementwise(from, to[0], to[1]))
	}
	glsl, cl := map[string]string{
		"arith.maxsi": "SMax", "arith.minsi": "SMin", "arith.maxui": "UMax", "arith.minui": "UMin",
	}, map[string]string{
		"arith.maxsi": "s_max", "arith.minsi": "s_min", "arith.maxui": "u_max", "arith.minui": "u_min",
	}
	for from, g := range glsl {
		to := "spirv.GL." + g
		if e.kernel() {
			to = "spirv.CL." + cl[from]
		}
		ps = append(ps, e.elementwise(from, to, ""))
	}
	ps = append(ps, &rewrite.ConversionPattern{Name: "arith.remf", Root: "arith.remf", Rewrite: e.remf},
		&rewrite.ConversionPattern{Name: "arith.remsi", Root: "arith.remsi", Rewrite: e.remsi})
	for _, name := range []string{"arith.ceildivsi", "arith.ceildivui", "arith.floordivsi"} {
		ps = append(ps, &rewrite.ConversionPattern{Name: name, Root: name, Rewrite: e.roundedDiv})
	}
	for _, name := range []string{"arith.maximumf", "arith.minimumf", "arith.maxnumf", "arith.minnumf"} {
		ps = append(ps, &rewrite.ConversionPattern{Name: name, Root: name, Rewrite: e.minMaxF})
	}
	ps = append(ps,
		&rewrite.ConversionPattern{Name: "arith.constant", Root: "arith.constant", Rewrite: e.constant},
		&rewrite.ConversionPattern{Name: "arith.cmpi", Root: "arith.cmpi", Rewrite: e.cmpi},
		&rewrite.ConversionPattern{Name: "arith.cmpf", Root: "arith.cmpf", Rewrite: e.cmpf},
		&rewrite.ConversionPattern{Name: "arith.addui_extended", Root: "arith.addui_extended", Rewrite: e.extended("spirv.IAddCarry", true)},
		&rewrite.ConversionPattern{Name: "arith.subui_extended", Root: "arith.subui_extended", Rewrite: e.extended("spirv.ISubBorrow", true)},
		&rewrite.ConversionPattern{Name: "arith.mului_extended", Root: "arith.mului_extended", Rewrite: e.extended("spirv.UMulExtended", false)},
		&rewrite.ConversionPattern{Name: "arith.mulsi_extended", Root: "arith.mulsi_extended", Rewrite: e.extended("spirv.SMulExtended", false)},
	)
	for _, name := range []string{"arith.extsi", "arith.extui", "arith.trunci", "arith.sitofp", "arith.uitofp",
		"arith.fptosi", "arith.fptoui", "arith.extf", "arith.truncf", "arith.index_cast", "arith.index_castui"} {
		ps = append(ps, &rewrite.ConversionPattern{Name: name, Root: name, Rewrite: e.cast})
	}
	return append(ps, &rewrite.ConversionPattern{Name: "arith.bitcast", Root: "arith.bitcast", Rewrite: e.bitcast})
}

// isBool reports i1 and vectors of i1.
func isBool(t ir.Type) bool {
	it, ok := ir.ElementTypeOrSelf(t).(*ir.IntegerType)
	return ok && it.Width == 1
}

// elementwise converts from to the spirv op to (boolTo for i1 operands
// when given), keeping no attributes (fastmath and overflow flags have no
// SPIR-V decoration here). A float op's rounding mode other than
// to_nearest_even, the rounding it gets without one, is refused: MLIR
// drops it, but no SPIR-V decoration rounds an arithmetic op another way
// (docs/RATIONALE.md).
func (e *env) elementwise(from, to, boolTo string) *rewrite.ConversionPattern {
	fix, isFix := narrowFixes[from]
	_, rounds := roundedFloatOps[from]
	return &rewrite.ConversionPattern{Name: from + " -> " + to, Root: from,
		Rewrite: func(o *ir.Operation, operands []*ir.Value, rw *rewrite.ConversionRewriter) error {
			if m, ok := directedRounding(o); rounds && ok {
				return o.Errorf("rounds %s, which SPIR-V cannot express for %s (FPRoundingMode decorates only conversions)",
					m, to)
			}
			t := e.tc.ConvertType(o.Result(0).Type())
			if t == nil || o.NumResults() != 1 {
				return rewrite.NoMatch
			}
			name := to
			if boolTo != "" && isBool(o.Operand(0).Type()) {
				name = boolTo
			}
			var bits int
			if isFix {
				bits = e.narrowBits(o.Result(0).Type())
			}
			if bits == 0 {
				rw.SetInsertionPointBefore(o)
				rw.ReplaceOp(o, []*ir.Value{op(&rw.Builder, name, o.Loc(), t, operands, e.wrapFlags(o)...).Result(0)})
				return nil
			}
			b, loc := &rw.Builder, o.Loc()
			b.SetInsertionPointBefore(o)
			if fix.zext {
				operands = []*ir.Value{zextLow(b, operands[0], bits, loc), zextLow(b, operands[1], bits, loc)}
			}
			rw.ReplaceOp(o, []*ir.Value{sextLow(b, val(b, name, loc, t, operands...), bits, loc)})
			return nil
		}}
}

// roundedFloatOps are the elementwise ops with a rounding mode (MLIR's
// Arith_FloatBinaryOpWithRoundingMode and Math_FloatTernaryOpWithRoundingMode).
var roundedFloatOps = map[string]struct{}{"arith.addf": {}, "arith.subf": {}, "arith.mulf": {}, "arith.divf": {}, "math.fma": {}}

// directedRounding returns o's rounding mode when it has one other than
// to_nearest_even.
func directedRounding(o *ir.Operation) (arith.RoundingMode, bool) {
	m, ok := arith.RoundingModeOf(o)
	return m, ok && m != arith.ToNearestEven
}

// Integers narrower than the type they are computed in (i8 and i16
// without Int8/Int16) are kept sign-extended, as loads leave them:
// narrowFixes lists the ops whose result can leave the narrow range, to
// be sign-extended again, and among them those that read their operands
// as unsigned, which get them zero-extended.
var narrowFixes = map[string]struct{ zext bool }{
	"arith.addi": {}, "arith.subi": {}, "arith.muli": {}, "arith.shli": {},
	"arith.divui": {true}, "arith.remui": {true}, "arith.shrui": {true}, "arith.maxui": {true}, "arith.minui": {true},
}

// narrowBits returns the width of integer type t (or of its elements)
// when it is computed in a wider integer, and 0 otherwise.
func (e *env) narrowBits(t ir.Type) int {
	it, ok := ir.ElementTypeOrSelf(t).(*ir.IntegerType)
	if !ok || it.Width == 1 {
		return 0
	}
	if c := e.scalar(it); c == nil || ir.IntOrFloatBitWidth(c) == it.Width {
		return 0
	}
	return it.Width
}

// widenedFloat reports a float type t (or one of its elements) computed
// in a wider float for lack of its capability.
func (e *env) widenedFloat(t ir.Type) bool {
	ft, ok := ir.ElementTypeOrSelf(t).(*ir.FloatType)
	if !ok {
		return false
	}
	c, isFloat := e.scalar(ft).(*ir.FloatType)
	return isFloat && c != ft
}

// narrowResult sign-extends again v, the result of an add or mul
// reduction (op name) of src integers computed in a wider type, whose low
// bits are right but whose high bits may have left the narrow range.
func (e *env) narrowResult(b *ir.Builder, v *ir.Value, src ir.Type, name string, loc ir.Location) *ir.Value {
	if bits := e.narrowBits(src); bits > 0 && (strings.HasSuffix(name, "IAdd") || strings.HasSuffix(name, "IMul")) {
		return sextLow(b, v, bits, loc)
	}
	return v
}

// sextLow sign-extends the low bits of v in place.
func sextLow(b *ir.Builder, v *ir.Value, bits int, loc ir.Location) *ir.Value {
	t := v.Type()
	sh := splatConst(b, t, int64(ir.IntOrFloatBitWidth(ir.ElementTypeOrSelf(t))-bits), loc)
	return val(b, "spirv.ShiftRightArithmetic", loc, t, val(b, "spirv.ShiftLeftLogical", loc, t, v, sh), sh)
}

// zextLow keeps the low bits of v, cleared above.
func zextLow(b *ir.Builder, v *ir.Value, bits int, loc ir.Location) *ir.Value {
	return val(b, "spirv.BitwiseAnd", loc, v.Type(), v, splatConst(b, v.Type(), int64(1)<<bits-1, loc))
}

// convertAttr converts a constant's value to type t.
func (e *env) convertAttr(a ir.Attribute, t ir.Type) ir.Attribute {
	ctx := e.ctx
	switch a := a.(type) {
	case *ir.IntegerAttr:
		if isBool(t) {
			return ctx.BoolAttr(a.Bool())
		}
		return ctx.IntegerAttr(t, a.Int())
	case *ir.FloatAttr:
		if ft, ok := t.(*ir.FloatType); ok {
			return ctx.FloatAttr(ft, a.Value())
		}
		if ir.IsIntOrIndex(t) {
			return ctx.IntegerAttr(t, floatAsInt(a.FloatType(), a.Value()))
		}
	case *ir.DenseElementsAttr:
		vt, ok := t.(ir.ShapedType)
		if at, isArray := t.(*spirv.ArrayType); isArray {
			// A tensor, flattened: its elements as a one-dimensional tensor.
			vt, ok = ctx.Tensor([]int64{at.Len}, at.Elem, nil), true
		}
		if !ok {
			// A one-element vector became a scalar.
			return e.convertAttr(a.ElementAttr(ctx, 0), t)
		}
		elem := vt.ElementType()
		if a.IsSplat() {
			return ctx.DenseSplat(vt, e.convertAttr(a.ElementAttr(ctx, 0), elem))
		}
		n := a.Len()
		if src, ok := ir.ElementTypeOrSelf(a.Type()).(*ir.FloatType); ok && !ir.IsFloat(elem) {
			// An emulated float's bits.
			is := make([]int64, n)
			for i := range is {
				is[i] = floatAsInt(src, a.FloatAt(i))
			}
			return ctx.DenseInts(vt, is)
		}
		if ir.IsFloat(elem) {
			fs := make([]float64, n)
			for i := range fs {
				fs[i] = a.FloatAt(i)
			}
			return ctx.DenseFloats(vt, fs)
		}
		is := make([]int64, n)
		for i := range is {
			is[i] = a.IntAt(i)
		}
		return ctx.DenseInts(vt, is)
	}
	return nil
}

// wrapFlags are the no_signed_wrap and no_unsigned_wrap decorations of an
// integer op's nsw and nuw overflow flags, where the target allows the
// decorations (SPIR-V 1.4 or SPV_KHR_no_integer_wrap_decoration), as
// MLIR's ElementwiseArithOpPattern sets them.
func (e *env) wrapFlags(o *ir.Operation) []ir.NamedAttr {
	f, ok := o.Attr("overflowFlags").(*arith.OverflowAttr)
	if !ok || f.Flags == arith.OverflowNone {
		return nil
	}
	hasExt := func(x string) bool { return slices.Contains(e.target.Extensions(), x) }
	var attrs []ir.NamedAttr
	for _, d := range []struct {
		flag arith.OverflowFlags
		dec  spv.Decoration
		name string
	}{{arith.OverflowNSW, spv.DecorationNoSignedWrap, "no_signed_wrap"}, {arith.OverflowNUW, spv.DecorationNoUnsignedWrap, "no_unsigned_wrap"}} {
		if f.Flags&d.flag != 0 && d.dec.Enumerant().Availability.Available(e.target.Version(), hasExt) {
			attrs = append(attrs, ir.NamedAttr{Name: d.name, Value: e.ctx.UnitAttr()})
		}
	}
	return attrs
}

// floatAsInt is the bit pattern of v in float type ft, as the signed
// integer of ft's width that holds an emulated float.
func floatAsInt(ft *ir.FloatType, v float64) int64 {
	w := ir.IntOrFloatBitWidth(ft)
	bits := ir.FloatBits(ft.Kind, v)
	return int64(bits<<(64-w)) >> (64 - w)
}

func (e *env) constant(o *ir.Operation, _ []*ir.Value, rw *rewrite.ConversionRewriter) error {
	src := o.Result(0).Type()
	if st, ok := src.(*ir.RankedTensorType); ok && ir.NumElements(st) == 1 {
		src = st.Elem // a scalar constant, as MLIR's ConstantScalarOpPattern makes
	}
	t := e.tc.ConvertType(src)
	if t == nil {
		return rewrite.NoMatch
	}
	value := o.Attr("value")
	if r, ok := value.(*ir.DenseResourceElementsAttr); ok {
		// The blob's data as dense elements, or MLIR's diagnostics.
		raw, _, found := r.Handle().Blob()
		d, valid := e.ctx.DenseFromRawBuffer(r.ShapedType(), raw)
		switch {
		case !found:
			e.emit(ir.Errorf(o.Loc(), "could not find resource blob"))
			return rewrite.NoMatch
		case !valid:
			e.emit(ir.Errorf(o.Loc(), "resource is not a valid buffer"))
			return rewrite.NoMatch
		}
		value = d
	}
	v := e.convertAttr(value, t)
	if v == nil {
		return rewrite.NoMatch
	}
	rw.SetInsertionPointBefore(o)
	rw.ReplaceOp(o, []*ir.Value{spirv.NewConstant(&rw.Builder, v, t, o.Loc())})
	return nil
}

// predicate returns the integer value of a comparison's predicate.
func predicate(o *ir.Operation) (int64, bool) {
	if a, ok := o.Attr("predicate").(*ir.IntegerAttr); ok {
		return a.Int(), true
	}
	return 0, false
}

// The spirv ops of the comparisons, by predicate, and of the casts (tables
// built once, not per converted op).
var (
	cmpiOps = [...]string{"spirv.IEqual", "spirv.INotEqual", "spirv.SLessThan", "spirv.SLessThanEqual",
		"spirv.SGreaterThan", "spirv.SGreaterThanEqual", "spirv.ULessThan", "spirv.ULessThanEqual",
		"spirv.UGreaterThan", "spirv.UGreaterThanEqual"}
	cmpfOps = map[arith.CmpFPredicate]string{arith.CmpFOEQ: "spirv.FOrdEqual", arith.CmpFOGT: "spirv.FOrdGreaterThan",
		arith.CmpFOGE: "spirv.FOrdGreaterThanEqual", arith.CmpFOLT: "spirv.FOrdLessThan", arith.CmpFOLE: "spirv.FOrdLessThanEqual",
		arith.CmpFONE: "spirv.FOrdNotEqual", arith.CmpFUEQ: "spirv.FUnordEqual", arith.CmpFUGT: "spirv.FUnordGreaterThan",
		arith.CmpFUGE: "spirv.FUnordGreaterThanEqual", arith.CmpFULT: "spirv.FUnordLessThan", arith.CmpFULE: "spirv.FUnordLessThanEqual",
		arith.CmpFUNE: "spirv.FUnordNotEqual"}
	castOps = map[string]string{"arith.extsi": "spirv.SConvert", "arith.extui": "spirv.UConvert", "arith.trunci": "spirv.SConvert",
		"arith.sitofp": "spirv.ConvertSToF", "arith.uitofp": "spirv.ConvertUToF", "arith.fptosi": "spirv.ConvertFToS",
		"arith.fptoui": "spirv.ConvertFToU", "arith.extf": "spirv.FConvert", "arith.truncf": "spirv.FConvert",
		"arith.index_cast": "spirv.SConvert", "arith.index_castui": "spirv.UConvert"}
)

func (e *env) cmpi(o *ir.Operation, operands []*ir.Value, rw *rewrite.ConversionRewriter) error {
	p, ok := predicate(o)
	t := e.tc.ConvertType(o.Result(0).Type())
	if !ok || p < 0 || p > 9 || t == nil {
		return rewrite.NoMatch
	}
	name := cmpiOps[p]
	if bits := e.narrowBits(o.Operand(0).Type()); bits > 0 && p >= 6 {
		// Unsigned predicates compare narrow integers zero-extended.
		b := &rw.Builder
		b.SetInsertionPointBefore(o)
		operands = []*ir.Value{zextLow(b, operands[0], bits, o.Loc()), zextLow(b, operands[1], bits, o.Loc())}
	}
	if isBool(o.Operand(0).Type()) {
		switch {
		case p == 0:
			name = "spirv.LogicalEqual"
		case p == 1:
			name = "spirv.LogicalNotEqual"
		case p >= 6:
			// Unsigned order: compare the bools extended to i32 (MLIR's
			// CmpIOpBooleanPattern); signed order on i1 does not convert.
			b := &rw.Builder
			b.SetInsertionPointBefore(o)
			var it ir.Type = e.ctx.I(32)
			if vt, ok := operands[0].Type().(*ir.VectorType); ok {
				it = e.ctx.Vector(vt.Dims, it)
			}
			ext := make([]*ir.Value, len(operands))
			for i, v := range operands {
				ext[i] = val(b, "spirv.Select", o.Loc(), it, v, splatConst(b, it, 1, o.Loc()), splatConst(b, it, 0, o.Loc()))
			}
			operands = ext
		default:
			return rewrite.NoMatch
		}
	}
	rw.ReplaceOpWith(o, &ir.OpState{Name: name, Loc: o.Loc(), Operands: operands, ResultTypes: []ir.Type{t}})
	return nil
}

func (e *env) cmpf(o *ir.Operation, operands []*ir.Value, rw *rewrite.ConversionRewriter) error {
	p, ok := predicate(o)
	t := e.tc.ConvertType(o.Result(0).Type())
	if !ok || p < 0 || p > 15 || t == nil {
		return rewrite.NoMatch
	}
	b := &rw.Builder
	b.SetInsertionPointBefore(o)
	var r *ir.Value
	switch pr := arith.CmpFPredicate(p); pr {
	case arith.CmpFFalse, arith.CmpFTrue:
		r = splatConst(b, t, p/15, o.Loc())
	case arith.CmpFORD, arith.CmpFUNO:
		if e.kernel() {
			r = val(b, map[arith.CmpFPredicate]string{arith.CmpFORD: "spirv.Ordered", arith.CmpFUNO: "spirv.Unordered"}[pr], o.Loc(), t, operands...)
			break
		}
		if e.fastmath(o)&arith.FastMathNNaN != 0 {
			// No NaN: ordered always, unordered never (MLIR's CmpFOpNanNonePattern).
			r = splatConst(b, t, boolInt(pr == arith.CmpFORD), o.Loc())
			break
		}
		// OpOrdered and OpUnordered are Kernel-only: test for NaNs, as MLIR does.
		r = val(b, "spirv.LogicalOr", o.Loc(), t, val(b, "spirv.IsNan", o.Loc(), t, operands[0]),
			val(b, "spirv.IsNan", o.Loc(), t, operands[1]))
		if pr == arith.CmpFORD {
			r = val(b, "spirv.LogicalNot", o.Loc(), t, r)
		}
	default:
		r = val(b, cmpfOps[pr], o.Loc(), t, operands...)
	}
	rw.ReplaceOp(o, []*ir.Value{r})
	return nil
}

// minMaxF converts the float minimum and maximum ops. GLSL's FMin and
// FMax leave NaN operands and the order of signed zeros open (OpenCL's
// fmin and fmax return the other operand for a NaN), so, unless fastmath
// rules them out, selects give MLIR's semantics: maximumf and minimumf
// return NaN when either operand is, and order -0 below +0 (for equal
// operands the bitwise and, for max, or or, for min, of the two picks the
// zero they need and is either operand otherwise); maxnumf and minnumf
// return the other operand for a NaN.
func (e *env) minMaxF(o *ir.Operation, operands []*ir.Value, rw *rewrite.ConversionRewriter) error {
	t := e.tc.ConvertType(o.Result(0).Type())
	if t == nil || len(operands) != 2 {
		return rewrite.NoMatch
	}
	name := o.Name()
	isMax := name == "arith.maximumf" || name == "arith.maxnumf"
	to := map[bool]string{true: "spirv.GL.FMax", false: "spirv.GL.FMin"}[isMax]
	if e.kernel() {
		to = map[bool]string{true: "spirv.CL.fmax", false: "spirv.CL.fmin"}[isMax]
	}
	flags := e.fastmath(o)
	b, loc := &rw.Builder, o.Loc()
	b.SetInsertionPointBefore(o)
	x, y := operands[0], operands[1]
	r := val(b, to, loc, t, x, y)
	bt := boolLike(e.ctx, t)
	ieee := name == "arith.maximumf" || name == "arith.minimumf"
	if ieee && flags&arith.FastMathNSZ == 0 {
		it := intLike(e.ctx, t)
		bits := val(b, map[bool]string{true: "spirv.BitwiseAnd", false: "spirv.BitwiseOr"}[isMax], loc, it,
			val(b, "spirv.Bitcast", loc, it, x), val(b, "spirv.Bitcast", loc, it, y))
		r = val(b, "spirv.Select", loc, t, val(b, "spirv.FOrdEqual", loc, bt, x, y), val(b, "spirv.Bitcast", loc, t, bits), r)
	}
	if flags&arith.FastMathNNaN == 0 {
		xNaN, yNaN := val(b, "spirv.IsNan", loc, bt, x), val(b, "spirv.IsNan", loc, bt, y)
		// In MLIR's order: the left operand's test, then the right's.
		if ieee {
			r = val(b, "spirv.Select", loc, t, xNaN, x, r)
			r = val(b, "spirv.Select", loc, t, yNaN, y, r)
		} else {
			r = val(b, "spirv.Select", loc, t, xNaN, y, r)
			r = val(b, "spirv.Select", loc, t, yNaN, x, r)
		}
	}
	rw.ReplaceOp(o, []*ir.Value{r})
	return nil
}

// remf converts arith.remf (C's fmod) to OpFRem. Vulkan computes that as
// x - y * trunc(x / y), NaN for an infinite y, where fmod returns a finite
// x: a select does, unless fastmath rules infinities out.
func (e *env) remf(o *ir.Operation, operands []*ir.Value, rw *rewrite.ConversionRewriter) error {
	t := e.tc.ConvertType(o.Result(0).Type())
	if t == nil || len(operands) != 2 {
		return rewrite.NoMatch
	}
	b, loc := &rw.Builder, o.Loc()
	b.SetInsertionPointBefore(o)
	x, y := operands[0], operands[1]
	r := val(b, "spirv.FRem", loc, t, x, y)
	if e.fastmath(o)&arith.FastMathNInf == 0 {
		bt := boolLike(e.ctx, t)
		finiteByInf := val(b, "spirv.LogicalAnd", loc, bt, val(b, "spirv.IsInf", loc, bt, y),
			val(b, "spirv.LogicalNot", loc, bt, val(b, "spirv.IsInf", loc, bt, x)))
		r = val(b, "spirv.Select", loc, t, finiteByInf, x, r)
	}
	rw.ReplaceOp(o, []*ir.Value{r})
	return nil
}

// boolLike returns i1, or a vector of i1 shaped as the vector t.
func boolLike(ctx *ir.Context, t ir.Type) ir.Type {
	if vt, ok := t.(*ir.VectorType); ok {
		return ctx.Vector(vt.Dims, ctx.I(1))
	}
	return ctx.I(1)
}

// intLike returns the integer type of float type t's width, or a vector
// of it shaped as the vector t.
func intLike(ctx *ir.Context, t ir.Type) ir.Type {
	it := ctx.I(ir.IntOrFloatBitWidth(ir.ElementTypeOrSelf(t)))
	if vt, ok := t.(*ir.VectorType); ok {
		return ctx.Vector(vt.Dims, it)
	}
	return it
}

// extended converts the extended arithmetic ops, whose spirv forms return
// a two-member struct; carry and borrow become i1.
func (e *env) extended(name string, carry bool) func(*ir.Operation, []*ir.Value, *rewrite.ConversionRewriter) error {
	return func(o *ir.Operation, operands []*ir.Value, rw *rewrite.ConversionRewriter) error {
		t := e.tc.ConvertType(o.Result(0).Type())
		if t == nil || o.NumResults() != 2 {
			return rewrite.NoMatch
		}
		b := &rw.Builder
		b.SetInsertionPointBefore(o)
		loc := o.Loc()
		if bits := e.narrowBits(o.Result(0).Type()); bits > 0 {
			rw.ReplaceOp(o, e.narrowExtended(b, name, t, o.Result(1).Type(), operands, bits, loc))
			return nil
		}
		st := spirv.Struct(e.ctx, []ir.Type{t, t}, nil, nil)
		s := val(b, name, loc, st, operands...)
		lo, hi := extract(b, s, t, loc, 0), extract(b, s, t, loc, 1)
		if carry {
			// The carry or borrow word is 0 or 1; MLIR tests it against 1.
			bt := e.tc.ConvertType(o.Result(1).Type())
			hi = val(b, "spirv.IEqual", loc, bt, hi, splatConst(b, t, 1, loc))
		}
		rw.ReplaceOp(o, []*ir.Value{lo, hi})
		return nil
	}
}

// remsi computes a signed remainder as |a| umod |b| with the sign of a, as
// MLIR does: Vulkan leaves OpSRem undefined when an operand is negative.
// The sign test is a >= 0 where MLIR's is a == |a|, which gives the most
// negative a (whose absolute value wraps to itself) a positive remainder.
func (e *env) remsi(o *ir.Operation, operands []*ir.Value, rw *rewrite.ConversionRewriter) error {
	t := e.tc.ConvertType(o.Result(0).Type())
	if t == nil || o.NumResults() != 1 || isBool(t) {
		return rewrite.NoMatch
	}
	b, loc := &rw.Builder, o.Loc()
	b.SetInsertionPointBefore(o)
	abs := "spirv.GL.SAbs"
	if e.kernel() {
		abs = "spirv.CL.s_abs"
	}
	la, ra := val(b, abs, loc, t, operands[0]), val(b, abs, loc, t, operands[1])
	r := val(b, "spirv.UMod", loc, t, la, ra)
	pos := val(b, "spirv.SGreaterThanEqual", loc, arith.I1SameShape(e.ctx, t), operands[0], splatConst(b, t, 0, loc))
	neg := val(b, "spirv.SNegate", loc, t, r)
	rw.ReplaceOp(o, []*ir.Value{val(b, "spirv.Select", loc, t, pos, r, neg)})
	return nil
}

// narrowExtended computes an extended op on narrow integers held in the
// 32-bit t, where the full result fits: the sum or difference of the
// zero-extended operands, whose bits above the narrow width are the
// carry, or their product, whose next narrow word is the high half.
func (e *env) narrowExtended(b *ir.Builder, name string, t, flagType ir.Type, operands []*ir.Value, bits int, loc ir.Location) []*ir.Value {
	za, zb := zextLow(b, operands[0], bits, loc), zextLow(b, operands[1], bits, loc)
	sh := splatConst(b, t, int64(bits), loc)
	bt := e.tc.ConvertType(flagType)
	switch name {
	case "spirv.IAddCarry":
		sum := val(b, "spirv.IAdd", loc, t, za, zb)
		carry := val(b, "spirv.INotEqual", loc, bt, val(b, "spirv.ShiftRightLogical", loc, t, sum, sh), splatConst(b, t, 0, loc))
		return []*ir.Value{sextLow(b, sum, bits, loc), carry}
	case "spirv.ISubBorrow":
		return []*ir.Value{sextLow(b, val(b, "spirv.ISub", loc, t, za, zb), bits, loc), val(b, "spirv.ULessThan", loc, bt, za, zb)}
	case "spirv.UMulExtended":
		p := val(b, "spirv.IMul", loc, t, za, zb)
		return []*ir.Value{sextLow(b, p, bits, loc), sextLow(b, val(b, "spirv.ShiftRightLogical", loc, t, p, sh), bits, loc)}
	}
	p := val(b, "spirv.IMul", loc, t, operands[0], operands[1]) // SMulExtended: sign-extended operands
	return []*ir.Value{sextLow(b, p, bits, loc), sextLow(b, val(b, "spirv.ShiftRightArithmetic", loc, t, p, sh), bits, loc)}
}

// cast converts the cast ops. Narrow integers computed in 32 bits (kept
// sign-extended, see narrowFixes) are zero-extended for the casts that
// read them as unsigned, and a cast to one sign-extends its low bits
// where the value can leave its range.
func (e *env) cast(o *ir.Operation, operands []*ir.Value, rw *rewrite.ConversionRewriter) error {
	src, dst := o.Operand(0).Type(), o.Result(0).Type()
	st, dt := operands[0].Type(), e.tc.ConvertType(dst)
	if dt == nil {
		return rewrite.NoMatch
	}
	if e.widenedFloat(dst) && !e.widenedFloat(src) {
		// MLIR converts to f32 instead: code that rounds to f16 on
		// purpose would silently keep f32 precision.
		return o.Errorf("converts to %s, which this target computes in %s (no Float16 capability): the result would not be rounded",
			ir.TypeString(ir.ElementTypeOrSelf(dst)), ir.TypeString(ir.ElementTypeOrSelf(dt)))
	}
	var rounding []ir.NamedAttr
	if m, ok := o.Attr("roundingmode").(*ir.IntegerAttr); ok {
		rm, ok := roundingModes[arith.RoundingMode(m.Int())]
		if !ok {
			return rewrite.NoMatch // to_nearest_away: no SPIR-V rounding mode
		}
		rounding = append(rounding, named("fp_rounding_mode", enum(e.ctx, spv.KindFPRoundingMode, uint32(rm))))
	}
	b := &rw.Builder
	b.SetInsertionPointBefore(o)
	loc := o.Loc()
	in := operands[0]
	name := o.Name()
	var r *ir.Value
	switch {
	case isBool(src) && (name == "arith.extui" || name == "arith.extsi" || name == "arith.uitofp" || name == "arith.sitofp"):
		one := int64(1)
		if name == "arith.extsi" || name == "arith.sitofp" {
			one = -1
		}
		zero := splatConst(b, dt, 0, loc) // before one, as MLIR builds them
		r = val(b, "spirv.Select", loc, dt, in, splatConst(b, dt, one, loc), zero)
	case isBool(dst) && name == "arith.trunci":
		one := splatConst(b, st, 1, loc)
		r = val(b, "spirv.IEqual", loc, dt, val(b, "spirv.BitwiseAnd", loc, st, in, one), one)
		// MLIR's TruncII1Pattern then selects true or false by it.
		r = val(b, "spirv.Select", loc, dt, r, splatConst(b, dt, 1, loc), splatConst(b, dt, 0, loc))
	default:
		unsigned := name == "arith.extui" || name == "arith.uitofp" || name == "arith.index_castui"
		if bits := e.narrowBits(src); bits > 0 && unsigned {
			in = zextLow(b, in, bits, loc)
		}
		r = in
		if st != dt {
			r = op(b, castOps[name], loc, dt, []*ir.Value{in}, rounding...).Result(0)
		}
		narrowing := name == "arith.trunci" || name == "arith.fptoui" ||
			(name == "arith.index_cast" || name == "arith.index_castui") && e.bits(dst) < e.bits(src)
		if bits := e.narrowBits(dst); bits > 0 && narrowing {
			r = sextLow(b, r, bits, loc)
		}
	}
	rw.ReplaceOp(o, []*ir.Value{r})
	return nil
}

// roundingModes are the SPIR-V rounding modes of arith.truncf's (MLIR's
// convertArithRoundingModeToSPIRV).
var roundingModes = map[arith.RoundingMode]spv.FPRoundingMode{
	arith.ToNearestEven: spv.FPRoundingModeRTE, arith.Downward: spv.FPRoundingModeRTN,
	arith.Upward: spv.FPRoundingModeRTP, arith.TowardZero: spv.FPRoundingModeRTZ,
}

// fastmath returns the fastmath flags of o, with nnan and ninf under the
// enable-fast-math option.
func (e *env) fastmath(o *ir.Operation) arith.FastMathFlags {
	var flags arith.FastMathFlags
	if fm, ok := o.Attr("fastmath").(*arith.FastMathAttr); ok {
		flags = fm.Flags
	}
	if e.opts.FastMath {
		flags |= arith.FastMathNNaN | arith.FastMathNInf
	}
	return flags
}
