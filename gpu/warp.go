package gpu

import (
	"github.com/kiln-gpu/kiln/arith"
	"github.com/kiln-gpu/kiln/ir"
)

// WarpExecuteOnLane0 returns the definition of DIALECT.warp_execute_on_lane_0,
// whose region ends with DIALECT.yield: gpu's, and vector's older spelling
// of the same op. Its region runs on lane 0 of a warp of warp_size lanes;
// arguments are distributed vectors that the region sees whole, and yielded
// values are distributed back to the lanes.
//
//	%r = gpu.warp_execute_on_lane_0(%lane)[32] args(%v : vector<4xf32>) -> (vector<1xf32>) {
//	^bb0(%a: vector<128xf32>):
//	  ...
//	  gpu.yield %x : vector<32xf32>
//	}
func WarpExecuteOnLane0(dialect string) *ir.OpDef {
	yield := dialect + ".yield"
	return &ir.OpDef{
		Name:    dialect + ".warp_execute_on_lane_0",
		Summary: "Executes operations in the associated region on thread #0 of a SPMD program",
		Example: "%0:2 = \"test.defs\"() : () -> (index, vector<4xf32>)\n" +
			"%1 = " + dialect + ".warp_execute_on_lane_0(%0#0)[32] args(%0#1 : vector<4xf32>) -> (vector<1xf32>) {\n" +
			"^bb0(%arg0: vector<128xf32>):\n  %2 = \"test.def\"() : () -> vector<32xf32>\n  " + yield + " %2 : vector<32xf32>\n}",
		Traits:   ir.SingleBlock | ir.RecursiveEffects,
		Operands: ir.AtLeast(1),
		Results:  ir.Variadic,
		Regions:  ir.Exactly(1),
		Inherent: []string{"warp_size"},
		// Hand-written as in MLIR (hasCustomAssemblyFormat): the region may
		// omit its implicit terminator.
		Parse:  func(p *ir.OpParser, st *ir.OpState) error { return parseWarpExecute(p, st, yield) },
		Print:  printWarpExecute,
		Verify: func(op *ir.Operation) error { return verifyWarpExecute(op, yield) },
	}
}

var warpExecuteDef = WarpExecuteOnLane0("gpu")

func parseWarpExecute(p *ir.OpParser, st *ir.OpState, yield string) error {
	ctx := p.Context()
	if err := p.ParsePunct("("); err != nil {
		return err
	}
	lane, err := p.ParseOperand()
	if err != nil {
		return err
	}
	if err := p.ParsePunct(")"); err != nil {
		return err
	}
	if err := p.ParsePunct("["); err != nil {
		return err
	}
	size, err := p.ParseInteger()
	if err != nil {
		return err
	}
	if err := p.ParsePunct("]"); err != nil {
		return err
	}
	st.AddAttr("warp_size", ctx.I64Attr(size))
	if err := p.ResolveOperands([]ir.UnresolvedOperand{lane}, []ir.Type{ctx.Index()}); err != nil {
		return err
	}
	if p.ParseOptionalKeyword("args") {
		if err := p.ParsePunct("("); err != nil {
			return err
		}
		us, err := p.ParseOperandList()
		if err != nil {
			return err
		}
		ts, err := p.ParseColonTypeList()
		if err != nil {
			return err
		}
		if err := p.ParsePunct(")"); err != nil {
			return err
		}
		if err := p.ResolveOperands(us, ts); err != nil {
			return err
		}
	}
	rts, err := p.ParseOptionalArrowTypeList()
	if err != nil {
		return err
	}
	st.ResultTypes = rts
	r := st.AddRegion()
	if err := p.ParseRegion(r, nil); err != nil {
		return err
	}
	if r.Empty() {
		r.Append(ir.NewBlock(nil, nil))
	}
	if last := r.Entry().Last(); last == nil || !last.HasTrait(ir.Terminator) {
		r.Entry().Append(ctx.NewOp(&ir.OpState{Name: yield, Loc: st.Loc}))
	}
	return p.ParseOptionalAttrDict()
}

