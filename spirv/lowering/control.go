package lowering

import (
	"math/big"
	"slices"

	"github.com/kiln-gpu/kiln/cf"
	"github.com/kiln-gpu/kiln/ir"
	"github.com/kiln-gpu/kiln/ir/rewrite"
	"github.com/kiln-gpu/kiln/scf"
	"github.com/kiln-gpu/kiln/spirv"
	"github.com/kiln-gpu/kiln/spirv/spv"
)

// Structured control flow: scf.if -> spirv.mlir.selection, scf.for ->
// spirv.mlir.loop (MLIR's SCFToSPIRV). Results travel through Function
// variables; the scf.yield inside is converted later, with its operands
// converted, by the yield pattern, which finds what to do in env.yields.

// yieldTarget says what an scf.yield or scf.condition inside a converted
// region becomes.
type yieldTarget struct {
	vars []*ir.Value // store the values here (selections, while results)
	dest *ir.Block   // then branch here (with the values, for loops)
	loop bool
	// latch is scf.for's branch from its continue block back to the
	// header, which the yield completes with the loop-carried values, as
	// MLIR's SCFToSPIRV does (the yield itself branches there bare).
	latch *ir.Operation
	// after and merge are where an scf.condition goes on true and false.
	after, merge *ir.Block
}

func (e *env) scfPatterns() []*rewrite.ConversionPattern {
	return []*rewrite.ConversionPattern{
		{Name: "scf.if", Root: "scf.if", Rewrite: e.ifOp},
		{Name: "scf.index_switch", Root: "scf.index_switch", Rewrite: e.indexSwitchOp},
		{Name: "scf.for", Root: "scf.for", Rewrite: e.forOp},
		{Name: "scf.yield", Root: "scf.yield", Rewrite: e.yield},
		{Name: "scf.while", Root: "scf.while", Rewrite: e.whileOp},
		{Name: "scf.condition", Root: "scf.condition", Rewrite: e.condition},
	}
}

// resultVars creates a Function variable per type: right before o when o
// is in the function's entry block (where MLIR's SCFToSPIRV puts them),
// else at the start of the function around o, since a function's
// variables must all be in its first block.
func (e *env) resultVars(b *ir.Builder, o *ir.Operation, types []ir.Type) ([]*ir.Value, bool) {
	fn := o.ParentOfName("spirv.func")
	if fn == nil {
		return nil, len(types) == 0
	}
	blk, before := b.InsertionPoint()
	defer b.RestoreInsertionPoint(blk, before)
	if o.Block() == fn.Region(0).Entry() {
		b.SetInsertionPointBefore(o)
	} else {
		b.SetInsertionPointToStart(fn.Region(0).Entry())
	}
	vars := make([]*ir.Value, len(types))
	for i, t := range types {
		vars[i] = op(b, "spirv.Variable", o.Loc(), spirv.Pointer(e.ctx, t, spv.StorageClassFunction), nil,
			named("storage_class", enum(e.ctx, spv.KindStorageClass, uint32(spv.StorageClassFunction)))).Result(0)
	}
	return vars, true
}

func (e *env) ifOp(o *ir.Operation, operands []*ir.Value, rw *rewrite.ConversionRewriter) error {
	types, ok := e.tc.ConvertTypes(o.ResultTypes())
	if !ok || len(types) != o.NumResults() || o.ParentOfName("spirv.func") == nil && len(types) > 0 {
		return rewrite.NoMatch
	}
	ctx, loc := o.Context(), o.Loc()
	b := &rw.Builder
	vars, _ := e.resultVars(b, o, types)
	sel, header, merge := selectionShell(rw, o)
	r := sel.Region(0)
	thenEntry := o.Region(0).Entry()
	rw.InlineRegionBefore(o.Region(0), r, merge)
	elseEntry := merge
	if o.NumRegions() > 1 && !o.Region(1).Empty() {
		elseEntry = o.Region(1).Entry()
		rw.InlineRegionBefore(o.Region(1), r, merge)
	}
	b.SetInsertionPointToEnd(header)
	b.Create(&ir.OpState{Name: "spirv.BranchConditional", Loc: loc, Operands: operands[:1],
		Successors: []*ir.Block{thenEntry, elseEntry},
		Attrs:      []ir.NamedAttr{{Name: "operandSegmentSizes", Value: ctx.DenseI32Array(1, 0, 0)}}})
	e.setYield(sel, yieldTarget{vars: vars, dest: merge})
	b.SetInsertionPointAfter(sel)
	rw.ReplaceOp(o, loadAll(b, loc, types, vars))
	return nil
}

