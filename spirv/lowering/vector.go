package lowering

import (
	"slices"

	"github.com/kiln-gpu/kiln/ir"
	"github.com/kiln-gpu/kiln/ir/rewrite"
	"github.com/kiln-gpu/kiln/vector"
	"github.com/kiln-gpu/kiln/vector/transforms"
)

// lowerVectorFirst brings the vector ops that have no SPIR-V pattern
// (vector.mask, scan, transfers, masked, compressed and gathered
// accesses, multi_reduction, contract) down to ops that have, as MLIR's
// convert-to-spirv prepares vectors before converting; IR without them is
// left as it is.
func lowerVectorFirst(root *ir.Operation, dialects []string) error {
	if !slices.Contains(dialects, "vector") {
		return nil
	}
	return transforms.LowerForConversion(root)
}

// vectorPatterns convert 1-D vector ops of SPIR-V sizes (MLIR's
// VectorToSPIRV); larger or n-D vectors are unrolled first by
// vector/transforms. vector.load and vector.store become element accesses,
// which stay valid under Logical addressing.
func (e *env) vectorPatterns() []*rewrite.ConversionPattern {
	p := func(name string, f func(*ir.Operation, []*ir.Value, *rewrite.ConversionRewriter) error) *rewrite.ConversionPattern {
		return &rewrite.ConversionPattern{Name: name, Root: name, Rewrite: f}
	}
	fma := "spirv.GL.Fma"
	if e.kernel() {
		fma = "spirv.CL.fma"
	}
	return []*rewrite.ConversionPattern{
		p("vector.extract", e.vecExtract), p("vector.extractelement", e.vecExtract),
		p("vector.insert", e.vecInsert), p("vector.insertelement", e.vecInsert),
		p("vector.shuffle", e.vecShuffle), p("vector.interleave", e.vecShuffle), p("vector.deinterleave", e.vecShuffle),
		p("vector.extract_strided_slice", e.vecShuffle), p("vector.insert_strided_slice", e.vecShuffle),
		p("vector.broadcast", e.vecBroadcast), p("vector.splat", e.vecBroadcast), p("vector.from_elements", e.vecBroadcast),
		p("vector.to_elements", e.vecToElements), p("vector.reduction", e.vecReduction),
		p("vector.load", e.vecLoad), p("vector.store", e.vecStore), p("vector.step", e.vecStep),
		e.elementwise("vector.fma", fma, ""), p("vector.bitcast", e.bitcast),
		p("vector.shape_cast", func(o *ir.Operation, operands []*ir.Value, rw *rewrite.ConversionRewriter) error {
			if e.tc.ConvertType(o.Result(0).Type()) != operands[0].Type() {
				return rewrite.NoMatch
			}
			rw.ReplaceOp(o, operands)
			return nil
		}),
	}
}

// staticPos returns an op's static position with no dynamic entries.
func staticPos(o *ir.Operation) ([]int64, bool) {
	a, ok := o.Attr("static_position").(*ir.DenseArrayAttr)
	if !ok {
		return nil, false
	}
	for _, v := range a.Ints {
		if v == ir.Dynamic {
			return nil, false
		}
	}
	return a.Ints, true
}

func (e *env) vecExtract(o *ir.Operation, operands []*ir.Value, rw *rewrite.ConversionRewriter) error {
	t := e.tc.ConvertType(o.Result(0).Type())
	if t == nil {
		return rewrite.NoMatch
	}
	b, loc := &rw.Builder, o.Loc()
	b.SetInsertionPointBefore(o)
	src := operands[0]
	var r *ir.Value
	pos, static := staticPos(o)
	switch {
	case src.Type() == t: // a one-element vector became a scalar
		r = src
	case static && o.Name() == "vector.extract" && len(pos) == 1:
		r = extract(b, src, t, loc, pos[0])
	case len(operands) == 2:
		if c, ok := constInt(operands[1]); ok {
			r = extract(b, src, t, loc, c)
		} else {
			r = val(b, "spirv.VectorExtractDynamic", loc, t, src, operands[1])
		}
	case len(operands) == 1 && o.Name() == "vector.extractelement":
		r = extract(b, src, t, loc, 0)
	default:
		return rewrite.NoMatch
	}
	rw.ReplaceOp(o, []*ir.Value{r})
	return nil
}

