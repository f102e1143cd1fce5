package spirv

import (
	"github.com/kiln-gpu/kiln/arith"
	"github.com/kiln-gpu/kiln/ir"
	"github.com/kiln-gpu/kiln/ub"
)

// Constant folding of elementwise ops through arith's evaluators, so that
// spirv and arith fold (and the interpreter computes) exactly alike. Ops
// whose result is undefined for some operands (division by zero) are left
// unfolded there, as arith does.

// intFolds maps integer and boolean ops to arith's integer ops; unary ops
// are binary ones with a fixed operand.
var intFolds = map[string]string{
	"spirv.IAdd": "arith.addi", "spirv.ISub": "arith.subi", "spirv.IMul": "arith.muli",
	"spirv.UDiv": "arith.divui", "spirv.SDiv": "arith.divsi", "spirv.UMod": "arith.remui", "spirv.SRem": "arith.remsi",
	"spirv.BitwiseAnd": "arith.andi", "spirv.BitwiseOr": "arith.ori", "spirv.BitwiseXor": "arith.xori",
	"spirv.LogicalAnd": "arith.andi", "spirv.LogicalOr": "arith.ori", "spirv.LogicalNotEqual": "arith.xori",
	"spirv.Not": "arith.xori", "spirv.LogicalNot": "arith.xori", "spirv.SNegate": "arith.subi",
}

var floatFolds = map[string]string{
	"spirv.FAdd": "arith.addf", "spirv.FSub": "arith.subf", "spirv.FMul": "arith.mulf",
	"spirv.FDiv": "arith.divf", "spirv.FRem": "arith.remf", "spirv.FNegate": "arith.negf",
}

var intCmpFolds = map[string]arith.CmpIPredicate{
	"spirv.IEqual": arith.CmpIEQ, "spirv.INotEqual": arith.CmpINE, "spirv.LogicalEqual": arith.CmpIEQ,
	"spirv.SLessThan": arith.CmpISLT, "spirv.SLessThanEqual": arith.CmpISLE,
	"spirv.SGreaterThan": arith.CmpISGT, "spirv.SGreaterThanEqual": arith.CmpISGE,
	"spirv.ULessThan": arith.CmpIULT, "spirv.ULessThanEqual": arith.CmpIULE,
	"spirv.UGreaterThan": arith.CmpIUGT, "spirv.UGreaterThanEqual": arith.CmpIUGE,
}

var floatCmpFolds = map[string]arith.CmpFPredicate{
	"spirv.FOrdEqual": arith.CmpFOEQ, "spirv.FOrdNotEqual": arith.CmpFONE,
	"spirv.FOrdLessThan": arith.CmpFOLT, "spirv.FOrdLessThanEqual": arith.CmpFOLE,
	"spirv.FOrdGreaterThan": arith.CmpFOGT, "spirv.FOrdGreaterThanEqual": arith.CmpFOGE,
	"spirv.FUnordEqual": arith.CmpFUEQ, "spirv.FUnordNotEqual": arith.CmpFUNE,
	"spirv.FUnordLessThan": arith.CmpFULT, "spirv.FUnordLessThanEqual": arith.CmpFULE,
	"spirv.FUnordGreaterThan": arith.CmpFUGT, "spirv.FUnordGreaterThanEqual": arith.CmpFUGE,
	"spirv.Ordered": arith.CmpFORD, "spirv.Unordered": arith.CmpFUNO,
}

// elementwiseFold returns the folder of op name, or nil when it has none.
func elementwiseFold(name string) func(op *ir.Operation, operands []ir.Attribute) ([]ir.FoldResult, bool) {
	eval := scalarEval(name)
	if eval == nil {
		return nil
	}
	return func(op *ir.Operation, operands []ir.Attribute) ([]ir.FoldResult, bool) {
		// A poison operand poisons the result (MLIR's constFold helpers).
		for _, a := range operands {
			if p, ok := a.(*ub.PoisonAttr); ok {
				return []ir.FoldResult{{Attr: p}}, true
			}
		}
		et := elemType(op.Operand(0).Type())
		a := arith.FoldElementwise(op.Context(), op.Result(0).Type(), operands, func(xs []arith.Scalar) (arith.Scalar, bool) {
			return eval(et, xs)
		})
		if a == nil {
			return nil, false
		}
		return []ir.FoldResult{{Attr: a}}, true
	}
}

// scalarEval returns how op name computes one element from its operands'
// elements of type et, or nil.
func scalarEval(name string) func(et ir.Type, xs []arith.Scalar) (arith.Scalar, bool) {
	if f, ok := intFolds[name]; ok {
		return func(et ir.Type, xs []arith.Scalar) (arith.Scalar, bool) {
			a, b := operandsOf(name, xs)
			r, ok := arith.EvalInt(f, bitWidth(et), a, b)
			return arith.Scalar{Bits: r}, ok
		}
	}
	if f, ok := floatFolds[name]; ok {
		return func(et ir.Type, xs []arith.Scalar) (arith.Scalar, bool) {
			b := 0.0
			if len(xs) > 1 {
				b = xs[1].Float
			}
			r, ok := arith.EvalFloat(f, et.(*ir.FloatType).Kind, xs[0].Float, b)
			return arith.Scalar{Float: r}, ok
		}
	}
	if p, ok := intCmpFolds[name]; ok {
		return func(et ir.Type, xs []arith.Scalar) (arith.Scalar, bool) {
			return boolScalar(arith.EvalCmpI(p, bitWidth(et), xs[0].Bits, xs[1].Bits)), true
		}
	}
	if p, ok := floatCmpFolds[name]; ok {
		return func(_ ir.Type, xs []arith.Scalar) (arith.Scalar, bool) {
			return boolScalar(arith.EvalCmpF(p, xs[0].Float, xs[1].Float)), true
		}
	}
	return nil
}

// operandsOf returns the two operands of the integer op that computes
// name: ~x is x ^ all-ones, -x is 0 - x.
func operandsOf(name string, xs []arith.Scalar) (uint64, uint64) {
	switch name {
	case "spirv.Not", "spirv.LogicalNot":
		return xs[0].Bits, ^uint64(0)
	case "spirv.SNegate":
		return 0, xs[0].Bits
	}
	return xs[0].Bits, xs[1].Bits
}

func boolScalar(b bool) arith.Scalar {
	if b {
		return arith.Scalar{Bits: 1}
	}
	return arith.Scalar{}
}
