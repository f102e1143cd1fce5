package affine

import (
	"slices"

	"github.com/kiln-gpu/kiln/ir"
)

// sameMap reports whether a and b are one map.
func sameMap(a, b *ir.AffineMap) bool {
	return a.Dims == b.Dims && a.Symbols == b.Symbols && slices.EqualFunc(a.Results, b.Results, (*ir.AffineExpr).Equal)
}

// simplifyAffineOp is MLIR's SimplifyAffineOp for an op whose map operands
// start at operand first (affine.apply, min, max: 0; the loads: 1; the
// stores: 2): the maps of affine.apply ops that feed it are composed into
// its map, and the map and operands canonicalized; the op is rebuilt when
// that changed anything.
func simplifyAffineOp(first int) func(op *ir.Operation, rw *ir.Rewriter) bool {
	return func(op *ir.Operation, rw *ir.Rewriter) bool {
		old := MapOf(op, "map")
		if old == nil || old.Dims+old.Symbols != op.NumOperands()-first {
			return false
		}
		mapOperands := op.Operands()[first:]
		m, operands := compose(ofMap(old), mapOperands, anyConstant)
		m, operands = canonicalize(m, operands, anyConstant)
		nm := simplifyMapWithOperands(m, operands).toMap()
		if sameMap(nm, old) && slices.Equal(operands, mapOperands) {
			return false
		}
		replaceMap(op, rw, nm, append(slices.Clone(op.Operands()[:first]), operands...))
		return true
	}
}

// replaceMap rebuilds op with map m and the given operands, its other
// attributes kept.
func replaceMap(op *ir.Operation, rw *ir.Rewriter, m *ir.AffineMap, operands []*ir.Value) {
	attrs := slices.Clone(op.Attrs())
	for i := range attrs {
		if attrs[i].Name == "map" {
			attrs[i].Value = op.Context().AffineMapAttr(m)
		}
	}
	rw.ReplaceOpWith(op, &ir.OpState{Name: op.Name(), Loc: op.Loc(), Operands: operands, ResultTypes: op.ResultTypes(), Attrs: attrs})
}

// dedupExprs returns list without its repeated expressions, first
// occurrences kept in order.
func dedupExprs(list []*ir.AffineExpr) []*ir.AffineExpr {
	var out []*ir.AffineExpr
	for _, r := range list {
		if !slices.ContainsFunc(out, r.Equal) {
			out = append(out, r)
		}
	}
	return out
}

func simplifyPattern(name string, first int) *ir.Pattern {
	return &ir.Pattern{Name: "affine-simplify-" + name[len("affine."):], Root: name, Rewrite: simplifyAffineOp(first)}
}

// composeBounds is MLIR's AffineValueMap::canonicalize on a bound map and
// its operands: the feeding affine.apply maps composed in, the map and
// operands canonicalized (cst says which operands are constants); false
// when nothing changed.
func composeBounds(m *ir.AffineMap, operands []*ir.Value, cst func(*ir.Value) (int64, bool)) (*ir.AffineMap, []*ir.Value, bool) {
	e, out := compose(ofMap(m), operands, cst)
	nm := e.toMap()
	if sameMap(nm, m) && slices.Equal(out, operands) {
		return m, operands, false
	}
	return nm, out, true
}

// foldParallel is MLIR's AffineParallelOp::fold (canonicalizeLoopBounds):
// the lower and upper bound maps composed and canonicalized in place.
func foldParallel(op *ir.Operation, constants []ir.Attribute) ([]ir.FoldResult, bool) {
	pl := Parallel{op}
	lbMap, ubMap := MapOf(op, "lowerBoundsMap"), MapOf(op, "upperBoundsMap")
	if lbMap == nil || ubMap == nil || len(constants) != op.NumOperands() {
		return nil, false
	}
	cst := foldConstants(op, constants)
	nlb, lbs, lbChanged := composeBounds(lbMap, pl.LowerBoundsOperands(), cst)
	nub, ubs, ubChanged := composeBounds(ubMap, pl.UpperBoundsOperands(), cst)
	if !lbChanged && !ubChanged {
		return nil, false
	}
	ctx := op.Context()
	op.SetOperands(append(slices.Clone(lbs), ubs...))
	op.SetAttr("lowerBoundsMap", ctx.AffineMapAttr(nlb))
	op.SetAttr("upperBoundsMap", ctx.AffineMapAttr(nub))
	return nil, true
}

// foldConstants returns the constants of canonicalization for a folder:
// the folder's own constants for op's operands, and any constant op for
// the values behind them (the operands of composed affine.apply ops).
func foldConstants(op *ir.Operation, constants []ir.Attribute) func(*ir.Value) (int64, bool) {
	known := map[*ir.Value]int64{}
	for i, c := range constants {
		if a, ok := c.(*ir.IntegerAttr); ok && i < op.NumOperands() {
			known[op.Operand(i)] = a.Int()
		}
	}
	return func(v *ir.Value) (int64, bool) {
		if c, ok := known[v]; ok {
			return c, true
		}
		if slices.Contains(op.Operands(), v) {
			return 0, false
		}
		return anyConstant(v)
	}
}

