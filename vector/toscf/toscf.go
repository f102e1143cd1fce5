// Package toscf is MLIR's VectorToSCF conversion (the pass
// convert-vector-to-scf): after the permutation maps are lowered to
// transposes and broadcasts (vector/transforms.PermutationMapPatterns),
// vector.transfer_read and transfer_write of
// vectors of a rank above the target rank become scf loops of transfers
// one rank lower, through a stack buffer viewed with vector.type_cast
// (or, with full-unroll, fully unrolled into vector.insert and
// vector.extract), with scf.if guards for dimensions that may be out of
// bounds or masked; 1-d transfers that are not a contiguous minor
// identity become loops of memref.load and memref.store; vector.print of
// a vector becomes loops printing its elements; with lower-scalable, a
// transfer_write of a transposed vector<[N]xM> becomes a loop over N.
//
// Kiln's vector-lower-transfer (vector/transforms) stays separate: for
// SPIR-V it keeps n-d vector values out of scf.if results, which the
// unrolling for SPIR-V cannot split, where this pass yields them.
package toscf

import (
	"slices"

	"github.com/kiln-gpu/kiln/affine"
	"github.com/kiln-gpu/kiln/arith"
	"github.com/kiln-gpu/kiln/ir"
	"github.com/kiln-gpu/kiln/ir/pass"
	"github.com/kiln-gpu/kiln/ir/rewrite"
	scftransforms "github.com/kiln-gpu/kiln/scf/transforms"
	"github.com/kiln-gpu/kiln/vector"
	"github.com/kiln-gpu/kiln/vector/transforms"
)

// Options are the pass options (MLIR's VectorTransferToSCFOptions).
type Options struct {
	Unroll        bool // full-unroll
	TargetRank    int  // target-rank
	LowerTensors  bool // lower-tensors
	LowerScalable bool // lower-scalable
}

// Pass is convert-vector-to-scf.
func Pass() *pass.Pass {
	return &pass.Pass{Name: "ConvertVectorToSCF", Argument: "convert-vector-to-scf",
		Summary: "Lower the operations from the vector dialect into the SCF dialect",
		Options: []pass.Option{
			{Name: "full-unroll", Kind: pass.BoolOption, Default: "false",
				Help: "Perform full unrolling when converting vector transfers to SCF"},
			{Name: "target-rank", Kind: pass.UnsignedOption, Default: "1",
				Help: "Target vector rank to which transfer ops should be lowered"},
			{Name: "lower-tensors", Kind: pass.BoolOption, Default: "false",
				Help: "Lower transfer ops that operate on tensors"},
			{Name: "lower-scalable", Kind: pass.BoolOption, Default: "false",
				Help: "Add scalable vector specific lowerings (that introduce loops)"},
		},
		Run: func(op *ir.Operation, pc *pass.Context) error {
			o := Options{Unroll: pc.Options.Bool("full-unroll"), TargetRank: pc.Options.Int("target-rank"),
				LowerTensors: pc.Options.Bool("lower-tensors"), LowerScalable: pc.Options.Bool("lower-scalable")}
			// The permutation maps are lowered first, as MLIR does.
			if err := rewrite.ApplyGreedily(op, transforms.PermutationMapPatterns()...); err != nil {
				return err
			}
			return rewrite.ApplyGreedily(op, Patterns(o)...)
		}}
}

// Register adds the pass to reg.
func Register(reg pass.Registry) { reg.Add(Pass) }

// Patterns are MLIR's populateVectorToSCFConversionPatterns.
func Patterns(o Options) []*ir.Pattern {
	var ps []*ir.Pattern
	if o.Unroll {
		ps = append(ps, &ir.Pattern{Name: "vector-to-scf-unroll-read", Root: "vector.transfer_read", Rewrite: o.unrollRead},
			&ir.Pattern{Name: "vector-to-scf-unroll-write", Root: "vector.transfer_write", Rewrite: o.unrollWrite})
	} else {
		ps = append(ps, &ir.Pattern{Name: "vector-to-scf-prepare-read", Root: "vector.transfer_read", Rewrite: o.prepare},
			&ir.Pattern{Name: "vector-to-scf-prepare-write", Root: "vector.transfer_write", Rewrite: o.prepare},
			&ir.Pattern{Name: "vector-to-scf-read", Root: "vector.transfer_read", Rewrite: o.unpack},
			&ir.Pattern{Name: "vector-to-scf-write", Root: "vector.transfer_write", Rewrite: o.unpack})
	}
	if o.LowerScalable {
		ps = append(ps, &ir.Pattern{Name: "vector-to-scf-scalable-transpose-write", Root: "vector.transfer_write", Rewrite: o.scalableTransposeWrite})
	}
	if o.TargetRank == 1 {
		ps = append(ps, &ir.Pattern{Name: "vector-to-scf-1d-read", Root: "vector.transfer_read", Rewrite: o.lower1d},
			&ir.Pattern{Name: "vector-to-scf-1d-write", Root: "vector.transfer_write", Rewrite: o.lower1d})
	}
	return append(ps, &ir.Pattern{Name: "vector-to-scf-decompose-print", Root: "vector.print", Rewrite: decomposePrint})
}

