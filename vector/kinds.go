package vector

import (
	"github.com/kiln-gpu/kiln/ir"
)

// kindFormat is the reductions' $kind as their formats name it: the
// stripped `<add>` (or the full #vector.kind<add>), errors naming op.
func kindFormat(op string) ir.FormatAttr {
	return ir.FormatAttr{
		Name:  "kind",
		Parse: func(p *ir.Parser) (ir.Attribute, error) { return parseKind(p, op) },
		Print: func(p *ir.Printer, a ir.Attribute) {
			if k, ok := a.(*KindAttr); ok {
				p.WriteString("<" + k.Kind.String() + ">")
			} else {
				p.Attr(a) // unverified IR
			}
		},
	}
}

// parseKind parses a combining kind as custom forms write it, `<add>`,
// or in full, `#vector.kind<add>`.
func parseKind(p *ir.Parser, op string) (*KindAttr, error) {
	if p.IsPunct("<") {
		v, err := parseEnumBody(p, kindNames, legacyKinds, kindEnum)
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
	at := p.Pos()
	if _, isInt, _ := p.ParseOptionalInteger(); isInt {
		return nil, ir.Errorf(p.LocAt(at), "expected '<'")
	}
	a, err := p.ParseAttribute(nil)
	if err != nil {
		return nil, err
	}
	k, ok := a.(*KindAttr)
	if !ok {
		return nil, customError(p.LocAt(at), op, "invalid kind of attribute specified")
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
