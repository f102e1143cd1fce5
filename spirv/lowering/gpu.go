package lowering

import (
	"fmt"
	"strings"

	"github.com/kiln-gpu/kiln/gpu"
	"github.com/kiln-gpu/kiln/ir"
	"github.com/kiln-gpu/kiln/ir/rewrite"
	"github.com/kiln-gpu/kiln/spirv"
	"github.com/kiln-gpu/kiln/spirv/spv"
)

// gpuPatterns convert gpu.func, gpu.return, the id and size ops, barrier,
// shuffle, subgroup_reduce, all_reduce, ballot and the subgroup_mma ops
// (MLIR's GPUToSPIRV).
func (e *env) gpuPatterns() []*rewrite.ConversionPattern {
	ps := []*rewrite.ConversionPattern{
		{Name: "gpu.func", Root: "gpu.func", Rewrite: e.gpuFunc},
		{Name: "gpu.return", Root: "gpu.return", Rewrite: e.returnOp},
		{Name: "gpu.barrier", Root: "gpu.barrier", Rewrite: e.barrier},
		{Name: "gpu.shuffle", Root: "gpu.shuffle", Rewrite: e.shuffle},
		{Name: "gpu.subgroup_reduce", Root: "gpu.subgroup_reduce", Rewrite: e.subgroupReduce},
		{Name: "gpu.all_reduce", Root: "gpu.all_reduce", Rewrite: e.allReduce},
		{Name: "gpu.ballot", Root: "gpu.ballot", Rewrite: e.ballot},
		{Name: "gpu.subgroup_broadcast", Root: "gpu.subgroup_broadcast", Rewrite: e.broadcast},
		{Name: "gpu.rotate", Root: "gpu.rotate", Rewrite: e.rotate},
		{Name: "gpu.printf", Root: "gpu.printf", Rewrite: e.printf},
		{Name: "gpu.initialize_named_barrier", Root: "gpu.initialize_named_barrier", Rewrite: e.initializeNamedBarrier},
	}
	e.tc.AddConversion(func(t ir.Type) []ir.Type {
		if _, ok := t.(*gpu.NamedBarrierType); ok {
			return []ir.Type{spirv.NamedBarrier(e.ctx)}
		}
		return nil
	})
	ps = append(ps, e.mmaPatterns()...)
	for name, bi := range map[string]spv.BuiltIn{
		"gpu.thread_id": spv.BuiltInLocalInvocationId, "gpu.block_id": spv.BuiltInWorkgroupId,
		"gpu.grid_dim": spv.BuiltInNumWorkgroups, "gpu.global_id": spv.BuiltInGlobalInvocationId,
		"gpu.block_dim": spv.BuiltInWorkgroupSize,
	} {
		ps = append(ps, &rewrite.ConversionPattern{Name: name, Root: name, Rewrite: e.dimBuiltin(bi)})
	}
	for name, bi := range map[string]spv.BuiltIn{
		"gpu.subgroup_id": spv.BuiltInSubgroupId, "gpu.subgroup_size": spv.BuiltInSubgroupSize,
		"gpu.num_subgroups": spv.BuiltInNumSubgroups, "gpu.lane_id": spv.BuiltInSubgroupLocalInvocationId,
	} {
		ps = append(ps, &rewrite.ConversionPattern{Name: name, Root: name, Rewrite: e.scalarBuiltin(bi)})
	}
	return ps
}

// toIndex converts an i32 built-in value to the index type.
func (e *env) toIndex(b *ir.Builder, v *ir.Value, loc ir.Location) *ir.Value {
	if e.index.Width == 32 {
		return v
	}
	return val(b, "spirv.UConvert", loc, e.index, v)
}

