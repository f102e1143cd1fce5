package vector

import (
	"slices"

	"github.com/kiln-gpu/kiln/ir"
	"github.com/kiln-gpu/kiln/memref"
)

// transposeOp is vector.transpose:
//
//	%r = vector.transpose %v, [1, 0] : vector<2x3xf32> to vector<3x2xf32>
var transposeOp = &ir.OpDef{
	Name:     "vector.transpose",
	Summary:  "vector transpose operation",
	Example:  "%r = vector.transpose %v, [1, 0] : vector<2x[4]xf32> to vector<[4]x2xf32>",
	Traits:   ir.Pure,
	Operands: ir.Exactly(1),
	Results:  ir.Exactly(1),
	Inherent: []string{"permutation"},
	Format: &ir.Format{Syntax: "$vector `,` $permutation attr-dict `:` type($vector) `to` type($result)",
		Operands: []string{"vector"}, Results: []string{"result"}, Attrs: []ir.FormatAttr{ir.DenseIntArrayFormat("permutation", 64)},
		Kinds: map[string]ir.TypeKind{"vector": vectorKind, "result": vectorKind}},
	Verify: func(op *ir.Operation) error {
		if op.Attr("permutation") == nil {
			return op.Errorf("requires attribute 'permutation'")
		}
		in, out, err := vectorInOut(op)
		if err != nil {
			return err
		}
		if in.Elem != out.Elem {
			return op.Errorf("failed to verify that all of {vector, result} have same element type")
		}
		perm := attrInts(op, "permutation")
		if len(in.Dims) != len(out.Dims) {
			return op.Errorf("vector result rank mismatch: %d", len(out.Dims))
		}
		if len(perm) != len(in.Dims) {
			return op.Errorf("transposition length mismatch: %d", len(perm))
		}
		seen := make([]bool, len(perm))
		for i, p := range perm {
			if p < 0 || p >= int64(len(perm)) {
				return op.Errorf("transposition index out of range: %d", p)
			}
			if seen[p] {
				return op.Errorf("duplicate position index: %d", p)
			}
			seen[p] = true
			if out.Dims[i] != in.Dims[p] || isScalableDim(out, i) != isScalableDim(in, int(p)) {
				return op.Errorf("dimension size mismatch at: %d", p)
			}
		}
		return nil
	},
	Fold: func(op *ir.Operation, operands []ir.Attribute) ([]ir.FoldResult, bool) {
		perm := attrInts(op, "permutation")
		// An identity, or a transpose that moves only unit dims and keeps
		// the type, moves no element.
		if slices.Equal(perm, seq(0, int64(len(perm)))) || op.Operand(0).Type() == op.Result(0).Type() && isOrderPreserving(op) {
			return foldTo(op.Operand(0))
		}
		rt := op.Result(0).Type().(*ir.VectorType)
		if isPoison(operands[0]) {
			return foldToPoison(op)
		}
		if v, ok := splatValue(op.Context(), operands[0]); ok && operands[0] != nil {
			if _, dense := operands[0].(*ir.DenseElementsAttr); dense {
				return foldToAttr(splatOf(op.Context(), rt, v))
			}
		}
		// transpose(transpose(x, p1), p2) is transpose(x, p1 o p2).
		if def := op.Operand(0).DefiningOp(); def != nil && def.Name() == "vector.transpose" {
			inner := attrInts(def, "permutation")
			if len(inner) == len(perm) {
				comp := make([]int64, len(perm))
				for i, p := range perm {
					comp[i] = inner[p]
				}
				op.SetOperand(0, def.Operand(0))
				op.SetAttr("permutation", op.Context().DenseI64Array(comp...))
				return nil, true
			}
		}
		return nil, false
	},
	Canonicalize: []*ir.Pattern{transposeOfMask, transposeOfShapeCast, transposeOfSplat, transposeOfBroadcast},
}

