package vector

import (
	"math"
	"strconv"

	"github.com/kiln-gpu/kiln/ir"
)

// Dynamic marks a position whose value is an SSA operand (MLIR's
// ShapedType::kDynamic) in static_position arrays.
const Dynamic = math.MinInt64

// Poison is the position or shuffle index that yields a poison value.
const Poison = -1

// customError is an error of a custom parser, prefixed as MLIR's
// CustomOpAsmParser prefixes them.
func customError(loc ir.Location, op, format string, args ...any) error {
	return ir.Errorf(loc, "custom op '%s' "+format, append([]any{op}, args...)...)
}

// vectorOperand returns the vector type of operand i, or ODS's error when
// the operand is not a vector.
func vectorOperand(op *ir.Operation, i int) (*ir.VectorType, error) {
	vt, ok := vectorOf(op.Operand(i))
	if !ok {
		return nil, op.Errorf("operand #%d must be vector of any type values, but got %s", i, typeQuoted(op.Operand(i).Type()))
	}
	return vt, nil
}

// vectorResult is vectorOperand for the first result.
func vectorResult(op *ir.Operation) (*ir.VectorType, error) {
	vt, ok := op.Result(0).Type().(*ir.VectorType)
	if !ok {
		return nil, op.Errorf("result #0 must be vector of any type values, but got %s", typeQuoted(op.Result(0).Type()))
	}
	return vt, nil
}

// vectorInOut returns the vector types of operand #0 and result #0, for
// ops that map one vector to another.
func vectorInOut(op *ir.Operation) (*ir.VectorType, *ir.VectorType, error) {
	in, err := vectorOperand(op, 0)
	if err != nil {
		return nil, nil, err
	}
	out, err := vectorResult(op)
	return in, out, err
}

// parseVectorType parses a type that must be a vector.
func parseVectorType(p *ir.OpParser, op string) (*ir.VectorType, error) {
	at := p.Pos()
	t, err := p.ParseType()
	if err != nil {
		return nil, err
	}
	vt, ok := t.(*ir.VectorType)
	if !ok {
		return nil, customError(p.LocAt(at), op, "invalid kind of type specified: expected builtin.vector, but found '%s'", ir.TypeString(t))
	}
	return vt, nil
}

// Ints returns the integers of an i64 array attribute, given either as
// array<i64: ...> or as [1, 2] (an ArrayAttr of IntegerAttrs); ok is false
// for anything else.
func Ints(a ir.Attribute) ([]int64, bool) {
	switch a := a.(type) {
	case *ir.DenseArrayAttr:
		if a.Floats != nil {
			return nil, false
		}
		return a.Ints, true
	case *ir.ArrayAttr:
		out := make([]int64, len(a.Elems))
		for i, e := range a.Elems {
			ia, ok := e.(*ir.IntegerAttr)
			if !ok {
				return nil, false
			}
			out[i] = ia.Int()
		}
		return out, true
	}
	return nil, false
}

// I64ArrayAttr returns [v0, v1, ...] as an ArrayAttr of i64 (MLIR's I64ArrayAttr).
func I64ArrayAttr(ctx *ir.Context, vs []int64) *ir.ArrayAttr {
	es := make([]ir.Attribute, len(vs))
	for i, v := range vs {
		es[i] = ctx.I64Attr(v)
	}
	return ctx.ArrayAttr(es...)
}

// BoolArrayAttr returns [true, false, ...] as an ArrayAttr of i1.
func BoolArrayAttr(ctx *ir.Context, vs []bool) *ir.ArrayAttr {
	es := make([]ir.Attribute, len(vs))
	for i, v := range vs {
		es[i] = ctx.BoolAttr(v)
	}
	return ctx.ArrayAttr(es...)
}

// Bools returns the values of an ArrayAttr of bools.
func Bools(a ir.Attribute) ([]bool, bool) {
	arr, ok := a.(*ir.ArrayAttr)
	if !ok {
		return nil, false
	}
	out := make([]bool, len(arr.Elems))
	for i, e := range arr.Elems {
		ia, ok := e.(*ir.IntegerAttr)
		if !ok || ir.IntOrFloatBitWidth(ia.Type()) != 1 {
			return nil, false
		}
		out[i] = ia.Bool()
	}
	return out, true
}

// attrInts returns op's i64 array attribute name (nil when absent or malformed).
func attrInts(op *ir.Operation, name string) []int64 {
	v, _ := Ints(op.Attr(name))
	return v
}

// dimString writes dimension i of t, as [4] when it is scalable.
func dimString(t *ir.VectorType, i int) string {
	s := strconv.FormatInt(t.Dims[i], 10)
	if isScalableDim(t, i) {
		return "[" + s + "]"
	}
	return s
}

func isScalableDim(t *ir.VectorType, i int) bool { return t.Scalable != nil && t.Scalable[i] }

// scalableOrNil returns flags, or nil when none is set.
func scalableOrNil(flags []bool) []bool {
	for _, f := range flags {
		if f {
			return flags
		}
	}
	return nil
}

// subVector returns the vector type of t's trailing dimensions from dim
// on, or t's element type when none remain.
func subVector(ctx *ir.Context, t *ir.VectorType, from int) ir.Type {
	if from >= len(t.Dims) {
		return t.Elem
	}
	var sc []bool
	if t.Scalable != nil {
		sc = scalableOrNil(t.Scalable[from:])
	}
	return ctx.ScalableVector(t.Dims[from:], sc, t.Elem)
}

// vectorOf returns the vector type for a value, if it is one.
func vectorOf(v *ir.Value) (*ir.VectorType, bool) {
	t, ok := v.Type().(*ir.VectorType)
	return t, ok
}

// typeQuoted returns 'T'.
func typeQuoted(t ir.Type) string { return "'" + ir.TypeString(t) + "'" }

const (
	alignmentDesc = "64-bit signless integer attribute whose value is positive and whose value is a power of two > 0"
	badAlignment  = "attribute 'alignment' failed to satisfy constraint: " + alignmentDesc
)

// validAlignment reports whether a (nil when absent) is a valid alignment.
func validAlignment(ctx *ir.Context, a ir.Attribute) bool {
	if a == nil {
		return true
	}
	ia, ok := a.(*ir.IntegerAttr)
	return ok && ia.Type() == ctx.I(64) && ia.Int() > 0 && ia.Int()&(ia.Int()-1) == 0
}

// verifyAlignment checks the optional alignment attribute of memory ops.
func verifyAlignment(op *ir.Operation) error {
	if !validAlignment(op.Context(), op.Attr("alignment")) {
		return op.Errorf(badAlignment)
	}
	return nil
}

// Linearize returns the row-major offset of position pos in shape.
func Linearize(pos, shape []int64) int64 {
	var off int64
	for i, s := range shape {
		off *= s
		if i < len(pos) {
			off += pos[i]
		}
	}
	return off
}

// Delinearize returns the position of row-major offset off in shape.
func Delinearize(off int64, shape []int64) []int64 {
	pos := make([]int64, len(shape))
	for i := len(shape) - 1; i >= 0; i-- {
		if shape[i] > 0 {
			pos[i] = off % shape[i]
			off /= shape[i]
		}
	}
	return pos
}

// Product returns the product of vs (1 for none).
func Product(vs []int64) int64 {
	n := int64(1)
	for _, v := range vs {
		n *= v
	}
	return n
}

// bitWidth is the size of a scalar type in bits, index being 64 bits as in
// MLIR's default data layout.
func bitWidth(t ir.Type) int64 {
	if _, ok := t.(*ir.IndexType); ok {
		return 64
	}
	return int64(ir.IntOrFloatBitWidth(t))
}
