// Package tocf is MLIR's SCFToControlFlow conversion (the pass
// convert-scf-to-cf): scf.for, scf.if, scf.while, scf.execute_region,
// scf.index_switch, scf.parallel and scf.forall become blocks joined by
// cf.br, cf.cond_br and cf.switch in the region that held them.
package tocf

import (
	"math/big"
	"slices"

	"github.com/kiln-gpu/kiln/arith"
	"github.com/kiln-gpu/kiln/cf"
	"github.com/kiln-gpu/kiln/ir"
	"github.com/kiln-gpu/kiln/ir/pass"
	"github.com/kiln-gpu/kiln/scf"
	"github.com/kiln-gpu/kiln/scf/transforms"
)

// Pass is convert-scf-to-cf.
func Pass() *pass.Pass {
	return &pass.Pass{Name: "SCFToControlFlowPass", Argument: "convert-scf-to-cf",
		Summary: "Convert SCF dialect to ControlFlow dialect, replacing structured control flow with a CFG",
		Options: []pass.Option{{Name: "allow-pattern-rollback", Kind: pass.BoolOption, Default: "true",
			Help: "Experimental performance flag to disallow pattern rollback (Kiln's lowering never rolls back, so both values act the same)"}},
		Run: func(op *ir.Operation, _ *pass.Context) error { return Convert(op) }}
}

// Register adds the pass to reg.
func Register(reg pass.Registry) { reg.Add(Pass) }

// converted are the ops the conversion replaces, as MLIR's target marks illegal.
var converted = map[string]bool{"scf.for": true, "scf.if": true, "scf.while": true, "scf.execute_region": true,
	"scf.index_switch": true, "scf.parallel": true, "scf.forall": true}

// Convert lowers every scf loop and branch op nested in root, outer ops
// first, as MLIR's partial conversion visits them; other ops stay.
func Convert(root *ir.Operation) error {
	var ops []*ir.Operation
	root.WalkPre(func(o *ir.Operation) (bool, bool) {
		if o != root && converted[o.Name()] {
			ops = append(ops, o)
		}
		return true, true
	})
	rw := ir.NewRewriter(root.Context(), nil)
	for _, o := range ops {
		if err := lower(rw, o); err != nil {
			return err
		}
	}
	return nil
}

func lower(rw *ir.Rewriter, op *ir.Operation) error {
	switch op.Name() {
	case "scf.for":
		lowerFor(rw, op)
	case "scf.if":
		lowerIf(rw, op)
	case "scf.while":
		lowerWhile(rw, op)
	case "scf.execute_region":
		lowerExecuteRegion(rw, op)
	case "scf.index_switch":
		lowerIndexSwitch(rw, op)
	case "scf.parallel":
		lowerParallel(rw, op)
	case "scf.forall":
		p, err := transforms.ForallToParallel(rw, scf.Forall{Operation: op})
		if err != nil {
			// MLIR's pattern fails to match, and the op stays illegal.
			return op.EmitErrorf("failed to legalize operation 'scf.forall' that was explicitly marked illegal")
		}
		lowerParallel(rw, p.Operation)
	}
	return nil
}

// lowerFor makes the body's entry block the loop header, which compares
// the induction variable with the upper bound and branches to the body or
// past the loop; the body's end steps the induction variable and branches
// back with the yielded values.
func lowerFor(rw *ir.Rewriter, op *ir.Operation) {
	f := scf.For{Operation: op}
	loc := op.Loc()
	init := op.Block()
	end := init.SplitBefore(op)
	cond := f.Body()
	firstBody := cond.SplitBefore(cond.First())
	lastBody := op.Region(0).Last()
	rw.InlineRegionBefore(op.Region(0), init.Parent(), end)
	iv := cond.Arg(0)

	term := lastBody.Terminator()
	rw.SetInsertionPointToEnd(lastBody)
	stepped := rw.CreateOp("arith.addi", loc, []*ir.Value{iv, f.Step()}, []ir.Type{iv.Type()}).Result(0)
	cf.NewBr(&rw.Builder, loc, cond, append([]*ir.Value{stepped}, term.Operands()...))
	rw.EraseOp(term)

	rw.SetInsertionPointToEnd(init)
	cf.NewBr(&rw.Builder, loc, cond, append([]*ir.Value{f.LowerBound()}, f.Inits()...))

	rw.SetInsertionPointToEnd(cond)
	pred := arith.CmpISLT
	if f.IsUnsigned() {
		pred = arith.CmpIULT
	}
	cmp := rw.CreateOp("arith.cmpi", loc, []*ir.Value{iv, f.UpperBound()}, []ir.Type{rw.Context().I(1)},
		ir.NamedAttr{Name: "predicate", Value: rw.Context().I64Attr(int64(pred))}).Result(0)
	cf.NewCondBr(&rw.Builder, loc, cmp, firstBody, nil, end, nil)
	rw.ReplaceOp(op, cond.Args()[1:])
}

