package affine

import (
	"slices"

	"github.com/kiln-gpu/kiln/arith"
	"github.com/kiln-gpu/kiln/ir"
)

// basisElem is one entry of a mixed basis (MLIR's OpFoldResult): a static
// size c, a dynamic value v, or none, the absent outer bound of a padded
// basis.
type basisElem struct {
	v    *ir.Value
	c    int64
	none bool
}

// same is OpFoldResult equality: the same value, or the same static size.
func (e basisElem) same(o basisElem) bool {
	return e.none == o.none && e.v == o.v && (e.v != nil || e.c == o.c)
}

// constant returns the size the entry is known to be.
func (e basisElem) constant() (int64, bool) {
	switch {
	case e.none:
		return 0, false
	case e.v == nil:
		return e.c, true
	}
	return constIndex(e.v)
}

func constIndex(v *ir.Value) (int64, bool) {
	if a, ok := ir.ConstantIntAttr(v); ok {
		return a.Int(), true
	}
	return 0, false
}

func isDisjoint(op *ir.Operation) bool { return op.Attr("disjoint") != nil }

// dynamicBasis returns an index op's dynamic basis operands.
func dynamicBasis(op *ir.Operation) []*ir.Value {
	if op.Name() == "affine.linearize_index" {
		_, basis := LinearizeParts(op)
		return basis
	}
	_, basis := DelinearizeParts(op)
	return basis
}

// mixedBasis is MLIR's getMixedBasis.
func mixedBasis(op *ir.Operation) []basisElem {
	dyn := dynamicBasis(op)
	var out []basisElem
	for _, b := range StaticBasis(op) {
		if b == ir.Dynamic {
			out = append(out, basisElem{v: dyn[0]})
			dyn = dyn[1:]
			continue
		}
		out = append(out, basisElem{c: b})
	}
	return out
}

// hasOuterBound reports whether the basis bounds the first index too.
func hasOuterBound(op *ir.Operation) bool {
	n := op.NumResults()
	if op.Name() == "affine.linearize_index" {
		multi, _ := LinearizeParts(op)
		n = len(multi)
	}
	return n == len(StaticBasis(op))
}

// paddedBasis is MLIR's getPaddedBasis: one entry per index, none standing
// for an absent outer bound.
func paddedBasis(op *ir.Operation) []basisElem {
	b := mixedBasis(op)
	if !hasOuterBound(op) {
		b = append([]basisElem{{none: true}}, b...)
	}
	return b
}

// splitBasis turns a mixed basis into its dynamic operands and static
// sizes, dropping a leading none (which means no outer bound).
func splitBasis(basis []basisElem) (dyn []*ir.Value, static []int64, outer bool) {
	outer = true
	if len(basis) > 0 && basis[0].none {
		basis, outer = basis[1:], false
	}
	for _, b := range basis {
		if b.v != nil {
			dyn = append(dyn, b.v)
			static = append(static, ir.Dynamic)
		} else {
			static = append(static, b.c)
		}
	}
	return dyn, static, outer
}

func newDelinearize(rw *ir.Rewriter, loc ir.Location, linear *ir.Value, dyn []*ir.Value, static []int64, outer bool) *ir.Operation {
	ctx := rw.Context()
	n := len(static)
	if !outer {
		n++
	}
	types := make([]ir.Type, n)
	for i := range types {
		types[i] = linear.Type()
	}
	return rw.Create(&ir.OpState{Name: "affine.delinearize_index", Loc: loc,
		Operands: append([]*ir.Value{linear}, dyn...), ResultTypes: types,
		Attrs: []ir.NamedAttr{{Name: "static_basis", Value: ctx.DenseI64Array(static...)}}})
}

// newMixedDelinearize builds a delinearize over a mixed basis with an outer
// bound unless the basis starts with none.
func newMixedDelinearize(rw *ir.Rewriter, loc ir.Location, linear *ir.Value, basis []basisElem, outer bool) *ir.Operation {
	dyn, static, o := splitBasis(basis)
	return newDelinearize(rw, loc, linear, dyn, static, outer && o)
}

