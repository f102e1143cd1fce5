package arith

import (
	"slices"
	"strconv"
	"strings"

	"github.com/kiln-gpu/kiln/ir"
)

// FastMathFlags are LLVM's fast-math flags (MLIR's arith::FastMathFlags).
type FastMathFlags uint32

const (
	FastMathReassoc FastMathFlags = 1 << iota
	FastMathNNaN
	FastMathNInf
	FastMathNSZ
	FastMathARCP
	FastMathContract
	FastMathAFN
	FastMathNone FastMathFlags = 0
	FastMathFast               = FastMathReassoc | FastMathNNaN | FastMathNInf | FastMathNSZ | FastMathARCP | FastMathContract | FastMathAFN
)

var fastMathNames = []string{"reassoc", "nnan", "ninf", "nsz", "arcp", "contract", "afn"}

// String returns the flags as MLIR prints them: "none", "fast", or the set
// bits joined by ",".
func (f FastMathFlags) String() string {
	switch f {
	case FastMathNone:
		return "none"
	case FastMathFast:
		return "fast"
	}
	var parts []string
	for i, n := range fastMathNames {
		if f&(1<<i) != 0 {
			parts = append(parts, n)
		}
	}
	return strings.Join(parts, ",")
}

// FastMathAttr is #arith.fastmath<flags>, stored in the `fastmath` attribute
// of float ops.
type FastMathAttr struct {
	ir.Storage
	Flags FastMathFlags
}

// FastMath returns the uniqued #arith.fastmath attribute.
func FastMath(ctx *ir.Context, f FastMathFlags) *FastMathAttr {
	return ir.UniqueInt(ctx, "arith.fastmath", int64(f), func() *FastMathAttr {
		return &FastMathAttr{Flags: f}
	})
}

func (a *FastMathAttr) Print(p *ir.Printer) {
	p.WriteString("#arith.fastmath<")
	p.WriteString(a.Flags.String())
	p.WriteByte('>')
}

// OverflowFlags are the nsw/nuw flags of integer ops.
type OverflowFlags uint32

const (
	OverflowNSW OverflowFlags = 1 << iota
	OverflowNUW
	OverflowNone OverflowFlags = 0
)

func (f OverflowFlags) String() string {
	switch f {
	case OverflowNone:
		return "none"
	case OverflowNSW:
		return "nsw"
	case OverflowNUW:
		return "nuw"
	}
	return "nsw, nuw"
}

// OverflowAttr is #arith.overflow<nsw, nuw>, stored in `overflowFlags`.
type OverflowAttr struct {
	ir.Storage
	Flags OverflowFlags
}

// Overflow returns the uniqued #arith.overflow attribute.
func Overflow(ctx *ir.Context, f OverflowFlags) *OverflowAttr {
	return ir.UniqueInt(ctx, "arith.overflow", int64(f), func() *OverflowAttr {
		return &OverflowAttr{Flags: f}
	})
}

func (a *OverflowAttr) Print(p *ir.Printer) {
	p.WriteString("#arith.overflow<")
	p.WriteString(a.Flags.String())
	p.WriteByte('>')
}

// parseFlagList parses `<a, b, ...>` where each word names a bit from
// names (or "none", or a group given in groups), returning their union.
func parseFlagList(p *ir.Parser, names []string, groups map[string]uint32, what string) (uint32, error) {
	if err := p.ParsePunct("<"); err != nil {
		return 0, err
	}
	var v uint32
	for {
		at := p.Pos()
		w, err := p.ParseKeywordAny()
		if err != nil {
			return 0, err
		}
		bit, ok := groups[w]
		for i, n := range names {
			if n == w {
				bit, ok = 1<<i, true
			}
		}
		if !ok && w != "none" {
			return 0, ir.Errorf(p.LocAt(at), "expected one of [%s] for %s, got '%s'", strings.Join(append([]string{"none"}, names...), ", "), what, w)
		}
		v |= bit
		if !p.ParseOptionalPunct(",") {
			break
		}
	}
	return v, p.ParsePunct(">")
}

// parseFastMathBody parses `<flags>` after `fastmath`.
func parseFastMathBody(p *ir.Parser) (*FastMathAttr, error) {
	v, err := parseFlagList(p, fastMathNames, map[string]uint32{"fast": uint32(FastMathFast)}, "fastmath flags")
	if err != nil {
		return nil, err
	}
	return FastMath(p.Context(), FastMathFlags(v)), nil
}

