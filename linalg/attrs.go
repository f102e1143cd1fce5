package linalg

import (
	"slices"
	"strings"

	"github.com/kiln-gpu/kiln/ir"
)

// enumAttr is one of the dialect's enum attributes, #linalg.mnemonic<value>.
type enumAttr struct {
	ir.Storage
	mnemonic string
	Value    string
}

func (a *enumAttr) Print(p *ir.Printer) {
	p.WriteString("#linalg." + a.mnemonic + "<" + a.Value + ">")
}

var enums = map[string]struct {
	cppName string
	names   []string
}{
	"iterator_type": {"::mlir::utils::IteratorType", []string{"parallel", "reduction"}},
	"unary_fn": {"::mlir::linalg::UnaryFn", []string{"exp", "log", "abs", "ceil", "floor", "negf", "reciprocal",
		"round", "sqrt", "rsqrt", "square", "tanh", "erf"}},
	"type_fn": {"::mlir::linalg::TypeFn", []string{"cast_signed", "cast_unsigned"}},
}

// Enum returns the uniqued #linalg.mnemonic<value> attribute.
func Enum(ctx *ir.Context, mnemonic, value string) ir.Attribute {
	return ir.UniqueKey(ctx, ir.NewKey("linalg."+mnemonic).Str(value), func() *enumAttr {
		return &enumAttr{mnemonic: mnemonic, Value: value}
	})
}

// EnumValue returns the value of a #linalg.mnemonic<value> attribute.
func EnumValue(a ir.Attribute, mnemonic string) (string, bool) {
	e, ok := a.(*enumAttr)
	if !ok || e.mnemonic != mnemonic {
		return "", false
	}
	return e.Value, true
}

func parseAttr(p *ir.Parser, mnemonic string) (ir.Attribute, error) {
	e, ok := enums[mnemonic]
	if !ok {
		return nil, p.Errorf("unknown attribute `%s` in dialect `linalg`", mnemonic)
	}
	if err := p.ParsePunct("<"); err != nil {
		return nil, err
	}
	at := p.Pos()
	w, err := p.ParseKeywordAny()
	if err != nil {
		return nil, err
	}
	if !slices.Contains(e.names, w) {
		return nil, ir.Errorf(p.LocAt(at), "expected %s to be one of: %s", e.cppName, strings.Join(e.names, ", "))
	}
	return Enum(p.Context(), mnemonic, w), p.ParsePunct(">")
}
