package scf

import (
	"slices"

	"github.com/kiln-gpu/kiln/ir"
)

// setParallelBounds gives p new bounds and steps (its inits kept).
func setParallelBounds(p Parallel, lbs, ubs, steps []*ir.Value) {
	inits := p.Inits()
	ops := slices.Concat(lbs, ubs, steps, inits)
	p.SetOperands(ops)
	n := int64(len(lbs))
	p.SetAttr("operandSegmentSizes", p.Context().DenseI32Array(n, n, n, int64(len(inits))))
}

// parallelTrivialDims removes the dimensions of an scf.parallel that run
// once (their induction variable becomes the lower bound), replaces a loop
// with a dimension that runs zero times by its inits, and inlines a loop
// left without dimensions, reductions included (MLIR's
// ParallelOpSingleOrZeroIterationDimsFolder).
func parallelTrivialDims(op *ir.Operation, rw *ir.Rewriter) bool {
	p := Parallel{op}
	lbs, ubs, steps := p.LowerBounds(), p.UpperBounds(), p.Steps()
	body, red := p.Body(), p.Reduce()
	if body == nil || red == nil || red.Name() != "scf.reduce" || len(lbs) != body.NumArgs() {
		return false
	}
	var once []int
	for i := range lbs {
		if lbs[i] == ubs[i] { // no iteration (MLIR's RemoveEmptyParallelLoops)
			rw.ReplaceOp(op, p.Inits())
			return true
		}
		lb, ok1 := constInt(lbs[i])
		ub, ok2 := constInt(ubs[i])
		st, ok3 := constInt(steps[i])
		if !ok1 || !ok2 || !ok3 || st <= 0 {
			continue
		}
		if ub <= lb {
			rw.ReplaceOp(op, p.Inits())
			return true
		}
		if uint64(ub)-uint64(lb) <= uint64(st) {
			once = append(once, i)
		}
	}
	if len(once) == 0 {
		return false
	}
	if len(once) == len(lbs) {
		return inlineParallel(p, rw)
	}
	var nl, nu, ns []*ir.Value
	for i := range lbs {
		if !slices.Contains(once, i) {
			nl, nu, ns = append(nl, lbs[i]), append(nu, ubs[i]), append(ns, steps[i])
		}
	}
	rw.ModifyInPlace(op, func() {
		for k := len(once) - 1; k >= 0; k-- {
			i := once[k]
			rw.ReplaceAllUsesWith(body.Arg(i), lbs[i])
			body.EraseArgument(i)
		}
		setParallelBounds(p, nl, nu, ns)
	})
	return true
}

// inlineParallel replaces a loop whose every dimension runs once by its
// body, then each reduction applied to its init and the body's value.
func inlineParallel(p Parallel, rw *ir.Rewriter) bool {
	red := p.Reduce()
	inits := p.Inits()
	if red.NumRegions() != len(inits) || red.NumOperands() != len(inits) {
		return false
	}
	rw.InlineBlockBefore(p.Body(), p.Operation, p.LowerBounds())
	results := make([]*ir.Value, len(inits))
	for i := range inits {
		b := red.Region(i).Entry()
		ret := b.Last()
		if b.NumArgs() != 2 || ret == nil || ret.Name() != "scf.reduce.return" || ret.NumOperands() != 1 {
			return false
		}
		rw.InlineBlockBefore(b, p.Operation, []*ir.Value{inits[i], red.Operand(i)})
		results[i] = ret.Operand(0)
		rw.EraseOp(ret)
	}
	rw.EraseOp(red)
	rw.ReplaceOp(p.Operation, results)
	return true
}

// mergeNestedParallel merges an scf.parallel whose body is only another
// one, without reductions and with bounds that do not use the outer
// induction variables, into one loop nest (MLIR's MergeNestedParallelLoops).
func mergeNestedParallel(op *ir.Operation, rw *ir.Rewriter) bool {
	p := Parallel{op}
	body := p.Body()
	if body == nil || body.First() == nil || body.First().NextOp() != body.Last() {
		return false
	}
	in, ok := AsParallel(body.First())
	if !ok || len(p.Inits()) != 0 || len(in.Inits()) != 0 || op.NumResults() != 0 {
		return false
	}
	for _, v := range slices.Concat(in.LowerBounds(), in.UpperBounds(), in.Steps()) {
		if v.OwnerBlock() == body && v.DefiningOp() == nil {
			return false
		}
	}
	inBody := in.Body()
	if inBody == nil || inBody.Last() == nil || inBody.NumArgs() != len(in.LowerBounds()) {
		return false
	}
	rw.ModifyInPlace(op, func() {
		args := make([]*ir.Value, inBody.NumArgs())
		for i, a := range inBody.Args() {
			args[i] = body.InsertArgument(body.NumArgs(), a.Type(), in.Loc())
		}
		lbs := slices.Concat(p.LowerBounds(), in.LowerBounds())
		ubs := slices.Concat(p.UpperBounds(), in.UpperBounds())
		steps := slices.Concat(p.Steps(), in.Steps())
		setParallelBounds(p, lbs, ubs, steps)
		rw.EraseOp(inBody.Last()) // the inner scf.reduce
		rw.InlineBlockBefore(inBody, in.Operation, args)
		rw.EraseOp(in.Operation)
	})
	return true
}
