package memref

import (
	"slices"

	"github.com/kiln-gpu/kiln/ir"
)

// castFormat is `$source attr-dict : type($source) to type($dest)`.
func castFormat() *ir.Format {
	return &ir.Format{Syntax: "$source attr-dict `:` type($source) `to` type($dest)",
		Operands: []string{"source"}, Results: []string{"dest"}}
}

func castIncompatible(op *ir.Operation) error {
	return op.Errorf("operand type '%s' and result type '%s' are cast incompatible",
		ir.TypeString(op.Operand(0).Type()), ir.TypeString(op.Result(0).Type()))
}

var cast = &ir.OpDef{
	Name: "memref.cast", Summary: "Converts a memref to a compatible memref type (static/dynamic sizes, strides, rank).",
	Example:     "%r = memref.cast %m : memref<4xf32> to memref<?xf32>",
	Traits:      ir.Pure | ir.MemRefsNormalizable,
	Operands:    ir.Exactly(1),
	Results:     ir.Exactly(1),
	Format:      castFormat(),
	ResultNames: resultName("cast"),
	Verify: func(op *ir.Operation) error {
		if err := checkOperand(op, 0, isMemRef, anyMemRef); err != nil {
			return err
		}
		if err := checkResult(op, 0, isMemRef, anyMemRef); err != nil {
			return err
		}
		if !IsCastCompatible(op.Operand(0).Type(), op.Result(0).Type()) {
			return castIncompatible(op)
		}
		return nil
	},
	Fold: func(op *ir.Operation, _ []ir.Attribute) ([]ir.FoldResult, bool) {
		src := op.Operand(0)
		if src.Type() == op.Result(0).Type() {
			return []ir.FoldResult{{Value: src}}, true
		}
		// cast(cast(x)) to x's type is x; otherwise skip the middle cast
		// when that is still a valid cast.
		if d := src.DefiningOp(); d != nil && d.Name() == "memref.cast" {
			inner := d.Operand(0)
			if inner.Type() == op.Result(0).Type() {
				return []ir.FoldResult{{Value: inner}}, true
			}
			if IsCastCompatible(inner.Type(), op.Result(0).Type()) && isRankedMemRef(src.Type()) {
				op.SetOperand(0, inner)
				return nil, true
			}
		}
		return nil, false
	},
}

var memorySpaceCast = &ir.OpDef{
	Name: "memref.memory_space_cast", Summary: "Moves a memref to another memory space, keeping everything else.",
	Example:     "%r = memref.memory_space_cast %m : memref<4xf32, 3> to memref<4xf32>",
	Traits:      ir.Pure,
	Operands:    ir.Exactly(1),
	Results:     ir.Exactly(1),
	Format:      castFormat(),
	ResultNames: resultName("memspacecast"),
	Verify: func(op *ir.Operation) error {
		if err := checkOperand(op, 0, isMemRef, anyMemRef); err != nil {
			return err
		}
		if err := checkResult(op, 0, isMemRef, anyMemRef); err != nil {
			return err
		}
		a, b := op.Operand(0).Type(), op.Result(0).Type()
		ar, aRanked := a.(*ir.MemRefType)
		br, bRanked := b.(*ir.MemRefType)
		switch {
		case aRanked && bRanked:
			if !slices.Equal(ar.Dims, br.Dims) || ar.Elem != br.Elem || ar.Layout != br.Layout {
				return castIncompatible(op)
			}
		case aRanked || bRanked || ir.ElementTypeOrSelf(a) != ir.ElementTypeOrSelf(b):
			return castIncompatible(op)
		}
		return nil
	},
	Fold: func(op *ir.Operation, _ []ir.Attribute) ([]ir.FoldResult, bool) {
		if op.Operand(0).Type() == op.Result(0).Type() {
			return []ir.FoldResult{{Value: op.Operand(0)}}, true
		}
		if d := op.Operand(0).DefiningOp(); d != nil && d.Name() == "memref.memory_space_cast" {
			op.SetOperand(0, d.Operand(0))
			return nil, true
		}
		return nil, false
	},
}

