package looptransforms

import (
	"slices"

	"github.com/kiln-gpu/kiln/affine"
	"github.com/kiln-gpu/kiln/affine/analysis"
	"github.com/kiln-gpu/kiln/ir"
)

// linear is a bound of a loop's induction variable as a linear form over
// values: iv >= form (a lower bound) or iv <= form (an upper bound,
// inclusive).
type linear struct {
	coeffs map[*ir.Value]int64
	c      int64
}

// loopBounds returns a loop's lower and (inclusive) upper bounds, flattened
// through the constants and affine.apply ops they use, as MLIR's
// addAffineForOpDomain composes them.
func loopBounds(loop *ir.Operation) (lbs, ubs []linear, ok bool) {
	f := affine.For{Operation: loop}
	lb, ub := lowerMap(loop), upperMap(loop)
	for _, e := range lb.Results {
		coeffs, c, good := analysis.FlattenOverValues(e, lb.Dims, f.LowerBoundOperands())
		if !good {
			return nil, nil, false
		}
		lbs = append(lbs, linear{coeffs, c})
	}
	for _, e := range ub.Results {
		coeffs, c, good := analysis.FlattenOverValues(e, ub.Dims, f.UpperBoundOperands())
		if !good {
			return nil, nil, false
		}
		ubs = append(ubs, linear{coeffs, c - 1})
	}
	return lbs, ubs, true
}

// fullTilePair is MLIR's getConstantBoundOnDimSize on one loop's bounds:
// the lower and upper bound whose difference is the smallest constant.
func fullTilePair(lbs, ubs []linear) (int, int, bool) {
	bl, bu, found := -1, -1, false
	var best int64
	for i, l := range lbs {
		for j, u := range ubs {
			if !equalForms(l.coeffs, u.coeffs) {
				continue
			}
			if d := u.c - l.c; !found || d < best {
				bl, bu, best, found = i, j, d, true
			}
		}
	}
	return bl, bu, found
}

func equalForms(a, b map[*ir.Value]int64) bool {
	for v, x := range a {
		if b[v] != x {
			return false
		}
	}
	for v, x := range b {
		if a[v] != x {
			return false
		}
	}
	return true
}

// SeparateFullTiles is MLIR's separateFullTiles on the intra-tile loops of
// a tiled nest (unit steps, linear bounds): a copy of the nest running
// over full tiles (each loop from a lower bound to an upper bound at a
// constant distance) goes in the then block of an affine.if whose
// condition says that bound pair is the tightest, the original nest in
// its else block. It fails (changing nothing) when a loop has no such
// pair or the condition would be empty, as when every trip count is
// constant.
func SeparateFullTiles(nest []*ir.Operation) bool {
	if len(nest) == 0 {
		return false
	}
	type loopBound struct {
		lbs, ubs []linear
		full     [2]int
	}
	bounds := make([]loopBound, len(nest))
	for i, loop := range nest {
		if (affine.For{Operation: loop}).Step() != 1 {
			return false
		}
		lbs, ubs, ok := loopBounds(loop)
		if !ok {
			return false
		}
		l, u, found := fullTilePair(lbs, ubs)
		if !found {
			return false
		}
		bounds[i] = loopBound{lbs, ubs, [2]int{l, u}}
	}
	// The condition: each loop's full tile lower bound is at least its
	// other lower bounds, its upper bound at most the others. Its dims are
	// the values of the bounds as MLIR's getIndexSet orders them: the
	// induction variables of loops around, then the other values, each in
	// order of appearance (through the affine.apply ops the bounds compose).
	var ivs, others []*ir.Value
	for _, loop := range nest {
		f := affine.For{Operation: loop}
		for _, v := range analysis.Terminals(slices.Concat(f.LowerBoundOperands(), f.UpperBoundOperands())) {
			if slices.Contains(ivs, v) || slices.Contains(others, v) {
				continue
			}
			if owner := v.OwnerBlock(); owner != nil && v.DefiningOp() == nil && owner.ParentOp() != nil &&
				(owner.ParentOp().Name() == "affine.for" || owner.ParentOp().Name() == "affine.parallel") {
				ivs = append(ivs, v)
			} else {
				others = append(others, v)
			}
		}
	}
	values := slices.Concat(ivs, others)
	index := map[*ir.Value]int{}
	for i, v := range values {
		index[v] = i
	}
	var rows [][]int64
	for _, b := range bounds {
		fl, fu := b.lbs[b.full[0]], b.ubs[b.full[1]]
		for _, l := range b.lbs {
			rows = append(rows, row(sub(fl.coeffs, l.coeffs), fl.c-l.c, index))
		}
		for _, u := range b.ubs {
			rows = append(rows, row(sub(u.coeffs, fu.coeffs), u.c-fu.c, index))
		}
	}
	set := analysis.InequalitySet(rows, len(values))
	if set == nil {
		return false
	}
	set, operands := affine.CanonicalizeSet(set, values)

	// The full tile nest, before the original one.
	ctx := nest[0].Context()
	first := nest[0]
	full := make([]*ir.Operation, len(nest))
	at := first
	for i, loop := range nest {
		fl := newLoop(ctx, loop.Loc())
		if i == 0 {
			fl.MoveBefore(at)
		} else {
			fl.MoveBefore(affine.For{Operation: full[i-1]}.Body().Terminator())
		}
		b := bounds[i]
		lbMap, lbOps := boundMap(b.lbs[b.full[0]], 0, values)
		ubMap, ubOps := boundMap(b.ubs[b.full[1]], 1, values)
		affine.SetBound(fl, true, lbMap, lbOps)
		affine.SetBound(fl, false, ubMap, ubOps)
		full[i] = fl
	}
	m := ir.NewMapping()
	for i, loop := range nest {
		m.Map(affine.For{Operation: loop}.Body().Arg(0), affine.For{Operation: full[i]}.Body().Arg(0))
	}
	innerFull := affine.For{Operation: full[len(full)-1]}.Body()
	inner := affine.For{Operation: nest[len(nest)-1]}.Body()
	for _, op := range inner.OpList() {
		if op != inner.Terminator() {
			op.Clone(m).MoveBefore(innerFull.Terminator())
		}
	}
	ifOp := newIf(ctx, first.Loc(), set, operands)
	ifOp.MoveBefore(first)
	full[0].MoveBefore(ifOp.Region(0).Entry().Terminator())
	first.MoveBefore(ifOp.Region(1).Entry().Terminator())
	return true
}

