package scf

import (
	"github.com/kiln-gpu/kiln/ir"
)

var forOp = &ir.OpDef{
	Name: "scf.for", Summary: "Counted loop from a lower to an upper bound by a step, with loop-carried values.",
	Example: "%r = scf.for %i = %lb to %ub step %s iter_args(%a = %init) -> (f32) {\n" +
		"  %n = arith.addf %a, %a : f32\n  scf.yield %n : f32\n}",
	Traits:   ir.AutomaticAllocationScope | ir.RecursiveEffects | ir.SingleBlock | ir.LoopLike,
	Operands: ir.AtLeast(3),
	Results:  ir.Variadic,
	Regions:  ir.Exactly(1),
	Inherent: []string{"unsignedCmp"},
	// Hand-written as in MLIR (ForOp::parse, SCF.cpp): the induction variable
	// and iter_args bind block arguments, which a format cannot.
	Parse:            parseFor,
	Print:            printFor,
	Verify:           verifyFor,
	VerifyRegions:    verifyForRegions,
	RegionSuccessors: forSuccessors,
	// As MLIR's: a loop by 1 terminates whatever its bounds.
	Speculatability: func(op *ir.Operation) ir.Speculatability {
		if s, ok := constInt(op.Operand(2)); ok && s == 1 {
			return ir.RecursivelySpeculatable
		}
		return ir.NotSpeculatable
	},
	Canonicalize: []*ir.Pattern{
		{Name: "for-trivial-trip-count", Root: "scf.for", Rewrite: simplifyTrivialFor},
		{Name: "for-iter-args-folder", Root: "scf.for", Rewrite: foldForIterArgs},
		{Name: "for-tensor-cast-folder", Root: "scf.for", Rewrite: forTensorCastFolder},
	},
}

// For is a typed view of scf.for.
type For struct{ *ir.Operation }

// LowerBound, UpperBound and Step return the loop bounds.
func (f For) LowerBound() *ir.Value { return f.Operand(0) }

// UpperBound returns the exclusive upper bound.
func (f For) UpperBound() *ir.Value { return f.Operand(1) }

// Step returns the step.
func (f For) Step() *ir.Value { return f.Operand(2) }

// Inits returns the initial values of the loop-carried values.
func (f For) Inits() []*ir.Value { return f.Operands()[3:] }

// Body returns the loop body.
func (f For) Body() *ir.Block { return f.Region(0).Entry() }

// InductionVar returns the induction variable.
func (f For) InductionVar() *ir.Value { return f.Body().Arg(0) }

// RegionIterArgs returns the body's loop-carried arguments.
func (f For) RegionIterArgs() []*ir.Value { return f.Body().Args()[1:] }

// Yield returns the body's scf.yield.
func (f For) Yield() *ir.Operation { return f.Body().Last() }

// IsUnsigned reports whether bounds compare unsigned.
func (f For) IsUnsigned() bool { return f.HasAttr("unsignedCmp") }

// (unsigned)? %i = %lb to %ub step %s (iter_args(...) -> (types))? (: type)? region attr-dict
func parseFor(p *ir.OpParser, st *ir.OpState) error {
	ctx := p.Context()
	if p.ParseOptionalKeyword("unsigned") {
		st.AddAttr("unsignedCmp", ctx.UnitAttr())
	}
	iv, err := p.ParseArgument(false)
	if err != nil {
		return err
	}
	if err := p.ParsePunct("="); err != nil {
		return err
	}
	var bounds []ir.UnresolvedOperand
	for i, kw := range []string{"", "to", "step"} {
		if i > 0 {
			if err := p.ParseKeyword(kw); err != nil {
				return err
			}
		}
		u, err := p.ParseOperand()
		if err != nil {
			return err
		}
		bounds = append(bounds, u)
	}
	var args []ir.Argument
	var inits []ir.UnresolvedOperand
	if p.ParseOptionalKeyword("iter_args") {
		if args, inits, err = p.ParseAssignmentList(); err != nil {
			return err
		}
		if err := p.ParsePunct("->"); err != nil {
			return err
		}
		if st.ResultTypes, err = p.ParseFunctionResults(); err != nil {
			return err
		}
		if len(st.ResultTypes) != len(inits) {
			return p.ErrorfAt(st.Loc, "mismatch in number of loop-carried values and defined values")
		}
	}
	ivType := ir.Type(ctx.Index())
	if p.ParseOptionalPunct(":") {
		if ivType, err = p.ParseType(); err != nil {
			return err
		}
	}
	if err := p.ResolveOperandsSameType(bounds, ivType); err != nil {
		return err
	}
	if err := p.ResolveOperands(inits, st.ResultTypes); err != nil {
		return err
	}
	iv.Type = ivType
	at := p.Pos()
	r := st.AddRegion()
	if err := p.ParseRegionWithArgs(r, append([]ir.Argument{iv}, withTypes(args, st.ResultTypes)...)); err != nil {
		return err
	}
	ensureTerminator(p, r, "scf.yield", at)
	return p.ParseOptionalAttrDict()
}

