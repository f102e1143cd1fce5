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
type xfer struct{ vector.TransferParts }

func view(op *ir.Operation) (xfer, bool) {
	p, ok := vector.TransferOf(op)
	// A transfer under vector.mask is the mask's to lower (lower-vector-mask).
	return xfer{p}, ok && !p.UnderMask()
}

func (x xfer) tensor() bool {
	_, ok := x.Base.Type().(*ir.RankedTensorType)
	return ok
}

// sameElem reports whether the vector and the source share an element type
// (the patterns leave transfers that convert it).
func (x xfer) sameElem() bool {
	st, ok := x.Base.Type().(ir.ShapedType)
	return ok && st.ElementType() == x.VT.Elem
}

// broadcastDim reports whether vector dim k is a broadcast.
func (x xfer) broadcastDim(k int) bool {
	r := x.Map.Results[k]
	return r.Kind == ir.AffineConst && r.Value == 0
}

func (x xfer) dimInBounds(k int) bool {
	return x.broadcastDim(k) || k < len(x.InBounds) && x.InBounds[k]
}

// unpackedDim is the source dimension of vector dim 0; false for a broadcast.
func (x xfer) unpackedDim() (int, bool) {
	r := x.Map.Results[0]
	return int(r.Value), r.Kind == ir.AffineDim
}

// innerMap is the permutation map without its first result.
func (x xfer) innerMap() *ir.AffineMap {
	return &ir.AffineMap{Dims: x.Map.Dims, Symbols: x.Map.Symbols, Results: x.Map.Results[1:]}
}

func (x xfer) innerInBounds() []bool {
	if len(x.InBounds) == 0 {
		return nil
	}
	return x.InBounds[1:]
}

// leadingScalable reports whether vector dim 0 is scalable.
func (x xfer) leadingScalable() bool { return len(x.VT.Scalable) > 0 && x.VT.Scalable[0] }

// b is vector.Builder with the helpers only vector-to-scf uses.
type b struct{ vector.Builder }

func (b b) cmpi(pred arith.CmpIPredicate, x, y *ir.Value) *ir.Value {
	return b.Op("arith.cmpi", []*ir.Value{x, y}, []ir.Type{b.Context().I(1)},
		ir.NamedAttr{Name: "predicate", Value: b.Context().I64Attr(int64(pred))})
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

func (b b) load(m *ir.Value, indices []*ir.Value) *ir.Value {
	mt := m.Type().(*ir.MemRefType)
	return b.Op("memref.load", append([]*ir.Value{m}, indices...), []ir.Type{mt.Elem})
}

func (b b) store(v, m *ir.Value, indices []*ir.Value) {
	b.Op("memref.store", append([]*ir.Value{v, m}, indices...), nil)
}

// dim is the size of dimension d of a memref or tensor: a constant when
// static (MLIR's createOrFoldDimOp).
func (b b) dim(src *ir.Value, d int) *ir.Value {
	st := src.Type().(ir.ShapedType)
	if s := st.Shape()[d]; s != ir.Dynamic {
		return b.Index(s)
	}
	name := "memref.dim"
	if _, ok := st.(*ir.RankedTensorType); ok {
		name = "tensor.dim"
	}
	return b.Op(name, []*ir.Value{src, b.Index(int64(d))}, []ir.Type{b.Context().Index()})
}

// add is offset + iv as a composed affine.apply.
func (b b) add(offset, iv *ir.Value) *ir.Value {
	m := &ir.AffineMap{Dims: 2, Results: []*ir.AffineExpr{ir.AffineBinary(ir.AffineAdd, ir.AffineDimExpr(0), ir.AffineDimExpr(1))}}
	return affine.ComposedApply(&b.RW.Builder, b.Loc, m, []*ir.Value{offset, iv})
}

// newRead makes a vector.transfer_read.
func (b b) newRead(vt *ir.VectorType, base *ir.Value, indices []*ir.Value, m *ir.AffineMap, pad, mask *ir.Value, inb []bool) *ir.Operation {
	return vector.NewTransferRead(&b.RW.Builder, b.Loc, vt, base, indices, m, pad, mask, inb)
}

// newWrite makes a vector.transfer_write (with a result on tensors).
func (b b) newWrite(vec, base *ir.Value, indices []*ir.Value, m *ir.AffineMap, mask *ir.Value, inb []bool) *ir.Operation {
	return vector.NewTransferWrite(&b.RW.Builder, b.Loc, vec, base, indices, m, mask, inb)
}

// xferIndices are x's indices with iv added to the one of the unpacked
// dimension (MLIR's getXferIndices).
func (b b) xferIndices(x xfer, iv *ir.Value) []*ir.Value {
	out := slices.Clone(x.Indices)
	if d, ok := x.unpackedDim(); ok {
		out[d] = b.add(x.Indices[d], iv)
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
		size := b.dim(x.Base, d)
		idx := b.add(x.Indices[d], iv)
		zero := b.Index(0)
		nonNeg := b.cmpi(arith.CmpISGE, idx, zero)
		inRange := b.cmpi(arith.CmpISLT, idx, size)
		cond = b.Op("arith.andi", []*ir.Value{nonNeg, inRange}, []ir.Type{b.Context().I(1)})
	}
	if x.Mask != nil && len(x.Mask.Type().(*ir.VectorType).Dims) == 1 && !x.broadcastDim(0) {
		bit := b.ExtractAt(x.Mask, iv)
		if cond == nil {
			cond = bit
		} else {
			cond = b.Op("arith.andi", []*ir.Value{cond, bit}, []ir.Type{b.Context().I(1)})
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

// ifOp is vector.Builder.If with bodies that take and return one value
// (yielded when types holds its type).
func (b b) ifOp(cond *ir.Value, types []ir.Type, then, els func(b) *ir.Value) *ir.Value {
	rs := b.If(cond, types, branch(types, then), branch(types, els))
	if len(rs) == 0 {
		return nil
	}
	return rs[0]
}

// branch adapts an ifOp body to vector.Builder.If.
func branch(types []ir.Type, body func(b) *ir.Value) func(vector.Builder) []*ir.Value {
	if body == nil {
		return nil
	}
	return func(vb vector.Builder) []*ir.Value {
		v := body(b{vb})
		if len(types) == 0 {
			return nil
		}
		return []*ir.Value{v}
	}
}

// noValue is a branch that makes nothing.
func noValue(b) *ir.Value { return nil }

// forLoop makes scf.for %iv = 0 to n step 1 (carrying init when not nil)
// and fills its body with body, which returns what it yields.
func (b b) forLoop(n *ir.Value, init *ir.Value, body func(b, *ir.Value, *ir.Value) *ir.Value) *ir.Operation {
	return b.loop(b.Index(0), n, b.Index(1), init, body)
}

func (b b) loop(lb, ub, step *ir.Value, init *ir.Value, body func(b, *ir.Value, *ir.Value) *ir.Value) *ir.Operation {
	var inits []*ir.Value
	if init != nil {
		inits = []*ir.Value{init}
	}
	f := scftransforms.NewFor(b.RW, b.Loc, lb, ub, step, inits, false)
	blk, before := b.RW.InsertionPoint()
	fb := f.Body()
	if init == nil {
		b.RW.SetInsertionPointBefore(fb.Last())
		body(b, f.InductionVar(), nil)
	} else {
		b.RW.SetInsertionPointToEnd(fb)
		b.Op("scf.yield", []*ir.Value{body(b, f.InductionVar(), f.RegionIterArgs()[0])}, nil)
	}
	b.RW.RestoreInsertionPoint(blk, before)
	return f.Operation
}
