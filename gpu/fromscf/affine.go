package fromscf

import (
	"github.com/kiln-gpu/kiln/affine"
	affinetransforms "github.com/kiln-gpu/kiln/affine/transforms"
	"github.com/kiln-gpu/kiln/arith"
	"github.com/kiln-gpu/kiln/ir"
	"github.com/kiln-gpu/kiln/ir/pass"
)

// AffineForToGPU returns the convert-affine-for-to-gpu pass: MLIR's
// ConvertAffineForToGPUPass, which turns each affine.for nest in a
// function's body into a gpu.launch, its outer gpu-block-dims loops
// mapped to block ids and the next gpu-thread-dims loops to thread ids.
func AffineForToGPU() *pass.Pass {
	return &pass.Pass{
		Name:     "ConvertAffineForToGPUPass",
		Argument: "convert-affine-for-to-gpu",
		Summary:  "Convert top-level AffineFor Ops to GPU kernels",
		OpName:   "func.func",
		Options: []pass.Option{
			{Name: "gpu-block-dims", Kind: pass.UnsignedOption, Default: "1", Help: "Number of GPU block dimensions for mapping"},
			{Name: "gpu-thread-dims", Kind: pass.UnsignedOption, Default: "1", Help: "Number of GPU thread dimensions for mapping"},
		},
		Run: func(op *ir.Operation, pc *pass.Context) error {
			blocks, threads := pc.Options.Int("gpu-block-dims"), pc.Options.Int("gpu-thread-dims")
			// Every nest is converted, as in MLIR; the first failure is reported.
			var first error
			for _, blk := range op.Region(0).BlockList() {
				for _, o := range blk.OpList() {
					if o.Name() == "affine.for" {
						if err := AffineLoopNestToLaunch(o, blocks, threads); first == nil {
							first = err
						}
					}
				}
			}
			return first
		},
	}
}

// AffineLoopNestToLaunch replaces the affine.for nest rooted at forOp by a
// gpu.launch (MLIR's convertAffineLoopNestToGPULaunch): its first
// numBlockDims loops run on block ids, the next numThreadDims on thread
// ids, each index becoming id * step + lower bound; the inner loops stay
// in the launch body. The mapped loops must be perfectly nested, without
// iter_args, their bounds defined above the nest.
func AffineLoopNestToLaunch(forOp *ir.Operation, numBlockDims, numThreadDims int) error {
	if numBlockDims > 3 {
		return forOp.Errorf("cannot map to more than 3 block dimensions")
	}
	if numThreadDims > 3 {
		return forOp.Errorf("cannot map to more than 3 thread dimensions")
	}
	numLoops := numBlockDims + numThreadDims
	if numLoops == 0 {
		return nil
	}
	if err := checkNestMappable(forOp, numLoops); err != nil {
		return err
	}
	ctx := forOp.Context()
	b := ir.NewBuilder(ctx)
	b.SetInsertionPointBefore(forOp)
	loc := forOp.Loc()
	// Ranges, lower bounds, ivs and steps of the mapped loops.
	var dims, lbs, ivs, steps []*ir.Value
	cur := forOp
	for i := range numLoops {
		f := affine.For{Operation: cur}
		if len(f.Inits()) > 0 {
			return cur.Errorf("affine loop with iter_args cannot be converted to GPU kernel")
		}
		lb, ub, ok := affinetransforms.LoopBounds(b, cur)
		if !ok {
			return ir.Errorf(cur.Loc(), "cannot compute the bounds of the loop")
		}
		rng := b.CreateOp("arith.subi", cur.Loc(), []*ir.Value{ub, lb}, []ir.Type{ctx.Index()}).Result(0)
		step := arith.NewConstant(b, ctx.IndexAttr(f.Step()), ctx.Index(), cur.Loc())
		if f.Step() != 1 {
			rng = b.CreateOp("arith.ceildivsi", cur.Loc(), []*ir.Value{rng, step}, []ir.Type{ctx.Index()}).Result(0)
		}
		dims, lbs, ivs, steps = append(dims, rng), append(lbs, lb), append(ivs, f.Body().Arg(0)), append(steps, step)
		if i != numLoops-1 {
			cur = f.Body().First()
		}
	}
	var one *ir.Value
	if numBlockDims < 3 || numThreadDims < 3 {
		one = arith.NewConstant(b, ctx.IndexAttr(1), ctx.Index(), loc)
	}
	size := func(n, first, i int) *ir.Value {
		if i < n {
			return dims[first+i]
		}
		return one
	}
	launch := newLaunch(b, one, loc)
	for i := range 3 {
		launch.SetOperand(i, size(numBlockDims, 0, i))
		launch.SetOperand(3+i, size(numThreadDims, numBlockDims, i))
	}
	// The innermost mapped loop's body, its affine.yield now
	// gpu.terminator, becomes the launch body.
	body := launch.Region(0).Entry()
	body.Terminator().Erase()
	inner := affine.For{Operation: cur}.Body()
	yield := inner.Terminator()
	gpuTerm := ctx.NewOp(&ir.OpState{Name: "gpu.terminator", Loc: yield.Loc()})
	body.Append(gpuTerm)
	yield.Erase()
	for _, o := range inner.OpList() {
		o.MoveBefore(gpuTerm)
	}
	b.SetInsertionPointToStart(body)
	for i, iv := range ivs {
		id := body.Arg(i)
		if i >= numBlockDims {
			id = body.Arg(3 + i - numBlockDims)
		}
		if v, _ := constantIndex(steps[i]); v != 1 {
			id = b.CreateOp("arith.muli", loc, []*ir.Value{steps[i], id}, []ir.Type{ctx.Index()}).Result(0)
		}
		iv.ReplaceAllUsesWith(b.CreateOp("arith.addi", loc, []*ir.Value{lbs[i], id}, []ir.Type{ctx.Index()}).Result(0))
	}
	forOp.Erase()
	return nil
}

// checkNestMappable checks that numLoops loops are perfectly nested from
// forOp down, with bounds defined above the nest (MLIR's
// checkAffineLoopNestMappableImpl).
func checkNestMappable(forOp *ir.Operation, numLoops int) error {
	limit := forOp.Region(0)
	cur := forOp
	for i := range numLoops {
		f := affine.For{Operation: cur}
		for _, v := range append(f.LowerBoundOperands(), f.UpperBoundOperands()...) {
			if limit.IsAncestor(v.ParentRegion()) {
				return cur.Errorf("loops with bounds depending on other mapped loops are not supported")
			}
		}
		if i == numLoops-1 {
			break
		}
		body := f.Body()
		if body.Empty() || body.First().NextOp() != body.Last() {
			return cur.Errorf("expected perfectly nested loops in the body")
		}
		if body.First().Name() != "affine.for" {
			return body.First().Errorf("expected a nested loop")
		}
		cur = body.First()
	}
	return nil
}