func printFor(p *ir.OpPrinter, op *ir.Operation) {
	f := For{op}
	if f.IsUnsigned() {
		p.WriteString(" unsigned")
	}
	p.WriteByte(' ')
	p.Operand(f.InductionVar())
	p.WriteString(" = ")
	p.Operand(f.LowerBound())
	p.WriteString(" to ")
	p.Operand(f.UpperBound())
	p.WriteString(" step ")
	p.Operand(f.Step())
	if inits := f.Inits(); len(inits) > 0 {
		p.WriteString(" iter_args")
		p.AssignmentList(f.RegionIterArgs(), inits)
		p.WriteString(" -> (")
		p.TypeList(op.ResultTypes())
		p.WriteByte(')')
	}
	if t := f.LowerBound().Type(); !isIndex(t) {
		p.WriteString(" : ")
		p.Type(t)
	}
	p.WriteByte(' ')
	p.Region(op.Region(0), false, len(f.Inits()) > 0)
	p.OptionalAttrDict(op.Attrs(), "unsignedCmp")
}

func verifyFor(op *ir.Operation) error {
	for i := range 3 {
		if err := checkOperand(op, i, isSignlessIntOrIndex, "signless integer or index"); err != nil {
			return err
		}
	}
	if op.Operand(1).Type() != op.Operand(0).Type() || op.Operand(2).Type() != op.Operand(0).Type() {
		return op.Errorf("failed to verify that all of {lowerBound, upperBound, step} have same type")
	}
	if op.NumOperands()-3 != op.NumResults() {
		return op.Errorf("mismatch in number of loop-carried values and defined values")
	}
	return nil
}

func verifyForRegions(op *ir.Operation) error {
	b := op.Region(0).Entry()
	if b == nil || b.NumArgs() == 0 {
		return op.Errorf("expected body to have at least one argument for the induction variable")
	}
	if b.Arg(0).Type() != op.Operand(0).Type() {
		return op.Errorf("expected induction variable to be same type as bounds and step")
	}
	f := For{op}
	iterArgs := f.RegionIterArgs()
	if n := len(f.Inits()); n != len(iterArgs) {
		return op.Errorf("different number of inits and region iter_args: %d != %d", n, len(iterArgs))
	}
	for i, a := range iterArgs {
		if a.Type() != op.Result(i).Type() {
			return op.Errorf("%d-th region iter_arg and %d-th loop result have different type: '%s' != '%s'",
				i, i, ir.TypeString(a.Type()), ir.TypeString(op.Result(i).Type()))
		}
		if init := f.Inits()[i]; init.Type() != a.Type() {
			return op.Errorf("%d-th init and %d-th region iter_arg have different type: '%s' != '%s'",
				i, i, ir.TypeString(init.Type()), ir.TypeString(a.Type()))
		}
	}
	y := b.Last()
	if y == nil || y.Name() != "scf.yield" {
		return op.Errorf("expects body to terminate with 'scf.yield'")
	}
	if y.NumOperands() != len(iterArgs) {
		return op.Errorf("different number of region iter_args and yielded values: %d != %d", len(iterArgs), y.NumOperands())
	}
	for i, v := range y.Operands() {
		if v.Type() != iterArgs[i].Type() {
			return op.Errorf("%d-th region iter_arg and %d-th yielded value have different type: '%s' != '%s'",
				i, i, ir.TypeString(iterArgs[i].Type()), ir.TypeString(v.Type()))
		}
	}
	return nil
}
