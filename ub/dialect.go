package ub

import "github.com/kiln-gpu/kiln/ir"

// Dialect returns the ub dialect.
func Dialect() *ir.Dialect { return dialect }

var dialect = &ir.Dialect{
	Name: "ub",
	// All ops inlinable, as MLIR's ub inliner interface says.
	Inliner:             ir.OpsInlinable(),
	Summary:             "Undefined behaviour: poison values and unreachable code.",
	Ops:                 []*ir.OpDef{poison, unreachable},
	ParseAttr:           parseAttr,
	MaterializeConstant: BuildPoison,
}

// PoisonAttr is #ub.poison, a fully poisoned value.
type PoisonAttr struct{ ir.Storage }

// Poison returns the uniqued #ub.poison.
func Poison(ctx *ir.Context) *PoisonAttr {
	return ir.UniqueKey(ctx, ir.NewKey("ub.poison"), func() *PoisonAttr { return &PoisonAttr{} })
}

func (a *PoisonAttr) Print(p *ir.Printer) { p.WriteString("#ub.poison") }

func parseAttr(p *ir.Parser, mnemonic string) (ir.Attribute, error) {
	if mnemonic != "poison" {
		return nil, p.Errorf("unknown attribute `%s` in dialect `ub`", mnemonic)
	}
	return Poison(p.Context()), nil
}

// poison is `%r = ub.poison : T` (MLIR's UBOps.td format); the long form
// `ub.poison <#ub.poison> : T` names the value, which is elided when it is
// the default.
var poison = &ir.OpDef{
	Name:     "ub.poison",
	Summary:  "Poisoned constant operation.",
	Example:  "%r = ub.poison : vector<4xi32>",
	Traits:   ir.Pure | ir.ConstantLike,
	Results:  ir.Exactly(1),
	Inherent: []string{"value"},
	Format: &ir.Format{
		Syntax:  "attr-dict (`<` $value^ `>`)? `:` type($result)",
		Results: []string{"result"},
		Attrs: []ir.FormatAttr{{Name: "value", Parse: parsePoisonValue,
			Default: func(ctx *ir.Context) ir.Attribute { return Poison(ctx) }}},
	},
	// A missing value is the default, #ub.poison (MLIR fills it in on creation).
	Verify: func(op *ir.Operation) error {
		if _, ok := op.Attr("value").(*PoisonAttr); !ok && op.Attr("value") != nil {
			return op.Errorf("attribute 'value' failed to satisfy constraint: PoisonAttrInterface instance")
		}
		return nil
	},
	Fold: func(op *ir.Operation, _ []ir.Attribute) ([]ir.FoldResult, bool) {
		if a := op.Attr("value"); a != nil {
			return []ir.FoldResult{{Attr: a}}, true
		}
		return []ir.FoldResult{{Attr: Poison(op.Context())}}, true
	},
}

// parsePoisonValue parses the value of the long form: any attribute, which
// must be a poison attribute.
func parsePoisonValue(p *ir.Parser) (ir.Attribute, error) {
	loc := p.Loc()
	a, err := p.ParseAttribute(nil)
	if err != nil {
		return nil, err
	}
	if _, ok := a.(*PoisonAttr); !ok {
		return nil, ir.Errorf(loc, "invalid kind of attribute specified")
	}
	return a, nil
}

// BuildPoison materializes a folded #ub.poison as ub.poison (nil for other values).
func BuildPoison(b *ir.Builder, value ir.Attribute, t ir.Type, loc ir.Location) *ir.Operation {
	if _, ok := value.(*PoisonAttr); !ok {
		return nil
	}
	return b.Create(&ir.OpState{Name: "ub.poison", Loc: loc, ResultTypes: []ir.Type{t}, Attrs: []ir.NamedAttr{{Name: "value", Value: value}}})
}

// UnreachableName is the name of ub.unreachable, the terminator of a block
// that is never executed: reaching it is undefined behaviour.
const UnreachableName = "ub.unreachable"

// unreachable is `ub.unreachable` (MLIR's UBOps.td, assembly format
// attr-dict). MLIR lowers it to spirv.Unreachable.
var unreachable = &ir.OpDef{
	Name:    UnreachableName,
	Summary: "Unreachable operation.",
	Example: "func.func @never_returns() {\n  ub.unreachable\n}",
	Traits:  ir.Terminator,
	Format:  &ir.Format{Syntax: "attr-dict"},
	Canonicalize: []*ir.Pattern{
		{Name: "erase-ops-before-unreachable", Root: UnreachableName, Benefit: 1, Rewrite: eraseOpsBeforeUnreachable},
	},
}

// eraseOpsBeforeUnreachable erases the ops before ub.unreachable in its
// block, as MLIR does: the block leads only to undefined behaviour, so they
// never matter. It erases from the back, so that each op's uses in the
// block are gone first, and keeps an op whose results are still used (only
// an unreachable block elsewhere can use them).
func eraseOpsBeforeUnreachable(op *ir.Operation, rw *ir.Rewriter) bool {
	changed := false
	for o := op.PrevOp(); o != nil; {
		prev := o.PrevOp()
		if !o.HasResultUses() {
			rw.EraseOp(o)
			changed = true
		}
		o = prev
	}
	return changed
}
