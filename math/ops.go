package mathd

import (
	"strings"

	"github.com/kiln-gpu/kiln/arith"
	"github.com/kiln-gpu/kiln/ir"
)

var fastmath = []arith.Clause{arith.ClauseFastMath}

const traits = ir.Pure | ir.ElementwiseMappable

// floatKind returns the kind of t's float elements.
func floatKind(t ir.Type) (ir.FloatKind, bool) {
	ft, ok := ir.ElementTypeOrSelf(t).(*ir.FloatType)
	if !ok {
		return 0, false
	}
	return ft.Kind, true
}

// floatOp defines `%r = math.<name> %a, ... fastmath<...> : T` for float T.
func floatOp(name, summary string, n int, example string) *ir.OpDef {
	return floatOpClauses(name, summary, n, example, fastmath)
}

// fma is `%r = math.fma %a, %b, %c <rounding mode>? fastmath<...> : T`
// (MLIR's Math_FloatTernaryOpWithRoundingMode). It folds only without a
// rounding mode or with to_nearest_even, the rounding its folder computes.
var fma = func() *ir.OpDef {
	d := floatOpClauses("fma", "floating point fused multiply-add operation", 3,
		"%r = math.fma %a, %b, %c toward_zero : vector<4xf32>", []arith.Clause{arith.ClauseRounding, arith.ClauseFastMath})
	fold := d.Fold
	d.Fold = func(op *ir.Operation, operands []ir.Attribute) ([]ir.FoldResult, bool) {
		if m, ok := arith.RoundingModeOf(op); ok && m != arith.ToNearestEven {
			return nil, false
		}
		return fold(op, operands)
	}
	return d
}()

// floatOpClauses is floatOp with the given clauses (fastmath, and a
// rounding mode before it) between the operands and the attributes.
func floatOpClauses(name, summary string, n int, example string, cs []arith.Clause) *ir.OpDef {
	full := "math." + name
	return &ir.OpDef{
		Name:     full,
		Summary:  summary,
		Example:  example,
		Traits:   traits | ir.SameOperandsAndResultType,
		Operands: ir.Exactly(n),
		Results:  ir.Exactly(1),
		Inherent: arith.ClauseNames(cs),
		Format:   sameTypeFormat(operandNames[n-1], cs...),
		Verify: func(op *ir.Operation) error {
			if err := arith.VerifyClauses(op, cs); err != nil {
				return err
			}
			if err := arith.CheckOperands(op, arith.FloatLike, arith.FloatLike, arith.FloatLike); err != nil {
				return err
			}
			if err := arith.CheckResults(op, arith.FloatLike); err != nil {
				return err
			}
			return arith.VerifyElementwise(op)
		},
		Fold: func(op *ir.Operation, operands []ir.Attribute) ([]ir.FoldResult, bool) {
			if p := arith.PoisonOf(operands); p != nil {
				return []ir.FoldResult{{Attr: p}}, true
			}
			t := op.Result(0).Type()
			k, ok := floatKind(t)
			if !ok || !foldsFloat(full, k) {
				return nil, false
			}
			return foldTo(arith.FoldElementwise(op.Context(), t, operands, func(xs []arith.Scalar) (arith.Scalar, bool) {
				args := make([]float64, len(xs))
				for i, x := range xs {
					args[i] = x.Float
				}
				r, ok := EvalFloat(full, k, args...)
				return arith.Scalar{Float: r}, ok
			}))
		},
	}
}

// operandNames are the operands of n-ary ops, as MathOps.td names them.
var operandNames = [][]string{{"operand"}, {"lhs", "rhs"}, {"a", "b", "c"}}

// sameTypeFormat is the format of ops whose operands and result share one
// type: `$lhs, $rhs <clauses> attr-dict : type($result)`.
func sameTypeFormat(operands []string, cs ...arith.Clause) *ir.Format {
	head := "$" + strings.Join(operands, " `,` $")
	return arith.ClausesFormat(head, "type($result)", operands, []string{"result"}, cs)
}

// unaryFloat defines a one-operand float op with a standard example.
func unaryFloat(name, summary string) *ir.OpDef {
	return floatOp(name, summary, 1, "%r = math."+name+" %x : f32")
}

// intOp defines `%r = math.<name> %a, ... : T` for signless integer T.
func intOp(name, summary string, n int, example string) *ir.OpDef {
	full := "math." + name
	return &ir.OpDef{
		Name:     full,
		Summary:  summary,
		Example:  example,
		Traits:   traits | ir.SameOperandsAndResultType,
		Operands: ir.Exactly(n),
		Results:  ir.Exactly(1),
		Format:   sameTypeFormat(operandNames[n-1]),
		Verify: func(op *ir.Operation) error {
			if err := arith.CheckOperands(op, arith.SignlessIntegerLike, arith.SignlessIntegerLike); err != nil {
				return err
			}
			if err := arith.CheckResults(op, arith.SignlessIntegerLike); err != nil {
				return err
			}
			return arith.VerifyElementwise(op)
		},
		Fold: func(op *ir.Operation, operands []ir.Attribute) ([]ir.FoldResult, bool) {
			if p := arith.PoisonOf(operands); p != nil {
				return []ir.FoldResult{{Attr: p}}, true
			}
			t := op.Result(0).Type()
			w := ir.IntOrFloatBitWidth(ir.ElementTypeOrSelf(t))
			if w == 0 {
				w = 64 // index
			}
			return foldTo(arith.FoldElementwise(op.Context(), t, operands, func(xs []arith.Scalar) (arith.Scalar, bool) {
				args := make([]uint64, len(xs))
				for i, x := range xs {
					args[i] = x.Bits
				}
				r, ok := EvalInt(full, w, args...)
				return arith.Scalar{Bits: r}, ok
			}))
		},
	}
}

