// Package analysis is MLIR's affine analysis (mlir/lib/Dialect/Affine/
// Analysis and the parts of mlir/lib/Analysis/Presburger it needs): a
// system of integer constraints over loop induction variables, symbols and
// local (division) variables, memref access dependence checks, and loop
// parallelism.
package analysis

import (
	"math"
	"slices"

	"github.com/kiln-gpu/kiln/ir"
)

// VarKind says what a variable of a constraint system stands for.
type VarKind uint8

const (
	// Dim is a loop induction variable.
	Dim VarKind = iota
	// Symbol is a value that does not change in the loops of the system.
	Symbol
	// Local is an existentially quantified variable, such as the quotient
	// of a floordiv.
	Local
)

// Constraints is MLIR's FlatAffineValueConstraints: equalities (row·x + c
// == 0) and inequalities (row·x + c >= 0) over integer variables, each
// dim and symbol tied to the SSA value it stands for. A row holds one
// coefficient per variable, then the constant.
type Constraints struct {
	kinds  []VarKind
	values []*ir.Value
	eqs    [][]int64
	ineqs  [][]int64
}

// NumVars returns the number of variables.
func (c *Constraints) NumVars() int { return len(c.kinds) }

// AppendVar adds a variable of kind k standing for v (nil for none) and
// returns its position.
func (c *Constraints) AppendVar(k VarKind, v *ir.Value) int {
	c.kinds = append(c.kinds, k)
	c.values = append(c.values, v)
	for _, rows := range [][][]int64{c.eqs, c.ineqs} {
		for i, r := range rows {
			rows[i] = slices.Insert(r, len(r)-1, 0)
		}
	}
	return len(c.kinds) - 1
}

// Find returns the position of the dim or symbol standing for v, or -1.
func (c *Constraints) Find(v *ir.Value) int {
	for i, w := range c.values {
		if w == v && c.kinds[i] != Local {
			return i
		}
	}
	return -1
}

// AddEquality adds row·x + row[last] == 0; row has NumVars()+1 entries.
func (c *Constraints) AddEquality(row []int64) { c.eqs = append(c.eqs, slices.Clone(row)) }

// AddInequality adds row·x + row[last] >= 0.
func (c *Constraints) AddInequality(row []int64) { c.ineqs = append(c.ineqs, slices.Clone(row)) }

// Linear is a linear form over the variables of a system: a coefficient
// per variable position, and a constant.
type Linear struct {
	Coeffs map[int]int64
	Const  int64
}

// Row returns l as a row of c.
func (c *Constraints) Row(l Linear) []int64 {
	row := make([]int64, c.NumVars()+1)
	for i, x := range l.Coeffs {
		row[i] = x
	}
	row[len(row)-1] = l.Const
	return row
}

// explosionFactor bounds the constraints Fourier-Motzkin may make, per
// variable, as MLIR's kExplosionFactor.
const explosionFactor = 32

// IsEmpty reports whether the system has no integer solution, as MLIR's
// IntegerRelation::isEmpty: a GCD test on the equalities, Gaussian
// elimination with the equalities, then Fourier-Motzkin elimination, with
// every inequality tightened by the GCD of its coefficients. It is exact
// when each elimination divides by a unit coefficient; otherwise (and when
// FM would blow up or an int64 overflows) it is conservative, reporting
// "not empty" for a system that may have only rational solutions, as
// MLIR's.
func (c *Constraints) IsEmpty() bool {
	return c.system().empty()
}

// system returns a working copy of c's constraints to eliminate in.
func (c *Constraints) system() *system {
	s := &system{n: c.NumVars()}
	for _, r := range c.eqs {
		s.eqs = append(s.eqs, slices.Clone(r))
	}
	for _, r := range c.ineqs {
		s.ineqs = append(s.ineqs, slices.Clone(r))
	}
	return s
}

// system is the working copy IsEmpty eliminates in.
type system struct {
	n          int
	eqs, ineqs [][]int64
	overflow   bool
}

