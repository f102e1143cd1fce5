package tensor

import (
	"github.com/kiln-gpu/kiln/arith"
	"github.com/kiln-gpu/kiln/ir"
	"github.com/kiln-gpu/kiln/memref"
)

// Dialect returns the tensor dialect.
func Dialect() *ir.Dialect { return dialect }

var dialect = &ir.Dialect{
	Name: "tensor",
	// Ops inlinable anywhere, bodies into its regions, as MLIR's tensor inliner interface says.
	Inliner: ir.BodiesInlinable(),
	Summary: "Tensor values: creation, element access, casts, slices and reshapes.",
	Ops: []*ir.OpDef{
		empty, extract, insert, dim, rank, cast, fromElements, splat, generate, yield,
		extractSlice, insertSlice, parallelInsertSlice, expandShape, collapseShape,
	},
	Dependencies:        []func() *ir.Dialect{arith.Dialect},
	MaterializeConstant: arith.BuildConstant,
}

func index(ctx *ir.Context) ir.Type { return ctx.Index() }

func resultName(n string) func(op *ir.Operation, name func(v *ir.Value, name string)) {
	return func(op *ir.Operation, name func(v *ir.Value, name string)) {
		if op.NumResults() > 0 {
			name(op.Result(0), n)
		}
	}
}

// elementOf is the element type of a shaped type (t itself otherwise, so
// that the verifier reports the bad type).
func elementOf(_ *ir.Context, t ir.Type) ir.Type {
	if s, ok := t.(ir.ShapedType); ok {
		return s.ElementType()
	}
	return t
}

var customs = map[string]ir.CustomDirective{"DynamicIndexList": memref.DynamicIndexList}

// ranked returns t as a ranked tensor type, or nil.
func ranked(t ir.Type) *ir.RankedTensorType {
	r, _ := t.(*ir.RankedTensorType)
	return r
}

func isTensor(t ir.Type) bool {
	switch t.(type) {
	case *ir.RankedTensorType, *ir.UnrankedTensorType:
		return true
	}
	return false
}

func checkTensor(op *ir.Operation, what string, t ir.Type, needRank bool) error {
	if needRank && ranked(t) == nil {
		return op.Errorf("%s must be ranked tensor of any type values, but got '%s'", what, ir.TypeString(t))
	}
	if !isTensor(t) {
		return op.Errorf("%s must be tensor of any type values, but got '%s'", what, ir.TypeString(t))
	}
	return nil
}

func checkIndex(op *ir.Operation, from int) error {
	for i := from; i < op.NumOperands(); i++ {
		if _, ok := op.Operand(i).Type().(*ir.IndexType); !ok {
			return op.Errorf("operand #%d must be variadic of index, but got '%s'", i, ir.TypeString(op.Operand(i).Type()))
		}
	}
	return nil
}

func countDynamic(s []int64) int {
	n := 0
	for _, d := range s {
		if d == ir.Dynamic {
			n++
		}
	}
	return n
}
