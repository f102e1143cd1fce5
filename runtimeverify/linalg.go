package runtimeverify

import (
	"strconv"

	"github.com/kiln-gpu/kiln/affine"
	"github.com/kiln-gpu/kiln/arith"
	"github.com/kiln-gpu/kiln/index"
	"github.com/kiln-gpu/kiln/ir"
	"github.com/kiln-gpu/kiln/linalg"
)

// The linalg checks are MLIR's (mlir/lib/Dialect/Linalg/Transforms/
// RuntimeOpVerification.cpp), with the same messages.

// structured checks that the sizes of a structured op's operands fit the
// loop ranges the op takes from them: every index its indexing maps give
// over the ranges is non-negative, and the largest one plus one is the
// operand's size (at most its size when the map's result is not a plain
// loop dimension).
func structured(g *gen, op *ir.Operation) {
	maps := linalg.Structured{Operation: op}.IndexingMaps()
	if len(maps) != op.NumOperands() {
		return
	}
	sizes, ok := g.loopSizes(op, maps)
	if !ok {
		return
	}
	idx := g.Context().Index()
	zero, one := g.index(0), g.index(1)
	ends := make([]*ir.Value, len(sizes))
	for i, size := range sizes {
		ends[i] = g.fold("index.sub", idx, []*ir.Value{size(), one})
	}
	for k, m := range maps {
		starts := make([]func() *ir.Value, len(m.Results))
		lasts := make([]func() *ir.Value, len(m.Results))
		for d, e := range m.Results {
			starts[d] = g.constIndex(e.Eval(make([]int64, m.Dims), nil))
			lasts[d] = g.apply(m.Dims, e, ends)
		}
		for d, e := range m.Results {
			start, last := starts[d](), lasts[d]()
			min := g.fold("index.mins", idx, []*ir.Value{start, last})
			g.assert(g.indexCmp(arith.CmpISGE, min, zero), op,
				"unexpected negative result on dimension #"+strconv.Itoa(d)+" of input/output operand #"+strconv.Itoa(k))
			max := g.fold("index.maxs", idx, []*ir.Value{start, last})
			inferred := g.fold("index.add", idx, []*ir.Value{max, one})
			actual := g.dim(op.Operand(k), d, true)
			pred := arith.CmpISLE
			if e.Kind == ir.AffineDim {
				pred = arith.CmpIEQ
			}
			g.assert(g.indexCmp(pred, inferred, actual), op,
				"dimension #"+strconv.Itoa(d)+" of input/output operand #"+strconv.Itoa(k)+" is incompatible with inferred dimension size")
		}
	}
}

// loopSizes returns, for each loop of a structured op, what gives its size:
// the size of the first operand dimension its maps index by the loop
// alone (MLIR's createLoopRanges over createFlatListOfOperandDims: a
// static size is a constant, a dynamic one a dim op built now).
func (g *gen) loopSizes(op *ir.Operation, maps []*ir.AffineMap) ([]func() *ir.Value, bool) {
	numLoops := maps[0].Dims
	sizes := make([]func() *ir.Value, numLoops)
	for k, m := range maps {
		if m.Dims != numLoops {
			return nil, false
		}
		t, _ := op.Operand(k).Type().(ir.ShapedType)
		for d, e := range m.Results {
			if t == nil || !t.HasRank() || d >= len(t.Shape()) {
				return nil, false
			}
			var size func() *ir.Value
			if s := t.Shape()[d]; s != ir.Dynamic {
				size = g.constIndex(s)
			} else {
				v := g.dim(op.Operand(k), d, true)
				size = func() *ir.Value { return v }
			}
			if e.Kind == ir.AffineDim && sizes[e.Value] == nil {
				sizes[e.Value] = size
			}
		}
	}
	for _, s := range sizes {
		if s == nil {
			return nil, false
		}
	}
	return sizes, true
}

// constIndex gives a new arith.constant v : index each time it is called
// (MLIR's getValueOrCreateConstantIndexOp of an attribute).
func (g *gen) constIndex(v int64) func() *ir.Value {
	return func() *ir.Value { return g.index(v) }
}

// apply gives e over the values of ends (MLIR's
// makeComposedFoldedAffineApply): a new constant each time when it folds
// to one, else the value it folds to or the affine.apply built now.
func (g *gen) apply(dims int, e *ir.AffineExpr, ends []*ir.Value) func() *ir.Value {
	v, c := affine.ComposedFoldedApply(g.Builder, g.loc, &ir.AffineMap{Dims: dims, Results: []*ir.AffineExpr{e}}, ends)
	if v == nil {
		return g.constIndex(c)
	}
	return func() *ir.Value { return v }
}

// indexCmp adds index.cmp pred(a, b), folded.
func (g *gen) indexCmp(pred arith.CmpIPredicate, a, b *ir.Value) *ir.Value {
	ctx := g.Context()
	return g.fold("index.cmp", ctx.I(1), []*ir.Value{a, b}, ir.NamedAttr{Name: "pred", Value: index.CmpPredicate(ctx, pred)})
}
