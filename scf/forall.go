package scf

import (
	"slices"

	"github.com/kiln-gpu/kiln/ir"
)

var forall = &ir.OpDef{
	Name: "scf.forall",
	// MLIR's name for it until January 2023, with the same form.
	OldNames: []string{"scf.foreach_thread"},
	Summary:  "Parallel loop nest whose iterations may run in any order, with shared outputs.",
	Example: "%r = scf.forall (%i, %j) in (%n, 8) shared_outs(%o = %t) -> (tensor<8xf32>) {\n" +
		"  scf.forall.in_parallel {\n  }\n} {mapping = [#gpu.thread<x>, #gpu.thread<y>]}",
	Traits:   ir.AutomaticAllocationScope | ir.RecursiveEffects | ir.SingleBlock | ir.AttrSizedOperandSegments | ir.LoopLike,
	Operands: ir.Variadic,
	Results:  ir.Variadic,
	Regions:  ir.Exactly(1),
	Inherent: []string{"staticLowerBound", "staticUpperBound", "staticStep", "mapping"},
	// Hand-written as in MLIR (ForallOp::parse, SCF.cpp): the induction
	// variables and shared_outs bind block arguments, and the bounds mix
	// static and dynamic values (a normalized loop prints its upper bounds only).
	Parse:  parseForall,
	Print:  printForall,
	Verify: verifyForall,
	// In MLIR's order, which decides between patterns that both match
	// (tensor.dim of a result is tensor's pattern).
	Canonicalize: []*ir.Pattern{
		{Name: "forall-tensor-cast-folder", Root: "scf.forall", Rewrite: forallTensorCastFolder},
		{Name: "forall-control-operands", Root: "scf.forall", Rewrite: forallControlOperands},
		{Name: "forall-iter-args", Root: "scf.forall", Rewrite: forallIterArgs},
		{Name: "forall-single-or-zero-iteration-dims", Root: "scf.forall", Rewrite: forallSingleOrZeroIterationDims},
		{Name: "forall-constant-induction-var", Root: "scf.forall", Rewrite: forallConstantInductionVar},
	},
}

// Forall is a typed view of scf.forall.
type Forall struct{ *ir.Operation }

func (f Forall) static(name string) []int64 {
	if a, ok := f.Attr(name).(*ir.DenseArrayAttr); ok {
		return a.Ints
	}
	return nil
}

// loopSegment returns operand segment i of scf.forall or scf.parallel, whose
// operands come in four segments.
func loopSegment(op *ir.Operation, i int) []*ir.Value {
	if len(ir.OperandSegmentSizes(op)) != 4 {
		return nil
	}
	return ir.OperandSegment(op, i)
}

// Bound is one entry of a mixed static/dynamic list: Value when dynamic.
type Bound struct {
	Static int64
	Value  *ir.Value
}

// AsValue returns the bound as an SSA value, creating an index constant at
// rw's insertion point for a static one.
func (b Bound) AsValue(rw *ir.Rewriter, loc ir.Location) *ir.Value {
	if b.Value != nil {
		return b.Value
	}
	return rw.Create(&ir.OpState{Name: "arith.constant", Loc: loc, ResultTypes: []ir.Type{rw.Context().Index()},
		Attrs: []ir.NamedAttr{{Name: "value", Value: rw.Context().IndexAttr(b.Static)}}}).Result(0)
}

// Constant returns the bound's value when it is static or a constant.
func (b Bound) Constant() (int64, bool) {
	if b.Value == nil {
		return b.Static, b.Static != ir.Dynamic
	}
	if c, ok := ir.ConstantIntAttr(b.Value); ok {
		return c.Int(), true
	}
	return 0, false
}

func mixedBounds(static []int64, dyn []*ir.Value) []Bound {
	out := make([]Bound, len(static))
	k := 0
	for i, s := range static {
		out[i] = Bound{Static: s}
		if s == ir.Dynamic && k < len(dyn) {
			out[i].Value = dyn[k]
			k++
		}
	}
	return out
}

// LowerBounds returns the mixed lower bounds.
func (f Forall) LowerBounds() []Bound {
	return mixedBounds(f.static("staticLowerBound"), loopSegment(f.Operation, 0))
}

