package vector

import (
	"strings"

	"github.com/kiln-gpu/kiln/ir"
)

// CombiningKind is the reduction kind of #vector.kind<...>.
type CombiningKind int

// The kinds, in MLIR's order.
const (
	KindAdd CombiningKind = iota
	KindMul
	KindMinUI
	KindMinSI
	KindMinNumF
	KindMaxUI
	KindMaxSI
	KindMaxNumF
	KindAnd
	KindOr
	KindXor
	KindMaximumF
	KindMinimumF
)

// legacyKinds maps MLIR 16's float kinds to the names they were given later.
var legacyKinds = map[string]string{"minf": "minimumf", "maxf": "maximumf"}

var kindNames = []string{"add", "mul", "minui", "minsi", "minnumf", "maxui", "maxsi", "maxnumf", "and", "or", "xor", "maximumf", "minimumf"}

func (k CombiningKind) String() string {
	if k >= 0 && int(k) < len(kindNames) {
		return kindNames[k]
	}
	return "<invalid>"
}

// SupportsType reports whether the kind applies to elements of type t
// (MLIR's isSupportedCombiningKind).
func (k CombiningKind) SupportsType(t ir.Type) bool {
	switch k {
	case KindAdd, KindMul:
		return ir.IsIntOrIndex(t) || ir.IsFloat(t)
	case KindMinUI, KindMinSI, KindMaxUI, KindMaxSI, KindAnd, KindOr, KindXor:
		return ir.IsIntOrIndex(t)
	}
	return ir.IsFloat(t)
}

// KindAttr is #vector.kind<add>.
type KindAttr struct {
	ir.Storage
	Kind CombiningKind
}

// Kind returns the uniqued #vector.kind attribute.
func Kind(ctx *ir.Context, k CombiningKind) *KindAttr {
	return ir.UniqueInt(ctx, "vector.kind", int64(k), func() *KindAttr { return &KindAttr{Kind: k} })
}

func (a *KindAttr) Print(p *ir.Printer) {
	p.WriteString("#vector.kind<")
	p.WriteString(a.Kind.String())
	p.WriteByte('>')
}

// IteratorType is parallel or reduction.
type IteratorType int

const (
	IteratorParallel IteratorType = iota
	IteratorReduction
)

var iteratorNames = []string{"parallel", "reduction"}

func (t IteratorType) String() string { return iteratorNames[t] }

// IteratorTypeAttr is #vector.iterator_type<parallel>.
type IteratorTypeAttr struct {
	ir.Storage
	Value IteratorType
}

// Iterator returns the uniqued #vector.iterator_type attribute.
func Iterator(ctx *ir.Context, t IteratorType) *IteratorTypeAttr {
	return ir.UniqueInt(ctx, "vector.iterator_type", int64(t), func() *IteratorTypeAttr {
		return &IteratorTypeAttr{Value: t}
	})
}

func (a *IteratorTypeAttr) Print(p *ir.Printer) {
	p.WriteString("#vector.iterator_type<")
	p.WriteString(a.Value.String())
	p.WriteByte('>')
}

// Punctuation is what vector.print writes after its value.
type Punctuation int

const (
	NoPunctuation Punctuation = iota
	NewLine
	Comma
	Open
	Close
)

var punctuationNames = []string{"no_punctuation", "newline", "comma", "open", "close"}

func (p Punctuation) String() string { return punctuationNames[p] }

// PunctuationAttr is #vector.punctuation<comma>.
type PunctuationAttr struct {
	ir.Storage
	Value Punctuation
}

// PunctuationOf returns the uniqued #vector.punctuation attribute.
func PunctuationOf(ctx *ir.Context, v Punctuation) *PunctuationAttr {
	return ir.UniqueInt(ctx, "vector.punctuation", int64(v), func() *PunctuationAttr {
		return &PunctuationAttr{Value: v}
	})
}

func (a *PunctuationAttr) Print(p *ir.Printer) {
	p.WriteString("#vector.punctuation<")
	p.WriteString(a.Value.String())
	p.WriteByte('>')
}

// parseEnumBody parses `<name>` and returns the index of name in names
// (aliases maps older spellings to current names).
func parseEnumBody(p *ir.Parser, names []string, aliases map[string]string, what string) (int, error) {
	if err := p.ParsePunct("<"); err != nil {
		return 0, err
	}
	at := p.Pos()
	w, err := p.ParseKeywordAny()
	if err != nil {
		return 0, err
	}
	if alias, ok := aliases[w]; ok {
		w = alias
	}
	for i, n := range names {
		if n == w {
			return i, p.ParsePunct(">")
		}
	}
	loc := p.LocAt(at)
	d := ir.Errorf(loc, "expected %s to be one of: %s", what, strings.Join(names, ", "))
	if what == kindEnum {
		// ODS's generated attribute parser follows the case list with a
		// second error naming the parameter; MLIR reports both.
		d.Notes = append(d.Notes, ir.Errorf(loc,
			"failed to parse Vector_CombiningKindAttr parameter 'value' which is to be a `%s`", kindEnum))
	}
	return 0, d
}

// kindEnum is CombiningKind's C++ name, which MLIR's diagnostics quote.
const kindEnum = "::mlir::vector::CombiningKind"

// parseAttr is the dialect hook for #vector.kind, #vector.iterator_type
// and #vector.punctuation.
func parseAttr(p *ir.Parser, mnemonic string) (ir.Attribute, error) {
	switch mnemonic {
	case "kind":
		v, err := parseEnumBody(p, kindNames, legacyKinds, kindEnum)
		return Kind(p.Context(), CombiningKind(v)), err
	case "iterator_type":
		v, err := parseEnumBody(p, iteratorNames, nil, "::mlir::vector::IteratorType")
		return Iterator(p.Context(), IteratorType(v)), err
	case "punctuation":
		v, err := parseEnumBody(p, punctuationNames, nil, "::mlir::vector::PrintPunctuation")
		return PunctuationOf(p.Context(), Punctuation(v)), err
	}
	return nil, p.Errorf("unknown attribute `%s` in dialect `vector`", mnemonic)
}
