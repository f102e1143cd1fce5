package vector

import (
	"slices"

	"github.com/kiln-gpu/kiln/ir"
)

// broadcastOp is vector.broadcast:
//
//	%r = vector.broadcast %s : f32 to vector<4xf32>
var broadcastOp = &ir.OpDef{
	Name:     "vector.broadcast",
	Summary:  "broadcast operation",
	Example:  "%r = vector.broadcast %s : vector<8xf32> to vector<4x8xf32>",
	Traits:   ir.Pure,
	Operands: ir.Exactly(1),
	Results:  ir.Exactly(1),
	Format:   castFormat("source", "to", "vector", map[string]ir.TypeKind{"vector": vectorKind}),
	Verify: func(op *ir.Operation) error {
		rt, err := vectorResult(op)
		if err != nil {
			return err
		}
		st := op.Operand(0).Type()
		if ir.ElementTypeOrSelf(st) != rt.Elem {
			return op.Errorf("failed to verify that source operand and result have same element type")
		}
		if msg := broadcastMismatch(st, rt); msg != "" {
			return op.Errorf("%s", msg)
		}
		return nil
	},
	Fold: func(op *ir.Operation, operands []ir.Attribute) ([]ir.FoldResult, bool) {
		src := op.Operand(0)
		rt := op.Result(0).Type().(*ir.VectorType)
		if src.Type() == rt {
			return foldTo(src)
		}
		if v, ok := splatValue(op.Context(), operands[0]); ok {
			return foldToAttr(splatOf(op.Context(), rt, v))
		}
		if isPoison(operands[0]) {
			return foldToPoison(op)
		}
		// broadcast(broadcast(x)) is broadcast(x); likewise of a splat.
		if def := src.DefiningOp(); def != nil && (def.Name() == "vector.broadcast" || def.Name() == "vector.splat") {
			op.SetOperand(0, def.Operand(0))
			return nil, true
		}
		if x, ok := broadcastOfShapeCast(op, rt); ok {
			op.SetOperand(0, x)
			return nil, true
		}
		return nil, false
	},
	Canonicalize: []*ir.Pattern{broadcastToShapeCast},
}

// broadcastOfShapeCast returns x when op broadcasts shape_cast(x) and x
// broadcasts to the result the same way: x's shape and the cast's agree on
// their common trailing dims, the cast only adding or dropping leading
// unit dims (MLIR's foldBroadcastOfShapeCast, PR 150523).
func broadcastOfShapeCast(op *ir.Operation, rt *ir.VectorType) (*ir.Value, bool) {
	def := op.Operand(0).DefiningOp()
	if def == nil || def.Name() != "vector.shape_cast" || broadcastMismatch(def.Operand(0).Type(), rt) != "" {
		return nil, false
	}
	x, _ := vectorOf(def.Operand(0))
	cast, _ := vectorOf(def.Result(0))
	n := min(len(x.Dims), len(cast.Dims))
	if !slices.Equal(x.Dims[len(x.Dims)-n:], cast.Dims[len(cast.Dims)-n:]) {
		return nil, false
	}
	return def.Operand(0), true
}

// broadcastMismatch returns why src cannot broadcast to dst ("" if it can),
// with MLIR's messages.
func broadcastMismatch(src ir.Type, dst *ir.VectorType) string {
	sv, ok := src.(*ir.VectorType)
	if !ok {
		if _, shaped := src.(ir.ShapedType); shaped {
			return "source type is not a vector"
		}
		return ""
	}
	if len(sv.Dims) > len(dst.Dims) {
		return "source rank higher than destination rank"
	}
	lead := len(dst.Dims) - len(sv.Dims)
	for i := range sv.Dims {
		d := lead + i
		if sv.Dims[i] == 1 && !isScalableDim(sv, i) {
			continue
		}
		if sv.Dims[i] != dst.Dims[d] || isScalableDim(sv, i) != isScalableDim(dst, d) {
			return "dimension mismatch (" + dimString(sv, i) + " vs. " + dimString(dst, d) + ")"
		}
	}
	return ""
}

