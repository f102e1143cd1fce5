package analysis

import (
	"slices"

	"github.com/kiln-gpu/kiln/affine"
	"github.com/kiln-gpu/kiln/ir"
)

// region is MLIR's MemRefRegion at depth 0: a system whose first rank
// variables are the memref's dimensions and whose others are symbols, the
// values outside the loop nest the access depends on.
type region struct {
	memref *ir.Value
	rank   int
	cs     *Constraints
}

// MemoryFootprint is MLIR's getMemoryFootprintBytes(loop, 0): the bytes of
// the bounding boxes of the memref regions the affine loads and stores in
// loop touch, one per memref (the union of its accesses' regions). Each
// region is symbolic in the values defined outside loop. It fails (MLIR's
// std::nullopt) when a union fails (a dimension with no constant extent in
// either region, or extents whose lower bounds are in different symbols
// and have no constant bounds; with MLIR's warning on the access), a
// dynamic memref dimension has no constant extent or an element type has
// no byte size (index). A memref with a non-identity layout counts 0
// bytes, as MLIR's getRegionSize (which returns false there).
func MemoryFootprint(loop *ir.Operation) (int64, bool) {
	regions := map[*ir.Value]*region{}
	var order []*ir.Value
	ok := loop.Walk(func(op *ir.Operation) bool {
		acc, isAccess := AccessOf(op)
		if !isAccess {
			return true
		}
		r, good := computeRegion(acc)
		if !good {
			return false
		}
		old := regions[acc.MemRef]
		if old == nil {
			regions[acc.MemRef] = r
			order = append(order, acc.MemRef)
			return true
		}
		if !old.union(r) {
			op.Context().Emit(ir.NewDiagnostic(ir.SeverityWarning, op.Loc(), "getMemoryFootprintBytes: unable to perform a union on a memory region"))
			return false
		}
		return true
	})
	if !ok {
		return 0, false
	}
	var total int64
	for _, m := range order {
		size, good := regions[m].bytes()
		if !good {
			return 0, false
		}
		total += size
	}
	return total, true
}

