package vector

import (
	"slices"

	"github.com/kiln-gpu/kiln/ir"
)

// staticizePositions replaces dynamic positions whose operand is a
// constant (in range, or poison) by static ones, in place. first is the
// index of the first dynamic-position operand.
func staticizePositions(op *ir.Operation, first int, operands []ir.Attribute, vt *ir.VectorType) bool {
	static := slices.Clone(attrInts(op, "static_position"))
	var keep []*ir.Value
	changed := false
	d := first
	for i, s := range static {
		if s != Dynamic {
			continue
		}
		if v, ok := constIndex(operands[d]); ok && i < len(vt.Dims) && (v == Poison || v >= 0 && v < vt.Dims[i]) {
			static[i] = v
			changed = true
		} else {
			keep = append(keep, op.Operand(d))
		}
		d++
	}
	if !changed {
		return false
	}
	op.SetOperands(append(slices.Clone(op.Operands()[:first]), keep...))
	op.SetAttr("static_position", op.Context().DenseI64Array(static...))
	return true
}

// allStatic reports whether pos has no dynamic or poison entries.
func allStatic(pos []int64) bool {
	for _, p := range pos {
		if p == Dynamic || p == Poison {
			return false
		}
	}
	return true
}

func setExtract(op *ir.Operation, src *ir.Value, pos []int64) ([]ir.FoldResult, bool) {
	op.SetOperands([]*ir.Value{src})
	op.SetAttr("static_position", op.Context().DenseI64Array(pos...))
	return nil, true
}

func foldExtract(op *ir.Operation, operands []ir.Attribute) ([]ir.FoldResult, bool) {
	ctx := op.Context()
	src := op.Operand(0)
	vt, ok := vectorOf(src)
	if !ok {
		return nil, false
	}
	if staticizePositions(op, 1, operands, vt) {
		return nil, true
	}
	pos := attrInts(op, "static_position")
	rt := op.Result(0).Type()
	if len(pos) == 0 && rt == vt {
		return foldTo(src)
	}
	if !allStatic(pos) {
		return nil, false
	}
	if elems, ok := elementsOf(ctx, operands[0]); ok && !vt.IsScalable() {
		n := Product(vt.Dims[len(pos):])
		off := Linearize(pos, vt.Dims[:len(pos)]) * n
		if rv, ok := rt.(*ir.VectorType); ok {
			return foldToAttr(denseFrom(ctx, rv, elems[off:off+n]))
		}
		return foldToAttr(elems[off])
	}
	def := src.DefiningOp()
	if def == nil {
		return nil, false
	}
	switch def.Name() {
	case "vector.broadcast", "vector.splat":
		if in := def.Operand(0); in.Type() == rt {
			return foldTo(in)
		}
	case "vector.extract":
		if def.NumOperands() == 1 {
			inner := attrInts(def, "static_position")
			if allStatic(inner) {
				return setExtract(op, def.Operand(0), append(slices.Clone(inner), pos...))
			}
		}
	case "vector.insert":
		ipos := attrInts(def, "static_position")
		if def.NumOperands() != 2 || !allStatic(ipos) {
			return nil, false
		}
		common := min(len(ipos), len(pos))
		if !slices.Equal(ipos[:common], pos[:common]) {
			// The inserted part does not overlap what is extracted.
			return setExtract(op, def.Operand(1), pos)
		}
		if len(ipos) == len(pos) && def.Operand(0).Type() == rt {
			return foldTo(def.Operand(0))
		}
		if len(ipos) < len(pos) {
			if _, ok := vectorOf(def.Operand(0)); ok {
				return setExtract(op, def.Operand(0), slices.Clone(pos[len(ipos):]))
			}
		}
	case "vector.from_elements":
		if len(pos) == len(vt.Dims) && !vt.IsScalable() {
			if e := def.Operand(int(Linearize(pos, vt.Dims))); e.Type() == rt {
				return foldTo(e)
			}
		}
	}
	return nil, false
}

func foldInsert(op *ir.Operation, operands []ir.Attribute) ([]ir.FoldResult, bool) {
	ctx := op.Context()
	src, dst := op.Operand(0), op.Operand(1)
	vt, ok := vectorOf(dst)
	if !ok {
		return nil, false
	}
	if staticizePositions(op, 2, operands, vt) {
		return nil, true
	}
	pos := attrInts(op, "static_position")
	if len(pos) == 0 && src.Type() == vt {
		return foldTo(src)
	}
	if !allStatic(pos) {
		return nil, false
	}
	// insert(extract(v, pos), v, pos) is v.
	if ex := src.DefiningOp(); ex != nil && ex.Name() == "vector.extract" && ex.NumOperands() == 1 &&
		ex.Operand(0) == dst && slices.Equal(attrInts(ex, "static_position"), pos) {
		return foldTo(dst)
	}
	if dstElems, ok := elementsOf(ctx, operands[1]); ok && !vt.IsScalable() {
		n := Product(vt.Dims[len(pos):])
		off := Linearize(pos, vt.Dims[:len(pos)]) * n
		var part []ir.Attribute
		if s, ok := elementsOf(ctx, operands[0]); ok {
			part = s
		} else if s, ok := operands[0].(*ir.IntegerAttr); ok {
			part = []ir.Attribute{s}
		} else if s, ok := operands[0].(*ir.FloatAttr); ok {
			part = []ir.Attribute{s}
		}
		if int64(len(part)) == n {
			out := slices.Clone(dstElems)
			copy(out[off:], part)
			return foldToAttr(denseFrom(ctx, vt, out))
		}
	}
	// An insert overwriting an insert at the same position skips it.
	if in := dst.DefiningOp(); in != nil && in.Name() == "vector.insert" && in.NumOperands() == 2 &&
		slices.Equal(attrInts(in, "static_position"), pos) {
		op.SetOperand(1, in.Operand(1))
		return nil, true
	}
	return nil, false
}
