package transforms

import (
	"slices"

	"github.com/kiln-gpu/kiln/affine"
	"github.com/kiln-gpu/kiln/ir"
	"github.com/kiln-gpu/kiln/ir/pass"
	"github.com/kiln-gpu/kiln/ir/rewrite"
	"github.com/kiln-gpu/kiln/ub"
	"github.com/kiln-gpu/kiln/vector"
)

// ExpandIndexOpsAsAffinePass is affine-expand-index-ops-as-affine, MLIR's
// AffineExpandIndexOpsAsAffine: delinearize_index and linearize_index on
// index values become affine.apply ops (MLIR's delinearizeIndex and
// linearizeIndex utilities), composed with the affine.apply ops feeding
// them, through the greedy driver. An op on vectors of index is unrolled
// into one op per element (vector.extract of its indices, vector.insert of
// its results into ub.poison), which the driver then expands.
func ExpandIndexOpsAsAffinePass() *pass.Pass {
	expand := func(lower func(*affineIndex, *ir.Operation) []*ir.Value) func(op *ir.Operation, rw *ir.Rewriter) bool {
		return func(op *ir.Operation, rw *ir.Rewriter) bool {
			rw.SetInsertionPointBefore(op)
			if affine.IsVectorIndexOp(op) {
				return unrollIndexOp(op, rw)
			}
			rw.ReplaceOp(op, lower(&affineIndex{ctx: op.Context(), rw: rw, loc: op.Loc()}, op))
			return true
		}
	}
	patterns := rewrite.NewPatternSet(
		&ir.Pattern{Name: "lower-delinearize-index-as-affine", Root: "affine.delinearize_index", Rewrite: expand((*affineIndex).delinearize)},
		&ir.Pattern{Name: "lower-linearize-index-as-affine", Root: "affine.linearize_index", Rewrite: expand((*affineIndex).linearize)})
	return &pass.Pass{
		Name:     "AffineExpandIndexOpsAsAffine",
		Argument: "affine-expand-index-ops-as-affine",
		Summary:  "Lower affine operations operating on indices into affine.apply operations",
		Run: func(op *ir.Operation, _ *pass.Context) error {
			_, err := rewrite.ApplyPatternsGreedily(op, patterns, rewrite.GreedyConfig{TopDown: true})
			return err
		},
	}
}

type affineIndex struct {
	ctx *ir.Context
	rw  *ir.Rewriter
	loc ir.Location
}

// value is MLIR's getValueOrCreateConstantIndexOp on a folded result.
func (a *affineIndex) value(v *ir.Value, c int64) *ir.Value {
	if v != nil {
		return v
	}
	return (&lowerer{ctx: a.ctx, rw: a.rw, loc: a.loc}).index(c)
}

// apply is makeComposedFoldedAffineApply of the one-result map e over
// operands, materialized as a value.
func (a *affineIndex) apply(e *ir.AffineExpr, dims, syms int, operands []*ir.Value) *ir.Value {
	return a.value(affine.ComposedFoldedApply(&a.rw.Builder, a.loc, &ir.AffineMap{Dims: dims, Symbols: syms, Results: []*ir.AffineExpr{e}}, operands))
}

// mixedBasis returns an index op's basis as values (constants made for
// its static entries), without a delinearize_index's outer bound when
// dropOuter and it has one (MLIR's getEffectiveBasis).
func (a *affineIndex) mixedBasis(op *ir.Operation, dynamic []*ir.Value, dropOuter bool) []*ir.Value {
	static := affine.StaticBasis(op)
	out := make([]*ir.Value, 0, len(static))
	k := 0
	for _, b := range static {
		if b == ir.Dynamic {
			out = append(out, dynamic[k])
			k++
		} else {
			out = append(out, a.value(nil, b))
		}
	}
	if dropOuter && op.NumResults() == len(static) && len(out) > 0 {
		out = out[1:]
	}
	return out
}