func newLinearize(rw *ir.Rewriter, loc ir.Location, multi, dyn []*ir.Value, static []int64, disjoint bool) *ir.Operation {
	ctx := rw.Context()
	attrs := []ir.NamedAttr{
		{Name: "static_basis", Value: ctx.DenseI64Array(static...)},
		{Name: "operandSegmentSizes", Value: ctx.DenseI32Array(int64(len(multi)), int64(len(dyn)))},
	}
	if disjoint {
		attrs = append(attrs, ir.NamedAttr{Name: "disjoint", Value: ctx.UnitAttr()})
	}
	return rw.Create(&ir.OpState{Name: "affine.linearize_index", Loc: loc,
		Operands: append(slices.Clone(multi), dyn...), ResultTypes: []ir.Type{indexLikeOf(ctx, multi)}, Attrs: attrs})
}

func newMixedLinearize(rw *ir.Rewriter, loc ir.Location, multi []*ir.Value, basis []basisElem, disjoint bool) *ir.Operation {
	dyn, static, _ := splitBasis(basis)
	return newLinearize(rw, loc, multi, dyn, static, disjoint)
}

// indexLikeOf is the type of a linearize_index over multi: its indices'
// (an index or a vector of index), index when there are none.
func indexLikeOf(ctx *ir.Context, multi []*ir.Value) ir.Type {
	if len(multi) > 0 {
		return multi[0].Type()
	}
	return ctx.Index()
}

// zeroIndex returns a zero of t, an index or a vector of index.
func zeroIndex(rw *ir.Rewriter, loc ir.Location, t ir.Type) *ir.Value {
	ctx := rw.Context()
	var v ir.Attribute = ctx.IndexAttr(0)
	if vt, ok := t.(*ir.VectorType); ok {
		v = ctx.DenseSplat(vt, v)
	}
	return arith.BuildConstant(&rw.Builder, v, t, loc).Result(0)
}

// dropUnitBasis replaces the results of a delinearize whose basis entry is
// one by zero and delinearizes over the others (MLIR's DropUnitExtentBasis).
func dropUnitBasis(op *ir.Operation, rw *ir.Rewriter) bool {
	repl := make([]*ir.Value, op.NumResults())
	var zero *ir.Value
	var basis []basisElem
	rw.SetInsertionPointBefore(op)
	for i, b := range paddedBasis(op) {
		if c, ok := b.constant(); ok && c == 1 {
			if zero == nil {
				zero = zeroIndex(rw, op.Loc(), op.Result(0).Type())
			}
			repl[i] = zero
			continue
		}
		basis = append(basis, b)
	}
	if len(basis) == op.NumResults() {
		return false
	}
	if len(basis) > 0 {
		n := newMixedDelinearize(rw, op.Loc(), op.Operand(0), basis, true)
		k := 0
		for i := range repl {
			if repl[i] == nil {
				repl[i] = n.Result(k)
				k++
			}
		}
	}
	rw.ReplaceOp(op, repl)
	return true
}

// cancelDelinearizeOfLinearize cancels the common tail of a delinearize's
// basis and that of the disjoint linearize giving its input (MLIR's
// CancelDelinearizeOfLinearizeDisjointExactTail).
func cancelDelinearizeOfLinearize(op *ir.Operation, rw *ir.Rewriter) bool {
	lin := op.Operand(0).DefiningOp()
	if lin == nil || lin.Name() != "affine.linearize_index" || !isDisjoint(lin) {
		return false
	}
	ins, _ := LinearizeParts(lin)
	linBasis, delinBasis := mixedBasis(lin), mixedBasis(op)
	n := 0
	for n < len(linBasis) && n < len(delinBasis) && linBasis[len(linBasis)-1-n].same(delinBasis[len(delinBasis)-1-n]) {
		n++
	}
	if n == 0 {
		return false
	}
	if n == len(linBasis) && n == len(delinBasis) && len(ins) == op.NumResults() {
		rw.ReplaceOp(op, slices.Clone(ins))
		return true
	}
	rw.SetInsertionPointBefore(op)
	newLin := newMixedLinearize(rw, lin.Loc(), ins[:len(ins)-n], linBasis[:len(linBasis)-n], true)
	newDelin := newMixedDelinearize(rw, op.Loc(), newLin.Result(0), delinBasis[:len(delinBasis)-n], hasOuterBound(op))
	rw.ReplaceOp(op, append(slices.Clone(newDelin.Results()), ins[len(ins)-n:]...))
	return true
}

