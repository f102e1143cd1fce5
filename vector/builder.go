package vector

import (
	"github.com/kiln-gpu/kiln/arith"
	"github.com/kiln-gpu/kiln/ir"
)

// Builder creates ops at a rewriter's insertion point, all at one
// location: the helpers the vector lowerings (vector/transforms,
// vector/toscf) share.
type Builder struct {
	RW  *ir.Rewriter
	Loc ir.Location
}

// Context returns the rewriter's context.
func (b Builder) Context() *ir.Context { return b.RW.Context() }

// Op creates one op with the given attributes and returns its first result
// (nil when it has none).
func (b Builder) Op(name string, operands []*ir.Value, results []ir.Type, attrs ...ir.NamedAttr) *ir.Value {
	o := b.RW.CreateOp(name, b.Loc, operands, results, attrs...)
	if o.NumResults() == 0 {
		return nil
	}
	return o.Result(0)
}

// Constant returns an arith.constant of value.
func (b Builder) Constant(value ir.Attribute, t ir.Type) *ir.Value {
	return arith.NewConstant(&b.RW.Builder, value, t, b.Loc)
}

// Index returns an index constant.
func (b Builder) Index(v int64) *ir.Value {
	return b.Constant(b.Context().IndexAttr(v), b.Context().Index())
}

// Extract returns v[pos...] (static positions): a sub-vector or an element.
func (b Builder) Extract(v *ir.Value, pos []int64) *ir.Value {
	return b.ExtractAt(v, positions(pos)...)
}

// ExtractAt is Extract at positions that are int64 (static) or *ir.Value
// (dynamic).
func (b Builder) ExtractAt(v *ir.Value, pos ...any) *ir.Value {
	vt := v.Type().(*ir.VectorType)
	var rt ir.Type = vt.Elem
	if len(pos) < len(vt.Dims) {
		var scal []bool
		if vt.IsScalable() {
			scal = vt.Scalable[len(pos):]
		}
		rt = b.Context().ScalableVector(vt.Dims[len(pos):], scal, vt.Elem)
	}
	attr, dyn := b.position(pos)
	return b.Op("vector.extract", append([]*ir.Value{v}, dyn...), []ir.Type{rt}, attr)
}

// Insert returns dst with src placed at pos (static positions).
func (b Builder) Insert(src, dst *ir.Value, pos []int64) *ir.Value {
	return b.InsertAt(src, dst, positions(pos)...)
}

// InsertAt is Insert at positions as ExtractAt's.
func (b Builder) InsertAt(src, dst *ir.Value, pos ...any) *ir.Value {
	attr, dyn := b.position(pos)
	return b.Op("vector.insert", append([]*ir.Value{src, dst}, dyn...), []ir.Type{dst.Type()}, attr)
}

func positions(pos []int64) []any {
	out := make([]any, len(pos))
	for i, p := range pos {
		out[i] = p
	}
	return out
}

// position makes the static_position attribute and dynamic operands of a
// vector.extract or insert at pos.
func (b Builder) position(pos []any) (ir.NamedAttr, []*ir.Value) {
	static := make([]int64, 0, len(pos))
	var dyn []*ir.Value
	for _, p := range pos {
		switch p := p.(type) {
		case int64:
			static = append(static, p)
		case *ir.Value:
			static = append(static, Dynamic)
			dyn = append(dyn, p)
		}
	}
	return ir.NamedAttr{Name: "static_position", Value: b.Context().DenseI64Array(static...)}, dyn
}

// Broadcast returns s broadcast to vt.
func (b Builder) Broadcast(s *ir.Value, vt *ir.VectorType) *ir.Value {
	return b.Op("vector.broadcast", []*ir.Value{s}, []ir.Type{vt})
}

// If builds `scf.if cond` with results of types; then and els fill its two
// blocks and return what they yield (els is skipped, and the else region
// left empty, when it is nil).
func (b Builder) If(cond *ir.Value, types []ir.Type, then, els func(Builder) []*ir.Value) []*ir.Value {
	st := &ir.OpState{Name: "scf.if", Loc: b.Loc, Operands: []*ir.Value{cond}, ResultTypes: types}
	thenR, elseR := st.AddRegion(), st.AddRegion()
	op := b.RW.Create(st)
	blk, before := b.RW.InsertionPoint()
	fill := func(r *ir.Region, body func(Builder) []*ir.Value) {
		b.RW.CreateBlock(r, nil, nil, nil)
		b.Op("scf.yield", body(b), nil)
	}
	fill(thenR, then)
	if els != nil {
		fill(elseR, els)
	}
	b.RW.RestoreInsertionPoint(blk, before)
	return op.Results()
}