// selectionShell creates, before o, the spirv.mlir.selection that o
// becomes, with o's selection control: an empty header block and a merge
// block ending in spirv.mlir.merge.
func selectionShell(rw *rewrite.ConversionRewriter, o *ir.Operation) (sel *ir.Operation, header, merge *ir.Block) {
	b := &rw.Builder
	rw.SetInsertionPointBefore(o)
	sel = structuredOp(b, "spirv.mlir.selection", o.Loc())
	takeControl(o, sel)
	header, merge = ir.NewBlock(nil, nil), ir.NewBlock(nil, nil)
	sel.Region(0).Append(header)
	sel.Region(0).Append(merge)
	b.SetInsertionPointToEnd(merge)
	op(b, "spirv.mlir.merge", o.Loc(), nil, nil)
	return sel, header, merge
}

// indexSwitchOp converts scf.index_switch to a spirv.mlir.selection whose
// header is a spirv.Switch on the converted selector, the case regions and
// then the default region inlined before the merge block (MLIR's
// IndexSwitchOpConversion). Results go through Function variables; the
// op's spirv.selection_control, if any, becomes the selection's control.
func (e *env) indexSwitchOp(o *ir.Operation, operands []*ir.Value, rw *rewrite.ConversionRewriter) error {
	types, ok := e.tc.ConvertTypes(o.ResultTypes())
	if !ok || len(types) != o.NumResults() || o.ParentOfName("spirv.func") == nil && len(types) > 0 {
		return rewrite.NoMatch
	}
	sel := operands[0]
	if _, isInt := sel.Type().(*ir.IntegerType); !isInt {
		return rewrite.NoMatch
	}
	s := scf.IndexSwitch{Operation: o}
	cases := s.Cases()
	if len(cases) != o.NumRegions()-1 {
		return rewrite.NoMatch
	}
	loc := o.Loc()
	b := &rw.Builder
	vars, _ := e.resultVars(b, o, types)
	selection, header, merge := selectionShell(rw, o)
	r := selection.Region(0)
	w := ir.IntOrFloatBitWidth(sel.Type())
	lits := make([]*big.Int, len(cases))
	targets := make([]*ir.Block, len(cases))
	for i, c := range cases {
		// The case value, truncated to the selector's width.
		lits[i] = new(big.Int).SetInt64(c << (64 - w) >> (64 - w))
		targets[i] = s.CaseRegion(i).Entry()
		rw.InlineRegionBefore(s.CaseRegion(i), r, merge)
	}
	def := s.DefaultRegion().Entry()
	rw.InlineRegionBefore(s.DefaultRegion(), r, merge)
	b.SetInsertionPointToEnd(header)
	b.Create(spirv.NewSwitch(o.Context(), loc, sel, def, nil, lits, targets, nil))
	e.setYield(selection, yieldTarget{vars: vars, dest: merge})
	b.SetInsertionPointAfter(selection)
	rw.ReplaceOp(o, loadAll(b, loc, types, vars))
	return nil
}

// takeControl gives the spirv.mlir.selection or spirv.mlir.loop c the
// spirv.selection_control or spirv.loop_control of the scf op o converted
// to it, as MLIR's SCFToSPIRV does.
func takeControl(o, c *ir.Operation) {
	name, kind := "selection_control", spv.KindSelectionControl
	if c.Name() == "spirv.mlir.loop" {
		name, kind = "loop_control", spv.KindLoopControl
	}
	if a, ok := o.Attr("spirv." + name).(*spirv.EnumAttr); ok && a.Kind == kind {
		c.SetAttr(name, a)
	}
}

// A conversion runs on one goroutine, so env.yields needs no lock.
func (e *env) setYield(o *ir.Operation, t yieldTarget) { e.yields[o] = t }

func (e *env) getYield(o *ir.Operation) (yieldTarget, bool) { t, ok := e.yields[o]; return t, ok }

