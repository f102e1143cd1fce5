package memref

import (
	"github.com/kiln-gpu/kiln/ir"
)

var expandShape = &ir.OpDef{
	Name: "memref.expand_shape", Summary: "Splits dimensions of a memref into several (a reshape with reassociation groups).",
	Example:     "%r = memref.expand_shape %m [[0, 1], [2]] output_shape [%n, 4, 20] : memref<?x20xf32> into memref<?x4x20xf32>",
	Traits:      ir.Pure,
	Operands:    ir.AtLeast(1),
	Results:     ir.Exactly(1),
	Inherent:    []string{"reassociation", "static_output_shape"},
	ResultNames: resultName("expand_shape"),
	// Hand-written: a format cannot say the form before MLIR 19 without
	// output_shape.
	Parse:  parseReshape,
	Print:  printReshape,
	Verify: func(op *ir.Operation) error { return verifyReshape(op, true) },
	Fold:   foldReshape("memref.collapse_shape"),
	Canonicalize: []*ir.Pattern{{Name: "compose-expand-shapes", Root: "memref.expand_shape", Rewrite: composeReshapes},
		{Name: "expand-of-collapse-to-cast", Root: "memref.expand_shape", Rewrite: reshapeOfInverseToCast("memref.collapse_shape")}},
}

var collapseShape = &ir.OpDef{
	Name: "memref.collapse_shape", Summary: "Merges groups of contiguous dimensions of a memref into one.",
	Example:     "%r = memref.collapse_shape %m [[0, 1], [2]] : memref<?x4x20xf32> into memref<?x20xf32>",
	Traits:      ir.Pure,
	Operands:    ir.Exactly(1),
	Results:     ir.Exactly(1),
	Inherent:    []string{"reassociation"},
	ResultNames: resultName("collapse_shape"),
	Format: &ir.Format{Syntax: "$src $reassociation attr-dict `:` type($src) `into` type($result)",
		Operands: []string{"src"}, Results: []string{"result"}, Attrs: []ir.FormatAttr{{Name: "reassociation"}}},
	Verify: func(op *ir.Operation) error { return verifyReshape(op, false) },
	Fold:   foldReshape("memref.expand_shape"),
	Canonicalize: []*ir.Pattern{{Name: "compose-collapse-shapes", Root: "memref.collapse_shape", Rewrite: composeReshapes},
		{Name: "collapse-of-cast", Root: "memref.collapse_shape", Rewrite: collapseOfCast},
		{Name: "collapse-of-expand-to-cast", Root: "memref.collapse_shape", Rewrite: reshapeOfInverseToCast("memref.expand_shape")}},
}

// reshapeOfInverseToCast rewrites collapse(expand(x)) or expand(collapse(x))
// with the same groups as a memref.cast of x when only the layouts differ
// (MLIR's ComposeCollapseOfExpandOp, and ComposeExpandOfCollapseOp since PR
// 172864, whose casts may change the stride of a unit dimension); the
// equal-type case is foldReshape's.
func reshapeOfInverseToCast(inverse string) func(op *ir.Operation, rw *ir.Rewriter) bool {
	return func(op *ir.Operation, rw *ir.Rewriter) bool {
		d := op.Operand(0).DefiningOp()
		if d == nil || d.Name() != inverse ||
			ir.AttrString(d.Attr("reassociation")) != ir.AttrString(op.Attr("reassociation")) {
			return false
		}
		src, res := d.Operand(0), op.Result(0).Type()
		if src.Type() == res || !IsCastCompatible(src.Type(), res) {
			return false
		}
		rw.ReplaceOpWith(op, &ir.OpState{Name: "memref.cast", Loc: op.Loc(), Operands: []*ir.Value{src}, ResultTypes: []ir.Type{res}})
		return true
	}
}

// %m [[0, 1], [2]] (output_shape [..])? attr-dict : from into to. Without
// output_shape (the form before MLIR 19) static_output_shape stays unset.
func parseReshape(p *ir.OpParser, st *ir.OpState) error {
	src, err := p.ParseOperand()
	if err != nil {
		return err
	}
	re, err := parseReassociation(p)
	if err != nil {
		return err
	}
	st.AddAttr("reassociation", re)
	var dyn []ir.UnresolvedOperand
	if p.ParseOptionalKeyword("output_shape") {
		d, s, err := ParseDynamicIndexList(p)
		if err != nil {
			return err
		}
		dyn = d
		st.AddAttr("static_output_shape", p.Context().DenseI64Array(s...))
	}
	from, to, err := ir.ParseAttrDictColonTypes(p, "into")
	if err != nil {
		return err
	}
	if err := p.ResolveOperands([]ir.UnresolvedOperand{src}, []ir.Type{from}); err != nil {
		return err
	}
	st.ResultTypes = []ir.Type{to}
	return resolveIndex(p, dyn)
}