// splatOp is vector.splat:
//
//	%r = vector.splat %s : vector<4xf32>
var splatOp = &ir.OpDef{
	Name:     "vector.splat",
	Summary:  "vector splat or broadcast operation",
	Example:  "%r = vector.splat %s : vector<4xf32>",
	Traits:   ir.Pure,
	Operands: ir.Exactly(1),
	Results:  ir.Exactly(1),
	Format: &ir.Format{Syntax: "$input attr-dict `:` type($aggregate)", Operands: []string{"input"}, Results: []string{"aggregate"},
		Kinds: map[string]ir.TypeKind{"aggregate": vectorKind}, TypesFrom: []ir.TypeFrom{{From: "aggregate", To: "input", Transform: elemOf}}},
	Verify: func(op *ir.Operation) error {
		vt, err := vectorResult(op)
		if err != nil {
			return err
		}
		if op.Operand(0).Type() != vt.Elem {
			return op.Errorf("failed to verify that operand type matches element type of result")
		}
		return nil
	},
	Fold: func(op *ir.Operation, operands []ir.Attribute) ([]ir.FoldResult, bool) {
		if operands[0] == nil {
			return nil, false
		}
		return foldToAttr(splatOf(op.Context(), op.Result(0).Type().(*ir.VectorType), operands[0]))
	},
}

// stepOp is vector.step, the vector [0, 1, ..., n-1] of index or, since
// MLIR PR 205142, of a signless integer of at least 8 bits, where a lane
// past the type's range wraps around:
//
//	%r = vector.step : vector<4xindex>
var stepOp = &ir.OpDef{
	Name:     "vector.step",
	Summary:  "A linear sequence of values from 0 to N",
	Example:  "%r = vector.step : vector<4xindex>",
	Traits:   ir.Pure,
	Operands: ir.Exactly(0),
	Results:  ir.Exactly(1),
	Format:   &ir.Format{Syntax: "attr-dict `:` type($result)", Results: []string{"result"}},
	// Its one canonicalization is rooted at the arith.cmpi that uses it.
	Canonicalize: []*ir.Pattern{stepCompareFolder},
	Verify: func(op *ir.Operation) error {
		t := op.Result(0).Type()
		if vt, ok := t.(*ir.VectorType); !ok || len(vt.Dims) != 1 || !isStepElement(vt.Elem) {
			// MLIR's wording from before PR 205142, which the corpus
			// checks; no later wording was at hand.
			return op.Errorf("result #0 must be vector of index values of ranks 1, but got %s", typeQuoted(t))
		}
		return nil
	},
}

func isStepElement(t ir.Type) bool {
	if it, ok := t.(*ir.IntegerType); ok {
		return it.Signedness == ir.Signless && it.Width >= 8
	}
	_, isIndex := t.(*ir.IndexType)
	return isIndex
}

// fromElementsOp is vector.from_elements:
//
//	%r = vector.from_elements %a, %b : vector<2xf32>
var fromElementsOp = &ir.OpDef{
	Name:     "vector.from_elements",
	Summary:  "operation that defines a vector from scalar elements",
	Example:  "%r = vector.from_elements %a, %b, %c, %d : vector<2x2xf32>",
	Traits:   ir.Pure,
	Operands: ir.Variadic,
	Results:  ir.Exactly(1),
	Format: &ir.Format{Syntax: "$elements attr-dict `:` type($dest)", Operands: []string{"elements*"}, Results: []string{"dest"},
		Kinds: map[string]ir.TypeKind{"dest": vectorKind},
		TypesFrom: []ir.TypeFrom{{From: "dest", To: "elements", Check: isFixedVector, Desc: "fixed-length vector of any type values",
			Types: func(_ *ir.Context, t ir.Type) []ir.Type {
				vt := t.(*ir.VectorType)
				return slices.Repeat([]ir.Type{vt.Elem}, int(ir.NumElements(vt)))
			}}}},
	Verify: func(op *ir.Operation) error {
		vt, ok := op.Result(0).Type().(*ir.VectorType)
		if !ok || vt.IsScalable() {
			return op.Errorf("result #0 must be fixed-length vector of any type values, but got %s", typeQuoted(op.Result(0).Type()))
		}
		if int64(op.NumOperands()) != ir.NumElements(vt) {
			return op.Errorf("failed to verify that operand count matches the number of result elements")
		}
		for _, v := range op.Operands() {
			if v.Type() != vt.Elem {
				return op.Errorf("failed to verify that operand types match result element type")
			}
		}
		return nil
	},
	Fold:         foldFromElements,
	Canonicalize: []*ir.Pattern{fromElementsToBroadcast, fromElementsToShapeCast},
}