func (e *env) forOp(o *ir.Operation, operands []*ir.Value, rw *rewrite.ConversionRewriter) error {
	types, ok := e.tc.ConvertTypes(o.ResultTypes())
	if !ok || len(types) != o.NumResults() || o.ParentOfName("spirv.func") == nil {
		return rewrite.NoMatch
	}
	ctx, loc := o.Context(), o.Loc()
	it := e.tc.ConvertType(o.Operand(0).Type())
	b := &rw.Builder
	vars, _ := e.resultVars(b, o, types)
	rw.SetInsertionPointBefore(o)
	lp := structuredOp(b, "spirv.mlir.loop", loc)
	takeControl(o, lp)
	r := lp.Region(0)
	locs := func(n int) []ir.Location {
		ls := make([]ir.Location, n)
		for i := range ls {
			ls[i] = loc
		}
		return ls
	}
	entry := ir.NewBlock(nil, nil)
	header := ir.NewBlock(append([]ir.Type{it}, types...), locs(1+len(types)))
	cont := ir.NewBlock(nil, nil)
	merge := ir.NewBlock(nil, nil)
	for _, blk := range []*ir.Block{entry, header, cont, merge} {
		r.Append(blk)
	}
	body := o.Region(0).Entry()
	rw.InlineRegionBefore(o.Region(0), r, cont)
	sc, ok := e.tc.ConvertSignature(body.ArgTypes())
	if !ok {
		return o.Errorf("loop-carried values of types SPIR-V cannot express")
	}
	rw.ApplySignatureConversion(body, sc)
	// entry: branch to the header with the initial values.
	b.SetInsertionPointToEnd(entry)
	b.Create(&ir.OpState{Name: "spirv.Branch", Loc: loc, Operands: append([]*ir.Value{operands[0]}, operands[3:]...), Successors: []*ir.Block{header}})
	// header: keep the values for after the loop, test, enter or leave.
	b.SetInsertionPointToEnd(header)
	for i, v := range vars {
		op(b, "spirv.Store", loc, nil, []*ir.Value{v, header.Arg(i + 1)})
	}
	cmp := val(b, "spirv.SLessThan", loc, ctx.I(1), header.Arg(0), operands[1])
	b.Create(&ir.OpState{Name: "spirv.BranchConditional", Loc: loc, Operands: []*ir.Value{cmp},
		Successors: []*ir.Block{body, merge},
		Attrs:      []ir.NamedAttr{{Name: "operandSegmentSizes", Value: ctx.DenseI32Array(1, 0, 0)}}})
	// The body's arguments come from the header.
	for i := body.NumArgs() - 1; i >= 0; i-- {
		body.Arg(i).ReplaceAllUsesWith(header.Arg(i))
		body.EraseArgument(i)
	}
	// continue: step and go round.
	b.SetInsertionPointToEnd(cont)
	next := val(b, "spirv.IAdd", loc, it, header.Arg(0), operands[2])
	latch := b.Create(&ir.OpState{Name: "spirv.Branch", Loc: loc, Operands: []*ir.Value{next}, Successors: []*ir.Block{header}})
	b.SetInsertionPointToEnd(merge)
	op(b, "spirv.mlir.merge", loc, nil, nil)
	e.setYield(lp, yieldTarget{dest: cont, latch: latch})
	b.SetInsertionPointAfter(lp)
	rw.ReplaceOp(o, loadAll(b, loc, types, vars))
	return nil
}

func (e *env) yield(o *ir.Operation, operands []*ir.Value, rw *rewrite.ConversionRewriter) error {
	t, ok := e.getYield(o.ParentOp())
	if !ok {
		return rewrite.NoMatch
	}
	b := &rw.Builder
	b.SetInsertionPointBefore(o)
	var args []*ir.Value
	switch {
	case t.latch != nil:
		vals := append(t.latch.Operands(), operands...)
		rw.ModifyInPlace(t.latch, func() { t.latch.SetOperands(vals) })
	case t.loop:
		args = operands
	default:
		for i, v := range t.vars {
			op(b, "spirv.Store", o.Loc(), nil, []*ir.Value{v, operands[i]})
		}
	}
	b.Create(&ir.OpState{Name: "spirv.Branch", Loc: o.Loc(), Operands: args, Successors: []*ir.Block{t.dest}})
	rw.EraseOp(o)
	return nil
}

