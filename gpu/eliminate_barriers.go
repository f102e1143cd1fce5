package gpu

import (
	"slices"

	"github.com/kiln-gpu/kiln/ir"
	"github.com/kiln-gpu/kiln/memref"
)

// Barrier elimination (MLIR's gpu-eliminate-barriers, after Polygeist): a
// workgroup barrier is unnecessary when no memory effect that may execute
// before it (back to the previous barrier that fences as much) conflicts
// with one that may execute after it (up to the next such barrier) on
// memory it fences: a write against a read or a write of possibly aliasing
// memory. The walk follows structured control flow only, up to the
// parallel region (gpu.func, gpu.launch, or an op with the
// __parallel_region_boundary_for_test attribute); a region of several
// blocks or an op of unknown effects makes it assume every effect.

// EliminateBarrierPatterns returns the barrier elimination pattern.
func EliminateBarrierPatterns() []*ir.Pattern { return []*ir.Pattern{eliminateBarrier} }

var eliminateBarrier = &ir.Pattern{
	Name: "gpu-eliminate-barrier",
	Root: "gpu.barrier",
	Rewrite: func(op *ir.Operation, rw *ir.Rewriter) bool {
		f, ok := fenceOf(op)
		if !ok || !f.all && len(f.spaces) == 0 {
			return false // a named or non-workgroup barrier, or one fencing no memory
		}
		var before, after []memEffect
		effectsAround(op, &before, f, false)
		effectsAround(op, &after, f, true)
		if conflicting(before, after, f) {
			return false
		}
		rw.EraseOp(op)
		return true
	},
}

// fence is the memory a barrier orders: every address space, or those
// listed in its memfence clause.
type fence struct {
	all    bool
	spaces []AddressSpace
}

// fenceOf returns the memory barrier op fences, and false for a barrier
// this analysis leaves alone (named, or of another scope than workgroup).
func fenceOf(op *ir.Operation) (fence, bool) {
	if op.NumOperands() > 0 || BarrierScope(op) != ScopeWorkgroup {
		return fence{}, false
	}
	arr, ok := op.Attr("address_spaces").(*ir.ArrayAttr)
	if !ok {
		return fence{all: true}, true
	}
	var f fence
	for _, e := range arr.Elems {
		if a, ok := e.(*AddressSpaceAttr); ok {
			f.spaces = append(f.spaces, a.Value)
		}
	}
	return f, true
}

// stopsAt reports whether barrier b orders all the memory f does, so that
// the effects beyond it need no ordering by the barrier fencing f.
func stopsAt(b *ir.Operation, f fence) bool {
	g, ok := fenceOf(b)
	switch {
	case !ok:
		return false
	case g.all:
		return true
	case f.all:
		return false
	}
	for _, s := range f.spaces {
		if !slices.Contains(g.spaces, s) {
			return false
		}
	}
	return true
}

// covers reports whether f orders accesses to memref value v: unless f
// fences everything, v's type must be in one of its address spaces, or in
// none that the gpu dialect names.
func (f fence) covers(v *ir.Value) bool {
	if f.all || v == nil {
		return true
	}
	s, ok := MemorySpaceOf(v.Type())
	return !ok || slices.Contains(f.spaces, s)
}

type effectKind uint8

const (
	effRead effectKind = iota
	effWrite
	effAlloc
	effFree
)

// memEffect is an effect on the memory of value (any memory when nil).
type memEffect struct {
	kind  effectKind
	value *ir.Value
}

// allEffects adds every kind of effect on any memory.
func allEffects(effects *[]memEffect) {
	*effects = append(*effects, memEffect{effRead, nil}, memEffect{effWrite, nil}, memEffect{effAlloc, nil}, memEffect{effFree, nil})
}

// accessDialects are the dialects whose ops that are neither pure,
// read-only nor allocating read and write the memrefs they take and
// nothing else.
var accessDialects = []string{"memref", "vector", "affine", "gpu"}

// collectEffects adds op's effects; false means it could not tell and
// added every effect.
func collectEffects(op *ir.Operation, effects *[]memEffect) bool {
	switch {
	case op.Name() == "gpu.barrier", op.Name() == "memref.assume_alignment", ir.IsPure(op):
		return true
	case op.Name() == "memref.dealloc" || op.Name() == "gpu.dealloc":
		for _, v := range op.Operands() {
			if isMemRef(v.Type()) {
				*effects = append(*effects, memEffect{effFree, v})
			}
		}
		return true
	case op.HasTrait(ir.RecursiveEffects):
		for _, r := range op.Regions() {
			for b := range r.Blocks() {
				for in := range b.Ops() {
					if !collectEffects(in, effects) {
						return false
					}
				}
			}
		}
		return true
	case op.HasTrait(ir.AllocOnly):
		for _, r := range op.Results() {
			*effects = append(*effects, memEffect{effAlloc, r})
		}
		return true
	}
	readOnly := op.HasTrait(ir.ReadOnly)
	if !readOnly && !slices.Contains(accessDialects, op.DialectName()) || !op.IsRegistered() {
		allEffects(effects)
		return false
	}
	n := len(*effects)
	for _, v := range op.Operands() {
		if isMemRef(v.Type()) {
			*effects = append(*effects, memEffect{effRead, v})
			if !readOnly {
				*effects = append(*effects, memEffect{effWrite, v})
			}
		}
	}
	if len(*effects) == n {
		// Memory it does not name (a global, a handle): any memory.
		*effects = append(*effects, memEffect{effRead, nil})
		if !readOnly {
			*effects = append(*effects, memEffect{effWrite, nil})
		}
	}
	return true
}

