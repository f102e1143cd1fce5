package scf

import (
	"strconv"
	"strings"

	"github.com/kiln-gpu/kiln/ir"
)

// yieldParents are the ops scf.yield may end a region of.
var yieldParents = []string{"scf.execute_region", "scf.for", "scf.if", "scf.index_switch", "scf.while"}

var yield = &ir.OpDef{
	Name: "scf.yield", Summary: "Ends a region of an scf op, passing values to its parent.",
	Example:  "%r = scf.execute_region -> i32 {\n  scf.yield %v : i32\n}",
	Traits:   ir.Terminator | ir.ReturnLike | ir.Pure,
	Operands: ir.Variadic,
	Format:   &ir.Format{Syntax: "attr-dict ($results^ `:` type($results))?", Operands: []string{"results*"}},
	Verify: func(op *ir.Operation) error {
		pa := op.ParentOp()
		for _, n := range yieldParents {
			if pa != nil && pa.Name() == n {
				return nil
			}
		}
		return op.Errorf("expects parent op to be one of '%s'", strings.Join(yieldParents, ", "))
	},
}

var executeRegion = &ir.OpDef{
	Name: "scf.execute_region", Summary: "Runs its region once, which may have several blocks, and yields its values.",
	Example:          "%r = scf.execute_region -> i32 {\n  cf.br ^bb1\n^bb1:  // pred: ^bb0\n  scf.yield %v : i32\n}",
	Traits:           ir.RecursiveEffects,
	Results:          ir.Variadic,
	Regions:          ir.Exactly(1),
	Inherent:         []string{"no_inline"},
	RegionSuccessors: ir.BranchSuccessors,
	// (-> types)? (no_inline)? region attr-dict, hand-written as in MLIR
	// (ExecuteRegionOp::parse, SCF.cpp): an arrow type list (parenthesized
	// for several types) has no format directive.
	Parse: func(p *ir.OpParser, st *ir.OpState) error {
		var err error
		if st.ResultTypes, err = p.ParseOptionalArrowTypeList(); err != nil {
			return err
		}
		if p.ParseOptionalKeyword("no_inline") {
			st.AddAttr("no_inline", p.Context().UnitAttr())
		}
		if err := p.ParseRegion(st.AddRegion(), nil); err != nil {
			return err
		}
		return p.ParseOptionalAttrDict()
	},
	Print: func(p *ir.OpPrinter, op *ir.Operation) {
		p.ArrowTypes(op.ResultTypes())
		if op.HasAttr("no_inline") {
			p.WriteString(" no_inline")
		}
		p.WriteByte(' ')
		p.Region(op.Region(0), false, true)
		p.OptionalAttrDict(op.Attrs(), "no_inline")
	},
	Verify: func(op *ir.Operation) error {
		r := op.Region(0)
		if r.Empty() {
			return op.Errorf("region needs to have at least one block")
		}
		if r.Entry().NumArgs() > 0 {
			return op.Errorf("region cannot have any arguments")
		}
		return nil
	},
	VerifyRegions: func(op *ir.Operation) error {
		for b := range op.Region(0).Blocks() {
			if t := b.Last(); t != nil && t.Name() == "scf.yield" {
				if err := verifyEdge(op, "Operation scf.yield", t.Operands(), toParent(), op.ResultTypes()); err != nil {
					return err
				}
			}
		}
		return nil
	},
	Canonicalize: []*ir.Pattern{{Name: "inline-single-block-execute-region", Root: "scf.execute_region", Rewrite: inlineExecuteRegion},
		{Name: "inline-multi-block-execute-region", Root: "scf.execute_region", Rewrite: inlineMultiBlockExecuteRegion},
		{Name: "execute-region-forwarded-results", Root: "scf.execute_region", Rewrite: executeRegionForwardedResults}},
}

// inlineExecuteRegion inlines a single-block execute_region into its
// parent block (MLIR's SingleBlockExecuteInliner), unless no_inline.
func inlineExecuteRegion(op *ir.Operation, rw *ir.Rewriter) bool {
	r := op.Region(0)
	if op.HasAttr("no_inline") || !r.HasOneBlock() {
		return false
	}
	y := r.Entry().Last()
	if y == nil || y.Name() != "scf.yield" {
		return false
	}
	rw.InlineBlockBefore(r.Entry(), op, nil)
	rw.ReplaceOp(op, y.Operands())
	rw.EraseOp(y)
	return true
}

