package affine

import (
	"slices"

	"github.com/kiln-gpu/kiln/arith"
	"github.com/kiln-gpu/kiln/ir"
	"github.com/kiln-gpu/kiln/memref"
)

// basisList is custom<DynamicIndexList>($dynamic_basis, $static_basis, "{}",
// Paren): `(%n, 16)`, SSA values standing for the ir.Dynamic entries.
var basisList = memref.DelimitedIndexList("(", ")")

func indexType(ctx *ir.Context) ir.Type { return ctx.Index() }

// isIndexLike is Affine_IndexOrVectorOfIndex: the index ops also work
// element by element on vectors of index.
func isIndexLike(t ir.Type) bool {
	if vt, ok := t.(*ir.VectorType); ok {
		return isIndex(vt.Elem)
	}
	return isIndex(t)
}

// IsVectorIndexOp reports whether an affine.delinearize_index or
// affine.linearize_index works on vectors of index rather than on indices.
func IsVectorIndexOp(op *ir.Operation) bool {
	_, ok := op.Result(0).Type().(*ir.VectorType)
	return ok
}

var delinearizeIndex = &ir.OpDef{
	Name:     "affine.delinearize_index",
	Summary:  "Splits an index into the indices of a multi-dimensional basis.",
	Example:  "%r:3 = affine.delinearize_index %i into (%n, 16, 224) : index, index, index",
	Traits:   ir.Pure,
	Operands: ir.AtLeast(1),
	Results:  ir.AtLeast(1),
	Inherent: []string{"static_basis"},
	Format: &ir.Format{
		Syntax:   "$linear_index `into` custom<DynamicIndexList>($dynamic_basis, $static_basis) attr-dict `:` type($multi_index)",
		Operands: []string{"linear_index", "dynamic_basis*"},
		Results:  []string{"multi_index*"},
		Types:    map[string]func(*ir.Context) ir.Type{"dynamic_basis": indexType},
		// ODS's TypesMatchWith<"multi_index", "linear_index", "$_self[0]">.
		TypesFrom: []ir.TypeFrom{{From: "multi_index", To: "linear_index", First: true}},
		Attrs:     []ir.FormatAttr{{Name: "static_basis"}},
		Custom:    map[string]ir.CustomDirective{"DynamicIndexList": basisList},
	},
	Verify: verifyDelinearize,
	Fold:   foldDelinearize,
	Canonicalize: []*ir.Pattern{
		{Name: "affine-cancel-delinearize-of-linearize", Root: "affine.delinearize_index", Rewrite: cancelDelinearizeOfLinearize},
		{Name: "affine-delinearize-drop-unit-basis", Root: "affine.delinearize_index", Rewrite: dropUnitBasis},
		{Name: "affine-split-delinearize-of-linearize", Root: "affine.delinearize_index", Rewrite: splitDelinearizeOfLinearize},
	},
}

var linearizeIndex = &ir.OpDef{
	Name:     "affine.linearize_index",
	Summary:  "Combines the indices of a multi-dimensional basis into one index.",
	Example:  "%r = affine.linearize_index disjoint [%i, %j, %k] by (%n, 16, 224) : index",
	Traits:   ir.Pure | ir.AttrSizedOperandSegments,
	Operands: ir.Variadic,
	Results:  ir.Exactly(1),
	Inherent: []string{"static_basis", "disjoint"},
	Format: &ir.Format{
		Syntax: "(`disjoint` $disjoint^)? ` ` `[` $multi_index `]` `by` custom<DynamicIndexList>($dynamic_basis, $static_basis) " +
			"attr-dict `:` type($linear_index)",
		Operands: []string{"multi_index*", "dynamic_basis*"},
		Results:  []string{"linear_index"},
		Types:    map[string]func(*ir.Context) ir.Type{"dynamic_basis": indexType},
		// ODS's TypesMatchWith: every index has the result's type.
		TypesFrom: []ir.TypeFrom{{From: "linear_index", To: "multi_index"}},
		Attrs:     []ir.FormatAttr{{Name: "disjoint", Unit: true}, {Name: "static_basis"}},
		Custom:    map[string]ir.CustomDirective{"DynamicIndexList": basisList},
	},
	Verify: verifyLinearize,
	Fold:   foldLinearize,
	Canonicalize: []*ir.Pattern{
		{Name: "affine-cancel-linearize-of-delinearize", Root: "affine.linearize_index", Rewrite: cancelLinearizeOfDelinearize},
		{Name: "affine-linearize-drop-leading-zero", Root: "affine.linearize_index", Rewrite: dropLinearizeLeadingZero},
		{Name: "affine-linearize-drop-unit-basis", Root: "affine.linearize_index", Rewrite: dropLinearizeUnits},
	},
}

