package transforms

import (
	"slices"

	"github.com/kiln-gpu/kiln/ir"
	"github.com/kiln-gpu/kiln/ir/pass"
)

// SSALoopResults returns the spirv-ssa-loop-results pass.
func SSALoopResults() *pass.Pass {
	return &pass.Pass{
		Name:     "SPIRVSSALoopResults",
		Argument: "spirv-ssa-loop-results",
		Summary:  "Give spirv.mlir.loop results for the values it leaves in Function variables",
		Run:      func(op *ir.Operation, _ *pass.Context) error { return eachModule(op, LoopResults) },
	}
}

// LoopResults turns the Function variables through which a loop's final
// values reach the code after it (MLIR's SCFToSPIRV form, which
// convert-scf-to-spirv keeps) into results of the spirv.mlir.loop, yielded
// by its spirv.mlir.merge: the serializer writes no instruction for them,
// the code after the loop uses the header's OpPhi directly. A variable
// qualifies when its only uses are one store in the loop's header block
// (which dominates the merge block, so the stored value does too, and runs
// on the way out of the loop) and loads that come after the loop in the
// loop's block or inside ops that do; nothing else can then observe it.
// A loop block whose one predecessor passes it values (scf.while's body)
// takes them directly: an OpPhi of one value is a copy.
func LoopResults(module *ir.Operation) error {
	for _, loop := range opsNamed(module, "spirv.mlir.loop") {
		loop = promoteLoopVars(loop)
		for b := range loop.Region(0).Blocks() {
			forwardSinglePredArgs(b)
		}
	}
	return nil
}

// forwardSinglePredArgs replaces b's arguments by the values its only
// predecessor's branch passes (a spirv.Branch, or a
// spirv.BranchConditional whose other target is another block, as
// scf.while's body is entered).
func forwardSinglePredArgs(b *ir.Block) {
	if b.NumArgs() == 0 || b.IsEntry() {
		return
	}
	preds := b.Predecessors()
	if len(preds) != 1 {
		return
	}
	t := preds[0].Terminator()
	si := slices.Index(t.Successors(), b)
	if t.Name() != "spirv.Branch" && t.Name() != "spirv.BranchConditional" || si < 0 {
		return
	}
	start, n := t.SuccessorOperands(si)
	if start < 0 || n != b.NumArgs() {
		return
	}
	for i := n - 1; i >= 0; i-- {
		b.Arg(i).ReplaceAllUsesWith(t.Operand(start + i))
		b.EraseArgument(i)
	}
	ops := slices.Delete(t.Operands(), start, start+n)
	t.SetOperands(ops)
	if seg, ok := t.Attr("operandSegmentSizes").(*ir.DenseArrayAttr); ok && len(seg.Ints) == 3 {
		ints := slices.Clone(seg.Ints)
		ints[1+si] = 0
		t.SetAttr("operandSegmentSizes", t.Context().DenseI32Array(ints...))
	}
}

// loopVar is one variable promoted to a result of a loop.
type loopVar struct {
	v     *ir.Operation // the spirv.Variable
	store *ir.Operation
	loads []*ir.Operation
}

// promoteLoopVars returns the loop, replaced when it grew results.
func promoteLoopVars(loop *ir.Operation) *ir.Operation {
	r := loop.Region(0)
	entry := r.Entry()
	if entry == nil || entry.Next() == nil || r.Last() == entry.Next() {
		return loop
	}
	header := entry.Next()
	merge := r.Last().Last()
	if merge == nil || merge.Name() != "spirv.mlir.merge" {
		return loop
	}
	var vars []loopVar
	for op := range header.Ops() {
		if op.Name() != "spirv.Store" {
			continue
		}
		if lv, ok := promotable(op, loop); ok {
			vars = append(vars, lv)
		}
	}
	if len(vars) == 0 {
		return loop
	}
	types := loop.ResultTypes()
	vals := merge.Operands()
	for _, lv := range vars {
		types = append(types, lv.store.Operand(1).Type())
		vals = append(vals, lv.store.Operand(1))
	}
	merge.SetOperands(vals)
	loads := make([][]*ir.Operation, len(vars))
	for i, lv := range vars {
		loads[i] = lv.loads
		lv.store.Erase()
	}
	grown := growResults(loop, types, loads)
	for _, lv := range vars {
		lv.v.Erase()
	}
	return grown
}

// opsNamed collects the ops called name in module, before the caller
// rewrites (and so replaces) them.
func opsNamed(module *ir.Operation, name string) []*ir.Operation {
	var ops []*ir.Operation
	module.Walk(func(op *ir.Operation) bool {
		if op.Name() == name {
			ops = append(ops, op)
		}
		return true
	})
	return ops
}

// growResults replaces op, a spirv.mlir.loop or spirv.mlir.selection, by one
// with its body and the result types types, the old results first, and
// returns it: the old results' uses move to the new op, and each load of
// loads[i] is erased, its value replaced by the new result after them.
func growResults(op *ir.Operation, types []ir.Type, loads [][]*ir.Operation) *ir.Operation {
	b := ir.NewBuilder(op.Context())
	b.SetInsertionPointBefore(op)
	st := &ir.OpState{Name: op.Name(), Loc: op.Loc(), ResultTypes: types, Attrs: op.DiscardableAttrs(), Props: op.Props()}
	st.AddRegion().TakeBody(op.Region(0))
	grown := b.Create(st)
	n := op.NumResults()
	op.ReplaceAllUsesWith(grown.Results()[:n])
	op.Erase()
	for i, ls := range loads {
		for _, l := range ls {
			l.ReplaceAllUsesWith([]*ir.Value{grown.Result(n + i)})
			l.Erase()
		}
	}
	return grown
}

// promotable reports whether store, in loop's header, writes a variable
// that qualifies (see LoopResults), and collects its loads.
func promotable(store, loop *ir.Operation) (loopVar, bool) {
	v := store.Operand(0).DefiningOp()
	if v == nil || v.Name() != "spirv.Variable" || v.NumOperands() != 0 || v.Block() == nil {
		return loopVar{}, false
	}
	lv := loopVar{v: v, store: store}
	for use := range v.Result(0).Uses() {
		u := use.Owner()
		switch {
		case u == store:
			if use.Index() != 0 {
				return loopVar{}, false // the variable's pointer is the value stored
			}
		case u.Name() == "spirv.Load" && after(u, loop):
			lv.loads = append(lv.loads, u)
		default:
			return loopVar{}, false
		}
	}
	return lv, true
}

// after reports whether op is, or is nested in, an op after ctl (a loop or
// a selection) in ctl's block.
func after(op, ctl *ir.Operation) bool {
	for a := op; a != nil; a = a.ParentOp() {
		if a.Block() == ctl.Block() {
			return ctl.IsBeforeInBlock(a)
		}
	}
	return false
}
