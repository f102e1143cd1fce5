package arith

import (
	"github.com/kiln-gpu/kiln/ir"
)

// Clause is an optional part of a custom form between the operands and the
// attribute dictionary, backed by one attribute of the op.
type Clause int

const (
	// ClauseOverflow is `overflow<nsw, nuw>` (overflowFlags, default none).
	ClauseOverflow Clause = iota
	// ClauseExact is `exact` (the unit attribute isExact).
	ClauseExact
	// ClauseFastMath is `fastmath<...>` (fastmath, default none).
	ClauseFastMath
	// ClauseFastMathOptional is `fastmath<...>` for an optional fastmath
	// attribute: printed whenever present.
	ClauseFastMathOptional
	// ClauseRounding is a rounding-mode keyword (roundingmode, optional).
	ClauseRounding
	// ClauseNonNeg is `nneg` (the unit attribute nonNeg): the operand is
	// asserted non-negative as a signed value, the result poison otherwise.
	ClauseNonNeg
)

var clauseAttr = [...]string{"overflowFlags", "isExact", "fastmath", "fastmath", "roundingmode", "nonNeg"}

// ClauseNames returns the attribute names of clauses, for the inherent list.
func ClauseNames(cs []Clause) []string {
	var names []string
	for _, c := range cs {
		names = append(names, clauseAttr[c])
	}
	return names
}

// clauseFormat returns a clause's optional group as ArithOps.td's assembly
// formats write it, and the attribute the group names.
func clauseFormat(c Clause) (string, ir.FormatAttr) {
	switch c {
	case ClauseOverflow:
		return "(`overflow` `` $overflowFlags^)?", overflowFormat
	case ClauseExact:
		return "(`exact` $isExact^)?", ir.FormatAttr{Name: "isExact", Unit: true}
	case ClauseNonNeg:
		return "(`nneg` $nonNeg^)?", ir.FormatAttr{Name: "nonNeg", Unit: true}
	case ClauseFastMath:
		return "(`fastmath` `` $fastmath^)?", FastMathFormat
	case ClauseFastMathOptional:
		a := FastMathFormat
		a.Default = nil
		return "(`fastmath` `` $fastmath^)?", a
	}
	return "($roundingmode^)?", RoundingFormat
}

// ClausesFormat returns a format: head, the clauses' groups, then
// `attr-dict : tail` (also for math's ops, which take arith's clauses).
func ClausesFormat(head, tail string, operands, results []string, cs []Clause) *ir.Format {
	f := &ir.Format{Syntax: head, Operands: operands, Results: results}
	for _, c := range cs {
		g, a := clauseFormat(c)
		f.Syntax += " " + g
		f.Attrs = append(f.Attrs, a)
	}
	f.Syntax += " attr-dict `:` " + tail
	return f
}

// sameTypeFormat is `$lhs, $rhs <clauses> attr-dict : type($result)` (one
// operand `$operand` for n == 1): operands and result all of one type.
func sameTypeFormat(n int, cs ...Clause) *ir.Format {
	if n == 1 {
		return ClausesFormat("$operand", "type($result)", []string{"operand"}, []string{"result"}, cs)
	}
	return ClausesFormat("$lhs `,` $rhs", "type($result)", []string{"lhs", "rhs"}, []string{"result"}, cs)
}

// castFormat is `$in <clauses> attr-dict : type($in) to type($out)`.
func castFormat(cs ...Clause) *ir.Format {
	return ClausesFormat("$in", "type($in) `to` type($out)", []string{"in"}, []string{"out"}, cs)
}

// VerifyClauses checks that clause attributes, when present, have their kinds.
func VerifyClauses(op *ir.Operation, cs []Clause) error {
	for _, c := range cs {
		a := op.Attr(clauseAttr[c])
		if a == nil {
			continue
		}
		var ok bool
		var what string
		switch c {
		case ClauseOverflow:
			_, ok = a.(*OverflowAttr)
			what = "Integer overflow arith flags"
		case ClauseExact, ClauseNonNeg:
			_, ok = a.(*ir.UnitAttr)
			what = "unit attribute"
		case ClauseFastMath, ClauseFastMathOptional:
			_, ok = a.(*FastMathAttr)
			what = "Floating point fast math flags"
		case ClauseRounding:
			return roundingEnum.verify(op, false)
		}
		if !ok {
			return op.Errorf("attribute '%s' failed to satisfy constraint: %s", clauseAttr[c], what)
		}
	}
	return nil
}
