package scf

import (
	"github.com/kiln-gpu/kiln/ir"
)

var parallel = &ir.OpDef{
	Name: "scf.parallel", Summary: "Parallel loop nest over index ranges, with optional reductions.",
	Example: "%r = scf.parallel (%i, %j) = (%lb, %lb) to (%ub, %ub) step (%s, %s) init (%init) -> f32 {\n" +
		"  scf.reduce(%init : f32) {\n  ^bb0(%a: f32, %b: f32):\n    %n = arith.addf %a, %b : f32\n    scf.reduce.return %n : f32\n  }\n}",
	Traits:   ir.AutomaticAllocationScope | ir.RecursiveEffects | ir.SingleBlock | ir.AttrSizedOperandSegments | ir.LoopLike,
	Operands: ir.Variadic,
	Results:  ir.Variadic,
	Regions:  ir.Exactly(1),
	Inherent: []string{"unsignedCmp"},
	// Hand-written as in MLIR (ParallelOp::parse, SCF.cpp): the induction
	// variables bind block arguments, which a format cannot.
	Parse:  parseParallel,
	Print:  printParallel,
	Verify: verifyParallel,
	Canonicalize: []*ir.Pattern{
		{Name: "parallel-trivial-dims", Root: "scf.parallel", Rewrite: parallelTrivialDims},
		{Name: "merge-nested-parallel", Root: "scf.parallel", Rewrite: mergeNestedParallel},
	},
}

// Parallel is a typed view of scf.parallel.
type Parallel struct{ *ir.Operation }

// LowerBounds returns the lower bounds, one per induction variable.
func (p Parallel) LowerBounds() []*ir.Value { return loopSegment(p.Operation, 0) }

// UpperBounds returns the exclusive upper bounds.
func (p Parallel) UpperBounds() []*ir.Value { return loopSegment(p.Operation, 1) }

// Steps returns the steps.
func (p Parallel) Steps() []*ir.Value { return loopSegment(p.Operation, 2) }

// Inits returns the initial values of the reductions.
func (p Parallel) Inits() []*ir.Value { return loopSegment(p.Operation, 3) }

// Body returns the loop body; it ends with scf.reduce.
func (p Parallel) Body() *ir.Block { return p.Region(0).Entry() }

// IsUnsigned reports whether bounds compare unsigned.
func (p Parallel) IsUnsigned() bool { return p.HasAttr("unsignedCmp") }

// Reduce returns the scf.reduce ending the body.
func (p Parallel) Reduce() *ir.Operation { return terminator(p.Region(0)) }

func parseParallel(p *ir.OpParser, st *ir.OpState) error {
	ctx := p.Context()
	if p.ParseOptionalKeyword("unsigned") {
		st.AddAttr("unsignedCmp", ctx.UnitAttr())
	}
	ivs, err := p.ParseArgumentList(true, false)
	if err != nil {
		return err
	}
	var lists [][]ir.UnresolvedOperand
	for i, kw := range []string{"=", "to", "step"} {
		if i == 0 {
			err = p.ParsePunct(kw)
		} else {
			err = p.ParseKeyword(kw)
		}
		if err != nil {
			return err
		}
		l, err := p.ParseParenOperandList()
		if err != nil {
			return err
		}
		if len(l) != len(ivs) {
			return p.Errorf("expected %d operands", len(ivs))
		}
		lists = append(lists, l)
	}
	var inits []ir.UnresolvedOperand
	if p.ParseOptionalKeyword("init") {
		if inits, err = p.ParseParenOperandList(); err != nil {
			return err
		}
	}
	if st.ResultTypes, err = p.ParseOptionalArrowTypeList(); err != nil {
		return err
	}
	if err := resolveLoopOperands(p, lists, inits, st.ResultTypes, ivs); err != nil {
		return err
	}
	at := p.Pos()
	r := st.AddRegion()
	if err := p.ParseRegionWithArgs(r, ivs); err != nil {
		return err
	}
	upgradeReductions(ctx, r)
	ensureTerminator(p, r, "scf.reduce", at)
	n := int64(len(ivs))
	st.AddAttr("operandSegmentSizes", ctx.DenseI32Array(n, n, n, int64(len(inits))))
	return p.ParseOptionalAttrDict()
}

