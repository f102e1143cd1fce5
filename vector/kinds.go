package vector

import (
	"strings"

	"github.com/kiln-gpu/kiln/arith"
	"github.com/kiln-gpu/kiln/ir"
)

// parseKindPrefix parses the `<kind>,` that starts the reductions' custom
// forms into their kind attribute.
func parseKindPrefix(p *ir.OpParser, st *ir.OpState, op string) error {
	k, err := parseKind(p, op)
	if err != nil {
		return err
	}
	st.AddAttr("kind", k)
	return p.ParsePunct(",")
}

// parseKind parses a combining kind as custom forms write it, `<add>`,
// or in full, `#vector.kind<add>`.
func parseKind(p *ir.OpParser, op string) (*KindAttr, error) {
	if p.IsPunct("<") {
		v, err := parseEnumBody(p.Parser, kindNames, legacyKinds, kindEnum)
		if d, ok := err.(*ir.Diagnostic); ok && len(d.Notes) > 0 {
			// Errors of an attribute parsed through the op's parser name
			// the op, as MLIR's custom-op parser does.
			d.Message = "custom op '" + op + "' " + d.Message
			for _, n := range d.Notes {
				n.Message = "custom op '" + op + "' " + n.Message
			}
		}
		if err != nil {
			return nil, err
		}
		return Kind(p.Context(), CombiningKind(v)), nil
	}
	// Otherwise only the full #vector.kind<...> form is accepted.
	loc := p.Loc()
	if _, isInt, _ := p.ParseOptionalInteger(); isInt {
		return nil, ir.Errorf(loc, "expected '<'")
	}
	a, err := p.ParseAttribute(nil)
	if err != nil {
		return nil, err
	}
	k, ok := a.(*KindAttr)
	if !ok {
		return nil, customError(loc, op, "invalid kind of attribute specified")
	}
	return k, nil
}

// KindOf returns op's `kind` attribute (add when absent or malformed).
func KindOf(op *ir.Operation) CombiningKind {
	if k, ok := op.Attr("kind").(*KindAttr); ok {
		return k.Kind
	}
	return KindAdd
}

// verifyDefaultedKind is verifyKindAttr for ops whose kind defaults to add
// when absent (contract, outerproduct).
func verifyDefaultedKind(op *ir.Operation) (CombiningKind, error) {
	if op.Attr("kind") == nil {
		return KindAdd, nil
	}
	return verifyKindAttr(op)
}

func verifyKindAttr(op *ir.Operation) (CombiningKind, error) {
	k, ok := op.Attr("kind").(*KindAttr)
	if !ok {
		if op.Attr("kind") == nil {
			return 0, op.Errorf("requires attribute 'kind'")
		}
		return 0, op.Errorf("attribute 'kind' failed to satisfy constraint: Kind of combining function for contractions and reductions")
	}
	return k.Kind, nil
}

var fastMathNames = []string{"reassoc", "nnan", "ninf", "nsz", "arcp", "contract", "afn"}

// parseOptionalFastMath parses `fastmath<flags>` into the state.
func parseOptionalFastMath(p *ir.OpParser, st *ir.OpState) error {
	if !p.ParseOptionalKeyword("fastmath") {
		return nil
	}
	if err := p.ParsePunct("<"); err != nil {
		return err
	}
	var f arith.FastMathFlags
	for {
		loc := p.Loc()
		w, err := p.ParseKeywordAny()
		if err != nil {
			return err
		}
		switch w {
		case "none":
		case "fast":
			f |= arith.FastMathFast
		default:
			i := 0
			for i < len(fastMathNames) && fastMathNames[i] != w {
				i++
			}
			if i == len(fastMathNames) {
				return ir.Errorf(loc, "expected one of [none, %s, fast] for fastmath flags, got '%s'", strings.Join(fastMathNames, ", "), w)
			}
			f |= 1 << i
		}
		if !p.ParseOptionalPunct(",") {
			break
		}
	}
	st.AddAttr("fastmath", arith.FastMath(p.Context(), f))
	return p.ParsePunct(">")
}

// printOptionalFastMath writes ` fastmath<flags>` unless the flags are none.
func printOptionalFastMath(p *ir.OpPrinter, op *ir.Operation) {
	if f := arith.OpFastMath(op); f != arith.FastMathNone {
		p.WriteString(" fastmath<")
		p.WriteString(f.String())
		p.WriteByte('>')
	}
}
