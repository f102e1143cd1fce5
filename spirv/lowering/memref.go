package lowering

import (
	"fmt"
	"slices"

	"github.com/kiln-gpu/kiln/ir"
	"github.com/kiln-gpu/kiln/ir/rewrite"
	"github.com/kiln-gpu/kiln/spirv"
	"github.com/kiln-gpu/kiln/spirv/spv"
)

// memrefPatterns convert memref accesses to access chains into the
// buffer's struct-of-array (MLIR's MemRefToSPIRV). Views (cast, subview,
// reinterpret_cast with static layouts) keep the base pointer: a memref's
// strided layout offsets are counted from its allocation, so indexing
// through the view's type reaches the right element.
func (e *env) memrefPatterns() []*rewrite.ConversionPattern {
	ps := []*rewrite.ConversionPattern{
		{Name: "memref.load", Root: "memref.load", Rewrite: e.load},
		{Name: "memref.store", Root: "memref.store", Rewrite: e.store},
		{Name: "memref.alloca", Root: "memref.alloca", Rewrite: e.alloca},
		{Name: "memref.alloc", Root: "memref.alloc", Rewrite: e.alloc},
		{Name: "memref.dealloc", Root: "memref.dealloc", Rewrite: e.dealloc},
		{Name: "memref.atomic_rmw", Root: "memref.atomic_rmw", Rewrite: e.atomicRMW},
		{Name: "memref.memory_space_cast", Root: "memref.memory_space_cast", Rewrite: e.memorySpaceCast},
		{Name: "memref.extract_aligned_pointer_as_index", Root: "memref.extract_aligned_pointer_as_index", Rewrite: e.pointerAsIndex},
	}
	for _, name := range []string{"memref.cast", "memref.subview", "memref.reinterpret_cast"} {
		ps = append(ps, &rewrite.ConversionPattern{Name: name, Root: name, Rewrite: e.view})
	}
	return ps
}

// basePtr looks through casts to the spirv pointer a memref value stands
// for: the innermost one, which is the real storage (a cast's pointer type
// follows the memref's memory space, not where an attribution or alloca
// actually lives).
func basePtr(v *ir.Value) *ir.Value {
	var ptr *ir.Value
	for v != nil {
		if _, ok := v.Type().(*spirv.PointerType); ok {
			ptr = v
		}
		d := v.DefiningOp()
		if d == nil || d.Name() != castName || d.NumOperands() != 1 {
			break
		}
		v = d.Operand(0)
	}
	return ptr
}

// packed is an access to an element packed with others into a word: the
// word's pointer and the element's bit offset are built where MLIR's
// IntLoadOpPattern and IntStoreOpPattern build them (wordPtr, bitOffset).
type packed struct {
	base    *ir.Value
	word    *spirv.PointerType
	chainOp string
	chain   []*ir.Value // before the word's index
	lin     *ir.Value   // the element's linear index
	per     int64       // elements per word
	bits    int64       // bits per element
}

// wordPtr returns the pointer to the word holding the element.
func (e *env) wordPtr(b *ir.Builder, p *packed, loc ir.Location) *ir.Value {
	q := val(b, "spirv.SDiv", loc, e.index, p.lin, e.indexConst(b, p.per, loc))
	return val(b, p.chainOp, loc, p.word, append([]*ir.Value{p.base}, append(p.chain, q)...)...)
}

// bitOffset returns the element's first bit in its word.
func (e *env) bitOffset(b *ir.Builder, p *packed, loc ir.Location) *ir.Value {
	per, bits := e.indexConst(b, p.per, loc), e.indexConst(b, p.bits, loc)
	return val(b, "spirv.IMul", loc, e.index, val(b, "spirv.UMod", loc, e.index, p.lin, per), bits)
}

