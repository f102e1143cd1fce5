package runtimeverify

import (
	"strconv"

	"github.com/kiln-gpu/kiln/arith"
	"github.com/kiln-gpu/kiln/ir"
	"github.com/kiln-gpu/kiln/memref"
)

// The memref checks are MLIR's (mlir/lib/Dialect/MemRef/Transforms/
// RuntimeOpVerification.cpp), op for op, with the same messages.

// access checks that the indices after the memref or tensor operand at
// memIdx are in bounds: 0 <= index#i < dim#i (memref load, store,
// atomic_rmw, generic_atomic_rmw; tensor extract, insert).
func access(memIdx int) generator {
	return func(g *gen, op *ir.Operation) {
		m := op.Operand(memIdx)
		t, ok := m.Type().(ir.ShapedType)
		if !ok || !t.HasRank() || len(t.Shape()) == 0 || op.NumOperands() < memIdx+1+len(t.Shape()) {
			return
		}
		zero := g.index(0)
		var cond *ir.Value
		for i := range t.Shape() {
			in := g.inBounds(op.Operand(memIdx+1+i), zero, g.dim(m, i, true))
			if i == 0 {
				cond = in
			} else {
				cond = g.and(cond, in, true)
			}
		}
		g.assert(cond, op, "out-of-bounds access")
	}
}

// assumeAlignment checks that the aligned pointer is a multiple of the
// alignment.
func assumeAlignment(g *gen, op *ir.Operation) {
	align, ok := op.Attr("alignment").(*ir.IntegerAttr)
	if !ok {
		return
	}
	idx := g.Context().Index()
	ptr := g.op("memref.extract_aligned_pointer_as_index", idx, op.Operand(0))
	rest := g.op("arith.remui", idx, ptr, g.index(align.Int()))
	g.assert(g.cmpI(arith.CmpIEQ, rest, g.index(0), false), op, "memref is not aligned to "+strconv.Itoa(int(align.Int())))
}

// memrefCast checks what the cast assumes of its source: its rank (from an
// unranked memref), the static sizes, offset and strides of the result.
func memrefCast(g *gen, op *ir.Operation) {
	ctx := g.Context()
	src := op.Operand(0)
	res, ok := op.Result(0).Type().(*ir.MemRefType)
	if !ok {
		return
	}
	rankedSrc, _ := src.Type().(*ir.MemRefType)
	rank := len(res.Dims)
	if rankedSrc == nil {
		g.rankCheck(op, "memref.rank", rank)
	}
	// The offset and strides come from a cast to a fully dynamic layout,
	// which unranked memrefs have no other way to give.
	dyn := make([]int64, rank)
	for i := range dyn {
		dyn[i] = ir.Dynamic
	}
	dynType := ctx.MemRef(dyn, res.Elem, ctx.StridedLayout(ir.Dynamic, dyn), res.MemorySpace)
	helper := g.op("memref.cast", dynType, src)
	meta := g.CreateOp("memref.extract_strided_metadata", g.loc, []*ir.Value{helper}, memref.ExtractStridedMetadataTypes(ctx, dynType))
	g.sizeChecks(op, res.Dims)
	strides, offset, ok := memref.StridesAndOffset(res)
	if !ok {
		return
	}
	if offset != ir.Dynamic {
		g.assert(g.cmpI(arith.CmpIEQ, meta.Result(1), g.index(offset), false), op, "offset mismatch")
	}
	for i, s := range strides {
		if s == ir.Dynamic {
			continue
		}
		same := g.cmpI(arith.CmpIEQ, meta.Result(2+rank+i), g.index(s), false)
		g.assert(same, op, "stride mismatch of dim "+strconv.Itoa(i))
	}
}

// rankCheck checks that the unranked source of cast op has rank, which
// rankOp gives.
func (g *gen) rankCheck(op *ir.Operation, rankOp string, rank int) {
	same := g.cmpI(arith.CmpIEQ, g.op(rankOp, g.Context().Index(), op.Operand(0)), g.index(int64(rank)), false)
	g.assert(same, op, "rank mismatch")
}

// sizeChecks checks that the source of cast op has the static sizes of
// dims where its own are dynamic (or unknown, when it is unranked).
func (g *gen) sizeChecks(op *ir.Operation, dims []int64) {
	src, _ := op.Operand(0).Type().(ir.ShapedType)
	ranked := src != nil && src.HasRank()
	for i, size := range dims {
		if ranked && src.Shape()[i] != ir.Dynamic || size == ir.Dynamic {
			continue
		}
		same := g.cmpI(arith.CmpIEQ, g.dim(op.Operand(0), i, false), g.index(size), false)
		g.assert(same, op, "size mismatch of dim "+strconv.Itoa(i))
	}
}

// memrefCopy checks that source and target have the same sizes where
// either is dynamic (the verifier compares static ones).
func memrefCopy(g *gen, op *ir.Operation) {
	src, ok1 := op.Operand(0).Type().(*ir.MemRefType)
	dst, ok2 := op.Operand(1).Type().(*ir.MemRefType)
	if !ok1 || !ok2 || len(src.Dims) != len(dst.Dims) {
		return
	}
	size := func(m *ir.Value, t *ir.MemRefType, i int) *ir.Value {
		if t.Dims[i] == ir.Dynamic {
			return g.dim(m, i, false)
		}
		return g.index(t.Dims[i])
	}
	for i := range src.Dims {
		if src.Dims[i] != ir.Dynamic && dst.Dims[i] != ir.Dynamic {
			continue
		}
		same := g.cmpI(arith.CmpIEQ, size(op.Operand(0), src, i), size(op.Operand(1), dst, i), false)
		g.assert(same, op, "size of "+strconv.Itoa(i)+"-th source/target dim does not match")
	}
}

