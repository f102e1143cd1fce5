package mem2reg

import (
	"slices"

	"github.com/kiln-gpu/kiln/arith"
	"github.com/kiln-gpu/kiln/ir"
	"github.com/kiln-gpu/kiln/memref"
	"github.com/kiln-gpu/kiln/vector"
)

// The vector transfer and memref.copy implementations, as MLIR's Vector
// MemorySlotOpInterfaceImpl.cpp: a memref.alloca whose slot is the whole
// buffer as one vector (memref.go's wholeBufferSlot) is read and written by
// transfers of exactly that vector at the origin. A masked read selects the
// padding on its inactive lanes, a masked write keeps the previous value on
// them. A memref.copy into or out of such a slot is a whole-buffer read of
// its source or write of its target, as MLIR's MemRef
// MemorySlotOpInterfaceImpl.cpp.
func init() {
	RegisterMemOp("vector.transfer_read", transfer{})
	RegisterMemOp("vector.transfer_write", transfer{})
	RegisterMemOp("memref.copy", copyOp{})
}

type transfer struct{}

func (transfer) LoadsFrom(op *ir.Operation, s Slot) bool {
	x, ok := vector.TransferOf(op)
	return ok && !x.Write && x.Base == s.Ptr
}

func (transfer) StoresTo(op *ir.Operation, s Slot) bool {
	x, ok := vector.TransferOf(op)
	return ok && x.Write && x.Base == s.Ptr
}

// CanUsesBeRemoved accepts a transfer whose only use of the slot is as its
// memref base, moving the slot's vector type through the identity map from
// constant zero indices with every dimension in bounds, or out of bounds
// through a dynamic-size subview (MLIR's isPromotableTransfer).
func (transfer) CanUsesBeRemoved(op *ir.Operation, s Slot, uses []*ir.OpOperand) bool {
	x, ok := vector.TransferOf(op)
	if !ok || len(uses) != 1 || uses[0].Get() != s.Ptr || x.Base != s.Ptr {
		return false
	}
	if _, ok := x.Base.Type().(*ir.MemRefType); !ok || x.VT != s.Elem || !x.Map.IsIdentity() {
		return false
	}
	for _, i := range x.Indices {
		if c, ok := ir.ConstantIntAttr(i); !ok || c.Big().Sign() != 0 {
			return false
		}
	}
	if _, dyn := dynamicRoot(s.Ptr); !dyn && slices.Contains(x.InBounds, false) {
		return false
	}
	return true
}

// Stored is the written vector, selected over the previous value by the
// write's mask.
func (transfer) Stored(op *ir.Operation, _ Slot, reaching func() *ir.Value) *ir.Value {
	x, _ := vector.TransferOf(op)
	if x.Mask == nil {
		return x.Vector
	}
	return selectAt(before(op), op, x.Mask, x.Vector, reaching())
}

// RemoveUses replaces a read by the slot's value, with the padding on the
// lanes its mask, or the extent of the dynamic-size subview it reads
// through, leaves out.
func (transfer) RemoveUses(op *ir.Operation, s Slot, reaching func() *ir.Value) bool {
	x, _ := vector.TransferOf(op)
	if x.Write {
		return true
	}
	v := reaching()
	b := before(op)
	mask := x.Mask
	if vm, ok := viewMask(s, b); ok {
		mask = vm
		if x.Mask != nil {
			mask = b.CreateOp("arith.andi", op.Loc(), []*ir.Value{mask, x.Mask}, []ir.Type{mask.Type()}).Result(0)
		}
	}
	if mask != nil {
		pad := b.CreateOp("vector.broadcast", op.Loc(), []*ir.Value{x.Pad}, []ir.Type{x.VT}).Result(0)
		v = selectAt(b, op, mask, v, pad)
	}
	op.Result(0).ReplaceAllUsesWith(v)
	return true
}

// selectAt creates at b arith.select(mask, t, f) at op's location.
func selectAt(b *ir.Builder, op *ir.Operation, mask, t, f *ir.Value) *ir.Value {
	return b.CreateOp("arith.select", op.Loc(), []*ir.Value{mask, t, f}, []ir.Type{t.Type()}).Result(0)
}

