// Package transforms holds the affine dialect's passes: lower-affine,
// MLIR's AffineToStandard conversion, affine-expand-index-ops,
// affine-parallelize, affine-loop-invariant-code-motion and affine-scalrep (the dialect
// package itself stays below ir/pass in the layering).
package transforms

import (
	"math"
	"math/big"

	"github.com/kiln-gpu/kiln/affine"
	"github.com/kiln-gpu/kiln/arith"
	"github.com/kiln-gpu/kiln/ir"
	"github.com/kiln-gpu/kiln/ir/pass"
	"github.com/kiln-gpu/kiln/ir/rewrite"
	"github.com/kiln-gpu/kiln/memref"
)

// Register adds affine's passes to reg.
func Register(reg pass.Registry) {
	reg.Add(LowerAffinePass, ExpandIndexOpsPass, ExpandIndexOpsAsAffinePass, RaiseMemrefPass, ParallelizePass, LoopInvariantCodeMotionPass, ScalarReplacementPass)
}

// ExpandIndexOpsPass is affine-expand-index-ops, MLIR's
// AffineExpandIndexOps: delinearize_index and linearize_index become arith
// ops, as lower-affine makes them, through the greedy driver (which also
// folds, and erases what is dead).
func ExpandIndexOpsPass() *pass.Pass {
	expand := func(lower func(*lowerer, *ir.Operation)) func(op *ir.Operation, rw *ir.Rewriter) bool {
		return func(op *ir.Operation, rw *ir.Rewriter) bool {
			rw.SetInsertionPointBefore(op)
			lower(&lowerer{ctx: op.Context(), rw: rw, loc: op.Loc()}, op)
			return true
		}
	}
	patterns := rewrite.NewPatternSet(
		&ir.Pattern{Name: "lower-delinearize-index", Root: "affine.delinearize_index", Rewrite: expand((*lowerer).delinearize)},
		&ir.Pattern{Name: "lower-linearize-index", Root: "affine.linearize_index", Rewrite: expand((*lowerer).linearize)})
	return &pass.Pass{
		Name:     "AffineExpandIndexOps",
		Argument: "affine-expand-index-ops",
		Summary:  "Lower affine operations operating on indices into more fundamental operations",
		Run: func(op *ir.Operation, _ *pass.Context) error {
			_, err := rewrite.ApplyPatternsGreedily(op, patterns, rewrite.GreedyConfig{TopDown: true})
			return err
		},
	}
}

// LowerAffinePass is lower-affine, MLIR's LowerAffinePass: every affine op
// becomes scf, arith, memref and vector ops.
func LowerAffinePass() *pass.Pass {
	return &pass.Pass{
		Name:     "LowerAffinePass",
		Argument: "lower-affine",
		Summary:  "Lower Affine operations to a combination of Arith and SCF operations",
		Run: func(op *ir.Operation, _ *pass.Context) error {
			LowerAffine(op)
			return nil
		},
	}
}

// LowerAffine lowers the affine ops nested in root, as MLIR's partial
// conversion does: in pre-order, each op on its own. An op whose lowering
// fails (a division or modulus by a non-positive constant, a reduction
// kind with no identity) stays, with an error reported through the
// context's diagnostic handler, and the rest is still lowered, as in MLIR.
func LowerAffine(root *ir.Operation) {
	var ops []*ir.Operation
	root.WalkPre(func(op *ir.Operation) (bool, bool) {
		if op != root && op.DialectName() == "affine" {
			ops = append(ops, op)
		}
		return true, true
	})
	l := &lowerer{ctx: root.Context(), created: created{}}
	l.rw = ir.NewRewriter(root.Context(), l.created)
	l.foldCfg.Constant = l.inputConstant
	for _, op := range ops {
		// A fold or a lowering may have erased an op of the list (a loop
		// that never runs with its body, a parallel loop's terminator).
		if root.IsAncestorOf(op) && !l.fold(op) {
			l.lower(op)
		}
	}
}

// created records the ops the lowering makes.
type created map[*ir.Operation]bool

func (c created) OpInserted(op *ir.Operation)         { c[op] = true }
func (created) OpErased(*ir.Operation)                {}
func (created) OpModified(*ir.Operation)              {}
func (created) OpReplaced(*ir.Operation, []*ir.Value) {}