func printReshape(p *ir.OpPrinter, op *ir.Operation) {
	p.WriteByte(' ')
	p.Operand(op.Operand(0))
	p.WriteByte(' ')
	groups, _ := Reassociation(op.Attr("reassociation"))
	printReassociation(p, groups)
	if s := staticArray(op, "static_output_shape"); s != nil {
		p.WriteString(" output_shape ")
		PrintDynamicIndexList(p, op.Operands()[1:], s)
	}
	p.OptionalAttrDict(op.Attrs(), "reassociation", "static_output_shape")
	p.WriteString(" : ")
	p.Type(op.Operand(0).Type())
	p.WriteString(" into ")
	p.Type(op.Result(0).Type())
}

func verifyReshape(op *ir.Operation, expand bool) error {
	if err := checkOperand(op, 0, isRankedMemRef, rankedMemRef); err != nil {
		return err
	}
	if err := checkResult(op, 0, isRankedMemRef, rankedMemRef); err != nil {
		return err
	}
	if err := checkIndexOperands(op, 1, op.NumOperands()-1); err != nil {
		return err
	}
	src, res := op.Operand(0).Type().(*ir.MemRefType), op.Result(0).Type().(*ir.MemRefType)
	groups, ok := Reassociation(op.Attr("reassociation"))
	if !ok {
		return op.Errorf("requires attribute 'reassociation'")
	}
	big, small := res, src
	if !expand {
		big, small = src, res
	}
	if len(small.Dims) > len(big.Dims) {
		if expand {
			return op.Errorf("has source rank %d and result rank %d. This is not an expansion (%d > %d)", len(src.Dims), len(res.Dims), len(src.Dims), len(res.Dims))
		}
		return op.Errorf("has source rank %d and result rank %d. This is not a collapse (%d < %d)", len(src.Dims), len(res.Dims), len(src.Dims), len(res.Dims))
	}
	if len(small.Dims) == 0 {
		for _, d := range big.Dims {
			if d != 1 {
				return op.Errorf("rank 0 memrefs can only be extended/collapsed with/from ones")
			}
		}
		if len(groups) != 0 {
			return op.Errorf("invalid number of reassociation groups: found %d, expected 0", len(groups))
		}
	} else {
		if len(groups) != len(small.Dims) {
			return op.Errorf("invalid number of reassociation groups: found %d, expected %d", len(groups), len(small.Dims))
		}
		next := int64(0)
		for _, g := range groups {
			for _, i := range g {
				if i < 0 || i >= int64(len(big.Dims)) {
					return op.Errorf("reassociation index %d is out of bounds", i)
				}
			}
		}
		for _, g := range groups {
			if len(g) == 0 {
				return op.Errorf("reassociation indices must be contiguous")
			}
			for _, i := range g {
				if i != next {
					return op.Errorf("reassociation indices must be contiguous")
				}
				next++
			}
		}
		if next != int64(len(big.Dims)) {
			return op.Errorf("reassociation indices must be contiguous")
		}
		for gi, g := range groups {
			dynGroup, size := false, int64(1)
			for _, i := range g {
				if big.Dims[i] == ir.Dynamic {
					dynGroup = true
				} else {
					size *= big.Dims[i]
				}
			}
			c := small.Dims[gi]
			if (c == ir.Dynamic) != dynGroup {
				return op.Errorf("collapsed dim (%d) must be dynamic if and only if reassociation group is dynamic", gi)
			}
			if !dynGroup && c != size {
				return op.Errorf("collapsed dim size (%d) must equal reassociation group size (%d)", c, size)
			}
		}
	}
	if expand {
		if err := verifyOutputShape(op, res); err != nil {
			return err
		}
		want, ok := ExpandedType(op.Context(), src, res.Dims, groups)
		if !ok || want != res {
			return op.Errorf("expected expanded type to be '%s' but found '%s'", typeOrNone(want), ir.TypeString(res))
		}
		return nil
	}
	want, ok := CollapsedType(op.Context(), src, groups)
	if !ok {
		return op.Errorf("invalid source layout map or collapsing non-contiguous dims")
	}
	if want != res {
		return op.Errorf("expected collapsed type to be '%s' but found '%s'", ir.TypeString(want), ir.TypeString(res))
	}
	return nil
}

