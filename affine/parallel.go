package affine

import (
	"github.com/kiln-gpu/kiln/ir"
	"github.com/kiln-gpu/kiln/memref"
)

var parallel = &ir.OpDef{
	Name:    "affine.parallel",
	Summary: "Parallel loop nest with affine bounds, optionally reducing values over its iterations.",
	Example: "%r = affine.parallel (%i, %j) = (0, max(%a, 2)) to (%n + 1, 64) step (1, 4) reduce (\"addf\") -> (f32) {\n" +
		"  affine.yield %x : f32\n}",
	Traits:   ir.AutomaticAllocationScope | ir.RecursiveEffects | ir.SingleBlock | ir.LoopLike | ir.MemRefsNormalizable,
	Operands: ir.Variadic,
	Results:  ir.Variadic,
	Regions:  ir.Exactly(1),
	Inherent: []string{"lowerBoundsMap", "lowerBoundsGroups", "upperBoundsMap", "upperBoundsGroups", "steps", "reductions"},
	// Hand-written as in MLIR (AffineParallelOp::parse, AffineOps.cpp):
	// bounds are expressions of SSA values, grouped by max/min.
	Parse:  parseParallel,
	Print:  printParallel,
	Verify: verifyParallel,
	Fold:   foldParallel,
}

// Parallel is a typed view of affine.parallel.
type Parallel struct{ *ir.Operation }

// LowerBoundsOperands returns the operands of the lower bounds map.
func (pl Parallel) LowerBoundsOperands() []*ir.Value {
	m := MapOf(pl.Operation, "lowerBoundsMap")
	return pl.Operands()[:min(m.Dims+m.Symbols, pl.NumOperands())]
}

// UpperBoundsOperands returns the operands of the upper bounds map.
func (pl Parallel) UpperBoundsOperands() []*ir.Value {
	m := MapOf(pl.Operation, "lowerBoundsMap")
	return pl.Operands()[min(m.Dims+m.Symbols, pl.NumOperands()):]
}

// Steps returns the constant steps.
func (pl Parallel) Steps() []int64 { return intList(pl.Attr("steps")) }

// Groups returns how many map results each loop's lower (or upper) bound has.
func (pl Parallel) Groups(lower bool) []int64 {
	name := "upperBoundsGroups"
	if lower {
		name = "lowerBoundsGroups"
	}
	d, ok := pl.Attr(name).(*ir.DenseElementsAttr)
	if !ok {
		return nil
	}
	out := make([]int64, d.Len())
	for i := range out {
		out[i] = d.IntAt(i)
	}
	return out
}

func intList(a ir.Attribute) []int64 {
	arr, ok := a.(*ir.ArrayAttr)
	if !ok {
		return nil
	}
	out := make([]int64, 0, len(arr.Elems))
	for _, e := range arr.Elems {
		if i, ok := e.(*ir.IntegerAttr); ok {
			out = append(out, i.Int())
		}
	}
	return out
}

// parseBounds reads `(b, max(b, b), ...)`: one entry per loop, each an
// expression or, with several, keyword(...).
func parseBounds(p *ir.OpParser, keyword string) (*ir.AffineMap, []*ir.Value, []int64, error) {
	s := &ssaExprs{p: p}
	var results []*ir.AffineExpr
	var groups []int64
	if err := p.ParsePunct("("); err != nil {
		return nil, nil, nil, err
	}
	if !p.ParseOptionalPunct(")") {
		for {
			n := 1
			if p.ParseOptionalKeyword(keyword) {
				if err := p.ParsePunct("("); err != nil {
					return nil, nil, nil, err
				}
				n = 0
				for {
					e, err := s.expr()
					if err != nil {
						return nil, nil, nil, err
					}
					results = append(results, e)
					n++
					if !p.ParseOptionalPunct(",") {
						break
					}
				}
				if err := p.ParsePunct(")"); err != nil {
					return nil, nil, nil, err
				}
			} else {
				e, err := s.expr()
				if err != nil {
					return nil, nil, nil, err
				}
				results = append(results, e)
			}
			groups = append(groups, int64(n))
			if !p.ParseOptionalPunct(",") {
				break
			}
		}
		if err := p.ParsePunct(")"); err != nil {
			return nil, nil, nil, err
		}
	}
	m, vals, err := s.finish(results)
	return m, vals, groups, err
}