func (e *env) dimBuiltin(bi spv.BuiltIn) func(*ir.Operation, []*ir.Value, *rewrite.ConversionRewriter) error {
	return func(o *ir.Operation, _ []*ir.Value, rw *rewrite.ConversionRewriter) error {
		d, ok := o.Attr("dimension").(*gpu.DimensionAttr)
		if !ok {
			return rewrite.NoMatch
		}
		b := &rw.Builder
		b.SetInsertionPointBefore(o)
		ctx := o.Context()
		if bi == spv.BuiltInWorkgroupSize {
			// A known workgroup size is a constant (MLIR's WorkGroupSizeConversion).
			if fn := o.ParentOfName("spirv.func"); fn != nil {
				if abi := spirv.LookupEntryPointABI(fn); abi != nil && int(d.Value) < len(abi.WorkgroupSize) {
					rw.ReplaceOp(o, []*ir.Value{e.indexConst(b, int64(abi.WorkgroupSize[d.Value]), o.Loc())})
					return nil
				}
			}
		}
		if !e.has(spv.CapabilityShader) {
			// OpenCL's built-ins are vectors of the index type (MLIR's
			// LaunchConfigConversion); Vulkan's are vector<3xi32>.
			vec := e.builtin(b, o, bi, ctx.Vector([]int64{3}, e.index))
			rw.ReplaceOp(o, []*ir.Value{op(b, "spirv.CompositeExtract", o.Loc(), e.index, []*ir.Value{vec},
				ir.NamedAttr{Name: "indices", Value: e.position(int64(d.Value))}).Result(0)})
			return nil
		}
		vec := e.builtin(b, o, bi, e.i32x3)
		v := op(b, "spirv.CompositeExtract", o.Loc(), ctx.I(32), []*ir.Value{vec},
			ir.NamedAttr{Name: "indices", Value: e.position(int64(d.Value))}).Result(0)
		rw.ReplaceOp(o, []*ir.Value{e.toIndex(b, v, o.Loc())})
		return nil
	}
}

func (e *env) scalarBuiltin(bi spv.BuiltIn) func(*ir.Operation, []*ir.Value, *rewrite.ConversionRewriter) error {
	return func(o *ir.Operation, _ []*ir.Value, rw *rewrite.ConversionRewriter) error {
		b := &rw.Builder
		b.SetInsertionPointBefore(o)
		v := e.builtin(b, o, bi, o.Context().I(32))
		rw.ReplaceOp(o, []*ir.Value{e.toIndex(b, v, o.Loc())})
		return nil
	}
}

// returnOp converts gpu.return and func.return to spirv.Return(Value).
// More values do not convert: in place that leaves the op, as MLIR's
// pattern does; in a kernel module it is an error saying why.
func (e *env) returnOp(o *ir.Operation, operands []*ir.Value, rw *rewrite.ConversionRewriter) error {
	switch {
	case len(operands) == 0:
		rw.ReplaceOpWith(o, &ir.OpState{Name: "spirv.Return", Loc: o.Loc()})
	case len(operands) == 1:
		rw.ReplaceOpWith(o, &ir.OpState{Name: "spirv.ReturnValue", Loc: o.Loc(), Operands: operands})
	case e.full:
		return o.Errorf("returns %d values; SPIR-V functions return at most one", len(operands))
	default:
		return rewrite.NoMatch
	}
	return nil
}