func (e *env) vecInsert(o *ir.Operation, operands []*ir.Value, rw *rewrite.ConversionRewriter) error {
	t := e.tc.ConvertType(o.Result(0).Type())
	if t == nil {
		return rewrite.NoMatch
	}
	b, loc := &rw.Builder, o.Loc()
	b.SetInsertionPointBefore(o)
	v, dst := operands[0], operands[1]
	var r *ir.Value
	pos, static := staticPos(o)
	switch {
	case dst.Type() == t && v.Type() == t: // one-element vectors
		r = v
	case static && o.Name() == "vector.insert" && len(pos) == 1:
		r = insert(b, v, dst, loc, pos[0])
	case len(operands) == 3:
		if c, ok := constInt(operands[2]); ok {
			r = insert(b, v, dst, loc, c)
		} else {
			r = val(b, "spirv.VectorInsertDynamic", loc, t, dst, v, operands[2])
		}
	default:
		return rewrite.NoMatch
	}
	rw.ReplaceOp(o, []*ir.Value{r})
	return nil
}

// components returns, for each result of a shuffle-like op, the lanes of
// concat(operands) it takes.
func components(o *ir.Operation) ([][]int64, bool) {
	n := func(v *ir.Value) int64 {
		if vt, ok := v.Type().(*ir.VectorType); ok {
			return ir.NumElements(vt)
		}
		return 1
	}
	ints := func(name string) []int64 {
		switch a := o.Attr(name).(type) {
		case *ir.DenseArrayAttr:
			return a.Ints
		case *ir.ArrayAttr:
			var vs []int64
			for _, x := range a.Elems {
				if i, ok := x.(*ir.IntegerAttr); ok {
					vs = append(vs, i.Int())
				}
			}
			return vs
		}
		return nil
	}
	seq := func(start, count, step int64) []int64 {
		vs := make([]int64, count)
		for i := range vs {
			vs[i] = start + int64(i)*step
		}
		return vs
	}
	switch o.Name() {
	case "vector.shuffle":
		return [][]int64{ints("mask")}, true
	case "vector.interleave":
		k := n(o.Operand(0))
		var vs []int64
		for i := range k {
			vs = append(vs, i, k+i)
		}
		return [][]int64{vs}, true
	case "vector.deinterleave":
		k := n(o.Operand(0)) / 2
		return [][]int64{seq(0, k, 2), seq(1, k, 2)}, true
	case "vector.extract_strided_slice":
		off, sz, st := ints("offsets"), ints("sizes"), ints("strides")
		if len(off) != 1 || len(sz) != 1 || len(st) != 1 {
			return nil, false
		}
		return [][]int64{seq(off[0], sz[0], st[0])}, true
	case "vector.insert_strided_slice":
		off, st := ints("offsets"), ints("strides")
		if len(off) != 1 || len(st) != 1 {
			return nil, false
		}
		src, dst := n(o.Operand(0)), n(o.Operand(1))
		vs := seq(0, dst, 1) // the destination's lanes, then the source's
		for i := range src {
			vs[off[0]+i*st[0]] = dst + i
		}
		return [][]int64{vs}, true
	}
	return nil, false
}

