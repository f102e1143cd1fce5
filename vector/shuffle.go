package vector

import (
	"fmt"
	"slices"

	"github.com/kiln-gpu/kiln/ir"
)

// shuffleOp is vector.shuffle; mask entries index the concatenation of
// the operands' leading dimensions (-1 is poison):
//
//	%r = vector.shuffle %a, %b [0, 3, 1] : vector<2xf32>, vector<2xf32>
var shuffleOp = &ir.OpDef{
	Name:     "vector.shuffle",
	Summary:  "shuffle operation",
	Example:  "%r = vector.shuffle %a, %b [0, 3, 1] : vector<2xf32>, vector<2xf32>",
	Traits:   ir.Pure,
	Operands: ir.Exactly(2),
	Results:  ir.Exactly(1),
	Inherent: []string{"mask"},
	Format: &ir.Format{Syntax: "operands $mask attr-dict `:` type(operands)", Operands: []string{"v1", "v2"}, Results: []string{"vector"},
		Attrs: []ir.FormatAttr{ir.DenseIntArrayFormat("mask", 64)}, InferResults: inferShuffle},
	Verify:       verifyShuffle,
	Fold:         foldShuffle,
	Canonicalize: []*ir.Pattern{shuffleSplat},
}

// inferShuffle gives the result type: the mask's length, then v1's
// trailing dimensions.
func inferShuffle(ctx *ir.Context, ts []ir.Type, attrs []ir.NamedAttr) ([]ir.Type, error) {
	if len(ts) != 2 {
		return nil, fmt.Errorf("'vector.shuffle' op expected 2 operands, but found %d", len(ts))
	}
	v1, ok := ts[0].(*ir.VectorType)
	if !ok {
		return nil, fmt.Errorf("'vector.shuffle' op operand #0 must be fixed-length vector of any type values, but got %s", typeQuoted(ts[0]))
	}
	mask, _ := Ints(ir.GetAttr(attrs, "mask"))
	dims := []int64{int64(len(mask))}
	if len(v1.Dims) > 1 {
		dims = append(dims, v1.Dims[1:]...)
	}
	return []ir.Type{ctx.Vector(dims, v1.Elem)}, nil
}

func verifyShuffle(op *ir.Operation) error {
	var vs [3]*ir.VectorType
	for i, t := range []ir.Type{op.Operand(0).Type(), op.Operand(1).Type(), op.Result(0).Type()} {
		v, ok := t.(*ir.VectorType)
		if !ok || v.IsScalable() {
			what := "operand"
			n := i
			if i == 2 {
				what, n = "result", 0
			}
			return op.Errorf("%s #%d must be fixed-length vector of any type values, but got %s", what, n, typeQuoted(t))
		}
		vs[i] = v
	}
	v1, v2, res := vs[0], vs[1], vs[2]
	if v1.Elem != res.Elem {
		return op.Errorf("failed to verify that first operand v1 and result have same element type")
	}
	if v2.Elem != res.Elem {
		return op.Errorf("failed to verify that second operand v2 and result have same element type")
	}
	mask, ok := shuffleMask(op)
	if !ok {
		return op.Errorf("requires attribute 'mask'")
	}
	r, r1, r2 := len(res.Dims), len(v1.Dims), len(v2.Dims)
	if !(r1 == 0 && r2 == 0 && r == 1) && !(r1 == r && r2 == r) {
		return op.Errorf("rank mismatch")
	}
	for i := 1; i < r1; i++ {
		if res.Dims[i] != v1.Dims[i] || v1.Dims[i] != v2.Dims[i] {
			return op.Errorf("dimension mismatch")
		}
	}
	if len(mask) == 0 {
		return op.Errorf("invalid mask length")
	}
	if int64(len(mask)) != res.Dims[0] {
		return op.Errorf("mask length mismatch")
	}
	n := leading(v1) + leading(v2)
	for i, m := range mask {
		if m != Poison && (m < 0 || m >= n) {
			return op.Errorf("mask index #%d out of range", i+1)
		}
	}
	return nil
}