// fold runs op's folder before its lowering, as MLIR's conversion driver
// does (legalizeWithFold), and reports whether that replaced op. Operands
// count as constants only when an input constant defines them: MLIR
// replaces values only once the conversion ends, so its folders see the
// original ops, never what the lowering of an earlier op made. An
// in-place fold (constant bounds moved into the maps, a constant basis
// made static) is retried until it changes nothing.
func (l *lowerer) fold(op *ir.Operation) bool {
	l.rw.SetInsertionPointBefore(op)
	for range 8 {
		vals, ok := l.rw.TryFold(op, &l.foldCfg)
		if !ok {
			return false
		}
		if len(vals) == 0 {
			continue
		}
		l.rw.ReplaceOp(op, vals)
		return true
	}
	return false
}

// inputConstant returns the value of a constant that v's defining op
// holds, unless the lowering made that op.
func (l *lowerer) inputConstant(v *ir.Value) ir.Attribute {
	if d := v.DefiningOp(); !l.created[d] {
		return ir.ConstantAttr(d)
	}
	return nil
}

type lowerer struct {
	ctx *ir.Context
	rw  *ir.Rewriter
	loc ir.Location
	// failed holds the ops left in place, whose terminators stay too.
	failed map[*ir.Operation]bool
	// created holds the ops the lowering made, whose values an input
	// op's folder must not see as its constants.
	created created
	// foldCfg has folds see only input constants.
	foldCfg ir.FoldConfig
}

func (l *lowerer) lower(op *ir.Operation) {
	l.loc = op.Loc()
	l.rw.SetInsertionPointBefore(op)
	ok := true
	switch op.Name() {
	case "affine.apply":
		ok = l.apply(op)
	case "affine.min":
		ok = l.minMax(op, "arith.minsi")
	case "affine.max":
		ok = l.minMax(op, "arith.maxsi")
	case "affine.for":
		ok = l.forOp(op)
	case "affine.if":
		ok = l.ifOp(op)
	case "affine.parallel":
		ok = l.parallel(op)
	case "affine.yield":
		// A parallel's terminator is rewritten with its loop; one whose
		// loop stayed stays with it.
		if p := op.ParentOp(); p != nil && (p.Name() == "scf.parallel" || p.Name() == "affine.parallel" || l.failed[p]) {
			return
		}
		l.rw.ReplaceOpWith(op, &ir.OpState{Name: "scf.yield", Loc: op.Loc(), Operands: op.Operands()})
	case "affine.load":
		ok = l.access(op, 1, "memref.load")
	case "affine.vector_load":
		ok = l.access(op, 1, "vector.load")
	case "affine.store":
		ok = l.access(op, 2, "memref.store")
	case "affine.vector_store":
		ok = l.access(op, 2, "vector.store")
	case "affine.prefetch":
		ok = l.access(op, 1, "memref.prefetch")
	case "affine.dma_start":
		ok = l.dmaStart(op)
	case "affine.dma_wait":
		ok = l.dmaWait(op)
	case "affine.delinearize_index":
		l.delinearize(op)
	case "affine.linearize_index":
		l.linearize(op)
	}
	if !ok {
		if l.failed == nil {
			l.failed = map[*ir.Operation]bool{}
		}
		l.failed[op] = true
	}
}

// expandable reports whether every result of m lowers, reporting each
// division or modulus by a non-positive constant as MLIR's expander does.
func (l *lowerer) expandable(exprs ...*ir.AffineExpr) bool {
	ok := true
	var check func(e *ir.AffineExpr)
	check = func(e *ir.AffineExpr) {
		if e.LHS == nil {
			return
		}
		if e.RHS.Kind == ir.AffineConst && e.RHS.Value <= 0 {
			switch e.Kind {
			case ir.AffineMod:
				l.ctx.Emit(ir.Errorf(l.loc, "modulo by non-positive value is not supported"))
				ok = false
				return
			case ir.AffineFloorDiv, ir.AffineCeilDiv:
				l.ctx.Emit(ir.Errorf(l.loc, "division by non-positive value is not supported"))
				ok = false
				return
			}
		}
		check(e.LHS)
		check(e.RHS)
	}
	for _, e := range exprs {
		check(e)
	}
	return ok
}

