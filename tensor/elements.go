package tensor

import (
	"slices"

	"github.com/kiln-gpu/kiln/ir"
)

var empty = &ir.OpDef{
	Name:        "tensor.empty",
	Summary:     "An empty tensor of the given shape; only its shape is defined.",
	Example:     "%r = tensor.empty(%n) : tensor<?x4xf32>",
	Traits:      ir.Pure,
	Operands:    ir.Variadic,
	Results:     ir.Exactly(1),
	ResultNames: resultName("empty"),
	Format: &ir.Format{
		Syntax:   "`(`$dynamicSizes`)` attr-dict `:` type($result)",
		Operands: []string{"dynamicSizes*"},
		Results:  []string{"result"},
		Types:    map[string]func(*ir.Context) ir.Type{"dynamicSizes": index},
	},
	Verify: func(op *ir.Operation) error {
		if err := checkTensor(op, "result #0", op.Result(0).Type(), true); err != nil {
			return err
		}
		if err := checkIndex(op, 0); err != nil {
			return err
		}
		if want := countDynamic(ranked(op.Result(0).Type()).Dims); op.NumOperands() != want {
			return op.Errorf("incorrect number of dynamic sizes, has %d, expected %d", op.NumOperands(), want)
		}
		return nil
	},
}

var extract = &ir.OpDef{
	Name:        "tensor.extract",
	Summary:     "Reads one element of a tensor.",
	Example:     "%r = tensor.extract %t[%i, %j] : tensor<4x?xf32>",
	Traits:      ir.Pure,
	Operands:    ir.AtLeast(1),
	Results:     ir.Exactly(1),
	ResultNames: resultName("extracted"),
	Format: &ir.Format{
		Syntax:    "$tensor `[` $indices `]` attr-dict `:` type($tensor)",
		Operands:  []string{"tensor", "indices*"},
		Results:   []string{"result"},
		Types:     map[string]func(*ir.Context) ir.Type{"indices": index},
		TypesFrom: []ir.TypeFrom{{From: "tensor", To: "result", Transform: elementOf}},
	},
	Verify: func(op *ir.Operation) error {
		if err := checkTensor(op, "operand #0", op.Operand(0).Type(), true); err != nil {
			return err
		}
		if err := checkIndex(op, 1); err != nil {
			return err
		}
		t := ranked(op.Operand(0).Type())
		if op.Result(0).Type() != t.Elem {
			return op.Errorf("failed to verify that result type matches element type of tensor")
		}
		if len(t.Dims) != op.NumOperands()-1 {
			return op.Errorf("incorrect number of indices for extract_element")
		}
		return nil
	},
	Fold:         foldExtract,
	Canonicalize: []*ir.Pattern{{Name: "extract-from-tensor-cast", Root: "tensor.extract", Rewrite: extractFromCast}},
}

var insert = &ir.OpDef{
	Name:        "tensor.insert",
	Summary:     "A tensor equal to dest but for one element.",
	Example:     "%r = tensor.insert %v into %t[%i] : tensor<4xf32>",
	Traits:      ir.Pure,
	Operands:    ir.AtLeast(2),
	Results:     ir.Exactly(1),
	ResultNames: resultName("inserted"),
	Format: &ir.Format{
		Syntax:    "$scalar `into` $dest `[` $indices `]` attr-dict `:` type($dest)",
		Operands:  []string{"scalar", "dest", "indices*"},
		Results:   []string{"result"},
		Types:     map[string]func(*ir.Context) ir.Type{"indices": index},
		TypesFrom: []ir.TypeFrom{{From: "dest", To: "result"}, {From: "dest", To: "scalar", Transform: elementOf}},
	},
	Verify: func(op *ir.Operation) error {
		if err := checkTensor(op, "operand #1", op.Operand(1).Type(), true); err != nil {
			return err
		}
		if err := checkIndex(op, 2); err != nil {
			return err
		}
		t := ranked(op.Operand(1).Type())
		if op.Result(0).Type() != t {
			return op.Errorf("failed to verify that all of {dest, result} have same type")
		}
		if op.Operand(0).Type() != t.Elem {
			return op.Errorf("failed to verify that scalar type matches element type of dest")
		}
		if len(t.Dims) != op.NumOperands()-2 {
			return op.Errorf("incorrect number of indices")
		}
		return nil
	},
	Fold: foldInsert,
}