// splitDelinearizeOfLinearize splits off the last input of a disjoint
// linearize when the delinearize's last two or more static sizes multiply
// to its size (MLIR's SplitDelinearizeSpanningLastLinearizeArg).
func splitDelinearizeOfLinearize(op *ir.Operation, rw *ir.Rewriter) bool {
	lin := op.Operand(0).DefiningOp()
	if lin == nil || lin.Name() != "affine.linearize_index" || !isDisjoint(lin) {
		return false
	}
	linStatic := StaticBasis(lin)
	if len(linStatic) == 0 || linStatic[len(linStatic)-1] == ir.Dynamic {
		return false
	}
	target := linStatic[len(linStatic)-1]
	basis := StaticBasis(op)
	size, k := int64(1), 0
	for i := len(basis) - 1; i >= 0 && size < target; i-- {
		if basis[i] == ir.Dynamic {
			return false
		}
		size *= basis[i]
		k++
	}
	if size != target || k < 2 {
		return false
	}
	ins, linDyn := LinearizeParts(lin)
	rw.SetInsertionPointBefore(op)
	front := newLinearize(rw, lin.Loc(), ins[:len(ins)-1], linDyn, linStatic[:len(linStatic)-1], true)
	head := newDelinearize(rw, op.Loc(), front.Result(0), dynamicBasis(op), basis[:len(basis)-k], hasOuterBound(op))
	tail := newDelinearize(rw, op.Loc(), ins[len(ins)-1], nil, basis[len(basis)-k:], true)
	rw.ReplaceOp(op, append(slices.Clone(head.Results()), tail.Results()...))
	return true
}

// dropLinearizeUnits drops the indices whose basis entry is one when the
// linearize is disjoint or the index is zero (MLIR's
// DropLinearizeUnitComponentsIfDisjointOrZero).
func dropLinearizeUnits(op *ir.Operation, rw *ir.Rewriter) bool {
	multi, _ := LinearizeParts(op)
	var ins []*ir.Value
	var basis []basisElem
	rest := multi
	if !hasOuterBound(op) && len(multi) > 0 {
		ins, rest = append(ins, multi[0]), multi[1:]
	}
	for i, b := range mixedBasis(op) {
		if c, ok := b.constant(); ok && c == 1 {
			if v, ok := constIndex(rest[i]); isDisjoint(op) || ok && v == 0 {
				continue
			}
		}
		ins = append(ins, rest[i])
		basis = append(basis, b)
	}
	if len(ins) == len(multi) {
		return false
	}
	rw.SetInsertionPointBefore(op)
	if len(ins) == 0 {
		rw.ReplaceOp(op, []*ir.Value{zeroIndex(rw, op.Loc(), op.Result(0).Type())})
		return true
	}
	n := newMixedLinearize(rw, op.Loc(), ins, basis, isDisjoint(op))
	rw.ReplaceOp(op, n.Results())
	return true
}

// dropLinearizeLeadingZero drops a leading zero index with its bound
// (MLIR's DropLinearizeLeadingZero).
func dropLinearizeLeadingZero(op *ir.Operation, rw *ir.Rewriter) bool {
	multi, _ := LinearizeParts(op)
	if len(multi) == 0 {
		return false
	}
	if v, ok := constIndex(multi[0]); !ok || v != 0 {
		return false
	}
	if len(multi) == 1 {
		rw.ReplaceOp(op, []*ir.Value{multi[0]})
		return true
	}
	basis := mixedBasis(op)
	if hasOuterBound(op) {
		basis = basis[1:]
	}
	rw.SetInsertionPointBefore(op)
	n := newMixedLinearize(rw, op.Loc(), multi[1:], basis, isDisjoint(op))
	rw.ReplaceOp(op, n.Results())
	return true
}

