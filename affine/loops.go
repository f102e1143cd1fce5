package affine

import (
	"slices"

	"github.com/kiln-gpu/kiln/ir"
)

// The loop utilities of MLIR's LoopAnalysis.cpp and AffineValueMap that
// the loop transformations (affine/looptransforms) build on.

// ComposeMap is MLIR's fullyComposeAffineMapAndOperands followed by
// canonicalizeMapAndOperands and simplifyAffineMap: the affine.apply ops
// feeding operands are composed in, constant symbols folded, unused and
// repeated operands dropped.
func ComposeMap(m *ir.AffineMap, operands []*ir.Value) (*ir.AffineMap, []*ir.Value) {
	e, out := compose(ofMap(m), operands, anyConstant)
	e, out = canonicalize(e, out, anyConstant)
	return simplifyMap(e).toMap(), out
}

// SimplifyMap is MLIR's simplifyAffineMap.
func SimplifyMap(m *ir.AffineMap) *ir.AffineMap { return simplifyMap(ofMap(m)).toMap() }

// Sub is lhs - rhs.
func Sub(lhs, rhs *ir.AffineExpr) *ir.AffineExpr {
	return ir.AffineBinary(ir.AffineAdd, lhs, ir.AffineBinary(ir.AffineMul, rhs, ir.AffineConstExpr(-1)))
}

// Difference is MLIR's AffineValueMap::difference: the map of a's results
// minus b's over the operands of both (a's dims, b's dims, a's symbols,
// b's symbols), composed, canonicalized and simplified.
func Difference(a *ir.AffineMap, aOps []*ir.Value, b *ir.AffineMap, bOps []*ir.Value) (*ir.AffineMap, []*ir.Value) {
	all := slices.Concat(aOps[:a.Dims], bOps[:b.Dims], aOps[a.Dims:], bOps[b.Dims:])
	d := &ir.AffineMap{Dims: a.Dims + b.Dims, Symbols: a.Symbols + b.Symbols}
	for i, r := range a.Results {
		br := shift(b.Results[i], b.Dims, b.Symbols, a.Dims, a.Symbols)
		d.Results = append(d.Results, Sub(r, br))
	}
	return ComposeMap(d, all)
}

// SetBound replaces the lower (or upper) bound of an affine.for with m
// over operands.
func SetBound(op *ir.Operation, lower bool, m *ir.AffineMap, operands []*ir.Value) {
	f := For{op}
	lbs, ubs, inits := f.LowerBoundOperands(), f.UpperBoundOperands(), f.Inits()
	name := "upperBoundMap"
	if lower {
		lbs, name = operands, "lowerBoundMap"
	} else {
		ubs = operands
	}
	ctx := op.Context()
	op.SetAttr(name, ctx.AffineMapAttr(m))
	op.SetOperands(slices.Concat(lbs, ubs, inits))
	op.SetAttr("operandSegmentSizes", ctx.DenseI32Array(int64(len(lbs)), int64(len(ubs)), int64(len(inits))))
}

// SetStep sets an affine.for's step.
func SetStep(op *ir.Operation, step int64) { op.SetAttr("step", op.Context().IndexAttr(step)) }

// TripCountMap is MLIR's getTripCountMapAndOperands: the loop's trip count
// as one result per upper bound expression, over operands; nil when the
// lower bound has several results.
func TripCountMap(op *ir.Operation) (*ir.AffineMap, []*ir.Value) {
	f := For{op}
	step := f.Step()
	if n, ok := tripCount(op); ok {
		return &ir.AffineMap{Results: []*ir.AffineExpr{ir.AffineConstExpr(n)}}, nil
	}
	lb, ub := MapOf(op, "lowerBoundMap"), MapOf(op, "upperBoundMap")
	if lb == nil || ub == nil || len(lb.Results) != 1 {
		return nil, nil
	}
	splat := &ir.AffineMap{Dims: lb.Dims, Symbols: lb.Symbols, Results: slices.Repeat(lb.Results[:1], len(ub.Results))}
	m, ops := Difference(ub, f.UpperBoundOperands(), splat, f.LowerBoundOperands())
	for i, r := range m.Results {
		m.Results[i] = ir.AffineBinary(ir.AffineCeilDiv, r, ir.AffineConstExpr(step))
	}
	return m, ops
}

// ConstantTripCount is MLIR's getConstantTripCount: the smallest of the
// trip count map's results when all are constant (never below zero).
func ConstantTripCount(op *ir.Operation) (int64, bool) {
	m, _ := TripCountMap(op)
	if m == nil || len(m.Results) == 0 {
		return 0, false
	}
	var n int64
	for i, r := range m.Results {
		if r.Kind != ir.AffineConst {
			return 0, false
		}
		if i == 0 || r.Value < n {
			n = r.Value
		}
	}
	return max(n, 0), true
}

// LargestDivisorOfTripCount is MLIR's getLargestDivisorOfTripCount: the
// greatest common divisor of what is known to divide each trip count
// expression; 1 when the trip count cannot be computed.
func LargestDivisorOfTripCount(op *ir.Operation) int64 {
	m, _ := TripCountMap(op)
	if m == nil {
		return 1
	}
	var g int64
	for _, r := range m.Results {
		// A constant is its own divisor; a zero trip count (MLIR's
		// largest uint64) leaves the others to decide.
		g = gcd(g, r.LargestKnownDivisor())
	}
	return g
}