func (s *system) empty() bool {
	if s.normalize() {
		return true
	}
	// Gaussian elimination: each equality removes one variable, a unit
	// coefficient first (exact), then any other.
	for len(s.eqs) > 0 {
		s.eliminateWith(s.pivot())
		if s.overflow {
			return false
		}
		if s.normalize() {
			return true
		}
	}
	for {
		j := s.bestVar()
		if j < 0 {
			return false
		}
		s.fourierMotzkin(j)
		if s.overflow || len(s.ineqs) >= explosionFactor*max(s.n, 1) {
			return false
		}
		if s.normalize() {
			return true
		}
	}
}

// pivot picks the equality and variable Gaussian elimination uses next.
func (s *system) pivot() (int, int) {
	bi, bj := -1, -1
	for i, r := range s.eqs {
		for j, x := range r[:s.n] {
			if x == 1 || x == -1 {
				return i, j
			}
			if x != 0 && bi < 0 {
				bi, bj = i, j
			}
		}
	}
	return bi, bj
}

// bestVar is MLIR's getBestVarToEliminate: the variable whose elimination
// makes the fewest new inequalities; -1 when no inequality has a variable.
func (s *system) bestVar() int {
	best, bestCost := -1, math.MaxInt
	for j := range s.n {
		lbs, ubs := 0, 0
		for _, r := range s.ineqs {
			switch {
			case r[j] > 0:
				lbs++
			case r[j] < 0:
				ubs++
			}
		}
		if lbs+ubs == 0 {
			continue
		}
		if cost := lbs*ubs - lbs - ubs; cost < bestCost {
			best, bestCost = j, cost
		}
	}
	return best
}

// fourierMotzkin eliminates variable j from the inequalities: each lower
// bound combines with each upper bound; a variable bounded on one side
// only drops its constraints.
func (s *system) fourierMotzkin(j int) {
	var lbs, ubs, rest [][]int64
	for _, r := range s.ineqs {
		switch {
		case r[j] > 0:
			lbs = append(lbs, r)
		case r[j] < 0:
			ubs = append(ubs, r)
		default:
			rest = append(rest, r)
		}
	}
	for _, l := range lbs {
		for _, u := range ubs {
			rest = append(rest, s.combine(l, -u[j], u, l[j]))
		}
	}
	s.ineqs = rest
}

// combine returns a*f + b*g, noting an overflow.
func (s *system) combine(a []int64, f int64, b []int64, g int64) []int64 {
	out := make([]int64, len(a))
	for i := range a {
		x, ok1 := ir.CheckedMul(a[i], f)
		y, ok2 := ir.CheckedMul(b[i], g)
		z, ok3 := ir.CheckedAdd(x, y)
		if !ok1 || !ok2 || !ok3 {
			s.overflow = true
		}
		out[i] = z
	}
	return out
}

// normalize divides every constraint by the GCD of its coefficients
// (rounding an inequality's constant down: GCD tightening), drops trivial
// and repeated constraints and reports a trivially false one.
func (s *system) normalize() bool {
	eqs := s.eqs[:0]
	for _, r := range s.eqs {
		g := rowGCD(r[:s.n])
		if g == 0 {
			if r[s.n] != 0 {
				return true
			}
			continue
		}
		if r[s.n]%g != 0 {
			return true
		}
		for i := range r {
			r[i] /= g
		}
		eqs = append(eqs, r)
	}
	s.eqs = eqs
	seen := map[string]bool{}
	ineqs := s.ineqs[:0]
	for _, r := range s.ineqs {
		g := rowGCD(r[:s.n])
		if g == 0 {
			if r[s.n] < 0 {
				return true
			}
			continue
		}
		for i := range r[:s.n] {
			r[i] /= g
		}
		r[s.n] = ir.FloorDiv(r[s.n], g)
		if k := key(r); !seen[k] {
			seen[k] = true
			ineqs = append(ineqs, r)
		}
	}
	s.ineqs = ineqs
	return false
}

func key(r []int64) string {
	b := make([]byte, 0, len(r)*8)
	for _, x := range r {
		for k := range 8 {
			b = append(b, byte(x>>(8*k)))
		}
	}
	return string(b)
}

func rowGCD(r []int64) int64 {
	var g int64
	for _, x := range r {
		g = gcd(g, x)
	}
	return g
}

func gcd(a, b int64) int64 {
	a, b = abs(a), abs(b)
	for b != 0 {
		a, b = b, a%b
	}
	return a
}

func abs(x int64) int64 {
	if x < 0 {
		return -x
	}
	return x
}
