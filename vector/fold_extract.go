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

// foldExtract follows MLIR's ExtractOp::fold: the folds are tried in
// MLIR's order, and those that rewrite the op in place report an in-place
// fold.
func foldExtract(op *ir.Operation, operands []ir.Attribute) ([]ir.FoldResult, bool) {
	ctx := op.Context()
	src := op.Operand(0)
	vt, ok := vectorOf(src)
	if !ok {
		return nil, false
	}
	pos := attrInts(op, "static_position")
	rt := op.Result(0).Type()
	if len(pos) == 0 && rt == vt {
		return foldTo(src)
	}
	if isPoison(operands[0]) {
		return foldToPoison(op)
	}
	if staticizePositions(op, 1, operands, vt) {
		return nil, true
	}
	if slices.Contains(pos, Poison) {
		return foldToPoison(op)
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
	for _, f := range []func(*ir.Operation, []int64) (*ir.Value, bool){
		foldExtractOfExtract, foldExtractOfInsertChain, foldExtractOfBroadcast, foldExtractOfShuffle,
		foldExtractOfShapeCast, foldExtractOfExtractStrided, foldExtractOfInsertStrided, foldExtractOfFromElements,
	} {
		if v, inPlace := f(op, pos); inPlace {
			return nil, true
		} else if v != nil {
			return foldTo(v)
		}
	}
	return nil, false
}

// The foldExtractOf functions return the value an extract with static
// position pos folds to, or inPlace when they rewrote the op itself.

func foldExtractOfExtract(op *ir.Operation, pos []int64) (*ir.Value, bool) {
	src, global := op.Operand(0), slices.Clone(pos)
	for def := src.DefiningOp(); def != nil && def.Name() == "vector.extract"; def = src.DefiningOp() {
		inner := attrInts(def, "static_position")
		if def.NumOperands() != 1 || !allStatic(inner) {
			return nil, false
		}
		global = append(slices.Clone(inner), global...)
		src = def.Operand(0)
	}
	if src == op.Operand(0) {
		return nil, false
	}
	setExtract(op, src, global)
	return nil, true
}

// foldExtractOfInsertChain walks back through inserts and transposes
// (MLIR's ExtractFromInsertTransposeChainState): the extract position is
// kept with trailing sentinels -1..-k for the extracted dimensions, which
// must come out in order for the fold to be valid.
func foldExtractOfInsertChain(op *ir.Operation, pos []int64) (*ir.Value, bool) {
	vt, _ := vectorOf(op.Operand(0))
	extracted := len(pos)
	var sentinels []int64
	for i := range len(vt.Dims) - len(pos) {
		sentinels = append(sentinels, -int64(i+1))
	}
	cur := append(slices.Clone(pos), sentinels...)
	canFold := func() bool { return slices.Equal(cur[extracted:], sentinels) }
	inPlace := func(v *ir.Value) (*ir.Value, bool) {
		if v == op.Operand(0) || !canFold() {
			return nil, false
		}
		setExtract(op, v, slices.Clone(cur[:extracted]))
		return nil, true
	}
	from := op.Operand(0)
	for def := from.DefiningOp(); def != nil; def = from.DefiningOp() {
		switch def.Name() {
		case "vector.transpose":
			perm := attrInts(def, "permutation")
			if len(perm) != len(cur) {
				return nil, false
			}
			// Apply the inverse permutation: result dim i is source dim perm[i].
			next := make([]int64, len(cur))
			for i, p := range perm {
				next[p] = cur[i]
			}
			cur = next
			from = def.Operand(0)
			continue
		case "vector.insert":
		default:
			return inPlace(from)
		}
		ins := attrInts(def, "static_position")
		if def.NumOperands() != 2 || !allStatic(ins) {
			return nil, false
		}
		if slices.Equal(ins, cur[:extracted]) {
			if canFold() {
				return def.Operand(0), false
			}
			return nil, false
		}
		if len(ins) <= len(cur) && slices.Equal(ins, cur[:len(ins)]) {
			cur = cur[len(ins):]
			extracted = len(cur) - len(sentinels)
			return inPlace(def.Operand(0))
		}
		if intersects(cur, ins) {
			return nil, false
		}
		from = def.Operand(1)
	}
	return inPlace(from)
}

// intersects reports whether positions a and b agree on their common
// prefix where both are non-negative.
func intersects(a, b []int64) bool {
	for i := range min(len(a), len(b)) {
		if a[i] >= 0 && b[i] >= 0 && a[i] != b[i] {
			return false
		}
	}
	return true
}

// broadcastLike returns the source of a broadcast, a splat, or a
// shape_cast that only prepends unit dims.
func broadcastLike(def *ir.Operation) (*ir.Value, bool) {
	if def == nil {
		return nil, false
	}
	switch def.Name() {
	case "vector.broadcast", "vector.splat":
		return def.Operand(0), true
	case "vector.shape_cast":
		s, ok1 := vectorOf(def.Operand(0))
		d, ok2 := def.Result(0).Type().(*ir.VectorType)
		if ok1 && ok2 && len(d.Dims) >= len(s.Dims) && slices.Equal(d.Dims[len(d.Dims)-len(s.Dims):], s.Dims) {
			return def.Operand(0), true
		}
	}
	return nil, false
}

func foldExtractOfBroadcast(op *ir.Operation, pos []int64) (*ir.Value, bool) {
	in, ok := broadcastLike(op.Operand(0).DefiningOp())
	if !ok {
		return nil, false
	}
	rt := op.Result(0).Type()
	if in.Type() == rt {
		return in, false
	}
	it, _ := vectorOf(in)
	et, _ := rt.(*ir.VectorType)
	inRank, exRank := 0, 0
	if it != nil {
		inRank = len(it.Dims)
	}
	if et != nil {
		exRank = len(et.Dims)
	}
	if exRank > inRank {
		return nil, false
	}
	if et != nil && !slices.Equal(et.Dims, it.Dims[inRank-exRank:]) {
		return nil, false
	}
	vt, _ := vectorOf(op.Operand(0))
	delta := len(vt.Dims) - inRank
	np := make([]int64, inRank-exRank)
	for i, size := range it.Dims[:inRank-exRank] {
		if size != 1 {
			np[i] = pos[i+delta]
		}
	}
	setExtract(op, in, np)
	return nil, true
}

func foldExtractOfShuffle(op *ir.Operation, pos []int64) (*ir.Value, bool) {
	def := op.Operand(0).DefiningOp()
	if def == nil || def.Name() != "vector.shuffle" {
		return nil, false
	}
	rv, ok := def.Result(0).Type().(*ir.VectorType)
	mask, _ := shuffleMask(def)
	if !ok || len(rv.Dims) != 1 || len(pos) != 1 {
		return nil, false
	}
	v1, _ := vectorOf(def.Operand(0))
	n, m := leading(v1), mask[pos[0]]
	if m == Poison {
		return nil, false
	}
	if m < n {
		setExtract(op, def.Operand(0), []int64{m})
	} else {
		setExtract(op, def.Operand(1), []int64{m - n})
	}
	return nil, true
}

func foldExtractOfShapeCast(op *ir.Operation, pos []int64) (*ir.Value, bool) {
	def := op.Operand(0).DefiningOp()
	if def == nil || def.Name() != "vector.shape_cast" {
		return nil, false
	}
	st, ok := vectorOf(def.Operand(0))
	if !ok || st.IsScalable() {
		return nil, false
	}
	vt, _ := vectorOf(op.Operand(0))
	dstRank := 0
	if et, ok := op.Result(0).Type().(*ir.VectorType); ok {
		dstRank = len(et.Dims)
		if dstRank > len(st.Dims) || !slices.Equal(et.Dims, st.Dims[len(st.Dims)-dstRank:]) {
			return nil, false
		}
	}
	if dstRank > len(st.Dims) {
		return nil, false
	}
	// Linearize the position in the extract's source, then delinearize it
	// in the shape_cast's source, both without the extracted dims.
	lin := Linearize(pos, vt.Dims[:len(vt.Dims)-dstRank])
	outer := st.Dims[:len(st.Dims)-dstRank]
	np := make([]int64, len(outer))
	for i := len(outer) - 1; i >= 0; i-- {
		np[i] = lin % outer[i]
		lin /= outer[i]
	}
	setExtract(op, def.Operand(0), np)
	return nil, true
}

func foldExtractOfExtractStrided(op *ir.Operation, pos []int64) (*ir.Value, bool) {
	def := op.Operand(0).DefiningOp()
	if def == nil || def.Name() != "vector.extract_strided_slice" {
		return nil, false
	}
	st, ok1 := vectorOf(def.Operand(0))
	dt, ok2 := def.Result(0).Type().(*ir.VectorType)
	if !ok1 || !ok2 || len(st.Dims) == 0 || len(dt.Dims) == 0 || slices.ContainsFunc(attrInts(def, "strides"), func(s int64) bool { return s != 1 }) {
		return nil, false
	}
	offs := slices.Clone(attrInts(def, "offsets"))
	for len(offs) > 0 {
		last := len(offs) - 1
		if offs[last] != 0 || dt.Dims[last] != st.Dims[last] {
			break
		}
		offs = offs[:last]
	}
	dstRank := 0
	if et, ok := op.Result(0).Type().(*ir.VectorType); ok {
		dstRank = len(et.Dims)
	}
	if dstRank > len(st.Dims)-len(offs) || len(pos) < len(offs) {
		return nil, false
	}
	np := slices.Clone(pos)
	for i, o := range offs {
		np[i] += o
	}
	setExtract(op, def.Operand(0), np)
	return nil, true
}

func foldExtractOfInsertStrided(op *ir.Operation, pos []int64) (*ir.Value, bool) {
	dstRank := 0
	if et, ok := op.Result(0).Type().(*ir.VectorType); ok {
		dstRank = len(et.Dims)
	}
	for def := op.Operand(0).DefiningOp(); def != nil && def.Name() == "vector.insert_strided_slice"; def = def.Operand(1).DefiningOp() {
		src, ok1 := vectorOf(def.Operand(0))
		dst, ok2 := vectorOf(def.Operand(1))
		if !ok1 || !ok2 || len(src.Dims) == 0 || dstRank > len(src.Dims) ||
			slices.ContainsFunc(attrInts(def, "strides"), func(s int64) bool { return s != 1 }) {
			return nil, false
		}
		rankDiff := len(dst.Dims) - len(src.Dims)
		offs := attrInts(def, "offsets")
		var diffs []int64
		disjoint := false
		for d, p := range pos {
			size := int64(1)
			if d >= rankDiff {
				size = src.Dims[d-rankDiff]
			}
			if offs[d] <= p && p < offs[d]+size {
				if d >= rankDiff {
					diffs = append(diffs, p-offs[d])
				}
				continue
			}
			disjoint = true
			break
		}
		if disjoint {
			continue
		}
		srcRankDiff := len(src.Dims) - dstRank
		for i := range dstRank {
			if src.Dims[i+srcRankDiff] != dst.Dims[i+srcRankDiff+rankDiff] {
				return nil, false
			}
		}
		setExtract(op, def.Operand(0), diffs)
		return nil, true
	}
	return nil, false
}

func foldExtractOfFromElements(op *ir.Operation, pos []int64) (*ir.Value, bool) {
	def := op.Operand(0).DefiningOp()
	if def == nil || def.Name() != "vector.from_elements" {
		return nil, false
	}
	vt, _ := vectorOf(op.Operand(0))
	if vt.IsScalable() || op.Result(0).Type() != vt.Elem || len(pos) != len(vt.Dims) {
		return nil, false
	}
	return def.Operand(int(Linearize(pos, vt.Dims))), false
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
	if slices.Contains(pos, Poison) {
		return foldToPoison(op)
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