func printWarpExecute(p *ir.OpPrinter, op *ir.Operation) {
	if printedMalformed(p, op, 1, 0, 1) {
		return
	}
	p.WriteByte('(')
	p.Operand(op.Operand(0))
	p.WriteString(")[")
	if a, ok := op.Attr("warp_size").(*ir.IntegerAttr); ok {
		p.Int(a.Int())
	}
	p.WriteByte(']')
	if args := op.Operands()[1:]; len(args) > 0 {
		p.WriteString(" args(")
		p.Operands(args)
		p.WriteString(" : ")
		p.TypeList(op.OperandTypes()[1:])
		p.WriteByte(')')
	}
	if op.NumResults() > 0 {
		p.WriteString(" -> (")
		p.TypeList(op.ResultTypes())
		p.WriteByte(')')
	}
	p.WriteByte(' ')
	p.Region(op.Region(0), true, op.NumResults() > 0)
	p.OptionalAttrDict(op.Attrs(), "warp_size")
}

func verifyWarpExecute(op *ir.Operation, yield string) error {
	if err := arith.CheckOperands(op, anyIndex); err != nil {
		return err
	}
	a, ok := op.Attr("warp_size").(*ir.IntegerAttr)
	if !ok {
		return op.Errorf("requires attribute 'warp_size'")
	}
	b := op.Region(0).Entry()
	if b == nil {
		return op.Errorf("expected same number op arguments and block arguments.")
	}
	args := op.Operands()[1:]
	if len(args) != b.NumArgs() {
		return op.Errorf("expected same number op arguments and block arguments.")
	}
	y := b.Last()
	if y == nil || y.Name() != yield {
		return op.Errorf("expects its region to end with '%s'", yield)
	}
	if y.NumOperands() != op.NumResults() {
		return op.Errorf("expected same number of yield operands and return values.")
	}
	for i, v := range args {
		if err := verifyDistributed(op, b.Arg(i).Type(), v.Type(), a.Int()); err != nil {
			return err
		}
	}
	for i, r := range op.Results() {
		if err := verifyDistributed(op, y.Operand(i).Type(), r.Type(), a.Int()); err != nil {
			return err
		}
	}
	return nil
}

// verifyDistributed checks that distributed is expanded split over
// warpSize lanes (or the same type, which is not distributed).
func verifyDistributed(op *ir.Operation, expanded, distributed ir.Type, warpSize int64) error {
	if expanded == distributed {
		return nil
	}
	e, ok1 := expanded.(*ir.VectorType)
	d, ok2 := distributed.(*ir.VectorType)
	if !ok1 || !ok2 {
		return op.Errorf("expected vector type for distributed operands.")
	}
	if len(e.Dims) != len(d.Dims) || e.Elem != d.Elem {
		return op.Errorf("expected distributed vectors to have same rank and element type.")
	}
	scale := int64(1)
	for i := range e.Dims {
		if e.Dims[i] == d.Dims[i] {
			continue
		}
		if d.Dims[i] == 0 || e.Dims[i]%d.Dims[i] != 0 {
			return op.Errorf("expected expanded vector dimension #%d (%d) to be a multipler of the distributed vector dimension (%d)", i, e.Dims[i], d.Dims[i])
		}
		scale *= e.Dims[i] / d.Dims[i]
	}
	if scale != warpSize {
		return op.Errorf("incompatible distribution dimensions from '%s' to '%s' with warp size = %d", ir.TypeString(e), ir.TypeString(d), warpSize)
	}
	return nil
}

// ballotDef is gpu.ballot: bit i of the result is set when lane i of the
// subgroup is active and its predicate is true.
var ballotDef = &ir.OpDef{
	Name:     "gpu.ballot",
	Summary:  "Returns a bitmask of the subgroup lanes whose predicate is true",
	Example:  "%0 = \"test.def\"() : () -> i1\n%1 = gpu.ballot %0 : i32",
	Operands: ir.Exactly(1),
	Results:  ir.Exactly(1),
	Format: &ir.Format{Syntax: "$predicate attr-dict `:` type($result)", Operands: []string{"predicate"}, Results: []string{"result"},
		Types: map[string]func(*ir.Context) ir.Type{"predicate": func(ctx *ir.Context) ir.Type { return ctx.I(1) }}},
	Verify: func(op *ir.Operation) error {
		if err := arith.CheckOperands(op, i1Type); err != nil {
			return err
		}
		return arith.CheckResults(op, signlessIntType)
	},
}