// dimIndex checks that the dimension index of a memref.dim or tensor.dim
// is below the rank, which rankOp gives.
func dimIndex(rankOp string) generator {
	return func(g *gen, op *ir.Operation) {
		rank := g.op(rankOp, g.Context().Index(), op.Operand(0))
		g.assert(g.inBounds(op.Operand(1), g.index(0), rank), op, "index is out of bounds")
	}
}

// expandShape checks that the static sizes of each group divide the source
// dimension it expands.
func expandShape(g *gen, op *ir.Operation) {
	res, ok := op.Result(0).Type().(*ir.MemRefType)
	groups, ok2 := memref.Reassociation(op.Attr("reassociation"))
	if !ok || !ok2 {
		return
	}
	for i, group := range groups {
		dim := g.dim(op.Operand(0), i, false)
		size := int64(1)
		for _, d := range group {
			if d >= 0 && int(d) < len(res.Dims) && res.Dims[d] != ir.Dynamic {
				size *= res.Dims[d]
			}
		}
		mod := g.op("arith.remsi", dim.Type(), dim, g.index(size))
		g.assert(g.cmpI(arith.CmpIEQ, mod, g.index(0), false), op,
			"static result dims in reassoc group do not divide src dim evenly")
	}
}

// subview checks the slice against the source's sizes (sliceChecks).
func subview(g *gen, op *ir.Operation) {
	src, ok := op.Operand(0).Type().(*ir.MemRefType)
	if !ok {
		return
	}
	zero, one := g.index(0), g.index(1)
	meta := g.CreateOp("memref.extract_strided_metadata", g.loc, []*ir.Value{op.Operand(0)}, memref.ExtractStridedMetadataTypes(g.Context(), src))
	sliceChecks(g, op, len(src.Dims), "subview", zero, one, func(i int) *ir.Value { return meta.Result(2 + i) })
}

// sliceChecks checks each of the rank dimensions of the source of a slice
// op (memref.subview, tensor.extract_slice): the offset is in bounds (up to
// the size of the dimension for an empty slice), and the last element of a
// non-empty slice is too. size gives a dimension's size.
func sliceChecks(g *gen, op *ir.Operation, rank int, what string, zero, one *ir.Value, size func(i int) *ir.Value) {
	offsets, sizes, strides := g.sliceList(op, 1, "static_offsets"), g.sliceList(op, 2, "static_sizes"), g.sliceList(op, 3, "static_strides")
	if len(offsets) != rank || len(sizes) != rank || len(strides) != rank {
		return
	}
	idx := g.Context().Index()
	for i := range rank {
		offset, n, stride := offsets[i](), sizes[i](), strides[i]()
		dimSize := size(i)
		offsetOK := g.ifOp(g.cmpI(arith.CmpIEQ, n, zero, false), func() *ir.Value {
			return g.and(g.cmpI(arith.CmpISGE, offset, zero, false), g.cmpI(arith.CmpISLE, offset, dimSize, false), false)
		}, func() *ir.Value {
			return g.inBounds(offset, zero, dimSize)
		})
		g.assert(offsetOK, op, "offset "+strconv.Itoa(i)+" is out-of-bounds")
		lastOK := g.ifOp(g.cmpI(arith.CmpISGT, n, zero, false), func() *ir.Value {
			span := g.op("arith.muli", idx, g.op("arith.subi", idx, n, one), stride)
			return g.inBounds(g.op("arith.addi", idx, offset, span), zero, dimSize)
		}, func() *ir.Value {
			return g.boolConst(true)
		})
		g.assert(lastOK, op, what+" runs out-of-bounds along dimension "+strconv.Itoa(i))
	}
}

// sliceList returns, for each entry of a slice op's mixed list (the static
// array attribute static and operand segment seg), what gives it as a
// value: its operand, or a new constant for a static entry (MLIR's
// getValueOrCreateConstantIndexOp over getMixedOffsets, ...).
func (g *gen) sliceList(op *ir.Operation, seg int, static string) []func() *ir.Value {
	a, ok := op.Attr(static).(*ir.DenseArrayAttr)
	if !ok {
		return nil
	}
	dyn := ir.OperandSegment(op, seg)
	var out []func() *ir.Value
	for _, s := range a.Ints {
		if s != ir.Dynamic {
			out = append(out, g.constIndex(s))
			continue
		}
		if len(dyn) == 0 {
			return nil
		}
		v := dyn[0]
		dyn = dyn[1:]
		out = append(out, func() *ir.Value { return v })
	}
	return out
}

// ifOp adds an scf.if on cond yielding the i1 that then or els builds in its
// region, and returns its result.
func (g *gen) ifOp(cond *ir.Value, then, els func() *ir.Value) *ir.Value {
	st := &ir.OpState{Name: "scf.if", Loc: g.loc, Operands: []*ir.Value{cond}, ResultTypes: []ir.Type{g.Context().I(1)}}
	st.AddRegion()
	st.AddRegion()
	n := g.Create(st)
	blk, before := g.InsertionPoint()
	for i, body := range []func() *ir.Value{then, els} {
		b := ir.NewBlock(nil, nil)
		n.Region(i).Append(b)
		g.SetInsertionPointToEnd(b)
		g.CreateOp("scf.yield", g.loc, []*ir.Value{body()}, nil)
	}
	g.RestoreInsertionPoint(blk, before)
	return n.Result(0)
}
