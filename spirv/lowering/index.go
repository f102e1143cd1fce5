package lowering

import (
	"github.com/kiln-gpu/kiln/index"
	"github.com/kiln-gpu/kiln/ir"
	"github.com/kiln-gpu/kiln/ir/rewrite"
)

// indexPatterns convert the index dialect (MLIR's IndexToSPIRV): index
// values are the target's index integer (i32, or i64 with Use64BitIndex).
func (e *env) indexPatterns() []*rewrite.ConversionPattern {
	var ps []*rewrite.ConversionPattern
	for from, to := range map[string]string{
		"index.add": "spirv.IAdd", "index.sub": "spirv.ISub", "index.mul": "spirv.IMul",
		"index.divs": "spirv.SDiv", "index.divu": "spirv.UDiv", "index.rems": "spirv.SRem", "index.remu": "spirv.UMod",
		"index.shl": "spirv.ShiftLeftLogical", "index.shrs": "spirv.ShiftRightArithmetic", "index.shru": "spirv.ShiftRightLogical",
		"index.and": "spirv.BitwiseAnd", "index.or": "spirv.BitwiseOr", "index.xor": "spirv.BitwiseXor",
	} {
		ps = append(ps, e.elementwise(from, to, ""))
	}
	for from, g := range map[string][2]string{
		"index.maxs": {"SMax", "s_max"}, "index.maxu": {"UMax", "u_max"},
		"index.mins": {"SMin", "s_min"}, "index.minu": {"UMin", "u_min"},
	} {
		to := "spirv.GL." + g[0]
		if e.kernel() {
			to = "spirv.CL." + g[1]
		}
		ps = append(ps, e.elementwise(from, to, ""))
	}
	for _, name := range []string{"index.ceildivs", "index.ceildivu", "index.floordivs"} {
		ps = append(ps, &rewrite.ConversionPattern{Name: name, Root: name, Rewrite: e.indexRoundedDiv})
	}
	for _, name := range []string{"index.constant", "index.bool.constant"} {
		ps = append(ps, &rewrite.ConversionPattern{Name: name, Root: name, Rewrite: e.constant})
	}
	return append(ps,
		&rewrite.ConversionPattern{Name: "index.sizeof", Root: "index.sizeof", Rewrite: e.sizeof},
		&rewrite.ConversionPattern{Name: "index.cmp", Root: "index.cmp", Rewrite: e.indexCmp},
		&rewrite.ConversionPattern{Name: "index.casts", Root: "index.casts", Rewrite: e.indexCast},
		&rewrite.ConversionPattern{Name: "index.castu", Root: "index.castu", Rewrite: e.indexCast},
	)
}

func (e *env) sizeof(o *ir.Operation, _ []*ir.Value, rw *rewrite.ConversionRewriter) error {
	rw.SetInsertionPointBefore(o)
	rw.ReplaceOp(o, []*ir.Value{intConst(&rw.Builder, e.index, int64(ir.IntOrFloatBitWidth(e.index)), o.Loc())})
	return nil
}

func (e *env) indexCmp(o *ir.Operation, operands []*ir.Value, rw *rewrite.ConversionRewriter) error {
	p, ok := o.Attr("pred").(*index.CmpPredicateAttr)
	if !ok {
		return rewrite.NoMatch
	}
	names := [...]string{"IEqual", "INotEqual", "SLessThan", "SLessThanEqual", "SGreaterThan", "SGreaterThanEqual",
		"ULessThan", "ULessThanEqual", "UGreaterThan", "UGreaterThanEqual"}
	rw.ReplaceOpWith(o, &ir.OpState{Name: "spirv." + names[p.Pred], Loc: o.Loc(), Operands: operands,
		ResultTypes: []ir.Type{e.ctx.I(1)}})
	return nil
}

