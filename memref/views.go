package memref

import (
	"github.com/kiln-gpu/kiln/ir"
)

// OpFoldResult is one entry of a mixed static/dynamic list: Value when the
// entry is dynamic, else Static (MLIR's OpFoldResult).
type OpFoldResult struct {
	Static int64
	Value  *ir.Value
}

// mixed combines a static list with its dynamic values.
func mixed(static []int64, dyn []*ir.Value) []OpFoldResult {
	out := make([]OpFoldResult, len(static))
	k := 0
	for i, s := range static {
		if s == ir.Dynamic && k < len(dyn) {
			out[i] = OpFoldResult{Static: s, Value: dyn[k]}
			k++
		} else {
			out[i] = OpFoldResult{Static: s}
		}
	}
	return out
}

// Alloc is a typed view of memref.alloc and memref.alloca.
type Alloc struct{ *ir.Operation }

// DynamicSizes returns the sizes of the dynamic dimensions, in order.
func (a Alloc) DynamicSizes() []*ir.Value { return ir.OperandSegment(a.Operation, 0) }

// SymbolOperands returns the operands bound to the layout map's symbols.
func (a Alloc) SymbolOperands() []*ir.Value { return ir.OperandSegment(a.Operation, 1) }

// Type returns the allocated memref type.
func (a Alloc) Type() *ir.MemRefType { t, _ := a.Result(0).Type().(*ir.MemRefType); return t }

// Alignment returns the requested alignment in bytes (0 when none).
func (a Alloc) Alignment() int64 { return intAttr(a.Operation, "alignment") }

// IsStack reports whether this is memref.alloca.
func (a Alloc) IsStack() bool { return a.Name() == "memref.alloca" }

func intAttr(op *ir.Operation, name string) int64 {
	if a, ok := op.Attr(name).(*ir.IntegerAttr); ok {
		return a.Int()
	}
	return 0
}

// Load is a typed view of memref.load.
type Load struct{ *ir.Operation }

// MemRef returns the memref read.
func (l Load) MemRef() *ir.Value { return l.Operand(0) }

// Indices returns the element's indices.
func (l Load) Indices() []*ir.Value { return l.Operands()[1:] }

// Nontemporal reports the nontemporal hint.
func (l Load) Nontemporal() bool { return boolAttr(l.Operation, "nontemporal") }

func boolAttr(op *ir.Operation, name string) bool {
	a, ok := op.Attr(name).(*ir.IntegerAttr)
	return ok && a.Bool()
}

// Store is a typed view of memref.store.
type Store struct{ *ir.Operation }

// Value returns the stored value.
func (s Store) Value() *ir.Value { return s.Operand(0) }

// MemRef returns the memref written.
func (s Store) MemRef() *ir.Value { return s.Operand(1) }

// Indices returns the element's indices.
func (s Store) Indices() []*ir.Value { return s.Operands()[2:] }

// Nontemporal reports the nontemporal hint.
func (s Store) Nontemporal() bool { return boolAttr(s.Operation, "nontemporal") }

// Dim is a typed view of memref.dim.
type Dim struct{ *ir.Operation }

// Source returns the memref.
func (d Dim) Source() *ir.Value { return d.Operand(0) }

// Index returns the dimension index operand.
func (d Dim) Index() *ir.Value { return d.Operand(1) }

// SubView is a typed view of memref.subview.
type SubView struct{ *ir.Operation }

// Source returns the viewed memref.
func (s SubView) Source() *ir.Value { return s.Operand(0) }

// Offsets returns the mixed offsets.
func (s SubView) Offsets() []OpFoldResult { return mixedOf(s.Operation, offsetsList) }

// Sizes returns the mixed sizes.
func (s SubView) Sizes() []OpFoldResult { return mixedOf(s.Operation, sizesList) }

// Strides returns the mixed strides.
func (s SubView) Strides() []OpFoldResult { return mixedOf(s.Operation, stridesList) }

func mixedOf(op *ir.Operation, l mixedList) []OpFoldResult {
	return mixed(staticArray(op, l.static), ir.OperandSegment(op, l.seg))
}

// ReinterpretCast is a typed view of memref.reinterpret_cast.
type ReinterpretCast struct{ *ir.Operation }

// Source returns the reinterpreted memref.
func (r ReinterpretCast) Source() *ir.Value { return r.Operand(0) }

// Offset returns the mixed offset.
func (r ReinterpretCast) Offset() OpFoldResult {
	if o := mixedOf(r.Operation, offsetsList); len(o) == 1 {
		return o[0]
	}
	return OpFoldResult{}
}