// fpowi is `%r = math.fpowi %x, %n fastmath<...> : f32, i32`.
var fpowi = &ir.OpDef{
	Name:     "math.fpowi",
	Summary:  "floating point raised to the signed integer power",
	Example:  "%r = math.fpowi %x, %n : vector<4xf32>, vector<4xi32>",
	Traits:   traits,
	Operands: ir.Exactly(2),
	Results:  ir.Exactly(1),
	Inherent: []string{"fastmath"},
	Format: &ir.Format{
		Syntax:     "$lhs `,` $rhs (`fastmath` `` $fastmath^)? attr-dict `:` type($lhs) `,` type($rhs)",
		Operands:   []string{"lhs", "rhs"},
		Results:    []string{"result"},
		Attrs:      []ir.FormatAttr{arith.FastMathFormat},
		TypesMatch: [][]string{{"lhs", "result"}},
	},
	Verify: func(op *ir.Operation) error {
		if err := arith.VerifyClauses(op, fastmath); err != nil {
			return err
		}
		if err := arith.CheckOperands(op, arith.FloatLike, arith.SignlessIntegerLike); err != nil {
			return err
		}
		if err := arith.CheckResults(op, arith.FloatLike); err != nil {
			return err
		}
		if err := arith.VerifySameShape(op); err != nil {
			return err
		}
		if op.Result(0).Type() != op.Operand(0).Type() {
			return op.Errorf("failed to verify that all of {lhs, result} have same type")
		}
		return arith.VerifyElementwise(op)
	},
	Fold: func(op *ir.Operation, operands []ir.Attribute) ([]ir.FoldResult, bool) {
		if p := arith.PoisonOf(operands); p != nil {
			return []ir.FoldResult{{Attr: p}}, true
		}
		t := op.Result(0).Type()
		k, ok := floatKind(t)
		if !ok || !foldsFloat("math.powf", k) {
			return nil, false
		}
		w := ir.IntOrFloatBitWidth(ir.ElementTypeOrSelf(op.Operand(1).Type()))
		if w == 0 {
			w = 64
		}
		return foldTo(arith.FoldElementwise(op.Context(), t, operands, func(xs []arith.Scalar) (arith.Scalar, bool) {
			// MLIR folds only when the power converts exactly to the
			// base's type: 2^16777217 stays in f32.
			n := arith.SExt(w, xs[1].Bits)
			f := float64(n)
			exact := f < 0x1p63 && int64(f) == n && ir.RoundFloat(k, f) == f
			return arith.Scalar{Float: EvalFPowI(k, xs[0].Float, w, xs[1].Bits)}, exact
		}))
	},
}

// classOp defines `%r = math.<name> %x fastmath<...> : T` with an i1-like result.
func classOp(name, summary string) *ir.OpDef {
	full := "math." + name
	return &ir.OpDef{
		Name:     full,
		Summary:  summary,
		Example:  "%r = math." + name + " %x : vector<4xf32>",
		Traits:   traits,
		Operands: ir.Exactly(1),
		Results:  ir.Exactly(1),
		Inherent: []string{"fastmath"},
		Format: &ir.Format{
			Syntax:    "$operand (`fastmath` `` $fastmath^)? attr-dict `:` type($operand)",
			Operands:  []string{"operand"},
			Results:   []string{"result"},
			Attrs:     []ir.FormatAttr{arith.FastMathFormat},
			TypesFrom: []ir.TypeFrom{{From: "operand", To: "result", Transform: arith.I1SameShape}},
		},
		Verify: func(op *ir.Operation) error {
			if err := arith.VerifyClauses(op, fastmath); err != nil {
				return err
			}
			if err := arith.CheckOperands(op, arith.FloatLike); err != nil {
				return err
			}
			if err := arith.CheckResults(op, arith.BoolLike); err != nil {
				return err
			}
			if op.Result(0).Type() != arith.I1SameShape(op.Context(), op.Operand(0).Type()) {
				return op.Errorf("failed to verify that result type has i1 element type and same shape as operands")
			}
			return arith.VerifyElementwise(op)
		},
		Fold: func(op *ir.Operation, operands []ir.Attribute) ([]ir.FoldResult, bool) {
			k, ok := floatKind(op.Operand(0).Type())
			if !ok {
				return nil, false
			}
			return foldTo(arith.FoldElementwise(op.Context(), op.Result(0).Type(), operands, func(xs []arith.Scalar) (arith.Scalar, bool) {
				if EvalClass(full, k, xs[0].Float) {
					return arith.Scalar{Bits: 1}, true
				}
				return arith.Scalar{}, true
			}))
		},
	}
}

func foldTo(a ir.Attribute) ([]ir.FoldResult, bool) {
	if a == nil {
		return nil, false
	}
	return []ir.FoldResult{{Attr: a}}, true
}