// elementPtr returns a pointer to element indices of a memref of type mt
// whose storage is base, linearized with mt's strides (MLIR's
// getElementPtr). With several elements packed in each word, it returns
// the packed access instead.
func (e *env) elementPtr(b *ir.Builder, mt *ir.MemRefType, base *ir.Value, indices []*ir.Value, loc ir.Location) (ptr *ir.Value, pk *packed, ok bool) {
	strides, offset, ok := mt.StridesAndOffset()
	if d := base.DefiningOp(); ok && offset == ir.Dynamic && d != nil && d.Name() == "spirv.InBoundsPtrAccessChain" {
		offset = 0 // a view's pointer, advanced by the offset (see offsetView)
	}
	if !ok || offset == ir.Dynamic {
		return nil, nil, false
	}
	for _, s := range strides {
		if s == ir.Dynamic {
			return nil, nil, false
		}
	}
	pt, ok := base.Type().(*spirv.PointerType)
	if !ok {
		return nil, nil, false
	}
	elem, wrapped, ok := bufferElem(pt)
	if !ok {
		return nil, nil, false
	}
	var chain []*ir.Value
	chainOp := "spirv.AccessChain"
	switch {
	case wrapped:
		chain = []*ir.Value{e.indexConst(b, 0, loc)}
	case elem == pt.Pointee:
		chainOp = "spirv.PtrAccessChain"
	}
	var lin *ir.Value
	if !wrapped {
		lin = e.foldedLinear(b, strides, offset, indices, loc)
	} else {
		// offset + sum(stride * index), unfolded (the older MLIR of
		// GPUToSPIRV/load-store.mlir, which the Vulkan path follows; the
		// OpenCL path, added later, folds as newer MLIR does).
		lin = e.indexConst(b, offset, loc)
		for i, idx := range indices {
			s := e.indexConst(b, strides[i], loc)
			lin = val(b, "spirv.IAdd", loc, e.index, lin, val(b, "spirv.IMul", loc, e.index, s, idx))
		}
	}
	srcBits := ir.IntOrFloatBitWidth(mt.Elem)
	if mt.Elem == e.ctx.I(1) {
		srcBits = 8
	}
	dstBits := ir.IntOrFloatBitWidth(elem)
	word := e.pointer(elem, pt.StorageClass)
	if _, isVec := mt.Elem.(*ir.VectorType); !isVec && srcBits < dstBits && srcBits > 0 {
		return nil, &packed{base: base, word: word, chainOp: chainOp, chain: chain, lin: lin,
			per: int64(dstBits / srcBits), bits: int64(srcBits)}, true
	}
	var operands [3]*ir.Value // base, the struct's member if wrapped, lin
	return val(b, chainOp, loc, word, append(append(append(operands[:0], base), chain...), lin)...), nil, true
}

// bufferElem returns the element type of the buffer pt points to, and
// whether it is wrapped in a struct. Vulkan buffers are a struct holding
// an array; OpenCL's an array or, with a dynamic shape, a pointer to the
// first element.
func bufferElem(pt *spirv.PointerType) (elem ir.Type, wrapped, ok bool) {
	switch t := pt.Pointee.(type) {
	case *spirv.StructType:
		switch a := t.Member(0).(type) {
		case *spirv.ArrayType:
			return a.Elem, true, true
		case *spirv.RuntimeArrayType:
			return a.Elem, true, true
		}
		return nil, false, false
	case *spirv.ArrayType:
		return t.Elem, false, true
	}
	return pt.Pointee, false, true
}

// packedFloats reports a memref of narrow floats whose buffer (base) the
// target packs into 32-bit words: nothing unpacks them (MLIR indexes the
// words as if they were the elements).
func packedFloats(mt *ir.MemRefType, base *ir.Value) bool {
	pt, ok := base.Type().(*spirv.PointerType)
	if !ok || !ir.IsFloat(mt.Elem) || ir.IntOrFloatBitWidth(mt.Elem) == 8 {
		return false // 8-bit floats are integers to the conversion
	}
	elem, _, ok := bufferElem(pt)
	return ok && ir.IntOrFloatBitWidth(elem) != ir.IntOrFloatBitWidth(mt.Elem)
}