// DimSpeculatability is the speculatability of memref.dim and tensor.dim,
// as MLIR's: only a constant index within a ranked operand's rank is known
// not to be undefined behaviour, so only then may the op be hoisted.
func DimSpeculatability(op *ir.Operation) ir.Speculatability {
	t, ok := op.Operand(0).Type().(ir.ShapedType)
	if c, isConst := ir.ConstantIntAttr(op.Operand(1)); ok && t.HasRank() && isConst && c.Int() >= 0 && c.Int() < int64(len(t.Shape())) {
		return ir.Speculatable
	}
	return ir.NotSpeculatable
}

var dim = &ir.OpDef{
	Name: "memref.dim", Summary: "Returns the size of one dimension of a memref.",
	Example:         "%r = memref.dim %m, %i : memref<4x?xf32>",
	Traits:          ir.Pure | ir.MemRefsNormalizable, // the shape is not memory (MLIR's NoMemoryEffect)
	Operands:        ir.Exactly(2),
	Results:         ir.Exactly(1),
	ResultNames:     resultName("dim"),
	Speculatability: DimSpeculatability,
	Format: &ir.Format{Syntax: "attr-dict $source `,` $index `:` type($source)",
		Operands: []string{"source", "index"}, Results: []string{"result"}, Types: indexTypes("index", "result")},
	Verify: func(op *ir.Operation) error {
		nonZeroRank := func(t ir.Type) bool {
			r, ok := t.(*ir.MemRefType)
			return !ok && isMemRef(t) || ok && len(r.Dims) > 0
		}
		if err := checkOperand(op, 0, nonZeroRank, "unranked.memref of any type values or non-0-ranked.memref of any type values"); err != nil {
			return err
		}
		if err := checkOperand(op, 1, isIndex, "index"); err != nil {
			return err
		}
		if err := checkResult(op, 0, isIndex, "index"); err != nil {
			return err
		}
		// A constant index out of range is allowed (the result is poison), as in MLIR.
		return nil
	},
	Fold:         foldDim,
	Canonicalize: []*ir.Pattern{{Name: "dim-of-reshape", Root: "memref.dim", Rewrite: dimOfReshape}},
}

// foldDim folds a static dimension to a constant, a dynamic one to the size
// operand that gave it, and looks through memref.cast.
func foldDim(op *ir.Operation, operands []ir.Attribute) ([]ir.FoldResult, bool) {
	ctx := op.Context()
	c, ok := operands[1].(*ir.IntegerAttr)
	t, ranked := op.Operand(0).Type().(*ir.MemRefType)
	if ok && ranked {
		i := c.Int()
		if i < 0 || i >= int64(len(t.Dims)) {
			return nil, false
		}
		if t.Dims[i] != ir.Dynamic {
			return []ir.FoldResult{{Attr: ctx.IndexAttr(t.Dims[i])}}, true
		}
		if v := dynamicSizeOf(op.Operand(0).DefiningOp(), t, int(i)); v != nil {
			return []ir.FoldResult{{Value: v}}, true
		}
	}
	return foldCastOperands(1)(op, operands)
}

// dynamicSizeOf returns the operand that gives the dynamic dimension i of
// the memref d defines, of type t: a size of alloc, alloca, view,
// reinterpret_cast or subview (MLIR's DimOp::fold), or nil.
func dynamicSizeOf(d *ir.Operation, t *ir.MemRefType, i int) *ir.Value {
	if d == nil {
		return nil
	}
	nth := func(dims []int64, i int, dyn []*ir.Value) *ir.Value {
		k := 0
		for _, s := range dims[:i] {
			if s == ir.Dynamic {
				k++
			}
		}
		if k < len(dyn) && dims[i] == ir.Dynamic {
			return dyn[k]
		}
		return nil
	}
	switch d.Name() {
	case "memref.alloc", "memref.alloca":
		return nth(t.Dims, i, ir.OperandSegment(d, 0))
	case "memref.view":
		return nth(t.Dims, i, d.Operands()[2:])
	case "memref.reinterpret_cast":
		if sizes := staticArray(d, "static_sizes"); i < len(sizes) {
			return nth(sizes, i, ir.OperandSegment(d, sizesList.seg))
		}
	case "memref.subview":
		// Map the result dimension to the source's, past dropped unit dims.
		src, ok := d.Operand(0).Type().(*ir.MemRefType)
		sizes := staticArray(d, "static_sizes")
		if !ok || len(sizes) != len(src.Dims) {
			return nil
		}
		full, ok := SubViewResultType(d.Context(), src, staticArray(d, "static_offsets"), sizes, staticArray(d, "static_strides"))
		if !ok {
			return nil
		}
		unused, ok := rankReductionMask(full, t, sizes)
		if !ok {
			return nil
		}
		for j, r := 0, 0; j < len(sizes); j++ {
			if unused[j] {
				continue
			}
			if r == i {
				return nth(sizes, j, ir.OperandSegment(d, sizesList.seg))
			}
			r++
		}
	}
	return nil
}

