package outline

import (
	"slices"

	"github.com/kiln-gpu/kiln/gpu"
	"github.com/kiln-gpu/kiln/ir"
	"github.com/kiln-gpu/kiln/ir/pass"
)

// AsyncRegion returns the gpu-async-region pass (MLIR's
// GpuAsyncRegionPass): MakeAsync on each function.
func AsyncRegion() *pass.Pass {
	return &pass.Pass{
		Name:     "GpuAsyncRegionPass",
		Argument: "gpu-async-region",
		Summary:  "Make GPU ops async",
		OpName:   "func.func",
		Run:      func(op *ir.Operation, _ *pass.Context) error { return MakeAsync(op) },
	}
}

// MakeAsync makes the synchronous GPU ops in op's blocks asynchronous, as
// MLIR's gpu-async-region does: each async op (gpu.launch_func, alloc,
// memcpy, ...) depends on the current !gpu.async.token, started by a
// `gpu.wait async` where there is none, and returns the next one; a
// synchronous `gpu.wait` on the current token goes before each terminator
// and each op with side effects, so the host synchronizes at block
// boundaries. A gpu.launch must be outlined first. MLIR also moves the
// waits at the end of async.execute regions to their users; Kiln has no
// async dialect, so that part has nothing to act on.
func MakeAsync(op *ir.Operation) error {
	rw := ir.NewRewriter(op.Context(), nil)
	var err error
	var blocks []*ir.Block
	op.Walk(func(o *ir.Operation) bool {
		for _, r := range o.Regions() {
			for b := range r.Blocks() {
				blocks = append(blocks, b)
			}
		}
		return true
	})
	// Inner blocks first, as MLIR's post-order block walk.
	for i := len(blocks) - 1; i >= 0 && err == nil; i-- {
		err = threadTokens(rw, blocks[i])
	}
	return err
}

// threadTokens is MLIR's ThreadTokenCallback on one block.
func threadTokens(rw *ir.Rewriter, b *ir.Block) error {
	ctx := rw.Context()
	var current *ir.Value
	wait := func(o *ir.Operation, results []ir.Type, deps []*ir.Value) *ir.Value {
		rw.SetInsertionPointBefore(o)
		w := rw.CreateOp("gpu.wait", o.Loc(), deps, results)
		return gpu.AsyncTokenOf(w)
	}
	for _, o := range slices.Collect(b.Ops()) {
		switch {
		case o.Name() == "gpu.launch":
			return o.Errorf("replace with gpu.launch_func first")
		case o.Name() == "gpu.wait":
			if current != nil {
				gpu.AddAsyncDependency(o, current)
			}
			current = gpu.AsyncTokenOf(o)
		case gpu.IsAsyncOp(o):
			if current == nil {
				current = wait(o, []ir.Type{gpu.AsyncToken(ctx)}, nil)
			}
			gpu.AddAsyncDependency(o, current)
			if t := gpu.AsyncTokenOf(o); t != nil {
				current = t
				continue
			}
			current = makeAsync(rw, o)
		case current != nil && (o.HasTrait(ir.Terminator) || !ir.IsPure(o)):
			current = wait(o, nil, []*ir.Value{current})
		}
	}
	return nil
}

// makeAsync replaces the async op o by a copy that also returns a token,
// and returns the token.
func makeAsync(rw *ir.Rewriter, o *ir.Operation) *ir.Value {
	ctx := o.Context()
	types := append(o.ResultTypes(), gpu.AsyncToken(ctx))
	attrs := slices.Clone(o.Attrs())
	for i, a := range attrs {
		if sizes, ok := a.Value.(*ir.DenseArrayAttr); ok && a.Name == "resultSegmentSizes" {
			// The token is the op's last, optional, result segment.
			s := slices.Clone(sizes.Ints)
			s[len(s)-1] = 1
			attrs[i].Value = ctx.DenseI32Array(s...)
		}
	}
	rw.SetInsertionPointBefore(o)
	n := rw.Create(&ir.OpState{Name: o.Name(), Loc: o.Loc(), Operands: o.Operands(), ResultTypes: types, Attrs: attrs})
	rw.ReplaceOp(o, n.Results()[:o.NumResults()])
	return n.Result(n.NumResults() - 1)
}
