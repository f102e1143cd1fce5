package transforms

import (
	"slices"

	"github.com/kiln-gpu/kiln/arith"
	"github.com/kiln-gpu/kiln/ir"
	"github.com/kiln-gpu/kiln/ir/pass"
	"github.com/kiln-gpu/kiln/scf"
)

// ParallelLoopTilingPass is scf-parallel-loop-tiling.
func ParallelLoopTilingPass() *pass.Pass {
	return &pass.Pass{Name: "SCFParallelLoopTiling", Argument: "scf-parallel-loop-tiling",
		Summary: "Tile parallel loops",
		Options: []pass.Option{
			{Name: "parallel-loop-tile-sizes", Kind: pass.ListOption, Elem: pass.Int64Option, Help: "Factors to tile parallel loops by"},
			{Name: "no-min-max-bounds", Kind: pass.BoolOption, Default: "false",
				Help: "Perform tiling with fixed upper bound with inbound check inside the internal loops"},
		},
		Run: func(op *ir.Operation, pc *pass.Context) error {
			sizes := pc.Options.Ints("parallel-loop-tile-sizes")
			if slices.Contains(sizes, 0) {
				return ir.Errorf(op.Context().UnknownLoc(), "tile size cannot be 0")
			}
			var loops []*ir.Operation
			innermostParallelLoops(op, &loops)
			rw := ir.NewRewriter(op.Context(), nil)
			for _, l := range loops {
				if l.NumResults() == 0 {
					TileParallelLoop(rw, scf.Parallel{Operation: l}, sizes, pc.Options.Bool("no-min-max-bounds"))
				}
			}
			return nil
		}}
}

// innermostParallelLoops collects, under op, the scf.parallel loops with
// no scf.parallel inside them (MLIR's getInnermostParallelLoops); it
// reports whether it found any.
func innermostParallelLoops(op *ir.Operation, loops *[]*ir.Operation) bool {
	found := false
	for _, r := range op.Regions() {
		for _, b := range r.BlockList() {
			for _, o := range b.OpList() {
				inner := innermostParallelLoops(o, loops)
				if o.Name() == "scf.parallel" {
					if !inner {
						*loops = append(*loops, o)
					}
					found = true
				} else {
					found = found || inner
				}
			}
		}
	}
	return found
}

