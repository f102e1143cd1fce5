package vector

import (
	"github.com/kiln-gpu/kiln/ir"
	"github.com/kiln-gpu/kiln/memref"
)

// The type classes and shapes the vector ops' assembly formats share.

// vectorKind is ODS's VectorOfAnyRankOf and its kin as a type kind.
var vectorKind = ir.TypeKind{Name: "builtin.vector", Is: func(t ir.Type) bool { _, ok := t.(*ir.VectorType); return ok }}

func indexType(ctx *ir.Context) ir.Type { return ctx.Index() }

// castFormat is the `$in attr-dict : type($in) kw type($out)` format of
// the cast-like ops; kinds gives the class of the named parts.
func castFormat(in, kw, out string, kinds map[string]ir.TypeKind) *ir.Format {
	return &ir.Format{
		Syntax:   "$" + in + " attr-dict `:` type($" + in + ") `" + kw + "` type($" + out + ")",
		Operands: []string{in}, Results: []string{out}, Kinds: kinds,
	}
}

// elemOf is a vector's element type (Kinds checks the vector before any
// transform runs).
func elemOf(_ *ir.Context, t ir.Type) ir.Type { return t.(*ir.VectorType).Elem }

// alignmentAttr is the optional alignment of the memory ops, checked when
// parsed as MLIR's verifyInherentAttrs does.
var alignmentAttr = ir.FormatAttr{Name: "alignment", Constraint: func(ctx *ir.Context, a ir.Attribute) bool { return validAlignment(ctx, a) }, ConstraintDesc: alignmentDesc}

func isFixedVector(t ir.Type) bool { vt, ok := t.(*ir.VectorType); return ok && !vt.IsScalable() }

// maskedFormat is the format of maskedload and expandload (with a result
// after `into`) and of maskedstore and compressstore (result "").
func maskedFormat(value, result string) *ir.Format {
	return memAccessFormat("$base `[` $indices `]` `,` $mask `,` $"+value, []string{"base", "indices*", "mask", value},
		"type($base) `,` type($mask) `,` type($"+value+")", result)
}

// gatherFormat is the format of gather (with a result) and scatter (with
// one on tensors, MLIR PR 165548). Both take ranked tensors as well as
// memrefs.
func gatherFormat(value, result string) *ir.Format {
	f := memAccessFormat("$base `[` $indices `]` `[` $index_vec `]` `,` $mask `,` $"+value, []string{"base", "indices*", "index_vec", "mask", value},
		"type($base) `,` type($index_vec) `,` type($mask) `,` type($"+value+")", result)
	if result == "" {
		f.Syntax += " (`->` type($result)^)?"
		f.Results = []string{"result?"}
	}
	delete(f.Kinds, "base")
	return f
}

func memAccessFormat(operands string, names []string, types, result string) *ir.Format {
	f := &ir.Format{Syntax: operands + " attr-dict `:` " + types, Operands: names,
		Types: map[string]func(*ir.Context) ir.Type{"indices": indexType}, Attrs: []ir.FormatAttr{alignmentAttr},
		Kinds: map[string]ir.TypeKind{"base": memref.MemRefKind}}
	if result != "" {
		f.Syntax += " `into` type($" + result + ")"
		f.Results = []string{result}
	}
	return f
}

// posAttr is the I64Attr position of the scalable slice ops.
var posAttr = ir.FormatAttr{Name: "pos", Type: func(ctx *ir.Context) ir.Type { return ctx.I(64) }}

// punctuationFormat is vector.print's $punctuation: the stripped
// `<comma>` (or the full #vector.punctuation<comma>), default newline.
var punctuationFormat = ir.FormatAttr{
	Name: "punctuation",
	Parse: func(p *ir.Parser) (ir.Attribute, error) {
		if !p.IsPunct("<") {
			return p.ParseAttribute(nil)
		}
		v, err := parseEnumBody(p, punctuationNames, nil, "::mlir::vector::PrintPunctuation")
		if err != nil {
			return nil, err
		}
		return PunctuationOf(p.Context(), Punctuation(v)), nil
	},
	Print: func(p *ir.Printer, a ir.Attribute) {
		if pa, ok := a.(*PunctuationAttr); ok {
			p.WriteString("<" + pa.Value.String() + ">")
		} else {
			p.Attr(a) // unverified IR
		}
	},
	Default: func(ctx *ir.Context) ir.Attribute { return PunctuationOf(ctx, NewLine) },
}

func isStringAttr(a ir.Attribute) bool { _, ok := a.(*ir.StringAttr); return ok }
