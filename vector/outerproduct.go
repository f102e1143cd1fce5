package vector

import (
	"github.com/kiln-gpu/kiln/ir"
)

// outerProductOp is vector.outerproduct (or an AXPY when rhs is a scalar):
//
//	%r = vector.outerproduct %a, %b, %acc {kind = #vector.kind<add>} : vector<4xf32>, vector<8xf32>
var outerProductOp = &ir.OpDef{
	Name:     "vector.outerproduct",
	Summary:  "vector outerproduct with optional fused add",
	Example:  "%r = vector.outerproduct %a, %b, %acc {kind = #vector.kind<add>} : vector<4xf32>, vector<8xf32>",
	Traits:   ir.Pure,
	Operands: ir.Between(2, 3),
	Results:  ir.Exactly(1),
	Inherent: []string{"kind"},
	// Hand-written as in MLIR (OuterProductOp::parse, VectorOps.cpp): the
	// result type is inferred unless the accumulator gives it.
	Parse: func(p *ir.OpParser, st *ir.OpState) error {
		ctx := p.Context()
		at := p.Pos()
		us, err := p.ParseOperandList()
		if err != nil {
			return err
		}
		if err := p.ParseOptionalAttrDict(); err != nil {
			return err
		}
		ts, err := p.ParseColonTypeList()
		if err != nil {
			return err
		}
		if len(us) < 2 {
			return customError(p.LocAt(at), "vector.outerproduct", "expected at least 2 operands")
		}
		if len(ts) != 2 {
			return customError(p.LocAt(at), "vector.outerproduct", "expected 2 types")
		}
		lt, ok := ts[0].(*ir.VectorType)
		if !ok || len(lt.Dims) == 0 {
			return customError(p.LocAt(at), "vector.outerproduct", "expected vector type for operand #1")
		}
		var res ir.Type
		if rv, ok := ts[1].(*ir.VectorType); ok {
			if len(rv.Dims) == 0 {
				return customError(p.LocAt(at), "vector.outerproduct", "expected 1-d vector for operand #2")
			}
			res = ctx.ScalableVector([]int64{lt.Dims[0], rv.Dims[0]},
				scalableOrNil([]bool{isScalableDim(lt, 0), isScalableDim(rv, 0)}), lt.Elem)
		} else {
			res = ctx.ScalableVector(lt.Dims[:min(1, len(lt.Dims))], scalableOrNil([]bool{isScalableDim(lt, 0)}), lt.Elem)
		}
		if ir.GetAttr(st.Attrs, "kind") == nil {
			st.AddAttr("kind", Kind(ctx, KindAdd))
		}
		st.ResultTypes = []ir.Type{res}
		types := []ir.Type{ts[0], ts[1], res}
		if len(us) > 3 {
			return customError(p.LocAt(at), "vector.outerproduct", "expected at most 3 operands")
		}
		return p.ResolveOperands(us, types[:len(us)])
	},
	Print: func(p *ir.OpPrinter, op *ir.Operation) {
		p.WriteByte(' ')
		p.Operands(op.Operands())
		p.OptionalAttrDict(op.Attrs())
		p.WriteString(" : ")
		p.Type(op.Operand(0).Type())
		p.WriteString(", ")
		p.Type(op.Operand(1).Type())
	},
	Verify: verifyOuterProduct,
}

func verifyOuterProduct(op *ir.Operation) error {
	k, err := verifyDefaultedKind(op)
	if err != nil {
		return err
	}
	lt, res, err := vectorInOut(op)
	if err != nil {
		return err
	}
	if len(lt.Dims) != 1 {
		return op.Errorf("expected 1-d vector for operand #1")
	}
	if rv, ok := vectorOf(op.Operand(1)); ok {
		if len(rv.Dims) != 1 {
			return op.Errorf("expected 1-d vector for operand #2")
		}
		if len(res.Dims) != 2 {
			return op.Errorf("expected 2-d vector result")
		}
		if lt.Dims[0] != res.Dims[0] {
			return op.Errorf("expected #1 operand dim to match result dim #1")
		}
		if rv.Dims[0] != res.Dims[1] {
			return op.Errorf("expected #2 operand dim to match result dim #2")
		}
		if isScalableDim(lt, 0) && !isScalableDim(rv, 0) {
			return op.Errorf("expected either both or only #2 operand dim to be scalable")
		}
	} else {
		if len(res.Dims) != 1 {
			return op.Errorf("expected 1-d vector result")
		}
		if lt.Dims[0] != res.Dims[0] {
			return op.Errorf("expected #1 operand dim to match result dim #1")
		}
	}
	if op.NumOperands() == 3 && op.Operand(2).Type() != res {
		return op.Errorf("expected operand #3 of same type as result type")
	}
	if !k.SupportsType(res.Elem) {
		return op.Errorf("unsupported outerproduct type")
	}
	return nil
}