// label marks the transfers that are being lowered through a buffer.
const label = "__vector_to_scf_lowering__"

// xfer is a transfer op seen through what the patterns need.
type xfer struct {
	op      *ir.Operation
	write   bool
	vec     *ir.Value // the vector written (transfer_write)
	base    *ir.Value
	indices []*ir.Value
	perm    *ir.AffineMap
	inb     []bool
	mask    *ir.Value
	pad     *ir.Value // transfer_read
	vt      *ir.VectorType
}

func view(op *ir.Operation) (xfer, bool) {
	x := xfer{op: op}
	// A transfer under vector.mask is the mask's to lower (lower-vector-mask).
	if p := op.ParentOp(); p != nil && p.Name() == "vector.mask" {
		return x, false
	}
	switch op.Name() {
	case "vector.transfer_read":
		v := vector.TransferRead{Operation: op}
		x.base, x.indices, x.perm, x.inb, x.mask, x.pad = v.Base(), v.Indices(), v.PermutationMap(), v.InBounds(), v.Mask(), v.Padding()
		x.vt, _ = op.Result(0).Type().(*ir.VectorType)
	case "vector.transfer_write":
		v := vector.TransferWrite{Operation: op}
		x.write, x.vec = true, v.Value()
		x.base, x.indices, x.perm, x.inb, x.mask = v.Base(), v.Indices(), v.PermutationMap(), v.InBounds(), v.Mask()
		x.vt, _ = x.vec.Type().(*ir.VectorType)
	}
	return x, x.vt != nil && x.perm != nil && len(x.perm.Results) == len(x.vt.Dims)
}

func (x xfer) tensor() bool {
	_, ok := x.base.Type().(*ir.RankedTensorType)
	return ok
}

// sameElem reports whether the vector and the source share an element type
// (the patterns leave transfers that convert it).
func (x xfer) sameElem() bool {
	st, ok := x.base.Type().(ir.ShapedType)
	return ok && st.ElementType() == x.vt.Elem
}

// broadcastDim reports whether vector dim k is a broadcast.
func (x xfer) broadcastDim(k int) bool {
	r := x.perm.Results[k]
	return r.Kind == ir.AffineConst && r.Value == 0
}

func (x xfer) dimInBounds(k int) bool { return x.broadcastDim(k) || k < len(x.inb) && x.inb[k] }

// unpackedDim is the source dimension of vector dim 0; false for a broadcast.
func (x xfer) unpackedDim() (int, bool) {
	r := x.perm.Results[0]
	return int(r.Value), r.Kind == ir.AffineDim
}

// innerMap is the permutation map without its first result.
func (x xfer) innerMap() *ir.AffineMap {
	return &ir.AffineMap{Dims: x.perm.Dims, Symbols: x.perm.Symbols, Results: x.perm.Results[1:]}
}

func (x xfer) innerInBounds() []bool {
	if len(x.inb) == 0 {
		return nil
	}
	return x.inb[1:]
}

// leadingScalable reports whether vector dim 0 is scalable.
func (x xfer) leadingScalable() bool { return len(x.vt.Scalable) > 0 && x.vt.Scalable[0] }

// b builds ops at a rewriter's insertion point with one location.
type b struct {
	rw  *ir.Rewriter
	loc ir.Location
}

func (b b) ctx() *ir.Context { return b.rw.Context() }

func (b b) op(name string, operands []*ir.Value, results []ir.Type, attrs ...ir.NamedAttr) *ir.Value {
	o := b.rw.CreateOp(name, b.loc, operands, results, attrs...)
	if o.NumResults() == 0 {
		return nil
	}
	return o.Result(0)
}