func typeOrNone(t *ir.MemRefType) string {
	if t == nil {
		return "<<NULL TYPE>>"
	}
	return ir.TypeString(t)
}

func verifyOutputShape(op *ir.Operation, res *ir.MemRefType) error {
	s := staticArray(op, "static_output_shape")
	if s == nil {
		if op.NumOperands() > 1 {
			return op.Errorf("requires attribute 'static_output_shape'")
		}
		return nil
	}
	if len(s) != len(res.Dims) {
		return op.Errorf("expected number of static shape bounds to be equal to the output rank (%d) but found %d inputs instead", len(res.Dims), len(s))
	}
	if n, want := op.NumOperands()-1, numDynamicDims(res); n != want {
		return op.Errorf("incorrect number of dynamic sizes, has %d, expected %d", n, want)
	}
	for i, d := range s {
		if d != res.Dims[i] {
			return op.Errorf("invalid output shape provided at pos %d", i)
		}
	}
	return nil
}

// ExpandedType returns the type of expanding src to shape by groups, as
// MLIR's computeExpandedType: identity layouts stay identity; strided
// layouts get row-major strides within each group.
func ExpandedType(ctx *ir.Context, src *ir.MemRefType, shape []int64, groups [][]int64) (*ir.MemRefType, bool) {
	if HasIdentityLayout(src) {
		return ctx.MemRef(shape, src.Elem, nil, src.MemorySpace), true
	}
	srcStrides, offset, ok := StridesAndOffset(src)
	if !ok || len(srcStrides) != len(groups) {
		return nil, false
	}
	// Dims in no group (expanding a rank-0 source) get stride 1, as MLIR's
	// computeExpandedLayoutMap pads them.
	strides := make([]int64, len(shape))
	for i := range strides {
		strides[i] = 1
	}
	for gi, g := range groups {
		s := srcStrides[gi]
		for k := len(g) - 1; k >= 0; k-- {
			if g[k] >= int64(len(shape)) {
				return nil, false
			}
			strides[g[k]] = s
			s = mulDyn(s, shape[g[k]])
		}
	}
	return ctx.MemRef(shape, src.Elem, ctx.StridedLayout(offset, strides), src.MemorySpace), true
}

// CollapsedType returns the type of collapsing src by groups, as MLIR's
// computeCollapsedType; ok is false when a group is not contiguous.
func CollapsedType(ctx *ir.Context, src *ir.MemRefType, groups [][]int64) (*ir.MemRefType, bool) {
	shape := make([]int64, len(groups))
	for gi, g := range groups {
		shape[gi] = 1
		for _, i := range g {
			shape[gi] = mulDyn(shape[gi], src.Dims[i])
		}
	}
	if HasIdentityLayout(src) {
		return ctx.MemRef(shape, src.Elem, nil, src.MemorySpace), true
	}
	srcStrides, offset, ok := StridesAndOffset(src)
	if !ok {
		return nil, false
	}
	strides := make([]int64, len(groups))
	for gi, g := range groups {
		// The innermost dim that is not a unit one gives the stride; when it
		// is dynamic it may be 1 at run time, so the stride is unknown.
		k := len(g) - 1
		for k > 0 && src.Dims[g[k]] == 1 {
			k--
		}
		strides[gi] = srcStrides[g[k]]
		if src.Dims[g[k]] == ir.Dynamic && k > 0 {
			strides[gi] = ir.Dynamic
		}
		// Contiguity, as MLIR's computeCollapsedLayoutMap: from the group's
		// stride outwards, each dim's stride is the running product of the
		// sizes inside it; unit dims' strides are meaningless and skipped.
		stride := strides[gi]
		for k := len(g) - 1; k >= 1; k-- {
			stride = mulDyn(stride, src.Dims[g[k]])
			outer := g[k-1]
			if src.Dims[outer] == 1 {
				continue
			}
			if s := srcStrides[outer]; stride != ir.Dynamic && s != ir.Dynamic && stride != s {
				return nil, false
			}
		}
	}
	return ctx.MemRef(shape, src.Elem, ctx.StridedLayout(offset, strides), src.MemorySpace), true
}