// whileOp converts scf.while with single-block regions to a loop whose
// header is the before region and whose continue block is the after
// region, as MLIR does; the values scf.condition passes on exit are the
// results, kept in Function variables.
func (e *env) whileOp(o *ir.Operation, operands []*ir.Value, rw *rewrite.ConversionRewriter) error {
	types, ok := e.tc.ConvertTypes(o.ResultTypes())
	before, after := o.Region(0), o.Region(1)
	if !ok || len(types) != o.NumResults() || o.ParentOfName("spirv.func") == nil ||
		before.Entry() == nil || before.Entry().Next() != nil || after.Entry() == nil || after.Entry().Next() != nil {
		return rewrite.NoMatch
	}
	bsc, ok1 := e.tc.ConvertSignature(before.Entry().ArgTypes())
	asc, ok2 := e.tc.ConvertSignature(after.Entry().ArgTypes())
	if !ok1 || !ok2 {
		return rewrite.NoMatch
	}
	loc := o.Loc()
	b := &rw.Builder
	vars, _ := e.resultVars(b, o, types)
	rw.SetInsertionPointBefore(o)
	lp := structuredOp(b, "spirv.mlir.loop", loc)
	takeControl(o, lp)
	r := lp.Region(0)
	entry, merge := ir.NewBlock(nil, nil), ir.NewBlock(nil, nil)
	r.Append(entry)
	r.Append(merge)
	header, body := before.Entry(), after.Entry()
	rw.InlineRegionBefore(before, r, merge)
	rw.InlineRegionBefore(after, r, merge)
	rw.ApplySignatureConversion(header, bsc)
	rw.ApplySignatureConversion(body, asc)
	b.SetInsertionPointToEnd(entry)
	b.Create(&ir.OpState{Name: "spirv.Branch", Loc: loc, Operands: operands, Successors: []*ir.Block{header}})
	b.SetInsertionPointToEnd(merge)
	op(b, "spirv.mlir.merge", loc, nil, nil)
	e.setYield(lp, yieldTarget{vars: vars, dest: header, loop: true, after: body, merge: merge})
	b.SetInsertionPointAfter(lp)
	rw.ReplaceOp(o, loadAll(b, loc, types, vars))
	return nil
}

// condition converts the scf.condition of a converted scf.while.
func (e *env) condition(o *ir.Operation, operands []*ir.Value, rw *rewrite.ConversionRewriter) error {
	t, ok := e.getYield(o.ParentOp())
	if !ok || t.after == nil {
		return rewrite.NoMatch
	}
	b := &rw.Builder
	b.SetInsertionPointBefore(o)
	args := operands[1:]
	for i, v := range t.vars {
		op(b, "spirv.Store", o.Loc(), nil, []*ir.Value{v, args[i]})
	}
	b.Create(&ir.OpState{Name: "spirv.BranchConditional", Loc: o.Loc(), Operands: operands,
		Successors: []*ir.Block{t.after, t.merge},
		Attrs:      []ir.NamedAttr{{Name: "operandSegmentSizes", Value: o.Context().DenseI32Array(1, int64(len(args)), 0)}}})
	rw.EraseOp(o)
	return nil
}

// cfPatterns convert cf.br, cf.cond_br and cf.switch.
func (e *env) cfPatterns() []*rewrite.ConversionPattern {
	return []*rewrite.ConversionPattern{
		{Name: "cf.switch", Root: "cf.switch", Rewrite: switchOp},
		{Name: "cf.br", Root: "cf.br", Rewrite: func(o *ir.Operation, operands []*ir.Value, rw *rewrite.ConversionRewriter) error {
			if err := convertSuccessorArgs(o, rw); err != nil {
				return err
			}
			rw.ReplaceOpWith(o, &ir.OpState{Name: "spirv.Branch", Loc: o.Loc(), Operands: operands, Successors: o.Successors()})
			return nil
		}},
		{Name: "cf.cond_br", Root: "cf.cond_br", Rewrite: func(o *ir.Operation, operands []*ir.Value, rw *rewrite.ConversionRewriter) error {
			if err := convertSuccessorArgs(o, rw); err != nil {
				return err
			}
			_, nt := o.SuccessorOperands(0)
			_, nf := o.SuccessorOperands(1)
			rw.ReplaceOpWith(o, &ir.OpState{Name: "spirv.BranchConditional", Loc: o.Loc(), Operands: operands,
				Successors: o.Successors(),
				Attrs:      []ir.NamedAttr{{Name: "operandSegmentSizes", Value: o.Context().DenseI32Array(1, int64(nt), int64(nf))}}})
			return nil
		}},
	}
}

// subByteValue reports an integer (or vector of integers) of 2 or 4 bits.
func subByteValue(t ir.Type) bool {
	it, ok := ir.ElementTypeOrSelf(t).(*ir.IntegerType)
	return ok && (it.Width == 2 || it.Width == 4)
}

