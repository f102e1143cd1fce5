package vector

import (
	"github.com/kiln-gpu/kiln/ir"
)

// extractElementOp is the older vector.extractelement, still used by the
// upstream Vulkan tests:
//
//	%r = vector.extractelement %v[%i : i32] : vector<4xf32>
//	%r = vector.extractelement %v[] : vector<f32>
var extractElementOp = &ir.OpDef{
	Name:     "vector.extractelement",
	Summary:  "extractelement operation",
	Example:  "%r = vector.extractelement %v[%i : i32] : vector<4xf32>",
	Traits:   ir.Pure,
	Operands: ir.Between(1, 2),
	Results:  ir.Exactly(1),
	Format: &ir.Format{Syntax: "$vector `[` ($position^ `:` type($position))? `]` attr-dict `:` type($vector)",
		Operands: []string{"vector", "position?"}, Results: []string{"result"}, Kinds: map[string]ir.TypeKind{"vector": vectorKind},
		TypesFrom: []ir.TypeFrom{{From: "vector", To: "result", Transform: elemOf}}},
	Verify: func(op *ir.Operation) error {
		vt, err := vectorOperand(op, 0)
		if err != nil {
			return err
		}
		if op.Result(0).Type() != vt.Elem {
			return op.Errorf("failed to verify that result type matches element type of vector operand")
		}
		return verifyElementPosition(op, vt, op.Operands()[1:])
	},
	Fold: func(op *ir.Operation, operands []ir.Attribute) ([]ir.FoldResult, bool) {
		ctx := op.Context()
		vt, _ := vectorOf(op.Operand(0))
		if def := op.Operand(0).DefiningOp(); def != nil && (def.Name() == "vector.broadcast" || def.Name() == "vector.splat") &&
			def.Operand(0).Type() == op.Result(0).Type() {
			return foldTo(def.Operand(0))
		}
		if v, ok := splatValue(ctx, operands[0]); ok && operands[0] != nil {
			if _, isDense := operands[0].(*ir.DenseElementsAttr); isDense {
				return foldToAttr(v)
			}
		}
		elems, ok := elementsOf(ctx, operands[0])
		if !ok || vt == nil {
			return nil, false
		}
		i := int64(0)
		if len(operands) > 1 {
			if i, ok = constIndex(operands[1]); !ok || i < 0 || i >= int64(len(elems)) {
				return nil, false
			}
		}
		return foldToAttr(elems[i])
	},
}

// insertElementOp is the older vector.insertelement:
//
//	%r = vector.insertelement %s, %v[%i : index] : vector<4xf32>
var insertElementOp = &ir.OpDef{
	Name:     "vector.insertelement",
	Summary:  "insertelement operation",
	Example:  "%r = vector.insertelement %s, %v[%i : index] : vector<4xf32>",
	Traits:   ir.Pure,
	Operands: ir.Between(2, 3),
	Results:  ir.Exactly(1),
	Format: &ir.Format{Syntax: "$source `,` $dest `[` ($position^ `:` type($position))? `]` attr-dict `:` type($result)",
		Operands: []string{"source", "dest", "position?"}, Results: []string{"result"}, Kinds: map[string]ir.TypeKind{"result": vectorKind},
		TypesMatch: [][]string{{"dest", "result"}}, TypesFrom: []ir.TypeFrom{{From: "result", To: "source", Transform: elemOf}}},
	Verify: func(op *ir.Operation) error {
		vt, err := vectorOperand(op, 1)
		if err != nil {
			return err
		}
		if op.Result(0).Type() != vt {
			return op.Errorf("failed to verify that all of {dest, result} have same type")
		}
		if op.Operand(0).Type() != vt.Elem {
			return op.Errorf("failed to verify that source operand type matches element type of result")
		}
		return verifyElementPosition(op, vt, op.Operands()[2:])
	},
	Fold: func(op *ir.Operation, operands []ir.Attribute) ([]ir.FoldResult, bool) {
		ctx := op.Context()
		vt, _ := vectorOf(op.Operand(1))
		elems, ok := elementsOf(ctx, operands[1])
		if !ok || vt == nil || operands[0] == nil {
			return nil, false
		}
		i := int64(0)
		if len(operands) > 2 {
			if i, ok = constIndex(operands[2]); !ok || i < 0 || i >= int64(len(elems)) {
				return nil, false
			}
		}
		out := append([]ir.Attribute(nil), elems...)
		out[i] = operands[0]
		return foldToAttr(denseFrom(ctx, vt, out))
	},
}

func verifyElementPosition(op *ir.Operation, vt *ir.VectorType, pos []*ir.Value) error {
	if len(vt.Dims) == 0 {
		if len(pos) != 0 {
			return op.Errorf("expected position to be empty with 0-D vector")
		}
		return nil
	}
	if len(vt.Dims) != 1 {
		return op.Errorf("unexpected >1 vector rank")
	}
	if len(pos) != 1 {
		return op.Errorf("expected position for 1-D vector")
	}
	if t := pos[0].Type(); !ir.IsIntOrIndex(t) {
		return op.Errorf("operand #%d must be signless integer or index, but got %s", op.NumOperands()-1, typeQuoted(t))
	}
	return nil
}
