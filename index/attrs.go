package index

import (
	"slices"

	"github.com/kiln-gpu/kiln/arith"
	"github.com/kiln-gpu/kiln/ir"
)

// predicateNames are index.cmp's predicates in MLIR's IndexCmpPredicate
// order, which is arith.CmpIPredicate's.
var predicateNames = []string{"eq", "ne", "slt", "sle", "sgt", "sge", "ult", "ule", "ugt", "uge"}

// CmpPredicateAttr is #index<cmp_predicate p>, the `pred` of index.cmp.
type CmpPredicateAttr struct {
	ir.Storage
	Pred arith.CmpIPredicate
}

// CmpPredicate returns the uniqued #index<cmp_predicate> attribute.
func CmpPredicate(ctx *ir.Context, p arith.CmpIPredicate) *CmpPredicateAttr {
	return ir.UniqueInt(ctx, "index.cmp_predicate", int64(p), func() *CmpPredicateAttr {
		return &CmpPredicateAttr{Pred: p}
	})
}

func (a *CmpPredicateAttr) Print(p *ir.Printer) {
	p.WriteString("#index<cmp_predicate " + predicateNames[a.Pred] + ">")
}

// parsePredicate parses a predicate keyword.
func parsePredicate(p *ir.Parser) (*CmpPredicateAttr, error) {
	at := p.Pos()
	kw, err := p.ParseKeywordAny()
	if err != nil {
		return nil, err
	}
	i := slices.Index(predicateNames, kw)
	if i < 0 {
		return nil, ir.Errorf(p.LocAt(at), "expected one of [eq, ne, slt, sle, sgt, sge, ult, ule, ugt, uge] for index comparison predicate, got '%s'", kw)
	}
	return CmpPredicate(p.Context(), arith.CmpIPredicate(i)), nil
}

// parseAttr is the dialect's hook for #index<cmp_predicate p> (and the
// #index.cmp_predicate<p> spelling).
func parseAttr(p *ir.Parser, mnemonic string) (ir.Attribute, error) {
	if mnemonic != "cmp_predicate" {
		return nil, p.Errorf("unknown attribute `%s` in dialect `index`", mnemonic)
	}
	if !p.ParseOptionalPunct("<") {
		return parsePredicate(p)
	}
	a, err := parsePredicate(p)
	if err != nil {
		return nil, err
	}
	return a, p.ParsePunct(">")
}