// convertSuccessorArgs gives the blocks o branches to the converted
// types of their arguments, as MLIR's ControlFlowToSPIRV does before it
// converts a branch: where the function itself is not converted (a pass
// without func's patterns), its blocks would otherwise keep the source
// types the converted operands no longer match. It changes nothing and
// returns NoMatch when a type does not convert.
func convertSuccessorArgs(o *ir.Operation, rw *rewrite.ConversionRewriter) error {
	tc := rw.TypeConverter()
	convs := make([]*rewrite.SignatureConversion, o.NumSuccessors())
	for i, b := range o.Successors() {
		sc, ok := tc.ConvertSignature(b.ArgTypes())
		if !ok {
			return rewrite.NoMatch
		}
		convs[i] = sc
	}
	for i, b := range o.Successors() {
		if !slices.Equal(b.ArgTypes(), convs[i].ConvertedTypes()) {
			rw.ApplySignatureConversion(b, convs[i])
		}
	}
	return nil
}

// switchOp converts cf.switch to a chain of spirv.BranchConditional, one
// test per case, each after the first in a block of its own; the last
// test's false edge goes to the default. (MLIR's ControlFlowToSPIRV has
// no pattern for it.) In a Shader function the chain is then structured
// like any other conditional branch (structurize).
func switchOp(o *ir.Operation, operands []*ir.Value, rw *rewrite.ConversionRewriter) error {
	s := cf.Switch{Operation: o}
	flag := operands[0]
	// The converted operands, cut like the op's: the default's, each case's.
	args := func(succ int) []*ir.Value {
		start, n := o.SuccessorOperands(succ)
		if start < 0 || start+n > len(operands) {
			return nil
		}
		return operands[start : start+n]
	}
	ctx, loc, b := o.Context(), o.Loc(), &rw.Builder
	b.SetInsertionPointBefore(o)
	if s.NumCases() == 0 {
		b.Create(&ir.OpState{Name: "spirv.Branch", Loc: loc, Operands: args(0), Successors: []*ir.Block{s.DefaultDest()}})
		rw.EraseOp(o)
		return nil
	}
	equal := "spirv.IEqual"
	if isBool(flag.Type()) {
		equal = "spirv.LogicalEqual"
	}
	cur := o.Block()
	for i := range s.NumCases() {
		c := val(b, equal, loc, ctx.I(1), flag, intConst(b, flag.Type(), s.CaseValue(i), loc))
		taken := args(i + 1)
		next, nextArgs := s.DefaultDest(), args(0)
		if i < s.NumCases()-1 {
			next, nextArgs = ir.NewBlock(nil, nil), nil
			cur.Parent().InsertAfter(next, cur)
		}
		b.Create(&ir.OpState{Name: "spirv.BranchConditional", Loc: loc,
			Operands:   append(append([]*ir.Value{c}, taken...), nextArgs...),
			Successors: []*ir.Block{s.CaseDest(i), next},
			Attrs:      []ir.NamedAttr{{Name: "operandSegmentSizes", Value: ctx.DenseI32Array(1, int64(len(taken)), int64(len(nextArgs)))}}})
		if i < s.NumCases()-1 {
			cur = next
			b.SetInsertionPointToEnd(next)
		}
	}
	rw.EraseOp(o)
	return nil
}

// funcPatterns convert func.func, func.return and func.call, and fold a
// cast written in the source whose operand the conversion already gave its
// result type (a cast from index to i32 of a converted argument, as in
// MLIR's FuncToSPIRV/func-ops-to-spirv.mlir).
func (e *env) funcPatterns() []*rewrite.ConversionPattern {
	return []*rewrite.ConversionPattern{
		{Name: "fold converted casts", Root: castName, Rewrite: func(o *ir.Operation, operands []*ir.Value, rw *rewrite.ConversionRewriter) error {
			if len(operands) != 1 || o.NumResults() != 1 || operands[0].Type() != o.Result(0).Type() {
				return rewrite.NoMatch
			}
			rw.ReplaceOp(o, operands)
			return nil
		}},
		{Name: "func.func", Root: "func.func", Rewrite: e.funcOp},
		{Name: "func.return", Root: "func.return", Rewrite: e.returnOp},
		{Name: "func.call", Root: "func.call", Rewrite: func(o *ir.Operation, operands []*ir.Value, rw *rewrite.ConversionRewriter) error {
			types, ok := e.tc.ConvertTypes(o.ResultTypes())
			if !ok || len(types) > 1 {
				return rewrite.NoMatch
			}
			rw.ReplaceOpWith(o, &ir.OpState{Name: "spirv.FunctionCall", Loc: o.Loc(), Operands: operands, ResultTypes: types,
				Attrs: []ir.NamedAttr{{Name: "callee", Value: o.Attr("callee")}}})
			return nil
		}},
	}
}

