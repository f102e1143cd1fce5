package affine

import (
	"strings"

	"github.com/kiln-gpu/kiln/ir"
)

var forOp = &ir.OpDef{
	Name:    "affine.for",
	Summary: "Loop from an affine lower bound to an affine upper bound by a constant step.",
	Example: "%r = affine.for %i = 0 to %n step 2 iter_args(%a = %x) -> (f32) {\n" +
		"  %s = arith.addf %a, %a : f32\n  affine.yield %s : f32\n}",
	Traits:   ir.AutomaticAllocationScope | ir.RecursiveEffects | ir.SingleBlock | ir.AttrSizedOperandSegments | ir.LoopLike,
	Operands: ir.Variadic,
	Results:  ir.Variadic,
	Regions:  ir.Exactly(1),
	Inherent: []string{"lowerBoundMap", "upperBoundMap", "step"},
	// Hand-written as in MLIR (AffineForOp::parse, AffineOps.cpp): bounds are a bare
	// constant, a bare symbol or a map with its operands, and the induction
	// variable and iter_args bind block arguments.
	Parse:         parseFor,
	Print:         printFor,
	Verify:        verifyFor,
	VerifyRegions: verifyForRegions,
	Fold:          foldFor,
	Canonicalize:  []*ir.Pattern{{Name: "affine-for-empty-loop", Root: "affine.for", Rewrite: eraseEmptyFor}},

	RegionSuccessors:     forSuccessors,
	SuccessorForOperands: forTaken,

	// As MLIR's: a loop by 1 terminates whatever its bounds.
	Speculatability: func(op *ir.Operation) ir.Speculatability {
		if (For{op}).Step() == 1 {
			return ir.RecursivelySpeculatable
		}
		return ir.NotSpeculatable
	},
}

// For is a typed view of affine.for.
type For struct{ *ir.Operation }

func (f For) segment(i int) []*ir.Value {
	if len(ir.OperandSegmentSizes(f.Operation)) != 3 {
		return nil
	}
	return ir.OperandSegment(f.Operation, i)
}

// LowerBoundOperands returns the operands of the lower bound map.
func (f For) LowerBoundOperands() []*ir.Value { return f.segment(0) }

// UpperBoundOperands returns the operands of the upper bound map.
func (f For) UpperBoundOperands() []*ir.Value { return f.segment(1) }

// Inits returns the initial values of the loop-carried values.
func (f For) Inits() []*ir.Value { return f.segment(2) }

// Step returns the constant step.
func (f For) Step() int64 {
	if a, ok := f.Attr("step").(*ir.IntegerAttr); ok {
		return a.Int()
	}
	return 1
}

// Body returns the loop body: the induction variable, then the iter_args.
func (f For) Body() *ir.Block { return f.Region(0).Entry() }

// %i = bound to bound (step N)? (iter_args(...) -> (types))? region attr-dict
func parseFor(p *ir.OpParser, st *ir.OpState) error {
	ctx := p.Context()
	iv, err := p.ParseArgument(false)
	if err != nil {
		return err
	}
	if err := p.ParsePunct("="); err != nil {
		return err
	}
	lbs, err := parseBound(p, st, true)
	if err != nil {
		return err
	}
	if !p.ParseOptionalKeyword("to") {
		return p.Errorf("expected 'to' between bounds")
	}
	ubs, err := parseBound(p, st, false)
	if err != nil {
		return err
	}
	step := int64(1)
	if p.ParseOptionalKeyword("step") {
		at := p.Pos()
		a, err := p.ParseAttribute(ctx.Index())
		if err != nil {
			return err
		}
		c, ok := a.(*ir.IntegerAttr)
		if !ok {
			return ir.Errorf(p.LocAt(at), "invalid kind of attribute specified")
		}
		if step = c.Int(); step <= 0 {
			return ir.Errorf(p.LocAt(at), "expected step to be representable as a positive signed integer")
		}
	}
	st.AddAttr("step", ctx.IndexAttr(step))
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
			return p.ErrorfAt(st.Loc, "mismatch between the number of loop-carried values and results")
		}
		for i := range args {
			args[i].Type = st.ResultTypes[i]
		}
		if err := p.ResolveOperands(inits, st.ResultTypes); err != nil {
			return err
		}
	}
	iv.Type = ctx.Index()
	at := p.Pos()
	r := st.AddRegion()
	if err := p.ParseRegionWithArgs(r, append([]ir.Argument{iv}, args...)); err != nil {
		return err
	}
	ensureYield(p, r, at)
	st.AddAttr("operandSegmentSizes", ctx.DenseI32Array(int64(lbs), int64(ubs), int64(len(inits))))
	return p.ParseOptionalAttrDict()
}

