package scf

import (
	"slices"

	"github.com/kiln-gpu/kiln/ir"
	"github.com/kiln-gpu/kiln/tensor"
)

// forallControlOperands makes constant bounds and steps static (MLIR's
// ForallOpControlOperandsFolder).
func forallControlOperands(op *ir.Operation, rw *ir.Rewriter) bool {
	f := Forall{op}
	names := []string{"staticLowerBound", "staticUpperBound", "staticStep"}
	var operands []*ir.Value
	var statics [3][]int64
	segs := slices.Clone(ir.OperandSegmentSizes(op))
	if len(segs) != 4 {
		return false
	}
	changed := false
	for i, n := range names {
		static := slices.Clone(f.static(n))
		dyn := loopSegment(op, i)
		k := 0
		var kept []*ir.Value
		for j, s := range static {
			if s != ir.Dynamic || k >= len(dyn) {
				continue
			}
			if c, ok := ir.ConstantIntAttr(dyn[k]); ok {
				static[j] = c.Int()
				changed = true
			} else {
				kept = append(kept, dyn[k])
			}
			k++
		}
		statics[i] = static
		operands = append(operands, kept...)
		segs[i] = int64(len(kept))
	}
	if !changed {
		return false
	}
	operands = append(operands, f.Outputs()...)
	rw.ModifyInPlace(op, func() {
		op.SetOperands(operands)
		for i, n := range names {
			op.SetAttr(n, op.Context().DenseI64Array(statics[i]...))
		}
		op.SetAttr("operandSegmentSizes", op.Context().DenseI32Array(segs...))
	})
	return true
}

// forallTensorCastFolder makes a shared output that is a tensor.cast losing
// static sizes the cast's source, casting back inside the body and after
// the loop (MLIR's FoldTensorCastOfOutputIntoForallOp).
func forallTensorCastFolder(op *ir.Operation, rw *ir.Rewriter) bool {
	f := Forall{op}
	body := f.Body()
	outs := slices.Clone(f.Outputs())
	if body == nil || len(outs) != op.NumResults() || body.NumArgs() < len(outs) {
		return false
	}
	rank := body.NumArgs() - len(outs)
	oldTypes := make([]ir.Type, len(outs))
	folded := make([]bool, len(outs))
	any := false
	for i, o := range outs {
		oldTypes[i] = o.Type()
		c := o.DefiningOp()
		if c == nil || c.Name() != "tensor.cast" || !tensor.PreservesStaticInformation(c.Result(0).Type(), c.Operand(0).Type()) {
			continue
		}
		outs[i], folded[i], any = c.Operand(0), true, true
	}
	if !any {
		return false
	}
	types := make([]ir.Type, len(outs))
	for i, o := range outs {
		types[i] = o.Type()
	}
	castTo := func(v *ir.Value, t ir.Type) *ir.Value {
		return rw.Create(&ir.OpState{Name: "tensor.cast", Loc: op.Loc(), Operands: []*ir.Value{v}, ResultTypes: []ir.Type{t}}).Result(0)
	}
	n := len(op.Operands()) - len(outs)
	rw.SetInsertionPointBefore(op)
	st := &ir.OpState{Name: "scf.forall", Loc: op.Loc(), ResultTypes: types, Attrs: op.Attrs(),
		Operands: append(slices.Clone(op.Operands()[:n]), outs...)}
	argTypes := make([]ir.Type, 0, body.NumArgs())
	for _, a := range body.Args()[:rank] {
		argTypes = append(argTypes, a.Type())
	}
	nb := ir.NewBlock(append(argTypes, types...), nil)
	st.AddRegion().Append(nb)
	nf := rw.Create(st)
	rw.SetInsertionPointToStart(nb)
	args := slices.Clone(nb.Args())
	for i := range outs {
		if folded[i] {
			args[rank+i] = castTo(nb.Arg(rank+i), oldTypes[i])
		}
	}
	rw.MergeBlocks(body, nb, args)
	// The insertions now name the casts of the outputs: point them at the
	// outputs again, pairing the i-th insertion with the i-th output as
	// MLIR does.
	if t := nb.Last(); t != nil && t.Name() == "scf.forall.in_parallel" && t.NumRegions() == 1 && t.Region(0).Entry() != nil {
		i := 0
		for in := range t.Region(0).Entry().Ops() {
			if i >= len(outs) {
				break
			}
			if in.Name() == "tensor.parallel_insert_slice" && in.NumOperands() > 1 {
				arg := nb.Arg(rank + i)
				rw.ModifyInPlace(in, func() { in.SetOperand(1, arg) })
			}
			i++
		}
	}
	rw.SetInsertionPointAfter(nf)
	results := slices.Clone(nf.Results())
	for i := range outs {
		if folded[i] {
			results[i] = castTo(nf.Result(i), oldTypes[i])
		}
	}
	rw.ReplaceOp(op, results)
	return true
}