// inlineBranching moves region's blocks before dest, each scf.yield
// ending them becoming a branch to target with the yielded values, and
// returns the region's entry block.
func inlineBranching(rw *ir.Rewriter, region *ir.Region, dest, target *ir.Block) *ir.Block {
	entry := region.Entry()
	for _, b := range region.BlockList() {
		if t := b.Terminator(); t != nil && t.Name() == "scf.yield" {
			rw.SetInsertionPointToEnd(b)
			cf.NewBr(&rw.Builder, t.Loc(), target, t.Operands())
			rw.EraseOp(t)
		}
	}
	rw.InlineRegionBefore(region, dest.Parent(), dest)
	return entry
}

// lowerIf branches on the condition to the inlined then and else blocks,
// which branch to a block taking the results (one more block, branching
// on to the rest of the ops, when there are results).
func lowerIf(rw *ir.Rewriter, op *ir.Operation) {
	loc := op.Loc()
	condBlock := op.Block()
	remaining := condBlock.SplitBefore(op)
	cont := remaining
	if op.NumResults() > 0 {
		cont = rw.CreateBlock(condBlock.Parent(), remaining, op.ResultTypes(), slices.Repeat([]ir.Location{loc}, op.NumResults()))
		cf.NewBr(&rw.Builder, loc, remaining, nil)
	}
	thenBlock := inlineBranching(rw, op.Region(0), cont, cont)
	elseBlock := cont
	if !op.Region(1).Empty() {
		elseBlock = inlineBranching(rw, op.Region(1), cont, cont)
	}
	rw.SetInsertionPointToEnd(condBlock)
	cf.NewCondBr(&rw.Builder, loc, op.Operand(0), thenBlock, nil, elseBlock, nil)
	rw.ReplaceOp(op, cont.Args())
}

// isDoWhile reports whether the after region holds nothing but an
// scf.yield of its arguments: the loop is then the before region
// branching to itself.
func isDoWhile(w scf.While) bool {
	after := w.After()
	yield := after.First()
	if yield == nil || yield != after.Last() || yield.Name() != "scf.yield" || yield.NumOperands() != after.NumArgs() {
		return false
	}
	for i, v := range yield.Operands() {
		if v != after.Arg(i) {
			return false
		}
	}
	return true
}

// lowerWhile inlines the before region, whose scf.condition becomes a
// cf.cond_br to the after region (or straight back to the before region
// for a do-while) or past the loop, and the after region, whose scf.yield
// branches back.
func lowerWhile(rw *ir.Rewriter, op *ir.Operation) {
	w := scf.While{Operation: op}
	loc := op.Loc()
	current := op.Block()
	continuation := current.SplitBefore(op)
	before, beforeLast := w.Before(), op.Region(0).Last()
	doWhile := isDoWhile(w)
	loopTo := before
	if !doWhile {
		after, afterLast := w.After(), op.Region(1).Last()
		rw.InlineRegionBefore(op.Region(1), current.Parent(), continuation)
		rw.InlineRegionBefore(op.Region(0), current.Parent(), after)
		yield := afterLast.Terminator()
		rw.SetInsertionPointBefore(yield)
		cf.NewBr(&rw.Builder, yield.Loc(), before, yield.Operands())
		rw.EraseOp(yield)
		loopTo = after
	} else {
		rw.InlineRegionBefore(op.Region(0), current.Parent(), continuation)
	}
	rw.SetInsertionPointToEnd(current)
	cf.NewBr(&rw.Builder, loc, before, op.Operands())

	condOp := beforeLast.Terminator()
	args := condOp.Operands()[1:]
	rw.SetInsertionPointBefore(condOp)
	cf.NewCondBr(&rw.Builder, condOp.Loc(), condOp.Operand(0), loopTo, args, continuation, nil)
	rw.EraseOp(condOp)
	rw.ReplaceOp(op, args)
}

