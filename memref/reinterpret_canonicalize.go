package memref

import (
	"github.com/kiln-gpu/kiln/ir"
)

// foldReinterpretCast views the source's own source when the source is a
// reinterpret_cast, a cast or a subview at offset zero, and folds a
// reinterpret_cast of static shape and zero offset that keeps its source's
// type to the source (MLIR's ReinterpretCastOp::fold).
func foldReinterpretCast(op *ir.Operation, _ []ir.Attribute) ([]ir.FoldResult, bool) {
	src := op.Operand(0)
	var prev *ir.Value
	if d := src.DefiningOp(); d != nil {
		switch d.Name() {
		case "memref.reinterpret_cast", "memref.cast":
			prev = d.Operand(0)
		case "memref.subview":
			offsets := staticArray(d, "static_offsets")
			zero := len(ir.OperandSegment(d, offsetsList.seg)) == 0
			for _, o := range offsets {
				zero = zero && o == 0
			}
			if zero {
				prev = d.Operand(0)
			}
		}
	}
	if prev != nil {
		op.SetOperand(0, prev)
		return nil, true
	}
	res, ok := op.Result(0).Type().(*ir.MemRefType)
	offsets := staticArray(op, "static_offsets")
	if ok && ir.HasStaticShape(res) && src.Type() == res && len(offsets) > 0 && offsets[0] == 0 {
		return []ir.FoldResult{{Value: src}}, true
	}
	return nil, false
}

// Mixed is one entry of a mixed list (a subview's offsets, sizes or
// strides, ...): Value when it is an SSA value, else the constant Static
// (also for a dynamic entry given by a constant).
type Mixed struct {
	Static int64
	Value  *ir.Value
}

func (m Mixed) equal(o Mixed) bool {
	if m.Value != nil || o.Value != nil {
		return m.Value == o.Value
	}
	return m.Static == o.Static
}

// mixedValues returns the entries of op's mixed list l, constant values
// as static entries.
func mixedValues(op *ir.Operation, l mixedList) []Mixed {
	out := mixedEntries(op, l)
	for i, m := range out {
		if m.Value == nil {
			continue
		}
		if c, ok := ir.ConstantIntAttr(m.Value); ok {
			out[i] = Mixed{Static: c.Int()}
		}
	}
	return out
}

// mixedEntries returns the entries of op's mixed list l as they are; a
// dynamic entry past the end of its operand segment has no value.
func mixedEntries(op *ir.Operation, l mixedList) []Mixed {
	dyn := ir.OperandSegment(op, l.seg)
	var out []Mixed
	k := 0
	for _, s := range staticArray(op, l.static) {
		m := Mixed{Static: s}
		if s == ir.Dynamic && k < len(dyn) {
			m.Value = dyn[k]
			k++
		}
		out = append(out, m)
	}
	return out
}

// reinterpretConstantArgs makes static the dynamic offset, sizes and
// strides of a reinterpret_cast that its result type or a constant operand
// gives (not a negative offset or size, which no type can hold), and casts
// the new result back to the old type (MLIR's
// ReinterpretCastOpConstantFolder).
func reinterpretConstantArgs(op *ir.Operation, rw *ir.Rewriter) bool {
	res, ok := op.Result(0).Type().(*ir.MemRefType)
	strides, offset, ok2 := StridesAndOffset(res)
	if !ok || !ok2 {
		return false
	}
	fromType := [3][]int64{{offset}, res.Dims, strides}
	var static [3][]int64
	var dyn [3][]*ir.Value
	changed := false
	for l, list := range []mixedList{offsetsList, sizesList, stridesList} {
		entries := mixedEntries(op, list)
		if len(entries) != len(fromType[l]) {
			return false
		}
		for i, m := range entries {
			v := m.Static
			if m.Value != nil {
				if t := fromType[l][i]; t != ir.Dynamic {
					v = t
				} else if c, ok := ir.ConstantIntAttr(m.Value); ok && (list == stridesList || c.Int() >= 0) {
					v = c.Int()
				}
				if v == ir.Dynamic {
					dyn[l] = append(dyn[l], m.Value)
				} else {
					changed = true
				}
			}
			static[l] = append(static[l], v)
		}
	}
	if !changed {
		return false
	}
	ctx := op.Context()
	nt := ctx.MemRef(static[1], res.Elem, ctx.StridedLayout(static[0][0], static[2]), res.MemorySpace)
	n := createSliceLike(rw, op, nt, static, dyn, nil)
	rw.ReplaceOpWith(op, &ir.OpState{Name: "memref.cast", Loc: op.Loc(), Operands: n.Results(), ResultTypes: []ir.Type{res}})
	return true
}

// reinterpretOfMetadata replaces reinterpret_cast(extract_strided_metadata(x))
// that rebuilds x's offset, sizes and strides by x, or by a cast of x when
// the types differ; any other such reinterpret_cast reads x directly, as it
// only uses the base pointer, which x and the metadata's base buffer share
// (MLIR's ReinterpretCastOpExtractStridedMetadataFolder).
func reinterpretOfMetadata(op *ir.Operation, rw *ir.Rewriter) bool {
	e := op.Operand(0).DefiningOp()
	if e == nil || e.Name() != "memref.extract_strided_metadata" {
		return false
	}
	x := e.Operand(0)
	if _, ok := x.Type().(*ir.MemRefType); !ok {
		return false
	}
	if !rebuildsMetadata(op, e) {
		rw.ModifyInPlace(op, func() { op.SetOperand(0, x) })
		return true
	}
	if x.Type() == op.Result(0).Type() {
		rw.ReplaceOp(op, []*ir.Value{x})
	} else {
		rw.ReplaceOpWith(op, &ir.OpState{Name: "memref.cast", Loc: op.Loc(), Operands: []*ir.Value{x}, ResultTypes: op.ResultTypes()})
	}
	return true
}

// rebuildsMetadata reports whether reinterpret_cast op rebuilds exactly the
// offset, sizes and strides that extract_strided_metadata e reads, static
// where e's source type says so.
func rebuildsMetadata(op, e *ir.Operation) bool {
	x := e.Operand(0)
	mt, ok := x.Type().(*ir.MemRefType)
	strides, offset, ok2 := StridesAndOffset(x.Type())
	rank := len(strides)
	if !ok || !ok2 || e.NumResults() != 2+2*rank {
		return false
	}
	// The metadata's entries: static where x's type says so.
	entry := func(static int64, r int) Mixed {
		if static != ir.Dynamic {
			return Mixed{Static: static}
		}
		return Mixed{Static: ir.Dynamic, Value: e.Result(r)}
	}
	sizes, strs, offs := mixedValues(op, sizesList), mixedValues(op, stridesList), mixedValues(op, offsetsList)
	if len(sizes) != rank || len(strs) != rank || len(offs) != 1 || !offs[0].equal(entry(offset, 1)) {
		return false
	}
	for i := range rank {
		if !sizes[i].equal(entry(mt.Dims[i], 2+i)) || !strs[i].equal(entry(strides[i], 2+rank+i)) {
			return false
		}
	}
	return true
}
