package transforms

import (
	"github.com/kiln-gpu/kiln/ir"
	"github.com/kiln-gpu/kiln/vector"
)

// unrollMoves rewrites the ops that only move elements (vector.shuffle,
// vector.interleave, n-d vector.extract_strided_slice) into
// vector.from_elements of the moved elements when their result or an
// operand is a vector SPIR-V lacks; vector.step of such a length becomes
// a constant. The extracts then fold through the pieces of unrolled
// operands and the from_elements is unrolled like any other op.
func unrollMoves(vector16 bool) *ir.Pattern {
	return &ir.Pattern{Name: "vector-unroll-moves", Rewrite: func(op *ir.Operation, rw *ir.Rewriter) bool {
		if op.NumResults() != 1 {
			return false
		}
		rt, ok := fixedVector(op.Result(0))
		if !ok || len(rt.Dims) == 0 {
			return false
		}
		native := !needsUnroll(rt, vector16)
		for _, v := range op.Operands() {
			if vt, ok := fixedVector(v); ok && needsUnroll(vt, vector16) {
				native = false
			}
		}
		if native {
			return false
		}
		if op.Name() == "vector.step" {
			b := at(rw, op)
			vals := make([]int64, rt.Dims[0])
			for i := range vals {
				vals[i] = int64(i)
			}
			rw.ReplaceOp(op, []*ir.Value{b.Constant(b.Context().DenseInts(rt, vals), rt)})
			return true
		}
		src, ok := elementSources(op, rt)
		if !ok {
			return false
		}
		b := at(rw, op)
		elems := make([]*ir.Value, len(src))
		for i, s := range src {
			vt := s.v.Type().(*ir.VectorType)
			elems[i] = b.Extract(s.v, vector.Delinearize(s.i, vt.Dims))
		}
		rw.ReplaceOp(op, []*ir.Value{b.Op("vector.from_elements", elems, []ir.Type{rt})})
		return true
	}}
}

// elemRef is element i (row-major) of vector v.
type elemRef struct {
	v *ir.Value
	i int64
}

// elementSources returns where each result element of a data-movement op
// comes from.
func elementSources(op *ir.Operation, rt *ir.VectorType) ([]elemRef, bool) {
	var out []elemRef
	switch op.Name() {
	case "vector.shuffle":
		a, ok1 := fixedVector(op.Operand(0))
		_, ok2 := fixedVector(op.Operand(1))
		if !ok1 || !ok2 || len(a.Dims) != 1 {
			return nil, false
		}
		for _, m := range (vector.Shuffle{Operation: op}).Mask() {
			switch {
			case m < 0: // poison: any element will do
				out = append(out, elemRef{op.Operand(0), 0})
			case m < a.Dims[0]:
				out = append(out, elemRef{op.Operand(0), m})
			default:
				out = append(out, elemRef{op.Operand(1), m - a.Dims[0]})
			}
		}
	case "vector.interleave":
		a, ok := fixedVector(op.Operand(0))
		if !ok || len(a.Dims) != 1 {
			return nil, false
		}
		for i := int64(0); i < a.Dims[0]; i++ {
			out = append(out, elemRef{op.Operand(0), i}, elemRef{op.Operand(1), i})
		}
	case "vector.extract_strided_slice":
		st, ok := fixedVector(op.Operand(0))
		s := vector.StridedSlice{Operation: op}
		if !ok || len(st.Dims) == 1 {
			return nil, false // the unrolling's own slices; cancelled instead
		}
		// Trailing dims not named by the attributes are taken whole; the
		// verifier allows unit strides only.
		n := len(s.Offsets())
		offsets := append(append([]int64(nil), s.Offsets()...), make([]int64, len(st.Dims)-n)...)
		sizes := append(append([]int64(nil), s.Sizes()...), st.Dims[n:]...)
		strides := make([]int64, len(st.Dims))
		for i := range strides {
			strides[i] = 1
		}
		for _, j := range vector.StridedSliceIndices(st.Dims, offsets, sizes, strides) {
			out = append(out, elemRef{op.Operand(0), j})
		}
	default:
		return nil, false
	}
	return out, int64(len(out)) == vector.Product(rt.Dims)
}
