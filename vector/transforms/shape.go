package transforms

import (
	"github.com/kiln-gpu/kiln/ir"
	"github.com/kiln-gpu/kiln/vector"
)

// lowerShape rewrites vector.transpose and the vector.shape_cast ops that
// involve an n-d vector into vector.from_elements of the moved elements
// (MLIR's element-wise transpose and shape_cast lowerings); the unrolling
// then cuts the from_elements and the extracts fold through the pieces.
var lowerShape = &ir.Pattern{Name: "vector-lower-shape", Rewrite: func(op *ir.Operation, rw *ir.Rewriter) bool {
	if op.Name() != "vector.transpose" && op.Name() != "vector.shape_cast" {
		return false
	}
	st, ok1 := fixedVector(op.Operand(0))
	rt, ok2 := fixedVector(op.Result(0))
	if !ok1 || !ok2 || len(st.Dims) == 0 || len(rt.Dims) == 0 {
		return false
	}
	if op.Name() == "vector.shape_cast" && len(st.Dims) == 1 && len(rt.Dims) == 1 {
		return false
	}
	perm := vector.Transpose{Operation: op}.Permutation()
	b := at(rw, op)
	var elems []*ir.Value
	forEach(rt.Dims, func(pos []int64) {
		src := vector.Delinearize(vector.Linearize(pos, rt.Dims), st.Dims)
		if op.Name() == "vector.transpose" {
			src = make([]int64, len(pos))
			for i, p := range perm {
				src[p] = pos[i]
			}
		}
		elems = append(elems, b.Extract(op.Operand(0), src))
	})
	rw.ReplaceOp(op, []*ir.Value{b.Op("vector.from_elements", elems, []ir.Type{rt})})
	return true
}}