// TileParallelLoop tiles an scf.parallel by the sizes (1 for the dims past
// them), as MLIR's tileParallelLoop: an outer loop steps by step * size,
// and an inner one runs from 0 to min(step * size, ub - iv) (an
// affine.min), or to step * size when the trip count is a known multiple
// of the size, or when noMinMaxBounds, with the body under an scf.if that
// checks each index against the upper bound (compared as the loop
// compares). The inner indices plus the outer ones replace the old ones.
// MLIR's check multiplies the inner index by the step once more, which
// drops iterations when the step is not 1 (issue 203693); Kiln checks the
// index the body uses (docs/RATIONALE.md).
func TileParallelLoop(rw *ir.Rewriter, p scf.Parallel, sizes []int64, noMinMaxBounds bool) (outer, inner *ir.Operation) {
	ctx := rw.Context()
	loc := p.Loc()
	idx := ctx.Index()
	rw.SetInsertionPointBefore(p.Operation)
	zero := arith.NewConstant(&rw.Builder, ctx.IndexAttr(0), idx, loc)
	lbs, ubs, steps := p.LowerBounds(), p.UpperBounds(), p.Steps()
	tiles := make([]*ir.Value, len(ubs))
	tileSizes := make([]int64, len(ubs))
	for i := range tiles {
		tileSizes[i] = 1
		if i < len(sizes) {
			tileSizes[i] = sizes[i]
		}
		tiles[i] = arith.NewConstant(&rw.Builder, ctx.IndexAttr(tileSizes[i]), idx, loc)
	}
	newSteps := make([]*ir.Value, len(steps))
	for i, s := range steps {
		newSteps[i] = rw.CreateOp("arith.muli", loc, []*ir.Value{s, tiles[i]}, []ir.Type{idx}).Result(0)
	}
	outer = newParallel(rw, loc, lbs, ubs, newSteps, p.IsUnsigned())
	outerBody := outer.Region(0).Entry()
	rw.SetInsertionPointToStart(outerBody)
	minMap := ctx.AffineMapAttr(&ir.AffineMap{Dims: 3, Results: []*ir.AffineExpr{ir.AffineDimExpr(0),
		ir.AffineBinary(ir.AffineAdd, ir.AffineDimExpr(1), ir.AffineBinary(ir.AffineMul, ir.AffineDimExpr(2), ir.AffineConstExpr(-1)))}})
	bounds := make([]*ir.Value, len(ubs))
	needCheck := false
	for i := range ubs {
		lbC, ok1 := ir.ConstantIntAttr(lbs[i])
		ubC, ok2 := ir.ConstantIntAttr(ubs[i])
		stC, ok3 := ir.ConstantIntAttr(steps[i])
		if ok1 && ok2 && ok3 && stC.Int() > 0 {
			if n := ceilDiv(ubC.Int()-lbC.Int(), stC.Int()); n%tileSizes[i] == 0 {
				bounds[i] = newSteps[i]
				continue
			}
		}
		if noMinMaxBounds {
			bounds[i] = newSteps[i]
			needCheck = true
			continue
		}
		bounds[i] = rw.CreateOp("affine.min", loc, []*ir.Value{newSteps[i], ubs[i], outerBody.Arg(i)}, []ir.Type{idx},
			ir.NamedAttr{Name: "map", Value: minMap}).Result(0)
	}
	zeros := make([]*ir.Value, len(bounds))
	for i := range zeros {
		zeros[i] = zero
	}
	inner = newParallel(rw, loc, zeros, bounds, steps, p.IsUnsigned())
	innerBody := inner.Region(0).Entry()
	if noMinMaxBounds && needCheck {
		// The indices first, then their check against the upper bounds.
		rw.SetInsertionPointToStart(innerBody)
		sums := make([]*ir.Value, len(ubs))
		for i := range ubs {
			sums[i] = rw.CreateOp("arith.addi", loc, []*ir.Value{innerBody.Arg(i), outerBody.Arg(i)}, []ir.Type{idx}).Result(0)
		}
		in := arith.NewConstant(&rw.Builder, ctx.IntegerAttr(ctx.I(1), 1), ctx.I(1), loc)
		// The bounds compare as the loop does: signed unless unsigned.
		pred := arith.CmpISLT
		if p.IsUnsigned() {
			pred = arith.CmpIULT
		}
		for i := range ubs {
			cmp := rw.CreateOp("arith.cmpi", loc, []*ir.Value{sums[i], ubs[i]}, []ir.Type{ctx.I(1)},
				ir.NamedAttr{Name: "predicate", Value: ctx.I64Attr(int64(pred))}).Result(0)
			in = rw.CreateOp("arith.andi", loc, []*ir.Value{in, cmp}, []ir.Type{ctx.I(1)}).Result(0)
		}
		st := &ir.OpState{Name: "scf.if", Loc: loc, Operands: []*ir.Value{in}}
		then := st.AddRegion()
		st.AddRegion()
		then.TakeBody(p.Region(0))
		thenBlock := then.Entry()
		rw.Create(st)
		reduce := thenBlock.Terminator()
		rw.SetInsertionPointToEnd(thenBlock)
		rw.CreateOp("scf.yield", reduce.Loc(), nil, nil)
		rw.EraseOp(reduce)
		for i := range ubs {
			rw.ReplaceAllUsesWith(thenBlock.Arg(i), sums[i])
		}
		for thenBlock.NumArgs() > 0 {
			thenBlock.EraseArgument(0)
		}
	} else {
		// The old body becomes the inner one: its block arguments are the
		// inner induction variables.
		inner.Region(0).Entry().Erase()
		inner.Region(0).TakeBody(p.Region(0))
		innerBody = inner.Region(0).Entry()
		rw.SetInsertionPointToStart(innerBody)
		for i := range ubs {
			iv := innerBody.Arg(i)
			sum := rw.CreateOp("arith.addi", loc, []*ir.Value{iv, outerBody.Arg(i)}, []ir.Type{idx})
			iv.ReplaceUsesIf(sum.Result(0), func(u *ir.OpOperand) bool { return u.Owner() != sum })
		}
	}
	rw.EraseOp(p.Operation)
	return outer, inner
}

func ceilDiv(a, b int64) int64 {
	q := a / b
	if a%b != 0 && (a < 0) == (b < 0) {
		q++
	}
	return q
}

// newParallel creates an scf.parallel with an empty body (its induction
// variables and an scf.reduce) at rw's insertion point, before which the
// insertion point stays.
func newParallel(rw *ir.Rewriter, loc ir.Location, lbs, ubs, steps []*ir.Value, unsigned bool) *ir.Operation {
	ctx := rw.Context()
	n := int64(len(lbs))
	st := &ir.OpState{Name: "scf.parallel", Loc: loc, Operands: append(append(append([]*ir.Value(nil), lbs...), ubs...), steps...)}
	st.AddAttr("operandSegmentSizes", ctx.DenseI32Array(n, n, n, 0))
	if unsigned {
		st.AddAttr("unsignedCmp", ctx.UnitAttr())
	}
	types := make([]ir.Type, n)
	for i := range types {
		types[i] = ctx.Index()
	}
	body := ir.NewBlock(types, slices.Repeat([]ir.Location{loc}, int(n)))
	body.Append(ctx.NewOp(&ir.OpState{Name: "scf.reduce", Loc: loc}))
	st.AddRegion().Append(body)
	return rw.Create(st)
}
