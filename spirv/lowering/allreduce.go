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

// allReduce lowers gpu.all_reduce so that it is valid under Vulkan, where
// group operations must have Subgroup scope (VUID-StandaloneSpirv-None-04642,
// which MLIR's Workgroup-scope lowering violates):
//
//	part = GroupNonUniform<op> <Subgroup> <Reduce> x
//	if SubgroupLocalInvocationId == 0 { mem[SubgroupId] = part }
//	ControlBarrier
//	acc = mem[0]; for i in 1..NumSubgroups { acc = op(acc, mem[i]) }
//	ControlBarrier            // mem may be reused by the next execution
//
// mem is a Workgroup array with one slot per invocation of the entry
// point's workgroup size, an upper bound on the number of subgroups.
func (e *env) allReduce(o *ir.Operation, operands []*ir.Value, rw *rewrite.ConversionRewriter) error {
	r, _ := gpu.AsReduce(o)
	k, ok := r.Kind()
	if !ok {
		return o.Errorf("with a combining region cannot be lowered to SPIR-V; give a reduction kind")
	}
	t := e.tc.ConvertType(o.Result(0).Type())
	group, gok := groupOpName(k, o.Result(0).Type())
	combine, cok := e.combineOp(k, o.Result(0).Type())
	fn := o.ParentOfName("spirv.func")
	if t == nil || !gok || !cok || fn == nil {
		return rewrite.NoMatch
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
	elemPtr := spirv.Pointer(ctx, t, spv.StorageClassWorkgroup)
	memType := spirv.Pointer(ctx, spirv.Struct(ctx, []ir.Type{spirv.Array(ctx, t, slots, 0)}, nil, nil), spv.StorageClassWorkgroup)
	e.allReduces++
	g := e.global(fn, fmt.Sprintf("__all_reduce_mem__%s_%d", ir.SymbolName(fn), e.allReduces), memType)
	b := &rw.Builder
	vars, _ := e.resultVars(b, o, []ir.Type{t})
	acc := vars[0]
	b.SetInsertionPointBefore(o)
	part := e.groupReduce(b, group, operands[0], t, r, loc)
	lane := e.builtin(b, o, spv.BuiltInSubgroupLocalInvocationId, i32)
	sg := e.builtin(b, o, spv.BuiltInSubgroupId, i32)
	nsg := e.builtin(b, o, spv.BuiltInNumSubgroups, i32)
	mem := addressOf(b, g, loc)
	zero, one := intConst(b, i32, 0, loc), intConst(b, i32, 1, loc)
	slot := func(b *ir.Builder, i *ir.Value) *ir.Value {
		return val(b, "spirv.AccessChain", loc, elemPtr, mem, zero, i)
	}

	// Lane 0 of each subgroup publishes its partial result.
	sel := b.Create(&ir.OpState{Name: "spirv.mlir.selection", Loc: loc, Regions: []*ir.Region{ir.NewRegion()},
		Attrs: []ir.NamedAttr{named("selection_control", enum(ctx, spv.KindSelectionControl, uint32(spv.SelectionControlNone)))}})
	header, then, merge := ir.NewBlock(nil, nil), ir.NewBlock(nil, nil), ir.NewBlock(nil, nil)
	for _, blk := range []*ir.Block{header, then, merge} {
		sel.Region(0).Append(blk)
	}
	hb := ir.NewBuilder(ctx)
	hb.SetInsertionPointToEnd(header)
	first := val(hb, "spirv.IEqual", loc, ctx.I(1), lane, zero)
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
	lp := b.Create(&ir.OpState{Name: "spirv.mlir.loop", Loc: loc, Regions: []*ir.Region{ir.NewRegion()},
		Attrs: []ir.NamedAttr{named("loop_control", enum(ctx, spv.KindLoopControl, uint32(spv.LoopControlNone)))}})
	entry, lh, body, lm := ir.NewBlock(nil, nil), ir.NewBlock([]ir.Type{i32}, []ir.Location{loc}), ir.NewBlock(nil, nil), ir.NewBlock(nil, nil)
	for _, blk := range []*ir.Block{entry, lh, body, lm} {
		lp.Region(0).Append(blk)
	}
	hb.SetInsertionPointToEnd(entry)
	hb.Create(&ir.OpState{Name: "spirv.Branch", Loc: loc, Operands: []*ir.Value{one}, Successors: []*ir.Block{lh}})
	hb.SetInsertionPointToEnd(lh)
	branchCond(hb, val(hb, "spirv.SLessThan", loc, ctx.I(1), lh.Arg(0), nsg), body, lm, loc)
	hb.SetInsertionPointToEnd(body)
	x := val(hb, "spirv.Load", loc, t, slot(hb, lh.Arg(0)))
	a := val(hb, "spirv.Load", loc, t, acc)
	op(hb, "spirv.Store", loc, nil, []*ir.Value{acc, val(hb, combine, loc, t, a, x)})
	hb.Create(&ir.OpState{Name: "spirv.Branch", Loc: loc, Operands: []*ir.Value{val(hb, "spirv.IAdd", loc, i32, lh.Arg(0), one)},
		Successors: []*ir.Block{lh}})
	hb.SetInsertionPointToEnd(lm)
	op(hb, "spirv.mlir.merge", loc, nil, nil)

	b.SetInsertionPointAfter(lp)
	res := val(b, "spirv.Load", loc, t, acc)
	controlBarrier(b, loc)
	rw.ReplaceOp(o, []*ir.Value{res})
	return nil
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