func (b b) index(v int64) *ir.Value {
	return arith.NewConstant(&b.rw.Builder, b.ctx().IndexAttr(v), b.ctx().Index(), b.loc)
}

func (b b) cmpi(pred arith.CmpIPredicate, x, y *ir.Value) *ir.Value {
	return b.op("arith.cmpi", []*ir.Value{x, y}, []ir.Type{b.ctx().I(1)},
		ir.NamedAttr{Name: "predicate", Value: b.ctx().I64Attr(int64(pred))})
}

// position makes the static_position attribute and dynamic operands of a
// vector.extract or insert at pos (values, or int64 for static ones).
func (b b) position(pos []any) (ir.NamedAttr, []*ir.Value) {
	var static []int64
	var dyn []*ir.Value
	for _, p := range pos {
		switch p := p.(type) {
		case int64:
			static = append(static, p)
		case *ir.Value:
			static = append(static, vector.Dynamic)
			dyn = append(dyn, p)
		}
	}
	return ir.NamedAttr{Name: "static_position", Value: b.ctx().DenseI64Array(static...)}, dyn
}

// extract returns v[pos...].
func (b b) extract(v *ir.Value, pos ...any) *ir.Value {
	vt := v.Type().(*ir.VectorType)
	var rt ir.Type = vt.Elem
	if len(pos) < len(vt.Dims) {
		rt = b.ctx().ScalableVector(vt.Dims[len(pos):], tail(vt.Scalable, len(pos)), vt.Elem)
	}
	attr, dyn := b.position(pos)
	return b.op("vector.extract", append([]*ir.Value{v}, dyn...), []ir.Type{rt}, attr)
}

// insert returns dst with src at pos.
func (b b) insert(src, dst *ir.Value, pos ...any) *ir.Value {
	attr, dyn := b.position(pos)
	return b.op("vector.insert", append([]*ir.Value{src, dst}, dyn...), []ir.Type{dst.Type()}, attr)
}

func tail(s []bool, n int) []bool {
	if s == nil {
		return nil
	}
	return s[n:]
}

// dropDim0 is vt without its first dimension.
func dropDim0(ctx *ir.Context, vt *ir.VectorType) *ir.VectorType {
	return ctx.ScalableVector(vt.Dims[1:], tail(vt.Scalable, 1), vt.Elem)
}

func (b b) broadcast(s *ir.Value, vt *ir.VectorType) *ir.Value {
	return b.op("vector.broadcast", []*ir.Value{s}, []ir.Type{vt})
}

func (b b) load(m *ir.Value, indices []*ir.Value) *ir.Value {
	mt := m.Type().(*ir.MemRefType)
	return b.op("memref.load", append([]*ir.Value{m}, indices...), []ir.Type{mt.Elem})
}

func (b b) store(v, m *ir.Value, indices []*ir.Value) {
	b.op("memref.store", append([]*ir.Value{v, m}, indices...), nil)
}

// dim is the size of dimension d of a memref or tensor: a constant when
// static (MLIR's createOrFoldDimOp).
func (b b) dim(src *ir.Value, d int) *ir.Value {
	st := src.Type().(ir.ShapedType)
	if s := st.Shape()[d]; s != ir.Dynamic {
		return b.index(s)
	}
	name := "memref.dim"
	if _, ok := st.(*ir.RankedTensorType); ok {
		name = "tensor.dim"
	}
	return b.op(name, []*ir.Value{src, b.index(int64(d))}, []ir.Type{b.ctx().Index()})
}

// add is offset + iv as a composed affine.apply.
func (b b) add(offset, iv *ir.Value) *ir.Value {
	m := &ir.AffineMap{Dims: 2, Results: []*ir.AffineExpr{ir.AffineBinary(ir.AffineAdd, ir.AffineDimExpr(0), ir.AffineDimExpr(1))}}
	return affine.ComposedApply(&b.rw.Builder, b.loc, m, []*ir.Value{offset, iv})
}

// newRead makes a vector.transfer_read.
func (b b) newRead(vt *ir.VectorType, base *ir.Value, indices []*ir.Value, m *ir.AffineMap, pad, mask *ir.Value, inb []bool) *ir.Operation {
	return vector.NewTransferRead(&b.rw.Builder, b.loc, vt, base, indices, m, pad, mask, inb)
}

// newWrite makes a vector.transfer_write (with a result on tensors).
func (b b) newWrite(vec, base *ir.Value, indices []*ir.Value, m *ir.AffineMap, mask *ir.Value, inb []bool) *ir.Operation {
	return vector.NewTransferWrite(&b.rw.Builder, b.loc, vec, base, indices, m, mask, inb)
}

