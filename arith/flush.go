package arith

import (
	"math"
	"math/big"

	"github.com/kiln-gpu/kiln/ir"
	"github.com/kiln-gpu/kiln/ir/rewrite"
)

// storedBits is the number of stored significand bits of kind k (the
// precision less the implicit bit), for the kinds with denormals: sign,
// exponent and mantissa fields then fill the width. f80 (an explicit
// integer bit) and f8E8M0FNU (no mantissa, no denormals) have none.
func storedBits(k ir.FloatKind) (int, bool) {
	if k == ir.F128 {
		return 112, true
	}
	p, ok := mantissaBits[k]
	return int(p) - 1, ok && k != ir.F8E8M0FNU
}

// FlushDenormal is arith.flush_denormals on a value of kind k: a denormal
// becomes the zero of its sign.
func FlushDenormal(k ir.FloatKind, x float64) float64 {
	m, ok := storedBits(k)
	if !ok || x == 0 || math.IsNaN(x) || math.Abs(x) >= ir.FloatFromBits(k, 1<<uint(m)) {
		return x
	}
	return math.Copysign(0, x)
}

// ExpandFlushDenormals runs arith-expand-flush-denormals (MLIR's
// ArithExpandFlushDenormalsPass) on op: each arith.flush_denormals
// becomes integer arithmetic on the value's bits, which keeps only the
// sign of a denormal (zero exponent, non-zero mantissa), or makes it +0
// in the FNUZ types, which have no -0. On f8E8M0FNU, which has no
// denormals, it is its operand.
func ExpandFlushDenormals(op *ir.Operation) error {
	target := rewrite.NewConversionTarget()
	target.AddLegalDialect("arith", "vector")
	target.MarkUnknownOpsLegal()
	target.AddIllegalOp("arith.flush_denormals")
	return rewrite.ApplyPartialConversion(op, target, rewrite.NewConversionPatternSet(nil, expansion("arith.flush_denormals", expandFlushDenormals)))
}

func expandFlushDenormals(x *expander) *ir.Value {
	in := x.op.Operand(0)
	t := in.Type()
	k := elemKind(t)
	if k == ir.F8E8M0FNU {
		return in
	}
	m, ok := storedBits(k)
	if !ok || !static(t) {
		return nil
	}
	w := x.Ctx.Float(k).Width()
	it := x.i(w, t)
	elem := x.Ctx.I(w)
	mask := func(v *big.Int) *ir.Value { return x.Constant(it, x.Ctx.IntegerAttrBig(elem, v)) }
	one := big.NewInt(1)
	man := new(big.Int).Sub(new(big.Int).Lsh(one, uint(m)), one)
	sign := new(big.Int).Lsh(one, uint(w-1))
	exp := new(big.Int).Xor(new(big.Int).Sub(sign, one), man)
	bits := x.cast("arith.bitcast", it, in)
	manMask, expMask, signMask, zero := mask(man), mask(exp), mask(sign), x.IConst(it, 0)
	expZero := x.CmpI(CmpIEQ, x.Bin("arith.andi", bits, expMask), zero)
	manNonZero := x.CmpI(CmpINE, x.Bin("arith.andi", bits, manMask), zero)
	denormal := x.Bin("arith.andi", expZero, manNonZero)
	// In the FNUZ types, the sign bit alone is NaN.
	flushed := zero
	if !noNegativeZero(k) {
		flushed = x.Bin("arith.andi", bits, signMask)
	}
	res := x.Select(denormal, flushed, bits)
	return x.cast("arith.bitcast", t, res)
}

// noNegativeZero reports the kinds whose -0 bit pattern is NaN.
func noNegativeZero(k ir.FloatKind) bool {
	return k == ir.F8E5M2FNUZ || k == ir.F8E4M3FNUZ || k == ir.F8E4M3B11FNUZ
}
