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
	Parse: func(p *ir.OpParser, st *ir.OpState) error {
		return parseElementOp(p, st, "vector.extractelement", false)
	},
	Print: func(p *ir.OpPrinter, op *ir.Operation) {
		printElementOp(p, op, 1, op.Operand(0).Type())
	},
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
	Parse: func(p *ir.OpParser, st *ir.OpState) error {
		return parseElementOp(p, st, "vector.insertelement", true)
	},
	Print: func(p *ir.OpPrinter, op *ir.Operation) {
		printElementOp(p, op, 2, op.Result(0).Type())
	},
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

// parseElementPosition parses `[%i : type]` or `[]`.
func parseElementPosition(p *ir.OpParser) ([]ir.UnresolvedOperand, []ir.Type, error) {
	if err := p.ParsePunct("["); err != nil {
		return nil, nil, err
	}
	if p.ParseOptionalPunct("]") {
		return nil, nil, nil
	}
	u, err := p.ParseOperand()
	if err != nil {
		return nil, nil, err
	}
	t, err := p.ParseColonType()
	if err != nil {
		return nil, nil, err
	}
	return []ir.UnresolvedOperand{u}, []ir.Type{t}, p.ParsePunct("]")
}

func printElementPosition(p *ir.OpPrinter, pos []*ir.Value) {
	p.WriteByte('[')
	if len(pos) == 1 {
		p.Operand(pos[0])
		p.WriteString(" : ")
		p.Type(pos[0].Type())
	}
	p.WriteByte(']')
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

// parseElementOp parses `%v[%i : T] attr-dict : vector<..>` of
// vector.extractelement, or `%s, %v[...] ...` of vector.insertelement.
func parseElementOp(p *ir.OpParser, st *ir.OpState, name string, insert bool) error {
	n := 1
	if insert {
		n = 2
	}
	us, err := ir.ParseOperandsN(p, n)
	if err != nil {
		return err
	}
	idx, idxType, err := parseElementPosition(p)
	if err != nil {
		return err
	}
	vt, err := parseAttrsColonVector(p, name)
	if err != nil {
		return err
	}
	ts, result := []ir.Type{vt}, ir.Type(vt.Elem)
	if insert {
		ts, result = []ir.Type{vt.Elem, vt}, vt
	}
	st.ResultTypes = []ir.Type{result}
	if err := p.ResolveOperands(us, ts); err != nil {
		return err
	}
	return p.ResolveOperands(idx, idxType)
}

// printElementOp prints the form parseElementOp reads: n operands before the
// position, and the vector type t.
func printElementOp(p *ir.OpPrinter, op *ir.Operation, n int, t ir.Type) {
	p.WriteByte(' ')
	p.Operands(op.Operands()[:n])
	printElementPosition(p, op.Operands()[n:])
	p.OptionalAttrDict(op.Attrs())
	p.WriteString(" : ")
	p.Type(t)
}
