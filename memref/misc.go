package memref

import (
	"slices"

	"github.com/kiln-gpu/kiln/arith"
	"github.com/kiln-gpu/kiln/ir"
)

var copyOp = &ir.OpDef{
	Name: "memref.copy", Summary: "Copies the elements of one memref into another of the same shape.",
	Example:  "memref.copy %a, %b : memref<4xf32> to memref<4xf32, strided<[2]>>",
	Operands: ir.Exactly(2),
	Format: &ir.Format{Syntax: "$source `,` $target attr-dict `:` type($source) `to` type($target)",
		Operands: []string{"source", "target"}},
	Verify: func(op *ir.Operation) error {
		for i := range 2 {
			if err := checkOperand(op, i, isMemRef, anyMemRef); err != nil {
				return err
			}
		}
		a, b := op.Operand(0).Type(), op.Operand(1).Type()
		ar, ok1 := a.(*ir.MemRefType)
		br, ok2 := b.(*ir.MemRefType)
		if ok1 && ok2 && len(ar.Dims) == len(br.Dims) {
			for i := range ar.Dims {
				if !dimCompatible(ar.Dims[i], br.Dims[i]) {
					return op.Errorf("requires the same shape for all operands")
				}
			}
		} else if ok1 && ok2 {
			return op.Errorf("requires the same shape for all operands")
		}
		if ir.ElementTypeOrSelf(a) != ir.ElementTypeOrSelf(b) {
			return op.Errorf("requires the same element type for all operands")
		}
		return nil
	},
	Fold: foldCastOperands(-1),
	Canonicalize: []*ir.Pattern{{Name: "erase-self-copy", Root: "memref.copy", Rewrite: func(op *ir.Operation, rw *ir.Rewriter) bool {
		if op.Operand(0) != op.Operand(1) {
			return false
		}
		rw.EraseOp(op)
		return true
	}}, {Name: "erase-empty-copy", Root: "memref.copy", Rewrite: eraseEmptyCopy}},
}

// eraseEmptyCopy erases a copy from or to a memref with a static zero
// size: it copies nothing (MLIR's FoldEmptyCopy).
func eraseEmptyCopy(op *ir.Operation, rw *ir.Rewriter) bool {
	for _, v := range op.Operands() {
		if mt, ok := v.Type().(*ir.MemRefType); ok && slices.Contains(mt.Dims, 0) {
			rw.EraseOp(op)
			return true
		}
	}
	return false
}

var assumeAlignment = &ir.OpDef{
	Name: "memref.assume_alignment", Summary: "Asserts that a memref's aligned pointer is aligned to a power of two.",
	Example: "%r = memref.assume_alignment %m, 16 : memref<4x4xf16>",
	// No traits: the older form has no result, and Pure would let DCE drop it.
	Operands:    ir.Exactly(1),
	Results:     ir.Between(0, 1), // MLIR before 21 had no result
	Inherent:    []string{"alignment"},
	ResultNames: resultName("assume_align"),
	// Hand-written: the result is optional (none before MLIR 21), which a
	// format cannot say.
	Parse: func(p *ir.OpParser, st *ir.OpState) error {
		u, err := p.ParseOperand()
		if err != nil {
			return err
		}
		if err := p.ParsePunct(","); err != nil {
			return err
		}
		n, err := p.ParseInteger()
		if err != nil {
			return err
		}
		st.AddAttr("alignment", p.Context().I32Attr(n))
		if err := p.ParseOptionalAttrDict(); err != nil {
			return err
		}
		t, err := p.ParseColonType()
		if err != nil {
			return err
		}
		if p.NumResults() > 0 {
			st.ResultTypes = []ir.Type{t}
		}
		return p.ResolveOperands([]ir.UnresolvedOperand{u}, []ir.Type{t})
	},
	Print: func(p *ir.OpPrinter, op *ir.Operation) {
		p.WriteByte(' ')
		p.Operand(op.Operand(0))
		p.WriteString(", ")
		if a, ok := op.Attr("alignment").(*ir.IntegerAttr); ok {
			p.Int(a.Int())
		}
		p.OptionalAttrDict(op.Attrs(), "alignment")
		p.WriteString(" : ")
		p.Type(op.Operand(0).Type())
	},
	Verify: func(op *ir.Operation) error {
		if err := checkOperand(op, 0, isRankedMemRef, rankedMemRef); err != nil {
			return err
		}
		a, ok := op.Attr("alignment").(*ir.IntegerAttr)
		if !ok || ir.IntOrFloatBitWidth(a.Type()) != 32 || a.Int() <= 0 {
			return op.Errorf("attribute 'alignment' failed to satisfy constraint: 32-bit signless integer attribute whose value is positive")
		}
		if a.Int()&(a.Int()-1) != 0 {
			return op.Errorf("alignment must be power of 2")
		}
		if op.NumResults() == 1 && op.Result(0).Type() != op.Operand(0).Type() {
			return op.Errorf("failed to verify that all of {memref, result} have same type")
		}
		return nil
	},
	Fold: foldAssumeAlignment,
}

