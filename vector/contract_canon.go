package vector

import (
	"math"

	"github.com/kiln-gpu/kiln/ir"
)

// contractAdd folds add(contract(a, b, zero), c) into contract(a, b, c)
// (MLIR's CanonicalizeContractAdd, one pattern for each arith add).
func contractAdd(add string) *ir.Pattern {
	return &ir.Pattern{
		Name: "CanonicalizeContractAdd",
		Root: add,
		Rewrite: func(op *ir.Operation, rw *ir.Rewriter) bool {
			if op.NumOperands() != 2 {
				return false
			}
			for i, other := range []int{1, 0} {
				c := op.Operand(i).DefiningOp()
				if c == nil || c.Name() != "vector.contract" || c.NumOperands() < 3 || !isZeroConstant(c.Operand(2)) {
					continue
				}
				m := ir.NewMapping()
				m.Map(c.Operand(2), op.Operand(other))
				rw.SetInsertionPointBefore(op)
				rw.ReplaceOp(op, rw.Clone(c, m).Results())
				return true
			}
			return false
		},
	}
}

// isZeroConstant reports whether v is an arith.constant zero (+0.0 for
// floats), splat or scalar.
func isZeroConstant(v *ir.Value) bool {
	def := v.DefiningOp()
	if def == nil || def.Name() != "arith.constant" {
		return false
	}
	s, ok := splatValue(def.Context(), def.Attr("value"))
	switch s := s.(type) {
	case *ir.IntegerAttr:
		return ok && s.Int() == 0
	case *ir.FloatAttr:
		return ok && s.Value() == 0 && !math.Signbit(s.Value())
	}
	return false
}