// StaticBasis returns an index op's static_basis, ir.Dynamic standing for
// each dynamic basis operand in turn.
func StaticBasis(op *ir.Operation) []int64 {
	if a, ok := op.Attr("static_basis").(*ir.DenseArrayAttr); ok {
		return a.Ints
	}
	return nil
}

// InnerBasis returns an index op's static basis without its outer bound
// when one is given (one entry per index, with the first): the entries
// the strides are made of.
func InnerBasis(op *ir.Operation) []int64 {
	static := StaticBasis(op)
	n := op.NumResults()
	if op.Name() == "affine.linearize_index" {
		multi, _ := LinearizeParts(op)
		n = len(multi)
	}
	if n == len(static) && n > 0 {
		return static[1:]
	}
	return static
}

// DelinearizeParts returns affine.delinearize_index's linear index and
// dynamic basis.
func DelinearizeParts(op *ir.Operation) (*ir.Value, []*ir.Value) {
	return op.Operand(0), op.Operands()[1:]
}

// LinearizeParts returns affine.linearize_index's indices and dynamic basis.
func LinearizeParts(op *ir.Operation) (multi, basis []*ir.Value) {
	if len(ir.OperandSegmentSizes(op)) != 2 {
		return nil, nil
	}
	return ir.OperandSegment(op, 0), ir.OperandSegment(op, 1)
}

// checkBasis is what both ops' verifiers share: one dynamic operand per
// ir.Dynamic entry, and (when positive) no static entry below one.
func checkBasis(op *ir.Operation, static []int64, dynamic int, positive bool) error {
	markers := 0
	for _, b := range static {
		if b == ir.Dynamic {
			markers++
		}
	}
	if markers != dynamic {
		return op.Errorf("mismatch between dynamic and static basis (kDynamic marker but no corresponding dynamic basis " +
			"entry) -- this can only happen due to an incorrect fold/rewrite")
	}
	if positive && slices.ContainsFunc(static, func(b int64) bool { return b != ir.Dynamic && b <= 0 }) {
		return op.Errorf("no basis element may be statically non-positive")
	}
	return nil
}

func verifyDelinearize(op *ir.Operation) error {
	if a := op.Attr("static_basis"); a == nil {
		return op.Errorf("requires attribute 'static_basis'")
	}
	if t := op.Operand(0).Type(); !isIndexLike(t) {
		return op.Errorf("operand #0 must be index or vector of index, but got '%s'", ir.TypeString(t))
	}
	if err := checkIndexOperands(op, 1); err != nil {
		return err
	}
	for i, t := range op.ResultTypes() {
		if !isIndexLike(t) {
			return op.Errorf("result #%d must be variadic of index or vector of index, but got '%s'", i, ir.TypeString(t))
		}
	}
	if op.NumResults() > 0 && op.Operand(0).Type() != op.Result(0).Type() {
		return op.Errorf("failed to verify that linear_index type must match result types")
	}
	if err := arith.VerifyElementwise(op); err != nil {
		return err
	}
	static := StaticBasis(op)
	if n := op.NumResults(); n != len(static) && n != len(static)+1 {
		return op.Errorf("should return an index for each basis element and up to one extra index")
	}
	return checkBasis(op, static, op.NumOperands()-1, true)
}

func verifyLinearize(op *ir.Operation) error {
	if a := op.Attr("static_basis"); a == nil {
		return op.Errorf("requires attribute 'static_basis'")
	}
	multi, basis := LinearizeParts(op)
	for i, v := range multi {
		if !isIndexLike(v.Type()) {
			return op.Errorf("operand #%d must be variadic of index or vector of index, but got '%s'", i, ir.TypeString(v.Type()))
		}
	}
	if err := checkIndexOperands(op, len(multi)); err != nil {
		return err
	}
	rt := op.Result(0).Type()
	if !isIndexLike(rt) {
		return op.Errorf("result #0 must be index or vector of index, but got '%s'", ir.TypeString(rt))
	}
	for _, v := range multi {
		if v.Type() != rt {
			return op.Errorf("failed to verify that multi_index types must match result type")
		}
	}
	if err := arith.VerifyElementwise(op); err != nil {
		return err
	}
	static := StaticBasis(op)
	if n := len(multi); n != len(static) && n != len(static)+1 {
		return op.Errorf("should be passed a basis element for each index except possibly the first")
	}
	return checkBasis(op, static, len(basis), false)
}

