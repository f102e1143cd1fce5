package transforms

import (
	"slices"

	"github.com/kiln-gpu/kiln/ir"
	"github.com/kiln-gpu/kiln/vector"
)

// lowerMultiReduction rewrites vector.multi_reduction into one
// vector.reduction per position of the kept dimensions (MLIR's
// inner-reduction lowering): the reduced elements of that position form a
// 1-d vector, taken whole when only the innermost dimension is reduced and
// gathered with vector.from_elements otherwise (the transpose MLIR makes),
// and the reduction accumulates into the matching accumulator element.
var lowerMultiReduction = &ir.Pattern{Name: "vector-lower-multi-reduction", Root: "vector.multi_reduction",
	Rewrite: func(op *ir.Operation, rw *ir.Rewriter) bool {
		r := vector.MultiReduction{Operation: op}
		st, ok := fixedVector(r.Source())
		dims := r.ReductionDims()
		if !ok || len(dims) == 0 {
			return false
		}
		reduced := make([]bool, len(st.Dims))
		for _, d := range dims {
			reduced[d] = true
		}
		var kept, red []int64
		for i, d := range st.Dims {
			if reduced[i] {
				red = append(red, d)
			} else {
				kept = append(kept, d)
			}
		}
		innermost := len(dims) == 1 && reduced[len(st.Dims)-1]
		b := at(rw, op)
		kind := ir.NamedAttr{Name: "kind", Value: vector.Kind(b.Context(), r.Kind())}
		rowType := b.Context().Vector([]int64{vector.Product(red)}, st.Elem)
		// source returns the position in the source of kept position p and
		// reduced position q.
		source := func(p, q []int64) []int64 {
			pos := make([]int64, len(st.Dims))
			for i := range pos {
				if reduced[i] {
					pos[i], q = q[0], q[1:]
				} else {
					pos[i], p = p[0], p[1:]
				}
			}
			return pos
		}
		reduce := func(p []int64, acc *ir.Value) *ir.Value {
			var row *ir.Value
			if innermost {
				row = r.Source()
				if len(p) > 0 {
					row = b.Extract(row, p)
				}
			} else {
				var elems []*ir.Value
				forEach(red, func(q []int64) { elems = append(elems, b.Extract(r.Source(), source(p, q))) })
				row = b.Op("vector.from_elements", elems, []ir.Type{rowType})
			}
			return b.Op("vector.reduction", []*ir.Value{row, acc}, []ir.Type{st.Elem}, kind)
		}
		if len(kept) == 0 {
			rw.ReplaceOp(op, []*ir.Value{reduce(nil, r.Acc())})
			return true
		}
		var elems []*ir.Value
		forEach(kept, func(p []int64) {
			elems = append(elems, reduce(slices.Clone(p), b.Extract(r.Acc(), p)))
		})
		rw.ReplaceOp(op, []*ir.Value{b.Op("vector.from_elements", elems, op.ResultTypes())})
		return true
	}}