// shapeCastOp is vector.shape_cast, which keeps the row-major element order:
//
//	%r = vector.shape_cast %v : vector<2x4xf32> to vector<8xf32>
var shapeCastOp = &ir.OpDef{
	Name:     "vector.shape_cast",
	Summary:  "shape_cast casts between vector shapes",
	Example:  "%r = vector.shape_cast %v : vector<2x4xf32> to vector<8xf32>",
	Traits:   ir.Pure,
	Operands: ir.Exactly(1),
	Results:  ir.Exactly(1),
	Format:   castFormat("source", "to", "result", map[string]ir.TypeKind{"source": vectorKind, "result": vectorKind}),
	Verify: func(op *ir.Operation) error {
		in, out, err := vectorInOut(op)
		if err != nil {
			return err
		}
		if in.Elem != out.Elem {
			return op.Errorf("has different source and result element types")
		}
		if a, b := Product(in.Dims), Product(out.Dims); a != b {
			return op.Errorf("has different number of elements at source (%d) and result (%d)", a, b)
		}
		if a, b := countScalable(in), countScalable(out); a != b {
			return op.Errorf("different number of scalable dims at source (%d) and result (%d)", a, b)
		}
		return nil
	},
	Fold: func(op *ir.Operation, operands []ir.Attribute) ([]ir.FoldResult, bool) {
		src := op.Operand(0)
		rt := op.Result(0).Type().(*ir.VectorType)
		if src.Type() == rt {
			return foldTo(src)
		}
		if d, ok := operands[0].(*ir.DenseElementsAttr); ok && !rt.IsScalable() && d.Strings() == nil {
			return foldToAttr(op.Context().DenseRaw(rt, d.Raw(), d.IsSplat()))
		}
		if isPoison(operands[0]) {
			return foldToPoison(op)
		}
		if def := src.DefiningOp(); def != nil && def.Name() == "vector.shape_cast" {
			if def.Operand(0).Type() == rt {
				return foldTo(def.Operand(0))
			}
			op.SetOperand(0, def.Operand(0))
			return nil, true
		}
		// shape_cast(transpose(x)) is shape_cast(x) when the transpose moves
		// no element; not for scalable vectors, as MLIR (the fold fights
		// its lowering of illegal shape_casts to transposes there).
		if def := src.DefiningOp(); def != nil && def.Name() == "vector.transpose" && isOrderPreserving(def) {
			if in, ok := def.Operand(0).Type().(*ir.VectorType); ok && !in.IsScalable() {
				if in == rt {
					return foldTo(def.Operand(0))
				}
				op.SetOperand(0, def.Operand(0))
				return nil, true
			}
		}
		return nil, false
	},
	Canonicalize: []*ir.Pattern{shapeCastOfBroadcast},
}

// isOrderPreserving reports whether a transpose keeps the row-major order
// of its elements: the dims it moves past each other are fixed unit dims
// (MLIR's isOrderPreserving), so that it is a shape_cast.
func isOrderPreserving(op *ir.Operation) bool {
	in, ok := op.Operand(0).Type().(*ir.VectorType)
	if !ok {
		return false
	}
	current := int64(0)
	for _, p := range attrInts(op, "permutation") {
		if p < 0 || int(p) >= len(in.Dims) {
			return false
		}
		if in.Dims[p] == 1 && !isScalableDim(in, int(p)) {
			continue
		}
		if p < current {
			return false
		}
		current = p
	}
	return true
}

func countScalable(t *ir.VectorType) int {
	n := 0
	for _, s := range t.Scalable {
		if s {
			n++
		}
	}
	return n
}

// bitcastOp is vector.bitcast, reinterpreting the minor dimension's bits:
//
//	%r = vector.bitcast %v : vector<2xf32> to vector<4xf16>
var bitcastOp = &ir.OpDef{
	Name:     "vector.bitcast",
	Summary:  "bitcast casts between vectors",
	Example:  "%r = vector.bitcast %v : vector<2xf32> to vector<4xf16>",
	Traits:   ir.Pure,
	Operands: ir.Exactly(1),
	Results:  ir.Exactly(1),
	Format:   castFormat("source", "to", "result", map[string]ir.TypeKind{"source": vectorKind, "result": vectorKind}),
	Verify: func(op *ir.Operation) error {
		in, out, err := vectorInOut(op)
		if err != nil {
			return err
		}
		if len(in.Dims) != len(out.Dims) {
			return op.Errorf("failed to verify that all of {source, result} have same rank")
		}
		for i := 0; i+1 < len(in.Dims); i++ {
			if in.Dims[i] != out.Dims[i] {
				return op.Errorf("dimension size mismatch")
			}
		}
		if minorBits(in) != minorBits(out) {
			return op.Errorf("source/result bitwidth of the minor 1-D vectors must be equal")
		}
		return nil
	},
	Fold: func(op *ir.Operation, operands []ir.Attribute) ([]ir.FoldResult, bool) {
		src := op.Operand(0)
		if src.Type() == op.Result(0).Type() {
			return foldTo(src)
		}
		if d, ok := operands[0].(*ir.DenseElementsAttr); ok {
			return foldToAttr(bitcastSplat(op.Context(), d, op.Result(0).Type().(*ir.VectorType)))
		}
		if def := src.DefiningOp(); def != nil && def.Name() == "vector.bitcast" {
			if def.Operand(0).Type() == op.Result(0).Type() {
				return foldTo(def.Operand(0))
			}
			op.SetOperand(0, def.Operand(0))
			return nil, true
		}
		return nil, false
	},
}

