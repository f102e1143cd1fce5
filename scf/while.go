package scf

import (
	"github.com/kiln-gpu/kiln/ir"
)

var whileOp = &ir.OpDef{
	Name: "scf.while", Summary: "Loop that evaluates a condition region, then a body region, while the condition holds.",
	Example: "%r = scf.while (%a = %init) : (i32) -> i32 {\n" +
		"  %c = arith.cmpi slt, %a, %a : i32\n  scf.condition(%c) %a : i32\n} do {\n" +
		"^bb0(%a: i32):\n  scf.yield %a : i32\n}",
	Traits:   ir.RecursiveEffects | ir.SingleBlock | ir.LoopLike,
	Operands: ir.Variadic,
	Results:  ir.Variadic,
	Regions:  ir.Exactly(2),
	// Hand-written as in MLIR (WhileOp::parse, SCF.cpp): the before region's
	// arguments are bound by the `(%x = %init)` list.
	Parse:            parseWhile,
	Print:            printWhile,
	Verify:           verifyWhile,
	RegionSuccessors: whileSuccessors,
	Canonicalize: []*ir.Pattern{
		{Name: "while-invariant-args", Root: "scf.while", Rewrite: whileInvariantArgs},
		{Name: "while-invariant-forwarded", Root: "scf.while", Rewrite: whileInvariantForwarded},
		{Name: "while-condition-truth", Root: "scf.while", Rewrite: whileConditionTruth},
		{Name: "while-cmp-cond", Root: "scf.while", Rewrite: whileCmpCond},
		{Name: "while-unused-result", Root: "scf.while", Rewrite: whileUnusedResult},
		{Name: "while-duplicated-results", Root: "scf.while", Rewrite: whileDuplicatedResults},
		{Name: "while-unused-args", Root: "scf.while", Rewrite: whileUnusedArgs},
		{Name: "while-align-before-args", Root: "scf.while", Rewrite: whileAlignBeforeArgs},
	},
}

// While is a typed view of scf.while.
type While struct{ *ir.Operation }

// Before returns the condition block (ends with scf.condition).
func (w While) Before() *ir.Block { return w.Region(0).Entry() }

// After returns the body block (ends with scf.yield).
func (w While) After() *ir.Block { return w.Region(1).Entry() }

// Condition returns the scf.condition ending the before block.
func (w While) Condition() *ir.Operation { return terminator(w.Region(0)) }

// Yield returns the scf.yield ending the after block.
func (w While) Yield() *ir.Operation { return terminator(w.Region(1)) }

// ((%a = %init, ...))? : functional-type region `do` region (attributes attr-dict)?
func parseWhile(p *ir.OpParser, st *ir.OpState) error {
	var args []ir.Argument
	var inits []ir.UnresolvedOperand
	var err error
	if p.IsPunct("(") {
		if args, inits, err = p.ParseAssignmentList(); err != nil {
			return err
		}
	}
	if err := p.ParsePunct(":"); err != nil {
		return err
	}
	ft, err := p.ParseFunctionType()
	if err != nil {
		return err
	}
	if len(ft.Inputs) != len(inits) {
		return p.Errorf("expected as many input types as operands (expected %d got %d)", len(inits), len(ft.Inputs))
	}
	st.ResultTypes = ft.Results
	if err := p.ResolveOperands(inits, ft.Inputs); err != nil {
		return err
	}
	if err := p.ParseRegion(st.AddRegion(), withTypes(args, ft.Inputs)); err != nil {
		return err
	}
	if err := p.ParseKeyword("do"); err != nil {
		return err
	}
	if err := p.ParseRegion(st.AddRegion(), nil); err != nil {
		return err
	}
	return p.ParseOptionalAttrDictWithKeyword()
}

func printWhile(p *ir.OpPrinter, op *ir.Operation) {
	w := While{op}
	p.WriteByte(' ')
	if b := w.Before(); b != nil && op.NumOperands() > 0 {
		p.AssignmentList(b.Args(), op.Operands())
		p.WriteByte(' ')
	}
	p.WriteString(": ")
	p.FunctionalType(op)
	p.WriteByte(' ')
	p.Region(op.Region(0), op.NumOperands() == 0, true)
	p.WriteString(" do ")
	p.Region(op.Region(1), true, true)
	p.OptionalAttrDictWithKeyword(op.Attrs())
}

func verifyWhile(op *ir.Operation) error {
	for i, name := range []string{"before", "after"} {
		r := op.Region(i)
		if r.Empty() {
			return op.Errorf("region #%d ('%s') failed to verify constraint: region with 1 blocks", i, name)
		}
		if r.Entry().Empty() {
			return op.Errorf("expects a non-empty block")
		}
	}
	w := While{op}
	cond, y := w.Condition(), w.Yield()
	if cond.Name() != "scf.condition" {
		return op.Errorf("expects the 'before' region to terminate with 'scf.condition'").Note(cond.Loc(), "terminator here")
	}
	if y.Name() != "scf.yield" {
		return op.Errorf("expects the 'after' region to terminate with 'scf.yield'").Note(y.Loc(), "terminator here")
	}
	before, after := w.Before(), w.After()
	if err := verifyEdge(op, "parent operands", op.Operands(), toRegion(0, before.NumArgs()), before.ArgTypes()); err != nil {
		return err
	}
	condArgs := cond.Operands()
	if len(condArgs) > 0 {
		condArgs = condArgs[1:]
	}
	if err := verifyEdge(op, "Operation scf.condition", condArgs, toRegion(1, after.NumArgs()), after.ArgTypes()); err != nil {
		return err
	}
	if err := verifyEdge(op, "Operation scf.condition", condArgs, toParent(), op.ResultTypes()); err != nil {
		return err
	}
	return verifyEdge(op, "Operation scf.yield", y.Operands(), toRegion(0, before.NumArgs()), before.ArgTypes())
}

var condition = &ir.OpDef{
	Name: "scf.condition", Summary: "Ends the before region of scf.while: continue with the after region, or exit, passing values.",
	Example: "%r = scf.while : () -> i32 {\n  scf.condition(%c) %v : i32\n} do {\n" +
		"^bb0(%x: i32):\n  scf.yield\n}",
	Traits:   ir.Terminator | ir.ReturnLike | ir.Pure,
	Operands: ir.AtLeast(1),
	Format: &ir.Format{Syntax: "`(` $condition `)` attr-dict ($args^ `:` type($args))?", Operands: []string{"condition", "args*"},
		Types: map[string]func(*ir.Context) ir.Type{"condition": func(ctx *ir.Context) ir.Type { return ctx.I(1) }}},
	Verify: func(op *ir.Operation) error {
		if err := checkOperand(op, 0, isI1, "1-bit signless integer"); err != nil {
			return err
		}
		if pa := op.ParentOp(); pa == nil || pa.Name() != "scf.while" {
			return op.Errorf("expects parent op 'scf.while'")
		}
		return nil
	},

	// A constant condition continues with the after region (successor 0
	// of the parent's RegionSuccessors from here) or exits.
	SuccessorForOperands: ir.CondSuccessor,
}