type copyOp struct{}

// memref.copy's operands are the source and the target.
func (copyOp) LoadsFrom(op *ir.Operation, s Slot) bool { return op.Operand(0) == s.Ptr }
func (copyOp) StoresTo(op *ir.Operation, s Slot) bool  { return op.Operand(1) == s.Ptr }

// CanUsesBeRemoved accepts a copy with the slot on exactly one side when
// the slot is a fixed-size vector (memref.copy verifies that both sides
// have one shape and element type).
func (copyOp) CanUsesBeRemoved(op *ir.Operation, s Slot, uses []*ir.OpOperand) bool {
	_, ok := fixedVectorSlot(s)
	return ok && len(uses) == 1 && (op.Operand(0) == s.Ptr) != (op.Operand(1) == s.Ptr)
}

// Stored reads the copy's source as the slot's vector.
func (copyOp) Stored(op *ir.Operation, s Slot, _ func() *ir.Value) *ir.Value {
	vt := s.Elem.(*ir.VectorType)
	b, zero, m, inb := originAccess(op, op.Operand(0), vt)
	pad := arith.NewConstant(b, zeroOf(op.Context(), vt.Elem), vt.Elem, op.Loc())
	return vector.NewTransferRead(b, op.Loc(), vt, op.Operand(0), zero, m, pad, nil, inb).Result(0)
}

// RemoveUses writes the slot's value to the target of a copy out of it
// (within the extent of a dynamic-size subview slot).
func (copyOp) RemoveUses(op *ir.Operation, s Slot, reaching func() *ir.Value) bool {
	if op.Operand(0) == s.Ptr {
		v := reaching()
		mask, _ := viewMask(s, before(op))
		b, zero, m, inb := originAccess(op, op.Operand(1), s.Elem.(*ir.VectorType))
		vector.NewTransferWrite(b, op.Loc(), v, op.Operand(1), zero, m, mask, inb)
	}
	return true
}

// originAccess returns what a whole-buffer transfer of vt from mem needs,
// built before op: a builder there, zero indices, the identity map, and a
// dimension in bounds where mem's extent is statically at least vt's.
func originAccess(op *ir.Operation, mem *ir.Value, vt *ir.VectorType) (*ir.Builder, []*ir.Value, *ir.AffineMap, []bool) {
	ctx := op.Context()
	b := before(op)
	zero := arith.NewConstant(b, ctx.IndexAttr(0), ctx.Index(), op.Loc())
	mt := mem.Type().(*ir.MemRefType)
	n := len(vt.Dims)
	m := &ir.AffineMap{Dims: n}
	idx := make([]*ir.Value, n)
	inb := make([]bool, n)
	for d := range n {
		m.Results = append(m.Results, ir.AffineDimExpr(d))
		idx[d] = zero
		inb[d] = mt.Dims[d] != ir.Dynamic && mt.Dims[d] >= vt.Dims[d]
	}
	return b, idx, m, inb
}

// zeroOf is the zero attribute of an integer, index or float type.
func zeroOf(ctx *ir.Context, t ir.Type) ir.Attribute {
	if ft, ok := t.(*ir.FloatType); ok {
		return ctx.FloatAttr(ft, 0)
	}
	return ctx.IntegerAttr(t, 0)
}

// The views of a whole-buffer vector slot, as MLIR's MemRef
// MemorySlotOpInterfaceImpl.cpp: a static, same-rank, unit-stride
// memref.subview is the sub-vector it covers (read with
// vector.extract_strided_slice, written back with
// vector.insert_strided_slice), and a memref.collapse_shape or
// memref.expand_shape of a contiguous row-major memref is the slot's value
// reshaped with vector.shape_cast. A zero-offset, unit-stride subview with
// a dynamic size views the whole value, masked to its extent by
// vector.create_mask of its sizes, and so does a reshape of it, with the
// mask shape_cast along.
func init() {
	RegisterAliaser("memref.subview", subviewAlias{})
	RegisterAliaser("memref.collapse_shape", reshapeAlias{})
	RegisterAliaser("memref.expand_shape", reshapeAlias{})
}

