package tensor

import (
	"github.com/kiln-gpu/kiln/arith"
	"github.com/kiln-gpu/kiln/ir"
	"github.com/kiln-gpu/kiln/memref"
)

// composeCollapseOfExpand is MLIR's ComposeCollapseOfExpandOp: a collapse
// of an expand whose groups nest (each group of the lower-rank reshape is a
// run of whole groups of the other) is one reshape of the expand's source:
// a collapse, an expand (whose output sizes are the products of the old
// ones, as arith.muli) or, at equal rank, a tensor.cast.
func composeCollapseOfExpand(op *ir.Operation, rw *ir.Rewriter) bool {
	exp := op.Operand(0).DefiningOp()
	if exp == nil || exp.Name() != "tensor.expand_shape" {
		return false
	}
	src, res := ranked(exp.Operand(0).Type()), ranked(op.Result(0).Type())
	if src == nil || res == nil || exp.Operand(0).Type() == op.Result(0).Type() {
		return false
	}
	expGroups, ok1 := memref.Reassociation(exp.Attr("reassociation"))
	colGroups, ok2 := memref.Reassociation(op.Attr("reassociation"))
	if !ok1 || !ok2 {
		return false
	}
	higher, lower := colGroups, expGroups
	if len(src.Dims) > len(res.Dims) {
		higher, lower = expGroups, colGroups
	}
	var composed [][]int64
	next := 0
	for _, l := range lower {
		if len(l) == 0 {
			return false
		}
		last := l[len(l)-1]
		var c []int64
		for next < len(higher) {
			h := higher[next]
			if len(h) == 0 || h[len(h)-1] > last {
				return false
			}
			c = append(c, int64(next))
			next++
			if h[len(h)-1] == last {
				break
			}
		}
		composed = append(composed, c)
	}
	x := exp.Operand(0)
	switch {
	case len(src.Dims) > len(res.Dims):
		rw.ReplaceOpWith(op, reshapeState(op, "tensor.collapse_shape", x, composed, nil, nil))
	case len(src.Dims) < len(res.Dims):
		dyn, static := productShape(op, exp, colGroups, rw)
		rw.ReplaceOpWith(op, reshapeState(op, "tensor.expand_shape", x, composed, dyn, static))
	default:
		rw.ReplaceOpWith(op, &ir.OpState{Name: "tensor.cast", Loc: op.Loc(), Operands: []*ir.Value{x}, ResultTypes: op.ResultTypes()})
	}
	return true
}

// productShape is the output shape of an expand standing for collapse op
// of expand exp: for each group of op, the product of exp's sizes in it,
// static when they all are (a constant operand counts as static). Nil
// static when exp has no output_shape (the form before MLIR 19).
func productShape(op, exp *ir.Operation, groups [][]int64, rw *ir.Rewriter) ([]*ir.Value, []int64) {
	s, ok := exp.Attr("static_output_shape").(*ir.DenseArrayAttr)
	if !ok {
		return nil, nil
	}
	var sizes []memref.Mixed
	k := 1
	for _, d := range s.Ints {
		if d != ir.Dynamic {
			sizes = append(sizes, memref.Mixed{Static: d})
			continue
		}
		v := exp.Operand(k)
		k++
		if c, ok := ir.ConstantIntAttr(v); ok {
			sizes = append(sizes, memref.Mixed{Static: c.Int()})
		} else {
			sizes = append(sizes, memref.Mixed{Value: v})
		}
	}
	rw.SetInsertionPointBefore(op)
	ctx, loc := op.Context(), op.Loc()
	var dyn []*ir.Value
	var static []int64
	for _, g := range groups {
		n := int64(1)
		var prod *ir.Value
		for _, d := range g {
			m := sizes[d]
			switch {
			case m.Value == nil:
				n *= m.Static
			case prod == nil:
				prod = m.Value
			default:
				prod = rw.CreateOp("arith.muli", loc, []*ir.Value{prod, m.Value}, []ir.Type{ctx.Index()}).Result(0)
			}
		}
		if prod == nil {
			static = append(static, n)
			continue
		}
		if n != 1 {
			c := arith.NewConstant(&rw.Builder, ctx.IndexAttr(n), ctx.Index(), loc)
			prod = rw.CreateOp("arith.muli", loc, []*ir.Value{prod, c}, []ir.Type{ctx.Index()}).Result(0)
		}
		static = append(static, ir.Dynamic)
		dyn = append(dyn, prod)
	}
	return dyn, static
}

