package transforms

import (
	"github.com/kiln-gpu/kiln/arith"
	"github.com/kiln-gpu/kiln/ir"
	"github.com/kiln-gpu/kiln/vector"
)

// builder creates ops at the rewriter's insertion point with one location.
type builder struct {
	rw  *ir.Rewriter
	ctx *ir.Context
	loc ir.Location
}

// at returns a builder inserting before op, located at op.
func at(rw *ir.Rewriter, op *ir.Operation) *builder {
	rw.SetInsertionPointBefore(op)
	return &builder{rw: rw, ctx: op.Context(), loc: op.Loc()}
}

// op creates one op with the given attributes and returns its first result
// (nil when it has none).
func (b *builder) op(name string, operands []*ir.Value, results []ir.Type, attrs ...ir.NamedAttr) *ir.Value {
	o := b.rw.Create(&ir.OpState{Name: name, Loc: b.loc, Operands: operands, ResultTypes: results, Attrs: attrs})
	if o.NumResults() == 0 {
		return nil
	}
	return o.Result(0)
}

// constant returns an arith.constant of value.
func (b *builder) constant(value ir.Attribute, t ir.Type) *ir.Value {
	return arith.NewConstant(&b.rw.Builder, value, t, b.loc)
}

// index returns an index constant.
func (b *builder) index(v int64) *ir.Value { return b.constant(b.ctx.IndexAttr(v), b.ctx.Index()) }

// zero returns the zero of a scalar or vector type (false for i1).
func (b *builder) zero(t ir.Type) *ir.Value {
	return b.constant(zeroAttr(b.ctx, t), t)
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

// extract returns v[pos...]: a sub-vector or an element.
func (b *builder) extract(v *ir.Value, pos []int64) *ir.Value {
	vt := v.Type().(*ir.VectorType)
	var rt ir.Type = vt.Elem
	if len(pos) < len(vt.Dims) {
		var scal []bool
		if vt.IsScalable() {
			scal = vt.Scalable[len(pos):]
		}
		rt = b.ctx.ScalableVector(vt.Dims[len(pos):], scal, vt.Elem)
	}
	return b.op("vector.extract", []*ir.Value{v}, []ir.Type{rt},
		ir.NamedAttr{Name: "static_position", Value: b.ctx.DenseI64Array(pos...)})
}

// insert returns dst with src placed at pos.
func (b *builder) insert(src, dst *ir.Value, pos []int64) *ir.Value {
	return b.op("vector.insert", []*ir.Value{src, dst}, []ir.Type{dst.Type()},
		ir.NamedAttr{Name: "static_position", Value: b.ctx.DenseI64Array(pos...)})
}

// slice returns elements [off, off+n) of a 1-d vector.
func (b *builder) slice(v *ir.Value, off, n int64) *ir.Value {
	vt := v.Type().(*ir.VectorType)
	if vt.Dims[0] == n {
		return v
	}
	return b.op("vector.extract_strided_slice", []*ir.Value{v}, []ir.Type{b.ctx.Vector([]int64{n}, vt.Elem)},
		ir.NamedAttr{Name: "offsets", Value: vector.I64ArrayAttr(b.ctx, []int64{off})},
		ir.NamedAttr{Name: "sizes", Value: vector.I64ArrayAttr(b.ctx, []int64{n})},
		ir.NamedAttr{Name: "strides", Value: vector.I64ArrayAttr(b.ctx, []int64{1})})
}

// insertSlice returns the 1-d vector dst with src written from off.
func (b *builder) insertSlice(src, dst *ir.Value, off int64) *ir.Value {
	if src.Type() == dst.Type() {
		return src
	}
	return b.op("vector.insert_strided_slice", []*ir.Value{src, dst}, []ir.Type{dst.Type()},
		ir.NamedAttr{Name: "offsets", Value: vector.I64ArrayAttr(b.ctx, []int64{off})},
		ir.NamedAttr{Name: "strides", Value: vector.I64ArrayAttr(b.ctx, []int64{1})})
}

// broadcast returns a scalar broadcast to vt.
func (b *builder) broadcast(s *ir.Value, vt *ir.VectorType) *ir.Value {
	return b.op("vector.broadcast", []*ir.Value{s}, []ir.Type{vt})
}

// addIndex returns v + c (v itself when c is 0).
func (b *builder) addIndex(v *ir.Value, c int64) *ir.Value {
	if c == 0 {
		return v
	}
	return b.op("arith.addi", []*ir.Value{v, b.index(c)}, []ir.Type{v.Type()})
}

// ifThen builds `scf.if cond` with results of types; then and els fill
// the two blocks and return what they yield (els is skipped, and the else
// region left empty, when there are no results and els is nil).
func (b *builder) ifThen(cond *ir.Value, types []ir.Type, then, els func(*builder) []*ir.Value) []*ir.Value {
	st := &ir.OpState{Name: "scf.if", Loc: b.loc, Operands: []*ir.Value{cond}, ResultTypes: types}
	thenR, elseR := st.AddRegion(), st.AddRegion()
	op := b.rw.Create(st)
	blk, before := b.rw.InsertionPoint()
	fill := func(r *ir.Region, body func(*builder) []*ir.Value) {
		inner := &builder{rw: b.rw, ctx: b.ctx, loc: b.loc}
		b.rw.CreateBlock(r, nil, nil, nil)
		inner.op("scf.yield", body(inner), nil)
	}
	fill(thenR, then)
	if els != nil {
		fill(elseR, els)
	}
	b.rw.RestoreInsertionPoint(blk, before)
	return op.Results()
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
	t := ir.Type(b.ctx.I(1))
	if vt, ok := a.Type().(*ir.VectorType); ok {
		t = b.ctx.Vector(vt.Dims, t)
	}
	return b.op("arith.cmpi", []*ir.Value{a, c}, []ir.Type{t},
		ir.NamedAttr{Name: "predicate", Value: b.ctx.I64Attr(int64(arith.CmpISLT))})
}

// notNegative returns a >= 0, signed, on index.
func (b *builder) notNegative(a *ir.Value) *ir.Value {
	return b.op("arith.cmpi", []*ir.Value{a, b.index(0)}, []ir.Type{b.ctx.I(1)},
		ir.NamedAttr{Name: "predicate", Value: b.ctx.I64Attr(int64(arith.CmpISGE))})
}

// and returns a && c, either of which may be nil (meaning true).
func (b *builder) and(a, c *ir.Value) *ir.Value {
	switch {
	case a == nil:
		return c
	case c == nil:
		return a
	}
	return b.op("arith.andi", []*ir.Value{a, c}, []ir.Type{a.Type()})
}