// canonicalizeForBounds is MLIR's canonicalizeLoopBounds for affine.for:
// each bound map composed and canonicalized, simplified from its operands'
// bounds (simplifyMinOrMaxExprWithOperands, the upper bound before its
// composition, as MLIR orders it), its repeated results dropped; false
// when neither map changed.
func canonicalizeForBounds(op *ir.Operation, constants []ir.Attribute) bool {
	f := For{op}
	cst := foldConstants(op, constants)
	dedup := func(m exprs) *ir.AffineMap {
		return &ir.AffineMap{Dims: m.Dims, Symbols: m.Syms, Results: dedupExprs(m.List)}
	}
	oldLb, oldUb := MapOf(op, "lowerBoundMap"), MapOf(op, "upperBoundMap")
	lb, lbs := compose(ofMap(oldLb), f.LowerBoundOperands(), cst)
	lb, lbs = canonicalize(lb, lbs, cst)
	lb = simplifyMinMaxWithOperands(lb, lbs, true)
	ub := simplifyMinMaxWithOperands(ofMap(oldUb), f.UpperBoundOperands(), false)
	lbm := dedup(lb)
	ub, ubs := compose(ub, f.UpperBoundOperands(), cst)
	ub, ubs = canonicalize(ub, ubs, cst)
	ubm := dedup(ub)
	lbChanged, ubChanged := !sameMap(lbm, oldLb), !sameMap(ubm, oldUb)
	if !lbChanged && !ubChanged {
		return false
	}
	if !lbChanged {
		lbm, lbs = oldLb, f.LowerBoundOperands()
	}
	if !ubChanged {
		ubm, ubs = oldUb, f.UpperBoundOperands()
	}
	ctx := op.Context()
	inits := f.Inits()
	op.SetOperands(append(append(slices.Clone(lbs), ubs...), inits...))
	op.SetAttr("lowerBoundMap", ctx.AffineMapAttr(lbm))
	op.SetAttr("upperBoundMap", ctx.AffineMapAttr(ubm))
	op.SetAttr("operandSegmentSizes", ctx.DenseI32Array(int64(len(lbs)), int64(len(ubs)), int64(len(inits))))
	return true
}

// foldIf is MLIR's AffineIfOp::fold: affine.apply ops feeding the
// condition composed into its set, and the set and operands canonicalized.
func foldIf(op *ir.Operation, constants []ir.Attribute) ([]ir.FoldResult, bool) {
	attr, ok := op.Attr("condition").(*ir.IntegerSetAttr)
	if !ok || attr.Set.Dims+attr.Set.Symbols != op.NumOperands() {
		return nil, false
	}
	set := attr.Set
	cst := foldConstants(op, constants)
	m, operands := exprs{set.Dims, set.Symbols, slices.Clone(set.Constraints)}, op.Operands()
	if slices.ContainsFunc(operands, func(v *ir.Value) bool {
		return v.DefiningOp() != nil && v.DefiningOp().Name() == "affine.apply"
	}) {
		m, operands = compose(m, operands, cst)
	}
	m, operands = canonicalize(m, operands, cst)
	if m.Dims == set.Dims && m.Syms == set.Symbols && slices.EqualFunc(m.List, set.Constraints, (*ir.AffineExpr).Equal) &&
		slices.Equal(operands, op.Operands()) {
		return nil, false
	}
	op.SetOperands(operands)
	op.SetAttr("condition", op.Context().IntegerSetAttr(&ir.IntegerSet{Dims: m.Dims, Symbols: m.Syms,
		Constraints: m.List, IsEq: slices.Clone(set.IsEq)}))
	return nil, true
}

// mergeMinMax is MLIR's MergeAffineMinMaxOp: a result of a min (max) map
// that is just a dim or symbol bound to another min (max) is replaced by
// that op's results, its operands appended.
func mergeMinMax(op *ir.Operation, rw *ir.Rewriter) bool {
	old := MapOf(op, "map")
	if old == nil || old.Dims+old.Symbols != op.NumOperands() {
		return false
	}
	dims := slices.Clone(op.Operands()[:old.Dims])
	syms := slices.Clone(op.Operands()[old.Dims:])
	var results []*ir.AffineExpr
	var producers []*ir.Operation
	for _, e := range old.Results {
		var v *ir.Value
		switch e.Kind {
		case ir.AffineDim:
			v = dims[e.Value]
		case ir.AffineSymbol:
			v = syms[e.Value]
		}
		if v != nil && v.DefiningOp() != nil && v.DefiningOp().Name() == op.Name() {
			producers = append(producers, v.DefiningOp())
			continue
		}
		results = append(results, e)
	}
	if len(producers) == 0 {
		return false
	}
	numDims, numSyms := old.Dims, old.Symbols
	for _, p := range producers {
		pm := MapOf(p, "map")
		dims = append(dims, p.Operands()[:pm.Dims]...)
		syms = append(syms, p.Operands()[pm.Dims:]...)
		for _, e := range pm.Results {
			results = append(results, shift(e, pm.Dims, pm.Symbols, numDims, numSyms))
		}
		numDims += pm.Dims
		numSyms += pm.Symbols
	}
	rw.ReplaceOpWith(op, &ir.OpState{Name: op.Name(), Loc: op.Loc(), ResultTypes: op.ResultTypes(),
		Operands: append(dims, syms...),
		Attrs:    []ir.NamedAttr{{Name: "map", Value: op.Context().AffineMapAttr(&ir.AffineMap{Dims: numDims, Symbols: numSyms, Results: results})}}})
	return true
}