// indexRoundedDiv expands index's rounding divisions as MLIR's
// IndexToSPIRV does (its formulas from IndexToLLVM):
// ceildivs(n, m) = n and m of one sign and n != 0 ? (n+x)/m + 1 : -(-n/m)
// with x = m > 0 ? -1 : 1; ceildivu(n, m) = n == 0 ? 0 : (n-1)/m + 1;
// floordivs(n, m) = signs differ and n != 0 ? -1 - (x-n)/m : n/m with
// x = m < 0 ? 1 : -1.
func (e *env) indexRoundedDiv(o *ir.Operation, operands []*ir.Value, rw *rewrite.ConversionRewriter) error {
	t := e.tc.ConvertType(o.Result(0).Type())
	if t == nil || len(operands) != 2 {
		return rewrite.NoMatch
	}
	b := &rw.Builder
	b.SetInsertionPointBefore(o)
	loc := o.Loc()
	n, m := operands[0], operands[1]
	bt := e.ctx.I(1)
	zero, one := intConst(b, t, 0, loc), intConst(b, t, 1, loc)
	var res *ir.Value
	switch o.Name() {
	case "index.ceildivu":
		q := val(b, "spirv.UDiv", loc, t, val(b, "spirv.ISub", loc, t, n, one), m)
		plusOne := val(b, "spirv.IAdd", loc, t, q, one)
		res = val(b, "spirv.Select", loc, t, val(b, "spirv.IEqual", loc, bt, n, zero), zero, plusOne)
	case "index.ceildivs":
		negOne := intConst(b, t, -1, loc)
		mPos := val(b, "spirv.SGreaterThan", loc, bt, m, zero)
		x := val(b, "spirv.Select", loc, t, mPos, negOne, one)
		posRes := val(b, "spirv.IAdd", loc, t, val(b, "spirv.SDiv", loc, t, val(b, "spirv.IAdd", loc, t, n, x), m), one)
		negRes := val(b, "spirv.ISub", loc, t, zero, val(b, "spirv.SDiv", loc, t, val(b, "spirv.ISub", loc, t, zero, n), m))
		sameSign := val(b, "spirv.LogicalEqual", loc, bt, val(b, "spirv.SGreaterThan", loc, bt, n, zero), mPos)
		cmp := val(b, "spirv.LogicalAnd", loc, bt, sameSign, val(b, "spirv.INotEqual", loc, bt, n, zero))
		res = val(b, "spirv.Select", loc, t, cmp, posRes, negRes)
	default: // index.floordivs
		negOne := intConst(b, t, -1, loc)
		mNeg := val(b, "spirv.SLessThan", loc, bt, m, zero)
		x := val(b, "spirv.Select", loc, t, mNeg, one, negOne)
		negRes := val(b, "spirv.ISub", loc, t, negOne, val(b, "spirv.SDiv", loc, t, val(b, "spirv.ISub", loc, t, x, n), m))
		posRes := val(b, "spirv.SDiv", loc, t, n, m)
		diffSign := val(b, "spirv.LogicalNotEqual", loc, bt, val(b, "spirv.SLessThan", loc, bt, n, zero), mNeg)
		cmp := val(b, "spirv.LogicalAnd", loc, bt, diffSign, val(b, "spirv.INotEqual", loc, bt, n, zero))
		res = val(b, "spirv.Select", loc, t, cmp, negRes, posRes)
	}
	rw.ReplaceOp(o, []*ir.Value{res})
	return nil
}

