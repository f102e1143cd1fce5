package mathd

import (
	"math"

	"github.com/kiln-gpu/kiln/arith"
	"github.com/kiln-gpu/kiln/ir"
)

// clampf is `%r = math.clampf %x to [%lo, %hi] fastmath<...> : T`; it
// computes minimumf(maximumf(x, lo), hi), as MLIR's expansion does.
var clampf = func() *ir.OpDef {
	d := floatOp("clampf", "floating point clamping operation", 3, "%r = math.clampf %x to [%lo, %hi] : vector<4xf32>")
	d.Parse = func(p *ir.OpParser, st *ir.OpState) error {
		x, err := p.ParseOperand()
		if err != nil {
			return err
		}
		if err := p.ParseKeyword("to"); err != nil {
			return err
		}
		if err := p.ParsePunct("["); err != nil {
			return err
		}
		bounds, err := ir.ParseOperandsN(p, 2)
		if err != nil {
			return err
		}
		if err := p.ParsePunct("]"); err != nil {
			return err
		}
		if err := arith.ParseClauses(p, st, fastmath); err != nil {
			return err
		}
		if err := p.ParseOptionalAttrDict(); err != nil {
			return err
		}
		t, err := p.ParseColonType()
		if err != nil {
			return err
		}
		st.ResultTypes = []ir.Type{t}
		return p.ResolveOperandsSameType(append([]ir.UnresolvedOperand{x}, bounds...), t)
	}
	d.Print = func(p *ir.OpPrinter, op *ir.Operation) {
		p.WriteByte(' ')
		p.Operand(op.Operand(0))
		p.WriteString(" to [")
		p.Operands(op.Operands()[1:])
		p.WriteByte(']')
		arith.PrintClauses(p, op, fastmath)
		p.OptionalAttrDict(op.Attrs(), "fastmath")
		p.WriteString(" : ")
		p.Type(op.Result(0).Type())
	}
	return d
}()

// evalClampf is math.clampf on float64 values: NaN operands propagate as
// they do through arith.maximumf and arith.minimumf.
func evalClampf(x []float64) (float64, bool) {
	lo, _ := arith.EvalFloat("arith.maximumf", ir.F64, x[0], x[1])
	r, _ := arith.EvalFloat("arith.minimumf", ir.F64, lo, x[2])
	return r, true
}

// sincos is `%s, %c = math.sincos %x fastmath<...> : T`: both results
// have the operand's type.
var sincos = &ir.OpDef{
	Name:     "math.sincos",
	Summary:  "sine and cosine of the specified value",
	Example:  "%r:2 = math.sincos %x : vector<4xf32>",
	Traits:   traits | ir.SameOperandsAndResultType,
	Operands: ir.Exactly(1),
	Results:  ir.Exactly(2),
	Inherent: []string{"fastmath"},
	Parse:    sincosParse,
	Print:    sincosPrint,
	Verify: func(op *ir.Operation) error {
		if err := arith.VerifyClauses(op, fastmath); err != nil {
			return err
		}
		if err := arith.CheckOperands(op, arith.FloatLike); err != nil {
			return err
		}
		return arith.CheckResults(op, arith.FloatLike, arith.FloatLike)
	},
	Fold: func(op *ir.Operation, operands []ir.Attribute) ([]ir.FoldResult, bool) {
		t := op.Result(0).Type()
		k, ok := floatKind(t)
		if !ok || !foldsFloat("math.sin", k) {
			return nil, false
		}
		var rs []ir.FoldResult
		for _, f := range []func(float64) float64{math.Sin, math.Cos} {
			a := arith.FoldElementwise(op.Context(), t, operands, func(xs []arith.Scalar) (arith.Scalar, bool) {
				return arith.Scalar{Float: ir.RoundFloat(k, f(xs[0].Float))}, true
			})
			if a == nil {
				return nil, false
			}
			rs = append(rs, ir.FoldResult{Attr: a})
		}
		return rs, true
	},
}

var sincosParse, sincosPrint = arith.SameTypeSyntax(1, 2, fastmath...)
