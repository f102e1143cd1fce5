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

// allReduce lowers a uniform gpu.all_reduce of a kind to one Groups op
// with Workgroup scope on targets without Shader, as MLIR does, and
// otherwise so that it is valid under Vulkan, where group operations must
// have Subgroup scope (VUID-StandaloneSpirv-None-04642, which MLIR's
// Workgroup-scope lowering violates):
//
//	part = GroupNonUniform<op> <Subgroup> <Reduce> x   // or shuffleReduce
//	if elected { mem[SubgroupId] = part }      // lane 0 after shuffleReduce
//	ControlBarrier
//	acc = mem[0]; for i in 1..numSubgroups { acc = op(acc, mem[i]) }
//	ControlBarrier            // only if o may run again (mayRepeat)
//
// mem is a Workgroup array with one slot per invocation of the entry
// point's workgroup size, an upper bound on the number of subgroups. A
// workgroup the target's limits make one subgroup needs only part. With
// a combining region instead of a kind, the region's body is inlined
// wherever op combines two values.
func (e *env) allReduce(o *ir.Operation, operands []*ir.Value, rw *rewrite.ConversionRewriter) error {
	r, _ := gpu.AsReduce(o)
	k, ok := r.Kind()
	var group, combine string
	if ok {
		var gok, cok bool
		group, gok = groupOpName(k, o.Result(0).Type())
		combine, cok = e.combineOp(k, o.Result(0).Type())
		if !gok || !cok {
			return rewrite.NoMatch
		}
	} else if why := combinerProblem(r); why != "" {
		return o.Errorf("%s", why)
	}
	t := e.tc.ConvertType(o.Result(0).Type())
	fn := o.ParentOfName("spirv.func")
	if t == nil || fn == nil {
		return rewrite.NoMatch
	}
	if ok && !e.has(spv.CapabilityShader) {
		// Outside Vulkan a uniform reduction is one Groups op of Workgroup
		// scope, as in MLIR. GroupNonUniform ops allow only Subgroup scope
		// (spirv-val since SPIRV-Tools PR 6811), so a non-uniform one, or
		// a kind without a Groups op, does not legalize, as in current
		// MLIR (llvm-project PR 213087). A missing Groups capability is
		// reported by the availability check.
		u, _ := uniformGroupName(group)
		if !r.Uniform() || u == "" {
			return rewrite.NoMatch
		}
		rw.SetInsertionPointBefore(o)
		v := op(&rw.Builder, u, o.Loc(), t, []*ir.Value{operands[0]},
			named("execution_scope", enum(o.Context(), spv.KindScope, uint32(spv.ScopeWorkgroup))),
			named("group_operation", enum(o.Context(), spv.KindGroupOperation, uint32(spv.GroupOperationReduce)))).Result(0)
		rw.ReplaceOp(o, []*ir.Value{e.narrowResult(&rw.Builder, v, o.Result(0).Type(), group, o.Loc())})
		return nil
	}
	if !ok && t != o.Result(0).Type() {
		// The inlined region would compute on the emulated values as if
		// they had the source type.
		return o.Errorf("with a combining region on %s needs the target to compute in %s, not emulate it in %s",
			ir.TypeString(o.Result(0).Type()), ir.TypeString(o.Result(0).Type()), ir.TypeString(t))
	}
	abi := spirv.LookupEntryPointABI(fn)
	if abi == nil || len(abi.WorkgroupSize) == 0 {
		return o.Errorf("needs the workgroup size of its kernel (spirv.entry_point_abi) to size its workgroup memory")
	}
	slots := int64(1)
	for _, d := range abi.WorkgroupSize {
		slots *= int64(d)
	}
	ctx, loc, i32 := o.Context(), o.Loc(), e.ctx.I(32)
	if group != "" && e.oneSubgroup(slots) {
		// The subgroup's reduction is the workgroup's, in every lane: no
		// workgroup memory, barrier or loop.
		rw.SetInsertionPointBefore(o)
		part := e.groupReduce(&rw.Builder, group, spv.ScopeSubgroup, operands[0], t, r, loc)
		rw.ReplaceOp(o, []*ir.Value{e.narrowResult(&rw.Builder, part, o.Result(0).Type(), combine, loc)})
		return nil
	}
	elemPtr := spirv.Pointer(ctx, t, spv.StorageClassWorkgroup)
	memType := spirv.Pointer(ctx, spirv.Struct(ctx, []ir.Type{spirv.Array(ctx, t, slots, 0)}, nil, nil), spv.StorageClassWorkgroup)
	e.allReduces[fn]++
	g := e.global(fn, fmt.Sprintf("__all_reduce_mem__%s_%d", ir.SymbolName(fn), e.allReduces[fn]), memType)
	b := &rw.Builder
	vars, _ := e.resultVars(b, o, []ir.Type{t})
	acc := vars[0]
	b.SetInsertionPointBefore(o)
	// A group op leaves the subgroup's result in every lane, so any one
	// lane may publish it: the elected one, as glslang's subgroupElect().
	// The butterfly leaves it in lane 0 only.
	elect := group != "" && e.has(spv.CapabilityGroupNonUniform)
	var lane *ir.Value
	if !elect {
		lane = e.builtin(b, o, spv.BuiltInSubgroupLocalInvocationId, i32)
	}
	sg := e.builtin(b, o, spv.BuiltInSubgroupId, i32)
	mem := e.addressOf(b, g, loc)
	zero, one := intConst(b, i32, 0, loc), intConst(b, i32, 1, loc)
	nsg := e.numSubgroups(b, o, slots)
	slot := func(b *ir.Builder, i *ir.Value) *ir.Value {
		return val(b, "spirv.AccessChain", loc, elemPtr, mem, zero, i)
	}
	// fold returns a combined with x: the kind's op, or the region inlined.
	fold := func(b *ir.Builder, a, x *ir.Value) *ir.Value {
		if combine != "" {
			return val(b, combine, loc, t, a, x)
		}
		return inlineCombiner(b, r.Body(), a, x)
	}
	var part *ir.Value
	if group != "" {
		part = e.groupReduce(b, group, spv.ScopeSubgroup, operands[0], t, r, loc)
	} else {
		part = e.shuffleReduce(b, o, operands[0], t, acc, lane, sg, slots, fold)
	}

	// Lane 0 of each subgroup publishes its partial result.
	sel := structuredOp(b, "spirv.mlir.selection", loc)
	header, then, merge := ir.NewBlock(nil, nil), ir.NewBlock(nil, nil), ir.NewBlock(nil, nil)
	for _, blk := range []*ir.Block{header, then, merge} {
		sel.Region(0).Append(blk)
	}
	hb := ir.NewBuilder(ctx)
	hb.SetInsertionPointToEnd(header)
	var first *ir.Value
	if elect {
		first = op(hb, "spirv.GroupNonUniformElect", loc, ctx.I(1), nil,
			named("execution_scope", enum(ctx, spv.KindScope, uint32(spv.ScopeSubgroup)))).Result(0)
	} else {
		first = val(hb, "spirv.IEqual", loc, ctx.I(1), lane, zero)
	}
	branchCond(hb, first, then, merge, loc)
	hb.SetInsertionPointToEnd(then)
	op(hb, "spirv.Store", loc, nil, []*ir.Value{slot(hb, sg), part})
	hb.Create(&ir.OpState{Name: "spirv.Branch", Loc: loc, Successors: []*ir.Block{merge}})
	hb.SetInsertionPointToEnd(merge)
	op(hb, "spirv.mlir.merge", loc, nil, nil)

	b.SetInsertionPointAfter(sel)
	controlBarrier(b, loc)
	op(b, "spirv.Store", loc, nil, []*ir.Value{acc, val(b, "spirv.Load", loc, t, slot(b, zero))})

	// Every invocation folds the partial results in subgroup order.
	lp := structuredOp(b, "spirv.mlir.loop", loc)
	entry, lh, body, lm := ir.NewBlock(nil, nil), ir.NewBlock([]ir.Type{i32}, []ir.Location{loc}), ir.NewBlock(nil, nil), ir.NewBlock(nil, nil)
	for _, blk := range []*ir.Block{entry, lh, body, lm} {
		lp.Region(0).Append(blk)
	}
	hb.SetInsertionPointToEnd(entry)
	hb.Create(&ir.OpState{Name: "spirv.Branch", Loc: loc, Operands: []*ir.Value{one}, Successors: []*ir.Block{lh}})
	hb.SetInsertionPointToEnd(lh)
	branchCond(hb, val(hb, "spirv.SLessThan", loc, ctx.I(1), lh.Arg(0), nsg), body, lm, loc)
	// Through the rewriter's builder, so that the conversion also converts
	// the ops of an inlined combining region.
	b.SetInsertionPointToEnd(body)
	x := val(b, "spirv.Load", loc, t, slot(b, lh.Arg(0)))
	a := val(b, "spirv.Load", loc, t, acc)
	op(b, "spirv.Store", loc, nil, []*ir.Value{acc, fold(b, a, x)})
	b.Create(&ir.OpState{Name: "spirv.Branch", Loc: loc, Operands: []*ir.Value{val(b, "spirv.IAdd", loc, i32, lh.Arg(0), one)},
		Successors: []*ir.Block{lh}})
	hb.SetInsertionPointToEnd(lm)
	op(hb, "spirv.mlir.merge", loc, nil, nil)

	b.SetInsertionPointAfter(lp)
	res := e.narrowResult(b, val(b, "spirv.Load", loc, t, acc), o.Result(0).Type(), combine, loc)
	if mayRepeat(o, fn) {
		controlBarrier(b, loc)
	}
	rw.ReplaceOp(o, []*ir.Value{res})
	return nil
}