// gpuFunc converts gpu.func to spirv.func. Kernels keep their
// spirv.entry_point_abi and get a spirv.interface_var_abi per argument,
// (0, i) unless given (MLIR's lowerAsEntryFunction); workgroup
// attributions become Workgroup globals, private ones Function variables.
func (e *env) gpuFunc(o *ir.Operation, _ []*ir.Value, rw *rewrite.ConversionRewriter) error {
	if o.ParentOfName("spirv.module") == nil {
		// In place, the kernel and the globals it needs would land in the
		// gpu.module, where spirv.GlobalVariable fails to verify.
		return o.Errorf("cannot be converted in place: SPIR-V kernels live in a spirv.module; " +
			"use convert-to-spirv{convert-gpu-modules} to convert each gpu.module into one")
	}
	f, _ := gpu.AsFunc(o)
	ft := f.FunctionType()
	if ft == nil || f.Body() == nil || f.Body().Empty() {
		return rewrite.NoMatch
	}
	ctx := o.Context()
	inputs, ok := e.tc.ConvertTypes(ft.Inputs)
	if !ok || len(inputs) != len(ft.Inputs) || len(ft.Results) > 1 {
		return rewrite.NoMatch
	}
	results, ok := e.tc.ConvertTypes(ft.Results)
	if !ok {
		return rewrite.NoMatch
	}
	wg, priv := f.WorkgroupAttributions(), f.PrivateAttributions()
	var attrTypes []*spirv.PointerType
	for i, a := range append(append([]*ir.Value(nil), wg...), priv...) {
		mt, ok := a.Type().(*ir.MemRefType)
		if !ok {
			return rewrite.NoMatch
		}
		// Workgroup attributions live in Workgroup memory, private ones in
		// Function variables, whatever memory space their type names.
		sc := spv.StorageClassWorkgroup
		if i >= len(wg) {
			sc = spv.StorageClassFunction
		}
		pt, ok := e.memref(ctx.MemRef(mt.Dims, mt.Elem, mt.Layout, spirv.StorageClassAttr(ctx, sc))).(*spirv.PointerType)
		if !ok {
			return rewrite.NoMatch
		}
		attrTypes = append(attrTypes, pt)
	}
	attrs := []ir.NamedAttr{
		{Name: "function_control", Value: spirv.Enum(ctx, spv.KindFunctionControl, uint32(spv.FunctionControlNone))},
		{Name: "function_type", Value: ctx.TypeAttr(ctx.FunctionType(inputs, results))},
		{Name: "sym_name", Value: ctx.StringAttr(f.Name())},
	}
	if f.IsKernel() {
		abi, args, why := e.kernelABI(o, ft)
		if why != "" {
			// MLIR's match failure, which -verify-diagnostics tests expect.
			e.emit(ir.NewDiagnostic(ir.SeverityRemark, o.Loc(), "match failure: %s", why))
			return rewrite.NoMatch
		}
		attrs = append(attrs, ir.NamedAttr{Name: spirv.EntryPointABIAttrName, Value: abi})
		if args != nil {
			attrs = append(attrs, ir.NamedAttr{Name: "arg_attrs", Value: args})
		}
	} else if aa := o.Attr("arg_attrs"); aa != nil {
		attrs = append(attrs, ir.NamedAttr{Name: "arg_attrs", Value: aa})
	}
	nf := ctx.NewOp(&ir.OpState{Name: "spirv.func", Loc: o.Loc(), Attrs: attrs, Regions: []*ir.Region{ir.NewRegion()}})
	rw.SetInsertionPointBefore(o)
	rw.Insert(nf)
	rw.InlineRegionBefore(o.Region(0), nf.Region(0), nil)
	entry := nf.Region(0).Entry()
	b := &rw.Builder
	b.SetInsertionPointToStart(entry)
	n := len(ft.Inputs)
	for i, a := range append(append([]*ir.Value(nil), wg...), priv...) {
		var p *ir.Value
		if i < len(wg) {
			g := e.global(nf, fmt.Sprintf("__workgroup_mem__%s_%d", f.Name(), i), attrTypes[i])
			p = e.addressOf(b, g, a.Loc())
		} else {
			p = op(b, "spirv.Variable", a.Loc(), attrTypes[i], nil,
				named("storage_class", enum(ctx, spv.KindStorageClass, uint32(spv.StorageClassFunction)))).Result(0)
		}
		a.ReplaceAllUsesWith(bridge(b, p, a.Type(), a.Loc()))
	}
	for i := entry.NumArgs() - 1; i >= n; i-- {
		entry.EraseArgument(i)
	}
	sc, _ := e.tc.ConvertSignature(ft.Inputs)
	if err := rw.ConvertRegionTypes(nf.Region(0), sc); err != nil {
		return err
	}
	rw.EraseOp(o)
	return nil
}

// barrier converts gpu.barrier as MLIR's GPUBarrierConversion does: a
// ControlBarrier whose execution scope is the barrier's (workgroup or
// subgroup; SPIR-V has no cluster scope) and which, like MLIR's, makes
// workgroup memory visible whatever the barrier's memfence list says.
func (e *env) barrier(o *ir.Operation, operands []*ir.Value, rw *rewrite.ConversionRewriter) error {
	if len(operands) == 1 {
		// A named barrier (workgroup scope, verified): MemoryNamedBarrier,
		// with the semantics of the ControlBarrier below.
		rw.SetInsertionPointBefore(o)
		scope, sem := workgroupMemorySync(o.Context())
		op(&rw.Builder, "spirv.MemoryNamedBarrier", o.Loc(), nil, operands, scope, sem)
		rw.EraseOp(o)
		return nil
	}
	exec := spv.ScopeWorkgroup
	switch s := gpu.BarrierScope(o); s {
	case gpu.ScopeWorkgroup:
	case gpu.ScopeSubgroup:
		exec = spv.ScopeSubgroup
	default:
		// MLIR's error, then the driver's "failed to legalize".
		e.emit(ir.Errorf(o.Loc(), "gpu.barrier with %s scope is not supported in SPIR-V", s))
		return rewrite.NoMatch
	}
	rw.SetInsertionPointBefore(o)
	controlBarrierIn(&rw.Builder, o.Loc(), exec)
	rw.EraseOp(o)
	return nil
}