// FastMathFormat is the fastmath attribute as assembly formats name it
// (the `fastmath` keyword then $fastmath, unspaced): the stripped form
// `<flags>`, default none.
var FastMathFormat = ir.FormatAttr{
	Name:  "fastmath",
	Parse: func(p *ir.Parser) (ir.Attribute, error) { return parseFastMathBody(p) },
	Print: func(p *ir.Printer, a ir.Attribute) {
		if a, ok := a.(*FastMathAttr); ok {
			p.WriteString("<" + a.Flags.String() + ">")
		} else {
			p.Attr(a) // unverified IR
		}
	},
	Default: func(ctx *ir.Context) ir.Attribute { return FastMath(ctx, FastMathNone) },
}

// overflowFormat is overflowFlags as ArithOps.td's formats name it
// (`overflow` then $overflowFlags, unspaced): `<nsw, nuw>`, default none.
var overflowFormat = ir.FormatAttr{
	Name:  "overflowFlags",
	Parse: func(p *ir.Parser) (ir.Attribute, error) { return parseOverflowBody(p) },
	Print: func(p *ir.Printer, a ir.Attribute) {
		if a, ok := a.(*OverflowAttr); ok {
			p.WriteString("<" + a.Flags.String() + ">")
		} else {
			p.Attr(a) // unverified IR
		}
	},
	Default: func(ctx *ir.Context) ir.Attribute { return Overflow(ctx, OverflowNone) },
}

// parseOverflowBody parses `<flags>` after `overflow`.
func parseOverflowBody(p *ir.Parser) (*OverflowAttr, error) {
	v, err := parseFlagList(p, []string{"nsw", "nuw"}, nil, "overflow flags")
	if err != nil {
		return nil, err
	}
	return Overflow(p.Context(), OverflowFlags(v)), nil
}

// parseAttr is the dialect's hook for #arith.fastmath<...> and #arith.overflow<...>.
func parseAttr(p *ir.Parser, mnemonic string) (ir.Attribute, error) {
	switch mnemonic {
	case "fastmath":
		return parseFastMathBody(p)
	case "overflow":
		return parseOverflowBody(p)
	}
	return nil, p.Errorf("unknown attribute `%s` in dialect `arith`", mnemonic)
}

// An enum is a list of keywords stored as an integer attribute of a width.
type enum struct {
	attr  string   // attribute name
	names []string // keyword for each value
	width int      // 64 for predicates, 32 for rounding modes
}

// CmpIPredicate is the predicate of arith.cmpi.
type CmpIPredicate int64

const (
	CmpIEQ CmpIPredicate = iota
	CmpINE
	CmpISLT
	CmpISLE
	CmpISGT
	CmpISGE
	CmpIULT
	CmpIULE
	CmpIUGT
	CmpIUGE
)

var cmpiEnum = enum{"predicate", []string{"eq", "ne", "slt", "sle", "sgt", "sge", "ult", "ule", "ugt", "uge"}, 64}

func (p CmpIPredicate) String() string { return cmpiEnum.name(int64(p)) }

// Inverse returns the predicate that holds exactly when p does not
// (MLIR's arith::invertPredicate).
func (p CmpIPredicate) Inverse() CmpIPredicate { return cmpiInverse[p] }

// Swapped returns the predicate that compares the operands the other way
// (MLIR's arith::swapPredicate).
func (p CmpIPredicate) Swapped() CmpIPredicate { return cmpiSwapped[p] }

// CmpFPredicate is the predicate of arith.cmpf.
type CmpFPredicate int64

const (
	CmpFFalse CmpFPredicate = iota
	CmpFOEQ
	CmpFOGT
	CmpFOGE
	CmpFOLT
	CmpFOLE
	CmpFONE
	CmpFORD
	CmpFUEQ
	CmpFUGT
	CmpFUGE
	CmpFULT
	CmpFULE
	CmpFUNE
	CmpFUNO
	CmpFTrue
)

var cmpfEnum = enum{"predicate", []string{"false", "oeq", "ogt", "oge", "olt", "ole", "one", "ord",
	"ueq", "ugt", "uge", "ult", "ule", "une", "uno", "true"}, 64}