// fixedVectorSlot is s's vector type when it is a fixed-size vector slot.
func fixedVectorSlot(s Slot) (*ir.VectorType, bool) {
	vt, ok := s.Elem.(*ir.VectorType)
	return vt, ok && !vt.IsScalable()
}

// viewsSource reports whether uses are just op's source operand.
func viewsSource(op *ir.Operation, s Slot, uses []*ir.OpOperand) bool {
	return len(uses) == 1 && uses[0].Index() == 0 && op.Operand(0) == s.Ptr
}

type subviewAlias struct{}

// Alias accepts a subview of a static memref with constant offsets, sizes
// equal to its static result shape, unit strides and no dropped dimension
// (MLIR's isAliasableStaticShapeSubView), and a dynamic-size one
// (aliasedSubview).
func (subviewAlias) Alias(op *ir.Operation, s Slot, uses []*ir.OpOperand) (Slot, bool) {
	pt, ok := fixedVectorSlot(s)
	res, rok := op.Result(0).Type().(*ir.MemRefType)
	if !ok || !rok || !viewsSource(op, s, uses) {
		return Slot{}, false
	}
	if len(res.Dims) != len(pt.Dims) {
		return Slot{}, false
	}
	_, dynamic, ok := aliasedSubview(op)
	if !ok {
		return Slot{}, false
	}
	if dynamic {
		return Slot{Ptr: op.Result(0), Elem: pt}, true
	}
	return Slot{Ptr: op.Result(0), Elem: op.Context().Vector(res.Dims, pt.Elem)}, true
}

// aliasedSubview classifies a subview of a static memref with constant
// offsets, unit strides and no dropped dimension: dynamic when a size is
// dynamic and the offsets are zero (MLIR's isAliasableDynamicShapeSubView:
// its slot is the whole parent's vector, valid within the subview's
// extent), else static with its offsets when its sizes are its static
// result shape (isAliasableStaticShapeSubView); ok is false for any other.
func aliasedSubview(op *ir.Operation) (offs []int64, dynamic, ok bool) {
	src, sok := op.Operand(0).Type().(*ir.MemRefType)
	res, rok := op.Result(0).Type().(*ir.MemRefType)
	if !sok || !rok {
		return nil, false, false
	}
	if _, static := numElements(src); !static {
		return nil, false, false
	}
	offsets, sizes, strides, dropped, ok := memref.SubViewParts(op)
	if !ok || slices.Contains(dropped, true) {
		return nil, false, false
	}
	offs = make([]int64, len(offsets))
	fits, zero := true, true
	for i := range offsets {
		o, ok1 := constMixed(offsets[i])
		st, ok2 := constMixed(strides[i])
		if !ok1 || !ok2 || st != 1 {
			return nil, false, false
		}
		offs[i], zero = o, zero && o == 0
		if n, ok := constMixed(sizes[i]); !ok {
			dynamic = true
		} else if n != res.Dims[i] {
			fits = false
		}
	}
	if dynamic {
		return nil, zero, zero
	}
	return offs, false, fits
}

// dynamicSubview returns the subview defining ptr when it is a dynamic-size
// one (aliasedSubview).
func dynamicSubview(ptr *ir.Value) (*ir.Operation, bool) {
	def := ptr.DefiningOp()
	if def == nil || def.Name() != "memref.subview" {
		return nil, false
	}
	if _, dynamic, _ := aliasedSubview(def); !dynamic {
		return nil, false
	}
	return def, true
}

// dynamicRoot returns the dynamic-size subview that ptr is, or reshapes.
func dynamicRoot(ptr *ir.Value) (*ir.Operation, bool) {
	for {
		def := ptr.DefiningOp()
		if def == nil || def.Name() != "memref.collapse_shape" && def.Name() != "memref.expand_shape" {
			return dynamicSubview(ptr)
		}
		ptr = def.Operand(0)
	}
}

