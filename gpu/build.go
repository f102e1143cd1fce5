package gpu

import "github.com/kiln-gpu/kiln/ir"

// Constructors for the ops that kernel outlining and lowering create.

// NewModule returns a detached gpu.module with an empty body.
func NewModule(ctx *ir.Context, name string, loc ir.Location) Module {
	r := ir.NewRegion()
	r.Append(ir.NewBlock(nil, nil))
	return Module{ctx.NewOp(&ir.OpState{Name: "gpu.module", Loc: loc, Regions: []*ir.Region{r},
		Attrs: []ir.NamedAttr{{Name: "sym_name", Value: ctx.StringAttr(name)}}})}
}

// NewFunc returns a detached gpu.func whose entry block takes the inputs
// of t, then the workgroup and private attributions; it has no
// terminator yet. kernel adds the gpu.kernel attribute.
func NewFunc(ctx *ir.Context, name string, t *ir.FunctionType, workgroup, private []ir.Type, kernel bool, loc ir.Location) Func {
	types := append(append(append([]ir.Type(nil), t.Inputs...), workgroup...), private...)
	locs := make([]ir.Location, len(types))
	for i := range locs {
		locs[i] = loc
	}
	r := ir.NewRegion()
	r.Append(ir.NewBlock(types, locs))
	attrs := []ir.NamedAttr{
		{Name: "function_type", Value: ctx.TypeAttr(t)},
		{Name: "sym_name", Value: ctx.StringAttr(name)},
		{Name: "workgroup_attributions", Value: ctx.I64Attr(int64(len(workgroup)))},
	}
	if kernel {
		attrs = append(attrs, ir.NamedAttr{Name: KernelAttrName, Value: ctx.UnitAttr()})
	}
	return Func{ctx.NewOp(&ir.OpState{Name: "gpu.func", Loc: loc, Regions: []*ir.Region{r}, Attrs: attrs})}
}

// BuildReturn inserts gpu.return with b.
func BuildReturn(b *ir.Builder, values []*ir.Value, loc ir.Location) *ir.Operation {
	return b.Create(&ir.OpState{Name: "gpu.return", Loc: loc, Operands: values})
}

// BuildDimOp inserts one of the dimension ops (name is "gpu.thread_id",
// "gpu.block_id", "gpu.block_dim", "gpu.grid_dim", "gpu.global_id", ...)
// with b and returns its index result.
func BuildDimOp(b *ir.Builder, name string, d Dimension, loc ir.Location) *ir.Value {
	ctx := b.Context()
	return b.Create(&ir.OpState{Name: name, Loc: loc, ResultTypes: []ir.Type{ctx.Index()},
		Attrs: []ir.NamedAttr{{Name: "dimension", Value: Enum(ctx, d)}}}).Result(0)
}

// LaunchFuncArgs describes a gpu.launch_func to build. DynamicSharedMemorySize
// may be nil; Async adds a !gpu.async.token result.
type LaunchFuncArgs struct {
	Kernel                  *ir.SymbolRefAttr // @module::@kernel
	GridSize, BlockSize     [3]*ir.Value
	DynamicSharedMemorySize *ir.Value
	KernelOperands          []*ir.Value
	AsyncDependencies       []*ir.Value
	Async                   bool
}

// BuildLaunchFunc inserts a gpu.launch_func with b.
func BuildLaunchFunc(b *ir.Builder, a LaunchFuncArgs, loc ir.Location) LaunchFunc {
	ctx := b.Context()
	ops := append(append(append([]*ir.Value(nil), a.AsyncDependencies...), a.GridSize[:]...), a.BlockSize[:]...)
	dyn := int64(0)
	if a.DynamicSharedMemorySize != nil {
		ops, dyn = append(ops, a.DynamicSharedMemorySize), 1
	}
	ops = append(ops, a.KernelOperands...)
	st := &ir.OpState{Name: "gpu.launch_func", Loc: loc, Operands: ops, Attrs: []ir.NamedAttr{
		{Name: "kernel", Value: a.Kernel},
		{Name: "operandSegmentSizes", Value: ctx.DenseI32Array(int64(len(a.AsyncDependencies)), 1, 1, 1, 1, 1, 1, 0, 0, 0, dyn, int64(len(a.KernelOperands)), 0)},
	}}
	if a.Async {
		st.ResultTypes = []ir.Type{AsyncToken(ctx)}
	}
	return LaunchFunc{b.Create(st)}
}