var rank = &ir.OpDef{
	Name: "memref.rank", Summary: "Returns the rank of a memref.",
	Example:  "%r = memref.rank %m : memref<*xf32>",
	Traits:   ir.Pure,
	Operands: ir.Exactly(1),
	Results:  ir.Exactly(1),
	Format: &ir.Format{Syntax: "$memref attr-dict `:` type($memref)",
		Operands: []string{"memref"}, Results: []string{"result"}, Types: indexTypes("result")},
	Verify: func(op *ir.Operation) error {
		if err := checkOperand(op, 0, isMemRef, anyMemRef); err != nil {
			return err
		}
		return checkResult(op, 0, isIndex, "index")
	},
	Fold: func(op *ir.Operation, _ []ir.Attribute) ([]ir.FoldResult, bool) {
		if t, ok := op.Operand(0).Type().(*ir.MemRefType); ok {
			return []ir.FoldResult{{Attr: op.Context().IndexAttr(int64(len(t.Dims)))}}, true
		}
		return nil, false
	},
}

// dimOfReshape rewrites dim(reshape(x, shape), i) to a load of shape[i]
// right after the reshape (index_cast to index when shape holds integers),
// when i is known there: defined before the reshape in its block, or in an
// enclosing region (MLIR's DimOfMemRefReshape).
func dimOfReshape(op *ir.Operation, rw *ir.Rewriter) bool {
	reshape := op.Operand(0).DefiningOp()
	if reshape == nil || reshape.Name() != "memref.reshape" || reshape.NumOperands() != 2 {
		return false
	}
	idx := op.Operand(1)
	if b := idx.OwnerBlock(); b == reshape.Block() {
		if d := idx.DefiningOp(); d != nil && reshape.IsBeforeInBlock(d) {
			return false
		}
	} else if op.Block() != reshape.Block() && !properAncestor(b.Parent(), reshape.ParentRegion()) {
		return false
	}
	shape := reshape.Operand(1)
	st, ok := shape.Type().(*ir.MemRefType)
	if !ok {
		return false
	}
	rw.SetInsertionPointAfter(reshape)
	v := rw.Create(&ir.OpState{Name: "memref.load", Loc: op.Loc(), Operands: []*ir.Value{shape, idx}, ResultTypes: []ir.Type{st.Elem}}).Result(0)
	if v.Type() != op.Result(0).Type() {
		v = rw.Create(&ir.OpState{Name: "arith.index_cast", Loc: op.Loc(), Operands: []*ir.Value{v}, ResultTypes: op.ResultTypes()}).Result(0)
	}
	rw.ReplaceOp(op, []*ir.Value{v})
	return true
}

// properAncestor reports whether region a strictly encloses region r.
func properAncestor(a, r *ir.Region) bool {
	for r != nil {
		p := r.ParentOp()
		if p == nil {
			return false
		}
		r = p.ParentRegion()
		if r == a {
			return true
		}
	}
	return false
}

// indexTypes gives the named operands and results the buildable type index.
func indexTypes(names ...string) map[string]func(*ir.Context) ir.Type {
	m := map[string]func(*ir.Context) ir.Type{}
	for _, n := range names {
		m[n] = func(ctx *ir.Context) ir.Type { return ctx.Index() }
	}
	return m
}
