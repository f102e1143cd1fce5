package lowering

import (
	"fmt"

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

// elementPtr returns a pointer to element indices of a memref of type mt
// whose storage is base, linearized with mt's strides (MLIR's
// getElementPtr). With per > 1 elements packed in each word, it returns the
// word's pointer and the element's bit offset in it.
func (e *env) elementPtr(b *ir.Builder, mt *ir.MemRefType, base *ir.Value, indices []*ir.Value, loc ir.Location) (ptr, bitOffset *ir.Value, ok bool) {
	strides, offset, ok := mt.StridesAndOffset()
	if !ok || offset == ir.Dynamic {
		return nil, nil, false
	}
	for _, s := range strides {
		if s == ir.Dynamic {
			return nil, nil, false
		}
	}
	pt, ok := base.Type().(*spirv.PointerType)
	st, isStruct := pt.Pointee.(*spirv.StructType)
	if !ok || !isStruct {
		return nil, nil, false
	}
	var elem ir.Type
	switch a := st.Member(0).(type) {
	case *spirv.ArrayType:
		elem = a.Elem
	case *spirv.RuntimeArrayType:
		elem = a.Elem
	default:
		return nil, nil, false
	}
	it := e.index
	zero := e.indexConst(b, 0, loc)
	// offset + sum(stride * index), unfolded (the older MLIR of
	// GPUToSPIRV/load-store.mlir; newer MLIR folds x * 1 and x + 0).
	lin := e.indexConst(b, offset, loc)
	for i, idx := range indices {
		s := e.indexConst(b, strides[i], loc)
		lin = val(b, "spirv.IAdd", loc, it, lin, val(b, "spirv.IMul", loc, it, s, idx))
	}
	srcBits := ir.IntOrFloatBitWidth(mt.Elem)
	if mt.Elem == e.ctx.I(1) {
		srcBits = 8
	}
	dstBits := ir.IntOrFloatBitWidth(elem)
	if _, isVec := mt.Elem.(*ir.VectorType); !isVec && srcBits < dstBits && srcBits > 0 {
		per := int64(dstBits / srcBits)
		word := val(b, "spirv.SDiv", loc, it, lin, e.indexConst(b, per, loc))
		lane := val(b, "spirv.SMod", loc, it, lin, e.indexConst(b, per, loc))
		bitOffset = val(b, "spirv.IMul", loc, it, lane, e.indexConst(b, int64(srcBits), loc))
		lin = word
	}
	ptr = val(b, "spirv.AccessChain", loc, e.pointer(elem, pt.StorageClass), base, zero, lin)
	return ptr, bitOffset, true
}

// access prepares a load or store: the memref type, its pointer and the
// converted value type.
func (e *env) access(o *ir.Operation, mem *ir.Value, memOperand int, rw *rewrite.ConversionRewriter, indices []*ir.Value) (ptr, bitOffset *ir.Value, elem ir.Type, ok bool) {
	mt, isMem := o.Operand(memOperand).Type().(*ir.MemRefType)
	base := basePtr(mem)
	if !isMem || base == nil {
		return nil, nil, nil, false
	}
	if elem = e.tc.ConvertType(mt.Elem); elem == nil {
		return nil, nil, nil, false
	}
	rw.SetInsertionPointBefore(o)
	ptr, bitOffset, ok = e.elementPtr(&rw.Builder, mt, base, indices, o.Loc())
	if ok && bitOffset != nil && ir.IsFloat(ir.ElementTypeOrSelf(mt.Elem)) {
		// MLIR's storage of narrow floats in f32 words; nothing unpacks them.
		return nil, nil, nil, false
	}
	return ptr, bitOffset, elem, ok
}

func (e *env) load(o *ir.Operation, operands []*ir.Value, rw *rewrite.ConversionRewriter) error {
	ptr, off, elem, ok := e.access(o, operands[0], 0, rw, operands[1:])
	if !ok {
		return rewrite.NoMatch
	}
	b, loc := &rw.Builder, o.Loc()
	wt := ptr.Type().(*spirv.PointerType).Pointee
	v := op(b, "spirv.Load", loc, wt, []*ir.Value{ptr}, e.memoryAccess(o, ptr, off)...).Result(0)
	if off != nil {
		// Packed narrow data: shift the element down and mask it, then
		// sign-extend it if it is computed in 32 bits (see narrowFixes).
		bits := ir.IntOrFloatBitWidth(ir.ElementTypeOrSelf(o.Result(0).Type()))
		v = val(b, "spirv.ShiftRightLogical", loc, wt, v, off)
		v = val(b, "spirv.BitwiseAnd", loc, wt, v, intConst(b, wt, int64(1)<<bits-1, loc))
		if e.narrowBits(o.Result(0).Type()) > 0 {
			v = sextLow(b, v, bits, loc)
		}
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

func (e *env) store(o *ir.Operation, operands []*ir.Value, rw *rewrite.ConversionRewriter) error {
	ptr, off, _, ok := e.access(o, operands[1], 1, rw, operands[2:])
	if !ok {
		return rewrite.NoMatch
	}
	b, loc, ctx := &rw.Builder, o.Loc(), o.Context()
	pt := ptr.Type().(*spirv.PointerType)
	wt := pt.Pointee
	v := operands[0]
	if isBool(v.Type()) && !isBool(wt) {
		zero, one := intConst(b, wt, 0, loc), intConst(b, wt, 1, loc)
		if c, ok := constInt(v); ok {
			v = map[bool]*ir.Value{true: one, false: zero}[c != 0] // MLIR folds the select
		} else {
			v = val(b, "spirv.Select", loc, wt, v, one, zero)
		}
	} else if v.Type() != wt {
		v = val(b, "spirv.UConvert", loc, wt, v)
	}
	if off == nil {
		op(b, "spirv.Store", loc, nil, []*ir.Value{ptr, v}, e.memoryAccess(o, ptr, nil)...)
		rw.EraseOp(o)
		return nil
	}
	// Packed narrow data: clear the element's bits, then set them, with
	// atomics since neighbouring invocations write the same word.
	bits := ir.IntOrFloatBitWidth(ir.ElementTypeOrSelf(o.Operand(0).Type()))
	if isBool(o.Operand(0).Type()) {
		bits = 8
	}
	mask := intConst(b, wt, int64(1)<<bits-1, loc)
	clear := val(b, "spirv.Not", loc, wt, val(b, "spirv.ShiftLeftLogical", loc, wt, mask, off))
	data := val(b, "spirv.ShiftLeftLogical", loc, wt, val(b, "spirv.BitwiseAnd", loc, wt, v, mask), off)
	scope := named("memory_scope", enum(ctx, spv.KindScope, uint32(atomicScope(pt))))
	sem := named("semantics", enum(ctx, spv.KindMemorySemantics, uint32(spv.MemorySemanticsAcquireRelease)))
	op(b, "spirv.AtomicAnd", loc, wt, []*ir.Value{ptr, clear}, scope, sem)
	op(b, "spirv.AtomicOr", loc, wt, []*ir.Value{ptr, data}, scope, sem)
	rw.EraseOp(o)
	return nil
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
// access, and in PhysicalStorageBuffer memory Aligned with the scalar's
// size. A packed access (bitOffset) is an atomic on a word, never aligned.
func (e *env) memoryAccess(o *ir.Operation, ptr, bitOffset *ir.Value) []ir.NamedAttr {
	access := spv.MemoryAccessNone
	if a, ok := o.Attr("nontemporal").(*ir.IntegerAttr); ok && a.Bool() {
		access |= spv.MemoryAccessNontemporal
	}
	pt := ptr.Type().(*spirv.PointerType)
	var attrs []ir.NamedAttr
	if size, ok := spirv.SizeInBytes(pt.Pointee); ok && bitOffset == nil && pt.StorageClass == spv.StorageClassPhysicalStorageBuffer {
		access |= spv.MemoryAccessAligned
		attrs = append(attrs, ir.NamedAttr{Name: "alignment", Value: e.ctx.IntegerAttr(e.ctx.I(32), size)})
	}
	if access == spv.MemoryAccessNone {
		return nil
	}
	return append([]ir.NamedAttr{named("memory_access", enum(e.ctx, spv.KindMemoryAccess, uint32(access)))}, attrs...)
}

// alloca makes a Function variable at the start of the function.
func (e *env) alloca(o *ir.Operation, _ []*ir.Value, rw *rewrite.ConversionRewriter) error {
	mt, ok := o.Result(0).Type().(*ir.MemRefType)
	if !ok || o.NumOperands() != 0 {
		return rewrite.NoMatch
	}
	ctx := o.Context()
	pt, ok := e.memref(ctx.MemRef(mt.Dims, mt.Elem, mt.Layout, spirv.StorageClassAttr(ctx, spv.StorageClassFunction))).(*spirv.PointerType)
	fn := o.ParentOfName("spirv.func")
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
	if _, isVec := mt.Elem.(*ir.VectorType); !isVec && ir.IntOrFloatBitWidth(mt.Elem) == 0 {
		return nil, false
	}
	pt, ok := e.tc.ConvertType(mt).(*spirv.PointerType)
	return pt, ok && pt.StorageClass == spv.StorageClassWorkgroup
}

// view keeps the source's pointer for a view with a static layout.
func (e *env) view(o *ir.Operation, operands []*ir.Value, rw *rewrite.ConversionRewriter) error {
	mt, ok := o.Result(0).Type().(*ir.MemRefType)
	base := basePtr(operands[0])
	if !ok || base == nil {
		return rewrite.NoMatch
	}
	if _, off, ok := mt.StridesAndOffset(); !ok || off == ir.Dynamic {
		return rewrite.NoMatch
	}
	rw.SetInsertionPointBefore(o)
	rw.ReplaceOp(o, []*ir.Value{bridge(&rw.Builder, base, mt, o.Loc())})
	return nil
}

// atomicRMW converts memref.atomic_rmw kinds SPIR-V has atomics for.
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
	ptr, off, _, ok := e.access(o, operands[1], 1, rw, operands[2:])
	if !ok || off != nil {
		return rewrite.NoMatch
	}
	ctx := o.Context()
	r := op(&rw.Builder, "spirv."+name, o.Loc(), t, []*ir.Value{ptr, operands[0]},
		named("memory_scope", enum(ctx, spv.KindScope, uint32(atomicScope(ptr.Type().(*spirv.PointerType))))),
		// Relaxed, as glslang's atomicAdd & co.: the op orders nothing else
		// (docs/RATIONALE.md "Atomic memory semantics").
		named("semantics", enum(ctx, spv.KindMemorySemantics, uint32(spv.MemorySemanticsRelaxed)))).Result(0)
	rw.ReplaceOp(o, []*ir.Value{r})
	return nil
}
