package transforms

import (
	"maps"
	"slices"

	"github.com/kiln-gpu/kiln/ir"
	"github.com/kiln-gpu/kiln/ir/pass"
	"github.com/kiln-gpu/kiln/ir/rewrite"
	"github.com/kiln-gpu/kiln/memref"
	"github.com/kiln-gpu/kiln/vector"
)

// FlattenPass is flatten-memref (MLIR's FlattenMemrefsPass).
func FlattenPass() *pass.Pass {
	return &pass.Pass{Name: "FlattenMemrefsPass", Argument: "flatten-memref",
		Summary: "Flatten a multiple dimensional memref to 1-dimensional",
		Run: func(op *ir.Operation, _ *pass.Context) error {
			return rewrite.ApplyGreedily(op, FlattenPatterns()...)
		}}
}

// flattenOps are the ops flatten-memref rewrites, with the position of
// their memref operand (-1: the result of an allocation); the indices
// follow that operand.
var flattenOps = map[string]int{
	"memref.load": 0, "memref.store": 1, "memref.alloc": -1, "memref.alloca": -1,
	"vector.load": 0, "vector.store": 1, "vector.maskedload": 0, "vector.maskedstore": 0,
	"vector.transfer_read": 0, "vector.transfer_write": 1,
}

// FlattenPatterns are the patterns of flatten-memref: an access to a
// memref of rank 2 or more, with an identity or strided layout, becomes an
// access at the linearized index of a 1-D reinterpret_cast of it (offset
// kept, stride 1, size the largest stride times size); an allocation
// becomes one of the flat buffer, cast back to its type.
func FlattenPatterns() []*ir.Pattern {
	var ps []*ir.Pattern
	for _, n := range slices.Sorted(maps.Keys(flattenOps)) {
		ps = append(ps, &ir.Pattern{Name: "flatten-" + n, Root: n, Rewrite: flattenAccess})
	}
	return ps
}

// flattenable reports whether a memref of type t is flattened: rank 2 or
// more, an identity or strided layout.
func flattenable(t ir.Type) (*ir.MemRefType, bool) {
	mt, ok := t.(*ir.MemRefType)
	if !ok || len(mt.Dims) < 2 {
		return nil, false
	}
	if _, ok := mt.Layout.(*ir.StridedLayoutAttr); mt.Layout != nil && !ok {
		return nil, false
	}
	return mt, true
}

func flattenAccess(op *ir.Operation, rw *ir.Rewriter) bool {
	pos := flattenOps[op.Name()]
	var src *ir.Value
	if pos < 0 {
		src = op.Result(0)
	} else {
		src = op.Operand(pos)
	}
	t, ok := flattenable(src.Type())
	if !ok || !flattenableOp(op, t) {
		return false
	}
	ctx := rw.Context()
	loc := op.Loc()
	rw.SetInsertionPointBefore(op)
	if pos < 0 {
		// The flat buffer, cast back to the allocation's type.
		flat := ctx.MemRef([]int64{ir.NumElements(t)}, t.Elem, ctx.StridedLayout(0, []int64{1}), t.MemorySpace)
		attrs := []ir.NamedAttr{{Name: "operandSegmentSizes", Value: ctx.DenseI32Array(0, 0)}}
		if a := op.Attr("alignment"); a != nil {
			attrs = append(attrs, ir.NamedAttr{Name: "alignment", Value: a})
		}
		alloc := rw.CreateOp(op.Name(), loc, nil, []ir.Type{flat}, attrs...).Result(0)
		strides, _, _ := memref.StridesAndOffset(t)
		md := stridedMetadata{base: alloc, offset: memref.Mixed{Static: 0}}
		for i, d := range t.Dims {
			md.sizes = append(md.sizes, memref.Mixed{Static: d})
			md.strides = append(md.strides, memref.Mixed{Static: strides[i]})
		}
		rw.ReplaceOp(op, []*ir.Value{reinterpretCast(rw, loc, md, t)})
		return true
	}
	md, _, ok := sourceMetadata(rw, loc, src)
	if !ok {
		return false
	}
	indices := op.Operands()[pos+1 : pos+1+len(t.Dims)]
	// MLIR's getLinearizedMemRefOffsetAndSize with equal bit widths.
	var sum *ir.AffineExpr
	var sumOps, sizeOps []memref.Mixed
	var products []*ir.AffineExpr
	for i := range t.Dims {
		a, b := ir.AffineSymbolExpr(2*i), ir.AffineSymbolExpr(2*i+1)
		term := mul(a, b)
		if sum == nil {
			sum = term
		} else {
			sum = ir.AffineBinary(ir.AffineAdd, sum, term)
		}
		products = append(products, term)
		sumOps = append(sumOps, memref.Mixed{Static: ir.Dynamic, Value: indices[i]}, md.strides[i])
		sizeOps = append(sizeOps, md.strides[i], md.sizes[i])
	}
	index := composedApply(rw, loc, sum, sumOps)
	size := composedMax(rw, loc, products, sizeOps)
	offset := composedApply(rw, loc, s0, []memref.Mixed{md.offset})
	static := func(m memref.Mixed) int64 {
		if m.Value != nil {
			return ir.Dynamic
		}
		return m.Static
	}
	flatT := ctx.MemRef([]int64{static(size)}, t.Elem, ctx.StridedLayout(static(offset), []int64{1}), t.MemorySpace)
	flat := reinterpretCast(rw, loc, stridedMetadata{base: src, offset: offset,
		sizes: []memref.Mixed{size}, strides: []memref.Mixed{{Static: 1}}}, flatT)
	operands := append([]*ir.Value(nil), op.Operands()[:pos]...)
	operands = append(operands, flat, valueOf(rw, loc, index))
	operands = append(operands, op.Operands()[pos+1+len(t.Dims):]...)
	st := &ir.OpState{Name: op.Name(), Loc: loc, Operands: operands, ResultTypes: op.ResultTypes()}
	for _, a := range op.Attrs() {
		if a.Name == "permutation_map" {
			// A minor identity on the 1-D memref is the identity.
			a.Value = ctx.AffineMapAttr(&ir.AffineMap{Dims: 1, Results: []*ir.AffineExpr{ir.AffineDimExpr(0)}})
		}
		st.AddAttr(a.Name, a.Value)
	}
	if a, ok := op.Attr("operandSegmentSizes").(*ir.DenseArrayAttr); ok {
		seg := append([]int64(nil), a.Ints...)
		seg[pos+1] = 1
		st.AddAttr("operandSegmentSizes", ctx.DenseI32Array(seg...))
	}
	rw.ReplaceOpWith(op, st)
	return true
}