// ExecuteRegion is a typed view of scf.execute_region.
type ExecuteRegion struct{ *ir.Operation }

var indexSwitch = &ir.OpDef{
	Name: "scf.index_switch", Summary: "Runs the region whose case value equals an index, or the default region.",
	Example: "%r = scf.index_switch %i -> f32\ncase 2 {\n  scf.yield %a : f32\n}\ncase 5 {\n  scf.yield %b : f32\n}\n" +
		"default {\n  scf.yield %c : f32\n}",
	Traits:   ir.RecursiveEffects | ir.SingleBlock,
	Operands: ir.Exactly(1),
	Results:  ir.Variadic,
	Regions:  ir.AtLeast(1),
	Inherent: []string{"cases"},
	Format: &ir.Format{
		Syntax:             "$arg attr-dict (`->` type($results)^)? custom<SwitchCases>($cases, $caseRegions) `\\n` `` `default` $defaultRegion",
		Operands:           []string{"arg"},
		Results:            []string{"results*"},
		Regions:            []string{"defaultRegion", "caseRegions*"},
		Attrs:              []ir.FormatAttr{{Name: "cases"}},
		Types:              map[string]func(*ir.Context) ir.Type{"arg": func(ctx *ir.Context) ir.Type { return ctx.Index() }},
		ImplicitTerminator: "scf.yield",
		Custom:             map[string]ir.CustomDirective{"SwitchCases": {Parse: parseSwitchCases, Print: printSwitchCases, NewlineFirst: true}},
	},
	Verify:           verifyIndexSwitch,
	RegionSuccessors: ir.BranchSuccessors,
	Canonicalize: []*ir.Pattern{{Name: "index-switch-constant", Root: "scf.index_switch", Rewrite: indexSwitchConstant},
		{Name: "index-switch-dead-or-forwarded-results", Root: "scf.index_switch", Rewrite: indexSwitchDeadResults}},
}

// IndexSwitch is a typed view of scf.index_switch. Region 0 is the default.
type IndexSwitch struct{ *ir.Operation }

// Arg returns the switched-on index.
func (s IndexSwitch) Arg() *ir.Value { return s.Operand(0) }

// Cases returns the case values, in region order.
func (s IndexSwitch) Cases() []int64 {
	if a, ok := s.Attr("cases").(*ir.DenseArrayAttr); ok {
		return a.Ints
	}
	return nil
}

// CaseRegion returns the region of case i.
func (s IndexSwitch) CaseRegion(i int) *ir.Region { return s.Region(i + 1) }

// DefaultRegion returns the default region.
func (s IndexSwitch) DefaultRegion() *ir.Region { return s.Region(0) }

// parseSwitchCases reads MLIR's custom<SwitchCases>($cases, $caseRegions):
// `case N {...}` for each case.
func parseSwitchCases(p *ir.OpParser, args []*ir.FormatArg) error {
	var cases []int64
	for p.ParseOptionalKeyword("case") {
		v, err := p.ParseInteger()
		if err != nil {
			return err
		}
		cases = append(cases, v)
		r := &ir.Region{}
		args[1].Regions = append(args[1].Regions, r)
		if err := p.ParseRegion(r, nil); err != nil {
			return err
		}
	}
	args[0].Attr = p.Context().DenseI64Array(cases...)
	return nil
}

func printSwitchCases(p *ir.OpPrinter, op *ir.Operation, args []*ir.FormatArg) {
	a, _ := args[0].Attr.(*ir.DenseArrayAttr)
	for i, r := range args[1].Regions {
		if a == nil || i >= len(a.Ints) {
			break // malformed; the verifier reports it
		}
		p.Newline()
		p.WriteString("case ")
		p.Int(a.Ints[i])
		p.WriteByte(' ')
		p.Region(r, false, true)
	}
}