func (l *lowerer) index(v int64) *ir.Value {
	return arith.NewConstant(&l.rw.Builder, l.ctx.IndexAttr(v), l.ctx.Index(), l.loc)
}

func (l *lowerer) binary(name string, a, b *ir.Value, attrs ...ir.NamedAttr) *ir.Value {
	return l.rw.CreateOp(name, l.loc, []*ir.Value{a, b}, []ir.Type{a.Type()}, attrs...).Result(0)
}

// cmp compares a and b, index values or vectors of index.
func (l *lowerer) cmp(pred arith.CmpIPredicate, a, b *ir.Value) *ir.Value {
	return l.rw.CreateOp("arith.cmpi", l.loc, []*ir.Value{a, b}, []ir.Type{arith.I1SameShape(l.ctx, a.Type())},
		ir.NamedAttr{Name: "predicate", Value: l.ctx.I64Attr(int64(pred))}).Result(0)
}

func (l *lowerer) sel(c, a, b *ir.Value) *ir.Value {
	return l.rw.CreateOp("arith.select", l.loc, []*ir.Value{c, a, b}, []ir.Type{a.Type()}).Result(0)
}

// expr emits e over dims and syms as MLIR's AffineApplyExpander does (the
// callers check expandable first): products carry nsw, as index
// arithmetic of an affine map never wraps, and floordiv, ceildiv and mod
// take one signed division each, correct for positive divisors.
func (l *lowerer) expr(e *ir.AffineExpr, dims, syms []*ir.Value) *ir.Value {
	switch e.Kind {
	case ir.AffineConst:
		return l.index(e.Value)
	case ir.AffineDim:
		return dims[e.Value]
	case ir.AffineSymbol:
		return syms[e.Value]
	}
	lhs := l.expr(e.LHS, dims, syms)
	rhs := l.expr(e.RHS, dims, syms)
	switch e.Kind {
	case ir.AffineAdd:
		return l.binary("arith.addi", lhs, rhs)
	case ir.AffineMul:
		return l.binary("arith.muli", lhs, rhs, nsw(l.ctx))
	case ir.AffineMod:
		// a mod b = let r = a rem b in r < 0 ? r + b : r
		rem := l.binary("arith.remsi", lhs, rhs)
		neg := l.cmp(arith.CmpISLT, rem, l.index(0))
		return l.sel(neg, l.binary("arith.addi", rem, rhs), rem)
	case ir.AffineFloorDiv:
		// a floordiv b = let n = a < 0, q = (n ? -a - 1 : a) / b in n ? -q - 1 : q
		zero, minusOne := l.index(0), l.index(-1)
		neg := l.cmp(arith.CmpISLT, lhs, zero)
		dividend := l.sel(neg, l.binary("arith.subi", minusOne, lhs), lhs)
		q := l.binary("arith.divsi", dividend, rhs)
		return l.sel(neg, l.binary("arith.subi", minusOne, q), q)
	default: // ceildiv
		// a ceildiv b = let n = a <= 0, q = (n ? -a : a - 1) / b in n ? -q : q + 1
		zero, one := l.index(0), l.index(1)
		nonPos := l.cmp(arith.CmpISLE, lhs, zero)
		dividend := l.sel(nonPos, l.binary("arith.subi", zero, lhs), l.binary("arith.subi", lhs, one))
		q := l.binary("arith.divsi", dividend, rhs)
		return l.sel(nonPos, l.binary("arith.subi", zero, q), l.binary("arith.addi", q, one))
	}
}

// expandMap emits every result of m over operands (dims first).
func (l *lowerer) expandMap(m *ir.AffineMap, operands []*ir.Value) []*ir.Value {
	out := make([]*ir.Value, len(m.Results))
	for i, e := range m.Results {
		out[i] = l.expr(e, operands[:m.Dims], operands[m.Dims:])
	}
	return out
}

// reduceSeq folds values left to right with name (arith.minsi or
// arith.maxsi), a chain rather than a tree, as MLIR's
// buildMinMaxReductionSeq makes it.
func (l *lowerer) reduceSeq(name string, values []*ir.Value) *ir.Value {
	v := values[0]
	for _, w := range values[1:] {
		v = l.binary(name, v, w)
	}
	return v
}