// viewMask builds at b the mask of the elements of slot s valid through a
// dynamic-size view: its subview's mask, shape_cast to s's shape when a
// reshape is on the way; false when s is not such a view.
func viewMask(s Slot, b *ir.Builder) (*ir.Value, bool) {
	sv, ok := dynamicRoot(s.Ptr)
	if !ok {
		return nil, false
	}
	m := subviewMask(sv, b)
	vt := s.Elem.(*ir.VectorType)
	mt := m.Type().(*ir.VectorType)
	if want := b.Context().Vector(vt.Dims, mt.Elem); ir.Type(mt) != want {
		m = shapeCastAt(sv, m, want, b)
	}
	return m, true
}

// subviewMask builds at b the mask of a dynamic-size subview's extent in
// its parent's shape: vector.create_mask of its sizes.
func subviewMask(op *ir.Operation, b *ir.Builder) *ir.Value {
	ctx := op.Context()
	src := op.Operand(0).Type().(*ir.MemRefType)
	_, sizes, _, _, _ := memref.SubViewParts(op)
	bounds := make([]*ir.Value, len(sizes))
	for i, m := range sizes {
		if bounds[i] = m.Value; m.Value == nil {
			bounds[i] = arith.NewConstant(b, ctx.IndexAttr(m.Static), ctx.Index(), op.Loc())
		}
	}
	return b.CreateOp("vector.create_mask", op.Loc(), bounds, []ir.Type{ctx.Vector(src.Dims, ctx.IntegerType(1, ir.Signless))}).Result(0)
}

// constMixed is a static entry or a constant operand's value.
func constMixed(m memref.Mixed) (int64, bool) {
	if m.Value == nil {
		return m.Static, m.Static != ir.Dynamic
	}
	c, ok := ir.ConstantIntAttr(m.Value)
	if !ok || !c.Big().IsInt64() {
		return 0, false
	}
	return c.Int(), true
}

// Down is the sub-vector a static subview covers; a dynamic-size one
// views the whole value.
func (subviewAlias) Down(op *ir.Operation, view Slot, v *ir.Value, b *ir.Builder) *ir.Value {
	offs, dynamic, _ := aliasedSubview(op)
	if dynamic {
		return v
	}
	ctx := op.Context()
	return b.CreateOp("vector.extract_strided_slice", op.Loc(), []*ir.Value{v}, []ir.Type{view.Elem},
		ir.NamedAttr{Name: "offsets", Value: vector.I64ArrayAttr(ctx, offs)},
		ir.NamedAttr{Name: "sizes", Value: vector.I64ArrayAttr(ctx, view.Elem.(*ir.VectorType).Dims)},
		ir.NamedAttr{Name: "strides", Value: vector.I64ArrayAttr(ctx, ones(len(offs)))}).Result(0)
}

// Up inserts a static subview's value into the parent's, and selects a
// dynamic-size one's within its extent.
func (subviewAlias) Up(op *ir.Operation, _ Slot, v *ir.Value, parent func() *ir.Value, b *ir.Builder) *ir.Value {
	offs, dynamic, _ := aliasedSubview(op)
	if dynamic {
		p := parent()
		return selectAt(b, op, subviewMask(op, b), v, p)
	}
	ctx := op.Context()
	into := parent()
	return b.CreateOp("vector.insert_strided_slice", op.Loc(), []*ir.Value{v, into}, []ir.Type{into.Type()},
		ir.NamedAttr{Name: "offsets", Value: vector.I64ArrayAttr(ctx, offs)},
		ir.NamedAttr{Name: "strides", Value: vector.I64ArrayAttr(ctx, ones(len(offs)))}).Result(0)
}

func ones(n int) []int64 {
	s := make([]int64, n)
	for i := range s {
		s[i] = 1
	}
	return s
}

type reshapeAlias struct{}