func verifyIndexSwitch(op *ir.Operation) error {
	if err := checkOperand(op, 0, isIndex, "index"); err != nil {
		return err
	}
	s := IndexSwitch{op}
	if _, ok := op.Attr("cases").(*ir.DenseArrayAttr); !ok {
		return op.Errorf("requires attribute 'cases'")
	}
	cases := s.Cases()
	if n := op.NumRegions() - 1; n != len(cases) {
		return op.Errorf("has %d case regions but %d case values", n, len(cases))
	}
	seen := map[int64]bool{}
	for _, c := range cases {
		if seen[c] {
			return op.Errorf("has duplicate case value: %d", c)
		}
		seen[c] = true
	}
	check := func(r *ir.Region, name string) error {
		y := terminator(r)
		if y == nil || y.Name() != "scf.yield" {
			got := "nothing"
			if y != nil {
				got = y.Name()
			}
			return op.Errorf("expected region to end with scf.yield, but got %s", got)
		}
		if y.NumOperands() != op.NumResults() {
			return op.Errorf("expected each region to return %d values, but %s returns %d", op.NumResults(), name, y.NumOperands()).
				Note(y.Loc(), "see yield operation here")
		}
		for i, v := range y.Operands() {
			if v.Type() != op.Result(i).Type() {
				return op.Errorf("expected result #%d of each region to be '%s'", i, ir.TypeString(op.Result(i).Type())).
					Note(y.Loc(), "%s returns '%s' here", name, ir.TypeString(v.Type()))
			}
		}
		return nil
	}
	if err := check(s.DefaultRegion(), "default region"); err != nil {
		return err
	}
	for i := range cases {
		if err := check(s.CaseRegion(i), "case region #"+strconv.Itoa(i)); err != nil {
			return err
		}
	}
	return nil
}

// indexSwitchConstant inlines the region a constant index selects.
func indexSwitchConstant(op *ir.Operation, rw *ir.Rewriter) bool {
	s := IndexSwitch{op}
	v, ok := constInt(s.Arg())
	if !ok {
		return false
	}
	r := s.DefaultRegion()
	for i, c := range s.Cases() {
		if c == v {
			r = s.CaseRegion(i)
		}
	}
	b := r.Entry()
	if b == nil {
		return false
	}
	y := b.Last()
	if y == nil || y.Name() != "scf.yield" || y.NumOperands() != op.NumResults() {
		return false
	}
	rw.InlineBlockBefore(b, op, nil)
	rw.ReplaceOp(op, y.Operands())
	rw.EraseOp(y)
	return true
}

// inlineMultiBlockExecuteRegion inlines an scf.execute_region of several
// blocks into a function body or another execute_region (regions that may
// hold several blocks): the block is split at the op, branches with cf.br
// into the region, and each scf.yield becomes a branch to the rest, whose
// arguments replace the results (MLIR's MultiBlockExecuteInliner).
func inlineMultiBlockExecuteRegion(op *ir.Operation, rw *ir.Rewriter) bool {
	r := op.Region(0)
	parent := op.ParentOp()
	if op.HasAttr("no_inline") || r.Empty() || r.HasOneBlock() || parent == nil || op.Context().LookupOp("cf.br") == nil {
		return false
	}
	const function = ir.IsolatedFromAbove | ir.Symbol | ir.AutomaticAllocationScope
	if parent.Name() != "scf.execute_region" && (!parent.HasTrait(function) || parent.HasTrait(ir.SingleBlock)) {
		return false
	}
	for b := range r.Blocks() {
		if b.Last() == nil {
			return false
		}
	}
	prev := op.Block()
	post := prev.SplitBefore(op)
	rw.SetInsertionPointToEnd(prev)
	rw.Create(&ir.OpState{Name: "cf.br", Loc: op.Loc(), Successors: []*ir.Block{r.Entry()}})
	for b := range r.Blocks() {
		if y := b.Last(); y.Name() == "scf.yield" {
			rw.SetInsertionPointBefore(y)
			rw.Create(&ir.OpState{Name: "cf.br", Loc: y.Loc(), Operands: y.Operands(), Successors: []*ir.Block{post}})
			rw.EraseOp(y)
		}
	}
	rw.InlineRegionBefore(r, prev.Parent(), post)
	args := make([]*ir.Value, op.NumResults())
	for i, res := range op.Results() {
		args[i] = post.AddArgument(res.Type(), op.Loc())
	}
	rw.ReplaceOp(op, args)
	return true
}