// resolveLoopOperands finishes parsing the operands of scf.forall and
// scf.parallel: the bound lists are index values, the carried values
// (shared_outs, init) have the result types, and the induction variables
// are typed index.
func resolveLoopOperands(p *ir.OpParser, bounds [][]ir.UnresolvedOperand, carried []ir.UnresolvedOperand, types []ir.Type, ivs []ir.Argument) error {
	if len(carried) != len(types) {
		return p.Errorf("number of operands and types do not match: got %d operands and %d types", len(carried), len(types))
	}
	idx := p.Context().Index()
	for _, l := range bounds {
		if err := p.ResolveOperandsSameType(l, idx); err != nil {
			return err
		}
	}
	if err := p.ResolveOperands(carried, types); err != nil {
		return err
	}
	for i := range ivs {
		ivs[i].Type = idx
	}
	return nil
}

// upgradeReductions rewrites a body in the form before MLIR 19 (one
// scf.reduce op per reduction among the body's ops, then scf.yield) into
// the current one: a single scf.reduce terminator with all of them.
func upgradeReductions(ctx *ir.Context, r *ir.Region) {
	b := r.Entry()
	if b == nil || b.Last() == nil {
		return
	}
	var reduces []*ir.Operation
	for _, o := range b.OpList() {
		if o.Name() == "scf.reduce" {
			reduces = append(reduces, o)
		}
	}
	last := b.Last()
	oldYield := last.Name() == "scf.yield" && last.NumOperands() == 0
	if !oldYield && (len(reduces) == 0 || len(reduces) == 1 && reduces[0] == last) {
		return
	}
	st := &ir.OpState{Name: "scf.reduce", Loc: last.Loc()}
	for _, o := range reduces {
		st.Operands = append(st.Operands, o.Operands()...)
		for _, reg := range o.Regions() {
			st.AddRegion().TakeBody(reg)
		}
		o.Erase()
	}
	if oldYield {
		last.Erase()
	}
	b.Append(ctx.NewOp(st))
}

func printParallel(p *ir.OpPrinter, op *ir.Operation) {
	pl := Parallel{op}
	if pl.IsUnsigned() {
		p.WriteString(" unsigned")
	}
	p.WriteString(" (")
	if b := pl.Body(); b != nil {
		p.Operands(b.Args())
	}
	p.WriteString(") = (")
	p.Operands(pl.LowerBounds())
	p.WriteString(") to (")
	p.Operands(pl.UpperBounds())
	p.WriteString(") step (")
	p.Operands(pl.Steps())
	p.WriteByte(')')
	if inits := pl.Inits(); len(inits) > 0 {
		p.WriteString(" init (")
		p.Operands(inits)
		p.WriteByte(')')
	}
	p.ArrowTypes(op.ResultTypes())
	p.WriteByte(' ')
	p.Region(op.Region(0), false, true)
	p.OptionalAttrDict(op.Attrs(), "operandSegmentSizes", "unsignedCmp")
}

func verifyParallel(op *ir.Operation) error {
	pl := Parallel{op}
	for i := range op.NumOperands() - len(pl.Inits()) {
		if err := checkOperand(op, i, isIndex, "variadic of index"); err != nil {
			return err
		}
	}
	steps := pl.Steps()
	if len(steps) == 0 {
		return op.Errorf("needs at least one tuple element for lowerBound, upperBound and step")
	}
	for _, s := range steps {
		if c, ok := constInt(s); ok && c <= 0 {
			return op.Errorf("constant step operand must be positive")
		}
	}
	b := pl.Body()
	if b == nil {
		return op.Errorf("expects a non-empty body")
	}
	if b.NumArgs() != len(steps) {
		return op.Errorf("expects the same number of induction variables: %d as bound and step values: %d", b.NumArgs(), len(steps))
	}
	for _, a := range b.Args() {
		if !isIndex(a.Type()) {
			return op.Errorf("expects arguments for the induction variable to be of index type")
		}
	}
	red := b.Last()
	if red == nil || red.Name() != "scf.reduce" {
		d := op.Errorf("expects body to terminate with 'scf.reduce'")
		if red != nil {
			d.Note(red.Loc(), "terminator here")
		}
		return d
	}
	if n := red.NumOperands(); n != op.NumResults() {
		return op.Errorf("expects number of results: %d to be the same as number of reductions: %d", op.NumResults(), n)
	}
	for i, v := range red.Operands() {
		if v.Type() != op.Result(i).Type() {
			return red.Errorf("expects type of %d-th reduction operand: '%s' to be the same as the %d-th result type: '%s'",
				i, ir.TypeString(v.Type()), i, ir.TypeString(op.Result(i).Type()))
		}
	}
	for i, v := range pl.Inits() {
		if v.Type() != op.Result(i).Type() {
			return op.Errorf("expects type of %d-th init value: '%s' to be the same as the %d-th result type: '%s'",
				i, ir.TypeString(v.Type()), i, ir.TypeString(op.Result(i).Type()))
		}
	}
	return nil
}

