package index

import "github.com/kiln-gpu/kiln/ir"

// binary defines `%r = index.<name> %a, %b` on index values; eval folds
// constant operands.
func binary(name string, eval evalFn, summary string, traits ir.Trait, simplify simplifyFn) *ir.OpDef {
	full := "index." + name
	return &ir.OpDef{
		Name:     full,
		Summary:  summary,
		Example:  "%r = " + full + " %a, %b",
		Traits:   traits | ir.Pure | ir.SameOperandsAndResultType,
		Operands: ir.Exactly(2),
		Results:  ir.Exactly(1),
		Format: &ir.Format{
			Syntax:   "$lhs `,` $rhs attr-dict",
			Operands: []string{"lhs", "rhs"},
			Results:  []string{"result"},
			Types:    map[string]func(*ir.Context) ir.Type{"lhs": indexType, "rhs": indexType, "result": indexType},
		},
		Verify: verifyAllIndex,
		Fold:   foldBinary(eval, simplify),
	}
}

func indexType(ctx *ir.Context) ir.Type { return ctx.Index() }

func i1Type(ctx *ir.Context) ir.Type { return ctx.I(1) }

// verifyAllIndex checks that every operand and result is an index.
func verifyAllIndex(op *ir.Operation) error {
	for i, v := range op.Operands() {
		if !isIndex(v.Type()) {
			return op.Errorf("operand #%d must be index, but got '%s'", i, ir.TypeString(v.Type()))
		}
	}
	for i, v := range op.Results() {
		if !isIndex(v.Type()) {
			return op.Errorf("result #%d must be index, but got '%s'", i, ir.TypeString(v.Type()))
		}
	}
	return nil
}

var (
	add       = binary("add", arithEval("arith.addi"), "index addition", ir.Commutative, rhsIs(0))
	sub       = binary("sub", arithEval("arith.subi"), "index subtraction", 0, rhsIs(0))
	mul       = binary("mul", arithEval("arith.muli"), "index multiplication", ir.Commutative, mulIdentities)
	divs      = binary("divs", evalDivS, "index signed division", 0, rhsIs(1))
	divu      = binary("divu", arithEval("arith.divui"), "index unsigned division", 0, rhsIs(1))
	ceildivs  = binary("ceildivs", evalCeilDivS, "index signed ceil division", 0, rhsIs(1))
	ceildivu  = binary("ceildivu", arithEval("arith.ceildivui"), "index unsigned ceil division", 0, rhsIs(1))
	floordivs = binary("floordivs", evalFloorDivS, "index signed floor division", 0, rhsIs(1))
	rems      = binary("rems", arithEval("arith.remsi"), "index signed remainder", 0, nil)
	remu      = binary("remu", arithEval("arith.remui"), "index unsigned remainder", 0, nil)
	maxs      = binary("maxs", arithEval("arith.maxsi"), "index signed maximum", ir.Commutative, sameOperands)
	maxu      = binary("maxu", arithEval("arith.maxui"), "index unsigned maximum", ir.Commutative, sameOperands)
	mins      = binary("mins", arithEval("arith.minsi"), "index signed minimum", ir.Commutative, sameOperands)
	minu      = binary("minu", arithEval("arith.minui"), "index unsigned minimum", ir.Commutative, sameOperands)
	shl       = binary("shl", arithEval("arith.shli"), "index shift left", 0, rhsIs(0))
	shrs      = binary("shrs", arithEval("arith.shrsi"), "signed index shift right", 0, rhsIs(0))
	shru      = binary("shru", arithEval("arith.shrui"), "unsigned index shift right", 0, rhsIs(0))
	and       = binary("and", arithEval("arith.andi"), "index bitwise and", ir.Commutative, sameOperands)
	or        = binary("or", arithEval("arith.ori"), "index bitwise or", ir.Commutative, sameOperands)
	xor       = binary("xor", arithEval("arith.xori"), "index bitwise xor", ir.Commutative, rhsIs(0))
)

func init() {
	// As MLIR declares them (NoMemoryEffect, not Pure): division by zero is
	// undefined behaviour, so these may not run where the program would
	// not have run them (loop-invariant-code-motion, control-flow-sink).
	for _, d := range []*ir.OpDef{divs, divu, ceildivs, ceildivu, floordivs, rems, remu} {
		d.Speculatability = func(*ir.Operation) ir.Speculatability { return ir.NotSpeculatable }
	}
}