// foldedLinear returns sum(index * stride) + offset as MLIR's
// linearizeIndex builds it with folding builders: x * 1 and x + 0 are x,
// and constants combine.
func (e *env) foldedLinear(b *ir.Builder, strides []int64, offset int64, indices []*ir.Value, loc ir.Location) *ir.Value {
	lin := e.indexConst(b, offset, loc)
	for i, idx := range indices {
		var upd *ir.Value
		x, xConst := spirvConst(idx)
		switch {
		case strides[i] == 1:
			upd = idx
		case xConst:
			upd = e.indexConst(b, x*strides[i], loc)
		default:
			upd = val(b, "spirv.IMul", loc, e.index, idx, e.indexConst(b, strides[i], loc))
		}
		u, uConst := spirvConst(upd)
		l, lConst := spirvConst(lin)
		switch {
		case lConst && l == 0:
			lin = upd
		case uConst && lConst:
			lin = e.indexConst(b, u+l, loc)
		case uConst && u == 0:
		default:
			lin = val(b, "spirv.IAdd", loc, e.index, upd, lin)
		}
	}
	return lin
}

// spirvConst returns the value of v if a spirv.Constant integer defines it.
func spirvConst(v *ir.Value) (int64, bool) {
	d := v.DefiningOp()
	if d == nil || d.Name() != "spirv.Constant" {
		return 0, false
	}
	a, ok := d.Attr("value").(*ir.IntegerAttr)
	if !ok {
		return 0, false
	}
	return a.Int(), true
}

// access prepares a load or store: the memref type, its pointer and the
// converted value type.
func (e *env) access(o *ir.Operation, mem *ir.Value, memOperand int, rw *rewrite.ConversionRewriter, indices []*ir.Value) (ptr *ir.Value, pk *packed, elem ir.Type, ok bool) {
	mt, isMem := o.Operand(memOperand).Type().(*ir.MemRefType)
	base := basePtr(mem)
	if !isMem || base == nil {
		return nil, nil, nil, false
	}
	if elem = e.tc.ConvertType(mt.Elem); elem == nil && subByte(mt.Elem) {
		elem = e.ctx.I(32) // a sub-byte element is loaded as its word's type
	}
	if elem == nil || packedFloats(mt, base) {
		return nil, nil, nil, false
	}
	rw.SetInsertionPointBefore(o)
	ptr, pk, ok = e.elementPtr(&rw.Builder, mt, base, indices, o.Loc())
	return ptr, pk, elem, ok
}

func (e *env) load(o *ir.Operation, operands []*ir.Value, rw *rewrite.ConversionRewriter) error {
	ptr, pk, elem, ok := e.access(o, operands[0], 0, rw, operands[1:])
	if !ok {
		return rewrite.NoMatch
	}
	if pk == nil {
		e.noteDims(ptr, o.Operand(0).Type().(*ir.MemRefType))
	}
	b, loc := &rw.Builder, o.Loc()
	if pk != nil {
		ptr = e.wordPtr(b, pk, loc)
	}
	wt := ptr.Type().(*spirv.PointerType).Pointee
	v := op(b, "spirv.Load", loc, wt, []*ir.Value{ptr}, e.memoryAccess(o, ptr, pk != nil)...).Result(0)
	if pk != nil {
		// Packed narrow data: shift the element down, mask it and
		// sign-extend it, as MLIR does whatever the type (narrow integers
		// computed in 32 bits stay sign-extended, see narrowFixes).
		v = val(b, "spirv.ShiftRightArithmetic", loc, wt, v, e.bitOffset(b, pk, loc))
		v = val(b, "spirv.BitwiseAnd", loc, wt, v, intConst(b, wt, int64(1)<<pk.bits-1, loc))
		v = sextLow(b, v, int(pk.bits), loc)
	}
	if isBool(o.Result(0).Type()) && !isBool(wt) {
		v = val(b, "spirv.IEqual", loc, elem, v, intConst(b, wt, 1, loc)) // bools are stored as 0 and 1
	} else if v.Type() != elem {
		// A word narrowed to the element (MLIR's UConvert), or narrow data
		// held as it is but computed in 32 bits, sign-extended (see
		// narrowFixes).
		name := "spirv.UConvert"
		if ir.IntOrFloatBitWidth(ir.ElementTypeOrSelf(elem)) > ir.IntOrFloatBitWidth(ir.ElementTypeOrSelf(wt)) {
			name = "spirv.SConvert"
		}
		v = val(b, name, loc, elem, v)
	}
	rw.ReplaceOp(o, []*ir.Value{v})
	return nil
}

