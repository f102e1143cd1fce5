package tensor

import (
	"github.com/kiln-gpu/kiln/ir"
	"github.com/kiln-gpu/kiln/memref"
)

var generate = &ir.OpDef{
	Name:    "tensor.generate",
	Summary: "A tensor of the given shape whose body yields each element from its indices.",
	Example: "%r = tensor.generate %n {\n^bb0(%i: index, %j: index):\n" +
		"  %e = arith.addi %i, %j : index\n  tensor.yield %e : index\n} : tensor<?x4xindex>",
	Traits:      ir.RecursiveEffects | ir.SingleBlock,
	Operands:    ir.Variadic,
	Results:     ir.Exactly(1),
	Regions:     ir.Exactly(1),
	ResultNames: resultName("generated"),
	Format: &ir.Format{
		Syntax:             "$dynamicExtents $body attr-dict `:` type($result)",
		Operands:           []string{"dynamicExtents*"},
		Results:            []string{"result"},
		Regions:            []string{"body"},
		Types:              map[string]func(*ir.Context) ir.Type{"dynamicExtents": index},
		ImplicitTerminator: "tensor.yield",
	},
	Verify: func(op *ir.Operation) error {
		if err := checkTensor(op, "result #0", op.Result(0).Type(), true); err != nil {
			return err
		}
		if err := checkIndex(op, 0); err != nil {
			return err
		}
		if op.Region(0).Empty() {
			return op.Errorf("region #0 ('body') failed to verify constraint: region with 1 blocks")
		}
		if op.NumOperands() != countDynamic(ranked(op.Result(0).Type()).Dims) {
			return op.EmitErrorf("must have as many index operands as dynamic extents in the result type")
		}
		return nil
	},
	VerifyRegions: verifyGenerateBody,
	Canonicalize: []*ir.Pattern{
		{Name: "static-tensor-generate", Root: "tensor.generate", Rewrite: staticTensorGenerate},
		{Name: "extract-from-tensor-generate", Root: "tensor.extract", Rewrite: extractFromGenerate},
	},
}

// verifyGenerateBody is GenerateOp::verifyRegions: one index argument per
// dimension, and a yield of the element type.
func verifyGenerateBody(op *ir.Operation) error {
	t := ranked(op.Result(0).Type())
	b := op.Region(0).Entry()
	for _, a := range b.Args() {
		if _, ok := a.Type().(*ir.IndexType); !ok {
			return op.EmitErrorf("all body arguments must be index")
		}
	}
	if b.NumArgs() != len(t.Dims) {
		return op.EmitErrorf("must have one body argument per input dimension")
	}
	y := b.Last()
	if y == nil || y.Name() != "tensor.yield" {
		name := "nothing"
		if y != nil {
			name = y.Name()
		}
		return op.Errorf("expects regions to end with 'tensor.yield', found '%s'", name)
	}
	if y.NumOperands() != 1 || y.Operand(0).Type() != t.Elem {
		return op.Errorf("body must be terminated with a `yield` operation of the tensor element type")
	}
	return nil
}

var yield = &ir.OpDef{
	Name:     "tensor.yield",
	Summary:  "Ends a tensor.generate body with the element at its indices.",
	Example:  "%r = tensor.generate %n {\n^bb0(%i: index):\n  tensor.yield %v : f32\n} : tensor<?xf32>",
	Traits:   ir.Terminator | ir.ReturnLike | ir.Pure,
	Operands: ir.Exactly(1),
	Format:   &ir.Format{Syntax: "$value attr-dict `:` type($value)", Operands: []string{"value"}},
	Verify: func(op *ir.Operation) error {
		// MLIR's HasParent also allows tensor.pad, which Kiln lacks.
		if p := op.ParentOp(); p == nil || p.Name() != "tensor.generate" {
			return op.Errorf("expects parent op to be one of 'tensor.generate, tensor.pad'")
		}
		return nil
	},
}

// staticTensorGenerate is MLIR's StaticTensorGenerate: dynamic extents
// that are non-negative constants become static dimensions, and a
// tensor.cast gives back the original type.
func staticTensorGenerate(op *ir.Operation, rw *ir.Rewriter) bool {
	t := ranked(op.Result(0).Type())
	if t == nil || op.NumOperands() != countDynamic(t.Dims) {
		return false
	}
	shape, kept, changed := memref.ConstantSizes(t.Dims, op.Operands())
	if !changed {
		return false
	}
	loc := op.Loc()
	rw.SetInsertionPointBefore(op)
	st := &ir.OpState{Name: "tensor.generate", Loc: loc, Operands: kept,
		ResultTypes: []ir.Type{op.Context().Tensor(shape, t.Elem, t.Encoding)}}
	st.AddRegion()
	made := rw.Create(st)
	rw.InlineRegionBefore(op.Region(0), made.Region(0), nil)
	c := rw.Create(&ir.OpState{Name: "tensor.cast", Loc: loc, Operands: []*ir.Value{made.Result(0)}, ResultTypes: []ir.Type{t}})
	rw.ReplaceOp(op, c.Results())
	return true
}

// extractFromGenerate is MLIR's ExtractFromTensorGenerate: an element of
// a generate that has no effects is its body, cloned at the indices.
func extractFromGenerate(op *ir.Operation, rw *ir.Rewriter) bool {
	g := op.Operand(0).DefiningOp()
	if g == nil || g.Name() != "tensor.generate" || !ir.RemovableWhenUnused(g) {
		return false
	}
	b := g.Region(0).Entry()
	if b == nil || b.NumArgs() != op.NumOperands()-1 || b.Last() == nil || b.Last().Name() != "tensor.yield" {
		return false
	}
	m := ir.NewMapping()
	for i, a := range b.Args() {
		m.Map(a, op.Operand(i+1))
	}
	rw.SetInsertionPointBefore(op)
	for o := range b.Ops() {
		if o != b.Last() {
			rw.Clone(o, m)
		}
	}
	rw.ReplaceOp(op, []*ir.Value{m.Lookup(b.Last().Operand(0))})
	return true
}