// (%i, ...) = (lbs) to (ubs) (step (n, ...))? (reduce ("kind", ...))? (-> (types))? region attr-dict
func parseParallel(p *ir.OpParser, st *ir.OpState) error {
	ctx := p.Context()
	ivs, err := p.ParseArgumentList(true, false)
	if err != nil {
		return err
	}
	if err := p.ParsePunct("="); err != nil {
		return err
	}
	lbMap, lbs, lbGroups, err := parseBounds(p, "max")
	if err != nil {
		return err
	}
	if err := p.ParseKeyword("to"); err != nil {
		return err
	}
	ubMap, ubs, ubGroups, err := parseBounds(p, "min")
	if err != nil {
		return err
	}
	var steps []ir.Attribute
	if p.ParseOptionalKeyword("step") {
		if err := p.ParsePunct("("); err != nil {
			return err
		}
		for !p.ParseOptionalPunct(")") {
			if len(steps) > 0 {
				if err := p.ParsePunct(","); err != nil {
					return err
				}
			}
			v, err := p.ParseInteger()
			if err != nil {
				return err
			}
			steps = append(steps, ctx.I64Attr(v))
		}
	} else {
		for range ivs {
			steps = append(steps, ctx.I64Attr(1))
		}
	}
	var reductions []ir.Attribute
	if p.ParseOptionalKeyword("reduce") {
		if err := p.ParsePunct("("); err != nil {
			return err
		}
		for !p.ParseOptionalPunct(")") {
			if len(reductions) > 0 {
				if err := p.ParsePunct(","); err != nil {
					return err
				}
			}
			at := p.Pos()
			s, err := p.ParseString()
			if err != nil {
				return err
			}
			k, ok := memref.ParseAtomicRMWKind(s)
			if !ok {
				return ir.Errorf(p.LocAt(at), "invalid reduction value: \"%s\"", s)
			}
			reductions = append(reductions, ctx.I64Attr(int64(k)))
		}
	}
	// The result types are optional apart from reduce, as in MLIR (the
	// verifier then wants a reduction for each).
	if p.ParseOptionalPunct("->") {
		var err error
		if st.ResultTypes, err = p.ParseFunctionResults(); err != nil {
			return err
		}
	}
	for i := range ivs {
		ivs[i].Type = ctx.Index()
	}
	at := p.Pos()
	r := st.AddRegion()
	if err := p.ParseRegionWithArgs(r, ivs); err != nil {
		return err
	}
	ensureYield(p, r, at)
	st.Operands = append(lbs, ubs...)
	groups := func(g []int64) ir.Attribute {
		return ctx.DenseInts(ctx.Tensor([]int64{int64(len(g))}, ctx.I(32), nil), g)
	}
	st.AddAttr("lowerBoundsMap", ctx.AffineMapAttr(lbMap))
	st.AddAttr("lowerBoundsGroups", groups(lbGroups))
	st.AddAttr("upperBoundsMap", ctx.AffineMapAttr(ubMap))
	st.AddAttr("upperBoundsGroups", groups(ubGroups))
	st.AddAttr("steps", ctx.ArrayAttr(steps...))
	st.AddAttr("reductions", ctx.ArrayAttr(reductions...))
	return p.ParseOptionalAttrDict()
}

func printParallel(p *ir.OpPrinter, op *ir.Operation) {
	pl := Parallel{op}
	p.WriteString(" (")
	p.Operands(op.Region(0).Entry().Args())
	p.WriteString(") = (")
	printBounds(p, MapOf(op, "lowerBoundsMap"), pl.Groups(true), pl.LowerBoundsOperands(), "max")
	p.WriteString(") to (")
	printBounds(p, MapOf(op, "upperBoundsMap"), pl.Groups(false), pl.UpperBoundsOperands(), "min")
	p.WriteByte(')')
	steps := pl.Steps()
	for _, s := range steps {
		if s != 1 {
			p.WriteString(" step (")
			for i, s := range steps {
				if i > 0 {
					p.WriteString(", ")
				}
				p.Int(s)
			}
			p.WriteByte(')')
			break
		}
	}
	if op.NumResults() > 0 {
		p.WriteString(" reduce (")
		for i, k := range intList(op.Attr("reductions")) {
			if i > 0 {
				p.WriteString(", ")
			}
			p.WriteString("\"" + memref.AtomicRMWKind(k).String() + "\"")
		}
		p.WriteString(") -> (")
		p.TypeList(op.ResultTypes())
		p.WriteByte(')')
	}
	p.WriteByte(' ')
	p.Region(op.Region(0), false, op.NumResults() > 0)
	p.OptionalAttrDict(op.Attrs(), "reductions", "lowerBoundsMap", "lowerBoundsGroups", "upperBoundsMap", "upperBoundsGroups", "steps")
}