// subByte reports the integer types narrower than a byte (not i1) that
// memory holds packed.
func subByte(t ir.Type) bool {
	it, ok := t.(*ir.IntegerType)
	return ok && (it.Width == 2 || it.Width == 4)
}

// storeValue converts v, a value stored into memory holding wt: bools to
// 0 or 1, other integers to wt's width.
func storeValue(b *ir.Builder, v *ir.Value, wt ir.Type, loc ir.Location) *ir.Value {
	if isBool(v.Type()) && !isBool(wt) {
		zero, one := intConst(b, wt, 0, loc), intConst(b, wt, 1, loc)
		if c, ok := constInt(v); ok {
			return map[bool]*ir.Value{true: one, false: zero}[c != 0] // MLIR folds the select
		}
		return val(b, "spirv.Select", loc, wt, v, one, zero)
	} else if v.Type() != wt {
		return val(b, "spirv.UConvert", loc, wt, v)
	}
	return v
}

func (e *env) store(o *ir.Operation, operands []*ir.Value, rw *rewrite.ConversionRewriter) error {
	ptr, pk, _, ok := e.access(o, operands[1], 1, rw, operands[2:])
	if !ok {
		return rewrite.NoMatch
	}
	if pk == nil {
		e.noteDims(ptr, o.Operand(1).Type().(*ir.MemRefType))
	}
	b, loc, ctx := &rw.Builder, o.Loc(), o.Context()
	if pk == nil {
		v := storeValue(b, operands[0], ptr.Type().(*spirv.PointerType).Pointee, loc)
		op(b, "spirv.Store", loc, nil, []*ir.Value{ptr, v}, e.memoryAccess(o, ptr, false)...)
		rw.EraseOp(o)
		return nil
	}
	// Packed narrow data: clear the element's bits, then set them, with
	// atomics since neighbouring invocations write the same word (in
	// MLIR's IntStoreOpPattern's order).
	wt := pk.word.Pointee
	off := e.bitOffset(b, pk, loc)
	mask := intConst(b, wt, int64(1)<<pk.bits-1, loc)
	clear := val(b, "spirv.Not", loc, wt, val(b, "spirv.ShiftLeftLogical", loc, wt, mask, off))
	v := storeValue(b, operands[0], wt, loc)
	if !isBool(operands[0].Type()) {
		v = val(b, "spirv.BitwiseAnd", loc, wt, v, mask) // a bool is 0 or 1 already
	}
	data := val(b, "spirv.ShiftLeftLogical", loc, wt, v, off)
	ptr = e.wordPtr(b, pk, loc)
	scope := named("memory_scope", enum(ctx, spv.KindScope, uint32(atomicScope(pk.word))))
	sem := named("semantics", enum(ctx, spv.KindMemorySemantics, uint32(packedStoreSemantics(pk.word))))
	op(b, "spirv.AtomicAnd", loc, wt, []*ir.Value{ptr, clear}, scope, sem)
	op(b, "spirv.AtomicOr", loc, wt, []*ir.Value{ptr, data}, scope, sem)
	rw.EraseOp(o)
	return nil
}