// Alias accepts a reshape of a static memref laid out contiguously in
// row-major order (whatever its offset), whose elements the reshaped
// vector then holds in the same order, and a reshape of a dynamic-size
// view (dynamicRoot), whose slot's shape gives the extents the view's
// type leaves dynamic (reshapedSlot).
func (reshapeAlias) Alias(op *ir.Operation, s Slot, uses []*ir.OpOperand) (Slot, bool) {
	pt, ok := fixedVectorSlot(s)
	src, sok := op.Operand(0).Type().(*ir.MemRefType)
	res, rok := op.Result(0).Type().(*ir.MemRefType)
	if !ok || !sok || !rok || !viewsSource(op, s, uses) {
		return Slot{}, false
	}
	if _, static := numElements(src); !static {
		if _, dyn := dynamicRoot(s.Ptr); !dyn {
			return Slot{}, false
		}
	} else if _, ok := numElements(res); !ok || !contiguous(src) {
		return Slot{}, false
	}
	dims, ok := reshapeDims(op, pt)
	if !ok {
		return Slot{}, false
	}
	return Slot{Ptr: op.Result(0), Elem: op.Context().Vector(dims, pt.Elem)}, true
}

// reshapeDims is the shape of the slot of a reshape of a slot of type pt:
// the static result shape, or reshapedSlot's for a dynamic one.
func reshapeDims(op *ir.Operation, pt *ir.VectorType) ([]int64, bool) {
	src := op.Operand(0).Type().(*ir.MemRefType)
	res := op.Result(0).Type().(*ir.MemRefType)
	if _, static := numElements(src); static {
		return res.Dims, true
	}
	return reshapedSlot(op, src, res, pt)
}

// reshapedSlot is the shape of the slot a reshape of a dynamic-size view
// of slot type pt holds, false when the reshape may reorder elements. A
// collapsed group multiplies its extents in pt, each but the first of
// which must be static in src and equal to pt's (so the group is
// contiguous in the buffer); an expanded group keeps its static extents and
// gives at most one dynamic extent, its first non-unit one, what is left
// of pt's.
func reshapedSlot(op *ir.Operation, src, res *ir.MemRefType, pt *ir.VectorType) ([]int64, bool) {
	groups, ok := memref.Reassociation(op.Attr("reassociation"))
	if !ok {
		return nil, false
	}
	var dims []int64
	if op.Name() == "memref.collapse_shape" {
		for _, g := range groups {
			n := int64(1)
			for k, d := range g {
				if k > 0 && src.Dims[d] != pt.Dims[d] {
					return nil, false
				}
				n *= pt.Dims[d]
			}
			dims = append(dims, n)
		}
		return dims, true
	}
	dims = slices.Clone(res.Dims)
	for i, g := range groups {
		known, dyn := int64(1), int64(-1)
		for _, d := range g {
			switch {
			case res.Dims[d] != ir.Dynamic:
				known *= res.Dims[d]
			case dyn >= 0 || known != 1:
				return nil, false // a second dynamic extent, or one after a non-unit extent
			default:
				dyn = d
			}
		}
		if dyn < 0 {
			continue
		}
		if known == 0 || pt.Dims[i]%known != 0 {
			return nil, false
		}
		dims[dyn] = pt.Dims[i] / known
	}
	return dims, true
}

// contiguous reports whether a static memref's strides are those of its
// shape in row-major order (a unit dimension's stride does not matter).
func contiguous(t *ir.MemRefType) bool {
	if _, ok := numElements(t); !ok {
		return false
	}
	strides, _, ok := memref.StridesAndOffset(t)
	if !ok {
		return false
	}
	want := int64(1)
	for d := len(t.Dims) - 1; d >= 0; d-- {
		if t.Dims[d] != 1 && strides[d] != want {
			return false
		}
		want *= t.Dims[d]
	}
	return true
}

// Down reshapes v to the view's slot.
func (reshapeAlias) Down(op *ir.Operation, view Slot, v *ir.Value, b *ir.Builder) *ir.Value {
	return shapeCastAt(op, v, view.Elem, b)
}

// Up reshapes v back: the view covers the whole slot.
func (reshapeAlias) Up(op *ir.Operation, s Slot, v *ir.Value, _ func() *ir.Value, b *ir.Builder) *ir.Value {
	return shapeCastAt(op, v, s.Elem, b)
}

// shapeCastAt builds at b a vector.shape_cast of v to t at op's location.
func shapeCastAt(op *ir.Operation, v *ir.Value, t ir.Type, b *ir.Builder) *ir.Value {
	return b.CreateOp("vector.shape_cast", op.Loc(), []*ir.Value{v}, []ir.Type{t}).Result(0)
}