// loopOps are the ops whose regions may run more than once.
var loopOps = map[string]bool{"scf.for": true, "scf.while": true, "scf.parallel": true, "scf.forall": true, "spirv.mlir.loop": true}

// mayRepeat reports whether o may run twice in one invocation of the
// kernel fn: inside a loop, or in a function with several blocks (whose
// branches may loop). Only then can a later execution overwrite the
// workgroup memory of o while another invocation still reads it, which
// needs the second barrier.
func mayRepeat(o, fn *ir.Operation) bool {
	for p := o.ParentOp(); p != nil && p != fn; p = p.ParentOp() {
		if loopOps[p.Name()] {
			return true
		}
	}
	return !fn.Region(0).HasOneBlock()
}

func branchCond(b *ir.Builder, cond *ir.Value, t, f *ir.Block, loc ir.Location) {
	b.Create(&ir.OpState{Name: "spirv.BranchConditional", Loc: loc, Operands: []*ir.Value{cond},
		Successors: []*ir.Block{t, f},
		Attrs:      []ir.NamedAttr{{Name: "operandSegmentSizes", Value: b.Context().DenseI32Array(1, 0, 0)}}})
}

// combineOp returns the scalar op that combines two partial results of
// reduction kind k on type t.
func (e *env) combineOp(k gpu.AllReduceOperation, t ir.Type) (string, bool) {
	g, ok := groupOpName(k, t)
	if !ok {
		return "", false
	}
	n := strings.TrimPrefix(g, "spirv.GroupNonUniform")
	switch n {
	case "IAdd", "FAdd", "IMul", "FMul", "BitwiseAnd", "BitwiseOr", "BitwiseXor", "LogicalAnd", "LogicalOr":
		return "spirv." + n, true
	case "LogicalXor":
		return "spirv.LogicalNotEqual", true
	}
	if e.kernel() {
		return "spirv.CL." + map[string]string{"SMin": "s_min", "UMin": "u_min", "SMax": "s_max", "UMax": "u_max",
			"FMin": "fmin", "FMax": "fmax"}[n], true
	}
	return "spirv.GL." + n, true
}

