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