// composeExpandOfCollapse is MLIR's ComposeExpandOfCollapseOp: an expand
// of a collapse is one collapse (expand) of the collapse's source when,
// group by group of the middle type, the larger side's sizes collapse into
// the smaller side's unambiguously (collapseGroups).
func composeExpandOfCollapse(op *ir.Operation, rw *ir.Rewriter) bool {
	col := op.Operand(0).DefiningOp()
	if col == nil || col.Name() != "tensor.collapse_shape" {
		return false
	}
	src, res := ranked(col.Operand(0).Type()), ranked(op.Result(0).Type())
	if src == nil || res == nil || len(src.Dims) == len(res.Dims) {
		return false
	}
	srcGroups, ok1 := memref.Reassociation(col.Attr("reassociation"))
	resGroups, ok2 := memref.Reassociation(op.Attr("reassociation"))
	if !ok1 || !ok2 || len(srcGroups) != len(resGroups) {
		return false
	}
	x := col.Operand(0)
	if len(src.Dims) > len(res.Dims) {
		groups, ok := collapsingGroups(srcGroups, resGroups, src.Dims, res.Dims)
		if !ok {
			return false
		}
		rw.ReplaceOpWith(op, reshapeState(op, "tensor.collapse_shape", x, groups, nil, nil))
		return true
	}
	groups, ok := collapsingGroups(resGroups, srcGroups, res.Dims, src.Dims)
	if !ok {
		return false
	}
	var static []int64
	if s, ok := op.Attr("static_output_shape").(*ir.DenseArrayAttr); ok {
		static = s.Ints
	}
	rw.ReplaceOpWith(op, reshapeState(op, "tensor.expand_shape", x, groups, op.Operands()[1:], static))
	return true
}

// collapsingGroups is ComposeExpandOfCollapseOp's
// findCollapsingReassociation: groups collapsing shape from into shape to,
// found group by group of the middle type (fromGroups, toGroups index into
// from and to); a group pair with two or more dynamic sizes on both sides
// is ambiguous.
func collapsingGroups(fromGroups, toGroups [][]int64, from, to []int64) ([][]int64, bool) {
	if len(fromGroups) == 0 {
		return collapseGroups(from, to)
	}
	var out [][]int64
	for i, fg := range fromGroups {
		tg := toGroups[i]
		if len(fg) == 0 || len(tg) == 0 || int(fg[0])+len(fg) > len(from) || int(tg[0])+len(tg) > len(to) {
			return nil, false
		}
		f, t := from[fg[0]:int(fg[0])+len(fg)], to[tg[0]:int(tg[0])+len(tg)]
		if countDynamic(f) >= 2 && countDynamic(t) >= 2 {
			return nil, false
		}
		if len(f) == len(t) {
			for j := range f {
				if f[j] != t[j] {
					return nil, false
				}
			}
			for j := range f {
				out = append(out, []int64{fg[0] + int64(j)})
			}
			continue
		}
		sub, ok := collapseGroups(f, t)
		if !ok {
			return nil, false
		}
		for _, g := range sub {
			shifted := make([]int64, len(g))
			for j, d := range g {
				shifted[j] = fg[0] + d
			}
			out = append(out, shifted)
		}
	}
	return out, true
}

// reshapeState builds a reshape of x into op's result type; an expand
// gets the output shape dyn/static when static is not nil.
func reshapeState(op *ir.Operation, name string, x *ir.Value, groups [][]int64, dyn []*ir.Value, static []int64) *ir.OpState {
	ctx := op.Context()
	st := &ir.OpState{Name: name, Loc: op.Loc(), Operands: append([]*ir.Value{x}, dyn...), ResultTypes: op.ResultTypes()}
	st.AddAttr("reassociation", memref.ReassociationAttr(ctx, groups))
	if static != nil {
		st.AddAttr("static_output_shape", ctx.DenseI64Array(static...))
	}
	return st
}

// indexRange is an inclusive run of dimensions lo..hi.
type indexRange struct{ lo, hi int }

// collapseGroups is MLIR's getReassociationIndicesForCollapse: the groups
// collapsing shape from into the lower-rank shape to, found scanning both
// left to right and right to left; the two may differ only in where unit
// dimensions go, or the reassociation is ambiguous. A rank-0 to has no
// groups.
func collapseGroups(from, to []int64) ([][]int64, bool) {
	if len(from) <= len(to) {
		return nil, false
	}
	if len(to) == 0 {
		for _, d := range from {
			if d != 1 && d != ir.Dynamic {
				return nil, false
			}
		}
		return [][]int64{}, true
	}
	fwd, ok1 := collapseRanges(from, to)
	rev, ok2 := collapseRangesReversed(from, to)
	if !ok1 || !ok2 || len(fwd) != len(to) || len(rev) != len(to) {
		return nil, false
	}
	out := make([][]int64, len(to))
	for i, f := range fwd {
		for _, d := range nonOverlapping(f, rev[i]) {
			if from[d] != 1 {
				return nil, false
			}
		}
		for d := f.lo; d <= f.hi; d++ {
			out[i] = append(out[i], int64(d))
		}
	}
	return out, true
}

