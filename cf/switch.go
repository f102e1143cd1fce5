package cf

import (
	"math/big"
	"slices"

	"github.com/kiln-gpu/kiln/ir"
)

const switchName = "cf.switch"

var switchDef = &ir.OpDef{
	Name:    switchName,
	Summary: "Branches to the block of the case value equal to an integer flag, or to a default block.",
	Example: "func.func @f(%arg0: i32, %arg1: i32) {\n" +
		"  cf.switch %arg0 : i32, [\n    default: ^bb1(%arg1 : i32),\n    42: ^bb2,\n    -1: ^bb1(%arg0 : i32)\n  ]\n" +
		"^bb1(%0: i32):  // 2 preds: ^bb0, ^bb0\n  return\n^bb2:  // pred: ^bb0\n  return\n}",
	Traits:     ir.Terminator | ir.Pure | ir.AttrSizedOperandSegments,
	Operands:   ir.AtLeast(1),
	Successors: ir.AtLeast(1),
	Inherent:   []string{"case_values", "case_operand_segments"},
	Format: &ir.Format{
		Syntax: "$flag `:` type($flag) `,` `[` `\\n` custom<SwitchOpCases>(ref(type($flag)), $defaultDestination, " +
			"$defaultOperands, type($defaultOperands), $case_values, $caseDestinations, $caseOperands, type($caseOperands)) `]` attr-dict",
		Operands:        []string{"flag", "defaultOperands*", "caseOperands*"},
		Successors:      []string{"defaultDestination", "caseDestinations*"},
		Attrs:           []ir.FormatAttr{{Name: "case_values"}},
		OperandSegments: map[string]string{"caseOperands": "case_operand_segments"},
		Custom:          map[string]ir.CustomDirective{"SwitchOpCases": {Parse: parseSwitchOpCases, Print: printSwitchOpCases}},
	},
	Verify:               verifySwitch,
	SuccessorOperands:    switchSuccessorOperands,
	SetSuccessorOperands: setSwitchSuccessorOperands,
	Canonicalize: []*ir.Pattern{
		{Name: "switch-only-default", Root: switchName, Benefit: 1, Rewrite: switchOnlyDefault},
		{Name: "drop-cases-matching-default", Root: switchName, Benefit: 1, Rewrite: switchDropDefaultCases},
		{Name: "constant-flag", Root: switchName, Benefit: 1, Rewrite: switchConstant},
		{Name: "forward-pass-through-switch", Root: switchName, Benefit: 1, Rewrite: switchForward},
		{Name: "switch-from-case-of-same-flag", Root: switchName, Benefit: 1, Rewrite: switchFromCaseOfSameFlag},
		{Name: "switch-from-default-of-same-flag", Root: switchName, Benefit: 1, Rewrite: switchFromDefaultOfSameFlag},
	},
}

// Switch is a typed view of cf.switch.
type Switch struct{ *ir.Operation }

// Flag returns the integer switched on.
func (s Switch) Flag() *ir.Value { return s.Operand(0) }

// DefaultDest returns the block taken when no case matches.
func (s Switch) DefaultDest() *ir.Block { return s.Successor(0) }

// DefaultOperands returns the values passed to DefaultDest.
func (s Switch) DefaultOperands() []*ir.Value { return operandRange(s.Operation, 0) }

// NumCases returns the number of cases.
func (s Switch) NumCases() int { return s.NumSuccessors() - 1 }

// CaseValue returns the value of case i, sign-extended from the flag's
// width (its low 64 bits for a wider flag; see CaseValueBig).
func (s Switch) CaseValue(i int) int64 {
	d, ok := s.Attr("case_values").(*ir.DenseElementsAttr)
	if !ok || i >= d.Len() {
		return 0
	}
	return d.IntAt(i)
}

// CaseValueBig returns the value of case i, sign-extended from the flag's
// width, whatever that width.
func (s Switch) CaseValueBig(i int) *big.Int {
	d, ok := s.Attr("case_values").(*ir.DenseElementsAttr)
	if !ok || i >= d.Len() {
		return new(big.Int)
	}
	return d.BigIntAt(i)
}

// CaseDest returns the block of case i.
func (s Switch) CaseDest(i int) *ir.Block { return s.Successor(i + 1) }

// CaseOperands returns the values passed to the block of case i.
func (s Switch) CaseOperands(i int) []*ir.Value { return operandRange(s.Operation, i+1) }

// switchSuccessorOperands: successor 0 is the default, successor i the
// case i-1, whose operand counts case_operand_segments lists.
func switchSuccessorOperands(op *ir.Operation, i int) (int, int) {
	seg := denseI32s(op, "operandSegmentSizes", 3)
	cases := denseI32s(op, "case_operand_segments", op.NumSuccessors()-1)
	if seg == nil || cases == nil || i >= op.NumSuccessors() {
		return badRange, 0
	}
	if i == 0 {
		return int(seg[0]), int(seg[1])
	}
	start := seg[0] + seg[1]
	for _, n := range cases[:i-1] {
		start += n
	}
	return int(start), int(cases[i-1])
}

// setSwitchSuccessorOperands replaces the operands successor i receives,
// resizing its segment.
func setSwitchSuccessorOperands(op *ir.Operation, i int, vals []*ir.Value) {
	if i == 0 {
		ir.SetOperandSegment(op, 1, vals)
		return
	}
	start, n := switchSuccessorOperands(op, i)
	ops := op.Operands()
	op.SetOperands(slices.Concat(ops[:start:start], vals, ops[start+n:]))
	segs := slices.Clone(denseI32s(op, "operandSegmentSizes", 3))
	segs[2] += int64(len(vals) - n)
	cases := slices.Clone(denseI32s(op, "case_operand_segments", op.NumSuccessors()-1))
	cases[i-1] = int64(len(vals))
	ctx := op.Context()
	op.SetAttr("case_operand_segments", ctx.DenseI32Array(cases...))
	op.SetAttr("operandSegmentSizes", ctx.DenseI32Array(segs...))
}

// switchCase is one case of a switch being built.
type switchCase struct {
	value *big.Int
	dest  *ir.Block
	args  []*ir.Value
}

// switchState builds a cf.switch.
func switchState(ctx *ir.Context, loc ir.Location, flag *ir.Value, def *ir.Block, defArgs []*ir.Value, cases []switchCase) *ir.OpState {
	st := &ir.OpState{Name: switchName, Loc: loc, Operands: append([]*ir.Value{flag}, defArgs...), Successors: []*ir.Block{def}}
	var values []*big.Int
	var segs []int64
	total := int64(0)
	for _, c := range cases {
		values = append(values, c.value)
		segs = append(segs, int64(len(c.args)))
		total += int64(len(c.args))
		st.Operands = append(st.Operands, c.args...)
		st.Successors = append(st.Successors, c.dest)
	}
	st.AddAttr("case_operand_segments", ctx.DenseI32Array(segs...))
	if len(values) > 0 {
		st.AddAttr("case_values", ctx.DenseBigInts(ctx.Vector([]int64{int64(len(values))}, flag.Type()), values))
	}
	st.AddAttr("operandSegmentSizes", ctx.DenseI32Array(1, int64(len(defArgs)), total))
	return st
}

// cases returns the switch's cases.
func (s Switch) cases() []switchCase {
	cs := make([]switchCase, s.NumCases())
	for i := range cs {
		cs[i] = switchCase{s.CaseValueBig(i), s.CaseDest(i), s.CaseOperands(i)}
	}
	return cs
}