// foldReshape folds expand(collapse(x)) and collapse(expand(x)) back to x
// when the types agree.
func foldReshape(inverse string) func(op *ir.Operation, _ []ir.Attribute) ([]ir.FoldResult, bool) {
	return func(op *ir.Operation, _ []ir.Attribute) ([]ir.FoldResult, bool) {
		if op.Operand(0).Type() == op.Result(0).Type() {
			return []ir.FoldResult{{Value: op.Operand(0)}}, true
		}
		d := op.Operand(0).DefiningOp()
		if d == nil || d.Name() != inverse || d.Operand(0).Type() != op.Result(0).Type() ||
			ir.AttrString(d.Attr("reassociation")) != ir.AttrString(op.Attr("reassociation")) {
			return nil, false
		}
		return []ir.FoldResult{{Value: d.Operand(0)}}, true
	}
}

// HasIdentityLayout reports whether t's layout is the identity map, as
// MLIR's MemRefLayoutAttrInterface::isIdentity: no layout, or a strided
// layout whose map is (d0) -> (d0) (rank 1, stride 1, offset 0) or () -> ().
func HasIdentityLayout(t *ir.MemRefType) bool {
	s, ok := t.Layout.(*ir.StridedLayoutAttr)
	if !ok {
		return t.Layout == nil
	}
	return s.Offset == 0 && (len(s.Strides) == 0 || len(s.Strides) == 1 && s.Strides[0] == 1)
}

// composeReshapes rewrites collapse(collapse(x)) or expand(expand(x)) into
// one reshape of x with the composed groups, when no type involved has a
// layout (MLIR's ComposeReassociativeReshapeOps). The outer expand's
// output_shape describes the same result and is kept.
func composeReshapes(op *ir.Operation, rw *ir.Rewriter) bool {
	in := op.Operand(0).DefiningOp()
	if in == nil || in.Name() != op.Name() {
		return false
	}
	for _, t := range []ir.Type{in.Operand(0).Type(), op.Operand(0).Type(), op.Result(0).Type()} {
		if mt, ok := t.(*ir.MemRefType); !ok || !HasIdentityLayout(mt) {
			return false
		}
	}
	inner, ok1 := Reassociation(in.Attr("reassociation"))
	outer, ok2 := Reassociation(op.Attr("reassociation"))
	if !ok1 || !ok2 {
		return false
	}
	groups, ok := ComposeReassociations(inner, outer)
	if !ok {
		return false
	}
	st := &ir.OpState{Name: op.Name(), Loc: op.Loc(), Operands: append([]*ir.Value{in.Operand(0)}, op.Operands()[1:]...),
		ResultTypes: op.ResultTypes()}
	for _, a := range op.Attrs() {
		if a.Name == "reassociation" {
			a.Value = ReassociationAttr(op.Context(), groups)
		}
		st.Attrs = append(st.Attrs, a)
	}
	rw.SetInsertionPointBefore(op)
	rw.ReplaceOp(op, rw.Create(st).Results())
	return true
}

// collapseOfCast rewrites collapse(cast(x)) to a collapse of x, cast back
// to the old result type when the new one differs, when the cast only loses
// static information (MLIR's CollapseShapeOpMemRefCastFolder).
func collapseOfCast(op *ir.Operation, rw *ir.Rewriter) bool {
	cast := op.Operand(0).DefiningOp()
	if cast == nil || cast.Name() != "memref.cast" || !castFoldsIntoConsumer(cast) {
		return false
	}
	groups, ok := Reassociation(op.Attr("reassociation"))
	if !ok {
		return false
	}
	nt, ok := CollapsedType(op.Context(), cast.Operand(0).Type().(*ir.MemRefType), groups)
	if !ok {
		return false
	}
	if nt == op.Result(0).Type() {
		rw.ModifyInPlace(op, func() { op.SetOperand(0, cast.Operand(0)) })
		return true
	}
	rw.SetInsertionPointBefore(op)
	n := rw.Create(&ir.OpState{Name: op.Name(), Loc: op.Loc(), Operands: []*ir.Value{cast.Operand(0)},
		ResultTypes: []ir.Type{nt}, Attrs: op.Attrs()})
	c := rw.Create(&ir.OpState{Name: "memref.cast", Loc: op.Loc(), Operands: n.Results(), ResultTypes: op.ResultTypes()})
	rw.ReplaceOp(op, c.Results())
	return true
}
