package tensor

import (
	"github.com/kiln-gpu/kiln/ir"
	"github.com/kiln-gpu/kiln/memref"
)

var dim = &ir.OpDef{
	Name:            "tensor.dim",
	Summary:         "The size of one dimension of a tensor.",
	Example:         "%r = tensor.dim %t, %c1 : tensor<4x?xf32>",
	Traits:          ir.Pure,
	Operands:        ir.Exactly(2),
	Results:         ir.Exactly(1),
	ResultNames:     resultName("dim"),
	Speculatability: memref.DimSpeculatability,
	Format: &ir.Format{
		Syntax:   "attr-dict $source `,` $index `:` type($source)",
		Operands: []string{"source", "index"},
		Results:  []string{"result"},
		Types:    map[string]func(*ir.Context) ir.Type{"index": index, "result": index},
	},
	Verify: func(op *ir.Operation) error {
		if err := checkTensor(op, "operand #0", op.Operand(0).Type(), false); err != nil {
			return err
		}
		return checkIndex(op, 1)
	},
	Fold: foldDim,
	Canonicalize: []*ir.Pattern{{Name: "dim-of-cast", Root: "tensor.dim", Rewrite: dimOfCast},
		{Name: "dim-of-dest-style-op", Root: "tensor.dim", Rewrite: dimOfDestStyle}},
}

// foldDim folds a static dimension, and a dynamic one whose size an
// operand of tensor.empty or tensor.generate gives.
func foldDim(op *ir.Operation, consts []ir.Attribute) ([]ir.FoldResult, bool) {
	ia, ok := consts[1].(*ir.IntegerAttr)
	t := ranked(op.Operand(0).Type())
	if !ok || t == nil || ia.Int() < 0 || ia.Int() >= int64(len(t.Dims)) {
		return nil, false
	}
	i := int(ia.Int())
	if t.Dims[i] != ir.Dynamic {
		return []ir.FoldResult{{Attr: op.Context().IndexAttr(t.Dims[i])}}, true
	}
	def := op.Operand(0).DefiningOp()
	if def == nil || def.Name() != "tensor.empty" && def.Name() != "tensor.generate" {
		return nil, false
	}
	// The dynamic sizes are the operands, in the order of dynamic dims.
	k := countDynamic(t.Dims[:i])
	if k >= def.NumOperands() || def.Result(0).Type() != t {
		return nil, false
	}
	return []ir.FoldResult{{Value: def.Operand(k)}}, true
}

// dimOfCast reads the dimension from the cast's source: dim(cast(x), i)
// is dim(x, i).
func dimOfCast(op *ir.Operation, rw *ir.Rewriter) bool {
	def := op.Operand(0).DefiningOp()
	if def == nil || def.Name() != "tensor.cast" {
		return false
	}
	rw.ModifyInPlace(op, func() { op.SetOperand(0, def.Operand(0)) })
	return true
}

// dimOfDestStyle reads the dimension of a result of scf.forall (a
// destination-style op: each result has its shared output's shape) from
// that output.
func dimOfDestStyle(op *ir.Operation, rw *ir.Rewriter) bool {
	src := op.Operand(0)
	def := src.DefiningOp()
	if def == nil || def.Name() != "scf.forall" {
		return false
	}
	// Its operands end with the shared outputs, one per result.
	n := def.NumResults()
	if def.NumOperands() < n {
		return false
	}
	for i := range n {
		if def.Result(i) == src {
			init := def.Operand(def.NumOperands() - n + i)
			rw.ModifyInPlace(op, func() { op.SetOperand(0, init) })
			return true
		}
	}
	return false
}

var cast = &ir.OpDef{
	Name:        "tensor.cast",
	Summary:     "Converts a tensor between compatible types (static and dynamic shapes).",
	Example:     "%r = tensor.cast %t : tensor<4xf32> to tensor<?xf32>",
	Traits:      ir.Pure,
	Operands:    ir.Exactly(1),
	Results:     ir.Exactly(1),
	ResultNames: resultName("cast"),
	Format: &ir.Format{
		Syntax:   "$source attr-dict `:` type($source) `to` type($dest)",
		Operands: []string{"source"},
		Results:  []string{"dest"},
	},
	Verify: func(op *ir.Operation) error {
		if err := checkTensor(op, "operand #0", op.Operand(0).Type(), false); err != nil {
			return err
		}
		if err := checkTensor(op, "result #0", op.Result(0).Type(), false); err != nil {
			return err
		}
		if !CastCompatible(op.Operand(0).Type(), op.Result(0).Type()) {
			return op.Errorf("operand type '%s' and result type '%s' are cast incompatible",
				ir.TypeString(op.Operand(0).Type()), ir.TypeString(op.Result(0).Type()))
		}
		return nil
	},
	Fold: func(op *ir.Operation, _ []ir.Attribute) ([]ir.FoldResult, bool) {
		if op.Operand(0).Type() == op.Result(0).Type() {
			return []ir.FoldResult{{Value: op.Operand(0)}}, true
		}
		return nil, false
	},
	Canonicalize: []*ir.Pattern{{Name: "chained-tensor-cast", Root: "tensor.cast", Rewrite: chainedCast}},
}