// Sizes returns the mixed sizes.
func (r ReinterpretCast) Sizes() []OpFoldResult { return mixedOf(r.Operation, sizesList) }

// Strides returns the mixed strides.
func (r ReinterpretCast) Strides() []OpFoldResult { return mixedOf(r.Operation, stridesList) }

// Reshape is a typed view of memref.expand_shape and memref.collapse_shape.
type Reshape struct{ *ir.Operation }

// Source returns the reshaped memref.
func (r Reshape) Source() *ir.Value { return r.Operand(0) }

// Reassociation returns the dimension groups.
func (r Reshape) Reassociation() [][]int64 {
	g, _ := Reassociation(r.Attr("reassociation"))
	return g
}

// OutputShape returns the mixed output shape of an expand_shape (nil for
// collapse_shape and for the form without output_shape).
func (r Reshape) OutputShape() []OpFoldResult {
	s := staticArray(r.Operation, "static_output_shape")
	if s == nil {
		return nil
	}
	return mixed(s, r.Operands()[1:])
}

// View is a typed view of memref.view.
type View struct{ *ir.Operation }

// Source returns the byte buffer.
func (v View) Source() *ir.Value { return v.Operand(0) }

// ByteShift returns the byte offset.
func (v View) ByteShift() *ir.Value { return v.Operand(1) }

// Sizes returns the dynamic sizes.
func (v View) Sizes() []*ir.Value { return v.Operands()[2:] }

// Copy is a typed view of memref.copy.
type Copy struct{ *ir.Operation }

// Source returns the memref read.
func (c Copy) Source() *ir.Value { return c.Operand(0) }

// Target returns the memref written.
func (c Copy) Target() *ir.Value { return c.Operand(1) }

// GetGlobal is a typed view of memref.get_global.
type GetGlobal struct{ *ir.Operation }

// Name returns the referenced global's symbol.
func (g GetGlobal) Name() *ir.SymbolRefAttr { r, _ := g.Attr("name").(*ir.SymbolRefAttr); return r }

// Global returns the referenced memref.global, or nil.
func (g GetGlobal) Global() (Global, bool) {
	ref := g.Name()
	if ref == nil {
		return Global{}, false
	}
	op := ir.LookupNearestSymbol(g.Operation, ref)
	if op == nil || op.Name() != "memref.global" {
		return Global{}, false
	}
	return Global{op}, true
}

// AtomicRMW is a typed view of memref.atomic_rmw.
type AtomicRMW struct{ *ir.Operation }

// Kind returns the read-modify-write operation.
func (a AtomicRMW) Kind() AtomicRMWKind { return AtomicRMWKind(intAttr(a.Operation, "kind")) }

// Value returns the operand combined with the element.
func (a AtomicRMW) Value() *ir.Value { return a.Operand(0) }

// MemRef returns the memref.
func (a AtomicRMW) MemRef() *ir.Value { return a.Operand(1) }

// Indices returns the element's indices.
func (a AtomicRMW) Indices() []*ir.Value { return a.Operands()[2:] }

// GenericAtomicRMW is a typed view of memref.generic_atomic_rmw.
type GenericAtomicRMW struct{ *ir.Operation }

// MemRef returns the memref.
func (g GenericAtomicRMW) MemRef() *ir.Value { return g.Operand(0) }

// Indices returns the element's indices.
func (g GenericAtomicRMW) Indices() []*ir.Value { return g.Operands()[1:] }

// Body returns the block computing the new value from its argument (the
// current value); it ends with memref.atomic_yield.
func (g GenericAtomicRMW) Body() *ir.Block { return g.Region(0).Entry() }

// AssumeAlignment is a typed view of memref.assume_alignment.
type AssumeAlignment struct{ *ir.Operation }

// MemRef returns the memref.
func (a AssumeAlignment) MemRef() *ir.Value { return a.Operand(0) }

// Alignment returns the asserted alignment in bytes.
func (a AssumeAlignment) Alignment() int64 { return intAttr(a.Operation, "alignment") }

// ExtractStridedMetadata is a typed view of memref.extract_strided_metadata.
type ExtractStridedMetadata struct{ *ir.Operation }

// BaseBuffer returns the 0-d base memref result.
func (e ExtractStridedMetadata) BaseBuffer() *ir.Value { return e.Result(0) }

// Offset returns the offset result.
func (e ExtractStridedMetadata) Offset() *ir.Value { return e.Result(1) }

