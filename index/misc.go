package index

import (
	"strconv"

	"github.com/kiln-gpu/kiln/ir"
)

// cmp is `%r = index.cmp slt(%a, %b)`.
var cmp = &ir.OpDef{
	Name:     "index.cmp",
	Summary:  "index compare",
	Example:  "%r = index.cmp slt(%a, %b)",
	Traits:   ir.Pure | ir.SameTypeOperands,
	Operands: ir.Exactly(2),
	Results:  ir.Exactly(1),
	Inherent: []string{"pred"},
	Format: &ir.Format{
		Syntax:   "`` $pred `(` $lhs `,` $rhs `)` attr-dict",
		Operands: []string{"lhs", "rhs"},
		Results:  []string{"result"},
		Attrs: []ir.FormatAttr{{Name: "pred", Parse: func(p *ir.Parser) (ir.Attribute, error) { return parsePredicate(p) }, Print: func(p *ir.Printer, a ir.Attribute) {
			p.WriteByte(' ')
			if a, ok := a.(*CmpPredicateAttr); ok {
				p.WriteString(predicateNames[a.Pred])
			} else {
				p.Attr(a) // unverified IR
			}
		}}},
		Types: map[string]func(*ir.Context) ir.Type{"lhs": indexType, "rhs": indexType, "result": i1Type},
	},
	Verify: func(op *ir.Operation) error {
		if _, ok := op.Attr("pred").(*CmpPredicateAttr); !ok {
			return op.Errorf("requires attribute 'pred' to be an index comparison predicate")
		}
		for i, v := range op.Operands() {
			if !isIndex(v.Type()) {
				return op.Errorf("operand #%d must be index, but got '%s'", i, ir.TypeString(v.Type()))
			}
		}
		if op.Result(0).Type() != op.Context().I(1) {
			return op.Errorf("result #0 must be 1-bit signless integer, but got '%s'", ir.TypeString(op.Result(0).Type()))
		}
		return nil
	},
	Fold:         foldCmp,
	Canonicalize: []*ir.Pattern{cmpOfSubZero},
}

// isZero reports whether v is a constant 0.
func isZero(v *ir.Value) bool {
	a, ok := ir.ConstantIntAttr(v)
	return ok && a.Int() == 0
}

// cmpOfSubZero rewrites cmp(a - b, 0) to cmp(a, b) and cmp(0, a - b) to
// cmp(b, a), as MLIR's CmpOp::canonicalize does.
var cmpOfSubZero = &ir.Pattern{
	Name: "index-cmp-of-sub-zero",
	Root: "index.cmp",
	Rewrite: func(op *ir.Operation, rw *ir.Rewriter) bool {
		var sub *ir.Operation
		swap := false
		switch {
		case isZero(op.Operand(1)):
			sub = op.Operand(0).DefiningOp()
		case isZero(op.Operand(0)):
			sub, swap = op.Operand(1).DefiningOp(), true
		}
		if sub == nil || sub.Name() != "index.sub" {
			return false
		}
		a, b := sub.Operand(0), sub.Operand(1)
		if swap {
			a, b = b, a
		}
		rw.ReplaceOpWith(op, &ir.OpState{Name: "index.cmp", Loc: op.Loc(), Operands: []*ir.Value{a, b},
			ResultTypes: op.ResultTypes(), Attrs: []ir.NamedAttr{{Name: "pred", Value: op.Attr("pred")}}})
		return true
	},
}

// constantOp is `%r = index.constant 42`.
var constantOp = &ir.OpDef{
	Name:     "index.constant",
	Summary:  "index constant",
	Example:  "%r = index.constant 42",
	Traits:   ir.Pure | ir.ConstantLike,
	Results:  ir.Exactly(1),
	Inherent: []string{"value"},
	Format: &ir.Format{
		Syntax:  "attr-dict $value",
		Results: []string{"result"},
		Attrs:   []ir.FormatAttr{{Name: "value", Type: indexType}},
		Types:   map[string]func(*ir.Context) ir.Type{"result": indexType},
	},
	Verify: func(op *ir.Operation) error {
		if a, ok := op.Attr("value").(*ir.IntegerAttr); !ok || !isIndex(a.Type()) {
			return op.Errorf("requires attribute 'value' to be an index attribute")
		}
		return verifyAllIndex(op)
	},
	Fold: func(op *ir.Operation, _ []ir.Attribute) ([]ir.FoldResult, bool) {
		return []ir.FoldResult{{Attr: op.Attr("value")}}, true
	},
	ResultNames: func(op *ir.Operation, name func(v *ir.Value, name string)) {
		if a, ok := op.Attr("value").(*ir.IntegerAttr); ok {
			name(op.Result(0), "idx"+strconv.FormatInt(a.Int(), 10))
		}
	},
}

