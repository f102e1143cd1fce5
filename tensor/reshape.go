package tensor

import (
	"github.com/kiln-gpu/kiln/ir"
	"github.com/kiln-gpu/kiln/memref"
)

var collapseShape = &ir.OpDef{
	Name:        "tensor.collapse_shape",
	Summary:     "Merges groups of contiguous dimensions of a tensor into one.",
	Example:     "%r = tensor.collapse_shape %t [[0, 1], [2]] : tensor<?x4x20xf32> into tensor<?x20xf32>",
	Traits:      ir.Pure,
	Operands:    ir.Exactly(1),
	Results:     ir.Exactly(1),
	Inherent:    []string{"reassociation"},
	ResultNames: resultName("collapsed"),
	Format: &ir.Format{
		Syntax:   "$src $reassociation attr-dict `:` type($src) `into` type($result)",
		Operands: []string{"src"},
		Results:  []string{"result"},
		Attrs:    []ir.FormatAttr{{Name: "reassociation"}},
	},
	Verify: func(op *ir.Operation) error { return verifyReshape(op, false) },
	Fold: func(op *ir.Operation, consts []ir.Attribute) ([]ir.FoldResult, bool) {
		return foldReshape(op, consts, "tensor.expand_shape")
	},
	Canonicalize: []*ir.Pattern{{Name: "compose-collapse-of-collapse", Root: "tensor.collapse_shape", Rewrite: composeReshapes},
		{Name: "compose-collapse-of-expand", Root: "tensor.collapse_shape", Rewrite: composeCollapseOfExpand},
		{Name: "collapse-of-cast", Root: "tensor.collapse_shape", Rewrite: collapseOfCast},
		{Name: "collapse-of-splat", Root: "tensor.collapse_shape", Rewrite: reshapeOfSplat},
		{Name: "collapse-of-from-elements", Root: "tensor.collapse_shape", Rewrite: reshapeOfFromElements}},
}

// expandShape has a hand-written syntax: `output_shape [..]` is optional,
// as before MLIR 19, and the declarative format cannot anchor an optional
// group on a custom directive.
var expandShape = &ir.OpDef{
	Name:        "tensor.expand_shape",
	Summary:     "Splits dimensions of a tensor into several (a reshape with reassociation groups).",
	Example:     "%r = tensor.expand_shape %t [[0, 1], [2]] output_shape [%n, 4, 20] : tensor<?x20xf32> into tensor<?x4x20xf32>",
	Traits:      ir.Pure,
	Operands:    ir.AtLeast(1),
	Results:     ir.Exactly(1),
	Inherent:    []string{"reassociation", "static_output_shape"},
	ResultNames: resultName("expanded"),
	Parse:       parseExpand,
	Print:       printExpand,
	Verify:      func(op *ir.Operation) error { return verifyReshape(op, true) },
	Fold: func(op *ir.Operation, consts []ir.Attribute) ([]ir.FoldResult, bool) {
		return foldReshape(op, consts, "tensor.collapse_shape")
	},
	Canonicalize: []*ir.Pattern{{Name: "compose-expand-of-expand", Root: "tensor.expand_shape", Rewrite: composeReshapes},
		{Name: "compose-expand-of-collapse", Root: "tensor.expand_shape", Rewrite: composeExpandOfCollapse},
		{Name: "static-expand-of-cast", Root: "tensor.expand_shape", Rewrite: staticExpandOfCast},
		{Name: "expand-of-splat", Root: "tensor.expand_shape", Rewrite: reshapeOfSplat},
		{Name: "expand-of-from-elements", Root: "tensor.expand_shape", Rewrite: reshapeOfFromElements}},
}