// vecShuffle converts the ops that pick lanes of one or two vectors.
func (e *env) vecShuffle(o *ir.Operation, operands []*ir.Value, rw *rewrite.ConversionRewriter) error {
	comps, ok := components(o)
	if !ok {
		return rewrite.NoMatch
	}
	types, ok := e.tc.ConvertTypes(o.ResultTypes())
	if !ok {
		return rewrite.NoMatch
	}
	b, loc := &rw.Builder, o.Loc()
	b.SetInsertionPointBefore(o)
	a, c, first := operands[0], operands[0], o.Operand(0)
	if len(operands) > 1 {
		c = operands[1]
	}
	if o.Name() == "vector.insert_strided_slice" {
		a, c, first = operands[1], operands[0], o.Operand(1)
		if _, isVec := c.Type().(*ir.VectorType); !isVec {
			// A one-element slice is an insert.
			off := comps[0]
			for i, l := range off {
				if l == int64(len(off)) {
					rw.ReplaceOp(o, []*ir.Value{insert(b, c, a, loc, int64(i))})
					return nil
				}
			}
		}
	}
	_, aVec := a.Type().(*ir.VectorType)
	_, cVec := c.Type().(*ir.VectorType)
	res := make([]*ir.Value, len(comps))
	for i, lanes := range comps {
		vt, isVec := types[i].(*ir.VectorType)
		if aVec && cVec && isVec {
			sel := make([]int64, len(lanes))
			for j, l := range lanes {
				sel[j] = l
				if l < 0 {
					sel[j] = 0xFFFFFFFF // a poison lane: SPIR-V's undefined component
				}
			}
			res[i] = op(b, "spirv.VectorShuffle", loc, vt, []*ir.Value{a, c},
				ir.NamedAttr{Name: "components", Value: i32Array(e.ctx, sel...)}).Result(0)
			continue
		}
		// Scalars (one-element vectors) take part: pick lane by lane.
		elems := make([]*ir.Value, len(lanes))
		na := int64(1)
		if at, ok := first.Type().(*ir.VectorType); ok {
			na = ir.NumElements(at)
		}
		for j, l := range lanes {
			src, lane := a, l
			if l >= na {
				src, lane = c, l-na
			}
			if st, ok := src.Type().(*ir.VectorType); ok {
				elems[j] = extract(b, src, st.Elem, loc, lane)
			} else {
				elems[j] = src
			}
		}
		if isVec {
			res[i] = val(b, "spirv.CompositeConstruct", loc, vt, elems...)
		} else {
			res[i] = elems[0]
		}
	}
	rw.ReplaceOp(o, res)
	return nil
}

// vecBroadcast converts broadcast, splat and from_elements.
func (e *env) vecBroadcast(o *ir.Operation, operands []*ir.Value, rw *rewrite.ConversionRewriter) error {
	t := e.tc.ConvertType(o.Result(0).Type())
	if t == nil {
		return rewrite.NoMatch
	}
	vt, isVec := t.(*ir.VectorType)
	if o.Name() != "vector.from_elements" && operands[0].Type() != ir.ElementTypeOrSelf(t) {
		return rewrite.NoMatch // broadcasts of vectors: unroll first
	}
	rw.SetInsertionPointBefore(o)
	elems := operands
	if !isVec {
		rw.ReplaceOp(o, operands[:1])
		return nil
	}
	if o.Name() != "vector.from_elements" {
		elems = make([]*ir.Value, ir.NumElements(vt))
		for i := range elems {
			elems[i] = operands[0]
		}
	}
	rw.ReplaceOp(o, []*ir.Value{val(&rw.Builder, "spirv.CompositeConstruct", o.Loc(), t, elems...)})
	return nil
}

func (e *env) vecToElements(o *ir.Operation, operands []*ir.Value, rw *rewrite.ConversionRewriter) error {
	types, ok := e.tc.ConvertTypes(o.ResultTypes())
	if !ok {
		return rewrite.NoMatch
	}
	b := &rw.Builder
	b.SetInsertionPointBefore(o)
	res := make([]*ir.Value, len(types))
	for i, t := range types {
		if operands[0].Type() == t {
			res[i] = operands[0]
		} else {
			res[i] = extract(b, operands[0], t, o.Loc(), int64(i))
		}
	}
	rw.ReplaceOp(o, res)
	return nil
}

