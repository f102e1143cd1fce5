package transforms

import (
	"math"

	"github.com/kiln-gpu/kiln/affine"
	"github.com/kiln-gpu/kiln/affine/analysis"
	"github.com/kiln-gpu/kiln/ir"
	"github.com/kiln-gpu/kiln/ir/pass"
)

// LoopInvariantCodeMotionPass is affine-loop-invariant-code-motion,
// MLIR's AffineLoopInvariantCodeMotion: ops of an affine.for body that do
// not depend on the loop move before it, innermost loops first. Affine
// loads and stores move unless another access in the loop may write (or,
// for a store, read) their memref at an index range not proven disjoint;
// ops with side effects move only out of loops known to run.
func LoopInvariantCodeMotionPass() *pass.Pass {
	return &pass.Pass{
		Name:     "AffineLoopInvariantCodeMotion",
		Argument: "affine-loop-invariant-code-motion",
		Summary:  "Hoist loop invariant instructions outside of affine loops",
		OpName:   "func.func",
		Run: func(op *ir.Operation, _ *pass.Context) error {
			HoistLoopInvariants(op)
			return nil
		},
	}
}

// HoistLoopInvariants runs affine-loop-invariant-code-motion on the
// affine.for ops nested in root.
func HoistLoopInvariants(root *ir.Operation) {
	var loops []*ir.Operation
	root.Walk(func(op *ir.Operation) bool {
		if op.Name() == "affine.for" {
			loops = append(loops, op)
		}
		return true
	})
	for _, l := range loops {
		hoistFrom(affine.For{Operation: l})
	}
}

type hoister struct {
	loop    affine.For
	withUse map[*ir.Operation]bool
	hoist   map[*ir.Operation]bool
}

func hoistFrom(loop affine.For) {
	n, ok := affine.ConstantTripCount(loop.Operation)
	runs := ok && n > 0
	h := &hoister{loop: loop, withUse: map[*ir.Operation]bool{}, hoist: map[*ir.Operation]bool{}}
	var moves []*ir.Operation
	for op := loop.Body().First(); op != nil; op = op.NextOp() {
		if op.HasResultUses() {
			h.withUse[op] = true
		}
		if op.Name() == "affine.yield" || !runs && !(ir.IsPure(op) && ir.IsSpeculatable(op)) {
			continue
		}
		if h.invariant(op) {
			moves = append(moves, op)
		}
	}
	for _, op := range moves {
		op.MoveBefore(loop.Operation)
	}
}

// regionsInvariant reports whether every op in op's regions is invariant.
func (h *hoister) regionsInvariant(op *ir.Operation) bool {
	for i := range op.NumRegions() {
		for b := range op.Region(i).Blocks() {
			for o := b.First(); o != nil; o = o.NextOp() {
				if !h.invariant(o) {
					return false
				}
			}
		}
	}
	return true
}

// invariant is MLIR's isOpLoopInvariant.
func (h *hoister) invariant(op *ir.Operation) bool {
	acc, isAccess := analysis.AccessOf(op)
	switch {
	case op.Name() == "affine.if" || op.Name() == "affine.for" || op.Name() == "affine.parallel":
		if !h.regionsInvariant(op) {
			return false
		}
	case isAccess:
		h.withUse[op] = true
		if !h.accessInvariant(acc) {
			return false
		}
	case !ir.IsPure(op):
		return false
	}
	body := h.loop.Body()
	for _, v := range op.Operands() {
		if v == body.Arg(0) {
			return false
		}
		if v.OwnerBlock() == body && v.DefiningOp() == nil {
			return false // an iter_arg
		}
		if d := v.DefiningOp(); d != nil && h.withUse[d] && !h.hoist[d] {
			return false
		}
	}
	h.hoist[op] = true
	return true
}

// accessInvariant checks the other users of an access's memref inside the
// loop: one that may write it, or read it when the access writes, blocks
// the access unless both are affine.load or affine.store with index
// ranges proven disjoint in some dimension.
func (h *hoister) accessInvariant(acc analysis.Access) bool {
	plain := func(op *ir.Operation) bool { return op.Name() == "affine.load" || op.Name() == "affine.store" }
	ranges := accessRanges(acc)
	for u := range acc.MemRef.Uses() {
		user := u.Owner()
		if user == acc.Op {
			continue
		}
		reads, writes := effectsOn(user, acc.MemRef)
		if !writes && !(reads && acc.Write) || user == h.loop.Operation || !h.loop.IsAncestorOf(user) {
			continue
		}
		if !plain(acc.Op) || !plain(user) {
			return false
		}
		other, _ := analysis.AccessOf(user)
		theirs := accessRanges(other)
		if ranges == nil || theirs == nil || len(ranges) != len(theirs) {
			return false
		}
		disjoint := false
		for i := range ranges {
			if ranges[i].ok && theirs[i].ok && (theirs[i].hi < ranges[i].lo || theirs[i].lo > ranges[i].hi) {
				disjoint = true
				break
			}
		}
		if !disjoint {
			return false
		}
	}
	return true
}

