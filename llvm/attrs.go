package llvm

import (
	"slices"
	"strings"

	"github.com/kiln-gpu/kiln/ir"
)

// fastmathNames are LLVM's fast-math flags in bit order (MLIR's
// LLVM::FastmathFlags).
var fastmathNames = []string{"nnan", "ninf", "nsz", "arcp", "contract", "afn", "reassoc"}

const fastmathAll = 1<<7 - 1

// FastmathAttr is #llvm.fastmath<flags>, the fast-math flags of LLVM
// float ops (written on other ops' attribute dictionaries too).
type FastmathAttr struct {
	ir.Storage
	Flags uint32
}

// Fastmath returns the uniqued #llvm.fastmath attribute.
func Fastmath(ctx *ir.Context, flags uint32) *FastmathAttr {
	return ir.UniqueInt(ctx, "llvm.fastmath", int64(flags), func() *FastmathAttr { return &FastmathAttr{Flags: flags} })
}

// Print writes none, fast, or the set flags separated by ", ", as MLIR.
func (a *FastmathAttr) Print(p *ir.Printer) {
	p.WriteString("#llvm.fastmath<")
	switch a.Flags {
	case 0:
		p.WriteString("none")
	case fastmathAll:
		p.WriteString("fast")
	default:
		var parts []string
		for i, n := range fastmathNames {
			if a.Flags&(1<<i) != 0 {
				parts = append(parts, n)
			}
		}
		p.WriteString(strings.Join(parts, ", "))
	}
	p.WriteByte('>')
}

// parseAttr is the dialect's hook for #llvm.fastmath<...>.
func parseAttr(p *ir.Parser, mnemonic string) (ir.Attribute, error) {
	if mnemonic != "fastmath" {
		return nil, p.Errorf("unknown attribute `%s` in dialect `llvm`", mnemonic)
	}
	if err := p.ParsePunct("<"); err != nil {
		return nil, err
	}
	var flags uint32
	for {
		at := p.Pos()
		w, err := p.ParseKeywordAny()
		if err != nil {
			return nil, err
		}
		switch w {
		case "none":
		case "fast":
			flags |= fastmathAll
		default:
			i := slices.Index(fastmathNames, w)
			if i < 0 {
				return nil, ir.Errorf(p.LocAt(at), "expected one of [none, %s, fast] for LLVM fastmath flags, got '%s'", strings.Join(fastmathNames, ", "), w)
			}
			flags |= 1 << i
		}
		if !p.ParseOptionalPunct(",") {
			break
		}
	}
	if err := p.ParsePunct(">"); err != nil {
		return nil, err
	}
	return Fastmath(p.Context(), flags), nil
}
