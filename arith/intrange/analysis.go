package intrange

import (
	"slices"

	"github.com/kiln-gpu/kiln/ir"
	"github.com/kiln-gpu/kiln/ir/dataflow"
)

// Analysis holds the ranges MLIR's IntegerRangeAnalysis finds for the
// values under an op, with the dead code analysis it runs beside: a block
// no branch taken reaches keeps no ranges, and a branch on a value whose
// range is one constant takes one way.
type Analysis struct {
	ctx    *ir.Context
	solver *dataflow.Solver[Range]
	// moved are the ranges of values the passes' rewrites made (MLIR's
	// copyIntegerRange), looked up first.
	moved map[*ir.Value]Range
	// grown counts the merges that widened each value's range; transfer
	// is set while a hook's result is joined.
	grown    map[*ir.Value]int
	transfer bool
}

// Analyze runs the analysis on root's regions, root's own entry arguments
// unknown.
func Analyze(root *ir.Operation) *Analysis {
	a := &Analysis{ctx: root.Context(), moved: map[*ir.Value]Range{}, grown: map[*ir.Value]int{}}
	a.solver = dataflow.New[Range](analysis{a})
	a.solver.Run(root)
	return a
}

// Range returns v's range; false when none is known (v is not an integer,
// or is never reached).
func (a *Analysis) Range(v *ir.Value) (Range, bool) {
	if r, ok := a.moved[v]; ok {
		return r, r.Width != 0
	}
	r, ok := a.solver.State(v)
	return r, ok && r.Width != 0
}

// Copy gives to the range of from, for a value a rewrite puts in from's
// place.
func (a *Analysis) Copy(from, to *ir.Value) {
	if r, ok := a.Range(from); ok {
		a.moved[to] = r
	}
}

// Context is the context of the IR analysed.
func (a *Analysis) Context() *ir.Context { return a.ctx }

// ConstantAttr is the constant a value of type t with range r holds, as an
// attribute of t (a splat for vectors and tensors), or nil.
func ConstantAttr(ctx *ir.Context, t ir.Type, r Range) ir.Attribute {
	c, ok := ConstantBits(r)
	if !ok {
		return nil
	}
	attr := func(t ir.Type) ir.Attribute {
		if c.Big != nil {
			return ctx.IntegerAttrBig(t, SignedValue(r.Width, c))
		}
		return ctx.IntegerAttr(t, sext(r.Width, c.Lo))
	}
	switch t.(type) {
	case *ir.IntegerType, *ir.IndexType:
		return attr(t)
	case *ir.VectorType, *ir.RankedTensorType:
		st := t.(ir.ShapedType)
		return ctx.DenseSplat(st, attr(st.ElementType()))
	}
	return nil
}

// analysis is the dataflow.Analysis of ranges.
type analysis struct{ a *Analysis }

func (analysis) Unknown(v *ir.Value) Range { return MaxRangeOf(v) }

func (x analysis) Join(v *ir.Value, cur, l Range) (Range, bool) {
	j := Join(cur, l)
	if Equal(j, cur) {
		return cur, false
	}
	if !x.a.transfer {
		x.a.grown[v]++
		if x.a.grown[v] > wideningBudget {
			j = MaxRangeOf(v)
		}
	}
	return j, !Equal(j, cur)
}

func (x analysis) Constant(v *ir.Value, l Range) ir.Attribute {
	return ConstantAttr(x.a.ctx, v.Type(), l)
}

// operandRanges are the ranges of op's operands (Width 0 where unknown).
func operandRanges(s *dataflow.Solver[Range], op *ir.Operation) []Range {
	args := make([]Range, op.NumOperands())
	for i, v := range op.Operands() {
		args[i], _ = s.State(v)
	}
	return args
}

// wideningBudget is how many times the range of a value control flow
// merges into (a block argument, a region op's result) may grow before it
// becomes maximal: MLIR's per-state widening budget, which lets a loop
// converge without counting its trips while a value the loop body bounds
// (by a minimum, a mask) still reaches its fixed point.
const wideningBudget = 16

// setter joins a range an op's hook infers into v's state; such joins are
// transfer functions, not merges, and spend no widening budget.
func (x analysis) setter(s *dataflow.Solver[Range], ok func(v *ir.Value) bool) func(v *ir.Value, r Range) {
	return func(v *ir.Value, r Range) {
		if !ok(v) || r.Width == 0 {
			return
		}
		x.a.transfer = true
		s.Join(v, r)
		x.a.transfer = false
	}
}

func (x analysis) Visit(s *dataflow.Solver[Range], op *ir.Operation) {
	def := op.Def()
	if def == nil || def.InferIntRanges == nil {
		for _, r := range op.Results() {
			s.SetUnknown(r)
		}
		return
	}
	def.InferIntRanges(op, operandRanges(s, op), x.setter(s, func(v *ir.Value) bool { return v.DefiningOp() == op }))
	unknownRest(s, op, op.Results())
}

// unknownRest makes the values of vs that op's hook left without a range
// unknown once all op's operands are reached (an argument the hook does
// not describe), so that what uses them still runs.
func unknownRest(s *dataflow.Solver[Range], op *ir.Operation, vs []*ir.Value) {
	for _, v := range op.Operands() {
		if _, ok := s.State(v); !ok {
			return
		}
	}
	for _, v := range vs {
		if _, ok := s.State(v); !ok {
			s.SetUnknown(v)
		}
	}
}

func (x analysis) VisitArgs(s *dataflow.Solver[Range], op *ir.Operation, _ int, args []*ir.Value) {
	def := op.Def()
	if def == nil || def.InferIntRanges == nil {
		for _, a := range args {
			s.SetUnknown(a)
		}
		return
	}
	def.InferIntRanges(op, operandRanges(s, op), x.setter(s, func(v *ir.Value) bool { return slices.Contains(args, v) }))
	unknownRest(s, op, args)
}