// UpperBounds returns the mixed upper bounds.
func (f Forall) UpperBounds() []Bound {
	return mixedBounds(f.static("staticUpperBound"), loopSegment(f.Operation, 1))
}

// Steps returns the mixed steps.
func (f Forall) Steps() []Bound {
	return mixedBounds(f.static("staticStep"), loopSegment(f.Operation, 2))
}

// Outputs returns the shared outputs.
func (f Forall) Outputs() []*ir.Value { return loopSegment(f.Operation, 3) }

// Body returns the loop body: induction variables, then output arguments.
func (f Forall) Body() *ir.Block { return f.Region(0).Entry() }

// DeviceMappingAttr is MLIR's DeviceMappingAttrInterface: an attribute of
// an scf.forall mapping that names the processing unit a loop is
// distributed over (the gpu dialect's #gpu.thread<x> and siblings).
type DeviceMappingAttr interface {
	ir.Attribute
	MappingID() int64
	IsLinearMapping() bool
}

// DeviceMaskingAttr is MLIR's DeviceMaskingAttrInterface: an attribute of
// an scf.forall mapping that restricts which linear ids are active
// (#gpu.mask<N>).
type DeviceMaskingAttr interface {
	ir.Attribute
	MaxNumPhysicalIDs() int64
}

// verifyMapping checks the mapping as MLIR does: an array of device mapping
// and masking attributes, one mapping per loop and at most one mask.
func verifyMapping(op *ir.Operation, rank int) error {
	a := op.Attr("mapping")
	if a == nil {
		return nil
	}
	m, ok := a.(*ir.ArrayAttr)
	if !ok {
		return op.Errorf("attribute 'mapping' failed to satisfy constraint: Device Mapping array attribute")
	}
	bad := false
	mappings, masks := 0, 0
	for _, e := range m.Elems {
		switch e.(type) {
		case DeviceMappingAttr:
			mappings++
		case DeviceMaskingAttr:
			masks++
		default:
			bad = true
		}
	}
	switch {
	case bad:
		return op.Errorf("attribute 'mapping' failed to satisfy constraint: Device Mapping array attribute")
	case len(m.Elems) == 0:
		return nil
	case mappings != rank:
		return op.Errorf("mapping attribute size must match op rank")
	case masks > 1:
		return op.Errorf("mapping supports at most one device masking attribute")
	}
	return nil
}

// Mapping returns the optional mapping attribute.
func (f Forall) Mapping() *ir.ArrayAttr { m, _ := f.Attr("mapping").(*ir.ArrayAttr); return m }

// parseMixedParen parses `(%a, 4)` into dynamic uses and a static list.
func parseMixedParen(p *ir.OpParser) ([]ir.UnresolvedOperand, []int64, error) {
	if err := p.ParsePunct("("); err != nil {
		return nil, nil, err
	}
	var dyn []ir.UnresolvedOperand
	static := []int64{}
	if p.ParseOptionalPunct(")") {
		return dyn, static, nil
	}
	for {
		if u, ok, err := p.ParseOptionalOperand(); err != nil {
			return nil, nil, err
		} else if ok {
			dyn = append(dyn, u)
			static = append(static, ir.Dynamic)
		} else {
			v, err := p.ParseInteger()
			if err != nil {
				return nil, nil, p.Errorf("expected SSA value or integer")
			}
			static = append(static, v)
		}
		if !p.ParseOptionalPunct(",") {
			break
		}
	}
	return dyn, static, p.ParsePunct(")")
}

func printMixedParen(p *ir.OpPrinter, bs []Bound) {
	p.WriteByte('(')
	for i, b := range bs {
		if i > 0 {
			p.WriteString(", ")
		}
		if b.Value != nil {
			p.Operand(b.Value)
		} else {
			p.Int(b.Static)
		}
	}
	p.WriteByte(')')
}