// foldAssumeAlignment folds an assumption that the assumption giving its
// operand already makes, with the same alignment (MLIR's
// AssumeAlignmentOp::fold).
func foldAssumeAlignment(op *ir.Operation, _ []ir.Attribute) ([]ir.FoldResult, bool) {
	src := op.Operand(0).DefiningOp()
	if op.NumResults() != 1 || src == nil || src.Name() != op.Name() || src.Attr("alignment") != op.Attr("alignment") {
		return nil, false
	}
	return []ir.FoldResult{{Value: op.Operand(0)}}, true
}

var extractStridedMetadata = &ir.OpDef{
	Name: "memref.extract_strided_metadata", Summary: "Returns the base buffer, offset, sizes and strides of a strided memref.",
	Example:     "%base_buffer, %offset, %sizes:2, %strides:2 = memref.extract_strided_metadata %m : memref<4x?xf32> -> memref<f32>, index, index, index, index, index",
	Traits:      ir.Pure,
	Operands:    ir.Exactly(1),
	Results:     ir.AtLeast(2),
	ResultNames: stridedMetadataNames,
	Format: &ir.Format{Syntax: "$source `:` type($source) `->` type(results) attr-dict",
		Operands: []string{"source"}, Results: []string{"results*"}},
	Verify: func(op *ir.Operation) error {
		if err := checkOperand(op, 0, IsStrided, "strided memref of any type values"); err != nil {
			return err
		}
		t := op.Operand(0).Type().(*ir.MemRefType)
		want := ExtractStridedMetadataTypes(op.Context(), t)
		if op.NumResults() != len(want) {
			return op.Errorf("expected %d results, but found %d", len(want), op.NumResults())
		}
		for i, w := range want {
			if op.Result(i).Type() != w {
				return op.Errorf("result #%d has type '%s', expected '%s'", i, ir.TypeString(op.Result(i).Type()), ir.TypeString(w))
			}
		}
		return nil
	},
	Canonicalize: []*ir.Pattern{ConstantMetadataPattern},
}

// ConstantMetadataPattern is constantMetadata, which MLIR does in
// ExtractStridedMetadataOp::fold; passes with their own pattern sets add it.
var ConstantMetadataPattern = &ir.Pattern{Name: "static-strided-metadata", Root: "memref.extract_strided_metadata", Rewrite: constantMetadata}

// constantMetadata replaces the used static offset, sizes and strides of
// memref.extract_strided_metadata by constants, and reads the ranked
// source of a memref.cast directly.
func constantMetadata(op *ir.Operation, rw *ir.Rewriter) bool {
	t, ok := op.Operand(0).Type().(*ir.MemRefType)
	if !ok || op.NumResults() != 2+2*len(t.Dims) {
		return false
	}
	strides, offset, ok := StridesAndOffset(t)
	if !ok {
		return false
	}
	vals := append(append([]int64{offset}, t.Dims...), strides...)
	changed := false
	for i, v := range vals {
		r := op.Result(i + 1)
		if v == ir.Dynamic || !r.HasUses() {
			continue
		}
		rw.SetInsertionPointBefore(op)
		c := arith.BuildConstant(&rw.Builder, op.Context().IndexAttr(v), r.Type(), op.Loc())
		if c == nil {
			continue
		}
		if c.Block() == nil {
			rw.Insert(c)
		}
		rw.ReplaceAllUsesWith(r, c.Result(0))
		changed = true
	}
	if src := castSource(op.Operand(0)); src != nil {
		rw.ModifyInPlace(op, func() { op.SetOperand(0, src) })
		changed = true
	}
	return changed
}

