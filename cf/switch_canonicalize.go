package cf

import (
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
	rw.ReplaceOpWith(op, switchState(op, s.Flag(), s.DefaultDest(), s.DefaultOperands(), kept))
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
	w := ir.IntOrFloatBitWidth(s.Flag().Type())
	for _, c := range s.cases() {
		if sameBits(c.value, k.Int(), w) {
			rw.ReplaceOpWith(op, brState(op.Loc(), c.dest, c.args))
			return true
		}
	}
	rw.ReplaceOpWith(op, brState(op.Loc(), s.DefaultDest(), s.DefaultOperands()))
	return true
}

// sameBits compares the low w bits of two integers.
func sameBits(a, b int64, w int) bool {
	if w <= 0 || w >= 64 {
		return a == b
	}
	mask := uint64(1)<<w - 1
	return uint64(a)&mask == uint64(b)&mask
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
	rw.ReplaceOpWith(op, switchState(op, s.Flag(), def, defArgs, cases))
	return true
}
