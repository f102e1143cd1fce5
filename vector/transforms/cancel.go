package transforms

import (
	"github.com/kiln-gpu/kiln/ir"
	"github.com/kiln-gpu/kiln/vector"
)

// The cancellation patterns let the pieces of one unrolled op feed the
// next directly, so that no vector of a length SPIR-V lacks survives
// between unrolled ops (MLIR relies on the same folds of
// extract_strided_slice through insert_strided_slice).

// sliceOf reads a 1-d, unit-stride insert_strided_slice: source, dest,
// offset and length.
func sliceOf(op *ir.Operation) (src, dst *ir.Value, off, n int64, ok bool) {
	if op == nil || op.Name() != "vector.insert_strided_slice" {
		return nil, nil, 0, 0, false
	}
	st, ok1 := fixedVector(op.Operand(0))
	dt, ok2 := fixedVector(op.Operand(1))
	s := vector.StridedSlice{Operation: op}
	if !ok1 || !ok2 || len(st.Dims) != 1 || len(dt.Dims) != 1 || len(s.Offsets()) != 1 || s.Strides()[0] != 1 {
		return nil, nil, 0, 0, false
	}
	return op.Operand(0), op.Operand(1), s.Offsets()[0], st.Dims[0], true
}

// extractSliceOfInsertSlice forwards extract_strided_slice to the inserted
// slice it equals, or past an inserted slice it does not overlap.
var extractSliceOfInsertSlice = &ir.Pattern{Name: "vector-extract-slice-of-insert-slice", Root: "vector.extract_strided_slice",
	Rewrite: func(op *ir.Operation, rw *ir.Rewriter) bool {
		s := vector.StridedSlice{Operation: op}
		if len(s.Offsets()) != 1 || s.Strides()[0] != 1 {
			return false
		}
		off, n := s.Offsets()[0], s.Sizes()[0]
		src, dst, ioff, in, ok := sliceOf(op.Operand(0).DefiningOp())
		if !ok {
			return false
		}
		switch {
		case ioff == off && in == n:
			rw.ReplaceOp(op, []*ir.Value{src})
		case off+n <= ioff || ioff+in <= off:
			rw.ModifyInPlace(op, func() { op.SetOperand(0, dst) })
		default:
			return false
		}
		return true
	}}

// extractOfInsertSlice forwards a vector.extract of one element to the
// insert_strided_slice operand that holds it.
var extractOfInsertSlice = &ir.Pattern{Name: "vector-extract-of-insert-slice", Root: "vector.extract",
	Rewrite: func(op *ir.Operation, rw *ir.Rewriter) bool {
		pos := vector.Extract{Operation: op}.StaticPosition()
		if op.NumOperands() != 1 || len(pos) != 1 || pos[0] < 0 {
			return false
		}
		src, dst, off, n, ok := sliceOf(op.Operand(0).DefiningOp())
		if !ok {
			return false
		}
		b := at(rw, op)
		if pos[0] >= off && pos[0] < off+n {
			rw.ReplaceOp(op, []*ir.Value{b.Extract(src, []int64{pos[0] - off})})
		} else {
			rw.ReplaceOp(op, []*ir.Value{b.Extract(dst, pos)})
		}
		return true
	}}

// extractSliceOfSplat narrows a broadcast of a scalar.
var extractSliceOfSplat = &ir.Pattern{Name: "vector-extract-slice-of-splat", Root: "vector.extract_strided_slice",
	Rewrite: func(op *ir.Operation, rw *ir.Rewriter) bool {
		def := op.Operand(0).DefiningOp()
		if def == nil || def.Name() != "vector.broadcast" && def.Name() != "vector.splat" {
			return false
		}
		if _, isVec := def.Operand(0).Type().(*ir.VectorType); isVec {
			return false
		}
		b := at(rw, op)
		rw.ReplaceOp(op, []*ir.Value{b.Broadcast(def.Operand(0), op.Result(0).Type().(*ir.VectorType))})
		return true
	}}

// extractSliceOfFromElements takes the elements of the slice.
var extractSliceOfFromElements = &ir.Pattern{Name: "vector-extract-slice-of-from-elements", Root: "vector.extract_strided_slice",
	Rewrite: func(op *ir.Operation, rw *ir.Rewriter) bool {
		def := op.Operand(0).DefiningOp()
		s := vector.StridedSlice{Operation: op}
		if def == nil || def.Name() != "vector.from_elements" || len(s.Offsets()) != 1 || s.Strides()[0] != 1 {
			return false
		}
		if vt, ok := fixedVector(def.Result(0)); !ok || len(vt.Dims) != 1 {
			return false
		}
		off, n := s.Offsets()[0], s.Sizes()[0]
		b := at(rw, op)
		rw.ReplaceOp(op, []*ir.Value{b.Op("vector.from_elements", def.Operands()[off:off+n], op.ResultTypes())})
		return true
	}}

// cancelPatterns are the patterns above.
func cancelPatterns() []*ir.Pattern {
	return []*ir.Pattern{extractSliceOfInsertSlice, extractOfInsertSlice, extractSliceOfSplat, extractSliceOfFromElements,
		extractSliceOfInsert}
}

// extractSliceOfInsert moves a 1-d extract_strided_slice above a
// vector.insert of one element: the insert lands in the slice or not at all.
var extractSliceOfInsert = &ir.Pattern{Name: "vector-extract-slice-of-insert", Root: "vector.extract_strided_slice",
	Rewrite: func(op *ir.Operation, rw *ir.Rewriter) bool {
		s := vector.StridedSlice{Operation: op}
		def := op.Operand(0).DefiningOp()
		if def == nil || def.Name() != "vector.insert" || def.NumOperands() != 2 || len(s.Offsets()) != 1 || s.Strides()[0] != 1 {
			return false
		}
		pos := vector.Insert{Operation: def}.StaticPosition()
		if vt, ok := fixedVector(def.Result(0)); !ok || len(vt.Dims) != 1 || len(pos) != 1 || pos[0] < 0 {
			return false
		}
		off, n := s.Offsets()[0], s.Sizes()[0]
		b := at(rw, op)
		part := b.slice(def.Operand(1), off, n)
		if pos[0] >= off && pos[0] < off+n {
			part = b.Insert(def.Operand(0), part, []int64{pos[0] - off})
		}
		rw.ReplaceOp(op, []*ir.Value{part})
		return true
	}}