var fromElements = &ir.OpDef{
	Name:        "tensor.from_elements",
	Summary:     "A static-shaped tensor of the given elements, in row-major order.",
	Example:     "%r = tensor.from_elements %a, %b : tensor<2xf32>",
	Traits:      ir.Pure,
	Operands:    ir.Variadic,
	Results:     ir.Exactly(1),
	ResultNames: resultName("from_elements"),
	Format: &ir.Format{
		Syntax:   "$elements attr-dict `:` type($result)",
		Operands: []string{"elements*"},
		Results:  []string{"result"},
		// As OpFormatGen's TypesMatchWith: the result type is checked where
		// it is written, and gives one type per element.
		TypesFrom: []ir.TypeFrom{{From: "result", To: "elements", Check: isStaticTensor, Desc: "statically shaped tensor of any type values",
			Types: func(_ *ir.Context, t ir.Type) []ir.Type {
				rt := t.(*ir.RankedTensorType)
				return slices.Repeat([]ir.Type{rt.Elem}, int(ir.NumElements(rt)))
			}}},
	},
	Verify: func(op *ir.Operation) error {
		if !isStaticTensor(op.Result(0).Type()) {
			return op.Errorf("result #0 must be statically shaped tensor of any type values, but got '%s'", ir.TypeString(op.Result(0).Type()))
		}
		t := ranked(op.Result(0).Type())
		if n := int(ir.NumElements(t)); op.NumOperands() != n {
			return op.Errorf("number of operands and types do not match: got %d operands and %d types", op.NumOperands(), n)
		}
		for _, v := range op.Operands() {
			if v.Type() != t.Elem {
				return op.Errorf("failed to verify that operand types match result element type")
			}
		}
		return nil
	},
	Fold: foldFromElements,
}

var splat = &ir.OpDef{
	Name:        "tensor.splat",
	Summary:     "A tensor whose every element is the operand.",
	Example:     "%r = tensor.splat %v[%n] : tensor<?x4xf32>",
	Traits:      ir.Pure,
	Operands:    ir.AtLeast(1),
	Results:     ir.Exactly(1),
	ResultNames: resultName("splat"),
	Format: &ir.Format{
		Syntax:    "$input (`[` $dynamicSizes^ `]`)? attr-dict `:` type($aggregate)",
		Operands:  []string{"input", "dynamicSizes*"},
		Results:   []string{"aggregate"},
		Types:     map[string]func(*ir.Context) ir.Type{"dynamicSizes": index},
		TypesFrom: []ir.TypeFrom{{From: "aggregate", To: "input", Transform: elementOf}},
	},
	Verify: func(op *ir.Operation) error {
		if err := checkTensor(op, "result #0", op.Result(0).Type(), true); err != nil {
			return err
		}
		if err := checkIndex(op, 1); err != nil {
			return err
		}
		t := ranked(op.Result(0).Type())
		if op.Operand(0).Type() != t.Elem {
			return op.Errorf("failed to verify that operand type matches element type of result")
		}
		if want := countDynamic(t.Dims); op.NumOperands()-1 != want {
			return op.Errorf("incorrect number of dynamic sizes, has %d, expected %d", op.NumOperands()-1, want)
		}
		return nil
	},
}

// isStaticTensor reports whether t is a ranked tensor type of static shape.
func isStaticTensor(t ir.Type) bool {
	r := ranked(t)
	return r != nil && countDynamic(r.Dims) == 0
}
