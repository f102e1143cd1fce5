package analysis

import "github.com/kiln-gpu/kiln/ir"

// Bound is a constant bound of a variable, when Known.
type Bound struct {
	Value int64
	Known bool
}

// ConstantBounds is MLIR's getConstantBound64 for the lower and the upper
// bound of variable pos: every other variable is projected out (Gaussian
// elimination with the equalities, then Fourier-Motzkin), and the tightest
// constant bounds left on pos are read off. Bounds are inclusive; none is
// known when the projection overflows or blows up.
func (c *Constraints) ConstantBounds(pos int) (lo, hi Bound) {
	s := c.system()
	if !s.project(pos) {
		return Bound{}, Bound{}
	}
	tighten := func(b *Bound, v int64, upper bool) {
		if !b.Known || upper && v < b.Value || !upper && v > b.Value {
			*b = Bound{v, true}
		}
	}
	for _, r := range s.eqs {
		if r[pos] != 0 && r[s.n]%r[pos] == 0 {
			v := -r[s.n] / r[pos]
			tighten(&lo, v, false)
			tighten(&hi, v, true)
		}
	}
	for _, r := range s.ineqs {
		switch c := r[pos]; {
		case c > 0: // c*x + k >= 0: x >= ceil(-k / c)
			tighten(&lo, -ir.FloorDiv(r[s.n], c), false)
		case c < 0: // k >= -c*x: x <= floor(k / -c)
			tighten(&hi, ir.FloorDiv(r[s.n], -c), true)
		}
	}
	return lo, hi
}

// project eliminates every variable but keep.
func (s *system) project(keep int) bool {
	return s.projectAll(func(j int) bool { return j == keep })
}