// maxSubgroupSize is the most invocations a Vulkan subgroup may have (the
// SubgroupSize built-in's description in the Vulkan specification).
const maxSubgroupSize = 128

// oneSubgroup reports whether a workgroup of n invocations is one
// subgroup: n is 1, or no more than the target's min_subgroup_size.
func (e *env) oneSubgroup(n int64) bool {
	return n == 1 || n <= e.target.Limits.MinSubgroupSize
}

// numSubgroups returns the number of subgroups of a workgroup of n
// invocations: NumSubgroups, but at least ceil(n / SubgroupSize), since
// lavapipe rounds NumSubgroups down when the last subgroup is partial
// while still running it under the next SubgroupId. The known sizes spare
// the UDiv and select: the count is 1 when the workgroup fits in the
// target's min_subgroup_size, ceil(n / size) when min_subgroup_size =
// max_subgroup_size = size, and NumSubgroups alone when n is a multiple
// of the largest subgroup size (max_subgroup_size, else Vulkan's 128):
// subgroup sizes are powers of two, so then no subgroup is partial.
func (e *env) numSubgroups(b *ir.Builder, o *ir.Operation, n int64) *ir.Value {
	loc, i32 := o.Loc(), e.ctx.I(32)
	if e.oneSubgroup(n) {
		return intConst(b, i32, 1, loc)
	}
	l := e.target.Limits
	if l.MinSubgroupSize > 0 && l.MinSubgroupSize == l.MaxSubgroupSize {
		return intConst(b, i32, (n+l.MinSubgroupSize-1)/l.MinSubgroupSize, loc)
	}
	nsg := e.builtin(b, o, spv.BuiltInNumSubgroups, i32)
	largest := l.MaxSubgroupSize
	if largest <= 0 {
		largest = maxSubgroupSize
	}
	if n%largest == 0 {
		return nsg
	}
	size := e.builtin(b, o, spv.BuiltInSubgroupSize, i32)
	up := val(b, "spirv.UDiv", loc, i32, intConst(b, i32, n-1, loc), size)
	up = val(b, "spirv.IAdd", loc, i32, up, intConst(b, i32, 1, loc))
	return val(b, "spirv.Select", loc, i32, val(b, "spirv.ULessThan", loc, e.ctx.I(1), nsg, up), up, nsg)
}

