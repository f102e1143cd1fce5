package transforms

import (
	"github.com/kiln-gpu/kiln/affine"
	"github.com/kiln-gpu/kiln/affine/analysis"
	"github.com/kiln-gpu/kiln/ir"
	"github.com/kiln-gpu/kiln/ir/pass"
)

// ParallelizePass is affine-parallelize, MLIR's AffineParallelize: every
// affine.for without loop-carried dependences (and, with
// parallel-reductions, whose iter_args are all simple reductions) becomes
// a 1-D affine.parallel, outer loops first, at most max-nested deep.
func ParallelizePass() *pass.Pass {
	return &pass.Pass{
		Name:     "AffineParallelize",
		Argument: "affine-parallelize",
		Summary:  "Convert affine.for ops into 1-D affine.parallel",
		OpName:   "func.func",
		Options: []pass.Option{
			{Name: "max-nested", Kind: pass.UnsignedOption, Default: "4294967295",
				Help: "Maximum number of nested parallel loops to produce. Defaults to unlimited (UINT_MAX)."},
			{Name: "parallel-reductions", Kind: pass.BoolOption, Default: "false",
				Help: "Whether to parallelize reduction loops. Defaults to false."},
		},
		Run: func(op *ir.Operation, pc *pass.Context) error {
			Parallelize(op, pc.Options.Int("max-nested"), pc.Options.Bool("parallel-reductions"))
			return nil
		},
	}
}

type candidate struct {
	loop       affine.For
	reductions []analysis.Reduction
}

// Parallelize runs affine-parallelize on the loops nested in root: the
// parallel loops are found first (in pre-order), then converted while
// fewer than maxNested affine.parallel ops surround them in their affine
// scope.
func Parallelize(root *ir.Operation, maxNested int, reductions bool) {
	var cands []candidate
	root.WalkPre(func(op *ir.Operation) (bool, bool) {
		if op.Name() == "affine.for" {
			c := candidate{loop: affine.For{Operation: op}}
			var reds *[]analysis.Reduction
			if reductions {
				reds = &c.reductions
			}
			if analysis.IsLoopParallel(c.loop, reds) {
				cands = append(cands, c)
			}
		}
		return true, true
	})
	for _, c := range cands {
		nested := 0
		for p := c.loop.ParentOp(); p != nil && !p.HasTrait(ir.AffineScope); p = p.ParentOp() {
			if p.Name() == "affine.parallel" {
				nested++
			}
		}
		if nested < maxNested {
			toParallel(c.loop, c.reductions)
		}
	}
}

// toParallel is MLIR's affineParallelize: loop's bounds and step make a
// 1-D affine.parallel that takes its body; each reduction's combiner moves
// after the new loop, combining the initial value with the loop's result.
func toParallel(loop affine.For, reds []analysis.Reduction) {
	ctx := loop.Context()
	b := ir.NewBuilder(ctx)
	b.SetInsertionPointBefore(loop.Operation)
	var types []ir.Type
	var values []*ir.Value
	var kindAttrs []ir.Attribute
	for _, r := range reds {
		types = append(types, r.Value.Type())
		values = append(values, r.Value)
		kindAttrs = append(kindAttrs, ctx.I64Attr(int64(r.Kind)))
	}
	one := func(m *ir.AffineMap) ir.Attribute {
		return ctx.DenseInts(ctx.Tensor([]int64{1}, ctx.I(32), nil), []int64{int64(len(m.Results))})
	}
	lb, ub := affine.MapOf(loop.Operation, "lowerBoundMap"), affine.MapOf(loop.Operation, "upperBoundMap")
	st := &ir.OpState{Name: "affine.parallel", Loc: loop.Loc(), ResultTypes: types,
		Operands: append(append([]*ir.Value{}, loop.LowerBoundOperands()...), loop.UpperBoundOperands()...)}
	st.AddAttr("lowerBoundsMap", ctx.AffineMapAttr(lb))
	st.AddAttr("lowerBoundsGroups", one(lb))
	st.AddAttr("upperBoundsMap", ctx.AffineMapAttr(ub))
	st.AddAttr("upperBoundsGroups", one(ub))
	st.AddAttr("steps", ctx.ArrayAttr(ctx.I64Attr(loop.Step())))
	st.AddAttr("reductions", ctx.ArrayAttr(kindAttrs...))
	st.AddRegion().TakeBody(loop.Region(0))
	par := b.Create(st)
	body := par.Region(0).Entry()
	yield := body.Terminator()
	inits := loop.Inits()
	for i, r := range reds {
		comb := yield.Operand(r.Pos).DefiningOp()
		comb.MoveBefore(loop.Operation)
		comb.SetOperands([]*ir.Value{inits[r.Pos], par.Result(i)})
		loop.Result(r.Pos).ReplaceAllUsesWith(comb.Result(0))
	}
	yield.SetOperands(values)
	for i := len(body.Args()) - 1; i >= 1; i-- {
		body.EraseArgument(i)
	}
	loop.Erase()
}
