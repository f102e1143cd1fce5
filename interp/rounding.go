package interp

import (
	"math"

	"github.com/kiln-gpu/kiln/arith"
	"github.com/kiln-gpu/kiln/ir"
)

// roundTo rounds x to kind k in mode; RoundFloat gives the nearest-even
// value, and the other modes pick it or its neighbour on x's other side.
func roundTo(k ir.FloatKind, x float64, mode arith.RoundingMode) float64 {
	r := ir.RoundFloat(k, x)
	if r == x || math.IsNaN(x) || mode == arith.ToNearestEven {
		return r
	}
	other := nextUp(k, r)
	if x < r {
		other = -nextUp(k, -r)
	}
	lo, hi := math.Min(r, other), math.Max(r, other)
	switch mode {
	case arith.Downward:
		return lo
	case arith.Upward:
		return hi
	case arith.TowardZero:
		if math.Abs(lo) < math.Abs(hi) {
			return lo
		}
		return hi
	case arith.ToNearestAway:
		if math.Abs(x-r) == math.Abs(x-other) && math.Abs(other) > math.Abs(r) {
			return other
		}
	}
	return r
}

// nextUp returns the least value of kind k greater than r.
func nextUp(k ir.FloatKind, r float64) float64 {
	b := ir.FloatBits(k, r)
	switch {
	case r == 0:
		return ir.FloatFromBits(k, 1)
	case r > 0:
		return ir.FloatFromBits(k, b+1)
	}
	return ir.FloatFromBits(k, b-1)
}