// vecReduction folds the lanes one by one with the kind's op, then the
// accumulator if any.
func (e *env) vecReduction(o *ir.Operation, operands []*ir.Value, rw *rewrite.ConversionRewriter) error {
	k, ok := o.Attr("kind").(*vector.KindAttr)
	t := e.tc.ConvertType(o.Result(0).Type())
	vt, isVec := operands[0].Type().(*ir.VectorType)
	if !ok || t == nil {
		return rewrite.NoMatch
	}
	float := ir.IsFloat(t)
	names := map[vector.CombiningKind][2]string{
		vector.KindAdd: {"spirv.IAdd", "spirv.FAdd"}, vector.KindMul: {"spirv.IMul", "spirv.FMul"},
		vector.KindMinUI: {"spirv.GL.UMin", ""}, vector.KindMinSI: {"spirv.GL.SMin", ""}, vector.KindMaxUI: {"spirv.GL.UMax", ""},
		vector.KindMaxSI: {"spirv.GL.SMax", ""}, vector.KindMinNumF: {"", "spirv.GL.FMin"}, vector.KindMaxNumF: {"", "spirv.GL.FMax"},
		vector.KindMinimumF: {"", "spirv.GL.FMin"}, vector.KindMaximumF: {"", "spirv.GL.FMax"},
		vector.KindAnd: {"spirv.BitwiseAnd", ""}, vector.KindOr: {"spirv.BitwiseOr", ""}, vector.KindXor: {"spirv.BitwiseXor", ""},
	}
	name := names[k.Kind][0]
	if float {
		name = names[k.Kind][1]
	}
	if name == "" {
		return rewrite.NoMatch
	}
	if cl, ok := map[string]string{"spirv.GL.FMax": "spirv.CL.fmax", "spirv.GL.FMin": "spirv.CL.fmin",
		"spirv.GL.SMax": "spirv.CL.s_max", "spirv.GL.SMin": "spirv.CL.s_min", "spirv.GL.UMax": "spirv.CL.u_max",
		"spirv.GL.UMin": "spirv.CL.u_min"}[name]; ok && e.kernel() {
		name = cl
	}
	b, loc := &rw.Builder, o.Loc()
	b.SetInsertionPointBefore(o)
	if float && k.Kind == vector.KindAdd && isVec {
		// A float sum is a dot product, with the factors of a feeding
		// multiplication or with ones (MLIR's reduction-to-dot patterns).
		a, c := operands[0], (*ir.Value)(nil)
		mul := a.DefiningOp()
		fuse := mul != nil && (mul.Name() == "spirv.FMul" || mul.Name() == "arith.mulf") && a.HasOneUse() &&
			mul.Operand(0).Type() == vt && mul.Operand(1).Type() == vt
		if fuse {
			_, directed := directedRounding(mul) // left to the mulf's own refusal
			fuse = !directed
		}
		if fuse {
			a, c = mul.Operand(0), mul.Operand(1)
		} else {
			mul = nil
			c = splatConst(b, vt, 1, loc)
		}
		r := val(b, "spirv.Dot", loc, t, a, c)
		if len(operands) > 1 {
			r = val(b, name, loc, t, operands[1], r)
		}
		rw.ReplaceOp(o, []*ir.Value{r})
		if mul != nil {
			rw.EraseOp(mul)
		}
		return nil
	}
	acc := operands[0]
	if isVec {
		lanes := make([]*ir.Value, ir.NumElements(vt))
		for i := range lanes {
			lanes[i] = extract(b, operands[0], t, loc, int64(i))
		}
		acc = lanes[0]
		for _, l := range lanes[1:] {
			acc = val(b, name, loc, t, acc, l)
		}
	}
	if len(operands) > 1 {
		if k.Kind == vector.KindAdd {
			acc = val(b, name, loc, t, operands[1], acc)
		} else {
			acc = val(b, name, loc, t, acc, operands[1])
		}
	}
	rw.ReplaceOp(o, []*ir.Value{e.narrowResult(b, acc, o.Result(0).Type(), name, loc)})
	return nil
}

// vecLoad loads lane by lane from consecutive elements.
func (e *env) vecLoad(o *ir.Operation, operands []*ir.Value, rw *rewrite.ConversionRewriter) error {
	t := e.tc.ConvertType(o.Result(0).Type())
	mt, ok := o.Operand(0).Type().(*ir.MemRefType)
	base := basePtr(operands[0])
	if t == nil || !ok || base == nil || len(operands) < 2 {
		return rewrite.NoMatch
	}
	n := ir.NumElements(o.Result(0).Type().(*ir.VectorType))
	elem := e.tc.ConvertType(mt.Elem)
	if elem == nil || ir.ElementTypeOrSelf(t) != elem {
		return rewrite.NoMatch
	}
	b, loc := &rw.Builder, o.Loc()
	b.SetInsertionPointBefore(o)
	lanes := make([]*ir.Value, n)
	for i := range lanes {
		ptr, pk, ok := e.elementPtr(b, mt, base, e.laneIndices(b, operands[1:], int64(i), loc), loc)
		if !ok || pk != nil {
			return o.Errorf("cannot load a vector from %s here", ir.TypeString(mt))
		}
		lanes[i] = val(b, "spirv.Load", loc, elem, ptr)
	}
	r := lanes[0]
	if n > 1 {
		r = val(b, "spirv.CompositeConstruct", loc, t, lanes...)
	}
	rw.ReplaceOp(o, []*ir.Value{r})
	return nil
}