// isParallelRegionBoundary reports whether op is the parallel region the
// barrier synchronizes.
func isParallelRegionBoundary(op *ir.Operation) bool {
	return op.HasAttr("__parallel_region_boundary_for_test") || op.Name() == "gpu.func" || op.Name() == "gpu.launch"
}

// hasSingleExecutionBody reports whether op runs its regions at most once.
func hasSingleExecutionBody(op *ir.Operation) bool {
	return op.Name() == "scf.if" || op.Name() == "memref.alloca_scope"
}

// walkEffects adds the effects of every op nested in op (op included).
func walkEffects(op *ir.Operation, effects *[]memEffect) bool {
	exact := true
	op.Walk(func(in *ir.Operation) bool {
		if exact && !collectEffects(in, effects) {
			exact = false
		}
		return exact
	})
	return exact
}

// effectsAround adds the effects that may execute before op (after op
// when after is set), back to (up to) a barrier that stops f; false means
// they are over-approximated.
func effectsAround(op *ir.Operation, effects *[]memEffect, f fence, after bool) bool {
	blk := op.Block()
	if blk == nil {
		return true
	}
	if !blk.Parent().HasOneBlock() {
		allEffects(effects)
		return false
	}
	// wrap is where the walk resumes in a loop body's next (or previous)
	// iteration.
	step, wrap := (*ir.Operation).PrevOp, blk.Last()
	if after {
		step, wrap = (*ir.Operation).NextOp, blk.First()
	}
	for it := step(op); it != nil; it = step(it) {
		if stop, exact := opEffects(it, effects, f); stop || !exact {
			return exact
		}
	}
	parent := op.ParentOp()
	if parent == nil || isParallelRegionBoundary(parent) {
		return true
	}
	if !effectsAround(parent, effects, f, after) {
		return false
	}
	// The ops on op's other side in a loop body run on this side of it in
	// another iteration.
	if parent.Name() == "scf.for" {
		if op == wrap {
			return true
		}
		if stop, exact := opEffects(wrap, effects, f); stop || !exact {
			return exact
		}
		return effectsAround(wrap, effects, f, after)
	}
	if !hasSingleExecutionBody(parent) {
		return walkEffects(parent, effects)
	}
	return true
}

// opEffects adds the effects of op, which a walk reaches: stop reports a
// barrier that stops f, exact false that op's effects are over-approximated.
func opEffects(op *ir.Operation, effects *[]memEffect, f fence) (stop, exact bool) {
	if op.Name() == "gpu.barrier" {
		return stopsAt(op, f), true
	}
	return false, collectEffects(op, effects)
}

// conflicting reports whether an effect before and one after may touch
// aliasing memory that f fences, at least one of them a write (allocations
// are per thread, and a free before must be followed by an allocation).
func conflicting(before, after []memEffect, f fence) bool {
	for _, b := range before {
		if b.kind == effAlloc || b.kind == effFree || !f.covers(b.value) {
			continue
		}
		for _, a := range after {
			if a.kind == effAlloc || b.kind == effRead && a.kind == effRead || !f.covers(a.value) {
				continue
			}
			if b.value == nil || a.value == nil || mayAlias(b.value, a.value) {
				return true
			}
		}
	}
	return false
}

func globalName(v *ir.Value) (ir.Attribute, bool) {
	d := v.DefiningOp()
	if d == nil || d.Name() != "memref.get_global" {
		return nil, false
	}
	return d.Attr("name"), true
}

// mayAlias is MLIR's conservative aliasing for barrier elimination:
// memref.MayAlias (different allocations do not alias, nor do allocations
// and function arguments), and further, different globals do not alias
// each other or allocations, nor does a never-captured allocation alias
// anything else.
func mayAlias(a, b *ir.Value) bool {
	a, b = memref.AliasRoot(a), memref.AliasRoot(b)
	if a == b {
		return true
	}
	if !memref.MayAlias(a, b) {
		return false
	}
	ga, isGlobalA := globalName(a)
	gb, isGlobalB := globalName(b)
	if isGlobalA && isGlobalB {
		return ga == gb
	}
	allocA, allocB := memref.IsAllocation(a), memref.IsAllocation(b)
	if (allocA || isGlobalA) && (allocB || isGlobalB) {
		return false
	}
	return !(allocA && !maybeCaptured(a) || allocB && !maybeCaptured(b))
}

// maybeCaptured reports whether a user of v may store it in memory, so
// that other values could alias it unseen. As in MLIR, users without
// effects or only reading are not looked through.
func maybeCaptured(v *ir.Value) bool {
	for u := range v.Users() {
		switch {
		case ir.IsPure(u) || u.HasTrait(ir.ReadOnly) || u.Name() == "memref.dealloc":
		case u.Name() == "memref.store" || u.Name() == "vector.transfer_write" || u.Name() == "vector.store":
			if u.Operand(0) == v {
				return true
			}
		case u.Name() == "vector.maskedstore":
			if u.Operand(u.NumOperands()-1) == v {
				return true
			}
		default:
			return true
		}
	}
	return false
}