var reduce = &ir.OpDef{
	Name: "scf.reduce", Summary: "Ends an scf.parallel body, combining values into its results with one region per value.",
	Example: "%r = scf.parallel (%i) = (%lb) to (%ub) step (%s) init (%init) -> i32 {\n" +
		"  scf.reduce(%init : i32) {\n  ^bb0(%a: i32, %b: i32):\n    scf.reduce.return %a : i32\n  }\n}",
	Traits:   ir.Terminator | ir.RecursiveEffects | ir.SingleBlock,
	Operands: ir.Variadic,
	Regions:  ir.Variadic,
	// MLIR's format, with `:` type($operands) `)` read by a custom
	// directive that also takes the form before MLIR 19 (one reduction
	// per op, not a terminator): `(` $operands `)` `:` type($operands).
	Format: &ir.Format{Syntax: "(`(` $operands^ custom<ReduceTypes>(type($operands)))? $reductions attr-dict",
		Operands: []string{"operands*"}, Regions: []string{"reductions*"},
		Custom: map[string]ir.CustomDirective{"ReduceTypes": {Parse: parseReduceTypes, Print: printReduceTypes}}},
	Verify: func(op *ir.Operation) error {
		if pa := op.ParentOp(); pa == nil || pa.Name() != "scf.parallel" {
			return op.Errorf("expects parent op 'scf.parallel'")
		}
		if op.NumRegions() != op.NumOperands() {
			return op.Errorf("expects %d reduction regions, but found %d", op.NumOperands(), op.NumRegions())
		}
		for i, v := range op.Operands() {
			r := op.Region(i)
			t := v.Type()
			b := r.Entry()
			if b == nil || b.NumArgs() != 2 || b.Arg(0).Type() != t || b.Arg(1).Type() != t {
				return op.Errorf("expected two block arguments with type '%s' in the %d-th reduction region", ir.TypeString(t), i)
			}
			if b.Empty() {
				return ir.Errorf(op.Loc(), "empty block: expect at least a terminator")
			}
			if b.Last().Name() != "scf.reduce.return" {
				return op.Errorf("reduction bodies must be terminated with an 'scf.reduce.return' op")
			}
		}
		return nil
	},
}

// parseReduceTypes reads `: types )`, or `) : types` as written before
// MLIR 19.
func parseReduceTypes(p *ir.OpParser, args []*ir.FormatArg) error {
	old := p.ParseOptionalPunct(")")
	ts, err := p.ParseColonTypeList()
	if err != nil {
		return err
	}
	args[0].Types = ts
	if old {
		return nil
	}
	return p.ParsePunct(")")
}

func printReduceTypes(p *ir.OpPrinter, _ *ir.Operation, args []*ir.FormatArg) {
	p.WriteString(": ")
	p.TypeList(args[0].Types)
	p.WriteByte(')')
}

var reduceReturn = &ir.OpDef{
	Name: "scf.reduce.return", Summary: "Ends a reduction region of scf.reduce with the combined value.",
	Example: "%r = scf.parallel (%i) = (%lb) to (%ub) step (%s) init (%init) -> f32 {\n" +
		"  scf.reduce(%init : f32) {\n  ^bb0(%a: f32, %b: f32):\n    scf.reduce.return %b : f32\n  }\n}",
	Traits:   ir.Terminator | ir.ReturnLike | ir.Pure,
	Operands: ir.Exactly(1),
	Format:   &ir.Format{Syntax: "$result attr-dict `:` type($result)", Operands: []string{"result"}},
	Verify: func(op *ir.Operation) error {
		red := op.ParentOp()
		if red == nil || red.Name() != "scf.reduce" {
			return op.Errorf("expects parent op 'scf.reduce'")
		}
		ri := op.ParentRegion().Index()
		if ri < red.NumOperands() {
			if t := red.Operand(ri).Type(); op.Operand(0).Type() != t {
				return op.Errorf("must have type '%s' (the type of the reduction inputs)", ir.TypeString(t))
			}
		}
		return nil
	},
}