// packedStoreSemantics is the memory semantics of a packed store's atomics
// on memory pointed to by pt: MLIR's AcquireRelease, plus the storage class
// bit of that memory, without which Vulkan forbids an ordering
// (VUID-StandaloneSpirv-MemorySemantics-10870: an Acquire, Release or
// AcquireRelease atomic orders no memory at all). MLIR sets no such bit.
func packedStoreSemantics(pt *spirv.PointerType) spv.MemorySemantics {
	switch pt.StorageClass {
	case spv.StorageClassStorageBuffer, spv.StorageClassPhysicalStorageBuffer, spv.StorageClassUniform:
		return spv.MemorySemanticsAcquireRelease | spv.MemorySemanticsUniformMemory
	case spv.StorageClassWorkgroup:
		return spv.MemorySemanticsAcquireRelease | spv.MemorySemanticsWorkgroupMemory
	case spv.StorageClassCrossWorkgroup:
		return spv.MemorySemanticsAcquireRelease | spv.MemorySemanticsCrossWorkgroupMemory
	}
	return spv.MemorySemanticsAcquireRelease
}

// atomicScope is the scope of atomics on memory pointed to by pt: the
// workgroup for Workgroup memory, else the device (MLIR's getAtomicOpScope).
func atomicScope(pt *spirv.PointerType) spv.Scope {
	if pt.StorageClass == spv.StorageClassWorkgroup {
		return spv.ScopeWorkgroup
	}
	return spv.ScopeDevice
}

// memoryAccess returns the memory operands of a load or store o through
// ptr (MLIR's calculateMemoryRequirements): Nontemporal for a nontemporal
// access, Aligned with the op's alignment attribute, or in
// PhysicalStorageBuffer memory with the scalar's size. A packed access is
// an atomic on a word, never aligned.
func (e *env) memoryAccess(o *ir.Operation, ptr *ir.Value, packed bool) []ir.NamedAttr {
	access := spv.MemoryAccessNone
	if a, ok := o.Attr("nontemporal").(*ir.IntegerAttr); ok && a.Bool() {
		access |= spv.MemoryAccessNontemporal
	}
	pt := ptr.Type().(*spirv.PointerType)
	var attrs []ir.NamedAttr
	align, hasAlign := o.Attr("alignment").(*ir.IntegerAttr)
	size, sized := spirv.SizeInBytes(pt.Pointee)
	switch {
	case packed:
	case hasAlign && align.Int() > 0:
		// The op's own alignment, wherever the memory is.
		access |= spv.MemoryAccessAligned
		attrs = append(attrs, ir.NamedAttr{Name: "alignment", Value: e.ctx.IntegerAttr(e.ctx.I(32), align.Int())})
	case sized && pt.StorageClass == spv.StorageClassPhysicalStorageBuffer:
		access |= spv.MemoryAccessAligned
		attrs = append(attrs, ir.NamedAttr{Name: "alignment", Value: e.ctx.IntegerAttr(e.ctx.I(32), size)})
	}
	if access == spv.MemoryAccessNone {
		return nil
	}
	return append([]ir.NamedAttr{named("memory_access", enum(e.ctx, spv.KindMemoryAccess, uint32(access)))}, attrs...)
}

// alloca makes a Function variable at the start of the function. A pass
// that leaves func.func alone (convert-memref-to-spirv) converts, as
// MLIR's AllocaOpPattern, the allocas in Function memory, at the start of
// their func.func.
func (e *env) alloca(o *ir.Operation, _ []*ir.Value, rw *rewrite.ConversionRewriter) error {
	mt, ok := o.Result(0).Type().(*ir.MemRefType)
	if !ok || o.NumOperands() != 0 {
		return rewrite.NoMatch
	}
	ctx := o.Context()
	pt, ok := e.memref(ctx.MemRef(mt.Dims, mt.Elem, mt.Layout, spirv.StorageClassAttr(ctx, spv.StorageClassFunction))).(*spirv.PointerType)
	fn := o.ParentOfName("spirv.func")
	if fn == nil && e.opts.Dialects != nil && !slices.Contains(e.opts.Dialects, "func") {
		if sc, isSC := e.storageClass(mt.MemorySpace); isSC && sc == spv.StorageClassFunction {
			fn = o.ParentOfName("func.func")
		}
	}
	if !ok || fn == nil {
		return rewrite.NoMatch
	}
	b := &rw.Builder
	b.SetInsertionPointToStart(fn.Region(0).Entry())
	v := op(b, "spirv.Variable", o.Loc(), pt, nil,
		named("storage_class", enum(ctx, spv.KindStorageClass, uint32(spv.StorageClassFunction)))).Result(0)
	b.SetInsertionPointBefore(o)
	rw.ReplaceOp(o, []*ir.Value{bridge(b, v, mt, o.Loc())})
	return nil
}