func (l *lowerer) apply(op *ir.Operation) bool {
	m := affine.MapOf(op, "map")
	if !l.expandable(m.Results...) {
		return false
	}
	l.rw.ReplaceOp(op, l.expandMap(m, op.Operands()))
	return true
}

func (l *lowerer) minMax(op *ir.Operation, name string) bool {
	m := affine.MapOf(op, "map")
	if !l.expandable(m.Results...) {
		return false
	}
	l.rw.ReplaceOp(op, []*ir.Value{l.reduceSeq(name, l.expandMap(m, op.Operands()))})
	return true
}

// access lowers a load, store or prefetch: the indices from operand first
// on go through the map into the target op, which keeps the operands
// before them (the value stored, the memref) and the attributes but the
// map (a prefetch's hints).
func (l *lowerer) access(op *ir.Operation, first int, target string) bool {
	m := affine.MapOf(op, "map")
	if !l.expandable(m.Results...) {
		return false
	}
	operands := append(append([]*ir.Value(nil), op.Operands()[:first]...), l.expandMap(m, op.Operands()[first:])...)
	var attrs []ir.NamedAttr
	for _, a := range op.Attrs() {
		if a.Name != "map" {
			attrs = append(attrs, a)
		}
	}
	l.rw.ReplaceOpWith(op, &ir.OpState{Name: target, Loc: op.Loc(), Operands: operands, ResultTypes: op.ResultTypes(), Attrs: attrs})
	return true
}

// dmaStart lowers affine.dma_start to memref.dma_start, whose element
// count comes before the tag.
func (l *lowerer) dmaStart(op *ir.Operation) bool {
	parts, rest, _ := affine.DmaStartParts(op)
	for _, name := range affine.DmaStartMaps {
		if !l.expandable(affine.MapOf(op, name).Results...) {
			return false
		}
	}
	var idx [3][]*ir.Value
	for i, name := range affine.DmaStartMaps {
		idx[i] = l.expandMap(affine.MapOf(op, name), parts[i][1:])
	}
	operands := append(append([]*ir.Value{parts[0][0]}, idx[0]...), parts[1][0])
	operands = append(append(operands, idx[1]...), rest[0], parts[2][0])
	operands = append(append(operands, idx[2]...), rest[1:]...)
	l.rw.ReplaceOpWith(op, &ir.OpState{Name: "memref.dma_start", Loc: op.Loc(), Operands: operands})
	return true
}

// dmaWait lowers affine.dma_wait to memref.dma_wait.
func (l *lowerer) dmaWait(op *ir.Operation) bool {
	m := affine.MapOf(op, "tag_map")
	if !l.expandable(m.Results...) {
		return false
	}
	n := op.NumOperands()
	operands := append(append([]*ir.Value{op.Operand(0)}, l.expandMap(m, op.Operands()[1:n-1])...), op.Operand(n-1))
	l.rw.ReplaceOpWith(op, &ir.OpState{Name: "memref.dma_wait", Loc: op.Loc(), Operands: operands})
	return true
}

// bounds inserts an affine.for's lower bound (the max of its lower bound
// map's results) and upper bound (the min of its upper bound map's), as
// MLIR's lowerAffineLowerBound and lowerAffineUpperBound; ok is false, with
// a diagnostic emitted, when a map cannot be expanded.
func (l *lowerer) bounds(op *ir.Operation) (lb, ub *ir.Value, ok bool) {
	f := affine.For{Operation: op}
	lbMap, ubMap := affine.MapOf(op, "lowerBoundMap"), affine.MapOf(op, "upperBoundMap")
	if !l.expandable(lbMap.Results...) || !l.expandable(ubMap.Results...) {
		return nil, nil, false
	}
	lb = l.reduceSeq("arith.maxsi", l.expandMap(lbMap, f.LowerBoundOperands()))
	ub = l.reduceSeq("arith.minsi", l.expandMap(ubMap, f.UpperBoundOperands()))
	return lb, ub, true
}

