package interp

import (
	"slices"

	"github.com/kiln-gpu/kiln/ir"
)

// affineHandler runs affine.apply, affine.min and affine.max: the map over
// the index operands (dimensions, then symbols), and for min and max the
// smallest or largest of its results; a poison operand makes poison.
func affineHandler(op *ir.Operation) handler {
	var pick func([]int64) int64
	switch op.Name() {
	case "affine.apply":
		pick = func(rs []int64) int64 { return rs[0] }
	case "affine.min":
		pick = slices.Min[[]int64]
	case "affine.max":
		pick = slices.Max[[]int64]
	default:
		return nil
	}
	a, ok := op.Attr("map").(*ir.AffineMapAttr)
	if !ok || len(a.Map.Results) == 0 || op.NumOperands() != a.Map.Dims+a.Map.Symbols {
		return nil
	}
	m := a.Map
	return func(_ *Machine, f *frame, op *ir.Operation) error {
		vals := make([]int64, op.NumOperands())
		for i, v := range op.Operands() {
			x := f.scalar(v)
			if x.Poison {
				f.set(op.Result(0), x)
				return nil
			}
			vals[i] = int64(x.Bits)
		}
		f.set(op.Result(0), Int(pick(m.Eval(vals[:m.Dims], vals[m.Dims:]))))
		return nil
	}
}