// forallTripCount is the constant number of iterations of one dimension
// (MLIR's constantTripCount, signed): a bound equal to the lower bound runs
// zero times even when unknown.
func forallTripCount(lb, ub, step Bound) (int64, bool) {
	if lb.Value != nil && lb.Value == ub.Value {
		return 0, true
	}
	l, ok1 := lb.Constant()
	u, ok2 := ub.Constant()
	s, ok3 := step.Constant()
	if !ok1 || !ok2 || !ok3 || s <= 0 {
		return 0, false
	}
	if u <= l {
		return 0, true
	}
	return (u - l + s - 1) / s, true
}

// forallSingleOrZeroIterationDims removes a loop with a dimension that runs
// zero times, inlines one whose dimensions all run once, and drops the
// dimensions that run once from the others (MLIR's
// ForallOpSingleOrZeroIterationDimsFolder); a mapped loop is left alone.
func forallSingleOrZeroIterationDims(op *ir.Operation, rw *ir.Rewriter) bool {
	f := Forall{op}
	if m := f.Mapping(); m != nil && len(m.Elems) > 0 {
		return false
	}
	lbs, ubs, steps := f.LowerBounds(), f.UpperBounds(), f.Steps()
	body := f.Body()
	if body == nil || len(ubs) != len(lbs) || len(steps) != len(lbs) || body.NumArgs() != len(lbs)+len(f.Outputs()) {
		return false
	}
	single := make([]bool, len(lbs))
	kept := 0
	for i := range lbs {
		n, ok := forallTripCount(lbs[i], ubs[i], steps[i])
		if ok && n == 0 {
			rw.ReplaceOp(op, f.Outputs())
			return true
		}
		single[i] = ok && n == 1
		if !single[i] {
			kept++
		}
	}
	if kept == 0 {
		promoteForall(op, rw)
		return true
	}
	if kept == len(lbs) {
		return false
	}
	rw.SetInsertionPointBefore(op)
	for i := len(lbs) - 1; i >= 0; i-- {
		if single[i] {
			if iv := body.Arg(i); iv.HasUses() {
				rw.ReplaceAllUsesWith(iv, lbs[i].AsValue(rw, op.Loc()))
			}
		}
	}
	var operands []*ir.Value
	var statics [3][]int64
	segs := make([]int64, 4)
	for k, list := range [][]Bound{lbs, ubs, steps} {
		statics[k] = []int64{}
		for i, b := range list {
			if single[i] {
				continue
			}
			statics[k] = append(statics[k], b.Static)
			if b.Value != nil {
				operands = append(operands, b.Value)
				segs[k]++
			}
		}
	}
	segs[3] = int64(len(f.Outputs()))
	operands = append(operands, f.Outputs()...)
	rw.ModifyInPlace(op, func() {
		for i := len(lbs) - 1; i >= 0; i-- {
			if single[i] {
				body.EraseArgument(i)
			}
		}
		op.SetOperands(operands)
		for k, n := range []string{"staticLowerBound", "staticUpperBound", "staticStep"} {
			op.SetAttr(n, op.Context().DenseI64Array(statics[k]...))
		}
		op.SetAttr("operandSegmentSizes", op.Context().DenseI32Array(segs...))
	})
	return true
}

// promoteForall inlines the body of a loop that runs once: the induction
// variables become the lower bounds, the shared outputs the loop's outputs,
// and each parallel insertion a tensor.insert_slice into the value of its
// output so far (MLIR's scf::promote).
func promoteForall(op *ir.Operation, rw *ir.Rewriter) {
	f := Forall{op}
	body := f.Body()
	rank := len(f.LowerBounds())
	outs := f.Outputs()
	rw.SetInsertionPointBefore(op)
	repl := make([]*ir.Value, 0, body.NumArgs())
	for _, lb := range f.LowerBounds() {
		repl = append(repl, lb.AsValue(rw, op.Loc()))
	}
	repl = append(repl, outs...)
	// Which output each insertion writes, read before the arguments go.
	term := body.Last()
	var inserts []*ir.Operation
	var dests []int
	if term != nil && term.Name() == "scf.forall.in_parallel" && term.NumRegions() == 1 && term.Region(0).Entry() != nil {
		for in := range term.Region(0).Entry().Ops() {
			if in.Name() != "tensor.parallel_insert_slice" || in.NumOperands() < 2 {
				continue
			}
			d := in.Operand(1)
			if d.IsBlockArgument() && d.OwnerBlock() == body && d.Index() >= rank {
				inserts = append(inserts, in)
				dests = append(dests, d.Index()-rank)
			}
		}
	}
	rw.InlineBlockBefore(body, op, repl)
	current := append([]*ir.Value{}, outs...)
	rw.SetInsertionPointBefore(op)
	for k, in := range inserts {
		operands := append([]*ir.Value{}, in.Operands()...)
		operands[1] = current[dests[k]]
		current[dests[k]] = rw.Create(&ir.OpState{Name: "tensor.insert_slice", Loc: op.Loc(), Operands: operands,
			ResultTypes: []ir.Type{operands[1].Type()}, Attrs: in.Attrs()}).Result(0)
	}
	if term != nil && term.Name() == "scf.forall.in_parallel" {
		rw.EraseOp(term)
	}
	rw.ReplaceOp(op, current)
}