// parseBound reads a loop bound into st (its map attribute and operands)
// and returns the number of operands: an integer (a constant map), an SSA
// value (the symbol identity map), or `max`/`min`, a map and its operands.
func parseBound(p *ir.OpParser, st *ir.OpState, lower bool) (int, error) {
	ctx := p.Context()
	name, prefix := "upperBoundMap", "min"
	if lower {
		name, prefix = "lowerBoundMap", "max"
	}
	hasPrefix := p.ParseOptionalKeyword(prefix)
	if p.IsOperand() {
		u, err := p.ParseOperand()
		if err != nil {
			return 0, err
		}
		v, err := p.Resolve(u, ctx.Index())
		if err != nil {
			return 0, err
		}
		st.Operands = append(st.Operands, v)
		st.AddAttr(name, ctx.AffineMapAttr(&ir.AffineMap{Symbols: 1, Results: []*ir.AffineExpr{ir.AffineSymbolExpr(0)}}))
		return 1, nil
	}
	// A constant is an index attribute, range-checked as one.
	at := p.Pos()
	a, err := p.ParseAttribute(ctx.Index())
	if err != nil {
		return 0, err
	}
	if c, ok := a.(*ir.IntegerAttr); ok {
		st.AddAttr(name, ctx.AffineMapAttr(&ir.AffineMap{Results: []*ir.AffineExpr{ir.AffineConstExpr(c.Int())}}))
		return 0, nil
	}
	m, ok := a.(*ir.AffineMapAttr)
	if !ok {
		return 0, p.ErrorfAt(st.Loc, "expected valid affine map representation for loop bounds")
	}
	operands, numDims, err := parseDimAndSymbolList(p)
	if err != nil {
		return 0, err
	}
	if m.Map.Dims != numDims {
		return 0, p.ErrorfAt(st.Loc, "dim operand count and affine map dim count must match")
	}
	if numDims+m.Map.Symbols != len(operands) {
		return 0, p.ErrorfAt(st.Loc, "symbol operand count and affine map symbol count must match")
	}
	if len(m.Map.Results) > 1 && !hasPrefix {
		which := "upper"
		if lower {
			which = "lower"
		}
		return 0, ir.Errorf(p.LocAt(at), "%s loop bound affine map with multiple results requires '%s' prefix", which, prefix)
	}
	for _, u := range operands {
		v, err := p.Resolve(u, ctx.Index())
		if err != nil {
			return 0, err
		}
		st.Operands = append(st.Operands, v)
	}
	st.AddAttr(name, m)
	return len(operands), nil
}

func printFor(p *ir.OpPrinter, op *ir.Operation) {
	f := For{op}
	p.WriteByte(' ')
	p.UntypedArgument(f.Body().Arg(0))
	p.WriteString(" = ")
	printBound(p, op.Attr("lowerBoundMap"), f.LowerBoundOperands(), "max")
	p.WriteString(" to ")
	printBound(p, op.Attr("upperBoundMap"), f.UpperBoundOperands(), "min")
	if s := f.Step(); s != 1 {
		p.WriteString(" step ")
		p.Int(s)
	}
	inits := f.Inits()
	if len(inits) > 0 {
		p.WriteString(" iter_args")
		p.AssignmentList(f.Body().Args()[1:], inits)
		p.WriteString(" -> (")
		p.TypeList(op.ResultTypes())
		p.WriteByte(')')
	}
	p.WriteByte(' ')
	p.Region(op.Region(0), false, len(inits) > 0)
	p.OptionalAttrDict(op.Attrs(), "lowerBoundMap", "upperBoundMap", "step", "operandSegmentSizes")
}