// computeRegion is MLIR's MemRefRegion::compute at depth 0: a system over
// the memref dimensions, the loop induction variables the access uses
// (with their loops' bounds, which may use outer induction variables, and
// steps, as addAffineForOpDomain) and symbols, and the access equalities;
// the induction variables, then the locals, are projected out one by one,
// the memref's static sizes bound its dimensions and the trivially
// redundant constraints go (removeTrivialRedundancy). When the projection
// overflows, blows up or finds the system empty, the region keeps only
// the size bounds.
func computeRegion(acc Access) (*region, bool) {
	if _, ok := acc.MemRef.Type().(*ir.MemRefType); !ok {
		return nil, false
	}
	rank := len(acc.Map.Results)
	cs := &Constraints{}
	for range rank {
		cs.AppendVar(Dim, nil)
	}
	r := &region{memref: acc.MemRef, rank: rank, cs: cs}
	if rank == 0 {
		return r, true
	}
	b := &builder{cs: cs}
	var addLoop func(iv *ir.Value) bool
	good := true
	b.col = func(v *ir.Value) (int, bool) {
		if j := cs.Find(v); j >= 0 {
			return j, true
		}
		if owner := v.OwnerBlock(); owner != nil && owner.ParentOp() != nil && owner.ParentOp().Name() == "affine.for" && v.Index() == 0 {
			j := cs.AppendVar(Dim, v)
			if !addLoop(v) {
				good = false
			}
			return j, true
		}
		return cs.AppendVar(Symbol, v), true
	}
	addLoop = func(iv *ir.Value) bool {
		f := affine.For{Operation: iv.OwnerBlock().ParentOp()}
		lb, ub := affine.MapOf(f.Operation, "lowerBoundMap"), affine.MapOf(f.Operation, "upperBoundMap")
		if lb == nil || ub == nil {
			return false
		}
		for _, e := range lb.Results {
			l, ok := b.expr(e, lb.Dims, f.LowerBoundOperands(), 0)
			if !ok {
				return false
			}
			x := Linear{Coeffs: map[int]int64{cs.Find(iv): 1}}
			cs.AddInequality(cs.Row(sum(x, scaled(l, -1))))
		}
		for _, e := range ub.Results {
			l, ok := b.expr(e, ub.Dims, f.UpperBoundOperands(), 0)
			if !ok {
				return false
			}
			x := Linear{Coeffs: map[int]int64{cs.Find(iv): -1}}
			cs.AddInequality(cs.Row(sum(l, sum(x, constant(-1)))))
		}
		// A step from a constant lower bound: iv - lb == step * q.
		if st := f.Step(); st > 1 && len(lb.Results) == 1 && lb.Results[0].Kind == ir.AffineConst {
			q := cs.AppendVar(Local, nil)
			cs.AddEquality(cs.Row(Linear{Coeffs: map[int]int64{cs.Find(iv): 1, q: -st}, Const: -lb.Results[0].Value}))
		}
		return true
	}
	for k, e := range acc.Map.Results {
		l, ok := b.expr(e, acc.Map.Dims, acc.Indices, 0)
		if !ok || !good {
			return nil, false
		}
		cs.AddEquality(cs.Row(sum(l, Linear{Coeffs: map[int]int64{k: -1}})))
	}
	// The induction variables, in order, then the locals.
	var order []int
	for _, kind := range []VarKind{Dim, Local} {
		for j := rank; j < cs.NumVars(); j++ {
			if cs.kinds[j] == kind {
				order = append(order, j)
			}
		}
	}
	s := cs.system()
	projected := !s.normalize()
	for _, j := range order {
		if !projected {
			break
		}
		projected = s.projectOut(j)
	}
	out := &Constraints{}
	var keep []int
	for j, k := range cs.kinds {
		if j < rank || k == Symbol {
			keep = append(keep, j)
			out.AppendVar(k, cs.values[j])
		}
	}
	if projected {
		restrict := func(row []int64) []int64 {
			o := make([]int64, 0, len(keep)+1)
			for _, j := range keep {
				o = append(o, row[j])
			}
			return append(o, row[s.n])
		}
		for _, row := range s.eqs {
			out.AddEquality(restrict(row))
		}
		for _, row := range s.ineqs {
			out.AddInequality(restrict(row))
		}
	}
	r.cs = out
	r.addSizeBounds(out)
	out.removeTrivialRedundancy()
	return r, true
}

// projectOut eliminates variable j as MLIR's fourierMotzkinEliminate: with
// an equality that holds it (Gaussian elimination), else by
// Fourier-Motzkin; false when that overflows, blows up or finds the system
// empty.
func (s *system) projectOut(j int) bool {
	if i := slices.IndexFunc(s.eqs, func(r []int64) bool { return r[j] != 0 }); i >= 0 {
		s.eliminateWith(i, j)
	} else {
		s.fourierMotzkin(j)
	}
	return !s.overflow && len(s.ineqs) < explosionFactor*max(s.n, 1) && !s.normalize()
}

// addSizeBounds adds to cs, a system over r's dimensions and symbols, the
// bounds of each dimension by the memref's size: 0 <= d, and d <= size - 1
// for a static size.
func (r *region) addSizeBounds(cs *Constraints) {
	mt := r.memref.Type().(*ir.MemRefType)
	for d := range r.rank {
		cs.AddInequality(cs.Row(Linear{Coeffs: map[int]int64{d: 1}}))
		if mt.Dims[d] != ir.Dynamic {
			cs.AddInequality(cs.Row(Linear{Coeffs: map[int]int64{d: -1}, Const: mt.Dims[d] - 1}))
		}
	}
}

// dimBounds is a constant-size extent of a memref dimension d: div*d is
// at least lb·(symbols, 1) (rounded up: lb's constant already holds the
// div - 1 of the floordiv) and at most ub·(symbols, 1).
type dimBounds struct {
	size   int64
	lb, ub []int64
	div    int64
}