// sortMinMax is MLIR's CanonicalizeAffineMinMaxOpExprAndTermOrder: the
// results of a min or max map sorted by their flat forms (coefficients of
// the dims, the symbols, then the constant, compared lexicographically),
// when every result is pure affine and flattens without locals.
func sortMinMax(op *ir.Operation, rw *ir.Rewriter) bool {
	m := MapOf(op, "map")
	if m == nil {
		return false
	}
	flat := make([][]int64, len(m.Results))
	for i, e := range m.Results {
		if !isPureAffine(e) {
			return false
		}
		f := &flattener{dims: m.Dims, syms: m.Symbols}
		if !f.walk(e) || len(f.locals) > 0 {
			return false
		}
		flat[i] = f.stack[0]
	}
	order := make([]int, len(flat))
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(a, b int) int { return slices.Compare(flat[a], flat[b]) })
	if slices.IsSorted(order) {
		return false
	}
	results := make([]*ir.AffineExpr, len(order))
	for i, j := range order {
		results[i] = m.Results[j]
	}
	replaceMap(op, rw, &ir.AffineMap{Dims: m.Dims, Symbols: m.Symbols, Results: results}, op.Operands())
	return true
}

// ComposedApply is MLIR's makeComposedAffineApply: an affine.apply of the
// one-result map m over operands, made at b's insertion point after the
// affine.apply ops feeding it are composed in and the map and operands
// canonicalized (for other packages' lowerings, such as vector-to-scf).
func ComposedApply(b *ir.Builder, loc ir.Location, m *ir.AffineMap, operands []*ir.Value) *ir.Value {
	nm, out := composedApplyMap(m, operands)
	return newApply(b, loc, nm, out)
}

// composedApplyMap is m over operands with the affine.apply ops feeding
// them composed in, canonicalized and simplified.
func composedApplyMap(m *ir.AffineMap, operands []*ir.Value) (*ir.AffineMap, []*ir.Value) {
	e, out := compose(ofMap(m), operands, anyConstant)
	e, out = canonicalize(e, out, anyConstant)
	return simplifyMapWithOperands(e, out).toMap(), out
}

func newApply(b *ir.Builder, loc ir.Location, m *ir.AffineMap, operands []*ir.Value) *ir.Value {
	ctx := b.Context()
	return b.CreateOp("affine.apply", loc, operands, []ir.Type{ctx.Index()}, ir.NamedAttr{Name: "map", Value: ctx.AffineMapAttr(m)}).Result(0)
}

// ComposedFoldedApply is MLIR's makeComposedFoldedAffineApply for a
// one-result map: composed and canonicalized as ComposedApply, it folds to
// an operand when the map is that plain dim or symbol and to a constant
// (returned with a nil value) when it is one; otherwise it is an
// affine.apply made at b's insertion point.
func ComposedFoldedApply(b *ir.Builder, loc ir.Location, m *ir.AffineMap, operands []*ir.Value) (*ir.Value, int64) {
	nm, out := composedApplyMap(m, operands)
	switch r := nm.Results[0]; r.Kind {
	case ir.AffineConst:
		return nil, r.Value
	case ir.AffineDim:
		return out[r.Value], 0
	case ir.AffineSymbol:
		return out[nm.Dims+int(r.Value)], 0
	}
	return newApply(b, loc, nm, out), 0
}

// CanonicalizeSet is MLIR's canonicalizeSetAndOperands: dims that are
// valid symbols become symbols, unused and repeated operands go and
// constant operands fold into the constraints.
func CanonicalizeSet(s *ir.IntegerSet, operands []*ir.Value) (*ir.IntegerSet, []*ir.Value) {
	e, out := canonicalize(exprs{s.Dims, s.Symbols, slices.Clone(s.Constraints)}, operands, anyConstant)
	return &ir.IntegerSet{Dims: e.Dims, Symbols: e.Syms, Constraints: e.List, IsEq: slices.Clone(s.IsEq)}, out
}