// basisProduct is MLIR's computeProduct: none if any term is, a static size
// when all are known, else an affine.apply of the product.
func basisProduct(rw *ir.Rewriter, loc ir.Location, terms []basisElem) basisElem {
	c := int64(1)
	var dyn []*ir.Value
	expr := ir.AffineConstExpr(1)
	for _, t := range terms {
		if t.none {
			return t
		}
		if k, ok := t.constant(); ok {
			c *= k
			expr = ir.AffineBinary(ir.AffineMul, expr, ir.AffineConstExpr(k))
			continue
		}
		expr = ir.AffineBinary(ir.AffineMul, expr, ir.AffineSymbolExpr(len(dyn)))
		dyn = append(dyn, t.v)
	}
	if len(dyn) == 0 {
		return basisElem{c: c}
	}
	ctx := rw.Context()
	m := ctx.AffineMapAttr(&ir.AffineMap{Symbols: len(dyn), Results: []*ir.AffineExpr{expr}})
	apply := rw.Create(&ir.OpState{Name: "affine.apply", Loc: loc, Operands: dyn,
		ResultTypes: []ir.Type{ctx.Index()}, Attrs: []ir.NamedAttr{{Name: "map", Value: m}}})
	return basisElem{v: apply.Result(0)}
}

// indexRun is a run of length linearize inputs from linStart that are the
// outputs of delin from delinStart, over the same basis.
type indexRun struct {
	delin                     *ir.Operation
	linStart, delinStart, len int
}

// cancelLinearizeOfDelinearize merges runs of consecutive delinearize
// outputs that a linearize recombines over the same bounds (MLIR's
// CancelLinearizeOfDelinearizePortion).
func cancelLinearizeOfDelinearize(op *ir.Operation, rw *ir.Rewriter) bool {
	linBasis := paddedBasis(op)
	multi, _ := LinearizeParts(op)
	var runs []indexRun
	for i := 0; i < len(multi); {
		d := multi[i].DefiningOp()
		if d == nil || d.Name() != "affine.delinearize_index" || slices.ContainsFunc(runs, func(r indexRun) bool { return r.delin == d }) {
			i++
			continue
		}
		k := multi[i].Index()
		delinBasis := paddedBasis(d)
		matches := delinBasis[k].same(linBasis[i]) || i == 0 && k == 0 || isDisjoint(op) && k == 0 && delinBasis[k].none
		j := 1
		for matches && i+j < len(multi) && k+j < d.NumResults() && multi[i+j] == d.Result(k+j) && linBasis[i+j].same(delinBasis[k+j]) {
			j++
		}
		if !matches || j <= 1 {
			i++
			continue
		}
		runs = append(runs, indexRun{d, i, k, j})
		i += j
	}
	if len(runs) == 0 {
		return false
	}
	var ins []*ir.Value
	var basis []basisElem
	replacements := make([][]*ir.Value, len(runs))
	end := 0
	for r, m := range runs {
		ins = append(ins, multi[end:m.linStart]...)
		basis = append(basis, linBasis[end:m.linStart]...)
		end = m.linStart + m.len
		rw.SetInsertionPointBefore(m.delin)
		merged := linBasis[m.linStart:end]
		size := basisProduct(rw, op.Loc(), merged)
		if m.len == m.delin.NumResults() {
			ins = append(ins, m.delin.Operand(0))
			basis = append(basis, size)
			continue
		}
		delinBasis := paddedBasis(m.delin)
		newBasis := append(slices.Clone(delinBasis[:m.delinStart]), size)
		newBasis = append(newBasis, delinBasis[m.delinStart+m.len:]...)
		nd := newMixedDelinearize(rw, m.delin.Loc(), m.delin.Operand(0), newBasis, true)
		combined := nd.Result(m.delinStart)
		residual := newMixedDelinearize(rw, m.delin.Loc(), combined, merged, true)
		res := slices.Clone(nd.Results()[:m.delinStart])
		res = append(res, residual.Results()...)
		replacements[r] = append(res, nd.Results()[m.delinStart+1:]...)
		ins = append(ins, combined)
		basis = append(basis, size)
	}
	ins = append(ins, multi[end:]...)
	basis = append(basis, linBasis[end:]...)
	rw.SetInsertionPointBefore(op)
	n := newMixedLinearize(rw, op.Loc(), ins, basis, isDisjoint(op))
	rw.ReplaceOp(op, n.Results())
	for r, m := range runs {
		if replacements[r] != nil {
			rw.ReplaceOp(m.delin, replacements[r])
		}
	}
	return true
}