// alloc makes a Workgroup global of a static memref.alloc in workgroup
// memory, named __workgroup_mem__N after the N globals before it (MLIR's
// AllocOpPattern); other allocations do not convert.
func (e *env) alloc(o *ir.Operation, _ []*ir.Value, rw *rewrite.ConversionRewriter) error {
	pt, ok := e.workgroupMemory(o.Result(0).Type())
	table := symbolTableOf(o)
	if !ok || o.NumOperands() != 0 || table == nil {
		return rewrite.NoMatch
	}
	n := 0
	for g := range table.Region(0).Entry().Ops() {
		if g.Name() == "spirv.GlobalVariable" {
			n++
		}
	}
	name := fmt.Sprintf("__workgroup_mem__%d", n)
	for e.symbolOf(table, name) != nil {
		n++
		name = fmt.Sprintf("__workgroup_mem__%d", n)
	}
	g := e.global(o, name, pt)
	b := &rw.Builder
	b.SetInsertionPointBefore(o)
	rw.ReplaceOp(o, []*ir.Value{bridge(b, e.addressOf(b, g, o.Loc()), o.Result(0).Type(), o.Loc())})
	return nil
}

// dealloc erases the deallocation of workgroup memory, which lives as
// long as the workgroup (MLIR's DeallocOpPattern).
func (e *env) dealloc(o *ir.Operation, _ []*ir.Value, rw *rewrite.ConversionRewriter) error {
	if _, ok := e.workgroupMemory(o.Operand(0).Type()); !ok {
		return rewrite.NoMatch
	}
	rw.EraseOp(o)
	return nil
}

// workgroupMemory returns the pointer type of a static memref type t of
// scalars or vectors in Workgroup memory.
func (e *env) workgroupMemory(t ir.Type) (*spirv.PointerType, bool) {
	mt, ok := t.(*ir.MemRefType)
	if !ok || !ir.HasStaticShape(mt) {
		return nil, false
	}
	switch mt.Elem.(type) {
	case *ir.VectorType, *ir.ComplexType:
	default:
		if ir.IntOrFloatBitWidth(mt.Elem) == 0 {
			return nil, false
		}
	}
	pt, ok := e.tc.ConvertType(mt).(*spirv.PointerType)
	return pt, ok && pt.StorageClass == spv.StorageClassWorkgroup
}

// view keeps the source's pointer for a view with a static layout. In
// place, memref.cast converts only between memrefs of one converted type,
// as MLIR's CastPattern (a kernel module converts every cast).
func (e *env) view(o *ir.Operation, operands []*ir.Value, rw *rewrite.ConversionRewriter) error {
	mt, ok := o.Result(0).Type().(*ir.MemRefType)
	base := basePtr(operands[0])
	if !ok || base == nil {
		return rewrite.NoMatch
	}
	if o.Name() == "memref.cast" && !e.full && e.tc.ConvertType(o.Operand(0).Type()) != e.tc.ConvertType(mt) {
		return rewrite.NoMatch
	}
	_, off, ok := mt.StridesAndOffset()
	if !ok {
		return rewrite.NoMatch
	}
	rw.SetInsertionPointBefore(o)
	if off == ir.Dynamic {
		if base = e.offsetView(o, operands, base, mt, rw); base == nil {
			return rewrite.NoMatch
		}
	}
	rw.ReplaceOp(o, []*ir.Value{bridge(&rw.Builder, base, mt, o.Loc())})
	return nil
}