// %t [[0, 1], [2]] (output_shape [..])? attr-dict : from into to.
func parseExpand(p *ir.OpParser, st *ir.OpState) error {
	src, err := p.ParseOperand()
	if err != nil {
		return err
	}
	re, err := p.ParseAttribute(nil)
	if err != nil {
		return err
	}
	st.AddAttr("reassociation", re)
	var dyn []ir.UnresolvedOperand
	if p.ParseOptionalKeyword("output_shape") {
		d, s, err := memref.ParseDynamicIndexList(p)
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
	return p.ResolveOperandsSameType(dyn, p.Context().Index())
}

func printExpand(p *ir.OpPrinter, op *ir.Operation) {
	p.WriteByte(' ')
	p.Operand(op.Operand(0))
	p.WriteByte(' ')
	p.Attr(op.Attr("reassociation"))
	if s, ok := op.Attr("static_output_shape").(*ir.DenseArrayAttr); ok {
		p.WriteString(" output_shape ")
		memref.PrintDynamicIndexList(p, op.Operands()[1:], s.Ints)
	}
	p.OptionalAttrDict(op.Attrs(), "reassociation", "static_output_shape")
	p.WriteString(" : ")
	p.Type(op.Operand(0).Type())
	p.WriteString(" into ")
	p.Type(op.Result(0).Type())
}

// verifyReshape checks the reassociation against the two shapes as MLIR's
// verifyReshapeLikeTypes and reshapeLikeShapesAreCompatible do.
func verifyReshape(op *ir.Operation, expand bool) error {
	if err := checkTensor(op, "operand #0", op.Operand(0).Type(), true); err != nil {
		return err
	}
	if err := checkTensor(op, "result #0", op.Result(0).Type(), true); err != nil {
		return err
	}
	if err := checkIndex(op, 1); err != nil {
		return err
	}
	big, small := ranked(op.Result(0).Type()), ranked(op.Operand(0).Type())
	if !expand {
		big, small = small, big
	}
	if big.Elem != small.Elem {
		return op.Errorf("expected collapsed and expanded types to have the same element type")
	}
	groups, ok := memref.Reassociation(op.Attr("reassociation"))
	if !ok {
		return op.Errorf("requires attribute 'reassociation'")
	}
	if len(big.Dims) < len(small.Dims) {
		return op.Errorf("expected the expanded type, %s to have a higher (or same) rank than the collapsed type, %s.",
			ir.TypeString(big), ir.TypeString(small))
	}
	if len(small.Dims) == 0 {
		for _, d := range big.Dims {
			if d != 1 {
				return op.Errorf("expected dimension of a rank-0 reshape to be 1, got %s", ir.TypeString(big))
			}
		}
	}
	if len(groups) != len(small.Dims) {
		return op.Errorf("expected collapsed rank (%d) to equal the number of reassociation maps (%d).", len(small.Dims), len(groups))
	}
	next := int64(0)
	for i, g := range groups {
		for _, d := range g {
			if d != next {
				return op.Errorf("expected reassociation map #%d to be valid and contiguous", i)
			}
			next++
		}
		if len(g) == 0 && len(small.Dims) > 0 {
			return op.Errorf("expected reassociation map #%d to be valid and contiguous", i)
		}
	}
	if next != int64(len(big.Dims)) && len(small.Dims) > 0 {
		return op.Errorf("expected reassociation map #%d to end at dimension %d", len(groups)-1, len(big.Dims)-1)
	}
	k := 0
	for i, g := range groups {
		product, dynamic := int64(1), false
		for range g {
			if big.Dims[k] == ir.Dynamic {
				dynamic = true
			} else {
				product *= big.Dims[k]
			}
			k++
		}
		switch {
		case dynamic && small.Dims[i] != ir.Dynamic:
			return op.Errorf("expected dimension %d of collapsed type to be dynamic since one or more of the corresponding dimensions in the expanded type is dynamic", i)
		case !dynamic && small.Dims[i] != product:
			return op.Errorf("expected dimension %d of collapsed type to be static value of %d", i, product)
		}
	}
	if s, ok := op.Attr("static_output_shape").(*ir.DenseArrayAttr); ok && expand {
		if len(s.Ints) != len(big.Dims) {
			return op.Errorf("expected number of static shape dims to be equal to the output rank (%d) but found %d inputs instead", len(big.Dims), len(s.Ints))
		}
		if n := countDynamic(s.Ints); n != op.NumOperands()-1 {
			return op.Errorf("mismatch in dynamic dims in output_shape and static_output_shape: static_output_shape has %d dynamic dims while output_shape has %d values", n, op.NumOperands()-1)
		}
		for i, d := range s.Ints {
			if d != ir.Dynamic && d != big.Dims[i] {
				return op.Errorf("invalid output shape provided at pos %d", i)
			}
		}
	}
	return nil
}

// foldReshape is MLIR's foldReshapeOp: a reshape to its own type is its
// source, a reshape of a constant a constant, and a reshape of the inverse
// reshape back to the type before it is that op's source, when at most one
// dimension of that type is dynamic, or the reassociations are equal and
// the pair expands then collapses or groups at most one dynamic dimension
// each (so each group's sizes come back).
func foldReshape(op *ir.Operation, consts []ir.Attribute, inverse string) ([]ir.FoldResult, bool) {
	res := op.Result(0).Type()
	if op.Operand(0).Type() == res {
		return []ir.FoldResult{{Value: op.Operand(0)}}, true
	}
	if d, ok := consts[0].(*ir.DenseElementsAttr); ok && d.Strings() == nil {
		if t := ranked(res); t != nil && countDynamic(t.Dims) == 0 {
			return []ir.FoldResult{{Attr: op.Context().DenseRaw(t, d.Raw(), d.IsSplat())}}, true
		}
	}
	def := op.Operand(0).DefiningOp()
	if def == nil || def.Name() != inverse || def.Operand(0).Type() != res {
		return nil, false
	}
	src, mid := ranked(def.Operand(0).Type()), ranked(def.Result(0).Type())
	if src == nil || mid == nil {
		return nil, false
	}
	fold := []ir.FoldResult{{Value: def.Operand(0)}}
	if countDynamic(src.Dims) < 2 {
		return fold, true
	}
	if def.Attr("reassociation") != op.Attr("reassociation") {
		return nil, false
	}
	if len(src.Dims) < len(mid.Dims) {
		return fold, true
	}
	groups, ok := memref.Reassociation(op.Attr("reassociation"))
	if !ok {
		return nil, false
	}
	for _, g := range groups {
		if len(g) == 0 || int(g[0])+len(g) > len(src.Dims) || countDynamic(src.Dims[g[0]:int(g[0])+len(g)]) >= 2 {
			return nil, false
		}
	}
	return fold, true
}

// composeReshapes is MLIR's ComposeReassociativeReshapeOps: a collapse of
// a collapse (an expand of an expand) is one collapse (expand) of the first
// source, with the groups composed; an expand keeps the outer output shape.
func composeReshapes(op *ir.Operation, rw *ir.Rewriter) bool {
	inner := op.Operand(0).DefiningOp()
	if inner == nil || inner.Name() != op.Name() {
		return false
	}
	outerGroups, ok1 := memref.Reassociation(op.Attr("reassociation"))
	innerGroups, ok2 := memref.Reassociation(inner.Attr("reassociation"))
	if !ok1 || !ok2 {
		return false
	}
	groups, ok := memref.ComposeReassociations(innerGroups, outerGroups)
	if !ok {
		return false
	}
	var static []int64
	if s, ok := op.Attr("static_output_shape").(*ir.DenseArrayAttr); ok {
		static = s.Ints
	}
	st := reshapeState(op, op.Name(), inner.Operand(0), groups, op.Operands()[1:], static)
	rw.ReplaceOpWith(op, st)
	return true
}

// reshapeOfSplat is MLIR's FoldReshapeWithSplat: a reshape of a static
// splat is a splat of the reshaped type.
func reshapeOfSplat(op *ir.Operation, rw *ir.Rewriter) bool {
	s := op.Operand(0).DefiningOp()
	if s == nil || s.Name() != "tensor.splat" || !isStaticTensor(s.Result(0).Type()) {
		return false
	}
	rw.ReplaceOpWith(op, &ir.OpState{Name: "tensor.splat", Loc: op.Loc(), Operands: s.Operands()[:1], ResultTypes: op.ResultTypes()})
	return true
}