// printBound writes a bound as MLIR does: bare when the map is a constant
// without operands or the identity of one symbol, else the map (after
// `max`/`min` when it has several results) and its operands.
func printBound(p *ir.OpPrinter, a ir.Attribute, operands []*ir.Value, prefix string) {
	m := a.(*ir.AffineMapAttr).Map
	if len(m.Results) == 1 {
		e := m.Results[0]
		if m.Dims == 0 && m.Symbols == 0 && e.Kind == ir.AffineConst {
			p.Int(e.Value)
			return
		}
		if m.Dims == 0 && m.Symbols == 1 && e.Kind == ir.AffineSymbol && len(operands) == 1 {
			p.Operand(operands[0])
			return
		}
	} else {
		p.WriteString(prefix + " ")
	}
	p.Attr(a)
	printDimAndSymbolList(p, operands, m.Dims)
}

func verifyFor(op *ir.Operation) error {
	f := For{op}
	if len(ir.OperandSegmentSizes(op)) != 3 {
		return op.Errorf("requires attribute 'operandSegmentSizes' with 3 elements")
	}
	for _, b := range []struct {
		name     string
		operands []*ir.Value
	}{{"lowerBoundMap", f.LowerBoundOperands()}, {"upperBoundMap", f.UpperBoundOperands()}} {
		m := MapOf(op, b.name)
		if m == nil {
			return op.Errorf("requires attribute '%s'", b.name)
		}
		if len(m.Results) == 0 {
			return op.Errorf("attribute '%s' failed to satisfy constraint: affine map with at least one result", b.name)
		}
		if m.Dims+m.Symbols != len(b.operands) {
			which := strings.TrimSuffix(b.name, "BoundMap")
			return op.Errorf("%s bound operand count does not equal %s bound map dimension and symbol count", which, which)
		}
		for _, v := range b.operands {
			if !isIndex(v.Type()) {
				return op.Errorf("operands of the bounds must be index, but got '%s'", ir.TypeString(v.Type()))
			}
		}
		if err := verifyDimsAndSymbols(op, b.operands, m.Dims); err != nil {
			return err
		}
	}
	if s, ok := op.Attr("step").(*ir.IntegerAttr); !ok || s.Int() <= 0 {
		return op.Errorf("attribute 'step' failed to satisfy constraint: index attribute whose value is positive")
	}
	return nil
}

func verifyForRegions(op *ir.Operation) error {
	f := For{op}
	b := f.Body()
	if b == nil || b.NumArgs() == 0 || !isIndex(b.Arg(0).Type()) {
		return op.Errorf("expected body to have a single index argument for the induction variable")
	}
	n := op.NumResults()
	if n == 0 {
		return nil
	}
	if len(f.Inits()) != n {
		return op.Errorf("mismatch between the number of loop-carried values and results")
	}
	if b.NumArgs()-1 != n {
		return op.Errorf("mismatch between the number of basic block args and results")
	}
	return nil
}

// eraseEmptyFor is MLIR's AffineForEmptyLoopFolder: a loop whose body is
// only its terminator is replaced by what it yields: its inits when it runs
// zero times, else per result the value from outside the loop or the init
// of the iter_arg yielded. Not when the induction variable is yielded, nor,
// with an unknown trip count, when a value from outside the loop or the
// iter_args out of order are, nor, with two trips or more, out of order.
func eraseEmptyFor(op *ir.Operation, rw *ir.Rewriter) bool {
	f := For{op}
	b := f.Body()
	if b == nil || b.First() != b.Last() {
		return false
	}
	trips, known := tripCount(op)
	if known && trips == 0 {
		rw.ReplaceOp(op, f.Inits())
		return true
	}
	yield := b.Last()
	inits := f.Inits()
	var repl []*ir.Value
	outside, unordered := false, false
	for i, v := range yield.Operands() {
		if v == b.Arg(0) {
			return false
		}
		if v.OwnerBlock() == b && v.DefiningOp() == nil {
			pos := v.Index() - 1
			unordered = unordered || pos != i
			repl = append(repl, inits[pos])
			continue
		}
		outside = true
		repl = append(repl, v)
	}
	if !known && (outside || unordered) || known && trips >= 2 && unordered {
		return false
	}
	rw.ReplaceOp(op, repl)
	return true
}

