package affine

import (
	"github.com/kiln-gpu/kiln/ir"
)

var ifOp = &ir.OpDef{
	Name:    "affine.if",
	Summary: "Runs its then region when its operands satisfy an integer set, else its else region.",
	Example: "%r = affine.if affine_set<(d0)[s0] : (d0 - 10 >= 0, -d0 + s0 - 1 >= 0)>(%i)[%n] -> f32 {\n" +
		"  affine.yield %x : f32\n} else {\n  affine.yield %y : f32\n}",
	Traits:   ir.RecursiveEffects | ir.SingleBlock,
	Operands: ir.Variadic,
	Results:  ir.Variadic,
	Regions:  ir.Exactly(2),
	Inherent: []string{"condition"},

	Speculatability:  func(*ir.Operation) ir.Speculatability { return ir.RecursivelySpeculatable },
	RegionSuccessors: ir.BranchSuccessors,
	// MLIR's AffineIfOp does not bound its region invocations, so
	// control-flow-sink leaves it alone.
	RegionInvocationsUnknown: true,
	// Hand-written as in MLIR (AffineIfOp::parse, AffineOps.cpp): the set
	// and its dim-and-symbol list, then regions with implicit yields.
	Parse:  parseIf,
	Print:  printIf,
	Verify: verifyIf,
	Fold:   foldIf,
	Canonicalize: []*ir.Pattern{
		{Name: "affine-if-dead-else", Root: "affine.if", Rewrite: simplifyDeadElse},
		{Name: "affine-if-always-true-or-false", Root: "affine.if", Rewrite: alwaysTrueOrFalseIf},
	},
}

// #set(%dims)[%syms] (-> types)? region (else region)? attr-dict
func parseIf(p *ir.OpParser, st *ir.OpState) error {
	ctx := p.Context()
	at := p.Pos()
	a, err := p.ParseAttribute(nil)
	if err != nil {
		return err
	}
	set, ok := a.(*ir.IntegerSetAttr)
	if !ok {
		return ir.Errorf(p.LocAt(at), "invalid kind of attribute specified")
	}
	operands, numDims, err := parseDimAndSymbolList(p)
	if err != nil {
		return err
	}
	if set.Set.Dims != numDims {
		return p.ErrorfAt(st.Loc, "dim operand count and integer set dim count must match")
	}
	if numDims+set.Set.Symbols != len(operands) {
		return p.ErrorfAt(st.Loc, "symbol operand count and integer set symbol count must match")
	}
	for _, u := range operands {
		v, err := p.Resolve(u, ctx.Index())
		if err != nil {
			return err
		}
		st.Operands = append(st.Operands, v)
	}
	st.AddAttr("condition", set)
	if st.ResultTypes, err = p.ParseOptionalArrowTypeList(); err != nil {
		return err
	}
	at = p.Pos()
	then := st.AddRegion()
	if err := p.ParseRegion(then, nil); err != nil {
		return err
	}
	ensureYield(p, then, at)
	els := st.AddRegion()
	if p.ParseOptionalKeyword("else") {
		at := p.Pos()
		if err := p.ParseRegion(els, nil); err != nil {
			return err
		}
		ensureYield(p, els, at)
	}
	return p.ParseOptionalAttrDict()
}

func printIf(p *ir.OpPrinter, op *ir.Operation) {
	set := op.Attr("condition").(*ir.IntegerSetAttr)
	p.WriteByte(' ')
	p.Attr(set)
	printDimAndSymbolList(p, op.Operands(), set.Set.Dims)
	p.ArrowTypes(op.ResultTypes())
	p.WriteByte(' ')
	terms := op.NumResults() > 0
	p.Region(op.Region(0), false, terms)
	if !op.Region(1).Empty() {
		p.WriteString(" else ")
		p.Region(op.Region(1), false, terms)
	}
	p.OptionalAttrDict(op.Attrs(), "condition")
}

func verifyIf(op *ir.Operation) error {
	set, ok := op.Attr("condition").(*ir.IntegerSetAttr)
	if !ok {
		return op.Errorf("requires an integer set attribute named 'condition'")
	}
	// MLIR's NoRegionArguments trait.
	for i, r := range op.Regions() {
		if !r.Empty() && r.Entry().NumArgs() > 0 {
			return op.Errorf("region #%d should have no arguments", i)
		}
	}
	if op.NumOperands() != set.Set.Dims+set.Set.Symbols {
		return op.Errorf("operand count and condition integer set dimension and symbol count must match")
	}
	if err := checkIndexOperands(op, 0); err != nil {
		return err
	}
	return verifyDimsAndSymbols(op, op.Operands(), set.Set.Dims)
}

// simplifyDeadElse is MLIR's SimplifyDeadElse: an else region of an
// affine.if without results that holds only its terminator is dropped.
func simplifyDeadElse(op *ir.Operation, rw *ir.Rewriter) bool {
	els := op.Region(1)
	if op.NumResults() != 0 || els.Empty() || els.Entry().First() != els.Entry().Last() {
		return false
	}
	rw.ModifyInPlace(op, func() { rw.EraseBlock(els.Entry()) })
	return true
}

// alwaysTrueOrFalseIf is MLIR's AlwaysTrueOrFalseIf: with the set 0 == 0
// the then block takes the op's place, with the empty set 1 == 0 the else
// block (or nothing), the yielded values replacing the results.
func alwaysTrueOrFalseIf(op *ir.Operation, rw *ir.Rewriter) bool {
	set := op.Attr("condition").(*ir.IntegerSetAttr).Set
	if len(set.Constraints) != 1 || !set.IsEq[0] || set.Constraints[0].Kind != ir.AffineConst {
		return false
	}
	region := op.Region(0)
	switch set.Constraints[0].Value {
	case 0:
	case 1:
		region = op.Region(1)
		if region.Empty() {
			if op.NumResults() != 0 {
				return false
			}
			rw.EraseOp(op)
			return true
		}
	default:
		return false
	}
	b := region.Entry()
	yield := b.Last()
	results := yield.Operands()
	rw.InlineBlockBefore(b, op, nil)
	rw.ReplaceOp(op, results)
	rw.EraseOp(yield)
	return true
}
