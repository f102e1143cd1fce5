package transforms

import (
	"github.com/kiln-gpu/kiln/arith"
	"github.com/kiln-gpu/kiln/ir"
	"github.com/kiln-gpu/kiln/vector"
)

// builder is vector.Builder with the helpers only these patterns use.
type builder struct{ vector.Builder }

// at returns a builder inserting before op, located at op.
func at(rw *ir.Rewriter, op *ir.Operation) *builder {
	rw.SetInsertionPointBefore(op)
	return &builder{vector.Builder{RW: rw, Loc: op.Loc()}}
}

// zero returns the zero of a scalar or vector type (false for i1).
func (b *builder) zero(t ir.Type) *ir.Value {
	return b.Constant(zeroAttr(b.Context(), t), t)
}

func zeroAttr(ctx *ir.Context, t ir.Type) ir.Attribute {
	if vt, ok := t.(*ir.VectorType); ok {
		return ctx.DenseSplat(vt, zeroAttr(ctx, vt.Elem))
	}
	if ft, ok := t.(*ir.FloatType); ok {
		return ctx.FloatAttr(ft, 0)
	}
	return ctx.IntegerAttr(t, 0)
}

// slice returns elements [off, off+n) of a 1-d vector.
func (b *builder) slice(v *ir.Value, off, n int64) *ir.Value {
	vt := v.Type().(*ir.VectorType)
	if vt.Dims[0] == n {
		return v
	}
	return b.Op("vector.extract_strided_slice", []*ir.Value{v}, []ir.Type{b.Context().Vector([]int64{n}, vt.Elem)},
		ir.NamedAttr{Name: "offsets", Value: vector.I64ArrayAttr(b.Context(), []int64{off})},
		ir.NamedAttr{Name: "sizes", Value: vector.I64ArrayAttr(b.Context(), []int64{n})},
		ir.NamedAttr{Name: "strides", Value: vector.I64ArrayAttr(b.Context(), []int64{1})})
}

// insertSlice returns the 1-d vector dst with src written from off.
func (b *builder) insertSlice(src, dst *ir.Value, off int64) *ir.Value {
	if src.Type() == dst.Type() {
		return src
	}
	return b.Op("vector.insert_strided_slice", []*ir.Value{src, dst}, []ir.Type{dst.Type()},
		ir.NamedAttr{Name: "offsets", Value: vector.I64ArrayAttr(b.Context(), []int64{off})},
		ir.NamedAttr{Name: "strides", Value: vector.I64ArrayAttr(b.Context(), []int64{1})})
}

// addIndex returns v + c (v itself when c is 0).
func (b *builder) addIndex(v *ir.Value, c int64) *ir.Value {
	if c == 0 {
		return v
	}
	return b.Op("arith.addi", []*ir.Value{v, b.Index(c)}, []ir.Type{v.Type()})
}

// ifThen is vector.Builder.If with bodies that take this package's builder.
func (b *builder) ifThen(cond *ir.Value, types []ir.Type, then, els func(*builder) []*ir.Value) []*ir.Value {
	wrap := func(body func(*builder) []*ir.Value) func(vector.Builder) []*ir.Value {
		if body == nil {
			return nil
		}
		return func(vb vector.Builder) []*ir.Value { return body(&builder{vb}) }
	}
	return b.If(cond, types, wrap(then), wrap(els))
}

// fixedVector returns v's type when it is a vector with static, non-scalable dims.
func fixedVector(v *ir.Value) (*ir.VectorType, bool) {
	vt, ok := v.Type().(*ir.VectorType)
	if !ok || vt.IsScalable() {
		return nil, false
	}
	return vt, true
}

// forEach calls fn with each position of shape in row-major order.
func forEach(shape []int64, fn func(pos []int64)) {
	n := vector.Product(shape)
	for i := int64(0); i < n; i++ {
		fn(vector.Delinearize(i, shape))
	}
}

// lessThan returns a < b, signed, on index or index vectors.
func (b *builder) lessThan(a, c *ir.Value) *ir.Value {
	t := ir.Type(b.Context().I(1))
	if vt, ok := a.Type().(*ir.VectorType); ok {
		t = b.Context().Vector(vt.Dims, t)
	}
	return b.Op("arith.cmpi", []*ir.Value{a, c}, []ir.Type{t},
		ir.NamedAttr{Name: "predicate", Value: b.Context().I64Attr(int64(arith.CmpISLT))})
}

// notNegative returns a >= 0, signed, on index.
func (b *builder) notNegative(a *ir.Value) *ir.Value {
	return b.Op("arith.cmpi", []*ir.Value{a, b.Index(0)}, []ir.Type{b.Context().I(1)},
		ir.NamedAttr{Name: "predicate", Value: b.Context().I64Attr(int64(arith.CmpISGE))})
}

// and returns a && c, either of which may be nil (meaning true).
func (b *builder) and(a, c *ir.Value) *ir.Value {
	switch {
	case a == nil:
		return c
	case c == nil:
		return a
	}
	return b.Op("arith.andi", []*ir.Value{a, c}, []ir.Type{a.Type()})
}
