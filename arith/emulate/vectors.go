package emulate

import (
	"github.com/kiln-gpu/kiln/arith"
	"github.com/kiln-gpu/kiln/ir"
	"github.com/kiln-gpu/kiln/vector"
)

// builder builds the ops of one emulation before the op it replaces: an
// i2N value is a vector whose innermost dimension holds its two iN halves,
// low first, and the helpers below (MLIR's of EmulateWideInt.cpp) take
// such vectors apart and put them together.
type builder struct {
	arith.Builder
}

// make builds an op of several results (Make builds those of one).
func (x *builder) make(name string, operands []*ir.Value, results []ir.Type) *ir.Operation {
	return x.B.Create(&ir.OpState{Name: name, Loc: x.Loc, Operands: operands, ResultTypes: results})
}

// componentType is t with its innermost dimension reduced to 1, or its
// element type for a 1-D vector: the type of one half.
func componentType(ctx *ir.Context, t *ir.VectorType) ir.Type {
	if len(t.Dims) == 1 {
		return t.Elem
	}
	dims := append([]int64(nil), t.Dims...)
	dims[len(dims)-1] = 1
	return ctx.Vector(dims, t.Elem)
}

// slice extracts the component at offset off of v's innermost dimension:
// vector.extract for a 1-D v, vector.extract_strided_slice otherwise.
func (x *builder) slice(v *ir.Value, off int64) *ir.Value {
	vt := v.Type().(*ir.VectorType)
	if len(vt.Dims) == 1 {
		return x.Make("vector.extract", vt.Elem,
			[]ir.NamedAttr{{Name: "static_position", Value: x.Ctx.DenseI64Array(off)}}, v)
	}
	n := len(vt.Dims)
	offs, sizes, strides := make([]int64, n), append([]int64(nil), vt.Dims...), make([]int64, n)
	offs[n-1], sizes[n-1] = off, 1
	for i := range strides {
		strides[i] = 1
	}
	return x.Make("vector.extract_strided_slice", componentType(x.Ctx, vt), []ir.NamedAttr{
		{Name: "offsets", Value: vector.I64ArrayAttr(x.Ctx, offs)},
		{Name: "sizes", Value: vector.I64ArrayAttr(x.Ctx, sizes)},
		{Name: "strides", Value: vector.I64ArrayAttr(x.Ctx, strides)}}, v)
}

// halves returns the low and high components of v.
func (x *builder) halves(v *ir.Value) (lo, hi *ir.Value) {
	return x.slice(v, 0), x.slice(v, 1)
}

// dropX1 shape-casts a vector<...x1xT> to vector<...xT>; a scalar stays.
func (x *builder) dropX1(v *ir.Value) *ir.Value {
	vt, ok := v.Type().(*ir.VectorType)
	if !ok {
		return v
	}
	return x.Make("vector.shape_cast", x.Ctx.Vector(vt.Dims[:len(vt.Dims)-1], vt.Elem), nil, v)
}

// appendX1 shape-casts a vector<...xT> to vector<...x1xT>; a scalar stays.
func (x *builder) appendX1(v *ir.Value) *ir.Value {
	vt, ok := v.Type().(*ir.VectorType)
	if !ok {
		return v
	}
	return x.Make("vector.shape_cast", x.Ctx.Vector(append(append([]int64(nil), vt.Dims...), 1), vt.Elem), nil, v)
}

// insert puts the component src into dest at offset off of its innermost
// dimension.
func (x *builder) insert(src, dest *ir.Value, off int64) *ir.Value {
	st, ok := src.Type().(*ir.VectorType)
	if !ok {
		return x.Make("vector.insert", dest.Type(),
			[]ir.NamedAttr{{Name: "static_position", Value: x.Ctx.DenseI64Array(off)}}, src, dest)
	}
	n := len(st.Dims)
	offs, strides := make([]int64, n), make([]int64, n)
	offs[n-1] = off
	for i := range strides {
		strides[i] = 1
	}
	return x.Make("vector.insert_strided_slice", dest.Type(), []ir.NamedAttr{
		{Name: "offsets", Value: vector.I64ArrayAttr(x.Ctx, offs)},
		{Name: "strides", Value: vector.I64ArrayAttr(x.Ctx, strides)}}, src, dest)
}

// join builds a value of t from its components, inserted in order into
// a zero vector.
func (x *builder) join(t *ir.VectorType, parts ...*ir.Value) *ir.Value {
	v := x.IConst(t, 0)
	for i, p := range parts {
		v = x.insert(p, v, int64(i))
	}
	return v
}

// cast is the cast op name of v to t, or v itself when it has type t
// already (the fold of MLIR's createOrFold).
func (x *builder) cast(name string, t ir.Type, v *ir.Value) *ir.Value {
	if v.Type() == t {
		return v
	}
	return x.Make(name, t, nil, v)
}

// pred returns the predicate of a cmpi or cmpf op.
func pred(op *ir.Operation) int64 {
	a, _ := op.Attr("predicate").(*ir.IntegerAttr)
	if a == nil {
		return -1
	}
	return a.Int()
}
