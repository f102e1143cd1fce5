package rewrite

import (
	"errors"

	"github.com/kiln-gpu/kiln/ir"
)

// NoMatch is what a conversion pattern returns (possibly wrapped) when it
// does not apply.
// It may return it only before changing anything.
var NoMatch = errors.New("rewrite: pattern does not match")

// ConversionPattern converts ops named Root (empty: any op). Rewrite gets
// the op's operands remapped to their replacements and converted to the
// pattern set's legal types, one value per operand (MLIR's OpAdaptor); it
// returns nil after replacing, erasing or updating op through rw, NoMatch
// when it does not apply, or another error (ideally an *ir.Diagnostic) to
// stop the conversion. The operands slice belongs to the driver, which
// reuses it once Rewrite returns: a pattern must not keep it (copy it to
// keep it). An operand whose type converts to several types
// (1:N) cannot be passed that way, so patterns are not tried on its user;
// 1:N conversions are for block and function signatures.
type ConversionPattern struct {
	Name    string
	Root    string
	Benefit int
	Rewrite func(op *ir.Operation, operands []*ir.Value, rw *ConversionRewriter) error
}

func (p *ConversionPattern) root() string { return p.Root }
func (p *ConversionPattern) benefit() int { return p.Benefit }

// ConversionPatternSet is an immutable, indexed set of conversion patterns
// with the type converter they share. Types may be nil for conversions that
// do not change types; patterns then see the replacement values as they are.
type ConversionPatternSet struct {
	Types *TypeConverter
	ix    index[*ConversionPattern]
}

// NewConversionPatternSet indexes patterns by root op name.
func NewConversionPatternSet(types *TypeConverter, patterns ...*ConversionPattern) *ConversionPatternSet {
	var ps []*ConversionPattern
	for _, p := range patterns {
		if p != nil && p.Rewrite != nil {
			ps = append(ps, p)
		}
	}
	return &ConversionPatternSet{Types: types, ix: newIndex(ps)}
}

// OneToOne converts op `from` into op `to` with the converted operands and
// result types and the same attributes and successors: the pattern of most
// elementwise lowerings (arith.addi -> spirv.IAdd).
func OneToOne(from, to string) *ConversionPattern {
	return &ConversionPattern{
		Name: from + " -> " + to,
		Root: from,
		Rewrite: func(op *ir.Operation, operands []*ir.Value, rw *ConversionRewriter) error {
			if op.NumRegions() != 0 {
				return NoMatch
			}
			types := op.ResultTypes()
			if tc := rw.TypeConverter(); tc != nil {
				var ok bool
				if types, ok = tc.ConvertTypes(types); !ok || len(types) != op.NumResults() {
					return NoMatch
				}
			}
			rw.ReplaceOpWith(op, &ir.OpState{
				Name: to, Loc: op.Loc(), Operands: operands, ResultTypes: types,
				Attrs: op.Attrs(), Successors: op.Successors(),
			})
			return nil
		},
	}
}

// FunctionSignature converts the signature of function-like ops named root
// (func.func, gpu.func, spirv.func...): their "function_type" attribute and
// the argument types of the blocks of their first region, 1:N. Mark such
// ops dynamically legal with TypeConverter.IsSignatureLegal. Argument
// attributes are kept as they are: a 1:N conversion of an input that has
// attributes does not match.
func FunctionSignature(root string) *ConversionPattern {
	return &ConversionPattern{
		Name: root + " signature",
		Root: root,
		Rewrite: func(op *ir.Operation, _ []*ir.Value, rw *ConversionRewriter) error {
			ta, _ := op.Attr("function_type").(*ir.TypeAttr)
			tc := rw.TypeConverter()
			if ta == nil || tc == nil {
				return NoMatch
			}
			ft, _ := ta.Value.(*ir.FunctionType)
			if ft == nil {
				return NoMatch
			}
			sc, ok := tc.ConvertSignature(ft.Inputs)
			if !ok || (op.HasAttr("arg_attrs") && len(sc.ConvertedTypes()) != len(ft.Inputs)) {
				return NoMatch
			}
			results, ok := tc.ConvertTypes(ft.Results)
			if !ok {
				return NoMatch
			}
			var body *ir.Region
			if op.NumRegions() > 0 && !op.Region(0).Empty() {
				body = op.Region(0)
				if body.Entry().NumArgs() != len(ft.Inputs) {
					return NoMatch
				}
			}
			if body != nil {
				// Blocks first: it changes nothing when a block does not convert.
				if err := rw.ConvertRegionTypes(body, sc); err != nil {
					return err
				}
			}
			ctx := op.Context()
			rw.ModifyInPlace(op, func() {
				op.SetAttr("function_type", ctx.TypeAttr(ctx.FunctionType(sc.ConvertedTypes(), results)))
			})
			return nil
		},
	}
}