func (e *env) vecStore(o *ir.Operation, operands []*ir.Value, rw *rewrite.ConversionRewriter) error {
	mt, ok := o.Operand(1).Type().(*ir.MemRefType)
	base := basePtr(operands[1])
	vt, isVec := o.Operand(0).Type().(*ir.VectorType)
	if !ok || base == nil || !isVec || len(operands) < 3 {
		return rewrite.NoMatch
	}
	elem := e.tc.ConvertType(mt.Elem)
	if elem == nil {
		return rewrite.NoMatch
	}
	b, loc := &rw.Builder, o.Loc()
	b.SetInsertionPointBefore(o)
	n := ir.NumElements(vt)
	for i := range n {
		ptr, pk, ok := e.elementPtr(b, mt, base, e.laneIndices(b, operands[2:], i, loc), loc)
		if !ok || pk != nil {
			return o.Errorf("cannot store a vector to %s here", ir.TypeString(mt))
		}
		v := operands[0]
		if n > 1 {
			v = extract(b, v, elem, loc, i)
		}
		op(b, "spirv.Store", loc, nil, []*ir.Value{ptr, v})
	}
	rw.EraseOp(o)
	return nil
}

// laneIndices returns indices with i added to the innermost one.
func (e *env) laneIndices(b *ir.Builder, idx []*ir.Value, i int64, loc ir.Location) []*ir.Value {
	out := append([]*ir.Value(nil), idx...)
	if i > 0 {
		last := len(out) - 1
		out[last] = val(b, "spirv.IAdd", loc, e.index, out[last], intConst(b, e.index, i, loc))
	}
	return out
}

func (e *env) vecStep(o *ir.Operation, _ []*ir.Value, rw *rewrite.ConversionRewriter) error {
	t := e.tc.ConvertType(o.Result(0).Type())
	if t == nil {
		return rewrite.NoMatch
	}
	b := &rw.Builder
	b.SetInsertionPointBefore(o)
	vt, ok := t.(*ir.VectorType)
	if !ok { // vector<1xindex>
		rw.ReplaceOp(o, []*ir.Value{intConst(b, t, 0, o.Loc())})
		return nil
	}
	lanes := make([]*ir.Value, ir.NumElements(vt))
	for i := range lanes {
		lanes[i] = intConst(b, vt.Elem, int64(i), o.Loc())
	}
	rw.ReplaceOp(o, []*ir.Value{val(b, "spirv.CompositeConstruct", o.Loc(), t, lanes...)})
	return nil
}

// bitcast converts a bitcast whose converted types keep its bit count,
// not when a narrow float is widened for lack of a capability (its bits
// in f32 are not those of the narrow type).
func (e *env) bitcast(o *ir.Operation, operands []*ir.Value, rw *rewrite.ConversionRewriter) error {
	t := e.tc.ConvertType(o.Result(0).Type())
	if t == nil || totalBits(t) != totalBits(operands[0].Type()) ||
		e.widenedFloat(o.Operand(0).Type()) || e.widenedFloat(o.Result(0).Type()) {
		return rewrite.NoMatch
	}
	if t == operands[0].Type() {
		rw.ReplaceOp(o, operands)
		return nil
	}
	rw.ReplaceOpWith(o, &ir.OpState{Name: "spirv.Bitcast", Loc: o.Loc(), Operands: operands, ResultTypes: []ir.Type{t}})
	return nil
}

func totalBits(t ir.Type) int64 {
	n := int64(1)
	if vt, ok := t.(*ir.VectorType); ok {
		n = ir.NumElements(vt)
	}
	return n * int64(ir.IntOrFloatBitWidth(ir.ElementTypeOrSelf(t)))
}
