package cf

import (
	"math/big"
	"slices"

	"github.com/kiln-gpu/kiln/ir"
)

// switchOnlyDefault: a switch without cases is a br to its default.
func switchOnlyDefault(op *ir.Operation, rw *ir.Rewriter) bool {
	s := Switch{op}
	if s.NumCases() != 0 {
		return false
	}
	rw.ReplaceOpWith(op, brState(op.Loc(), s.DefaultDest(), s.DefaultOperands()))
	return true
}

// switchDropDefaultCases drops cases that go where the default goes, with
// the same operands.
func switchDropDefaultCases(op *ir.Operation, rw *ir.Rewriter) bool {
	s := Switch{op}
	var kept []switchCase
	for _, c := range s.cases() {
		if c.dest != s.DefaultDest() || !slices.Equal(c.args, s.DefaultOperands()) {
			kept = append(kept, c)
		}
	}
	if len(kept) == s.NumCases() {
		return false
	}
	rw.ReplaceOpWith(op, switchState(op.Context(), op.Loc(), s.Flag(), s.DefaultDest(), s.DefaultOperands(), kept))
	return true
}

// switchConstant: a switch on a constant is a br to the matching case, or
// to the default.
func switchConstant(op *ir.Operation, rw *ir.Rewriter) bool {
	s := Switch{op}
	k, ok := ir.ConstantIntAttr(s.Flag())
	if !ok {
		return false
	}
	foldSwitch(op, rw, k.Big())
	return true
}

// foldSwitch replaces a switch whose flag is known to be v by a br to the
// case of that value, or to the default.
func foldSwitch(op *ir.Operation, rw *ir.Rewriter, v *big.Int) {
	s := Switch{op}
	w := ir.IntOrFloatBitWidth(s.Flag().Type())
	for _, c := range s.cases() {
		if sameBits(c.value, v, w) {
			rw.ReplaceOpWith(op, brState(op.Loc(), c.dest, c.args))
			return
		}
	}
	rw.ReplaceOpWith(op, brState(op.Loc(), s.DefaultDest(), s.DefaultOperands()))
}

// sameBits compares the low w bits of two integers (64 for an index).
func sameBits(a, b *big.Int, w int) bool {
	if w <= 0 {
		w = 64
	}
	mod := new(big.Int).Lsh(big.NewInt(1), uint(w))
	return new(big.Int).Mod(a, mod).Cmp(new(big.Int).Mod(b, mod)) == 0
}

// predSwitchOnSameFlag returns the cf.switch on the same flag that ends
// the only predecessor of op's block, if there is one.
func predSwitchOnSameFlag(op *ir.Operation) (Switch, bool) {
	preds := op.Block().Predecessors()
	if len(preds) != 1 || preds[0] == op.Block() {
		return Switch{}, false
	}
	t := preds[0].Last()
	if t == nil || t.Name() != switchName || t.NumOperands() == 0 || t.Operand(0) != op.Operand(0) {
		return Switch{}, false
	}
	return Switch{t}, true
}

// switchFromCaseOfSameFlag: a switch reached only from a case of a switch on
// the same flag knows the flag's value, so it is a br (MLIR's
// SimplifySwitchFromSwitchOnSameCondition).
func switchFromCaseOfSameFlag(op *ir.Operation, rw *ir.Rewriter) bool {
	pred, ok := predSwitchOnSameFlag(op)
	if !ok || pred.DefaultDest() == op.Block() {
		return false
	}
	for i := 0; i < pred.NumCases(); i++ {
		if pred.CaseDest(i) == op.Block() {
			foldSwitch(op, rw, pred.CaseValueBig(i))
			return true
		}
	}
	return false
}

// switchFromDefaultOfSameFlag: a switch reached only from the default of a
// switch on the same flag drops the cases whose values the first switch
// sends elsewhere (MLIR's SimplifySwitchFromDefaultSwitchOnSameCondition).
func switchFromDefaultOfSameFlag(op *ir.Operation, rw *ir.Rewriter) bool {
	pred, ok := predSwitchOnSameFlag(op)
	if !ok || pred.DefaultDest() != op.Block() {
		return false
	}
	s := Switch{op}
	w := ir.IntOrFloatBitWidth(s.Flag().Type())
	predCases := pred.cases()
	var kept []switchCase
	for _, c := range s.cases() {
		impossible := slices.ContainsFunc(predCases, func(pc switchCase) bool {
			return pc.dest != op.Block() && sameBits(c.value, pc.value, w)
		})
		if !impossible {
			kept = append(kept, c)
		}
	}
	if len(kept) == s.NumCases() {
		return false
	}
	rw.ReplaceOpWith(op, switchState(op.Context(), op.Loc(), s.Flag(), s.DefaultDest(), s.DefaultOperands(), kept))
	return true
}

// switchForward branches straight past destinations that only branch on.
func switchForward(op *ir.Operation, rw *ir.Rewriter) bool {
	s := Switch{op}
	changed := false
	cases := s.cases()
	for i, c := range cases {
		if next, args, ok := collapseBranch(c.dest, c.args); ok {
			cases[i].dest, cases[i].args, changed = next, args, true
		}
	}
	def, defArgs := s.DefaultDest(), s.DefaultOperands()
	if next, args, ok := collapseBranch(def, defArgs); ok {
		def, defArgs, changed = next, args, true
	}
	if !changed {
		return false
	}
	rw.ReplaceOpWith(op, switchState(op.Context(), op.Loc(), s.Flag(), def, defArgs, cases))
	return true
}
