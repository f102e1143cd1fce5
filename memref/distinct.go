package memref

import (
	"slices"

	"github.com/kiln-gpu/kiln/ir"
)

// distinctObjects is memref.distinct_objects: it returns its memrefs
// unchanged, asserting that they do not alias one another.
//
//	%a2, %b2 = memref.distinct_objects %a, %b : memref<?xf32>, memref<?xf32>
var distinctObjects = &ir.OpDef{
	Name:     "memref.distinct_objects",
	Summary:  "assumption that acesses to specific memrefs will never alias",
	Example:  "%r:2 = memref.distinct_objects %a, %b : memref<?xf32>, memref<4xi32>",
	Traits:   ir.Pure,
	Operands: ir.Variadic,
	Results:  ir.Variadic,
	Format: &ir.Format{Syntax: "$memrefs attr-dict `:` type($memrefs)", Operands: []string{"memrefs*"}, Results: []string{"results*"},
		TypesFrom: []ir.TypeFrom{{From: "memrefs", To: "results"}}},
	Verify: func(op *ir.Operation) error {
		if !slices.Equal(op.OperandTypes(), op.ResultTypes()) {
			return op.Errorf("operand types and result types must match")
		}
		if op.NumOperands() == 0 {
			return op.Errorf("expected at least one operand")
		}
		for i, t := range op.OperandTypes() {
			if _, ok := t.(*ir.MemRefType); !ok {
				return op.Errorf("operand #%d must be variadic of ranked or unranked memref of any type values, but got '%s'", i, ir.TypeString(t))
			}
		}
		return nil
	},
	// One memref cannot alias another, so the op says nothing (MLIR's fold).
	Fold: func(op *ir.Operation, _ []ir.Attribute) ([]ir.FoldResult, bool) {
		if op.NumOperands() != 1 {
			return nil, false
		}
		return []ir.FoldResult{{Value: op.Operand(0)}}, true
	},
}