// delinearize is MLIR's delinearizeIndex without outer bound: the
// divisors are the suffix products of the basis, each quotient by one the
// next index and the remainder what the next divides, the last remainder
// the last index.
func (a *affineIndex) delinearize(op *ir.Operation) []*ir.Value {
	linear, dynamic := affine.DelinearizeParts(op)
	basis := a.mixedBasis(op, dynamic, true)
	s0, s1 := ir.AffineSymbolExpr(0), ir.AffineSymbolExpr(1)
	var divisors []*ir.Value
	var prod *ir.Value
	for i := len(basis) - 1; i >= 0; i-- {
		if prod == nil {
			prod = a.apply(ir.AffineBinary(ir.AffineMul, s0, s1), 0, 2, []*ir.Value{basis[i], a.value(nil, 1)})
		} else {
			prod = a.apply(ir.AffineBinary(ir.AffineMul, s0, s1), 0, 2, []*ir.Value{basis[i], prod})
		}
		divisors = append(divisors, prod)
	}
	d0, d1 := ir.AffineDimExpr(0), ir.AffineDimExpr(1)
	b := &a.rw.Builder
	results := make([]*ir.Value, 0, len(divisors)+1)
	residual := linear
	for i := len(divisors) - 1; i >= 0; i-- {
		operands := []*ir.Value{residual, divisors[i]}
		results = append(results, affine.ComposedApply(b, a.loc, &ir.AffineMap{Dims: 2, Results: []*ir.AffineExpr{ir.AffineBinary(ir.AffineFloorDiv, d0, d1)}}, operands))
		residual = affine.ComposedApply(b, a.loc, &ir.AffineMap{Dims: 2, Results: []*ir.AffineExpr{ir.AffineBinary(ir.AffineMod, d0, d1)}}, operands)
	}
	return append(results, residual)
}

// linearize is MLIR's linearizeIndex: the strides are the suffix products
// of the basis (a unit outer bound standing in when there is none), and
// the index is the sum of each index times its stride, one composed
// affine.apply.
func (a *affineIndex) linearize(op *ir.Operation) []*ir.Value {
	multi, dynamic := affine.LinearizeParts(op)
	if len(multi) == 0 {
		return []*ir.Value{a.value(nil, 0)}
	}
	basis := a.mixedBasis(op, dynamic, false)
	var sizes []*ir.AffineExpr
	if len(multi) == len(basis)+1 {
		sizes = append(sizes, ir.AffineConstExpr(1))
	}
	for i := range basis {
		sizes = append(sizes, ir.AffineSymbolExpr(i))
	}
	strides := make([]*ir.AffineExpr, len(sizes))
	strides[len(sizes)-1] = ir.AffineConstExpr(1)
	for r := len(sizes) - 1; r > 0; r-- {
		strides[r-1] = ir.AffineBinary(ir.AffineMul, strides[r], sizes[r])
	}
	// MLIR's computeLinearIndex: s0 + s1 * s2 + s3 * s4 + ... over the
	// offset 0 and each index with its stride.
	values := []*ir.Value{a.value(nil, 0)}
	sum := ir.AffineSymbolExpr(0)
	for i, st := range strides {
		values = append(values, multi[i], a.apply(st, 0, len(basis), basis))
		sum = ir.AffineBinary(ir.AffineAdd, sum, ir.AffineBinary(ir.AffineMul, ir.AffineSymbolExpr(2*i+1), ir.AffineSymbolExpr(2*i+2)))
	}
	return []*ir.Value{a.apply(sum, 0, len(values), values)}
}

// unrollIndexOp replaces an index op on vectors of index (of a fixed
// shape) by the same op on each element, in row-major order.
func unrollIndexOp(op *ir.Operation, rw *ir.Rewriter) bool {
	vt := op.Result(0).Type().(*ir.VectorType)
	if vt.IsScalable() {
		return false
	}
	b := vector.Builder{RW: rw, Loc: op.Loc()}
	ctx := op.Context()
	// All results have the one type: one poison starts them all.
	poison := ub.BuildPoison(&rw.Builder, ub.Poison(ctx), vt, op.Loc()).Result(0)
	acc := make([]*ir.Value, op.NumResults())
	for i := range acc {
		acc[i] = poison
	}
	types := make([]ir.Type, op.NumResults())
	for i := range types {
		types[i] = ctx.Index()
	}
	for k := range ir.NumElements(vt) {
		pos := vector.Delinearize(k, vt.Dims)
		operands := slices.Clone(op.Operands())
		for i, v := range operands {
			if _, ok := v.Type().(*ir.VectorType); ok {
				operands[i] = b.Extract(v, pos)
			}
		}
		scalar := rw.CreateOp(op.Name(), op.Loc(), operands, types, op.Attrs()...)
		for i := range acc {
			acc[i] = b.Insert(scalar.Result(i), acc[i], pos)
		}
	}
	rw.ReplaceOp(op, acc)
	return true
}
