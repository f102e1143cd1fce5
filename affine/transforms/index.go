package transforms

import (
	"slices"

	"github.com/kiln-gpu/kiln/affine"
	"github.com/kiln-gpu/kiln/arith"
	"github.com/kiln-gpu/kiln/ir"
	"github.com/kiln-gpu/kiln/vector"
)

// like returns the index v of the lowered op's type t: v itself for an
// index, its broadcast for a vector of index (the index ops work element by
// element on vectors; their basis stays scalar).
func (l *lowerer) like(v *ir.Value, t ir.Type) *ir.Value {
	if vt, ok := t.(*ir.VectorType); ok {
		return vector.Builder{RW: l.rw, Loc: l.loc}.Broadcast(v, vt)
	}
	return v
}

// constant is the index constant c of type t, splat for a vector.
func (l *lowerer) constant(c int64, t ir.Type) *ir.Value {
	vt, ok := t.(*ir.VectorType)
	if !ok {
		return l.index(c)
	}
	return arith.NewConstant(&l.rw.Builder, l.ctx.DenseSplat(vt, l.ctx.IndexAttr(c)), t, l.loc)
}

// strides returns the suffix products of a basis without its outer bound
// (MLIR's computeStrides in AffineExpandIndexOps.cpp): static factors
// multiply into one constant, dynamic ones into products of the values,
// with nsw (and nuw when the values are known non-negative), as basis
// products cannot overflow. Excess leading dynamic values are ignored.
// The strides have type t, the indices'.
func (l *lowerer) strides(dynamic []*ir.Value, static []int64, nonNegative bool, t ir.Type) []*ir.Value {
	if len(static) == 0 {
		return nil
	}
	flags := arith.OverflowNSW
	if nonNegative {
		flags |= arith.OverflowNUW
	}
	ovf := overflow(l.ctx, flags)
	out := make([]*ir.Value, 0, len(static))
	k := len(dynamic)
	var dynPart *ir.Value
	staticPart := int64(1)
	for _, b := range slices.Backward(static) {
		if b == ir.Dynamic {
			k--
			if dynPart == nil {
				dynPart = dynamic[k]
			} else {
				dynPart = l.binary("arith.muli", dynPart, dynamic[k], ovf)
			}
		} else {
			staticPart *= b
		}
		if dynPart != nil && staticPart == 1 {
			out = append(out, l.like(dynPart, t))
			continue
		}
		stride := l.constant(staticPart, t)
		if dynPart != nil {
			stride = l.binary("arith.muli", l.like(dynPart, t), stride, ovf)
		}
		out = append(out, stride)
	}
	slices.Reverse(out)
	return out
}

// overflow is the overflowFlags attribute of an arith op with flags.
func overflow(ctx *ir.Context, flags arith.OverflowFlags) ir.NamedAttr {
	return ir.NamedAttr{Name: "overflowFlags", Value: arith.Overflow(ctx, flags)}
}

func nsw(ctx *ir.Context) ir.NamedAttr { return overflow(ctx, arith.OverflowNSW) }

// delinearize is MLIR's lowerAffineDelinearizeIndexOp: the first index
// is a floor division by the whole stride, each next one the remainder by
// its stride divided by the next, the last the remainder by the last
// stride.
func (l *lowerer) delinearize(op *ir.Operation) {
	linear, dynamic := affine.DelinearizeParts(op)
	static := affine.InnerBasis(op)
	if op.NumResults() == 1 {
		l.rw.ReplaceOp(op, []*ir.Value{linear})
		return
	}
	strides := l.strides(dynamic, static, true, linear.Type())
	zero := l.constant(0, linear.Type())
	results := []*ir.Value{l.binary("arith.floordivsi", linear, strides[0])}
	mod := func(stride *ir.Value) *ir.Value {
		rem := l.binary("arith.remsi", linear, stride)
		neg := l.cmp(arith.CmpISLT, rem, zero)
		return l.sel(neg, l.binary("arith.addi", rem, stride, nsw(l.ctx)), rem)
	}
	for i := 0; i+1 < len(strides); i++ {
		results = append(results, l.binary("arith.divsi", mod(strides[i]), strides[i+1]))
	}
	results = append(results, mod(strides[len(strides)-1]))
	l.rw.ReplaceOp(op, results)
}

// linearize is MLIR's lowerAffineLinearizeIndexOp: each index but the last
// times its stride, summed with the terms most loop-invariant first so
// that loop-invariant code motion can hoist their partial sums.
func (l *lowerer) linearize(op *ir.Operation) {
	multi, dynamic := affine.LinearizeParts(op)
	if len(multi) == 0 {
		l.rw.ReplaceOp(op, []*ir.Value{l.index(0)})
		return
	}
	static := affine.InnerBasis(op)
	strides := l.strides(dynamic, static, op.Attr("disjoint") != nil, op.Result(0).Type())
	type term struct {
		v         *ir.Value
		invariant int
	}
	terms := make([]term, 0, len(multi))
	for i, stride := range strides {
		terms = append(terms, term{l.binary("arith.muli", multi[i], stride, nsw(l.ctx)), invariantLoops(op, multi[i])})
	}
	last := multi[len(multi)-1]
	terms = append(terms, term{last, invariantLoops(op, last)})
	slices.SortStableFunc(terms, func(a, b term) int { return b.invariant - a.invariant })
	sum := terms[0].v
	for _, t := range terms[1:] {
		sum = l.binary("arith.addi", sum, t.v, nsw(l.ctx))
	}
	l.rw.ReplaceOp(op, []*ir.Value{sum})
}

// loopLike are the ops of MLIR's LoopLikeOpInterface that can enclose
// an index op here.
var loopLike = map[string]bool{"scf.for": true, "scf.while": true, "scf.parallel": true, "scf.forall": true,
	"affine.for": true, "affine.parallel": true}

// invariantLoops counts the loops around user, innermost first, that v is
// defined outside of (MLIR's numEnclosingInvariantLoops).
func invariantLoops(user *ir.Operation, v *ir.Value) int {
	n := 0
	var def *ir.Operation
	if r := v.ParentRegion(); r != nil {
		def = r.ParentOp()
	}
	for p := user.ParentOp(); p != nil; p = p.ParentOp() {
		if !loopLike[p.Name()] {
			continue
		}
		if def != nil && p.IsAncestorOf(def) {
			break
		}
		n++
	}
	return n
}