// xferIndices are x's indices with iv added to the one of the unpacked
// dimension (MLIR's getXferIndices).
func (b b) xferIndices(x xfer, iv *ir.Value) []*ir.Value {
	out := slices.Clone(x.indices)
	if d, ok := x.unpackedDim(); ok {
		out[d] = b.add(x.indices[d], iv)
	}
	return out
}

// inBoundsCheck is MLIR's generateInBoundsCheck: in runs under an scf.if
// on "x's source index d plus iv is in bounds" (when dim 0 may be out of
// bounds) and "the mask's bit iv is set" (for a 1-d mask of a dimension
// that is not a broadcast), out in its else branch; without a condition
// in runs alone. The value of the branch taken is returned when types
// holds its type.
func (b b) inBoundsCheck(x xfer, iv *ir.Value, types []ir.Type, in, out func(b) *ir.Value) *ir.Value {
	var cond *ir.Value
	if d, ok := x.unpackedDim(); ok && !x.dimInBounds(0) {
		size := b.dim(x.base, d)
		idx := b.add(x.indices[d], iv)
		zero := b.index(0)
		nonNeg := b.cmpi(arith.CmpISGE, idx, zero)
		inRange := b.cmpi(arith.CmpISLT, idx, size)
		cond = b.op("arith.andi", []*ir.Value{nonNeg, inRange}, []ir.Type{b.ctx().I(1)})
	}
	if x.mask != nil && len(x.mask.Type().(*ir.VectorType).Dims) == 1 && !x.broadcastDim(0) {
		bit := b.extract(x.mask, iv)
		if cond == nil {
			cond = bit
		} else {
			cond = b.op("arith.andi", []*ir.Value{cond, bit}, []ir.Type{b.ctx().I(1)})
		}
	}
	if cond == nil {
		return in(b)
	}
	if out == nil {
		out = noValue
	}
	return b.ifOp(cond, types, in, out)
}

// ifOp makes `scf.if cond` with results of types (none or one); then and
// els fill its blocks and return what they yield. The else region stays
// empty when els is nil.
func (b b) ifOp(cond *ir.Value, types []ir.Type, then, els func(b) *ir.Value) *ir.Value {
	st := &ir.OpState{Name: "scf.if", Loc: b.loc, Operands: []*ir.Value{cond}, ResultTypes: types}
	thenR, elseR := st.AddRegion(), st.AddRegion()
	ifOp := b.rw.Create(st)
	blk, before := b.rw.InsertionPoint()
	for i, r := range []*ir.Region{thenR, elseR} {
		body := then
		if i == 1 {
			if els == nil {
				break
			}
			body = els
		}
		b.rw.CreateBlock(r, nil, nil, nil)
		v := body(b)
		var yielded []*ir.Value
		if len(types) > 0 {
			yielded = []*ir.Value{v}
		}
		b.op("scf.yield", yielded, nil)
	}
	b.rw.RestoreInsertionPoint(blk, before)
	if len(types) == 0 {
		return nil
	}
	return ifOp.Result(0)
}

// noValue is a branch that makes nothing.
func noValue(b) *ir.Value { return nil }

// forLoop makes scf.for %iv = 0 to n step 1 (carrying init when not nil)
// and fills its body with body, which returns what it yields.
func (b b) forLoop(n *ir.Value, init *ir.Value, body func(b, *ir.Value, *ir.Value) *ir.Value) *ir.Operation {
	return b.loop(b.index(0), n, b.index(1), init, body)
}

func (b b) loop(lb, ub, step *ir.Value, init *ir.Value, body func(b, *ir.Value, *ir.Value) *ir.Value) *ir.Operation {
	var inits []*ir.Value
	if init != nil {
		inits = []*ir.Value{init}
	}
	f := scftransforms.NewFor(b.rw, b.loc, lb, ub, step, inits, false)
	blk, before := b.rw.InsertionPoint()
	fb := f.Body()
	if init == nil {
		b.rw.SetInsertionPointBefore(fb.Last())
		body(b, f.InductionVar(), nil)
	} else {
		b.rw.SetInsertionPointToEnd(fb)
		b.op("scf.yield", []*ir.Value{body(b, f.InductionVar(), f.RegionIterArgs()[0])}, nil)
	}
	b.rw.RestoreInsertionPoint(blk, before)
	return f.Operation
}