// row is coeffs·values + c as a constraint row over the values index
// numbers.
func row(coeffs map[*ir.Value]int64, c int64, index map[*ir.Value]int) []int64 {
	r := make([]int64, len(index)+1)
	for v, x := range coeffs {
		r[index[v]] = x
	}
	r[len(index)] = c
	return r
}

func sub(a, b map[*ir.Value]int64) map[*ir.Value]int64 {
	out := map[*ir.Value]int64{}
	for v, x := range a {
		out[v] += x
	}
	for v, x := range b {
		out[v] -= x
	}
	return out
}

// boundMap is the map of a full tile loop's bound f (plus one for an upper
// bound, which is exclusive) over values, composed and canonicalized as
// MLIR's createCanonicalizedAffineForOp.
func boundMap(f linear, plus int64, values []*ir.Value) (*ir.AffineMap, []*ir.Value) {
	e := ir.AffineConstExpr(0)
	for i, v := range values {
		if x := f.coeffs[v]; x != 0 {
			e = ir.AffineBinary(ir.AffineAdd, e, ir.AffineBinary(ir.AffineMul, ir.AffineDimExpr(i), ir.AffineConstExpr(x)))
		}
	}
	e = ir.AffineBinary(ir.AffineAdd, e, ir.AffineConstExpr(f.c+plus))
	return affine.ComposeMap(&ir.AffineMap{Dims: len(values), Results: []*ir.AffineExpr{e}}, values)
}

// newIf is an affine.if on set with empty then and else blocks.
func newIf(ctx *ir.Context, loc ir.Location, set *ir.IntegerSet, operands []*ir.Value) *ir.Operation {
	st := &ir.OpState{Name: "affine.if", Loc: loc, Operands: operands, Attrs: []ir.NamedAttr{{Name: "condition", Value: ctx.IntegerSetAttr(set)}}}
	var blocks []*ir.Block
	for range 2 {
		blk := ir.NewBlock(nil, nil)
		st.AddRegion().Append(blk)
		blocks = append(blocks, blk)
	}
	op := ctx.NewOp(st)
	for _, blk := range blocks {
		blk.Append(ctx.NewOp(&ir.OpState{Name: "affine.yield", Loc: loc}))
	}
	return op
}