// initializeNamedBarrier converts gpu.initialize_named_barrier to
// NamedBarrierInitialize of the same subgroup count.
func (e *env) initializeNamedBarrier(o *ir.Operation, operands []*ir.Value, rw *rewrite.ConversionRewriter) error {
	if operands[0].Type() != e.ctx.I(32) {
		return rewrite.NoMatch
	}
	rw.ReplaceOpWith(o, &ir.OpState{Name: "spirv.NamedBarrierInitialize", Loc: o.Loc(),
		Operands: operands, ResultTypes: []ir.Type{spirv.NamedBarrier(e.ctx)}})
	return nil
}

func controlBarrier(b *ir.Builder, loc ir.Location) { controlBarrierIn(b, loc, spv.ScopeWorkgroup) }

// controlBarrierIn makes a ControlBarrier of execution scope exec that
// makes workgroup memory visible in the workgroup.
func controlBarrierIn(b *ir.Builder, loc ir.Location, exec spv.Scope) {
	ctx := b.Context()
	scope, sem := workgroupMemorySync(ctx)
	op(b, "spirv.ControlBarrier", loc, nil, nil,
		named("execution_scope", enum(ctx, spv.KindScope, uint32(exec))), scope, sem)
}

// workgroupMemorySync is the memory_scope and memory_semantics of every
// barrier the lowering makes: workgroup memory, acquire-release, in the
// workgroup.
func workgroupMemorySync(ctx *ir.Context) (scope, semantics ir.NamedAttr) {
	return named("memory_scope", enum(ctx, spv.KindScope, uint32(spv.ScopeWorkgroup))),
		named("memory_semantics", enum(ctx, spv.KindMemorySemantics,
			uint32(spv.MemorySemanticsAcquireRelease|spv.MemorySemanticsWorkgroupMemory)))
}

// shuffle converts gpu.shuffle whose width is the target's subgroup size
// (MLIR's rule) to GroupNonUniformShuffle{Xor,,Up,Down}; valid is true for
// xor and idx, and says whether the source lane exists for up and down.
func (e *env) shuffle(o *ir.Operation, operands []*ir.Value, rw *rewrite.ConversionRewriter) error {
	s := gpu.Shuffle{Operation: o}
	mode, ok := s.Mode()
	if !ok {
		return rewrite.NoMatch
	}
	w, ok := constInt(operands[2])
	if !ok || w != e.target.Limits.SubgroupSize {
		return rewrite.NoMatch
	}
	name := map[gpu.ShuffleMode]string{gpu.ShuffleXor: "spirv.GroupNonUniformShuffleXor", gpu.ShuffleIdx: "spirv.GroupNonUniformShuffle",
		gpu.ShuffleUp: "spirv.GroupNonUniformShuffleUp", gpu.ShuffleDown: "spirv.GroupNonUniformShuffleDown"}[mode]
	t := e.tc.ConvertType(o.Result(0).Type())
	if t == nil {
		return rewrite.NoMatch
	}
	b := &rw.Builder
	b.SetInsertionPointBefore(o)
	ctx := o.Context()
	// The shuffle, then its validity, in MLIR's order.
	r := op(b, name, o.Loc(), t, []*ir.Value{operands[0], operands[1]},
		named("execution_scope", enum(ctx, spv.KindScope, uint32(spv.ScopeSubgroup)))).Result(0)
	var valid *ir.Value
	switch mode {
	case gpu.ShuffleDown, gpu.ShuffleUp:
		// The source lane must be inside the subgroup (MLIR's rule).
		i32, loc := ctx.I(32), o.Loc()
		lane := e.builtin(b, o, spv.BuiltInSubgroupLocalInvocationId, i32)
		if mode == gpu.ShuffleDown {
			valid = val(b, "spirv.ULessThan", loc, ctx.I(1), val(b, "spirv.IAdd", loc, i32, lane, operands[1]), operands[2])
		} else {
			valid = val(b, "spirv.SGreaterThanEqual", loc, ctx.I(1), val(b, "spirv.ISub", loc, i32, lane, operands[1]), intConst(b, i32, 0, loc))
		}
	default:
		valid = intConst(b, ctx.I(1), 1, o.Loc())
	}
	rw.ReplaceOp(o, []*ir.Value{r, valid})
	return nil
}