// offsetView returns the pointer of a memref.reinterpret_cast to a
// dynamic offset of an OpenCL buffer held as a pointer to its first
// element: that pointer advanced by the offset (MLIR's
// ReinterpretCastPattern), from which accesses through the view count
// (see elementPtr). It returns nil for any other view.
func (e *env) offsetView(o *ir.Operation, operands []*ir.Value, base *ir.Value, mt *ir.MemRefType, rw *rewrite.ConversionRewriter) *ir.Value {
	pt, ok := base.Type().(*spirv.PointerType)
	if o.Name() != "memref.reinterpret_cast" || !ok || !isElementPtr(pt) || e.tc.ConvertType(mt) != ir.Type(pt) {
		return nil
	}
	if d := base.DefiningOp(); d != nil && d.Name() == "spirv.InBoundsPtrAccessChain" {
		base = d.Operand(0) // offsets count from the allocation
	}
	static, ok := o.Attr("static_offsets").(*ir.DenseArrayAttr)
	if !ok || len(static.Ints) != 1 {
		return nil
	}
	var off *ir.Value
	if static.Ints[0] == ir.Dynamic {
		off = operands[1]
	} else if static.Ints[0] == 0 {
		return base
	} else {
		off = e.indexConst(&rw.Builder, static.Ints[0], o.Loc())
	}
	return val(&rw.Builder, "spirv.InBoundsPtrAccessChain", o.Loc(), pt, base, off)
}

// isElementPtr reports a pointer to one element of an OpenCL buffer (not
// to a struct or array holding them).
func isElementPtr(pt *spirv.PointerType) bool {
	switch pt.Pointee.(type) {
	case *spirv.StructType, *spirv.ArrayType, *spirv.RuntimeArrayType:
		return false
	}
	return true
}

// memorySpaceCast converts memref.memory_space_cast on Kernel targets
// through the Generic storage class (MLIR's MemorySpaceCastOpPattern).
func (e *env) memorySpaceCast(o *ir.Operation, operands []*ir.Value, rw *rewrite.ConversionRewriter) error {
	src, ok := operands[0].Type().(*spirv.PointerType)
	dst, isPtr := e.tc.ConvertType(o.Result(0).Type()).(*spirv.PointerType)
	if !e.kernel() || !ok || !isPtr || src.Pointee != dst.Pointee {
		return rewrite.NoMatch
	}
	b, loc := &rw.Builder, o.Loc()
	b.SetInsertionPointBefore(o)
	v := operands[0]
	generic := spv.StorageClassGeneric
	if src.StorageClass != dst.StorageClass {
		if src.StorageClass != generic {
			v = val(b, "spirv.PtrCastToGeneric", loc, e.pointer(src.Pointee, generic), v)
		}
		if dst.StorageClass != generic {
			v = val(b, "spirv.GenericCastToPtr", loc, dst, v)
		}
	}
	rw.ReplaceOp(o, []*ir.Value{v})
	return nil
}

// atomicRMW converts memref.atomic_rmw kinds SPIR-V has atomics for. On
// integers packed into 32-bit words only the bitwise kinds convert (as in
// MLIR): they leave the neighbouring elements' bits alone.
func (e *env) atomicRMW(o *ir.Operation, operands []*ir.Value, rw *rewrite.ConversionRewriter) error {
	k, ok := o.Attr("kind").(*ir.IntegerAttr)
	if !ok {
		return rewrite.NoMatch
	}
	names := map[int64]string{0: "AtomicFAddEXT", 1: "AtomicIAdd", 2: "AtomicExchange", 4: "AtomicSMax", 5: "AtomicUMax",
		7: "AtomicSMin", 8: "AtomicUMin", 11: "AtomicOr", 12: "AtomicAnd", 15: "AtomicXor"}
	name, ok := names[k.Int()]
	t := e.tc.ConvertType(o.Result(0).Type())
	if !ok || t == nil {
		return rewrite.NoMatch
	}
	bitwise := name == "AtomicOr" || name == "AtomicAnd" || name == "AtomicXor"
	if !bitwise && e.packedInts(o.Operand(1).Type()) {
		return rewrite.NoMatch
	}
	ptr, pk, _, ok := e.access(o, operands[1], 1, rw, operands[2:])
	if !ok {
		return rewrite.NoMatch
	}
	if pk != nil {
		rw.ReplaceOp(o, []*ir.Value{e.packedAtomic(&rw.Builder, name, pk, operands[0], o.Loc())})
		return nil
	}
	rw.ReplaceOp(o, []*ir.Value{relaxedAtomic(&rw.Builder, name, o.Loc(), t, ptr, operands[0])})
	return nil
}

