package mathd

import (
	"github.com/kiln-gpu/kiln/arith"
	"github.com/kiln-gpu/kiln/ir"
)

// ExtendToSupportedTypes is MLIR's math-extend-to-supported-types: every
// math op but math.fma with a float operand or result type (or element
// type) other than f32, f64 and supported computes in target instead, its
// operands extended with arith.extf and its results truncated back with
// arith.truncf (both fastmath<contract>). An operand's extf is built once,
// right after the value's definition (at the start of its block for a
// block argument), as MLIR's conversion materializes it.
func ExtendToSupportedTypes(root *ir.Operation, supported []*ir.FloatType, target *ir.FloatType) {
	ctx := root.Context()
	ok := map[ir.Type]bool{ctx.Float(ir.F32): true, ctx.Float(ir.F64): true}
	for _, t := range supported {
		ok[t] = true
	}
	convert := func(t ir.Type) (ir.Type, bool) {
		switch s := t.(type) {
		case *ir.FloatType:
			if !ok[s] {
				return target, true
			}
		case *ir.VectorType:
			if ft, isFloat := s.Elem.(*ir.FloatType); isFloat && !ok[ft] {
				return ctx.ScalableVector(s.Dims, s.Scalable, target), true
			}
		case *ir.RankedTensorType:
			if ft, isFloat := s.Elem.(*ir.FloatType); isFloat && !ok[ft] {
				return ctx.Tensor(s.Dims, target, s.Encoding), true
			}
		}
		return t, false
	}
	var ops []*ir.Operation
	root.Walk(func(op *ir.Operation) bool {
		if op.DialectName() == "math" && op.Name() != "math.fma" {
			for _, t := range append(op.OperandTypes(), op.ResultTypes()...) {
				if _, conv := convert(t); conv {
					ops = append(ops, op)
					break
				}
			}
		}
		return true
	})
	contract := []ir.NamedAttr{{Name: "fastmath", Value: arith.FastMath(ctx, arith.FastMathContract)}}
	extended := map[*ir.Value]*ir.Value{}
	b := ir.NewBuilder(ctx)
	for _, op := range ops {
		operands := make([]*ir.Value, op.NumOperands())
		for i, v := range op.Operands() {
			operands[i] = v
			nt, conv := convert(v.Type())
			if !conv {
				continue
			}
			if e, done := extended[v]; done {
				operands[i] = e
				continue
			}
			if d := v.DefiningOp(); d != nil {
				b.SetInsertionPointAfter(d)
			} else {
				b.SetInsertionPointToStart(v.OwnerBlock())
			}
			e := b.Create(&ir.OpState{Name: "arith.extf", Loc: v.Loc(), Operands: []*ir.Value{v}, ResultTypes: []ir.Type{nt}, Attrs: contract}).Result(0)
			extended[v] = e
			operands[i] = e
		}
		types := make([]ir.Type, op.NumResults())
		for i, t := range op.ResultTypes() {
			types[i], _ = convert(t)
		}
		b.SetInsertionPointBefore(op)
		n := b.Create(&ir.OpState{Name: op.Name(), Loc: op.Loc(), Operands: operands, ResultTypes: types, Attrs: op.Attrs()})
		for i, r := range op.Results() {
			nr := n.Result(i)
			if nr.Type() != r.Type() {
				nr = b.Create(&ir.OpState{Name: "arith.truncf", Loc: op.Loc(), Operands: []*ir.Value{nr}, ResultTypes: []ir.Type{r.Type()}, Attrs: contract}).Result(0)
			}
			r.ReplaceAllUsesWith(nr)
		}
		op.Erase()
	}
}