func (l *lowerer) forOp(op *ir.Operation) bool {
	lb, ub, ok := l.bounds(op)
	if !ok {
		return false
	}
	f := affine.For{Operation: op}
	step := l.index(f.Step())
	st := &ir.OpState{Name: "scf.for", Loc: op.Loc(), Operands: append([]*ir.Value{lb, ub, step}, f.Inits()...),
		ResultTypes: op.ResultTypes()}
	st.AddRegion()
	n := l.rw.Create(st)
	l.rw.InlineRegionBefore(op.Region(0), n.Region(0), nil)
	l.rw.ReplaceOp(op, n.Results())
	return true
}

func (l *lowerer) ifOp(op *ir.Operation) bool {
	set := op.Attr("condition").(*ir.IntegerSetAttr).Set
	if !l.expandable(set.Constraints...) {
		return false
	}
	operands := op.Operands()
	zero := l.index(0)
	var cond *ir.Value
	for i, c := range set.Constraints {
		v := l.expr(c, operands[:set.Dims], operands[set.Dims:])
		pred := arith.CmpISGE
		if set.IsEq[i] {
			pred = arith.CmpIEQ
		}
		cmp := l.cmp(pred, v, zero)
		if cond == nil {
			cond = cmp
		} else {
			cond = l.binary("arith.andi", cond, cmp)
		}
	}
	if cond == nil {
		cond = arith.NewConstant(&l.rw.Builder, l.ctx.BoolAttr(true), l.ctx.I(1), l.loc)
	}
	st := &ir.OpState{Name: "scf.if", Loc: op.Loc(), Operands: []*ir.Value{cond}, ResultTypes: op.ResultTypes()}
	st.AddRegion()
	st.AddRegion()
	n := l.rw.Create(st)
	l.rw.InlineRegionBefore(op.Region(0), n.Region(0), nil)
	l.rw.InlineRegionBefore(op.Region(1), n.Region(1), nil)
	l.rw.ReplaceOp(op, n.Results())
	return true
}

// reductionOps maps each reduction kind to the arith op that combines two
// values (MLIR's arith::getReductionOp); assign has none.
var reductionOps = map[memref.AtomicRMWKind]string{
	memref.AtomicAddF: "arith.addf", memref.AtomicAddI: "arith.addi", memref.AtomicMulF: "arith.mulf",
	memref.AtomicMulI: "arith.muli", memref.AtomicMaximumF: "arith.maximumf", memref.AtomicMinimumF: "arith.minimumf",
	memref.AtomicMaxNumF: "arith.maxnumf", memref.AtomicMinNumF: "arith.minnumf", memref.AtomicMaxS: "arith.maxsi",
	memref.AtomicMinS: "arith.minsi", memref.AtomicMaxU: "arith.maxui", memref.AtomicMinU: "arith.minui",
	memref.AtomicOrI: "arith.ori", memref.AtomicAndI: "arith.andi", memref.AtomicXorI: "arith.xori",
}

// identity is the value kind's reduction starts from (MLIR's
// arith::getIdentityValueAttr, with infinities for the float min/max).
func (l *lowerer) identity(kind memref.AtomicRMWKind, t ir.Type) ir.Attribute {
	if ft, ok := t.(*ir.FloatType); ok {
		v := 0.0
		switch kind {
		case memref.AtomicMulF:
			v = 1
		case memref.AtomicMaximumF:
			v = math.Inf(-1)
		case memref.AtomicMinimumF:
			v = math.Inf(1)
		case memref.AtomicMaxNumF:
			v = math.Copysign(math.NaN(), -1)
		case memref.AtomicMinNumF:
			v = math.NaN()
		}
		return l.ctx.FloatAttr(ft, v)
	}
	w := 64
	if it, ok := t.(*ir.IntegerType); ok {
		w = it.Width
	}
	one := big.NewInt(1)
	v := new(big.Int)
	switch kind {
	case memref.AtomicMulI:
		v.SetInt64(1)
	case memref.AtomicAndI, memref.AtomicMinU:
		v.Sub(new(big.Int).Lsh(one, uint(w)), one)
	case memref.AtomicMaxS:
		v.Neg(new(big.Int).Lsh(one, uint(w-1)))
	case memref.AtomicMinS:
		v.Sub(new(big.Int).Lsh(one, uint(w-1)), one)
	}
	return l.ctx.IntegerAttrBig(t, v)
}