// printBounds writes each loop's bound: its expression, or keyword(...)
// around a group of several.
func printBounds(p *ir.OpPrinter, m *ir.AffineMap, groups []int64, operands []*ir.Value, keyword string) {
	dims, syms := operands[:m.Dims], operands[m.Dims:]
	start := 0
	for i, g := range groups {
		if i > 0 {
			p.WriteString(", ")
		}
		if g != 1 {
			p.WriteString(keyword + "(")
		}
		for k := range int(g) {
			if k > 0 {
				p.WriteString(", ")
			}
			printExpr(p, m.Results[start+k], dims, syms, false)
		}
		if g != 1 {
			p.WriteByte(')')
		}
		start += int(g)
	}
}

func verifyParallel(op *ir.Operation) error {
	pl := Parallel{op}
	lb, ub := MapOf(op, "lowerBoundsMap"), MapOf(op, "upperBoundsMap")
	for _, n := range []string{"lowerBoundsMap", "upperBoundsMap"} {
		if MapOf(op, n) == nil {
			return op.Errorf("requires attribute '%s'", n)
		}
	}
	for _, n := range []string{"lowerBoundsGroups", "upperBoundsGroups"} {
		if _, ok := op.Attr(n).(*ir.DenseElementsAttr); !ok {
			return op.Errorf("requires attribute '%s'", n)
		}
	}
	if err := checkIndexOperands(op, 0); err != nil {
		return err
	}
	if op.NumOperands() != lb.Dims+lb.Symbols+ub.Dims+ub.Symbols {
		return op.Errorf("operand count must match the dimensions and symbols of the bounds maps")
	}
	b := op.Region(0).Entry()
	numDims := len(pl.Groups(true))
	lg, ug, steps := pl.Groups(true), pl.Groups(false), pl.Steps()
	if b == nil || len(ug) != numDims || len(steps) != numDims || b.NumArgs() != numDims {
		args := 0
		if b != nil {
			args = b.NumArgs()
		}
		return op.Errorf("the number of region arguments (%d) and the number of map groups for lower (%d) and upper bound (%d), and the number of steps (%d) must all match",
			args, len(lg), len(ug), len(steps))
	}
	for _, g := range []struct {
		which  string
		groups []int64
		m      *ir.AffineMap
	}{{"lower", lg, lb}, {"upper", ug, ub}} {
		total := int64(0)
		for _, n := range g.groups {
			if n <= 0 {
				return op.Errorf("expected %s bound map to have at least one result", g.which)
			}
			total += n
		}
		if total != int64(len(g.m.Results)) {
			return op.Errorf("expected %s bounds map to have %d results", g.which, total)
		}
	}
	reds := intList(op.Attr("reductions"))
	if len(reds) != op.NumResults() {
		return op.Errorf("a reduction must be specified for each output")
	}
	for i, k := range reds {
		kind := memref.AtomicRMWKind(k)
		if kind.String() == "<invalid>" {
			return op.Errorf("invalid reduction attribute")
		}
		t := op.Result(i).Type()
		_, isInt := t.(*ir.IntegerType)
		if kind.IsFloat() && !ir.IsFloat(t) || !kind.IsFloat() && kind != memref.AtomicAssign && !isInt {
			return op.Errorf("result type cannot match reduction attribute")
		}
	}
	for _, a := range b.Args() {
		if !isIndex(a.Type()) {
			return op.Errorf("expected the region arguments to be of index type")
		}
	}
	// The bound operands are valid dimensions and symbols, lower then upper.
	nlb := lb.Dims + lb.Symbols
	if err := verifyDimsAndSymbols(op, op.Operands()[:nlb], lb.Dims); err != nil {
		return err
	}
	return verifyDimsAndSymbols(op, op.Operands()[nlb:], ub.Dims)
}