func foldFromElements(op *ir.Operation, operands []ir.Attribute) ([]ir.FoldResult, bool) {
	vt := op.Result(0).Type().(*ir.VectorType)
	for _, a := range operands {
		if a == nil {
			if r, ok := fromToElements(op); ok {
				return r, ok
			}
			return fromExtractedElements(op)
		}
	}
	return foldToAttr(denseFrom(op.Context(), vt, operands))
}

// fromToElements folds from_elements of the results of one to_elements,
// in order and of the same type, to its source (MLIR's
// foldFromElementsToElements).
func fromToElements(op *ir.Operation) ([]ir.FoldResult, bool) {
	if op.NumOperands() == 0 {
		return nil, false
	}
	def := op.Operand(0).DefiningOp()
	if def == nil || def.Name() != "vector.to_elements" || def.Operand(0).Type() != op.Result(0).Type() ||
		!slices.Equal(op.Operands(), def.Results()) {
		return nil, false
	}
	return foldTo(def.Operand(0))
}

// fromExtractedElements folds from_elements of every element of one
// vector, extracted in order, to that vector.
func fromExtractedElements(op *ir.Operation) ([]ir.FoldResult, bool) {
	vt := op.Result(0).Type().(*ir.VectorType)
	var src *ir.Value
	for i, e := range op.Operands() {
		ex := e.DefiningOp()
		if ex == nil || ex.Name() != "vector.extract" || ex.NumOperands() != 1 {
			return nil, false
		}
		if src == nil {
			src = ex.Operand(0)
			if src.Type() != vt {
				return nil, false
			}
		}
		pos := attrInts(ex, "static_position")
		if ex.Operand(0) != src || len(pos) != len(vt.Dims) || !allStatic(pos) || Linearize(pos, vt.Dims) != int64(i) {
			return nil, false
		}
	}
	if src == nil {
		return nil, false
	}
	return foldTo(src)
}

// fromElementsToBroadcast rewrites from_elements of one repeated value
// (a single one too) to a broadcast of it.
var fromElementsToBroadcast = &ir.Pattern{
	Name: "FromElementsToBroadcast",
	Root: "vector.from_elements",
	Rewrite: func(op *ir.Operation, rw *ir.Rewriter) bool {
		if op.NumOperands() == 0 {
			return false
		}
		first := op.Operand(0)
		for _, v := range op.Operands() {
			if v != first {
				return false
			}
		}
		rw.ReplaceOpWith(op, &ir.OpState{Name: "vector.broadcast", Loc: op.Loc(),
			Operands: []*ir.Value{first}, ResultTypes: op.ResultTypes()})
		return true
	},
}