func (e *env) funcOp(o *ir.Operation, _ []*ir.Value, rw *rewrite.ConversionRewriter) error {
	ta, _ := o.Attr("function_type").(*ir.TypeAttr)
	if ta == nil || o.Region(0).Empty() {
		return rewrite.NoMatch
	}
	ft := ta.Value.(*ir.FunctionType)
	sc, ok := e.tc.ConvertSignature(ft.Inputs)
	results, rok := e.tc.ConvertTypes(ft.Results)
	if !ok || !rok || len(results) > 1 || len(sc.ConvertedTypes()) != len(ft.Inputs) ||
		slices.ContainsFunc(ft.Inputs, subByteValue) || slices.ContainsFunc(ft.Results, subByteValue) {
		// A sub-byte integer is computed in 32 bits inside a function,
		// but MLIR keeps functions that take or return one unconverted
		// (FuncToSPIRV/types-to-spirv.mlir).
		return rewrite.NoMatch
	}
	if e.full && !e.kernel() {
		for i, t := range sc.ConvertedTypes() {
			// Logical addressing (spirv-val) lets a function take a
			// StorageBuffer pointer only with variable pointers, which
			// nothing here declares. Only checked in the spirv.modules
			// made from gpu.modules: a conversion in place (MLIR's
			// convert-func-to-spirv) keeps MLIR's output.
			if pt, ok := t.(*spirv.PointerType); ok && pt.StorageClass == spv.StorageClassStorageBuffer {
				return o.Errorf("argument %d of type %s would be a StorageBuffer pointer, which a Shader function can take only with variable pointers; pass the memref to the kernel only",
					i, ir.TypeString(ft.Inputs[i]))
			}
		}
	}
	ctx := o.Context()
	attrs := []ir.NamedAttr{
		{Name: "function_control", Value: spirv.Enum(ctx, spv.KindFunctionControl, uint32(spv.FunctionControlNone))},
		{Name: "function_type", Value: ctx.TypeAttr(ctx.FunctionType(sc.ConvertedTypes(), results))},
		{Name: "sym_name", Value: ctx.StringAttr(ir.SymbolName(o))},
	}
	for _, a := range o.Attrs() {
		switch a.Name {
		case "function_type", "sym_name", "res_attrs":
		default:
			attrs = append(attrs, a)
		}
	}
	nf := ctx.NewOp(&ir.OpState{Name: "spirv.func", Loc: o.Loc(), Attrs: attrs, Regions: []*ir.Region{ir.NewRegion()}})
	rw.SetInsertionPointBefore(o)
	rw.Insert(nf)
	rw.InlineRegionBefore(o.Region(0), nf.Region(0), nil)
	if err := rw.ConvertRegionTypes(nf.Region(0), sc); err != nil {
		return err
	}
	rw.EraseOp(o)
	return nil
}

// structurize gives the Shader functions whose blocks branch
// conditionally (converted cf.cond_br) the structured control flow Vulkan
// requires, which MLIR's lowering does not: the blocks become the cases
// of a chain of selections in a loop that runs one block per iteration, a
// state machine on a Function variable holding the number of the block to
// run next (-1 to return). Block arguments, values used in other blocks
// and the result travel through Function variables.
func (e *env) structurize(root *ir.Operation) error {
	if e.kernel() {
		return nil // OpenCL allows unstructured control flow
	}
	var fns []*ir.Operation
	root.WalkPre(func(o *ir.Operation) (descend, cont bool) {
		if o.Name() != "spirv.func" {
			return true, true
		}
		if o.NumRegions() == 1 && !o.Region(0).HasOneBlock() && !o.Region(0).Empty() {
			for blk := range o.Region(0).Blocks() {
				if t := blk.Terminator(); t != nil && t.Name() == "spirv.BranchConditional" {
					fns = append(fns, o)
					break
				}
			}
		}
		return false, true // functions do not nest
	})
	for _, fn := range fns {
		if err := e.structurizeFunc(fn); err != nil {
			return err
		}
	}
	return nil
}

// topBlock returns the block of r that holds o, or nil.
func topBlock(o *ir.Operation, r *ir.Region) *ir.Block {
	for ; o != nil; o = o.ParentOp() {
		if blk := o.Block(); blk != nil && blk.Parent() == r {
			return blk
		}
	}
	return nil
}

