package interp

import (
	"strings"

	"github.com/kiln-gpu/kiln/arith"
	"github.com/kiln-gpu/kiln/ir"
)

// width returns the bit width of an integer or index element type (0 otherwise).
func width(t ir.Type) int {
	switch t := ir.ElementTypeOrSelf(t).(type) {
	case *ir.IntegerType:
		return t.Width
	case *ir.IndexType:
		return 64
	}
	return 0
}

func floatKind(t ir.Type) (ir.FloatKind, bool) {
	ft, ok := ir.ElementTypeOrSelf(t).(*ir.FloatType)
	if !ok {
		return 0, false
	}
	return ft.Kind, true
}

func isI1(t ir.Type) bool { it, ok := t.(*ir.IntegerType); return ok && it.Width == 1 }

func sext(t ir.Type, v uint64) int64 {
	if w := width(t); w > 0 {
		return arith.SExt(w, v)
	}
	return int64(v)
}

func mask(t ir.Type, v uint64) uint64 { return arith.Mask(width(t), v) }

// enumWord returns the keyword of an enum-like attribute printed as
// #d<word>, #d<kind word>, #d.kind<word> or a bare keyword, so that the
// interpreter reads attributes of dialects it does not import.
func enumWord(a ir.Attribute) string {
	if a == nil {
		return ""
	}
	s := ir.AttrString(a)
	if i := strings.LastIndexByte(s, '<'); i >= 0 {
		s = s[i+1:]
		if j := strings.IndexByte(s, '>'); j >= 0 {
			s = s[:j]
		}
	}
	f := strings.Fields(s)
	if len(f) == 0 {
		return ""
	}
	return strings.Trim(f[len(f)-1], `"`)
}

// intList reads a DenseArrayAttr or an ArrayAttr of integers.
func intList(a ir.Attribute) []int64 {
	switch a := a.(type) {
	case *ir.DenseArrayAttr:
		return a.Ints
	case *ir.ArrayAttr:
		out := make([]int64, len(a.Elems))
		for i, e := range a.Elems {
			if ia, ok := e.(*ir.IntegerAttr); ok {
				out[i] = ia.Int()
			}
		}
		return out
	}
	return nil
}

// segments returns the operand groups of an op with operandSegmentSizes,
// or nil when the attribute is missing.
func segments(op *ir.Operation) [][]*ir.Value {
	sizes := intList(op.Attr("operandSegmentSizes"))
	if sizes == nil {
		return nil
	}
	ops := op.Operands()
	out := make([][]*ir.Value, len(sizes))
	i := 0
	for k, n := range sizes {
		if i+int(n) > len(ops) {
			return nil
		}
		out[k] = ops[i : i+int(n)]
		i += int(n)
	}
	return out
}

// shapeOf returns the static shape of a shaped type (nil for scalars).
func shapeOf(t ir.Type) []int64 {
	if st, ok := t.(ir.ShapedType); ok {
		return st.Shape()
	}
	return nil
}

func product(s []int64) int64 {
	n := int64(1)
	for _, x := range s {
		n *= x
	}
	return n
}
