package spirv

import (
	"math/big"

	"github.com/kiln-gpu/kiln/ir"
)

// switchOp: spirv.Switch (OpSwitch), a multi-way branch on an integer
// selector, with MLIR's syntax:
//
//	spirv.Switch %sel : i32, [
//	  default: ^bb1(%a : i32),
//	  0: ^bb2,
//	  1: ^bb3(%b : i32)
//	]
//
// Successor 0 is the default target, successor i+1 the target of literal
// i; literals is absent when there are no cases.
var switchOp = &ir.OpDef{
	Name:    "spirv.Switch",
	Summary: "Multi-way branch to the target of the literal equal to the selector, or to the default target.",
	Example: "spirv.func @f(%arg0: i32, %arg1: i32) \"None\" {\n" +
		"  spirv.mlir.selection {\n" +
		"    spirv.Switch %arg0 : i32, [\n      default: ^bb1,\n      0: ^bb2,\n      -1: ^bb2\n    ]\n" +
		"  ^bb1:  // pred: ^bb0\n    spirv.Branch ^bb3\n" +
		"  ^bb2:  // 2 preds: ^bb0, ^bb0\n    spirv.Branch ^bb3\n" +
		"  ^bb3:  // 2 preds: ^bb1, ^bb2\n    spirv.mlir.merge\n  }\n  spirv.Return\n}",
	Traits:     ir.Terminator | ir.Pure | ir.AttrSizedOperandSegments,
	Operands:   ir.AtLeast(1),
	Successors: ir.AtLeast(1),
	Inherent:   []string{"literals", "case_operand_segments"},
	Format: &ir.Format{
		Syntax: "$selector `:` type($selector) `,` `[` `\\n` custom<SwitchOpCases>(ref(type($selector)), $defaultTarget, " +
			"$defaultOperands, type($defaultOperands), $literals, $targets, $targetOperands, type($targetOperands)) `]` attr-dict",
		Operands:        []string{"selector", "defaultOperands*", "targetOperands*"},
		Successors:      []string{"defaultTarget", "targets*"},
		Attrs:           []ir.FormatAttr{{Name: "literals"}},
		OperandSegments: map[string]string{"targetOperands": "case_operand_segments"},
		Custom:          map[string]ir.CustomDirective{"SwitchOpCases": {Parse: parseSwitchCases, Print: printSwitchCases}},
	},
	Verify:            verifySwitch,
	SuccessorOperands: switchSuccessorOperands,
}

// parseSwitchCases parses `default: ^bb(...)` and then `, literal: ^bb(...)`
// per case. Its arguments: ref(type($selector)), $defaultTarget,
// $defaultOperands and their types, $literals, $targets, $targetOperands
// and their types.
func parseSwitchCases(p *ir.OpParser, args []*ir.FormatArg) error {
	return p.ParseSwitchCases(args, func(at ir.Pos, v *big.Int, t ir.Type) (*big.Int, error) {
		return switchLiteral(p, at, v, t)
	})
}

// switchLiteral checks that a literal fits the selector's width as a
// signed or an unsigned number and returns it sign-extended from that
// width; a misfit is reported at the literal (at).
func switchLiteral(p *ir.OpParser, at ir.Pos, v *big.Int, t ir.Type) (*big.Int, error) {
	w := ir.IntOrFloatBitWidth(t)
	if w == 0 {
		return v, nil // a non-integer selector is the verifier's to report
	}
	u, ok := ir.FitInt(v, w)
	if !ok {
		return nil, ir.Errorf(p.LocAt(at), "literal is out of range for '%s'", ir.TypeString(t))
	}
	return u, nil
}

func printSwitchCases(p *ir.OpPrinter, op *ir.Operation, args []*ir.FormatArg) {
	if len(args[1].Blocks) == 0 {
		return // malformed; the verifier reports it
	}
	s := Switch{op}
	p.SwitchCases(args[1].Blocks[0], args[2].Values, s.NumTargets(), func(i int) (string, *ir.Block, []*ir.Value) {
		return s.Literal(i).String(), s.Target(i), s.TargetOperands(i)
	})
}