func (e *env) structurizeFunc(fn *ir.Operation) error {
	ctx, loc := e.ctx, fn.Loc()
	ft, ok := fn.Attr("function_type").(*ir.TypeAttr)
	if !ok {
		return fn.Errorf("expected a function type")
	}
	r := fn.Region(0)
	blocks := r.BlockList()
	num := map[*ir.Block]int64{}
	for i, blk := range blocks {
		num[blk] = int64(i)
	}
	b := ir.NewBuilder(ctx)
	// A new entry block takes the function's arguments, its variables, and
	// the constants and addresses the blocks use (which cannot be stored).
	first := blocks[0]
	locs := make([]ir.Location, first.NumArgs())
	for i := range locs {
		locs[i] = first.Arg(i).Loc()
	}
	entry := ir.NewBlock(first.ArgTypes(), locs)
	r.InsertBefore(entry, first)
	for i := first.NumArgs() - 1; i >= 0; i-- {
		first.Arg(i).ReplaceAllUsesWith(entry.Arg(i))
		first.EraseArgument(i)
	}
	for _, blk := range blocks {
		for _, o := range blk.OpList() {
			switch o.Name() {
			case "spirv.Variable", "spirv.Constant", "spirv.mlir.addressof":
				if o.NumOperands() > 0 {
					continue
				}
				o.Remove()
				if f := entry.First(); f != nil && o.Name() == "spirv.Variable" {
					entry.InsertBefore(o, f) // variables come first
				} else {
					entry.Append(o)
				}
			}
		}
	}
	variable := func(t ir.Type) *ir.Value {
		b.SetInsertionPointToStart(entry)
		return op(b, "spirv.Variable", loc, spirv.Pointer(ctx, t, spv.StorageClassFunction), nil,
			named("storage_class", enum(ctx, spv.KindStorageClass, uint32(spv.StorageClassFunction)))).Result(0)
	}
	// Block arguments are loaded where their block starts.
	argVars := map[*ir.Block][]*ir.Value{}
	for _, blk := range blocks[1:] {
		for _, a := range blk.Args() {
			argVars[blk] = append(argVars[blk], variable(a.Type()))
		}
		b.SetInsertionPointToStart(blk)
		for i := blk.NumArgs() - 1; i >= 0; i-- {
			blk.Arg(i).ReplaceAllUsesWith(val(b, "spirv.Load", loc, blk.Arg(i).Type(), argVars[blk][i]))
			blk.EraseArgument(i)
		}
	}
	// Values used in other blocks are stored after their definition and
	// loaded before each such use.
	for _, blk := range blocks {
		for _, o := range blk.OpList() {
			for _, res := range o.Results() {
				var outside []*ir.OpOperand
				for u := range res.Uses() {
					if topBlock(u.Owner(), r) != blk {
						outside = append(outside, u)
					}
				}
				if len(outside) == 0 {
					continue
				}
				if _, isPtr := res.Type().(*spirv.PointerType); isPtr {
					return o.Errorf("a pointer used in another block cannot be kept in a variable to structure the control flow")
				}
				v := variable(res.Type())
				b.SetInsertionPointAfter(o)
				op(b, "spirv.Store", loc, nil, []*ir.Value{v, res})
				for _, u := range outside {
					b.SetInsertionPointBefore(u.Owner())
					u.Set(val(b, "spirv.Load", loc, res.Type(), v))
				}
			}
		}
	}
	i32 := ctx.I(32)
	next := variable(i32)
	var ret *ir.Value
	if res := ft.Value.(*ir.FunctionType).Results; len(res) == 1 {
		ret = variable(res[0])
	}
	b.SetInsertionPointToEnd(entry)
	op(b, "spirv.Store", loc, nil, []*ir.Value{next, intConst(b, i32, 0, loc)})
	lp := structuredOp(b, "spirv.mlir.loop", loc)
	if ret != nil {
		op(b, "spirv.ReturnValue", loc, nil, []*ir.Value{val(b, "spirv.Load", loc, ret.Type().(*spirv.PointerType).Pointee, ret)})
	} else {
		op(b, "spirv.Return", loc, nil, nil)
	}
	lr := lp.Region(0)
	lEntry, header, body, cont, merge := ir.NewBlock(nil, nil), ir.NewBlock(nil, nil), ir.NewBlock(nil, nil), ir.NewBlock(nil, nil), ir.NewBlock(nil, nil)
	for _, blk := range []*ir.Block{lEntry, header, body, cont, merge} {
		lr.Append(blk)
	}
	b.SetInsertionPointToEnd(lEntry)
	b.Create(&ir.OpState{Name: "spirv.Branch", Loc: loc, Successors: []*ir.Block{header}})
	b.SetInsertionPointToEnd(header)
	n := val(b, "spirv.Load", loc, i32, next)
	more := val(b, "spirv.INotEqual", loc, ctx.I(1), n, intConst(b, i32, -1, loc))
	condBr(b, more, body, merge, loc)
	for _, blk := range blocks {
		b.SetInsertionPointToEnd(body)
		sel := structuredOp(b, "spirv.mlir.selection", loc)
		sr := sel.Region(0)
		sh, sm := ir.NewBlock(nil, nil), ir.NewBlock(nil, nil)
		sr.Append(sh)
		sr.Append(blk)
		sr.Append(sm)
		b.SetInsertionPointToEnd(sh)
		condBr(b, val(b, "spirv.IEqual", loc, ctx.I(1), n, intConst(b, i32, num[blk], loc)), blk, sm, loc)
		b.SetInsertionPointToEnd(sm)
		op(b, "spirv.mlir.merge", loc, nil, nil)
		if err := e.toNext(b, blk.Terminator(), sm, next, ret, num, argVars); err != nil {
			return err
		}
	}
	b.SetInsertionPointToEnd(body)
	b.Create(&ir.OpState{Name: "spirv.Branch", Loc: loc, Successors: []*ir.Block{cont}})
	b.SetInsertionPointToEnd(cont)
	b.Create(&ir.OpState{Name: "spirv.Branch", Loc: loc, Successors: []*ir.Block{header}})
	b.SetInsertionPointToEnd(merge)
	op(b, "spirv.mlir.merge", loc, nil, nil)
	return nil
}