// foldConstantBasis moves the dynamic basis operands that are constants
// into the static basis (MLIR's foldCstValueToCstAttrBasis); first is the
// index of the first basis operand, and constants are all the operands'.
func foldConstantBasis(op *ir.Operation, first int, constants []ir.Attribute) bool {
	static := slices.Clone(StaticBasis(op))
	operands := slices.Clone(op.Operands()[:first])
	k := first
	changed := false
	for i, b := range static {
		if b != ir.Dynamic {
			continue
		}
		if c, ok := constants[k].(*ir.IntegerAttr); ok {
			static[i] = c.Int()
			changed = true
		} else {
			operands = append(operands, op.Operand(k))
		}
		k++
	}
	if !changed {
		return false
	}
	ctx := op.Context()
	op.SetOperands(operands)
	op.SetAttr("static_basis", ctx.DenseI64Array(static...))
	if op.Name() == "affine.linearize_index" {
		op.SetAttr("operandSegmentSizes", ctx.DenseI32Array(int64(first), int64(len(operands)-first)))
	}
	return true
}

// floorMod is the non-negative remainder of a by a positive b.
func floorMod(a, b int64) int64 { return ((a % b) + b) % b }

// foldDelinearize is MLIR's AffineDelinearizeIndexOp::fold: a constant
// basis operand becomes static; a single result is the input; a constant
// input over a static basis gives constant results.
func foldDelinearize(op *ir.Operation, constants []ir.Attribute) ([]ir.FoldResult, bool) {
	if foldConstantBasis(op, 1, constants) {
		return nil, true
	}
	if op.NumResults() == 1 {
		return []ir.FoldResult{{Value: op.Operand(0)}}, true
	}
	c, ok := constants[0].(*ir.IntegerAttr)
	if !ok || op.NumOperands() > 1 {
		return nil, false
	}
	static := InnerBasis(op)
	high := c.Int()
	out := make([]ir.FoldResult, op.NumResults())
	ctx := op.Context()
	for i := len(static) - 1; i >= 0; i-- {
		out[i+1] = ir.FoldResult{Attr: ctx.IndexAttr(floorMod(high, static[i]))}
		high = ir.FloorDiv(high, static[i])
	}
	out[0] = ir.FoldResult{Attr: ctx.IndexAttr(high)}
	return out, true
}

// foldLinearize is MLIR's AffineLinearizeIndexOp::fold: a constant basis
// operand becomes static; no index is zero, one index is itself; constant
// indices over a static basis give a constant.
func foldLinearize(op *ir.Operation, constants []ir.Attribute) ([]ir.FoldResult, bool) {
	multi, basis := LinearizeParts(op)
	if multi == nil && basis == nil {
		return nil, false
	}
	if foldConstantBasis(op, len(multi), constants) {
		return nil, true
	}
	ctx := op.Context()
	switch len(multi) {
	case 0:
		return []ir.FoldResult{{Attr: ctx.IndexAttr(0)}}, true
	case 1:
		return []ir.FoldResult{{Value: multi[0]}}, true
	}
	if len(basis) > 0 {
		return nil, false
	}
	vals := make([]int64, len(multi))
	for i := range multi {
		c, ok := constants[i].(*ir.IntegerAttr)
		if !ok {
			return nil, false
		}
		vals[i] = c.Int()
	}
	static := StaticBasis(op)
	result, stride := int64(0), int64(1)
	for i, j := len(static)-1, len(vals)-1; i >= 0; i, j = i-1, j-1 {
		result += vals[j] * stride
		stride *= static[i]
	}
	if len(vals) > len(static) {
		result += vals[0] * stride
	}
	return []ir.FoldResult{{Attr: ctx.IndexAttr(result)}}, true
}