// CastCompatible reports whether tensor.cast may convert a to b: same
// element type and, when both are ranked, same rank with equal static
// sizes.
func CastCompatible(a, b ir.Type) bool {
	sa, ok1 := a.(ir.ShapedType)
	sb, ok2 := b.(ir.ShapedType)
	if !ok1 || !ok2 || !isTensor(a) || !isTensor(b) || sa.ElementType() != sb.ElementType() {
		return false
	}
	if !sa.HasRank() || !sb.HasRank() {
		return true
	}
	da, db := sa.Shape(), sb.Shape()
	if len(da) != len(db) {
		return false
	}
	for i := range da {
		if da[i] != ir.Dynamic && db[i] != ir.Dynamic && da[i] != db[i] {
			return false
		}
	}
	return true
}

// chainedCast folds cast(cast(x)) into one cast when the intermediate type
// loses no static size that the two ends do not (MLIR's joinShapes rule:
// the first cast's source joined with both results equals the joined ends).
func chainedCast(op *ir.Operation, rw *ir.Rewriter) bool {
	def := op.Operand(0).DefiningOp()
	if def == nil || def.Name() != "tensor.cast" {
		return false
	}
	src, mid, res := shapeOf(def.Operand(0).Type()), shapeOf(op.Operand(0).Type()), shapeOf(op.Result(0).Type())
	ab, ok1 := join(src, mid)
	abc, ok2 := join(ab, res)
	ac, ok3 := join(src, res)
	if !ok1 || !ok2 || !ok3 || !abc.equal(ac) {
		return false
	}
	rw.ModifyInPlace(op, func() { op.SetOperand(0, def.Operand(0)) })
	return true
}

// shape is a tensor's shape; dims is nil when unranked.
type shape struct {
	dims   []int64
	ranked bool
}

func shapeOf(t ir.Type) shape {
	if r := ranked(t); r != nil {
		return shape{r.Dims, true}
	}
	return shape{}
}

// join is the most static shape compatible with both (an unranked side
// takes the other's shape); ok is false when they clash.
func join(a, b shape) (shape, bool) {
	switch {
	case !a.ranked:
		return b, true
	case !b.ranked:
		return a, true
	case len(a.dims) != len(b.dims):
		return shape{}, false
	}
	out := make([]int64, len(a.dims))
	for i, d := range a.dims {
		switch e := b.dims[i]; {
		case d == ir.Dynamic:
			out[i] = e
		case e == ir.Dynamic || e == d:
			out[i] = d
		default:
			return shape{}, false
		}
	}
	return shape{out, true}, true
}

func (a shape) equal(b shape) bool {
	if a.ranked != b.ranked || len(a.dims) != len(b.dims) {
		return false
	}
	for i := range a.dims {
		if a.dims[i] != b.dims[i] {
			return false
		}
	}
	return true
}

// FoldableCast reports whether op is a tensor.cast whose consumers may use
// its source instead (MLIR's canFoldIntoConsumerOp): the source is at
// least as static as the result.
func FoldableCast(op *ir.Operation) bool {
	return op != nil && op.Name() == "tensor.cast" && op.NumOperands() == 1 && op.NumResults() == 1 &&
		PreservesStaticInformation(op.Result(0).Type(), op.Operand(0).Type())
}

// PreservesStaticInformation reports whether target, a ranked tensor like
// source, has a static size wherever source has one.
func PreservesStaticInformation(source, target ir.Type) bool {
	s, t := ranked(source), ranked(target)
	if s == nil || t == nil || s.Elem != t.Elem || len(s.Dims) != len(t.Dims) {
		return false
	}
	for i, d := range s.Dims {
		if d != ir.Dynamic && t.Dims[i] == ir.Dynamic {
			return false
		}
	}
	return true
}

var rank = &ir.OpDef{
	Name:        "tensor.rank",
	ResultNames: resultName("rank"),
	Summary:     "The rank of a tensor.",
	Example:     "%r = tensor.rank %t : tensor<*xf32>",
	Traits:      ir.Pure,
	Operands:    ir.Exactly(1),
	Results:     ir.Exactly(1),
	Format: &ir.Format{Syntax: "$tensor attr-dict `:` type($tensor)",
		Operands: []string{"tensor"}, Results: []string{"result"}, Types: map[string]func(*ir.Context) ir.Type{"result": index}},
	Verify: func(op *ir.Operation) error { return checkTensor(op, "operand #0", op.Operand(0).Type(), false) },
	Fold: func(op *ir.Operation, _ []ir.Attribute) ([]ir.FoldResult, bool) {
		if t := ranked(op.Operand(0).Type()); t != nil {
			return []ir.FoldResult{{Attr: op.Context().IndexAttr(int64(len(t.Dims)))}}, true
		}
		return nil, false
	},
}