// Sizes returns the size results.
func (e ExtractStridedMetadata) Sizes() []*ir.Value {
	n := (e.NumResults() - 2) / 2
	return e.Results()[2 : 2+n]
}

// Strides returns the stride results.
func (e ExtractStridedMetadata) Strides() []*ir.Value {
	n := (e.NumResults() - 2) / 2
	return e.Results()[2+n:]
}

// The As functions return a typed view of op when it is the named op.

func is(op *ir.Operation, names ...string) bool {
	for _, n := range names {
		if op != nil && op.Name() == n {
			return true
		}
	}
	return false
}

// AsAlloc views a memref.alloc or memref.alloca.
func AsAlloc(op *ir.Operation) (Alloc, bool) {
	return Alloc{op}, is(op, "memref.alloc", "memref.alloca")
}

// AsLoad views a memref.load.
func AsLoad(op *ir.Operation) (Load, bool) { return Load{op}, is(op, "memref.load") }

// AsStore views a memref.store.
func AsStore(op *ir.Operation) (Store, bool) { return Store{op}, is(op, "memref.store") }

// AsDim views a memref.dim.
func AsDim(op *ir.Operation) (Dim, bool) { return Dim{op}, is(op, "memref.dim") }

// AsSubView views a memref.subview.
func AsSubView(op *ir.Operation) (SubView, bool) { return SubView{op}, is(op, "memref.subview") }

// AsReinterpretCast views a memref.reinterpret_cast.
func AsReinterpretCast(op *ir.Operation) (ReinterpretCast, bool) {
	return ReinterpretCast{op}, is(op, "memref.reinterpret_cast")
}

// AsReshape views a memref.expand_shape or memref.collapse_shape.
func AsReshape(op *ir.Operation) (Reshape, bool) {
	return Reshape{op}, is(op, "memref.expand_shape", "memref.collapse_shape")
}

// AsView views a memref.view.
func AsView(op *ir.Operation) (View, bool) { return View{op}, is(op, "memref.view") }

// AsCopy views a memref.copy.
func AsCopy(op *ir.Operation) (Copy, bool) { return Copy{op}, is(op, "memref.copy") }

// AsGlobal views a memref.global.
func AsGlobal(op *ir.Operation) (Global, bool) { return Global{op}, is(op, "memref.global") }

// AsGetGlobal views a memref.get_global.
func AsGetGlobal(op *ir.Operation) (GetGlobal, bool) {
	return GetGlobal{op}, is(op, "memref.get_global")
}

// AsAtomicRMW views a memref.atomic_rmw.
func AsAtomicRMW(op *ir.Operation) (AtomicRMW, bool) {
	return AtomicRMW{op}, is(op, "memref.atomic_rmw")
}

// AsGenericAtomicRMW views a memref.generic_atomic_rmw.
func AsGenericAtomicRMW(op *ir.Operation) (GenericAtomicRMW, bool) {
	return GenericAtomicRMW{op}, is(op, "memref.generic_atomic_rmw")
}

// AsAssumeAlignment views a memref.assume_alignment.
func AsAssumeAlignment(op *ir.Operation) (AssumeAlignment, bool) {
	return AssumeAlignment{op}, is(op, "memref.assume_alignment")
}

// AsExtractStridedMetadata views a memref.extract_strided_metadata.
func AsExtractStridedMetadata(op *ir.Operation) (ExtractStridedMetadata, bool) {
	return ExtractStridedMetadata{op}, is(op, "memref.extract_strided_metadata")
}

// Transpose is a typed view of memref.transpose.
type Transpose struct{ *ir.Operation }

// Source returns the transposed memref.
func (t Transpose) Source() *ir.Value { return t.Operand(0) }

// Permutation returns the map from result to source dimensions.
func (t Transpose) Permutation() *ir.AffineMap {
	if m, ok := t.Attr("permutation").(*ir.AffineMapAttr); ok {
		return m.Map
	}
	return nil
}

// AsTranspose views a memref.transpose.
func AsTranspose(op *ir.Operation) (Transpose, bool) {
	return Transpose{op}, is(op, "memref.transpose")
}

// AllocaScope is a typed view of memref.alloca_scope.
type AllocaScope struct{ *ir.Operation }

// Body returns the scope's block; it ends with memref.alloca_scope.return.
func (a AllocaScope) Body() *ir.Block { return a.Region(0).Entry() }

// AsAllocaScope views a memref.alloca_scope.
func AsAllocaScope(op *ir.Operation) (AllocaScope, bool) {
	return AllocaScope{op}, is(op, "memref.alloca_scope")
}