func (p CmpFPredicate) String() string { return cmpfEnum.name(int64(p)) }

// RoundingMode is the rounding mode of arith.truncf, stored as an i32.
type RoundingMode int64

const (
	ToNearestEven RoundingMode = iota
	Downward
	Upward
	TowardZero
	ToNearestAway
)

var roundingEnum = enum{"roundingmode", []string{"to_nearest_even", "downward", "upward", "toward_zero", "to_nearest_away"}, 32}

// oldRoundingNames are the keywords MLIR first gave the rounding modes (until
// early 2024, e.g. `tonearesteven`); they still parse, and print as the current ones.
var oldRoundingNames = []string{"tonearesteven", "downward", "upward", "towardzero", "tonearestaway"}

// RoundingFormat is roundingmode as truncf's format names it: a bare
// keyword, the old spellings accepted too.
var RoundingFormat = roundingEnum.format(oldRoundingNames...)

func (m RoundingMode) String() string { return roundingEnum.name(int64(m)) }

// RoundingModeOf returns op's roundingmode attribute, if present and valid.
func RoundingModeOf(op *ir.Operation) (RoundingMode, bool) {
	v, ok := roundingEnum.value(op)
	return RoundingMode(v), ok
}

func (e enum) name(v int64) string {
	if v >= 0 && v < int64(len(e.names)) {
		return e.names[v]
	}
	return "<invalid>"
}

func (e enum) lookup(s string) (int64, bool) {
	for i, n := range e.names {
		if n == s {
			return int64(i), true
		}
	}
	return 0, false
}

// make returns the enum value v as its stored integer attribute.
func (e enum) make(ctx *ir.Context, v int64) ir.Attribute {
	return ctx.IntegerAttr(ctx.I(e.width), v)
}

// value returns the enum value of op's attribute, if present and valid.
func (e enum) value(op *ir.Operation) (int64, bool) {
	a, ok := op.Attr(e.attr).(*ir.IntegerAttr)
	if !ok {
		return 0, false
	}
	v := a.Int()
	return v, v >= 0 && v < int64(len(e.names))
}

// verify checks op's enum attribute as ODS does.
func (e enum) verify(op *ir.Operation, required bool) error {
	a := op.Attr(e.attr)
	if a == nil {
		if required {
			return op.Errorf("requires attribute '%s'", e.attr)
		}
		return nil
	}
	if ia, ok := a.(*ir.IntegerAttr); !ok || ia.Type() != op.Context().I(e.width) || ia.Int() < 0 || ia.Int() >= int64(len(e.names)) {
		cases := make([]string, len(e.names))
		for i := range cases {
			cases[i] = strconv.Itoa(i)
		}
		return op.Errorf("attribute '%s' failed to satisfy constraint: allowed %d-bit signless integer cases: %s", e.attr, e.width, strings.Join(cases, ", "))
	}
	return nil
}

// format returns the enum attribute for an assembly format: its stripped
// form is the case's keyword (or a string), as an EnumAttr's is; old are
// former spellings of the cases, in order, that still parse.
func (e enum) format(old ...string) ir.FormatAttr {
	return ir.FormatAttr{
		Name:     e.attr,
		Keywords: append(slices.Clone(e.names), old...),
		Parse: func(p *ir.Parser) (ir.Attribute, error) {
			at := p.Pos()
			s, err := p.ParseKeywordOrString()
			if err == nil {
				if v, ok := e.lookup(s); ok {
					return e.make(p.Context(), v), nil
				}
				if i := slices.Index(old, s); i >= 0 {
					return e.make(p.Context(), int64(i)), nil
				}
			}
			return nil, ir.Errorf(p.LocAt(at), "expected string or keyword containing one of the following enum values for attribute '%s' [%s]", e.attr, strings.Join(e.names, ", "))
		},
		Print: func(p *ir.Printer, a ir.Attribute) {
			if ia, ok := a.(*ir.IntegerAttr); ok && ia.Int() >= 0 && ia.Int() < int64(len(e.names)) {
				p.WriteString(e.names[ia.Int()])
			} else {
				p.Attr(a) // unverified IR
			}
		},
	}
}