// (%i, ...) (in (ubs) | = (lbs) to (ubs) step (steps)) (shared_outs(%o = %x) -> (types))? region attr-dict
func parseForall(p *ir.OpParser, st *ir.OpState) error {
	ctx := p.Context()
	ivs, err := p.ParseArgumentList(true, false)
	if err != nil {
		return err
	}
	var dyn [3][]ir.UnresolvedOperand
	var static [3][]int64
	if p.ParseOptionalKeyword("in") {
		if dyn[1], static[1], err = parseMixedParen(p); err != nil {
			return err
		}
		for range static[1] {
			static[0] = append(static[0], 0)
			static[2] = append(static[2], 1)
		}
	} else {
		for i, kw := range []string{"=", "to", "step"} {
			if i == 0 {
				err = p.ParsePunct(kw)
			} else {
				err = p.ParseKeyword(kw)
			}
			if err != nil {
				return err
			}
			if dyn[i], static[i], err = parseMixedParen(p); err != nil {
				return err
			}
		}
	}
	for _, s := range static {
		if len(s) != len(ivs) {
			return p.Errorf("mismatch between the number of loop indices and the number of bounds")
		}
	}
	var outArgs []ir.Argument
	var outs []ir.UnresolvedOperand
	if p.ParseOptionalKeyword("shared_outs") {
		if outArgs, outs, err = p.ParseAssignmentList(); err != nil {
			return err
		}
		if st.ResultTypes, err = p.ParseOptionalArrowTypeList(); err != nil {
			return err
		}
	}
	if err := resolveLoopOperands(p, dyn[:], outs, st.ResultTypes, ivs); err != nil {
		return err
	}
	at := p.Pos()
	r := st.AddRegion()
	if err := p.ParseRegionWithArgs(r, append(ivs, withTypes(outArgs, st.ResultTypes)...)); err != nil {
		return err
	}
	ensureTerminator(p, r, "scf.forall.in_parallel", at)
	if t := terminator(r); t != nil && t.Name() == "scf.forall.in_parallel" && t.NumRegions() == 0 {
		// The implicit terminator gets its (empty) body region.
		t.Erase()
		in := &ir.OpState{Name: "scf.forall.in_parallel", Loc: p.LocAt(at)}
		in.AddRegion().Append(ir.NewBlock(nil, nil))
		r.Entry().Append(ctx.NewOp(in))
	}
	st.AddAttr("staticLowerBound", ctx.DenseI64Array(static[0]...))
	st.AddAttr("staticUpperBound", ctx.DenseI64Array(static[1]...))
	st.AddAttr("staticStep", ctx.DenseI64Array(static[2]...))
	st.AddAttr("operandSegmentSizes", ctx.DenseI32Array(int64(len(dyn[0])), int64(len(dyn[1])), int64(len(dyn[2])), int64(len(outs))))
	return p.ParseOptionalAttrDict()
}

func printForall(p *ir.OpPrinter, op *ir.Operation) {
	f := Forall{op}
	lbs, ubs, steps := f.LowerBounds(), f.UpperBounds(), f.Steps()
	p.WriteString(" (")
	if b := f.Body(); b != nil && b.NumArgs() >= len(ubs) {
		p.Operands(b.Args()[:len(ubs)])
	}
	p.WriteString(") ")
	normalized := true
	for i := range lbs {
		if lbs[i].Value != nil || lbs[i].Static != 0 || steps[i].Value != nil || steps[i].Static != 1 {
			normalized = false
		}
	}
	if normalized {
		p.WriteString("in ")
		printMixedParen(p, ubs)
	} else {
		p.WriteString("= ")
		printMixedParen(p, lbs)
		p.WriteString(" to ")
		printMixedParen(p, ubs)
		p.WriteString(" step ")
		printMixedParen(p, steps)
	}
	if outs := f.Outputs(); len(outs) > 0 {
		p.WriteString(" shared_outs")
		p.AssignmentList(f.Body().Args()[len(ubs):], outs)
		p.WriteString(" -> (")
		p.TypeList(op.ResultTypes())
		p.WriteByte(')')
	}
	p.WriteByte(' ')
	p.Region(op.Region(0), false, op.NumResults() > 0)
	p.OptionalAttrDict(op.Attrs(), "operandSegmentSizes", "staticLowerBound", "staticUpperBound", "staticStep")
}