// relaxedAtomic applies the atomic name to *ptr and v and returns the old
// value. Relaxed, as glslang's atomicAdd & co.: the op orders nothing else
// (docs/RATIONALE.md "Atomic memory semantics").
func relaxedAtomic(b *ir.Builder, name string, loc ir.Location, t ir.Type, ptr, v *ir.Value) *ir.Value {
	ctx := b.Context()
	return op(b, "spirv."+name, loc, t, []*ir.Value{ptr, v},
		named("memory_scope", enum(ctx, spv.KindScope, uint32(atomicScope(ptr.Type().(*spirv.PointerType))))),
		named("semantics", enum(ctx, spv.KindMemorySemantics, uint32(spv.MemorySemanticsRelaxed)))).Result(0)
}

// packedInts reports a memref whose integer elements the conversion packs
// into 32-bit words.
func (e *env) packedInts(t ir.Type) bool {
	mt, ok := t.(*ir.MemRefType)
	if !ok {
		return false
	}
	it, isInt := mt.Elem.(*ir.IntegerType)
	pt, isPtr := e.tc.ConvertType(mt).(*spirv.PointerType)
	if !isInt || !isPtr {
		return false
	}
	elem, _, ok := bufferElem(pt)
	return ok && ir.IntOrFloatBitWidth(elem) > it.Width
}

// packedAtomic applies the bitwise atomic name (AtomicOr, AtomicAnd or
// AtomicXor) to the element of a packed word with v shifted in place; And
// keeps the other elements' bits with ones, as MLIR's
// AtomicRMWOpPattern. It returns the element's old value, sign-extended
// like every narrow integer computed in 32 bits (see narrowFixes).
func (e *env) packedAtomic(b *ir.Builder, name string, pk *packed, v *ir.Value, loc ir.Location) *ir.Value {
	wt := pk.word.Pointee
	off := e.bitOffset(b, pk, loc)
	ptr := e.wordPtr(b, pk, loc)
	mask := intConst(b, wt, int64(1)<<pk.bits-1, loc)
	data := val(b, "spirv.ShiftLeftLogical", loc, wt, val(b, "spirv.BitwiseAnd", loc, wt, storeValue(b, v, wt, loc), mask), off)
	if name == "AtomicAnd" {
		others := val(b, "spirv.Not", loc, wt, val(b, "spirv.ShiftLeftLogical", loc, wt, mask, off))
		data = val(b, "spirv.BitwiseOr", loc, wt, data, others)
	}
	old := relaxedAtomic(b, name, loc, wt, ptr, data)
	r := val(b, "spirv.BitwiseAnd", loc, wt, val(b, "spirv.ShiftRightLogical", loc, wt, old, off), mask)
	return sextLow(b, r, int(pk.bits), loc)
}

// pointerAsIndex converts memref.extract_aligned_pointer_as_index to
// OpConvertPtrToU of the memref's pointer, an index-wide integer (MLIR's
// ExtractAlignedPointerAsIndexOpPattern): physical pointers only, which
// the spirv dialect's verifier checks.
func (e *env) pointerAsIndex(o *ir.Operation, operands []*ir.Value, rw *rewrite.ConversionRewriter) error {
	ptr := basePtr(operands[0])
	if ptr == nil {
		return rewrite.NoMatch
	}
	rw.SetInsertionPointBefore(o)
	rw.ReplaceOp(o, []*ir.Value{val(&rw.Builder, "spirv.ConvertPtrToU", o.Loc(), e.index, ptr)})
	return nil
}
