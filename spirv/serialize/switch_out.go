package serialize

import (
	"math/big"
	"slices"

	"github.com/kiln-gpu/kiln/ir"
	"github.com/kiln-gpu/kiln/spirv"
	"github.com/kiln-gpu/kiln/spirv/spv"
)

// switchOut writes spirv.Switch as OpSwitch: the selector, the default
// label, then each literal (in the selector's width, one word up to 32
// bits, two for 64, low word first) and its target's label.
func (s *serializer) switchOut(op *ir.Operation) error {
	sw := spirv.Switch{Operation: op}
	sel, err := s.valueID(sw.Selector())
	if err != nil {
		return err
	}
	it, ok := sw.Selector().Type().(*ir.IntegerType)
	if !ok {
		return op.Errorf("selector is not an integer")
	}
	// OpPhi names a predecessor once: successors that are one block must
	// pass it the same values.
	for i, b := range op.Successors() {
		if j := slices.Index(op.Successors()[:i], b); j >= 0 && b.NumArgs() > 0 && !slices.Equal(succValues(op, i), succValues(op, j)) {
			return op.Errorf("passes different values to one block from two successors, which OpPhi cannot express")
		}
	}
	s.debugLine(secFunction, op.Loc())
	e := &s.sec[secFunction]
	e.Op(spv.OpSwitch).Word(sel, s.label(sw.Default()))
	mod := new(big.Int).Lsh(big.NewInt(1), uint(it.Width))
	for i := range sw.NumTargets() {
		// Two's complement in the selector's width; a signed selector
		// narrower than a word is sign-extended to it, as SPIR-V reads it.
		v := sw.Literal(i)
		if it.Signedness != ir.Signed || it.Width >= 32 {
			v = new(big.Int).Mod(v, mod)
		}
		u := uint64(v.Int64())
		if v.Sign() >= 0 {
			u = v.Uint64()
		}
		if it.Width <= 32 {
			e.Word(uint32(u))
		} else {
			e.Word(uint32(u), uint32(u>>32))
		}
		e.Word(s.label(sw.Target(i)))
	}
	return nil
}

// succValues returns the values op passes to successor i.
func succValues(op *ir.Operation, i int) []*ir.Value {
	start, n := op.SuccessorOperands(i)
	return op.Operands()[start : start+n]
}
