package emulate

import (
	"slices"

	"github.com/kiln-gpu/kiln/arith"
	"github.com/kiln-gpu/kiln/ir"
	"github.com/kiln-gpu/kiln/ir/rewrite"
)

// FloatConverter converts the float types of sources, and shaped types of
// them, to target; other types stay (MLIR's
// populateEmulateUnsupportedFloatsConversions). Values reach the
// converted ops through an arith.extf with fastmath<contract>.
func FloatConverter(ctx *ir.Context, sources []*ir.FloatType, target *ir.FloatType) *rewrite.TypeConverter {
	unsupported := func(t ir.Type) bool {
		ft, ok := t.(*ir.FloatType)
		return ok && slices.Contains(sources, ft)
	}
	tc := rewrite.NewTypeConverter()
	tc.AddConversion(func(t ir.Type) []ir.Type {
		if unsupported(t) {
			return []ir.Type{target}
		}
		if s, ok := t.(ir.ShapedType); ok && unsupported(s.ElementType()) {
			if m, ok := t.(*ir.MemRefType); ok {
				return []ir.Type{ctx.MemRef(m.Dims, target, m.Layout, m.MemorySpace)}
			}
			return []ir.Type{arith.SameShape(ctx, t, target)}
		}
		return []ir.Type{t}
	})
	tc.AddTargetMaterialization(func(b *ir.Builder, t ir.Type, inputs []*ir.Value, loc ir.Location) *ir.Value {
		if len(inputs) != 1 {
			return nil
		}
		return b.Create(&ir.OpState{Name: "arith.extf", Loc: loc, Operands: inputs, ResultTypes: []ir.Type{t},
			Attrs: []ir.NamedAttr{{Name: "fastmath", Value: arith.FastMath(b.Context(), arith.FastMathContract)}}}).Result(0)
	})
	return tc
}

// UnsupportedFloats runs arith-emulate-unsupported-floats (MLIR's
// ArithEmulateUnsupportedFloats) on op: every arith op, and the vector
// ops that compute (contract, reduction, multi_reduction, fma,
// outerproduct, scan), on the source float types computes on target
// instead, its operands extended and its results truncated back, both
// with fastmath<contract>, the truncation in the op's rounding mode. Constants, casts, bitcasts, selects, splats and
// broadcasts stay, as do the ops of other dialects.
func UnsupportedFloats(op *ir.Operation, sources []*ir.FloatType, target *ir.FloatType) error {
	tc := FloatConverter(op.Context(), sources, target)
	t := rewrite.NewConversionTarget()
	t.MarkUnknownOpsLegal()
	t.AddDynamicallyLegalDialect("arith", tc.IsLegalOp)
	for _, name := range []string{"vector.contract", "vector.reduction", "vector.multi_reduction", "vector.fma", "vector.outerproduct", "vector.scan"} {
		t.AddDynamicallyLegalOp(name, tc.IsLegalOp)
	}
	t.AddLegalOp("arith.bitcast", "arith.extf", "arith.truncf", "arith.constant", "arith.select", "vector.splat", "vector.broadcast")
	return rewrite.ApplyPartialConversion(op, t, rewrite.NewConversionPatternSet(tc, emulateFloat))
}

// emulateFloat rebuilds any op with illegal types on the converted types
// and truncates the results whose type changed back.
var emulateFloat = &rewrite.ConversionPattern{
	Name:    "emulate-float",
	Benefit: 1,
	Rewrite: func(op *ir.Operation, operands []*ir.Value, rw *rewrite.ConversionRewriter) error {
		tc := rw.TypeConverter()
		if tc.IsLegalOp(op) || op.NumRegions() != 0 {
			return rewrite.NoMatch
		}
		types, ok := tc.ConvertTypes(op.ResultTypes())
		if !ok || len(types) != op.NumResults() {
			return rewrite.NoMatch
		}
		rw.SetInsertionPointBefore(op)
		n := rw.Create(&ir.OpState{Name: op.Name(), Loc: op.Loc(), Operands: operands, ResultTypes: types,
			Attrs: op.Attrs(), Successors: op.Successors()})
		results := append([]*ir.Value(nil), n.Results()...)
		attrs := []ir.NamedAttr{{Name: "fastmath", Value: arith.FastMath(op.Context(), arith.FastMathContract)}}
		if m := op.Attr("roundingmode"); m != nil {
			// MLIR truncates to nearest, which can undo a directed op's
			// rounding: rounding twice the same direction is exact.
			attrs = append(attrs, ir.NamedAttr{Name: "roundingmode", Value: m})
		}
		for i, r := range results {
			if old := op.Result(i).Type(); old != r.Type() {
				results[i] = rw.Create(&ir.OpState{Name: "arith.truncf", Loc: op.Loc(), Operands: []*ir.Value{r},
					ResultTypes: []ir.Type{old}, Attrs: attrs}).Result(0)
			}
		}
		rw.ReplaceOp(op, results)
		return nil
	},
}