// combinerProblem says why an all_reduce's combining region cannot be
// inlined ("" when it can).
func combinerProblem(r gpu.Reduce) string {
	body := r.Body()
	if body == nil || body.Empty() {
		return "needs a reduction kind or a combining region"
	}
	if body.Entry() != body.Last() {
		return "has a combining region of more than one block, which the SPIR-V lowering cannot inline"
	}
	blk := body.Entry()
	y := blk.Last()
	if blk.NumArgs() != 2 || y == nil || y.Name() != "gpu.yield" || y.NumOperands() != 1 {
		return "needs a combining region of two arguments that yields one value"
	}
	return ""
}

// inlineCombiner clones the combining region's body at b with its
// arguments bound to a and x, and returns the value it yields. The clones
// are source ops, which the conversion converts in turn.
func inlineCombiner(b *ir.Builder, body *ir.Region, a, x *ir.Value) *ir.Value {
	blk := body.Entry()
	m := ir.NewMapping()
	m.Map(blk.Arg(0), a)
	m.Map(blk.Arg(1), x)
	for op := range blk.Ops() {
		if op == blk.Last() {
			break
		}
		b.Clone(op, m)
	}
	return m.Lookup(blk.Last().Operand(0))
}

// shuffleReduce combines x over the subgroup with a butterfly of
// GroupNonUniformShuffleXor and returns the result, whole in lane 0: at
// each distance d (1, 2, 4, ... below SubgroupSize) a lane combines its
// value with that of lane^d when that lane exists. Invocations are taken
// to fill subgroups in LocalInvocationIndex order, so that a subgroup has
// min(SubgroupSize, n - SubgroupId*SubgroupSize) lanes, as MLIR's
// all_reduce lowering assumes; shuffles from missing lanes are dropped.
func (e *env) shuffleReduce(b *ir.Builder, o *ir.Operation, x *ir.Value, t ir.Type, acc, lane, sg *ir.Value, n int64,
	fold func(b *ir.Builder, a, x *ir.Value) *ir.Value) *ir.Value {
	ctx, loc, i32, i1 := o.Context(), o.Loc(), e.ctx.I(32), e.ctx.I(1)
	op(b, "spirv.Store", loc, nil, []*ir.Value{acc, x})
	size := e.builtin(b, o, spv.BuiltInSubgroupSize, i32)
	one := intConst(b, i32, 1, loc)
	left := val(b, "spirv.ISub", loc, i32, intConst(b, i32, n, loc), val(b, "spirv.IMul", loc, i32, sg, size))
	active := val(b, "spirv.Select", loc, i32, val(b, "spirv.ULessThan", loc, i1, left, size), left, size)

	lp := structuredOp(b, "spirv.mlir.loop", loc)
	entry, header, body, merge := ir.NewBlock(nil, nil), ir.NewBlock([]ir.Type{i32}, []ir.Location{loc}), ir.NewBlock(nil, nil), ir.NewBlock(nil, nil)
	for _, blk := range []*ir.Block{entry, header, body, merge} {
		lp.Region(0).Append(blk)
	}
	b.SetInsertionPointToEnd(entry)
	b.Create(&ir.OpState{Name: "spirv.Branch", Loc: loc, Operands: []*ir.Value{one}, Successors: []*ir.Block{header}})
	b.SetInsertionPointToEnd(header)
	d := header.Arg(0)
	branchCond(b, val(b, "spirv.ULessThan", loc, i1, d, size), body, merge, loc)
	b.SetInsertionPointToEnd(body)
	a := val(b, "spirv.Load", loc, t, acc)
	y := op(b, "spirv.GroupNonUniformShuffleXor", loc, t, []*ir.Value{a, d},
		named("execution_scope", enum(ctx, spv.KindScope, uint32(spv.ScopeSubgroup)))).Result(0)
	c := fold(b, a, y)
	exists := val(b, "spirv.ULessThan", loc, i1, val(b, "spirv.BitwiseXor", loc, i32, lane, d), active)
	op(b, "spirv.Store", loc, nil, []*ir.Value{acc, val(b, "spirv.Select", loc, t, exists, c, a)})
	b.Create(&ir.OpState{Name: "spirv.Branch", Loc: loc, Operands: []*ir.Value{val(b, "spirv.ShiftLeftLogical", loc, i32, d, one)},
		Successors: []*ir.Block{header}})
	b.SetInsertionPointToEnd(merge)
	op(b, "spirv.mlir.merge", loc, nil, nil)
	b.SetInsertionPointAfter(lp)
	return val(b, "spirv.Load", loc, t, acc)
}
