package transforms

import (
	"slices"

	"github.com/kiln-gpu/kiln/ir"
	"github.com/kiln-gpu/kiln/ir/pass"
	"github.com/kiln-gpu/kiln/ir/rewrite"
	"github.com/kiln-gpu/kiln/vector"
)

// ShuffleTreePatterns are MLIR's
// populateVectorToFromElementsToShuffleTreePatterns: a 1-d
// vector.from_elements whose elements all come from 1-d vector.to_elements
// ops becomes a balanced binary tree of vector.shuffle ops over the
// to_elements sources.
func ShuffleTreePatterns() []*ir.Pattern {
	return []*ir.Pattern{{Name: "vector-to-from-elements-to-shuffle-tree", Root: "vector.from_elements", Rewrite: toFromElementsToShuffleTree}}
}

// ShuffleTreePass is MLIR's lower-vector-to-from-elements-to-shuffle-tree.
func ShuffleTreePass() *pass.Pass {
	return &pass.Pass{Name: "LowerVectorToFromElementsToShuffleTree", Argument: "lower-vector-to-from-elements-to-shuffle-tree",
		Summary: "Lower `vector.to_elements` and `vector.from_elements` to a tree of `vector.shuffle` operations",
		OpName:  "func.func",
		Run: func(op *ir.Operation, _ *pass.Context) error {
			return rewrite.ApplyGreedily(op, ShuffleTreePatterns()...)
		}}
}

// interval is the closed range of output positions a vector of the tree
// contributes to.
type interval struct{ first, last int }

// dupLastIfOdd repeats the last entry of an odd-length list, so that the
// tree always shuffles pairs (the last pair of a level may be one vector
// with itself).
func dupLastIfOdd[T any](s []T) []T {
	if len(s)%2 != 0 {
		s = append(s, s[len(s)-1])
	}
	return s
}

// toFromElementsToShuffleTree is MLIR's ToFromElementsToShuffleTreeRewrite
// (VectorShuffleTreeBuilder): the to_elements ops, in order of first use,
// are shuffled in pairs; the first level permutes elements to their place
// relative to the pair's output interval, later levels only propagate
// them; each level's vectors have the width of its widest interval (the
// last level the output's), unused lanes poison.
func toFromElementsToShuffleTree(op *ir.Operation, rw *ir.Rewriter) bool {
	rt, ok := op.Result(0).Type().(*ir.VectorType)
	if !ok || len(rt.Dims) != 1 || rt.IsScalable() {
		return false
	}
	var defs []*ir.Operation
	for _, e := range op.Operands() {
		d := e.DefiningOp()
		if d == nil || d.Name() != "vector.to_elements" {
			return false
		}
		if st, ok := d.Operand(0).Type().(*ir.VectorType); !ok || len(st.Dims) != 1 {
			return false
		}
		if !slices.Contains(defs, d) {
			defs = append(defs, d)
		}
	}
	if len(defs) == 0 || len(defs) == 1 && slices.Equal(op.Operands(), defs[0].Results()) {
		return false
	}
	levels := 2
	for n := 2; n < len(defs); n *= 2 {
		levels++
	}
	// Level 0 intervals: from the first to the last use of each input.
	first := make([]interval, len(defs))
	for i := range first {
		first[i] = interval{-1, -1}
	}
	for i, e := range op.Operands() {
		iv := &first[slices.Index(defs, e.DefiningOp())]
		if iv.first < 0 {
			iv.first = i
		}
		iv.last = i
	}
	defs = dupLastIfOdd(defs)
	intervals := [][]interval{dupLastIfOdd(first)}
	for level := 1; level < levels; level++ {
		prev := intervals[level-1]
		cur := make([]interval, (len(prev)+1)/2)
		for i := range cur {
			cur[i] = interval{prev[2*i].first, max(prev[2*i].last, prev[2*i+1].last)}
		}
		if level != levels-1 {
			cur = dupLastIfOdd(cur)
		}
		intervals = append(intervals, cur)
	}
	sizes := make([]int, levels)
	sizes[levels-1] = int(rt.Dims[0])
	for level := 1; level < levels-1; level++ {
		sizes[level] = 1
		for _, iv := range intervals[level] {
			sizes[level] = max(sizes[level], iv.last-iv.first+1)
		}
	}

	b := at(rw, op)
	inputs := make([]*ir.Value, len(defs))
	masks := make([][]int64, len(defs))
	for i, d := range defs {
		inputs[i] = d.Operand(0)
	}
	for level := 0; level < levels-1; level++ {
		inputs = dupLastIfOdd(inputs)
		masks = dupLastIfOdd(masks)
		ivs := intervals[level]
		var outs []*ir.Value
		var outMasks [][]int64
		for i := 0; i < len(inputs); i += 2 {
			var mask []int64
			if level == 0 {
				mask = permutationMask(op, defs[i], ivs[i], defs[i+1], ivs[i+1], sizes[level+1])
			} else {
				mask = propagationMask(masks[i], ivs[i], masks[i+1], ivs[i+1], inputs[i] == inputs[i+1], sizes[level+1])
			}
			outs = append(outs, b.shuffle(inputs[i], inputs[i+1], mask))
			outMasks = append(outMasks, mask)
		}
		inputs, masks = outs, outMasks
	}
	rw.ReplaceOp(op, []*ir.Value{inputs[0]})
	return true
}

// permutationMask places the elements op takes from the to_elements ops
// d0 and d1 at their position relative to d0's interval.
func permutationMask(op, d0 *ir.Operation, iv0 interval, d1 *ir.Operation, iv1 interval, size int) []int64 {
	mask := make([]int64, size)
	for i := range mask {
		mask[i] = vector.Poison
	}
	n := d0.Operand(0).Type().(*ir.VectorType).Dims[0]
	for i, e := range op.Operands() {
		switch e.DefiningOp() {
		case d0:
			mask[i-iv0.first] = int64(e.Index())
		case d1:
			mask[i-iv0.first] = int64(e.Index()) + n
		}
	}
	return mask
}

// propagationMask moves the lanes the two shuffles below set (lhs, rhs)
// to their place in the next level, the rhs offset by the distance
// between the intervals.
func propagationMask(lhs []int64, lhsIv interval, rhs []int64, rhsIv interval, same bool, size int) []int64 {
	mask := make([]int64, size)
	for i := range mask {
		mask[i] = vector.Poison
	}
	n := int64(len(lhs))
	off := rhsIv.first - lhsIv.first
	for i := range lhs {
		if lhs[i] != vector.Poison {
			mask[i] = int64(i)
		}
		if !same && rhs[i] != vector.Poison {
			mask[i+off] = int64(i) + n
		}
	}
	return mask
}

// shuffle builds vector.shuffle a, b with mask.
func (b *builder) shuffle(x, y *ir.Value, mask []int64) *ir.Value {
	xt := x.Type().(*ir.VectorType)
	return b.Op("vector.shuffle", []*ir.Value{x, y}, []ir.Type{b.Context().Vector([]int64{int64(len(mask))}, xt.Elem)},
		ir.NamedAttr{Name: "mask", Value: b.Context().DenseI64Array(mask...)})
}