// forallIterArgs drops the shared outputs whose result is unused or that
// no parallel insertion writes: their insertions go, and the body and the
// results use the output itself (MLIR's ForallOpIterArgsFolder).
func forallIterArgs(op *ir.Operation, rw *ir.Rewriter) bool {
	f := Forall{op}
	body := f.Body()
	outs := f.Outputs()
	if body == nil || len(outs) != op.NumResults() || body.NumArgs() < len(outs) {
		return false
	}
	rank := body.NumArgs() - len(outs)
	drop := make([]bool, len(outs))
	found := false
	for i := range outs {
		arg := body.Arg(rank + i)
		drop[i] = !op.Result(i).HasUses() || len(combiningOps(arg)) == 0
		found = found || drop[i]
	}
	if !found {
		return false
	}
	var kept []*ir.Value
	var types []ir.Type
	for i, o := range outs {
		if !drop[i] {
			kept = append(kept, o)
			types = append(types, o.Type())
			continue
		}
		for _, c := range combiningOps(body.Arg(rank + i)) {
			rw.EraseOp(c)
		}
		rw.ReplaceAllUsesWith(body.Arg(rank+i), o)
		rw.ReplaceAllUsesWith(op.Result(i), o)
	}
	n := op.NumOperands() - len(outs)
	segs := slices.Clone(ir.OperandSegmentSizes(op))
	segs[3] = int64(len(kept))
	rw.ModifyInPlace(op, func() {
		for i := len(outs) - 1; i >= 0; i-- {
			if drop[i] {
				body.EraseArgument(rank + i)
			}
		}
	})
	rw.SetInsertionPointBefore(op)
	st := &ir.OpState{Name: "scf.forall", Loc: op.Loc(), ResultTypes: types, Attrs: op.Attrs(),
		Operands: append(slices.Clone(op.Operands()[:n]), kept...)}
	rw.InlineRegionBefore(op.Region(0), st.AddRegion(), nil)
	nf := rw.Create(st)
	rw.ModifyInPlace(nf, func() { nf.SetAttr("operandSegmentSizes", op.Context().DenseI32Array(segs...)) })
	results := make([]*ir.Value, op.NumResults())
	k := 0
	for i := range outs {
		if drop[i] {
			results[i] = outs[i]
		} else {
			results[i] = nf.Result(k)
			k++
		}
	}
	rw.ReplaceOp(op, results)
	return true
}

// combiningOps returns the parallel insertions into a shared output.
func combiningOps(arg *ir.Value) []*ir.Operation {
	var ops []*ir.Operation
	for u := range arg.Uses() {
		if o := u.Owner(); o.Name() == "tensor.parallel_insert_slice" && u.Index() == 1 {
			ops = append(ops, o)
		}
	}
	return ops
}

// forallConstantInductionVar replaces an induction variable whose dimension
// runs once by its lower bound (MLIR's ForallOpReplaceConstantInductionVar).
func forallConstantInductionVar(op *ir.Operation, rw *ir.Rewriter) bool {
	f := Forall{op}
	lbs, ubs, steps := f.LowerBounds(), f.UpperBounds(), f.Steps()
	body := f.Body()
	if body == nil || len(ubs) != len(lbs) || len(steps) != len(lbs) || body.NumArgs() < len(lbs) {
		return false
	}
	changed := false
	rw.SetInsertionPointBefore(op)
	for i := range lbs {
		iv := body.Arg(i)
		if !iv.HasUses() {
			continue
		}
		if n, ok := forallTripCount(lbs[i], ubs[i], steps[i]); ok && n == 1 {
			rw.ReplaceAllUsesWith(iv, lbs[i].AsValue(rw, op.Loc()))
			changed = true
		}
	}
	return changed
}