// flattenableOp checks what MLIR's canBeFlattened does for transfers (an
// identity or minor identity map, every dim in bounds) and what the
// rewrite needs: a static allocation, and for vector ops a 1-D vector,
// whose elements lie along the flat memref as along the innermost dim
// (MLIR's pattern makes an n-D transfer on the 1-D memref, which does
// not verify).
func flattenableOp(op *ir.Operation, t *ir.MemRefType) bool {
	switch op.Name() {
	case "memref.alloc", "memref.alloca":
		return op.NumOperands() == 0 && ir.HasStaticShape(t)
	case "memref.load", "memref.store":
		return true
	}
	var vecT *ir.Value
	switch {
	case op.NumResults() == 1:
		vecT = op.Result(0)
	case op.Name() == "vector.maskedstore":
		vecT = op.Operand(op.NumOperands() - 1)
	default:
		vecT = op.Operand(0)
	}
	if v, ok := vecT.Type().(*ir.VectorType); !ok || len(v.Dims) != 1 {
		return false
	}
	if op.Name() != "vector.transfer_read" && op.Name() != "vector.transfer_write" {
		return true
	}
	if pm, ok := op.Attr("permutation_map").(*ir.AffineMapAttr); ok && !pm.Map.IsMinorIdentity() {
		return false
	}
	ib, ok := vector.Bools(op.Attr("in_bounds"))
	if !ok || len(ib) == 0 {
		return false
	}
	return !slices.Contains(ib, false)
}

// composedMax is MLIR's makeComposedFoldedAffineMax over symbol
// expressions: the constant operands go into the expressions, the result
// is static when every expression folds to a constant, and an affine.max
// of the expressions over the remaining operands otherwise.
func composedMax(rw *ir.Rewriter, loc ir.Location, es []*ir.AffineExpr, operands []memref.Mixed) memref.Mixed {
	var kept []*ir.Value
	syms := make([]*ir.AffineExpr, len(operands))
	for i, o := range operands {
		if o.Value == nil {
			syms[i] = ir.AffineConstExpr(o.Static)
		} else if c, ok := ir.ConstantIntAttr(o.Value); ok {
			syms[i] = ir.AffineConstExpr(c.Int())
		} else {
			syms[i] = ir.AffineSymbolExpr(len(kept))
			kept = append(kept, o.Value)
		}
	}
	results := make([]*ir.AffineExpr, len(es))
	allConst := true
	best := int64(0)
	for i, e := range es {
		results[i] = substitute(e, nil, syms)
		if results[i].Kind != ir.AffineConst {
			allConst = false
		} else if i == 0 || results[i].Value > best {
			best = results[i].Value
		}
	}
	if allConst {
		return memref.Mixed{Static: best}
	}
	ctx := rw.Context()
	m := &ir.AffineMap{Symbols: len(kept), Results: results}
	v := rw.CreateOp("affine.max", loc, kept, []ir.Type{ctx.Index()}, ir.NamedAttr{Name: "map", Value: ctx.AffineMapAttr(m)}).Result(0)
	return memref.Mixed{Static: ir.Dynamic, Value: v}
}
