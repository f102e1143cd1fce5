package analysis

import "slices"

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
	s := &system{n: c.NumVars()}
	for _, r := range c.eqs {
		s.eqs = append(s.eqs, slices.Clone(r))
	}
	for _, r := range c.ineqs {
		s.ineqs = append(s.ineqs, slices.Clone(r))
	}
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
			tighten(&lo, -floorDiv(r[s.n], c), false)
		case c < 0: // k >= -c*x: x <= floor(k / -c)
			tighten(&hi, floorDiv(r[s.n], -c), true)
		}
	}
	return lo, hi
}

// project eliminates every variable but keep; false when an elimination
// overflows or blows up, or the system is found empty.
func (s *system) project(keep int) bool {
	if s.normalize() {
		return false
	}
	for {
		ei, j := -1, -1
		for i, r := range s.eqs {
			for k, x := range r[:s.n] {
				if k != keep && x != 0 && (j < 0 || x == 1 || x == -1) {
					ei, j = i, k
				}
			}
		}
		if j < 0 {
			break
		}
		eq := s.eqs[ei]
		s.eqs = slices.Delete(s.eqs, ei, ei+1)
		a := eq[j]
		for _, rows := range [][][]int64{s.eqs, s.ineqs} {
			for k, r := range rows {
				if r[j] == 0 {
					continue
				}
				f, g := abs(a), r[j]
				if a < 0 {
					g = -g
				}
				rows[k] = s.combine(r, f, eq, -g)
			}
		}
		if s.overflow || s.normalize() {
			return false
		}
	}
	for {
		j := -1
		for k := range s.n {
			if k != keep && slices.ContainsFunc(s.ineqs, func(r []int64) bool { return r[k] != 0 }) {
				j = k
				break
			}
		}
		if j < 0 {
			return true
		}
		s.fourierMotzkin(j)
		if s.overflow || len(s.ineqs) >= explosionFactor*max(s.n, 1) || s.normalize() {
			return false
		}
	}
}