// boolConstant is `%r = index.bool.constant true`.
var boolConstant = &ir.OpDef{
	Name:     "index.bool.constant",
	Summary:  "boolean constant",
	Example:  "%r = index.bool.constant true",
	Traits:   ir.Pure | ir.ConstantLike,
	Results:  ir.Exactly(1),
	Inherent: []string{"value"},
	Format: &ir.Format{
		Syntax:  "attr-dict $value",
		Results: []string{"result"},
		Attrs:   []ir.FormatAttr{{Name: "value", Type: i1Type}},
		Types:   map[string]func(*ir.Context) ir.Type{"result": i1Type},
	},
	Verify: func(op *ir.Operation) error {
		i1 := op.Context().I(1)
		if a, ok := op.Attr("value").(*ir.IntegerAttr); !ok || a.Type() != i1 {
			return op.Errorf("requires attribute 'value' to be a bool attribute")
		}
		if op.Result(0).Type() != i1 {
			return op.Errorf("result #0 must be 1-bit signless integer, but got '%s'", ir.TypeString(op.Result(0).Type()))
		}
		return nil
	},
	Fold: func(op *ir.Operation, _ []ir.Attribute) ([]ir.FoldResult, bool) {
		return []ir.FoldResult{{Attr: op.Attr("value")}}, true
	},
	ResultNames: func(op *ir.Operation, name func(v *ir.Value, name string)) {
		if a, ok := op.Attr("value").(*ir.IntegerAttr); ok {
			name(op.Result(0), strconv.FormatBool(a.Int() != 0))
		}
	},
}

// sizeof is `%r = index.sizeof`: the index width in bits, which only the
// target knows, so it does not fold.
var sizeof = &ir.OpDef{
	Name:    "index.sizeof",
	Summary: "size in bits of the index type",
	Example: "%r = index.sizeof",
	Traits:  ir.Pure,
	Results: ir.Exactly(1),
	Format: &ir.Format{
		Syntax:  "attr-dict",
		Results: []string{"result"},
		Types:   map[string]func(*ir.Context) ir.Type{"result": indexType},
	},
	Verify: verifyAllIndex,
}

// cast defines `%r = index.<name> %x : i32 to index` between an index and
// a signless integer (either way round).
func cast(name, summary string, signed bool) *ir.OpDef {
	full := "index." + name
	return &ir.OpDef{
		Name:     full,
		Summary:  summary,
		Example:  "%r = " + full + " %x : i32 to index",
		Traits:   ir.Pure,
		Operands: ir.Exactly(1),
		Results:  ir.Exactly(1),
		Format: &ir.Format{
			Syntax:   "$input attr-dict `:` type($input) `to` type($output)",
			Operands: []string{"input"},
			Results:  []string{"output"},
		},
		Verify: func(op *ir.Operation) error {
			in, out := op.Operand(0).Type(), op.Result(0).Type()
			if !castable(in) {
				return op.Errorf("operand #0 must be index-cast-compatible type, but got '%s'", ir.TypeString(in))
			}
			if !castable(out) {
				return op.Errorf("result #0 must be index-cast-compatible type, but got '%s'", ir.TypeString(out))
			}
			if isIndex(in) == isIndex(out) {
				return op.Errorf("operand type '%s' and result type '%s' are cast incompatible", ir.TypeString(in), ir.TypeString(out))
			}
			return nil
		},
		Fold: foldCast(signed),
	}
}

// castable reports whether t is an index or a signless integer.
func castable(t ir.Type) bool {
	if isIndex(t) {
		return true
	}
	it, ok := t.(*ir.IntegerType)
	return ok && it.Signedness == ir.Signless
}

var (
	casts = cast("casts", "index signed cast", true)
	castu = cast("castu", "index unsigned cast", false)
)