// bitcastSplat folds the bitcasts of splats that MLIR folds: f16 to f32,
// and integers to a wider integer type, by repeating the element's bits
// (nil for others).
func bitcastSplat(ctx *ir.Context, d *ir.DenseElementsAttr, rt *ir.VectorType) ir.Attribute {
	in, ok := d.Type().(*ir.VectorType)
	if !ok || !d.IsSplat() || rt.IsScalable() || d.Strings() != nil {
		return nil
	}
	sf, sIsF := in.Elem.(*ir.FloatType)
	df, dIsF := rt.Elem.(*ir.FloatType)
	si, sIsI := in.Elem.(*ir.IntegerType)
	_, dIsI := rt.Elem.(*ir.IntegerType)
	sb, db := bitWidth(in.Elem), bitWidth(rt.Elem)
	switch {
	case sIsF && dIsF && sf.Kind == ir.F16 && df.Kind == ir.F32:
	case sIsI && dIsI && si.Width%8 == 0 && db > sb && db%sb == 0:
	default:
		return nil
	}
	var raw []byte
	for range db / sb {
		raw = append(raw, d.Raw()...)
	}
	return ctx.DenseRaw(rt, raw, true)
}

// minorBits returns the bit size of t's minor 1-D vector.
func minorBits(t *ir.VectorType) int64 {
	n := int64(1)
	if len(t.Dims) > 0 {
		n = t.Dims[len(t.Dims)-1]
	}
	return n * bitWidth(t.Elem)
}

// typeCastOp is vector.type_cast, viewing a memref of scalars as a memref
// of one vector:
//
//	%r = vector.type_cast %m : memref<8x8xf32> to memref<vector<8x8xf32>>
var typeCastOp = &ir.OpDef{
	Name:     "vector.type_cast",
	Summary:  "type_cast op converts a scalar memref to a vector memref",
	Example:  "%r = vector.type_cast %m : memref<8x8xf32> to memref<vector<8x8xf32>>",
	Traits:   ir.Pure,
	Operands: ir.Exactly(1),
	Results:  ir.Exactly(1),
	Format:   castFormat("memref", "to", "result", map[string]ir.TypeKind{"memref": memref.MemRefKind, "result": memref.MemRefKind}),
	Verify: func(op *ir.Operation) error {
		in, ok := op.Operand(0).Type().(*ir.MemRefType)
		if !ok || !ir.HasStaticShape(in) {
			return op.Errorf("operand #0 must be statically shaped memref of any type values, but got %s", typeQuoted(op.Operand(0).Type()))
		}
		if !canonicalIdentityLayout(in) {
			return op.Errorf("expects operand to be a memref with identity layout")
		}
		out, ok := op.Result(0).Type().(*ir.MemRefType)
		if !ok {
			return op.Errorf("result #0 must be memref of any type values, but got %s", typeQuoted(op.Result(0).Type()))
		}
		if !memref.HasIdentityLayout(out) {
			return op.Errorf("expects result to be a memref with identity layout")
		}
		if out.MemorySpace != in.MemorySpace {
			return op.Errorf("expects result in same memory space")
		}
		inElem, inShape := concatShape(in)
		outElem, outShape := concatShape(out)
		if inElem != outElem {
			return op.Errorf("expects result and operand with same underlying scalar type: %s", ir.TypeString(out))
		}
		if !slices.Equal(inShape, outShape) {
			return op.Errorf("expects concatenated result and operand shapes to be equal: %s", ir.TypeString(out))
		}
		return nil
	},
}

// canonicalIdentityLayout reports whether t's layout is the identity once
// MLIR's canonicalizeStridedLayout has dropped a strided layout (or
// single-result map) that is row-major contiguous with offset 0.
func canonicalIdentityLayout(t *ir.MemRefType) bool {
	if memref.HasIdentityLayout(t) {
		return true
	}
	strides, offset, ok := memref.StridesAndOffset(t)
	if !ok || offset != 0 {
		return false
	}
	running := int64(1)
	for i := len(t.Dims) - 1; i >= 0; i-- {
		if t.Dims[i] == ir.Dynamic || strides[i] != running {
			return false
		}
		running *= t.Dims[i]
	}
	return true
}

// concatShape is the scalar type of a memref (of scalars or vectors) and
// its shape followed by its vector element's (MLIR's extractShape).
func concatShape(m *ir.MemRefType) (ir.Type, []int64) {
	shape := slices.Clone(m.Dims)
	if vt, ok := m.Elem.(*ir.VectorType); ok {
		return vt.Elem, append(shape, vt.Dims...)
	}
	return m.Elem, shape
}