// constantBoundOnDimSize is MLIR's getConstantBoundOnDimSize for dimension
// pos of a system whose first dims variables are dimensions and the others
// symbols: an equality fixing pos in symbols alone gives one element; else
// the smallest extent between a lower and an upper bound of pos that hold
// no other dimension and whose other coefficients are opposite.
func (c *Constraints) constantBoundOnDimSize(pos, dims int) (dimBounds, bool) {
	n := c.NumVars()
	otherDims := func(r []int64) bool {
		for j, x := range r[:dims] {
			if j != pos && x != 0 {
				return true
			}
		}
		return false
	}
	for _, r := range c.eqs {
		if v := r[pos]; (v == 1 || v == -1) && !otherDims(r) {
			lb := make([]int64, n-dims+1)
			for k := range lb {
				lb[k] = -r[dims+k] * v
			}
			return dimBounds{size: 1, lb: lb, ub: slices.Clone(lb), div: 1}, true
		}
	}
	var lbs, ubs [][]int64
	for _, r := range c.ineqs {
		switch {
		case otherDims(r):
		case r[pos] >= 1:
			lbs = append(lbs, r)
		case r[pos] <= -1:
			ubs = append(ubs, r)
		}
	}
	var best dimBounds
	var lo, hi []int64
	found := false
	for _, u := range ubs {
		for _, l := range lbs {
			opposite := true
			for j := range n {
				opposite = opposite && u[j] == -l[j]
			}
			if !opposite {
				continue
			}
			size := max(-ir.FloorDiv(-(u[n]+l[n]+1), l[pos]), 0)
			if !found || size < best.size {
				best, lo, hi, found = dimBounds{size: size, div: l[pos]}, l, u, true
			}
		}
	}
	if !found {
		return dimBounds{}, false
	}
	best.lb, best.ub = make([]int64, n-dims+1), make([]int64, n-dims+1)
	for k := range best.lb {
		best.lb[k] = -lo[dims+k]
		best.ub[k] = hi[dims+k]
	}
	best.lb[n-dims] += best.div - 1
	return best, true
}