// broadcast converts gpu.subgroup_broadcast: the first active lane's value
// is GroupNonUniformBroadcastFirst, a given lane's GroupNonUniformBroadcast,
// whose lane must be a constant before SPIR-V 1.5; a lane known only at run
// time (uniform, as the op requires) is read with GroupNonUniformShuffle
// there.
func (e *env) broadcast(o *ir.Operation, operands []*ir.Value, rw *rewrite.ConversionRewriter) error {
	bt, ok := o.Attr("broadcast_type").(*gpu.EnumAttr[gpu.BroadcastType])
	t := e.tc.ConvertType(o.Result(0).Type())
	if !ok || t == nil {
		return rewrite.NoMatch
	}
	ctx := o.Context()
	scope := named("execution_scope", enum(ctx, spv.KindScope, uint32(spv.ScopeSubgroup)))
	name := "spirv.GroupNonUniformBroadcastFirst"
	if bt.Value == gpu.BroadcastSpecificLane {
		if len(operands) != 2 {
			return rewrite.NoMatch
		}
		name = "spirv.GroupNonUniformBroadcast"
		if _, isConst := constInt(operands[1]); !isConst && e.target.Version() < spv.Version1_5 {
			name = "spirv.GroupNonUniformShuffle"
		}
	}
	rw.SetInsertionPointBefore(o)
	rw.ReplaceOp(o, []*ir.Value{op(&rw.Builder, name, o.Loc(), t, operands, scope).Result(0)})
	return nil
}

// rotate converts gpu.rotate to GroupNonUniformRotateKHR with its width as
// the cluster size, when the width fits the target's subgroup; valid is
// true, or whether the lane is below the width (MLIR's
// GPURotateConversion).
func (e *env) rotate(o *ir.Operation, operands []*ir.Value, rw *rewrite.ConversionRewriter) error {
	off, ok1 := o.Attr("offset").(*ir.IntegerAttr)
	width, ok2 := o.Attr("width").(*ir.IntegerAttr)
	t := e.tc.ConvertType(o.Result(0).Type())
	if !ok1 || !ok2 || t == nil || width.Int() > e.target.Limits.SubgroupSize {
		return rewrite.NoMatch
	}
	ctx, loc, i32 := o.Context(), o.Loc(), e.ctx.I(32)
	b := &rw.Builder
	b.SetInsertionPointBefore(o)
	// The offset's constant first, then the width's, as MLIR makes them.
	delta := intConst(b, i32, off.Int(), loc)
	w := intConst(b, i32, width.Int(), loc)
	r := op(b, "spirv.GroupNonUniformRotateKHR", loc, t, []*ir.Value{operands[0], delta, w},
		named("execution_scope", enum(ctx, spv.KindScope, uint32(spv.ScopeSubgroup)))).Result(0)
	var valid *ir.Value
	if width.Int() == e.target.Limits.SubgroupSize {
		valid = intConst(b, ctx.I(1), 1, loc)
	} else {
		lane := e.builtin(b, o, spv.BuiltInSubgroupLocalInvocationId, i32)
		valid = val(b, "spirv.ULessThan", loc, ctx.I(1), lane, w)
	}
	rw.ReplaceOp(o, []*ir.Value{r, valid})
	return nil
}

// ballot converts gpu.ballot to GroupNonUniformBallot, whose vector<4xi32>
// holds bit l of the subgroup in bit l%32 of word l/32: an i32 (or
// narrower) result is word 0, an i64 words 0 and 1.
func (e *env) ballot(o *ir.Operation, operands []*ir.Value, rw *rewrite.ConversionRewriter) error {
	t, ok := e.tc.ConvertType(o.Result(0).Type()).(*ir.IntegerType)
	if !ok || len(operands) != 1 {
		return rewrite.NoMatch
	}
	ctx, loc := o.Context(), o.Loc()
	i32 := ctx.I(32)
	b := &rw.Builder
	b.SetInsertionPointBefore(o)
	mask := op(b, "spirv.GroupNonUniformBallot", loc, ctx.Vector([]int64{4}, i32), operands,
		named("execution_scope", enum(ctx, spv.KindScope, uint32(spv.ScopeSubgroup)))).Result(0)
	r := extract(b, mask, i32, loc, 0)
	switch {
	case t.Width > 32:
		hi := extract(b, mask, i32, loc, 1)
		lo, hi := val(b, "spirv.UConvert", loc, t, r), val(b, "spirv.UConvert", loc, t, hi)
		hi = val(b, "spirv.ShiftLeftLogical", loc, t, hi, intConst(b, t, 32, loc))
		r = val(b, "spirv.BitwiseOr", loc, t, lo, hi)
	case t.Width < 32:
		r = val(b, "spirv.UConvert", loc, t, r)
	}
	// An i8 or i16 computed in 32 bits is kept sign-extended.
	if bits := e.narrowBits(o.Result(0).Type()); bits > 0 {
		r = sextLow(b, r, bits, loc)
	}
	rw.ReplaceOp(o, []*ir.Value{r})
	return nil
}

