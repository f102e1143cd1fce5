package memref

import (
	"github.com/kiln-gpu/kiln/ir"
)

var load = &ir.OpDef{
	Name: "memref.load", Summary: "Reads one element of a memref.",
	Example:  "%r = memref.load %m[%i, %j] : memref<4x4xf32>",
	Traits:   ir.ReadOnly | ir.MemRefsNormalizable,
	Operands: ir.AtLeast(1),
	Results:  ir.Exactly(1),
	Inherent: []string{"nontemporal", "alignment"},
	Format:   accessFormat("$memref `[` $indices `]` attr-dict `:` type($memref)", "result"),
	Verify:   verifyLoad,
	Fold:     foldLoad,
}

// foldLoad reads through a memref.cast, and folds a load of a constant
// global whose value is a splat to that value, whatever the indices
// (MLIR's LoadOp::fold).
func foldLoad(op *ir.Operation, _ []ir.Attribute) ([]ir.FoldResult, bool) {
	if FoldMemRefCast(op, nil) {
		return nil, true
	}
	d := ConstantGlobalInit(op.Operand(0))
	if d == nil || !d.IsSplat() {
		return nil, false
	}
	if v := d.ElementAttr(op.Context(), 0); v != nil {
		return []ir.FoldResult{{Attr: v}}, true
	}
	return nil, false
}

// ConstantGlobalInit is the dense initial value of the constant
// memref.global that v's memref.get_global names, or nil when v is not
// such a value (loads from it fold: MLIR's LoadOp and AffineLoadOp folds).
func ConstantGlobalInit(v *ir.Value) *ir.DenseElementsAttr {
	get := v.DefiningOp()
	if get == nil || get.Name() != "memref.get_global" {
		return nil
	}
	ref, ok := get.Attr("name").(*ir.SymbolRefAttr)
	if !ok {
		return nil
	}
	g := ir.LookupNearestSymbol(get, ref)
	if g == nil || g.Name() != "memref.global" || g.Attr("constant") == nil {
		return nil
	}
	d, _ := g.Attr("initial_value").(*ir.DenseElementsAttr)
	return d
}

// accessFormat is the format of load (the result elem named) or store
// (the value operand elem named): the memref's element type gives elem's
// type, indices are index, nontemporal is optional and means false when
// absent.
func accessFormat(syntax, elem string) *ir.Format {
	f := &ir.Format{Syntax: syntax, Operands: []string{"memref", "indices*"}, Results: []string{elem},
		Types:     indexTypes("indices"),
		Kinds:     map[string]ir.TypeKind{"memref": MemRefKind},
		TypesFrom: []ir.TypeFrom{{From: "memref", To: elem, Transform: func(_ *ir.Context, t ir.Type) ir.Type { return t.(*ir.MemRefType).Elem }}},
		Attrs:     []ir.FormatAttr{NontemporalAttr},
	}
	if elem == "value" {
		f.Operands, f.Results = append([]string{"value"}, f.Operands...), nil
	}
	return f
}

// NontemporalAttr is the nontemporal flag of memory accesses, MLIR's
// DefaultValuedOptionalAttr<BoolAttr, "false">: absent unless written,
// elided in print when false.
var NontemporalAttr = ir.FormatAttr{Name: "nontemporal", Optional: true,
	Default: func(ctx *ir.Context) ir.Attribute { return ctx.BoolAttr(false) }}

// MemRefKind is builtin.memref as a format's type kind.
var MemRefKind = ir.TypeKind{Name: "builtin.memref", Is: func(t ir.Type) bool { _, ok := t.(*ir.MemRefType); return ok }}

// verifyAccess checks the memref operand at i, the indices after it and
// the access attributes.
func verifyAccess(op *ir.Operation, i int) (*ir.MemRefType, error) {
	if err := checkOperand(op, i, isRankedMemRef, rankedMemRef); err != nil {
		return nil, err
	}
	if err := checkIndexOperands(op, i+1, op.NumOperands()-i-1); err != nil {
		return nil, err
	}
	if a := op.Attr("nontemporal"); a != nil {
		if b, ok := a.(*ir.IntegerAttr); !ok || ir.IntOrFloatBitWidth(b.Type()) != 1 {
			return nil, op.Errorf("attribute 'nontemporal' failed to satisfy constraint: bool attribute")
		}
	}
	if err := checkAlignment(op, "alignment"); err != nil {
		return nil, err
	}
	t := op.Operand(i).Type().(*ir.MemRefType)
	return t, checkIndexCount(op, t, op.NumOperands()-i-1)
}

func verifyLoad(op *ir.Operation) error {
	t, err := verifyAccess(op, 0)
	if err != nil {
		return err
	}
	if op.Result(0).Type() != t.Elem {
		return op.Errorf("failed to verify that result type matches element type of 'memref'")
	}
	return nil
}

var store = &ir.OpDef{
	Name: "memref.store", Summary: "Writes one element of a memref.",
	Traits:   ir.MemRefsNormalizable,
	Example:  "memref.store %v, %m[%i, %j] {nontemporal = true} : memref<4x4xf32>",
	Operands: ir.AtLeast(2),
	Inherent: []string{"nontemporal", "alignment"},
	Format:   accessFormat("$value `,` $memref `[` $indices `]` attr-dict `:` type($memref)", "value"),
	Verify: func(op *ir.Operation) error {
		t, err := verifyAccess(op, 1)
		if err != nil {
			return err
		}
		if op.Operand(0).Type() != t.Elem {
			return op.Errorf("failed to verify that type of 'value' matches element type of 'memref'")
		}
		return nil
	},
	Fold: foldCastOperands(0),
}

// foldCastOperands returns a folder that applies FoldMemRefCast to op,
// except for operand skip (the stored value).
func foldCastOperands(skip int) func(op *ir.Operation, _ []ir.Attribute) ([]ir.FoldResult, bool) {
	return func(op *ir.Operation, _ []ir.Attribute) ([]ir.FoldResult, bool) {
		var inner *ir.Value
		if skip >= 0 {
			inner = op.Operand(skip)
		}
		return nil, FoldMemRefCast(op, inner)
	}
}

// FoldMemRefCast makes op use the ranked source of each memref.cast operand
// directly, except where the operand is inner (MLIR's memref::foldMemRefCast,
// which the folders of memory ops in other dialects call too). It reports
// whether an operand changed.
func FoldMemRefCast(op *ir.Operation, inner *ir.Value) bool {
	folded := false
	for i, v := range op.Operands() {
		if v == inner {
			continue
		}
		if src := castSource(v); src != nil {
			op.SetOperand(i, src)
			folded = true
		}
	}
	return folded
}

// castSource returns the ranked source of a memref.cast that defines v.
func castSource(v *ir.Value) *ir.Value {
	d := v.DefiningOp()
	if d == nil || d.Name() != "memref.cast" || d.NumOperands() != 1 {
		return nil
	}
	if _, ok := d.Operand(0).Type().(*ir.MemRefType); !ok {
		return nil
	}
	return d.Operand(0)
}