func (l *lowerer) parallel(op *ir.Operation) bool {
	pl := affine.Parallel{Operation: op}
	lbMap, ubMap := affine.MapOf(op, "lowerBoundsMap"), affine.MapOf(op, "upperBoundsMap")
	lbGroups, ubGroups := pl.Groups(true), pl.Groups(false)
	if !l.expandable(lbMap.Results...) || !l.expandable(ubMap.Results...) {
		return false
	}
	kinds := make([]memref.AtomicRMWKind, 0, op.NumResults())
	if arr, ok := op.Attr("reductions").(*ir.ArrayAttr); ok {
		for _, a := range arr.Elems {
			k := memref.AtomicRMWKind(a.(*ir.IntegerAttr).Int())
			if reductionOps[k] == "" {
				l.ctx.Emit(ir.Errorf(l.loc, "Reduction operation type not supported"))
				return false
			}
			kinds = append(kinds, k)
		}
	}
	lbOps, ubOps := pl.LowerBoundsOperands(), pl.UpperBoundsOperands()
	var lbs, ubs, steps []*ir.Value
	lbAt, ubAt := 0, 0
	for i := range lbGroups {
		sub := func(m *ir.AffineMap, at, n int) *ir.AffineMap {
			return &ir.AffineMap{Dims: m.Dims, Symbols: m.Symbols, Results: m.Results[at : at+n]}
		}
		lbs = append(lbs, l.reduceSeq("arith.maxsi", l.expandMap(sub(lbMap, lbAt, int(lbGroups[i])), lbOps)))
		ubs = append(ubs, l.reduceSeq("arith.minsi", l.expandMap(sub(ubMap, ubAt, int(ubGroups[i])), ubOps)))
		lbAt += int(lbGroups[i])
		ubAt += int(ubGroups[i])
	}
	for _, s := range pl.Steps() {
		steps = append(steps, l.index(s))
	}
	var inits []*ir.Value
	for i, k := range kinds {
		t := op.Result(i).Type()
		inits = append(inits, arith.NewConstant(&l.rw.Builder, l.identity(k, t), t, l.loc))
	}
	n := int64(len(lbs))
	st := &ir.OpState{Name: "scf.parallel", Loc: op.Loc(), ResultTypes: op.ResultTypes(),
		Operands: append(append(append(append([]*ir.Value(nil), lbs...), ubs...), steps...), inits...),
		Attrs:    []ir.NamedAttr{{Name: "operandSegmentSizes", Value: l.ctx.DenseI32Array(n, n, n, int64(len(inits)))}}}
	st.AddRegion()
	par := l.rw.Create(st)
	l.rw.InlineRegionBefore(op.Region(0), par.Region(0), nil)
	l.rw.ReplaceOp(op, par.Results())

	// The terminator becomes scf.reduce, with one region per reduction.
	yield := par.Region(0).Entry().Last()
	red := &ir.OpState{Name: "scf.reduce", Loc: yield.Loc(), Operands: yield.Operands()}
	for range kinds {
		red.AddRegion()
	}
	l.rw.SetInsertionPointBefore(yield)
	reduce := l.rw.Create(red)
	for i, k := range kinds {
		t := yield.Operand(i).Type()
		b := l.rw.CreateBlock(reduce.Region(i), nil, []ir.Type{t, t}, []ir.Location{yield.Loc(), yield.Loc()})
		v := l.binary(reductionOps[k], b.Arg(0), b.Arg(1))
		l.rw.CreateOp("scf.reduce.return", l.loc, []*ir.Value{v}, nil)
	}
	l.rw.EraseOp(yield)
	return true
}

// LoopBounds inserts, with b, an affine.for's lower and upper bound as its
// lowering to scf.for does (lowerer.bounds).
func LoopBounds(b *ir.Builder, forOp *ir.Operation) (lb, ub *ir.Value, ok bool) {
	l := &lowerer{ctx: forOp.Context(), rw: &ir.Rewriter{Builder: *b}, loc: forOp.Loc()}
	return l.bounds(forOp)
}