// collapseRangesReversed is collapseRanges scanning right to left.
func collapseRangesReversed(from, to []int64) ([]indexRange, bool) {
	rf, rt := make([]int64, len(from)), make([]int64, len(to))
	for i, d := range from {
		rf[len(from)-1-i] = d
	}
	for i, d := range to {
		rt[len(to)-1-i] = d
	}
	r, ok := collapseRanges(rf, rt)
	if !ok {
		return nil, false
	}
	n := len(from)
	out := make([]indexRange, len(r))
	for i, g := range r {
		out[len(r)-1-i] = indexRange{n - 1 - g.hi, n - 1 - g.lo}
	}
	return out, true
}

// collapseRanges is MLIR's findReassociationRangesForCollapse: for each
// dimension of to, left to right, the shortest run of from's dimensions
// that makes it (the last one takes all the rest); dimensions skipped to
// find a static size's run join the dynamic dimension before it.
func collapseRanges(from, to []int64) ([]indexRange, bool) {
	var out []indexRange
	next := 0
	for i, size := range to {
		greedy := i == len(to)-1
		var r indexRange
		var ok bool
		if size == ir.Dynamic {
			r, ok = dynamicRange(from, next, greedy)
		} else {
			r, ok = sizeRange(from, next, size, greedy)
		}
		if !ok || r.lo < 0 || r.lo > r.hi || r.hi >= len(from) {
			return nil, false
		}
		if r.lo > next {
			if i == 0 || to[i-1] != ir.Dynamic {
				return nil, false
			}
			out[len(out)-1].hi = r.lo - 1
		}
		next = r.hi + 1
		out = append(out, r)
	}
	if len(out) == 0 || out[len(out)-1].hi < len(from)-1 {
		return nil, false
	}
	return out, true
}

// dynamicRange is MLIR's findReassociationRangeForDynamicDim: the run from
// start to its first dynamic dimension (greedy: to the end).
func dynamicRange(from []int64, start int, greedy bool) (indexRange, bool) {
	for hi := start; start >= 0 && hi < len(from); hi++ {
		if from[hi] == ir.Dynamic {
			if greedy {
				hi = len(from) - 1
			}
			return indexRange{start, hi}, true
		}
	}
	return indexRange{}, false
}

// sizeRange is MLIR's findReassociationRangeForSize: the first run of
// static dimensions from start whose product is size (greedy: with the
// unit dimensions right after it).
func sizeRange(from []int64, start int, size int64, greedy bool) (indexRange, bool) {
	it, prod := indexRange{start, start}, int64(1)
	for it.lo >= 0 && it.hi < len(from) {
		d := from[it.hi]
		if d == ir.Dynamic {
			prod = 1
			it = indexRange{it.hi + 1, it.hi + 1}
			continue
		}
		prod *= d
		for prod > size && it.lo != it.hi {
			prod /= from[it.lo]
			it.lo++
		}
		if prod == size {
			if greedy {
				for it.hi+1 < len(from) && from[it.hi+1] == 1 {
					it.hi++
				}
			}
			return it, true
		}
		it.hi++
	}
	return indexRange{}, false
}

// nonOverlapping is MLIR's ReassociationIndexRange::
// getNonOverlappingIndicesWith, kept exact (it leaves out a lone index
// past the overlap on the right, and a range wholly left of a).
func nonOverlapping(a, b indexRange) []int {
	var out []int
	if a.hi < b.lo {
		for d := a.lo; d <= a.hi; d++ {
			out = append(out, d)
		}
		for d := b.lo; d <= b.hi; d++ {
			out = append(out, d)
		}
		return out
	}
	for d := min(a.lo, b.lo); d < max(a.lo, b.lo); d++ {
		out = append(out, d)
	}
	if lo, hi := min(a.hi, b.hi)+1, max(a.hi, b.hi); lo < hi {
		for d := lo; d <= hi; d++ {
			out = append(out, d)
		}
	}
	return out
}