// fromElementsToShapeCast rewrites from_elements of scalars extracted in
// order from a trailing block of one vector (the last dimensions from some
// position on) as an extract of that block and a shape_cast (MLIR's
// FromElementsToShapeCast). A single element is fromElementsToBroadcast's.
var fromElementsToShapeCast = &ir.Pattern{
	Name: "FromElementsToShapeCast",
	Root: "vector.from_elements",
	Rewrite: func(op *ir.Operation, rw *ir.Rewriter) bool {
		vt := op.Result(0).Type().(*ir.VectorType)
		n := ir.NumElements(vt)
		if n <= 1 {
			return false
		}
		var src *ir.Value
		var srcType *ir.VectorType
		var want, combined []int64
		for i, e := range op.Operands() {
			ex := e.DefiningOp()
			if ex == nil || ex.Name() != "vector.extract" || ex.NumOperands() != 1 {
				return false
			}
			pos := attrInts(ex, "static_position")
			if i == 0 {
				src = ex.Operand(0)
				st, ok := src.Type().(*ir.VectorType)
				if !ok || st.IsScalable() || len(pos) != len(st.Dims) || !allStatic(pos) {
					return false
				}
				srcType = st
				// The trailing zeros of the first position must cover n elements.
				covered, k := int64(1), len(pos)
				for k > 0 && pos[k-1] == 0 && covered < n {
					covered *= st.Dims[k-1]
					k--
				}
				if covered != n {
					return false
				}
				want, combined = slices.Clone(pos), pos[:k]
			} else if ex.Operand(0) != src || !slices.Equal(pos, want) {
				return false
			}
			for d := len(want) - 1; d >= 0; d-- {
				if want[d]++; want[d] < srcType.Dims[d] {
					break
				}
				want[d] = 0
			}
		}
		rw.SetInsertionPointBefore(op)
		block := src
		if len(combined) > 0 {
			bt := op.Context().Vector(srcType.Dims[len(combined):], srcType.Elem)
			block = rw.Create(&ir.OpState{Name: "vector.extract", Loc: op.Loc(), Operands: []*ir.Value{src},
				ResultTypes: []ir.Type{bt}, Attrs: []ir.NamedAttr{{Name: "static_position", Value: op.Context().DenseI64Array(combined...)}}}).Result(0)
		}
		rw.ReplaceOpWith(op, &ir.OpState{Name: "vector.shape_cast", Loc: op.Loc(), Operands: []*ir.Value{block}, ResultTypes: op.ResultTypes()})
		return true
	},
}

// toElementsOp is vector.to_elements, one result per element:
//
//	%r:2 = vector.to_elements %v : vector<2xf32>
var toElementsOp = &ir.OpDef{
	Name:     "vector.to_elements",
	Summary:  "operation that decomposes a vector into all its scalar elements",
	Example:  "%r:2 = vector.to_elements %v : vector<2xf32>",
	Traits:   ir.Pure,
	Operands: ir.Exactly(1),
	Results:  ir.Variadic,
	Format: &ir.Format{Syntax: "$source attr-dict `:` type($source)", Operands: []string{"source"}, Results: []string{"elements*"},
		Kinds: map[string]ir.TypeKind{"source": vectorKind},
		TypesFrom: []ir.TypeFrom{{From: "source", To: "elements", Check: isFixedVector, Desc: "fixed-length vector of any type values",
			Types: func(_ *ir.Context, t ir.Type) []ir.Type {
				vt := t.(*ir.VectorType)
				return slices.Repeat([]ir.Type{vt.Elem}, int(ir.NumElements(vt)))
			}}}},
	Verify: func(op *ir.Operation) error {
		vt, ok := vectorOf(op.Operand(0))
		if !ok || vt.IsScalable() {
			return op.Errorf("operand #0 must be fixed-length vector of any type values, but got %s", typeQuoted(op.Operand(0).Type()))
		}
		if int64(op.NumResults()) != ir.NumElements(vt) {
			return op.Errorf("failed to verify that result count matches the number of source elements")
		}
		for _, t := range op.ResultTypes() {
			if t != vt.Elem {
				return op.Errorf("failed to verify that result types match source element type")
			}
		}
		return nil
	},
	Fold: func(op *ir.Operation, operands []ir.Attribute) ([]ir.FoldResult, bool) {
		if def := op.Operand(0).DefiningOp(); def != nil && def.Name() == "vector.from_elements" {
			out := make([]ir.FoldResult, def.NumOperands())
			for i, v := range def.Operands() {
				out[i].Value = v
			}
			return out, true
		}
		// A shape_cast keeps the elements in order: decompose its source.
		if def := op.Operand(0).DefiningOp(); def != nil && def.Name() == "vector.shape_cast" && def.NumOperands() == 1 {
			if st, ok := vectorOf(def.Operand(0)); ok && !st.IsScalable() {
				op.SetOperand(0, def.Operand(0))
				return nil, true
			}
		}
		elems, ok := elementsOf(op.Context(), operands[0])
		if !ok {
			return nil, false
		}
		out := make([]ir.FoldResult, len(elems))
		for i, e := range elems {
			out[i].Attr = e
		}
		return out, true
	},
}
