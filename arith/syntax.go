package arith

import (
	"slices"
	"strings"

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
)

var clauseAttr = [...]string{"overflowFlags", "isExact", "fastmath", "fastmath", "roundingmode"}

// clauseNames returns the attribute names of clauses, for the inherent list
// and for eliding them from the printed attribute dictionary.
func clauseNames(cs []Clause) []string {
	var names []string
	for _, c := range cs {
		names = append(names, clauseAttr[c])
	}
	return names
}

// ParseClauses parses the optional clauses, in order, into st. Default-valued
// attributes get their default when absent, as MLIR's properties do. The
// state's attributes are then sorted by name, the order in which MLIR
// prints properties.
func ParseClauses(p *ir.OpParser, st *ir.OpState, cs []Clause) error {
	ctx := p.Context()
	for _, c := range cs {
		switch c {
		case ClauseOverflow:
			a := Overflow(ctx, OverflowNone)
			if p.ParseOptionalKeyword("overflow") {
				var err error
				if a, err = parseOverflowBody(p.Parser); err != nil {
					return err
				}
			}
			st.AddAttr("overflowFlags", a)
		case ClauseExact:
			if p.ParseOptionalKeyword("exact") {
				st.AddAttr("isExact", ctx.UnitAttr())
			}
		case ClauseFastMath, ClauseFastMathOptional:
			if p.ParseOptionalKeyword("fastmath") {
				a, err := parseFastMathBody(p.Parser)
				if err != nil {
					return err
				}
				st.AddAttr("fastmath", a)
			} else if c == ClauseFastMath {
				st.AddAttr("fastmath", FastMath(ctx, FastMathNone))
			}
		case ClauseRounding:
			for i, n := range roundingEnum.names {
				if p.ParseOptionalKeyword(n) || p.ParseOptionalKeyword(oldRoundingNames[i]) {
					st.AddAttr("roundingmode", roundingEnum.make(ctx, int64(i)))
					break
				}
			}
		}
	}
	slices.SortStableFunc(st.Attrs, func(a, b ir.NamedAttr) int { return strings.Compare(a.Name, b.Name) })
	return nil
}

// PrintClauses writes the clauses whose attributes are present and not default.
func PrintClauses(p *ir.OpPrinter, op *ir.Operation, cs []Clause) {
	for _, c := range cs {
		switch a := op.Attr(clauseAttr[c]).(type) {
		case *OverflowAttr:
			if c == ClauseOverflow && a.Flags != OverflowNone {
				p.WriteString(" overflow<" + a.Flags.String() + ">")
			}
		case *ir.UnitAttr:
			if c == ClauseExact {
				p.WriteString(" exact")
			}
		case *FastMathAttr:
			if c == ClauseFastMathOptional || c == ClauseFastMath && a.Flags != FastMathNone {
				p.WriteString(" fastmath<" + a.Flags.String() + ">")
			}
		case *ir.IntegerAttr:
			if v, ok := roundingEnum.value(op); c == ClauseRounding && ok {
				p.WriteString(" " + roundingEnum.name(v))
			}
		}
	}
}

// elidedClauses names the clause attributes that the custom form shows;
// attributes of other kinds stay in the printed dictionary.
func elidedClauses(op *ir.Operation, cs []Clause) []string {
	var out []string
	for _, c := range cs {
		ok := false
		switch op.Attr(clauseAttr[c]).(type) {
		case *OverflowAttr:
			ok = c == ClauseOverflow
		case *ir.UnitAttr:
			ok = c == ClauseExact
		case *FastMathAttr:
			ok = c == ClauseFastMath || c == ClauseFastMathOptional
		case *ir.IntegerAttr:
			_, ok = roundingEnum.value(op)
			ok = ok && c == ClauseRounding
		}
		if ok {
			out = append(out, clauseAttr[c])
		}
	}
	return out
}

// ParseOperandsAndType parses `%a, ... <clauses> attr-dict : T` with n
// operands and returns them with T, the head most arith-like forms share;
// the caller resolves the operands.
func ParseOperandsAndType(p *ir.OpParser, st *ir.OpState, n int, cs ...Clause) ([]ir.UnresolvedOperand, ir.Type, error) {
	us, err := ir.ParseOperandsN(p, n)
	if err != nil {
		return nil, nil, err
	}
	if err := ParseClauses(p, st, cs); err != nil {
		return nil, nil, err
	}
	if err := p.ParseOptionalAttrDict(); err != nil {
		return nil, nil, err
	}
	t, err := p.ParseColonType()
	if err != nil {
		return nil, nil, err
	}
	return us, t, nil
}

// SameTypeSyntax returns the parser and printer of
// `%a, %b <clauses> attr-dict : type`: operands and results all of one type.
func SameTypeSyntax(nOperands, nResults int, cs ...Clause) (func(*ir.OpParser, *ir.OpState) error, func(*ir.OpPrinter, *ir.Operation)) {
	parse := func(p *ir.OpParser, st *ir.OpState) error {
		us, t, err := ParseOperandsAndType(p, st, nOperands, cs...)
		if err != nil {
			return err
		}
		for range nResults {
			st.ResultTypes = append(st.ResultTypes, t)
		}
		return p.ResolveOperandsSameType(us, t)
	}
	print := func(p *ir.OpPrinter, op *ir.Operation) {
		p.WriteByte(' ')
		p.Operands(op.Operands())
		PrintClauses(p, op, cs)
		p.OptionalAttrDict(op.Attrs(), elidedClauses(op, cs)...)
		p.WriteString(" : ")
		p.Type(op.Result(0).Type())
	}
	return parse, print
}

// CastSyntax returns the parser and printer of `%in <clauses> attr-dict : T1 to T2`.
func CastSyntax(cs ...Clause) (func(*ir.OpParser, *ir.OpState) error, func(*ir.OpPrinter, *ir.Operation)) {
	parse := func(p *ir.OpParser, st *ir.OpState) error {
		u, err := p.ParseOperand()
		if err != nil {
			return err
		}
		if err := ParseClauses(p, st, cs); err != nil {
			return err
		}
		in, out, err := ir.ParseAttrDictColonTypes(p, "to")
		if err != nil {
			return err
		}
		st.ResultTypes = []ir.Type{out}
		return p.ResolveOperands([]ir.UnresolvedOperand{u}, []ir.Type{in})
	}
	print := func(p *ir.OpPrinter, op *ir.Operation) {
		p.WriteByte(' ')
		p.Operand(op.Operand(0))
		PrintClauses(p, op, cs)
		p.OptionalAttrDict(op.Attrs(), elidedClauses(op, cs)...)
		p.WriteString(" : ")
		p.Type(op.Operand(0).Type())
		p.WriteString(" to ")
		p.Type(op.Result(0).Type())
	}
	return parse, print
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
		case ClauseExact:
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