// ExtractStridedMetadataTypes returns the result types of
// memref.extract_strided_metadata on t: a 0-d memref of the element type in
// t's memory space, the offset, then one index per size and per stride.
func ExtractStridedMetadataTypes(ctx *ir.Context, t *ir.MemRefType) []ir.Type {
	idx := ctx.Index()
	ts := []ir.Type{ctx.MemRef(nil, t.Elem, nil, t.MemorySpace), idx}
	for range 2 * len(t.Dims) {
		ts = append(ts, idx)
	}
	return ts
}

var extractAlignedPointer = &ir.OpDef{
	Name: "memref.extract_aligned_pointer_as_index", Summary: "Returns a memref's aligned pointer as an index.",
	Example:     "%r = memref.extract_aligned_pointer_as_index %m : memref<4xf32> -> index",
	Traits:      ir.Pure,
	Operands:    ir.Exactly(1),
	Results:     ir.Exactly(1),
	ResultNames: resultName("intptr"),
	Format: &ir.Format{Syntax: "$source `:` type($source) `->` type(results) attr-dict",
		Operands: []string{"source"}, Results: []string{"aligned_pointer"}},
	Verify: func(op *ir.Operation) error {
		if err := checkOperand(op, 0, isMemRef, anyMemRef); err != nil {
			return err
		}
		return checkResult(op, 0, isIndex, "index")
	},
}

// stridedMetadataNames names the results as MLIR does:
// %base_buffer, %offset, %sizes:N, %strides:N.
func stridedMetadataNames(op *ir.Operation, name func(v *ir.Value, name string)) {
	n := op.NumResults()
	if n < 2 {
		return
	}
	name(op.Result(0), "base_buffer")
	name(op.Result(1), "offset")
	if rank := (n - 2) / 2; rank > 0 {
		name(op.Result(2), "sizes")
		name(op.Result(2+rank), "strides")
	}
}

// tensorStore is MLIR's memref.tensor_store, which MLIR later replaced by
// bufferization.materialize_in_destination; files of that time still use it.
var tensorStore = &ir.OpDef{
	Name: "memref.tensor_store", Summary: "Stores the contents of a tensor into a memref of the same shape.",
	Example:  "memref.tensor_store %t, %m : memref<4xf32>",
	Operands: ir.Exactly(2),
	Format: &ir.Format{
		Syntax:    "$tensor `,` $memref attr-dict `:` type($memref)",
		Operands:  []string{"tensor", "memref"},
		TypesFrom: []ir.TypeFrom{{From: "memref", To: "tensor", Transform: tensorOfMemRef}},
	},
	Verify: func(op *ir.Operation) error {
		if err := checkOperand(op, 0, isTensor, "tensor of any type values"); err != nil {
			return err
		}
		if err := checkOperand(op, 1, isMemRef, anyMemRef); err != nil {
			return err
		}
		t, m := op.Operand(0).Type(), op.Operand(1).Type()
		if tr, ok := t.(*ir.RankedTensorType); ok {
			if mr, ok := m.(*ir.MemRefType); ok && !slices.Equal(tr.Dims, mr.Dims) {
				return op.Errorf("failed to verify that all of {tensor, memref} have same shape")
			}
		}
		if t != tensorOfMemRef(op.Context(), m) {
			return op.Errorf("failed to verify that type of 'tensor' matches tensor equivalent of 'memref'")
		}
		return nil
	},
}

func isTensor(t ir.Type) bool {
	switch t.(type) {
	case *ir.RankedTensorType, *ir.UnrankedTensorType:
		return true
	}
	return false
}

// tensorOfMemRef is MLIR's getTensorTypeFromMemRefType: the tensor of a
// memref's shape and element type (none for a non-memref).
func tensorOfMemRef(ctx *ir.Context, t ir.Type) ir.Type {
	switch m := t.(type) {
	case *ir.MemRefType:
		return ctx.Tensor(m.Dims, m.Elem, nil)
	case *ir.UnrankedMemRefType:
		return ctx.UnrankedTensor(m.Elem)
	}
	return ctx.None()
}
