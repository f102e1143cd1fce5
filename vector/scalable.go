package vector

import "github.com/kiln-gpu/kiln/ir"

// Ops on scalable vectors: the runtime multiple of their scalable
// dimensions and fixed-length slices of them.

// vscaleOp is vector.vscale, the runtime factor of scalable dimensions.
var vscaleOp = &ir.OpDef{
	Name:     "vector.vscale",
	Summary:  "Load vector scale size",
	Example:  "%r = vector.vscale",
	Traits:   ir.Pure,
	Operands: ir.Exactly(0),
	Results:  ir.Exactly(1),
	// MLIR's VectorScaleOp::getAsmResultNames.
	ResultNames: func(op *ir.Operation, name func(v *ir.Value, name string)) { name(op.Result(0), "vscale") },
	Format: &ir.Format{Syntax: "attr-dict", Results: []string{"res"},
		Types: map[string]func(*ir.Context) ir.Type{"res": func(ctx *ir.Context) ir.Type { return ctx.Index() }}},
	Verify: func(op *ir.Operation) error {
		if op.Result(0).Type() != op.Context().Index() {
			return op.Errorf("result #0 must be index, but got %s", typeQuoted(op.Result(0).Type()))
		}
		return nil
	},
}

// scalableInsertOp is vector.scalable.insert:
//
//	%r = vector.scalable.insert %v, %dst[8] : vector<4xf32> into vector<[16]xf32>
var scalableInsertOp = &ir.OpDef{
	Name:     "vector.scalable.insert",
	Summary:  "insert subvector into scalable vector operation",
	Example:  "%r = vector.scalable.insert %v, %dst[8] : vector<4xf32> into vector<[16]xf32>",
	Traits:   ir.Pure,
	Operands: ir.Exactly(2),
	Results:  ir.Exactly(1),
	Inherent: []string{"pos"},
	Format: &ir.Format{Syntax: "$valueToStore `,` $dest `[` $pos `]` attr-dict `:` type($valueToStore) `into` type($dest)",
		Operands: []string{"valueToStore", "dest"}, Results: []string{"res"}, Attrs: []ir.FormatAttr{posAttr},
		Kinds: map[string]ir.TypeKind{"valueToStore": vectorKind, "dest": vectorKind}, TypesMatch: [][]string{{"dest", "res"}}},
	Verify: func(op *ir.Operation) error {
		if op.Result(0).Type() != op.Operand(1).Type() {
			return op.Errorf("failed to verify that all of {dest, res} have same type")
		}
		return verifyScalableSlice(op, op.Operand(0).Type(), op.Operand(1).Type(), "valueToStore", "dest", "source")
	},
}

// scalableExtractOp is vector.scalable.extract:
//
//	%r = vector.scalable.extract %v[0] : vector<4xf32> from vector<[16]xf32>
var scalableExtractOp = &ir.OpDef{
	Name:     "vector.scalable.extract",
	Summary:  "extract subvector from scalable vector operation",
	Example:  "%r = vector.scalable.extract %v[0] : vector<4xf32> from vector<[16]xf32>",
	Traits:   ir.Pure,
	Operands: ir.Exactly(1),
	Results:  ir.Exactly(1),
	Inherent: []string{"pos"},
	Format: &ir.Format{Syntax: "$source `[` $pos `]` attr-dict `:` type($res) `from` type($source)",
		Operands: []string{"source"}, Results: []string{"res"}, Attrs: []ir.FormatAttr{posAttr},
		Kinds: map[string]ir.TypeKind{"source": vectorKind, "res": vectorKind}},
	Verify: func(op *ir.Operation) error {
		return verifyScalableSlice(op, op.Result(0).Type(), op.Operand(0).Type(), "res", "source", "result")
	},
}

// verifyScalableSlice checks a fixed 1-D slice type and the scalable 1-D
// vector it sits in, at a position that is a multiple of the slice length;
// small names the slice in MLIR's position message.
func verifyScalableSlice(op *ir.Operation, slice, whole ir.Type, sliceName, wholeName, small string) error {
	st, ok := slice.(*ir.VectorType)
	if !ok || len(st.Dims) != 1 {
		return op.Errorf("%s must be vector of any type values of ranks 1, but got %s", sliceName, typeQuoted(slice))
	}
	wt, ok := whole.(*ir.VectorType)
	if !ok || len(wt.Dims) != 1 || !wt.IsScalable() {
		return op.Errorf("%s must be scalable vector of any type values of ranks 1, but got %s", wholeName, typeQuoted(whole))
	}
	if st.Elem != wt.Elem {
		return op.Errorf("failed to verify that all of {%s, %s} have same element type", sliceName, wholeName)
	}
	pos, ok := op.Attr("pos").(*ir.IntegerAttr)
	if !ok {
		return op.Errorf("requires attribute 'pos'")
	}
	if st.Dims[0] == 0 || pos.Int()%st.Dims[0] != 0 {
		return op.Errorf("failed to verify that position is a multiple of the %s length.", small)
	}
	return nil
}
