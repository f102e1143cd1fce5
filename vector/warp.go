package vector

import (
	"github.com/kiln-gpu/kiln/ir"
)

// warpExecuteOp is vector.warp_execute_on_lane_0, the spelling MLIR had
// before the op moved to the gpu dialect: its region runs on lane 0 of a
// warp of warp_size lanes; arguments are distributed vectors that the
// region sees whole, and yielded values are distributed back to the lanes.
//
//	%r = vector.warp_execute_on_lane_0(%lane)[32] args(%v : vector<4xf32>) -> (vector<1xf32>) {
//	^bb0(%a: vector<128xf32>):
//	  vector.yield %x : vector<32xf32>
//	}
var warpExecuteOp = &ir.OpDef{
	Name:    "vector.warp_execute_on_lane_0",
	Summary: "Executes operations in the associated region on thread #0 of a SPMD program",
	Example: "%0:2 = \"test.defs\"() : () -> (index, vector<4xf32>)\n" +
		"%1 = vector.warp_execute_on_lane_0(%0#0)[32] args(%0#1 : vector<4xf32>) -> (vector<1xf32>) {\n" +
		"^bb0(%arg0: vector<128xf32>):\n  %2 = \"test.def\"() : () -> vector<32xf32>\n  vector.yield %2 : vector<32xf32>\n}",
	Traits:   ir.SingleBlock | ir.RecursiveEffects,
	Operands: ir.AtLeast(1),
	Results:  ir.Variadic,
	Regions:  ir.Exactly(1),
	Inherent: []string{"warp_size"},
	Parse:    parseWarpExecute,
	Print:    printWarpExecute,
	Verify:   verifyWarpExecute,
}

func parseWarpExecute(p *ir.OpParser, st *ir.OpState) error {
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
		r.Entry().Append(ctx.NewOp(&ir.OpState{Name: "vector.yield", Loc: st.Loc}))
	}
	return p.ParseOptionalAttrDict()
}

func printWarpExecute(p *ir.OpPrinter, op *ir.Operation) {
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

func verifyWarpExecute(op *ir.Operation) error {
	if _, ok := op.Operand(0).Type().(*ir.IndexType); !ok {
		return op.Errorf("operand #0 must be index, but got %s", typeQuoted(op.Operand(0).Type()))
	}
	a, ok := op.Attr("warp_size").(*ir.IntegerAttr)
	if !ok {
		return op.Errorf("requires attribute 'warp_size'")
	}
	b := op.Region(0).Entry()
	args := op.Operands()[1:]
	if b == nil || len(args) != b.NumArgs() {
		return op.Errorf("expected same number op arguments and block arguments.")
	}
	y := b.Last()
	if y == nil || y.Name() != "vector.yield" {
		return op.Errorf("expects its region to end with 'vector.yield'")
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
		return op.Errorf("incompatible distribution dimensions from %s to %s with warp size = %d", typeQuoted(e), typeQuoted(d), warpSize)
	}
	return nil
}

// flatTransposeOp is vector.flat_transpose: the transpose of a rows x
// columns matrix stored row-major in a 1-D vector.
//
//	%t = vector.flat_transpose %m {columns = 4 : i32, rows = 2 : i32} : vector<8xf32> -> vector<8xf32>
var flatTransposeOp = &ir.OpDef{
	Name:     "vector.flat_transpose",
	Summary:  "Vector matrix transposition on flattened 1-D MLIR vectors",
	Example:  "%t = vector.flat_transpose %m {columns = 4 : i32, rows = 2 : i32} : vector<8xf32> -> vector<8xf32>",
	Traits:   ir.Pure,
	Operands: ir.Exactly(1),
	Results:  ir.Exactly(1),
	Inherent: []string{"rows", "columns"},
	Parse: func(p *ir.OpParser, st *ir.OpState) error {
		u, err := p.ParseOperand()
		if err != nil {
			return err
		}
		if err := p.ParseOptionalAttrDict(); err != nil {
			return err
		}
		t, err := p.ParseColonType()
		if err != nil {
			return err
		}
		if err := p.ParsePunct("->"); err != nil {
			return err
		}
		rt, err := p.ParseType()
		if err != nil {
			return err
		}
		st.ResultTypes = []ir.Type{rt}
		return p.ResolveOperands([]ir.UnresolvedOperand{u}, []ir.Type{t})
	},
	Print: func(p *ir.OpPrinter, op *ir.Operation) {
		p.WriteByte(' ')
		p.Operand(op.Operand(0))
		p.OptionalAttrDict(op.Attrs())
		p.WriteString(" : ")
		p.Type(op.Operand(0).Type())
		p.WriteString(" -> ")
		p.Type(op.Result(0).Type())
	},
	Verify: func(op *ir.Operation) error {
		for _, name := range []string{"rows", "columns"} {
			a := op.Attr(name)
			if a == nil {
				return op.Errorf("requires attribute '%s'", name)
			}
			if ia, ok := a.(*ir.IntegerAttr); !ok || ia.Type() != op.Context().I(32) {
				return op.Errorf("attribute '%s' failed to satisfy constraint: 32-bit signless integer attribute", name)
			}
		}
		const what = "fixed-length vector of signless integer or signed integer or index or floating-point values of length any and rank 1"
		src, ok := vectorOf(op.Operand(0))
		if !ok || len(src.Dims) != 1 || isScalableDim(src, 0) {
			return op.Errorf("operand #0 must be %s, but got %s", what, typeQuoted(op.Operand(0).Type()))
		}
		res, ok := op.Result(0).Type().(*ir.VectorType)
		if !ok || len(res.Dims) != 1 || isScalableDim(res, 0) {
			return op.Errorf("result #0 must be %s, but got %s", what, typeQuoted(op.Result(0).Type()))
		}
		if src.Elem != res.Elem {
			return op.Errorf("failed to verify that source operand and result have same element type")
		}
		return nil
	},
}