// roundedDiv expands arith's rounding divisions from the truncating
// quotient q and remainder r of n / m: ceildivsi adds 1 when r != 0 has
// m's sign, floordivsi subtracts 1 when it has the opposite sign,
// ceildivui adds 1 when r != 0 (what MLIR's arith-expand does before its
// lowering). Narrow integers computed in 32 bits divide unsigned on their
// zero-extended bits.
func (e *env) roundedDiv(o *ir.Operation, operands []*ir.Value, rw *rewrite.ConversionRewriter) error {
	t := e.tc.ConvertType(o.Result(0).Type())
	if t == nil || len(operands) != 2 {
		return rewrite.NoMatch
	}
	b := &rw.Builder
	b.SetInsertionPointBefore(o)
	loc := o.Loc()
	n, m := operands[0], operands[1]
	bt := boolLike(e.ctx, t)
	zero, one := splatConst(b, t, 0, loc), splatConst(b, t, 1, loc)
	switch o.Name() {
	case "arith.ceildivui":
		bits := e.narrowBits(o.Result(0).Type())
		if bits > 0 {
			n, m = zextLow(b, n, bits, loc), zextLow(b, m, bits, loc)
		}
		q, r := val(b, "spirv.UDiv", loc, t, n, m), val(b, "spirv.UMod", loc, t, n, m)
		inexact := val(b, "spirv.INotEqual", loc, bt, r, zero)
		res := val(b, "spirv.IAdd", loc, t, q, val(b, "spirv.Select", loc, t, inexact, one, zero))
		if bits > 0 {
			res = sextLow(b, res, bits, loc)
		}
		rw.ReplaceOp(o, []*ir.Value{res})
		return nil
	}
	q := val(b, "spirv.SDiv", loc, t, n, m)
	r := val(b, "spirv.ISub", loc, t, n, val(b, "spirv.IMul", loc, t, q, m))
	inexact := val(b, "spirv.INotEqual", loc, bt, r, zero)
	rNeg, mNeg := val(b, "spirv.SLessThan", loc, bt, r, zero), val(b, "spirv.SLessThan", loc, bt, m, zero)
	adjust, step := "spirv.LogicalEqual", "spirv.IAdd"
	if o.Name() == "arith.floordivsi" {
		adjust, step = "spirv.LogicalNotEqual", "spirv.ISub"
	}
	cond := val(b, "spirv.LogicalAnd", loc, bt, inexact, val(b, adjust, loc, bt, rNeg, mNeg))
	rw.ReplaceOp(o, []*ir.Value{val(b, step, loc, t, q, val(b, "spirv.Select", loc, t, cond, one, zero))})
	return nil
}

// indexCast converts index.casts and index.castu: SConvert/UConvert
// between widths, and on integers emulated in 32 bits the low bits kept
// by hand.
func (e *env) indexCast(o *ir.Operation, operands []*ir.Value, rw *rewrite.ConversionRewriter) error {
	src, dst := o.Operand(0).Type(), o.Result(0).Type()
	in, dt := operands[0], e.tc.ConvertType(dst)
	if dt == nil {
		return rewrite.NoMatch
	}
	b := &rw.Builder
	b.SetInsertionPointBefore(o)
	loc := o.Loc()
	signed := o.Name() == "index.casts"
	srcBits, dstBits := e.bits(src), e.bits(dst)
	var r *ir.Value
	switch {
	case isBool(src):
		one := int64(1)
		if signed {
			one = -1
		}
		r = val(b, "spirv.Select", loc, dt, in, intConst(b, dt, one, loc), intConst(b, dt, 0, loc))
	case isBool(dst):
		r = val(b, "spirv.INotEqual", loc, dt, val(b, "spirv.BitwiseAnd", loc, in.Type(), in, intConst(b, in.Type(), 1, loc)),
			intConst(b, in.Type(), 0, loc))
	case in.Type() == dt:
		// Narrow integers computed in 32 bits are kept sign-extended (see
		// narrowFixes): castu reads one zero-extended, and a cast to one
		// sign-extends its low bits.
		r = in
		phys := ir.IntOrFloatBitWidth(dt)
		if !signed && srcBits < phys {
			r = zextLow(b, r, srcBits, loc)
		}
		if dstBits < srcBits && dstBits < phys {
			r = sextLow(b, r, dstBits, loc)
		}
	case signed:
		r = val(b, "spirv.SConvert", loc, dt, in)
	default:
		r = val(b, "spirv.UConvert", loc, dt, in)
	}
	rw.ReplaceOp(o, []*ir.Value{r})
	return nil
}

// bits is the width t has in the source program (the target's for index).
func (e *env) bits(t ir.Type) int {
	if _, ok := t.(*ir.IndexType); ok {
		return ir.IntOrFloatBitWidth(e.index)
	}
	return ir.IntOrFloatBitWidth(t)
}