// projectAll eliminates every variable keep refuses; false when an
// elimination overflows or blows up, or the system is found empty.
func (s *system) projectAll(keep func(int) bool) bool {
	if s.normalize() {
		return false
	}
	for {
		ei, j := -1, -1
		for i, r := range s.eqs {
			for k, x := range r[:s.n] {
				if !keep(k) && x != 0 && (j < 0 || x == 1 || x == -1) {
					ei, j = i, k
				}
			}
		}
		if j < 0 {
			break
		}
		s.eliminateWith(ei, j)
		if s.overflow || s.normalize() {
			return false
		}
	}
	for {
		j := -1
		for k := range s.n {
			if !keep(k) && slices.ContainsFunc(s.ineqs, func(r []int64) bool { return r[k] != 0 }) {
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

// eliminateWith removes variable j from every other constraint with
// equality ei, which it drops (one step of Gaussian elimination).
func (s *system) eliminateWith(ei, j int) {
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
			// r*|a| - eq*r[j]*sign(a) cancels column j and keeps the
			// sense of an inequality.
			rows[k] = s.combine(r, f, eq, -g)
		}
	}
}

// union is MLIR's unionBoundingBox: with their symbols aligned, each
// dimension's extent in r and o (which must have one, with the same
// divisor) gives the bounds of the union, the smaller lower and the larger
// upper bound where they differ only in their constant, else the constant
// bounds of both systems; the constraints r and o share stay.
func (r *region) union(o *region) bool {
	a, b := alignSymbols(r.cs, o.cs, r.rank)
	n := a.NumVars()
	box := &Constraints{kinds: a.kinds, values: a.values}
	for d := range r.rank {
		x, ok1 := a.constantBoundOnDimSize(d, r.rank)
		y, ok2 := b.constantBoundOnDimSize(d, r.rank)
		if !ok1 || !ok2 || x.div != y.div {
			return false
		}
		minLb, ok := boundUnion(x.lb, y.lb, true, x.div, func() (int64, int64, bool) {
			lx, _ := a.ConstantBounds(d)
			ly, _ := b.ConstantBounds(d)
			return lx.Value, ly.Value, lx.Known && ly.Known
		})
		if !ok {
			return false
		}
		maxUb, ok := boundUnion(x.ub, y.ub, false, x.div, func() (int64, int64, bool) {
			_, hx := a.ConstantBounds(d)
			_, hy := b.ConstantBounds(d)
			return hx.Value, hy.Value, hx.Known && hy.Known
		})
		if !ok {
			return false
		}
		lo, hi := make([]int64, n+1), make([]int64, n+1)
		lo[d], hi[d] = x.div, -x.div
		for k := range minLb {
			lo[r.rank+k] = -minLb[k]
			hi[r.rank+k] = maxUb[k]
		}
		box.AddInequality(lo)
		box.AddInequality(hi)
	}
	for _, row := range a.eqs {
		if slices.ContainsFunc(b.eqs, func(o []int64) bool { return slices.Equal(o, row) }) {
			box.AddEquality(row)
		}
	}
	for _, row := range a.ineqs {
		if slices.ContainsFunc(b.ineqs, func(o []int64) bool { return slices.Equal(o, row) }) {
			box.AddInequality(row)
		}
	}
	box.removeTrivialRedundancy()
	r.cs = box
	return true
}

// boundUnion is the lower (lower) or upper bound of a union from the
// bounds x and y (symbols, then the constant), as MLIR's unionBoundingBox:
// the smaller (larger) when they differ only in their constant
// (compareBounds), a lower one as a ceildiv (div*d >= x - div + 1 for
// x's floordiv by div); else the constant bound consts gives, the smaller
// (larger) of both systems', false when those are not known.
func boundUnion(x, y []int64, lower bool, div int64, consts func() (int64, int64, bool)) ([]int64, bool) {
	k := len(x) - 1
	if slices.Equal(x[:k], y[:k]) {
		out := slices.Clone(y)
		if x[k] == y[k] || x[k] < y[k] == lower {
			out = slices.Clone(x)
		}
		if lower {
			out[k] -= div - 1
		}
		return out, true
	}
	cx, cy, ok := consts()
	if !ok {
		return nil, false
	}
	out := make([]int64, len(x))
	if lower {
		out[k] = min(cx, cy)
	} else {
		out[k] = max(cx, cy)
	}
	return out, true
}

// alignSymbols returns copies of a and b, systems over dims dimensions and
// symbols, over the same symbols: a's, then those only b has, as MLIR's
// mergeAndAlignVarsWithOther.
func alignSymbols(a, b *Constraints, dims int) (*Constraints, *Constraints) {
	out := a.Clone()
	for j := dims; j < b.NumVars(); j++ {
		if out.Find(b.values[j]) < 0 {
			out.AppendVar(Symbol, b.values[j])
		}
	}
	other := &Constraints{kinds: out.kinds, values: out.values}
	col := make([]int, b.NumVars())
	for j := range col {
		col[j] = j
		if j >= dims {
			col[j] = out.Find(b.values[j])
		}
	}
	move := func(row []int64) []int64 {
		o := make([]int64, out.NumVars()+1)
		for j, x := range row[:len(row)-1] {
			o[col[j]] = x
		}
		o[len(o)-1] = row[len(row)-1]
		return o
	}
	for _, row := range b.eqs {
		other.AddEquality(move(row))
	}
	for _, row := range b.ineqs {
		other.AddInequality(move(row))
	}
	return out, other
}

// bytes is MLIR's getRegionSize: the element count of the region's
// bounding box (getConstantBoundingSizeAndShape: each dimension's constant
// extent, with the memref's size bounds added, else its static size) times
// the element size (MLIR's getMemRefIntOrFloatEltSizeInBytes: an integer
// or float, or a vector of them).
func (r *region) bytes() (int64, bool) {
	mt := r.memref.Type().(*ir.MemRefType)
	if mt.Layout != nil {
		return 0, true
	}
	cs := r.cs.Clone()
	r.addSizeBounds(cs)
	n := int64(1)
	for d := range r.rank {
		size := mt.Dims[d]
		if ext, ok := cs.constantBoundOnDimSize(d, r.rank); ok {
			size = ext.size
		} else if size == ir.Dynamic {
			return 0, false
		}
		n *= size
	}
	elem, lanes := mt.Elem, int64(1)
	if v, ok := elem.(*ir.VectorType); ok {
		elem, lanes = v.Elem, ir.NumElements(v)
	}
	bits := int64(ir.IntOrFloatBitWidth(elem)) * lanes
	if bits == 0 {
		return 0, false
	}
	return n * ((bits + 7) / 8), true
}