// tripCount is MLIR's getTrivialConstantTripCount: with constant bounds,
// the number of iterations (zero when the upper bound is not above the
// lower).
func tripCount(op *ir.Operation) (int64, bool) {
	lb, ub := constantFor(op)
	if !lb.ok || !ub.ok {
		return 0, false
	}
	if ub.v <= lb.v {
		return 0, true
	}
	step := For{op}.Step()
	return (ub.v - lb.v + step - 1) / step, true
}

// foldFor makes a bound whose operands are all constant a constant map
// (the largest result for the lower bound, the smallest for the upper),
// else composes and canonicalizes the bound maps (canonicalizeLoopBounds,
// simplify.go), and folds a loop that runs zero times to its inits (MLIR's
// AffineForOp::fold).
func foldFor(op *ir.Operation, operands []ir.Attribute) ([]ir.FoldResult, bool) {
	f := For{op}
	lbs, ubs := f.LowerBoundOperands(), f.UpperBoundOperands()
	nl, nu := len(lbs), len(ubs)
	if nl+nu+len(f.Inits()) != len(operands) {
		return nil, false
	}
	lo, loOK := foldBound(MapOf(op, "lowerBoundMap"), operands[:nl], true)
	hi, hiOK := foldBound(MapOf(op, "upperBoundMap"), operands[nl:nl+nu], false)
	if trips, ok := tripCount(op); ok && trips == 0 && op.NumResults() > 0 {
		out := make([]ir.FoldResult, op.NumResults())
		for i, v := range f.Inits() {
			out[i] = ir.FoldResult{Value: v}
		}
		return out, true
	}
	// A bound already constant without operands stays as it is.
	loOK = loOK && nl > 0
	hiOK = hiOK && nu > 0
	if !loOK && !hiOK {
		return nil, canonicalizeForBounds(op, operands)
	}
	ctx := op.Context()
	constMap := func(v int64) ir.Attribute {
		return ctx.AffineMapAttr(&ir.AffineMap{Results: []*ir.AffineExpr{ir.AffineConstExpr(v)}})
	}
	newLbs, newUbs := lbs, ubs
	if loOK {
		op.SetAttr("lowerBoundMap", constMap(lo))
		newLbs = nil
	}
	if hiOK {
		op.SetAttr("upperBoundMap", constMap(hi))
		newUbs = nil
	}
	inits := f.Inits()
	op.SetOperands(append(append(append([]*ir.Value{}, newLbs...), newUbs...), inits...))
	op.SetAttr("operandSegmentSizes", ctx.DenseI32Array(int64(len(newLbs)), int64(len(newUbs)), int64(len(inits))))
	return nil, true
}

// foldBound evaluates a bound map with its constant operands substituted
// (MLIR's AffineMap::constantFold, which needs only the operands the
// results use): the max of its results for a lower bound, the min for an
// upper bound; false unless every result is then constant.
func foldBound(m *ir.AffineMap, operands []ir.Attribute, lower bool) (int64, bool) {
	if m == nil || len(operands) != m.Dims+m.Symbols || len(m.Results) == 0 {
		return 0, false
	}
	var best int64
	for i, r := range m.Results {
		e := substituteConstants(r, operands[:m.Dims], operands[m.Dims:])
		if e.Kind != ir.AffineConst {
			return 0, false
		}
		if i == 0 || lower && e.Value > best || !lower && e.Value < best {
			best = e.Value
		}
	}
	return best, true
}

// constantBound returns the value of a single-result constant map.
func constantBound(m *ir.AffineMap) (int64, bool) {
	if m == nil || len(m.Results) != 1 || m.Results[0].Kind != ir.AffineConst {
		return 0, false
	}
	return m.Results[0].Value, true
}
