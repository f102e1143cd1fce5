package tensor

import (
	"github.com/kiln-gpu/kiln/ir"
)

// sliceLists is the tail shared by the slice ops' formats: the offsets,
// sizes and strides as mixed lists.
const sliceLists = "`` custom<DynamicIndexList>($offsets, $static_offsets) " +
	"custom<DynamicIndexList>($sizes, $static_sizes) custom<DynamicIndexList>($strides, $static_strides) attr-dict"

var sliceAttrs = []ir.FormatAttr{{Name: "static_offsets"}, {Name: "static_sizes"}, {Name: "static_strides"}}

var sliceIndexTypes = map[string]func(*ir.Context) ir.Type{"offsets": index, "sizes": index, "strides": index}

var extractSlice = &ir.OpDef{
	Name:        "tensor.extract_slice",
	Summary:     "A slice of a tensor given by offsets, sizes and strides; unit dimensions may be dropped.",
	Example:     "%r = tensor.extract_slice %t[%o, 4] [2, %s] [1, 1] : tensor<8x16xf32> to tensor<2x?xf32>",
	Traits:      ir.Pure | ir.AttrSizedOperandSegments,
	Operands:    ir.AtLeast(1),
	Results:     ir.Exactly(1),
	Inherent:    []string{"static_offsets", "static_sizes", "static_strides"},
	ResultNames: resultName("extracted_slice"),
	Format: &ir.Format{
		Syntax:   "$source " + sliceLists + " `:` type($source) `to` type($result)",
		Operands: []string{"source", "offsets*", "sizes*", "strides*"},
		Results:  []string{"result"},
		Attrs:    sliceAttrs,
		Types:    sliceIndexTypes,
		Custom:   customs,
	},
	Verify: func(op *ir.Operation) error {
		if err := checkTensor(op, "operand #0", op.Operand(0).Type(), true); err != nil {
			return err
		}
		if err := checkTensor(op, "result #0", op.Result(0).Type(), true); err != nil {
			return err
		}
		src := ranked(op.Operand(0).Type())
		if err := verifyMixed(op, 1, len(src.Dims)); err != nil {
			return err
		}
		return verifyRankReduced(op, src, ranked(op.Result(0).Type()))
	},
	Fold: func(op *ir.Operation, consts []ir.Attribute) ([]ir.FoldResult, bool) {
		// A slice of a splat is a splat (MLIR's reshapeConstantSource).
		if d, ok := consts[0].(*ir.DenseElementsAttr); ok && d.IsSplat() && d.Strings() == nil {
			if t := ranked(op.Result(0).Type()); t != nil && countDynamic(t.Dims) == 0 {
				return []ir.FoldResult{{Attr: op.Context().DenseRaw(t, d.Raw(), true)}}, true
			}
		}
		if isIdentitySlice(op, 1, op.Operand(0).Type(), op.Result(0).Type()) {
			return []ir.FoldResult{{Value: op.Operand(0)}}, true
		}
		if v := extractAfterInsertSlice(op); v != nil {
			return []ir.FoldResult{{Value: v}}, true
		}
		return nil, false
	},
	Canonicalize: []*ir.Pattern{{Name: "extract-slice-constant-arguments", Root: "tensor.extract_slice", Rewrite: sliceConstantArgs},
		{Name: "extract-slice-of-cast", Root: "tensor.extract_slice", Rewrite: extractSliceOfCast}},
}

var insertSlice = &ir.OpDef{
	Name:        "tensor.insert_slice",
	Summary:     "A tensor equal to dest but for a slice, given by offsets, sizes and strides, taken from source.",
	Example:     "%r = tensor.insert_slice %s into %t[%o, 4] [2, %n] [1, 1] : tensor<2x?xf32> into tensor<8x16xf32>",
	Traits:      ir.Pure | ir.AttrSizedOperandSegments,
	Operands:    ir.AtLeast(2),
	Results:     ir.Exactly(1),
	Inherent:    []string{"static_offsets", "static_sizes", "static_strides"},
	ResultNames: resultName("inserted_slice"),
	Format: &ir.Format{
		Syntax:    "$source `into` $dest " + sliceLists + " `:` type($source) `into` type($dest)",
		Operands:  []string{"source", "dest", "offsets*", "sizes*", "strides*"},
		Results:   []string{"result"},
		Attrs:     sliceAttrs,
		Types:     sliceIndexTypes,
		TypesFrom: []ir.TypeFrom{{From: "dest", To: "result"}},
		Custom:    customs,
	},
	Verify: func(op *ir.Operation) error { return verifyInsertSlice(op, 2) },
	Fold:   foldInsertSlice,
	Canonicalize: []*ir.Pattern{{Name: "insert-slice-constant-arguments", Root: "tensor.insert_slice", Rewrite: sliceConstantArgs},
		{Name: "insert-slice-of-casts", Root: "tensor.insert_slice", Rewrite: insertSliceOfCasts}},
}