// constInt returns the value of an integer constant (arith or spirv).
func constInt(v *ir.Value) (int64, bool) {
	d := v.DefiningOp()
	for d != nil && d.Name() == castName && d.NumOperands() == 1 {
		d = d.Operand(0).DefiningOp()
	}
	if d == nil || d.Name() != "arith.constant" && d.Name() != "spirv.Constant" {
		return 0, false
	}
	a, ok := d.Attr("value").(*ir.IntegerAttr)
	if !ok {
		return 0, false
	}
	return a.Int(), true
}

// groupOpName returns the GroupNonUniform op of a reduction kind on
// element type t.
func groupOpName(k gpu.AllReduceOperation, t ir.Type) (string, bool) {
	float := ir.IsFloat(ir.ElementTypeOrSelf(t))
	k = k.Resolve(t)
	names := map[gpu.AllReduceOperation][2]string{
		gpu.ReduceAdd: {"IAdd", "FAdd"}, gpu.ReduceMul: {"IMul", "FMul"},
		gpu.ReduceMinSI: {"SMin", ""}, gpu.ReduceMinUI: {"UMin", ""}, gpu.ReduceMaxSI: {"SMax", ""}, gpu.ReduceMaxUI: {"UMax", ""},
		gpu.ReduceMinNumF: {"", "FMin"}, gpu.ReduceMaxNumF: {"", "FMax"}, gpu.ReduceMinimumF: {"", "FMin"}, gpu.ReduceMaximumF: {"", "FMax"},
		gpu.ReduceAnd: {"BitwiseAnd", ""}, gpu.ReduceOr: {"BitwiseOr", ""}, gpu.ReduceXor: {"BitwiseXor", ""},
	}
	n := names[k][0]
	if float {
		n = names[k][1]
	}
	if n == "" {
		return "", false
	}
	if it, ok := ir.ElementTypeOrSelf(t).(*ir.IntegerType); ok && it.Width == 1 {
		n = map[string]string{"BitwiseAnd": "LogicalAnd", "BitwiseOr": "LogicalOr", "BitwiseXor": "LogicalXor"}[n]
		if n == "" {
			return "", false
		}
	}
	return "spirv.GroupNonUniform" + n, true
}

// subgroupReduce converts gpu.subgroup_reduce (clustered too) to a
// GroupNonUniform arithmetic op.
func (e *env) subgroupReduce(o *ir.Operation, operands []*ir.Value, rw *rewrite.ConversionRewriter) error {
	r, ok := gpu.AsReduce(o)
	if !ok {
		return rewrite.NoMatch
	}
	k, ok := r.Kind()
	if !ok {
		return rewrite.NoMatch
	}
	name, ok := groupOpName(k, o.Result(0).Type())
	t := e.tc.ConvertType(o.Result(0).Type())
	if !ok || t == nil || r.ClusterStride() != 1 {
		return rewrite.NoMatch
	}
	b := &rw.Builder
	b.SetInsertionPointBefore(o)
	v := e.groupReduce(b, name, spv.ScopeSubgroup, operands[0], t, r, o.Loc())
	rw.ReplaceOp(o, []*ir.Value{e.narrowResult(b, v, o.Result(0).Type(), name, o.Loc())})
	return nil
}

