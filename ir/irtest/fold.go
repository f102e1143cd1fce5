package irtest

import (
	"testing"

	"github.com/kiln-gpu/kiln/ir"
)

// FoldCase is an input that defines operands and then the op to fold, and
// the expected account of the outcome.
type FoldCase struct{ Name, Src, Want string }

// FoldLast parses and verifies src in ctx and folds its last op once, the
// operands' constants given by constantValue (arith.ConstantValue).
func FoldLast(t *testing.T, ctx *ir.Context, src string, constantValue func(*ir.Value) ir.Attribute) (m, op *ir.Operation, res []ir.FoldResult, ok bool) {
	t.Helper()
	m, err := ir.Parse(ctx, src, "fold.mlir")
	if err != nil {
		t.Fatalf("parse: %v", err)
	}
	if err := ir.Verify(m); err != nil {
		t.Fatalf("verify: %v", err)
	}
	op = ir.ModuleBody(m).Last()
	operands := make([]ir.Attribute, op.NumOperands())
	for i, v := range op.Operands() {
		operands[i] = constantValue(v)
	}
	res, ok = op.Def().Fold(op, operands)
	return m, op, res, ok
}

// CheckFolds runs each case as a subtest: describe, given its Src, must
// return its Want.
func CheckFolds(t *testing.T, cases []FoldCase, describe func(t *testing.T, src string) string) {
	for _, tc := range cases {
		t.Run(tc.Name, func(t *testing.T) {
			if got := describe(t, tc.Src); got != tc.Want {
				t.Errorf("folded to %q, want %q", got, tc.Want)
			}
		})
	}
}