// condBr ends the block at b with a conditional branch on c.
func condBr(b *ir.Builder, c *ir.Value, t, f *ir.Block, loc ir.Location) {
	b.Create(&ir.OpState{Name: "spirv.BranchConditional", Loc: loc, Operands: []*ir.Value{c},
		Successors: []*ir.Block{t, f},
		Attrs:      []ir.NamedAttr{{Name: "operandSegmentSizes", Value: b.Context().DenseI32Array(1, 0, 0)}}})
}

// toNext replaces the terminator t of a structurized block by stores of
// the successor's arguments and number (or of the result and -1) and a
// branch to the merge block of the block's selection.
func (e *env) toNext(b *ir.Builder, t *ir.Operation, merge *ir.Block, next, ret *ir.Value,
	num map[*ir.Block]int64, argVars map[*ir.Block][]*ir.Value) error {
	if t == nil {
		return nil
	}
	loc, i32 := t.Loc(), e.ctx.I(32)
	b.SetInsertionPointBefore(t)
	store := func(p, v *ir.Value) { op(b, "spirv.Store", loc, nil, []*ir.Value{p, v}) }
	args := func(i int) []*ir.Value {
		start, n := t.SuccessorOperands(i)
		return t.Operands()[start : start+n]
	}
	switch t.Name() {
	case "spirv.Branch":
		for i, a := range args(0) {
			store(argVars[t.Successor(0)][i], a)
		}
		store(next, intConst(b, i32, num[t.Successor(0)], loc))
	case "spirv.BranchConditional":
		c, tb, fb := t.Operand(0), t.Successor(0), t.Successor(1)
		ta, fa := args(0), args(1)
		if tb == fb {
			for i := range ta {
				store(argVars[tb][i], val(b, "spirv.Select", loc, ta[i].Type(), c, ta[i], fa[i]))
			}
		} else {
			// Storing the arguments of the block not taken is harmless: a
			// block's argument variables are read only when it runs.
			for i, a := range ta {
				store(argVars[tb][i], a)
			}
			for i, a := range fa {
				store(argVars[fb][i], a)
			}
		}
		store(next, val(b, "spirv.Select", loc, i32, c, intConst(b, i32, num[tb], loc), intConst(b, i32, num[fb], loc)))
	case "spirv.ReturnValue":
		store(ret, t.Operand(0))
		store(next, intConst(b, i32, -1, loc))
	case "spirv.Return":
		store(next, intConst(b, i32, -1, loc))
	case "spirv.Unreachable":
		// The block never ends: it stays in its selection as it is.
		return nil
	default:
		return t.Errorf("cannot structure control flow ending in '%s'", t.Name())
	}
	b.Create(&ir.OpState{Name: "spirv.Branch", Loc: loc, Successors: []*ir.Block{merge}})
	t.Erase()
	return nil
}
