package outline

import (
	"math"

	"github.com/kiln-gpu/kiln/arith"
	"github.com/kiln-gpu/kiln/gpu"
	"github.com/kiln-gpu/kiln/ir"
)

// dimOps are the ops that replace the launch region's id and size
// arguments, in the order of those arguments.
var dimOps = []string{"gpu.block_id", "gpu.thread_id", "gpu.grid_dim", "gpu.block_dim"}

// clusterDimOps replace the cluster ids and sizes of a launch with
// clusters: MLIR's outlining reads the sizes with gpu.cluster_dim.
var clusterDimOps = []string{"gpu.cluster_id", "gpu.cluster_dim"}

// outlineBody moves the body of l into a new kernel named name and returns
// it with the values from above that became its arguments, in order. l's
// region is left empty.
func outlineBody(l gpu.Launch, name string) (gpu.Func, []*ir.Value) {
	ctx, loc := l.Context(), l.Loc()
	body := l.Body()
	above := collectUsesAbove(body)
	types := make([]ir.Type, len(above.values))
	for i, v := range above.values {
		types[i] = v.Type()
	}
	wg, priv := l.WorkgroupAttributions(), l.PrivateAttributions()
	f := gpu.NewFunc(ctx, name, ctx.FunctionType(types, nil), valueTypes(wg), valueTypes(priv), true, loc)
	setKnownSize(f, "known_block_size", l.BlockSize())
	setKnownSize(f, "known_grid_size", l.GridSize())

	entry := f.Body().Entry()
	b := ir.NewBuilder(ctx)
	b.SetInsertionPointToEnd(entry)
	names := dimOps
	if cs, ok := l.ClusterSize(); ok {
		setKnownSize(f, "known_cluster_size", cs)
		names = append(append([]string(nil), dimOps...), clusterDimOps...)
	}
	var args []*ir.Value
	for _, n := range names {
		for _, d := range []gpu.Dimension{gpu.DimX, gpu.DimY, gpu.DimZ} {
			args = append(args, gpu.BuildDimOp(b, n, d, loc))
		}
	}
	args = append(args, entry.Args()[len(types):]...)
	for i, v := range above.values {
		above.replace(v, entry.Arg(i))
	}

	launchEntry := body.Entry()
	rw := ir.NewRewriter(ctx, nil)
	rw.InlineRegionBefore(body, f.Body(), nil)
	rw.MergeBlocks(launchEntry, entry, args)
	for blk := range f.Body().Blocks() {
		if t := blk.Last(); t != nil && t.Name() == "gpu.terminator" {
			b.SetInsertionPointBefore(t)
			gpu.BuildReturn(b, nil, t.Loc())
			t.Erase()
		}
	}
	return f, above.values
}

func valueTypes(vs []*ir.Value) []ir.Type {
	ts := make([]ir.Type, len(vs))
	for i, v := range vs {
		ts[i] = v.Type()
	}
	return ts
}

// setKnownSize records launch sizes that are constants, as MLIR does; it
// leaves out sizes that do not fit an i32, which would only mislead.
func setKnownSize(f gpu.Func, attr string, sizes [3]*ir.Value) {
	var c [3]int64
	for i, v := range sizes {
		a, ok := arith.ConstantValue(v).(*ir.IntegerAttr)
		if !ok || a.Int() < 0 || a.Int() > math.MaxInt32 {
			return
		}
		c[i] = a.Int()
	}
	f.SetAttr(attr, f.Context().DenseI32Array(c[:]...))
}
