package index

import (
	"github.com/kiln-gpu/kiln/arith/intrange"
	"github.com/kiln-gpu/kiln/ir"
)

// The ops' integer range rules (MLIR's InferIntRangeInterfaceImpls.cpp for
// index): each arithmetic op is inferred at 64 bits and on its operands
// truncated to 32, as index may be either wide.
func init() {
	rules := map[*ir.OpDef]struct {
		rule func(l, r intrange.Range) intrange.Range
		mode intrange.CmpMode
	}{
		add:       {noFlags(intrange.Add), intrange.Both},
		sub:       {noFlags(intrange.Sub), intrange.Both},
		mul:       {noFlags(intrange.Mul), intrange.Both},
		divu:      {intrange.DivU, intrange.Unsigned},
		divs:      {intrange.DivS, intrange.Signed},
		ceildivu:  {intrange.CeilDivU, intrange.Unsigned},
		ceildivs:  {intrange.CeilDivS, intrange.Signed},
		floordivs: {intrange.FloorDivS, intrange.Signed},
		rems:      {intrange.RemS, intrange.Signed},
		remu:      {intrange.RemU, intrange.Unsigned},
		maxs:      {intrange.MaxS, intrange.Signed},
		maxu:      {intrange.MaxU, intrange.Unsigned},
		mins:      {intrange.MinS, intrange.Signed},
		minu:      {intrange.MinU, intrange.Unsigned},
		shl:       {noFlags(intrange.Shl), intrange.Both},
		shrs:      {intrange.ShrS, intrange.Signed},
		shru:      {intrange.ShrU, intrange.Unsigned},
		and:       {intrange.And, intrange.Unsigned},
		or:        {intrange.Or, intrange.Unsigned},
		xor:       {intrange.Xor, intrange.Unsigned},
	}
	for d, r := range rules {
		f := func(a []intrange.Range) intrange.Range { return r.rule(a[0], a[1]) }
		d.InferIntRanges = intrange.Infer(func(_ *ir.Operation, a []intrange.Range) intrange.Range {
			return intrange.IndexOp(f, a, r.mode)
		})
	}
	constantOp.InferIntRanges = intrange.Infer(func(op *ir.Operation, _ []intrange.Range) intrange.Range {
		return intrange.Constant(64, op.Attr("value").(*ir.IntegerAttr).Uint())
	})
	boolConstant.InferIntRanges = intrange.Infer(func(op *ir.Operation, _ []intrange.Range) intrange.Range {
		return intrange.Constant(1, op.Attr("value").(*ir.IntegerAttr).Uint())
	})
	casts.InferIntRanges = intrange.Infer(func(op *ir.Operation, a []intrange.Range) intrange.Range {
		return inferCast(op, a[0], true)
	})
	castu.InferIntRanges = intrange.Infer(func(op *ir.Operation, a []intrange.Range) intrange.Range {
		return inferCast(op, a[0], false)
	})
	cmp.InferIntRanges = intrange.Infer(func(op *ir.Operation, a []intrange.Range) intrange.Range {
		p := int(op.Attr("pred").(*CmpPredicateAttr).Pred)
		v64, ok64 := intrange.Cmp(p, a[0], a[1])
		v32, ok32 := intrange.Cmp(p, intrange.Trunc(a[0], 32), intrange.Trunc(a[1], 32))
		if ok64 && ok32 && v64 == v32 {
			return intrange.CmpRange(p, a[0], a[1])
		}
		return intrange.MaxRange(1)
	})
	sizeof.InferIntRanges = intrange.Infer(func(*ir.Operation, []intrange.Range) intrange.Range {
		return intrange.FromUnsigned(64, 32, 64)
	})
}

func noFlags(f func(l, r intrange.Range, o intrange.Overflow) intrange.Range) func(l, r intrange.Range) intrange.Range {
	return func(l, r intrange.Range) intrange.Range { return f(l, r, 0) }
}

// inferCast is MLIR's inferIndexCast: a cast to index is the union of the
// casts to 64 and to 32 bits.
func inferCast(op *ir.Operation, r intrange.Range, signed bool) intrange.Range {
	dest := intrange.StorageWidth(op.Result(0).Type())
	if isIndex(op.Operand(0).Type()) {
		return intrange.Cast(r, dest, signed)
	}
	return intrange.Union(intrange.Cast(r, dest, signed), intrange.Ext(intrange.Cast(r, 32, signed), dest))
}