func verifyForall(op *ir.Operation) error {
	f := Forall{op}
	for _, n := range []string{"staticLowerBound", "staticUpperBound", "staticStep"} {
		if _, ok := op.Attr(n).(*ir.DenseArrayAttr); !ok {
			return op.Errorf("requires attribute '%s'", n)
		}
	}
	rank := len(f.UpperBounds())
	if len(f.LowerBounds()) != rank || len(f.Steps()) != rank {
		return op.Errorf("lower bounds, upper bounds and steps must have the same rank")
	}
	for _, s := range f.Steps() {
		if s.Value == nil && s.Static <= 0 {
			return op.Errorf("constant step operand must be positive")
		}
	}
	if len(f.Outputs()) != op.NumResults() {
		return op.Errorf("must have as many results as outputs")
	}
	for i, o := range f.Outputs() {
		if o.Type() != op.Result(i).Type() {
			return op.Errorf("type mismatch between %d-th output and corresponding result", i)
		}
	}
	b := f.Body()
	if b == nil || b.NumArgs() != rank+op.NumResults() {
		return op.Errorf("region expects %d arguments", rank+op.NumResults())
	}
	for i, a := range b.Args() {
		if i < rank && !isIndex(a.Type()) {
			return op.Errorf("expects %d-th block argument to be an index", i)
		}
		if i >= rank && a.Type() != op.Result(i-rank).Type() {
			return op.Errorf("type mismatch between result #%d (%s) and block argument #%d (%s)",
				i-rank, ir.TypeString(op.Result(i-rank).Type()), i, ir.TypeString(a.Type()))
		}
	}
	if err := verifyMapping(op, rank); err != nil {
		return err
	}
	if t := b.Last(); t == nil || t.Name() != "scf.forall.in_parallel" {
		name := "nothing"
		if t != nil {
			name = t.Name()
		}
		return op.Errorf("expects regions to end with 'scf.forall.in_parallel', found '%s'", name)
	}
	return nil
}

var inParallel = &ir.OpDef{
	Name:     "scf.forall.in_parallel",
	OldNames: []string{"scf.foreach_thread.perform_concurrently"},
	Summary:  "Ends an scf.forall body; its region holds the parallel insertions into the shared outputs.",
	Example:  "%r = scf.forall (%i) in (4) shared_outs(%o = %t) -> (tensor<4xf32>) {\n  scf.forall.in_parallel {\n  }\n}",
	Traits:   ir.Terminator | ir.Pure | ir.RecursiveEffects | ir.SingleBlock | ir.NoTerminator,
	Regions:  ir.Exactly(1),
	// Hand-written as in MLIR (InParallelOp::parse, SCF.cpp): an empty
	// region gets its block, and prints without entry arguments.
	Parse: func(p *ir.OpParser, st *ir.OpState) error {
		r := st.AddRegion()
		if err := p.ParseRegion(r, nil); err != nil {
			return err
		}
		if r.Empty() {
			r.Append(ir.NewBlock(nil, nil))
		}
		return p.ParseOptionalAttrDict()
	},
	Print: func(p *ir.OpPrinter, op *ir.Operation) {
		p.WriteByte(' ')
		p.Region(op.Region(0), false, true)
		p.OptionalAttrDict(op.Attrs())
	},
	Verify: func(op *ir.Operation) error {
		pa := op.ParentOp()
		if pa == nil || pa.Name() != "scf.forall" {
			return op.Errorf("expects parent op 'scf.forall'")
		}
		// Each op inserts into a shared output: its dest, operand 1, is one
		// of the body's arguments after the induction variables.
		var outs []*ir.Value
		if b := (Forall{pa}).Body(); b != nil && b.NumArgs() >= pa.NumResults() {
			outs = b.Args()[b.NumArgs()-pa.NumResults():]
		}
		for _, blk := range op.Region(0).BlockList() {
			for in := range blk.Ops() {
				if in.Name() != "tensor.parallel_insert_slice" {
					return op.Errorf("expected only tensor.parallel_insert_slice ops")
				}
				if in.NumOperands() < 2 || !slices.Contains(outs, in.Operand(1)) {
					return in.Errorf("may only insert into an output block argument")
				}
			}
		}
		return nil
	},
}