// groupReduce reduces v over the given scope with the GroupNonUniform op
// name, or, for a uniform reduction on a target with the Groups
// capability, with its Groups counterpart (MLIR's createGroupReduceOp).
func (e *env) groupReduce(b *ir.Builder, name string, scope spv.Scope, v *ir.Value, t ir.Type, r gpu.Reduce, loc ir.Location) *ir.Value {
	ctx := b.Context()
	gop, args := spv.GroupOperationReduce, []*ir.Value{v}
	if n, ok := r.ClusterSize(); ok {
		gop = spv.GroupOperationClusteredReduce
		args = append(args, intConst(b, ctx.I(32), n, loc))
	} else if u, ok := e.uniformGroupOp(name); ok && r.Uniform() {
		name = u
	}
	return op(b, name, loc, t, args,
		named("execution_scope", enum(ctx, spv.KindScope, uint32(scope))),
		named("group_operation", enum(ctx, spv.KindGroupOperation, uint32(gop)))).Result(0)
}

// uniformGroupOp returns the Groups capability's op for GroupNonUniform
// op name, when there is one and the target has its capability.
func (e *env) uniformGroupOp(name string) (string, bool) {
	u, c := uniformGroupName(name)
	return u, u != "" && e.has(c)
}

// uniformGroupName returns the uniform group op for GroupNonUniform op
// name and the capability it needs ("" when there is none).
func uniformGroupName(name string) (string, spv.Capability) {
	n := strings.TrimPrefix(name, "spirv.GroupNonUniform")
	switch n {
	case "IAdd", "FAdd", "SMin", "UMin", "FMin", "SMax", "UMax", "FMax":
		return "spirv.Group" + n, spv.CapabilityGroups
	case "IMul", "FMul":
		return "spirv.KHR.Group" + n, spv.CapabilityGroupUniformArithmeticKHR
	}
	return "", 0
}

// kernelABI returns a kernel's entry point ABI and its arguments'
// interface ABIs: those given, or (0, i) for all when none is given
// (MLIR's rule), or the arguments' attributes as they are on targets that
// need no ABIs; why says what is missing otherwise.
func (e *env) kernelABI(o *ir.Operation, ft *ir.FunctionType) (*spirv.EntryPointABIAttr, *ir.ArrayAttr, string) {
	ctx := o.Context()
	abi := spirv.LookupEntryPointABI(o)
	if abi == nil {
		return nil, nil, "missing 'spirv.entry_point_abi' attribute"
	}
	if !e.needsArgABIs() {
		args, _ := o.Attr("arg_attrs").(*ir.ArrayAttr)
		return abi, args, ""
	}
	given := make([]*spirv.InterfaceVarABIAttr, len(ft.Inputs))
	some := false
	for i := range given {
		given[i] = spirv.ArgInterfaceVarABI(o, i)
		some = some || given[i] != nil
	}
	// The defaults depend only on which inputs are memrefs: most kernels
	// share them.
	var k defaultArgsKey
	if !some && len(ft.Inputs) <= 64 {
		k.n = len(ft.Inputs)
		for i, t := range ft.Inputs {
			if ir.IsIntOrIndex(t) || ir.IsFloat(t) { // scalars only, as MLIR
				k.notMem |= 1 << i
			}
		}
		if a := e.defaultArgs[k]; a != nil {
			return abi, a, ""
		}
	}
	args := make([]ir.Attribute, len(ft.Inputs))
	for i, t := range ft.Inputs {
		ia := given[i]
		if ia == nil && some {
			return nil, nil, fmt.Sprintf("missing 'spirv.interface_var_abi' attribute at argument %d", i)
		}
		if ia == nil {
			var sc *spv.StorageClass
			if ir.IsIntOrIndex(t) || ir.IsFloat(t) { // scalars only, as MLIR
				s := e.scalarArgClass()
				sc = &s
			}
			ia = spirv.InterfaceVarABI(ctx, 0, uint32(i), sc)
		}
		args[i] = ctx.DictionaryAttr([]ir.NamedAttr{{Name: spirv.InterfaceVarABIAttrName, Value: ia}})
	}
	a := ctx.ArrayAttr(args...)
	if k.n > 0 {
		e.defaultArgs[k] = a
	}
	return abi, a, ""
}

// needsArgABIs reports whether kernel arguments need interface ABIs: on
// the target, Shader comes before Kernel in its capability list (MLIR's
// needsInterfaceVarABIAttrs).
func (e *env) needsArgABIs() bool {
	for _, c := range e.target.Capabilities() {
		switch c {
		case spv.CapabilityKernel:
			return false
		case spv.CapabilityShader:
			return true
		}
	}
	return false
}