// shuffleMask returns the mask of a vector.shuffle: a dense i64 array,
// or the array of i64 integers that MLIR 16's generic form wrote.
func shuffleMask(op *ir.Operation) ([]int64, bool) {
	i64 := op.Context().I(64)
	switch a := op.Attr("mask").(type) {
	case *ir.DenseArrayAttr:
		return a.Ints, a.Elem == i64
	case *ir.ArrayAttr:
		for _, e := range a.Elems {
			if ia, ok := e.(*ir.IntegerAttr); !ok || ia.Type() != i64 {
				return nil, false
			}
		}
		return Ints(a)
	}
	return nil, false
}

// leading returns the size of t's leading dimension (1 for 0-d vectors).
func leading(t *ir.VectorType) int64 {
	if len(t.Dims) == 0 {
		return 1
	}
	return t.Dims[0]
}

func foldShuffle(op *ir.Operation, operands []ir.Attribute) ([]ir.FoldResult, bool) {
	ctx := op.Context()
	v1, _ := vectorOf(op.Operand(0))
	res := op.Result(0).Type().(*ir.VectorType)
	mask := attrInts(op, "mask")
	n1 := leading(v1)
	// A mask that takes one operand in order is that operand.
	for k, v := range op.Operands() {
		if v.Type() != res {
			continue
		}
		base := int64(k) * n1
		if slices.IndexFunc(mask, func(m int64) bool { return m == Poison }) < 0 &&
			slices.Equal(mask, seq(base, int64(len(mask)))) {
			return foldTo(v)
		}
	}
	// A 0-d shuffle makes a 1-d vector: MLIR leaves it to a canonicalization.
	if len(v1.Dims) > 0 && isPoison(operands[0]) && isPoison(operands[1]) {
		return foldToPoison(op)
	}
	if len(v1.Dims) == 1 && (isPoison(operands[0]) || isPoison(operands[1]) || slices.Contains(mask, Poison)) {
		return foldShufflePoison(op, operands, mask)
	}
	a, ok1 := elementsOf(ctx, operands[0])
	b, ok2 := elementsOf(ctx, operands[1])
	if !ok1 || !ok2 || slices.Contains(mask, Poison) {
		return nil, false
	}
	inner := int64(len(a)) / n1
	all := append(slices.Clone(a), b...)
	var out []ir.Attribute
	for _, m := range mask {
		out = append(out, all[m*inner:(m+1)*inner]...)
	}
	return foldToAttr(denseFrom(ctx, res, out))
}

// foldShufflePoison folds a 1-d shuffle of constants where an operand or
// a mask entry is poison, as MLIR's ShuffleOp::fold: a poison lane takes
// the first element of the first operand that is not poison (the ub
// dialect has no partly poisoned constant).
func foldShufflePoison(op *ir.Operation, operands []ir.Attribute, mask []int64) ([]ir.FoldResult, bool) {
	ctx := op.Context()
	var elems [2][]ir.Attribute
	var first ir.Attribute
	for k := 1; k >= 0; k-- {
		if isPoison(operands[k]) {
			continue
		}
		e, ok := elementsOf(ctx, operands[k])
		if !ok || len(e) == 0 {
			return nil, false
		}
		elems[k], first = e, e[0]
	}
	v1, _ := vectorOf(op.Operand(0))
	out := make([]ir.Attribute, len(mask))
	for i, m := range mask {
		k := 0
		if m >= v1.Dims[0] {
			k, m = 1, m-v1.Dims[0]
		}
		if m == Poison || elems[k] == nil {
			out[i] = first
		} else {
			out[i] = elems[k][m]
		}
	}
	return foldToAttr(denseFrom(ctx, op.Result(0).Type().(*ir.VectorType), out))
}

func seq(from, n int64) []int64 {
	out := make([]int64, n)
	for i := range out {
		out[i] = from + int64(i)
	}
	return out
}