// executeRegionForwardedResults drops the results that every scf.yield of
// an execute_region (no_inline too) gives the same value defined outside
// it: they are that value.
func executeRegionForwardedResults(op *ir.Operation, rw *ir.Rewriter) bool {
	r := op.Region(0)
	var yields []*ir.Operation
	for b := range r.Blocks() {
		if t := b.Last(); t != nil && t.Name() == "scf.yield" {
			if t.NumOperands() != op.NumResults() {
				return false // invalid IR, which the verifier reports
			}
			yields = append(yields, t)
		}
	}
	if len(yields) == 0 {
		return false
	}
	forwarded := make([]*ir.Value, op.NumResults())
	any := false
	for i := range forwarded {
		v := yields[0].Operand(i)
		same := definedOutside(v, r)
		for _, y := range yields[1:] {
			same = same && y.Operand(i) == v
		}
		if same {
			forwarded[i], any = v, true
		}
	}
	if !any {
		return false
	}
	drop := make([]bool, len(forwarded))
	for i, v := range forwarded {
		drop[i] = v != nil
	}
	dropResults(op, rw, yields, drop, forwarded)
	return true
}

// definedOutside reports whether v is defined outside region r (not in r
// nor in a region nested in it).
func definedOutside(v *ir.Value, r *ir.Region) bool {
	for reg := v.ParentRegion(); reg != nil; {
		if reg == r {
			return false
		}
		p := reg.ParentOp()
		if p == nil {
			break
		}
		reg = p.ParentRegion()
	}
	return true
}

// indexSwitchDeadResults drops the results of an scf.index_switch that are
// unused, or that every region yields as the same value defined outside
// the switch (which they then are).
func indexSwitchDeadResults(op *ir.Operation, rw *ir.Rewriter) bool {
	var yields []*ir.Operation
	for _, r := range op.Regions() {
		t := terminator(r)
		if t == nil || t.Name() != "scf.yield" || t.NumOperands() != op.NumResults() {
			return false
		}
		yields = append(yields, t)
	}
	drop := make([]bool, op.NumResults())
	replace := make([]*ir.Value, op.NumResults())
	any := false
	for i, res := range op.Results() {
		v := yields[0].Operand(i)
		same := true
		for _, y := range yields {
			same = same && y.Operand(i) == v
		}
		for _, r := range op.Regions() {
			same = same && definedOutside(v, r)
		}
		switch {
		case same:
			drop[i], replace[i], any = true, v, true
		case !res.HasUses():
			drop[i], any = true, true
		}
	}
	if !any {
		return false
	}
	dropResults(op, rw, yields, drop, replace)
	return true
}

// dropResults rebuilds op, keeping its operands, attributes and regions,
// without the results drop marks and the matching operands of its yields,
// and replaces op: a dropped result i by replace[i] (nil when it has no
// uses), a kept one by the new op's result.
func dropResults(op *ir.Operation, rw *ir.Rewriter, yields []*ir.Operation, drop []bool, replace []*ir.Value) {
	var types []ir.Type
	for i, res := range op.Results() {
		if !drop[i] {
			types = append(types, res.Type())
		}
	}
	for _, y := range yields {
		var kept []*ir.Value
		for i, v := range y.Operands() {
			if !drop[i] {
				kept = append(kept, v)
			}
		}
		rw.ModifyInPlace(y, func() { y.SetOperands(kept) })
	}
	rw.SetInsertionPointBefore(op)
	st := &ir.OpState{Name: op.Name(), Loc: op.Loc(), Operands: op.Operands(), ResultTypes: types, Attrs: op.Attrs()}
	for _, r := range op.Regions() {
		rw.InlineRegionBefore(r, st.AddRegion(), nil)
	}
	n := rw.Create(st)
	k := 0
	for i := range replace {
		if !drop[i] {
			replace[i] = n.Result(k)
			k++
		}
	}
	rw.ReplaceOp(op, replace)
}