var parallelInsertSlice = &ir.OpDef{
	Name:    "tensor.parallel_insert_slice",
	Summary: "In scf.forall.in_parallel: inserts a slice into a shared output, in parallel with the other threads.",
	Example: "%r = scf.forall (%i) in (4) shared_outs(%o = %t) -> (tensor<4xf32>) {\n" +
		"  scf.forall.in_parallel {\n" +
		"    tensor.parallel_insert_slice %s into %o[%i] [1] [1] : tensor<1xf32> into tensor<4xf32>\n  }\n}",
	Traits:   ir.AttrSizedOperandSegments,
	Operands: ir.AtLeast(2),
	Inherent: []string{"static_offsets", "static_sizes", "static_strides"},
	Format: &ir.Format{
		Syntax:   "$source `into` $dest " + sliceLists + " `:` type($source) `into` type($dest)",
		Operands: []string{"source", "dest", "offsets*", "sizes*", "strides*"},
		Attrs:    sliceAttrs,
		Types:    sliceIndexTypes,
		Custom:   customs,
	},
	Verify: func(op *ir.Operation) error {
		if p := op.ParentOp(); p == nil || p.Name() != "scf.forall.in_parallel" {
			name := "nothing"
			if p != nil {
				name = p.Name()
			}
			return op.EmitErrorf("expected ParallelCombiningOpInterface parent, got: '%s'", name)
		}
		return verifyInsertSlice(op, 0)
	},
}

func verifyInsertSlice(op *ir.Operation, results int) error {
	if err := checkTensor(op, "operand #0", op.Operand(0).Type(), true); err != nil {
		return err
	}
	if err := checkTensor(op, "operand #1", op.Operand(1).Type(), true); err != nil {
		return err
	}
	dest := ranked(op.Operand(1).Type())
	if results > 0 && op.Result(0).Type() != dest {
		return op.Errorf("failed to verify that all of {dest, result} have same type")
	}
	if err := verifyMixed(op, 2, len(dest.Dims)); err != nil {
		return err
	}
	return verifyRankReduced(op, dest, ranked(op.Operand(0).Type()))
}

// mixed returns a slice op's static lists and, for each, its dynamic
// operands (first is the index of the first offset operand).
func mixed(op *ir.Operation, first int) (static [3][]int64, dyn [3][]*ir.Value, err error) {
	names := [3]string{"static_offsets", "static_sizes", "static_strides"}
	segs := ir.OperandSegmentSizes(op)
	if len(segs) != first+3 {
		return static, dyn, op.Errorf("'operandSegmentSizes' attribute for specifying operand segments must have %d elements, but got %d", first+3, len(segs))
	}
	for i, n := range names {
		a, ok := op.Attr(n).(*ir.DenseArrayAttr)
		if !ok {
			return static, dyn, op.Errorf("requires attribute '%s'", n)
		}
		static[i] = a.Ints
		dyn[i] = ir.OperandSegment(op, first+i)
	}
	return static, dyn, nil
}

// verifyMixed checks the lists as MLIR's OffsetSizeAndStrideOpInterface
// does: one entry per source dimension, one operand per dynamic entry,
// index operands.
func verifyMixed(op *ir.Operation, first, rank int) error {
	static, dyn, err := mixed(op, first)
	if err != nil {
		return err
	}
	if err := checkIndex(op, first); err != nil {
		return err
	}
	for i, what := range []string{"offset", "size", "stride"} {
		if len(static[i]) != rank {
			return op.Errorf("expected %d %s values", rank, what)
		}
		if n := countDynamic(static[i]); n != len(dyn[i]) {
			return op.Errorf("expected %d dynamic %s values", n, what)
		}
	}
	for _, s := range static[1] {
		if s != ir.Dynamic && s < 0 {
			return op.Errorf("expected sizes to be non-negative, but got %d", s)
		}
	}
	return nil
}

// verifyRankReduced checks that the slice type is the type the static
// sizes give, possibly with some unit dimensions dropped.
func verifyRankReduced(op *ir.Operation, full, slice *ir.RankedTensorType) error {
	sizes := op.Attr("static_sizes").(*ir.DenseArrayAttr).Ints
	want := op.Context().Tensor(sizes, full.Elem, nil)
	if len(slice.Dims) > len(sizes) {
		return op.EmitErrorf("expected rank to be smaller or equal to the other rank. ")
	}
	if !rankReduces(sizes, slice.Dims) {
		return op.EmitErrorf("expected type to be %s or a rank-reduced version. (size mismatch) ", ir.TypeString(want))
	}
	if slice.Elem != full.Elem {
		return op.EmitErrorf("expected element type to be %s", ir.TypeString(full.Elem))
	}
	return nil
}

// rankReduces reports whether reduced is sizes with some 1s dropped.
func rankReduces(sizes, reduced []int64) bool {
	j := 0
	for _, s := range sizes {
		if j < len(reduced) && (reduced[j] == s) {
			j++
			continue
		}
		if s != 1 {
			return false
		}
	}
	return j == len(reduced)
}

// isIdentitySlice reports whether a slice takes all of a full tensor of
// type full with zero offsets and unit strides, and has full's type.
func isIdentitySlice(op *ir.Operation, first int, full, slice ir.Type) bool {
	if full != slice || ranked(full) == nil {
		return false
	}
	static, dyn, err := mixed(op, first)
	if err != nil || len(dyn[0])+len(dyn[1])+len(dyn[2]) != 0 {
		return false
	}
	for i, d := range ranked(full).Dims {
		if static[0][i] != 0 || static[2][i] != 1 || static[1][i] != d || d == ir.Dynamic {
			return false
		}
	}
	return true
}

// SliceLists returns the static offsets, sizes and strides of a slice op
// (extract_slice, insert_slice, parallel_insert_slice) and, for each list,
// the operands of its dynamic entries; ok is false for another op or a
// malformed one.
func SliceLists(op *ir.Operation) (static [3][]int64, dyn [3][]*ir.Value, ok bool) {
	first := 2
	switch op.Name() {
	case "tensor.extract_slice":
		first = 1
	case "tensor.insert_slice", "tensor.parallel_insert_slice":
	default:
		return static, dyn, false
	}
	static, dyn, err := mixed(op, first)
	return static, dyn, err == nil
}