// interleaveOp is vector.interleave, alternating the trailing-dimension
// elements of two vectors:
//
//	%r = vector.interleave %a, %b : vector<2xf32> -> vector<4xf32>
var interleaveOp = &ir.OpDef{
	Name:     "vector.interleave",
	Summary:  "constructs a vector by interleaving two input vectors",
	Example:  "%r = vector.interleave %a, %b : vector<2xf32> -> vector<4xf32>",
	Traits:   ir.Pure,
	Operands: ir.Exactly(2),
	Results:  ir.Exactly(1),
	// Older MLIR left the result type out (`: vector<2xf32>`), which the
	// optional group reads: without it the type is the operand's doubled.
	Format: &ir.Format{Syntax: "$lhs `,` $rhs attr-dict `:` type($lhs) (`->` type($result)^)?",
		Operands: []string{"lhs", "rhs"}, Results: []string{"result"},
		Kinds:      map[string]ir.TypeKind{"lhs": vectorKind, "result": vectorKind},
		TypesMatch: [][]string{{"lhs", "rhs"}},
		TypesFrom: []ir.TypeFrom{{From: "lhs", To: "result", Transform: func(ctx *ir.Context, t ir.Type) ir.Type {
			return halfOrDouble(ctx, t.(*ir.VectorType), true)
		}}}},
	Verify: func(op *ir.Operation) error {
		in, err := vectorOperand(op, 0)
		if err != nil {
			return err
		}
		if op.Operand(1).Type() != in {
			return op.Errorf("failed to verify that all of {lhs, rhs} have same type")
		}
		out, ok := op.Result(0).Type().(*ir.VectorType)
		if !ok || out != halfOrDouble(op.Context(), in, true) {
			return op.Errorf("failed to verify that the trailing dimension of the results is double the width of the source trailing dimension")
		}
		return nil
	},
}

// halfOrDouble returns t with its trailing dimension doubled (a 0-d
// vector becomes vector<2xT>) or halved.
func halfOrDouble(ctx *ir.Context, t *ir.VectorType, double bool) *ir.VectorType {
	if len(t.Dims) == 0 {
		return ctx.Vector([]int64{2}, t.Elem)
	}
	dims := slices.Clone(t.Dims)
	if double {
		dims[len(dims)-1] *= 2
	} else {
		dims[len(dims)-1] /= 2
	}
	return ctx.ScalableVector(dims, t.Scalable, t.Elem)
}

// deinterleaveOp is vector.deinterleave, the inverse of interleave:
//
//	%r0, %r1 = vector.deinterleave %v : vector<4xf32> -> vector<2xf32>
var deinterleaveOp = &ir.OpDef{
	Name:     "vector.deinterleave",
	Summary:  "constructs two vectors by deinterleaving an input vector",
	Example:  "%r:2 = vector.deinterleave %v : vector<4xf32> -> vector<2xf32>",
	Traits:   ir.Pure,
	Operands: ir.Exactly(1),
	Results:  ir.Exactly(2),
	Format: &ir.Format{Syntax: "$source attr-dict `:` type($source) `->` type($res1)", Operands: []string{"source"}, Results: []string{"res1", "res2"},
		Kinds: map[string]ir.TypeKind{"source": vectorKind, "res1": vectorKind}, TypesMatch: [][]string{{"res1", "res2"}}},
	Verify: func(op *ir.Operation) error {
		in, ok := vectorOf(op.Operand(0))
		if !ok || len(in.Dims) == 0 {
			return op.Errorf("operand #0 must be vector of any type values, but got %s", typeQuoted(op.Operand(0).Type()))
		}
		if in.Dims[len(in.Dims)-1]%2 != 0 {
			return op.Errorf("failed to verify that the trailing dimension of the source vector has an even number of elements")
		}
		if op.Result(0).Type() != halfOrDouble(op.Context(), in, false) {
			return op.Errorf("failed to verify that the trailing dimension of the results is half the width of source trailing dimension")
		}
		if op.Result(0).Type() != op.Result(1).Type() {
			return op.Errorf("failed to verify that all of {res1, res2} have same type")
		}
		return nil
	},
}
