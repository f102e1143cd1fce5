package analysis

import (
	"maps"
	"slices"

	"github.com/kiln-gpu/kiln/affine"
	"github.com/kiln-gpu/kiln/ir"
)

// extent is one dimension of a memref region's bounding box: its lower
// bound (a linear form over symbol values plus a constant) and a constant
// size.
type extent struct {
	syms map[*ir.Value]int64
	lb   int64
	size int64
}

// region is MLIR's MemRefRegion reduced to what the footprint needs: the
// bounding box of the elements an access touches, one extent per memref
// dimension.
type region struct {
	memref *ir.Value
	box    []extent
}

// MemoryFootprint is MLIR's getMemoryFootprintBytes(loop, 0): the bytes of
// the bounding boxes of the memref regions the affine loads and stores in
// loop touch, one box per memref (the union of its accesses' boxes). Each
// region is symbolic in the values defined outside loop. It fails (MLIR's
// std::nullopt) when an access has no box (a dynamic memref dimension
// whose extent is not constant), a box union fails (lower bounds in
// different symbols; with MLIR's warning on the access) or an element type
// has no byte size (index). A memref with a non-identity layout counts 0
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
			op.Context().Emit(&ir.Diagnostic{Severity: ir.SeverityWarning, Loc: op.Loc(), Message: "getMemoryFootprintBytes: unable to perform a union on a memory region"})
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

// computeRegion is MLIR's MemRefRegion::compute at depth 0 followed by
// getConstantBoundingSizeAndShape: a system over the memref dimensions,
// the loop induction variables the access uses (with their loops' bounds)
// and symbols, the access equalities; the induction variables and locals
// are projected out, the static dimension sizes bound the dimensions, and
// each dimension's extent is read from a lower and an upper bound whose
// symbolic parts cancel (the whole dimension when none is found).
func computeRegion(acc Access) (*region, bool) {
	mt, ok := acc.MemRef.Type().(*ir.MemRefType)
	if !ok {
		return nil, false
	}
	rank := len(acc.Map.Results)
	r := &region{memref: acc.MemRef}
	if rank == 0 {
		return r, true
	}
	cs := &Constraints{}
	for range rank {
		cs.AppendVar(Dim, nil)
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
		return true
	}
	for k, e := range acc.Map.Results {
		l, ok := b.expr(e, acc.Map.Dims, acc.Indices, 0)
		if !ok || !good {
			return nil, false
		}
		cs.AddEquality(cs.Row(sum(l, Linear{Coeffs: map[int]int64{k: -1}})))
	}
	for k, size := range mt.Dims {
		cs.AddInequality(cs.Row(Linear{Coeffs: map[int]int64{k: 1}}))
		if size != ir.Dynamic {
			cs.AddInequality(cs.Row(Linear{Coeffs: map[int]int64{k: -1}, Const: size - 1}))
		}
	}
	for d := range rank {
		keep := func(j int) bool { return j == d || j >= rank && cs.kinds[j] == Symbol }
		s := cs.system()
		ext, found := extent{}, false
		if s.projectAll(keep) {
			ext, found = s.extentOf(d, cs.values)
		}
		if !found {
			if mt.Dims[d] == ir.Dynamic {
				return nil, false
			}
			ext = extent{syms: map[*ir.Value]int64{}, size: mt.Dims[d]}
		}
		r.box = append(r.box, ext)
	}
	return r, true
}

// extentOf is MLIR's getConstantBoundOnDimSize on a system projected onto
// variable d and symbols: an equality fixing d makes the extent one
// element; else the smallest size between a lower and an upper bound of d
// (unit coefficient) whose symbolic parts cancel.
func (s *system) extentOf(d int, values []*ir.Value) (extent, bool) {
	symbolic := func(r []int64, sign int64) map[*ir.Value]int64 {
		out := map[*ir.Value]int64{}
		for j, x := range r[:s.n] {
			if j != d && x != 0 {
				out[values[j]] = sign * x
			}
		}
		return out
	}
	for _, r := range s.eqs {
		if r[d] == 1 || r[d] == -1 {
			// d = -(rest)/r[d]
			return extent{syms: symbolic(r, -r[d]), lb: -r[s.n] * r[d], size: 1}, true
		}
	}
	best, found := extent{}, false
	for _, lo := range s.ineqs {
		if lo[d] != 1 {
			continue
		}
		// d >= -(L + k): the lower bound's symbolic part is -L.
		lsyms := symbolic(lo, -1)
		for _, hi := range s.ineqs {
			if hi[d] != -1 || !maps.Equal(lsyms, symbolic(hi, 1)) {
				continue
			}
			// d <= U + k2 with U = -L: size k2 + k + 1.
			size := hi[s.n] + lo[s.n] + 1
			if !found || size < best.size {
				best, found = extent{syms: lsyms, lb: -lo[s.n], size: size}, true
			}
		}
	}
	return best, found
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

// union is MLIR's unionBoundingBox on two boxes of one memref: each
// extent becomes the hull of both, which needs lower bounds in the same
// symbols.
func (r *region) union(o *region) bool {
	if len(r.box) != len(o.box) {
		return false
	}
	for i, a := range r.box {
		b := o.box[i]
		if !maps.Equal(a.syms, b.syms) {
			return false
		}
		lo := min(a.lb, b.lb)
		r.box[i] = extent{syms: a.syms, lb: lo, size: max(a.lb+a.size, b.lb+b.size) - lo}
	}
	return true
}

// bytes is MLIR's getRegionSize: the box's element count times the element
// size (MLIR's getMemRefIntOrFloatEltSizeInBytes: an integer or float, or
// a vector of them).
func (r *region) bytes() (int64, bool) {
	mt := r.memref.Type().(*ir.MemRefType)
	if mt.Layout != nil {
		return 0, true
	}
	n := int64(1)
	for _, e := range r.box {
		n *= e.size
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