// collapseOfCast is MLIR's FoldCollapseOfCastOp: a collapse of a cast that
// only loses static sizes collapses the cast's source instead, followed by
// a cast to the old result type when the new one is more static.
func collapseOfCast(op *ir.Operation, rw *ir.Rewriter) bool {
	c := op.Operand(0).DefiningOp()
	if !FoldableCast(c) {
		return false
	}
	src := ranked(c.Operand(0).Type())
	groups, ok := memref.Reassociation(op.Attr("reassociation"))
	if src == nil || !ok {
		return false
	}
	dims := make([]int64, len(groups))
	for i, g := range groups {
		dims[i] = 1
		for _, d := range g {
			if int(d) >= len(src.Dims) {
				return false
			}
			if src.Dims[d] == ir.Dynamic || dims[i] == ir.Dynamic {
				dims[i] = ir.Dynamic
			} else {
				dims[i] *= src.Dims[d]
			}
		}
	}
	res := op.Context().Tensor(dims, src.Elem, nil)
	if ir.Type(res) == op.Result(0).Type() {
		rw.ModifyInPlace(op, func() { op.SetOperand(0, c.Operand(0)) })
		return true
	}
	rw.SetInsertionPointBefore(op)
	st := &ir.OpState{Name: op.Name(), Loc: op.Loc(), Operands: []*ir.Value{c.Operand(0)}, ResultTypes: []ir.Type{res}}
	st.AddAttr("reassociation", op.Attr("reassociation"))
	n := rw.Create(st)
	rw.ReplaceOpWith(op, &ir.OpState{Name: "tensor.cast", Loc: op.Loc(), Operands: n.Results(), ResultTypes: op.ResultTypes()})
	return true
}

// reshapeOfFromElements is MLIR's FoldReshapeWithFromElements: a reshape
// to a static type of a from_elements is a from_elements of that type.
func reshapeOfFromElements(op *ir.Operation, rw *ir.Rewriter) bool {
	f := op.Operand(0).DefiningOp()
	if f == nil || f.Name() != "tensor.from_elements" || !isStaticTensor(op.Result(0).Type()) {
		return false
	}
	rw.ReplaceOpWith(op, &ir.OpState{Name: "tensor.from_elements", Loc: op.Loc(), Operands: f.Operands(), ResultTypes: op.ResultTypes()})
	return true
}

// staticExpandOfCast is MLIR's ConvertToStaticExpandShape: an expand of a
// cast that loses static sizes takes its constant output sizes as static
// ones in groups whose size before the cast is static, expanding a cast of
// the source to the sizes this finds and casting the result back.
func staticExpandOfCast(op *ir.Operation, rw *ir.Rewriter) bool {
	c := op.Operand(0).DefiningOp()
	s, ok := op.Attr("static_output_shape").(*ir.DenseArrayAttr)
	if !FoldableCast(c) || !ok {
		return false
	}
	castSrc, res := ranked(c.Operand(0).Type()), ranked(op.Result(0).Type())
	groups, ok := memref.Reassociation(op.Attr("reassociation"))
	if castSrc == nil || res == nil || !ok || len(groups) != len(castSrc.Dims) || len(s.Ints) != len(res.Dims) {
		return false
	}
	out := append([]int64(nil), res.Dims...)
	var dyn []*ir.Value
	k := 1
	for in, g := range groups {
		for _, d := range g {
			if s.Ints[d] != ir.Dynamic {
				continue
			}
			if res.Dims[d] != ir.Dynamic {
				return false
			}
			v := op.Operand(k)
			k++
			if a, ok := ir.ConstantIntAttr(v); ok && castSrc.Dims[in] != ir.Dynamic {
				out[d] = a.Int()
			} else {
				dyn = append(dyn, v)
			}
		}
	}
	if len(dyn) == op.NumOperands()-1 {
		return false
	}
	in := make([]int64, len(groups))
	for i, g := range groups {
		in[i] = 1
		for _, d := range g {
			if out[d] == ir.Dynamic {
				in[i] = ir.Dynamic
				break
			}
			in[i] *= out[d]
		}
	}
	ctx, loc := op.Context(), op.Loc()
	rw.SetInsertionPointBefore(op)
	inCast := rw.Create(&ir.OpState{Name: "tensor.cast", Loc: loc, Operands: op.Operands()[:1],
		ResultTypes: []ir.Type{ctx.Tensor(in, res.Elem, nil)}})
	st := &ir.OpState{Name: op.Name(), Loc: loc, Operands: append(inCast.Results(), dyn...),
		ResultTypes: []ir.Type{ctx.Tensor(out, res.Elem, nil)}}
	st.AddAttr("reassociation", op.Attr("reassociation"))
	st.AddAttr("static_output_shape", ctx.DenseI64Array(out...))
	n := rw.Create(st)
	rw.ReplaceOpWith(op, &ir.OpState{Name: "tensor.cast", Loc: loc, Operands: n.Results(), ResultTypes: op.ResultTypes()})
	return true
}
