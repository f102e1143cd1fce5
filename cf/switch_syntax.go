package cf

import (
	"math/big"

	"github.com/kiln-gpu/kiln/ir"
)

// The cases of cf.switch, MLIR's custom<SwitchOpCases>:
//
//	cf.switch %flag : i32, [
//	  default: ^bb1(%a : i32),
//	  42: ^bb2,
//	  -1: ^bb3(%b : i32)
//	]
//
// Its arguments: ref(type($flag)), $defaultDestination, $defaultOperands
// and their types, $case_values, $caseDestinations, $caseOperands and
// their types.
func parseSwitchOpCases(p *ir.OpParser, args []*ir.FormatArg) error {
	return p.ParseSwitchCases(args, func(at ir.Pos, v *big.Int, t ir.Type) (*big.Int, error) {
		return caseValue(p, at, v, t)
	})
}

// caseValue checks that a case literal fits the flag type as a signed or
// an unsigned number, as MLIR requires, and returns it sign-extended from
// the flag's width; a misfit is reported at the literal's place at.
func caseValue(p *ir.OpParser, at ir.Pos, v *big.Int, t ir.Type) (*big.Int, error) {
	w := ir.IntOrFloatBitWidth(t)
	if w == 0 {
		w = 64 // index; a non-integer flag is the verifier's to report
	}
	u, ok := ir.FitInt(v, w)
	if !ok {
		return nil, ir.Errorf(p.LocAt(at), "case value is out of range for '%s'", ir.TypeString(t))
	}
	return u, nil
}

func printSwitchOpCases(p *ir.OpPrinter, op *ir.Operation, args []*ir.FormatArg) {
	if len(args[1].Blocks) == 0 {
		return // malformed; the verifier reports it, printing must not fail
	}
	s := Switch{op}
	p.SwitchCases(args[1].Blocks[0], args[2].Values, s.NumCases(), func(i int) (string, *ir.Block, []*ir.Value) {
		return s.CaseValueBig(i).String(), s.CaseDest(i), s.CaseOperands(i)
	})
}

func verifySwitch(op *ir.Operation) error {
	flagType, ok := op.Operand(0).Type().(*ir.IntegerType)
	if !ok {
		return op.Errorf("operand #0 must be integer, but got '%s'", ir.TypeString(op.Operand(0).Type()))
	}
	nCases := op.NumSuccessors() - 1
	// ir.Verify has checked that the ranges these describe are in bounds.
	seg, cases := denseI32s(op, "operandSegmentSizes", 3), denseI32s(op, "case_operand_segments", nCases)
	sum := int64(0)
	for _, n := range cases {
		sum += n
	}
	if seg != nil && sum != seg[2] {
		return op.Errorf("'case_operand_segments' attribute sum (%d) does not match the number of case operands (%d)", sum, seg[2])
	}
	a := op.Attr("case_values")
	if a == nil {
		if nCases == 0 {
			return nil
		}
		return op.Errorf("number of case values (0) should match number of case destinations (%d)", nCases)
	}
	d, ok := a.(*ir.DenseElementsAttr)
	if !ok || !ir.IsIntOrIndex(d.ShapedType().ElementType()) {
		return op.Errorf("attribute 'case_values' failed to satisfy constraint: integer elements attribute")
	}
	if et := d.ShapedType().ElementType(); et != ir.Type(flagType) {
		return op.Errorf("'flag' type (%s) should match case value type (%s)", ir.TypeString(flagType), ir.TypeString(et))
	}
	if d.Len() != nCases {
		return op.Errorf("number of case values (%d) should match number of case destinations (%d)", d.Len(), nCases)
	}
	return nil
}