// verifySwitch checks the selector's type and that the literals, of the
// selector's type, are one per target (MLIR's SwitchOp::verify).
func verifySwitch(op *ir.Operation) error {
	sel := op.Operand(0).Type()
	if !isSPIRVInt(sel) {
		return op.Errorf("operand #0 must be 8/16/32/64-bit integer, but got '%s'", typeString(sel))
	}
	// ir.Verify has checked the operand ranges of the successors, which a
	// missing or short case_operand_segments leaves out of bounds.
	n := op.NumSuccessors() - 1
	a := op.Attr("literals")
	if a == nil {
		if n == 0 {
			return nil
		}
		return op.Errorf("number of literals (0) should match number of targets (%d)", n)
	}
	d, ok := a.(*ir.DenseElementsAttr)
	if !ok || !ir.IsIntOrIndex(d.ShapedType().ElementType()) {
		return op.Errorf("attribute 'literals' failed to satisfy constraint: integer elements attribute")
	}
	if lt := d.ShapedType().ElementType(); lt != sel {
		return op.Errorf("'selector' type (%s) should match literals type (%s)", typeString(sel), typeString(lt))
	}
	if d.Len() != n {
		return op.Errorf("number of literals (%d) should match number of targets (%d)", d.Len(), n)
	}
	return nil
}

// switchSuccessorOperands: successor 0 takes the default operands, which
// operandSegmentSizes counts; successor i the operands of target i-1,
// which case_operand_segments counts.
func switchSuccessorOperands(op *ir.Operation, i int) (int, int) {
	seg, ok := op.Attr("operandSegmentSizes").(*ir.DenseArrayAttr)
	cases, ok2 := op.Attr("case_operand_segments").(*ir.DenseArrayAttr)
	if !ok || !ok2 || len(seg.Ints) != 3 || len(cases.Ints) != op.NumSuccessors()-1 || i >= op.NumSuccessors() {
		return -1, 0 // malformed: ir.Verify reports the bad range
	}
	if i == 0 {
		return int(seg.Ints[0]), int(seg.Ints[1])
	}
	start := seg.Ints[0] + seg.Ints[1]
	for _, n := range cases.Ints[:i-1] {
		start += n
	}
	return int(start), int(cases.Ints[i-1])
}

// Switch is a typed view of spirv.Switch.
type Switch struct{ *ir.Operation }

// Selector returns the integer switched on.
func (s Switch) Selector() *ir.Value { return s.Operand(0) }

// Default returns the block taken when no literal matches.
func (s Switch) Default() *ir.Block { return s.Successor(0) }

// NumTargets returns the number of literals, one per target.
func (s Switch) NumTargets() int { return s.NumSuccessors() - 1 }

// Literal returns literal i, sign-extended from the selector's width.
func (s Switch) Literal(i int) *big.Int {
	d, ok := s.Attr("literals").(*ir.DenseElementsAttr)
	if !ok || i >= d.Len() {
		return new(big.Int)
	}
	return d.BigIntAt(i)
}

// Target returns the block of literal i.
func (s Switch) Target(i int) *ir.Block { return s.Successor(i + 1) }

// TargetOperands returns the values passed to the block of literal i.
func (s Switch) TargetOperands(i int) []*ir.Value {
	start, n := s.SuccessorOperands(i + 1)
	if start < 0 || start+n > s.NumOperands() {
		return nil
	}
	return s.Operands()[start : start+n]
}

// NewSwitch builds a spirv.Switch on sel at loc: to targets[i], passing
// it targetArgs[i] (nil for none), when sel is lits[i] (interpreted with
// sel's width), else to def, passing it defArgs.
func NewSwitch(ctx *ir.Context, loc ir.Location, sel *ir.Value, def *ir.Block, defArgs []*ir.Value, lits []*big.Int, targets []*ir.Block, targetArgs [][]*ir.Value) *ir.OpState {
	st := &ir.OpState{Name: "spirv.Switch", Loc: loc, Operands: append([]*ir.Value{sel}, defArgs...), Successors: append([]*ir.Block{def}, targets...)}
	segs := make([]int64, len(targets))
	total := 0
	for i := range targets {
		if i < len(targetArgs) {
			st.Operands = append(st.Operands, targetArgs[i]...)
			segs[i] = int64(len(targetArgs[i]))
			total += len(targetArgs[i])
		}
	}
	st.AddAttr("case_operand_segments", ctx.DenseI32Array(segs...))
	if len(lits) > 0 {
		st.AddAttr("literals", ctx.DenseBigInts(ctx.Vector([]int64{int64(len(lits))}, sel.Type()), lits))
	}
	st.AddAttr("operandSegmentSizes", ctx.DenseI32Array(1, int64(len(defArgs)), int64(total)))
	return st
}