// lowerExecuteRegion branches to the region's inlined blocks, whose
// scf.yield ops branch to the rest of the ops, given the results as
// block arguments.
func lowerExecuteRegion(rw *ir.Rewriter, op *ir.Operation) {
	loc := op.Loc()
	condBlock := op.Block()
	remaining := condBlock.SplitBefore(op)
	rw.SetInsertionPointToEnd(condBlock)
	cf.NewBr(&rw.Builder, loc, op.Region(0).Entry(), nil)
	inlineBranching(rw, op.Region(0), remaining, remaining)
	vals := make([]*ir.Value, op.NumResults())
	for i, t := range op.ResultTypes() {
		vals[i] = remaining.AddArgument(t, loc)
	}
	rw.ReplaceOp(op, vals)
}

// lowerIndexSwitch makes a cf.switch on the index cast to i64, to the
// inlined case regions and then the default one, each branching to a
// block taking the results.
func lowerIndexSwitch(rw *ir.Rewriter, op *ir.Operation) {
	s := scf.IndexSwitch{Operation: op}
	loc := op.Loc()
	condBlock := op.Block()
	cont := condBlock.SplitBefore(op)
	results := make([]*ir.Value, op.NumResults())
	for i, t := range op.ResultTypes() {
		results[i] = cont.AddArgument(t, loc)
	}
	var cases []cf.SwitchCase
	for i, v := range s.Cases() {
		cases = append(cases, cf.SwitchCase{Value: big.NewInt(v), Dest: inlineBranching(rw, s.CaseRegion(i), cont, cont)})
	}
	def := inlineBranching(rw, s.DefaultRegion(), cont, cont)
	rw.SetInsertionPointToEnd(condBlock)
	i64 := rw.Context().I(64)
	flag := rw.CreateOp("arith.index_cast", loc, []*ir.Value{s.Arg()}, []ir.Type{i64}).Result(0)
	cf.NewSwitch(&rw.Builder, loc, flag, def, nil, cases)
	rw.ReplaceOp(op, results)
}

// lowerParallel rewrites an scf.parallel as a nest of scf.for ops, one per
// induction variable, carrying the reductions' values (each scf.reduce
// region inlined in the innermost body), and lowers those.
func lowerParallel(rw *ir.Rewriter, op *ir.Operation) {
	p := scf.Parallel{Operation: op}
	loc := op.Loc()
	reduce := p.Reduce()
	rw.SetInsertionPointBefore(op)
	fors := transforms.BuildLoopNest(rw, loc, p.LowerBounds(), p.UpperBounds(), p.Steps(), p.Inits(), p.IsUnsigned())
	innermost := rw.InsertionBlock()
	iterArgs, loopResults := p.Inits(), p.Inits()
	ivs := make([]*ir.Value, len(fors))
	for i, f := range fors {
		ivs[i] = f.InductionVar()
	}
	if len(fors) > 0 {
		iterArgs, loopResults = fors[len(fors)-1].RegionIterArgs(), fors[0].Results()
	}

	var yields []*ir.Value
	for i := range op.NumResults() {
		rb := reduce.Region(i).Entry()
		ret := rb.Terminator()
		yields = append(yields, ret.Operand(0))
		rw.EraseOp(ret)
		rw.InlineBlockBefore(rb, reduce, []*ir.Value{iterArgs[i], reduce.Operand(i)})
	}
	rw.EraseOp(reduce)
	if innermost.Empty() {
		rw.MergeBlocks(p.Body(), innermost, ivs)
	} else {
		rw.InlineBlockBefore(p.Body(), innermost.Terminator(), ivs)
	}
	if len(yields) > 0 {
		rw.SetInsertionPointToEnd(innermost)
		rw.CreateOp("scf.yield", loc, yields, nil)
	}
	rw.ReplaceOp(op, loopResults)
	for _, f := range fors {
		lowerFor(rw, f.Operation)
	}
}
