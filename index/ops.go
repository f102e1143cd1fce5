package index

import "github.com/kiln-gpu/kiln/ir"

// binary defines `%r = index.<name> %a, %b` on index values; arithName is
// the arith op whose evaluation it shares.
func binary(name, arithName, summary string, traits ir.Trait, simplify simplifyFn) *ir.OpDef {
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
		Fold:   foldBinary("arith."+arithName, simplify),
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
	add       = binary("add", "addi", "index addition", ir.Commutative, rhsIs(0))
	sub       = binary("sub", "subi", "index subtraction", 0, rhsIs(0))
	mul       = binary("mul", "muli", "index multiplication", ir.Commutative, rhsIs(1))
	divs      = binary("divs", "divsi", "index signed division", 0, rhsIs(1))
	divu      = binary("divu", "divui", "index unsigned division", 0, rhsIs(1))
	ceildivs  = binary("ceildivs", "ceildivsi", "index signed ceil division", 0, rhsIs(1))
	ceildivu  = binary("ceildivu", "ceildivui", "index unsigned ceil division", 0, rhsIs(1))
	floordivs = binary("floordivs", "floordivsi", "index signed floor division", 0, rhsIs(1))
	rems      = binary("rems", "remsi", "index signed remainder", 0, nil)
	remu      = binary("remu", "remui", "index unsigned remainder", 0, nil)
	maxs      = binary("maxs", "maxsi", "index signed maximum", ir.Commutative, sameOperands)
	maxu      = binary("maxu", "maxui", "index unsigned maximum", ir.Commutative, sameOperands)
	mins      = binary("mins", "minsi", "index signed minimum", ir.Commutative, sameOperands)
	minu      = binary("minu", "minui", "index unsigned minimum", ir.Commutative, sameOperands)
	shl       = binary("shl", "shli", "index shift left", 0, rhsIs(0))
	shrs      = binary("shrs", "shrsi", "signed index shift right", 0, rhsIs(0))
	shru      = binary("shru", "shrui", "unsigned index shift right", 0, rhsIs(0))
	and       = binary("and", "andi", "index bitwise and", ir.Commutative, sameOperands)
	or        = binary("or", "ori", "index bitwise or", ir.Commutative, sameOperands)
	xor       = binary("xor", "xori", "index bitwise xor", ir.Commutative, rhsIs(0))
)