// effectsOn says whether op may read or write memref. Ops whose effects
// Kiln does not describe count as both (MLIR skips ops without a memory
// effect interface, which may hoist past a call that writes the buffer).
func effectsOn(op *ir.Operation, memref *ir.Value) (reads, writes bool) {
	if acc, ok := analysis.AccessOf(op); ok {
		return !acc.Write && acc.MemRef == memref, acc.Write && acc.MemRef == memref
	}
	switch {
	case op.Name() == "memref.dealloc", ir.IsPure(op), op.HasTrait(ir.AllocOnly):
		return false, false
	case op.HasTrait(ir.ReadOnly):
		return true, false
	}
	return true, true
}

// indexRange is an inclusive range of an access index; ok false when
// unknown.
type indexRange struct {
	lo, hi int64
	ok     bool
}

// accessRanges is MLIR's computeMemoryAccessRange: for each index of the
// access, the range its map result spans when each operand with a
// non-zero coefficient is a constant or the induction variable of an
// enclosing affine.for with constant bounds; nil for a rank-0 access.
func accessRanges(acc analysis.Access) []indexRange {
	ivBounds := map[*ir.Value][2]int64{}
	for p := acc.Op.ParentOp(); p != nil; p = p.ParentOp() {
		if p.Name() != "affine.for" {
			continue
		}
		f := affine.For{Operation: p}
		lb, ub := affine.MapOf(p, "lowerBoundMap"), affine.MapOf(p, "upperBoundMap")
		if lb != nil && ub != nil && len(lb.Results) == 1 && len(ub.Results) == 1 &&
			lb.Results[0].Kind == ir.AffineConst && ub.Results[0].Kind == ir.AffineConst && ub.Results[0].Value != math.MinInt64 {
			ivBounds[f.Body().Arg(0)] = [2]int64{lb.Results[0].Value, ub.Results[0].Value - 1}
		}
	}
	var out []indexRange
	for _, e := range acc.Map.Results {
		flat, ok := flatten(e, acc.Map.Dims, len(acc.Indices))
		if !ok {
			out = append(out, indexRange{})
			continue
		}
		r := indexRange{ok: true}
		for i, v := range acc.Indices {
			c := flat[i]
			if c == 0 {
				continue
			}
			b, found := ivBounds[v]
			if !found {
				k, isConst := ir.ConstantIntAttr(v)
				if !isConst {
					r.ok = false
					break
				}
				b = [2]int64{k.Int(), k.Int()}
			}
			// Any overflow leaves the range unknown, as in MLIR.
			x, ok1 := ir.CheckedMul(b[0], c)
			y, ok2 := ir.CheckedMul(b[1], c)
			lo, ok3 := ir.CheckedAdd(r.lo, min(x, y))
			hi, ok4 := ir.CheckedAdd(r.hi, max(x, y))
			if r.lo, r.hi = lo, hi; !ok1 || !ok2 || !ok3 || !ok4 {
				r.ok = false
				break
			}
		}
		lo, ok1 := ir.CheckedAdd(r.lo, flat[len(flat)-1])
		hi, ok2 := ir.CheckedAdd(r.hi, flat[len(flat)-1])
		r.lo, r.hi, r.ok = lo, hi, r.ok && ok1 && ok2
		out = append(out, r)
	}
	return out
}

// flatten returns e's coefficient for each of its n dims and symbols,
// then its constant; false for a semi-affine expression or one that needs
// a local variable (a division that does not divide every term).
func flatten(e *ir.AffineExpr, dims, n int) ([]int64, bool) {
	out := make([]int64, n+1)
	switch e.Kind {
	case ir.AffineConst:
		out[n] = e.Value
		return out, true
	case ir.AffineDim:
		out[e.Value] = 1
		return out, true
	case ir.AffineSymbol:
		out[dims+int(e.Value)] = 1
		return out, true
	}
	l, ok1 := flatten(e.LHS, dims, n)
	r, ok2 := flatten(e.RHS, dims, n)
	if !ok1 || !ok2 {
		return nil, false
	}
	constant := func(v []int64) (int64, bool) {
		for _, x := range v[:n] {
			if x != 0 {
				return 0, false
			}
		}
		return v[n], true
	}
	switch e.Kind {
	case ir.AffineAdd:
		for i := range l {
			l[i] += r[i]
		}
		return l, true
	case ir.AffineMul:
		c, ok := constant(r)
		if !ok {
			if c, ok = constant(l); !ok {
				return nil, false
			}
			l = r
		}
		for i := range l {
			l[i] *= c
		}
		return l, true
	}
	c, ok := constant(r)
	if !ok || c <= 0 {
		return nil, false
	}
	for _, x := range l {
		if x%c != 0 {
			return nil, false
		}
	}
	for i := range l {
		if e.Kind == ir.AffineMod {
			l[i] = 0
		} else {
			l[i] /= c
		}
	}
	return l, true
}
