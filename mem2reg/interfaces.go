// Package mem2reg holds MLIR's generic memory-slot passes: mem2reg, which
// turns the loads and stores of a memory slot into SSA values (block
// arguments where control flow merges), and sroa, which splits an aggregate
// slot into one slot per element it uses. Ops take part through the
// interfaces below, registered by op name, as MLIR's
// PromotableAllocationOpInterface, PromotableMemOpInterface,
// DestructurableAllocationOpInterface and DestructurableAccessorOpInterface;
// memref.alloca, memref.load and memref.store implement them (memref.go).
//
// Control flow between the blocks of the slot's region gets block
// arguments; loads, stores and views (Aliaser: vector.go) nested in region
// ops registered as RegionOp (the SCF ops, affine.for, memref.alloca_scope:
// regions.go) have the value threaded through those ops, as current MLIR's
// PromotableRegionOpInterface does. A slot used inside any other region op
// stays in memory.
package mem2reg

import "github.com/kiln-gpu/kiln/ir"

// Slot is a memory slot: the pointer value and the type of its content.
type Slot struct {
	Ptr  *ir.Value
	Elem ir.Type
}

// Allocator is an op whose results are slots mem2reg may promote.
type Allocator interface {
	// PromotableSlots lists the slots of op that may be promoted.
	PromotableSlots(op *ir.Operation) []Slot
	// DefaultValue creates, at b, the value a load before any store reads.
	DefaultValue(op *ir.Operation, s Slot, b *ir.Builder) *ir.Value
	// PromotionComplete runs once every use of s is gone; def is the
	// default value if one was made. It erases op.
	PromotionComplete(op *ir.Operation, s Slot, def *ir.Value)
}

// MemOp is an op that reads or writes a slot through its pointer.
type MemOp interface {
	LoadsFrom(op *ir.Operation, s Slot) bool
	StoresTo(op *ir.Operation, s Slot) bool
	// Stored is the value s holds after a store; reaching gives the value
	// it held before (for a store that writes only part of it).
	Stored(op *ir.Operation, s Slot, reaching func() *ir.Value) *ir.Value
	// CanUsesBeRemoved reports whether op can stop using the slot pointer
	// through uses.
	CanUsesBeRemoved(op *ir.Operation, s Slot, uses []*ir.OpOperand) bool
	// RemoveUses drops op's uses of the slot given the value the slot holds
	// before op (reaching builds it on first call), and reports whether op
	// is to be erased.
	RemoveUses(op *ir.Operation, s Slot, reaching func() *ir.Value) (erase bool)
}

// Aliaser is an op whose result views a slot (MLIR's
// PromotableAliaserInterface): promotion goes through the view to its
// loads and stores, which see the view's own slot.
type Aliaser interface {
	// Alias returns the slot of op's result, given that uses are op's
	// operands using s; false when op cannot be promoted with s.
	Alias(op *ir.Operation, s Slot, uses []*ir.OpOperand) (Slot, bool)
	// Down builds at b the value of view, op's slot (Alias's), from v, the
	// value of the slot it views.
	Down(op *ir.Operation, view Slot, v *ir.Value, b *ir.Builder) *ir.Value
	// Up builds at b the value of s once the view's becomes v; parent
	// builds the value s held before.
	Up(op *ir.Operation, s Slot, v *ir.Value, parent func() *ir.Value, b *ir.Builder) *ir.Value
}

// Index names one element of a destructurable slot; the implementation
// chooses its form (memref's is the comma-separated coordinates).
type Index string

// DestructurableSlot is a slot sroa may split, with the type of each
// element it holds.
type DestructurableSlot struct {
	Slot
	Elements map[Index]ir.Type
}

// Destructurable is an op whose slots sroa may split.
type Destructurable interface {
	DestructurableSlots(op *ir.Operation) []DestructurableSlot
	// Destructure creates, at b, one slot per used element.
	Destructure(op *ir.Operation, s DestructurableSlot, used []Index, b *ir.Builder) map[Index]Slot
	// DestructuringComplete runs once every use of s is rewired; it erases
	// op.
	DestructuringComplete(op *ir.Operation, s DestructurableSlot)
}

// Accessor is an op that can be pointed at one element's slot instead of
// the aggregate.
type Accessor interface {
	// CanRewire reports whether op can be rewired and which elements it
	// uses.
	CanRewire(op *ir.Operation, s DestructurableSlot) ([]Index, bool)
	// Rewire points op at the slots of its elements.
	Rewire(op *ir.Operation, s DestructurableSlot, sub map[Index]Slot)
}

var (
	allocators      = map[string]Allocator{}
	memOps          = map[string]MemOp{}
	destructurables = map[string]Destructurable{}
	accessors       = map[string]Accessor{}
	aliasers        = map[string]Aliaser{}
)

// RegisterAllocator makes ops named name promotable allocators. Register
// before any pass runs; the tables are not locked.
func RegisterAllocator(name string, a Allocator) { allocators[name] = a }

// RegisterMemOp makes ops named name promotable loads or stores.
func RegisterMemOp(name string, m MemOp) { memOps[name] = m }

// RegisterAliaser makes ops named name views promotion goes through.
func RegisterAliaser(name string, a Aliaser) { aliasers[name] = a }

// RegisterDestructurable makes ops named name allocators sroa may split.
func RegisterDestructurable(name string, d Destructurable) { destructurables[name] = d }

// RegisterAccessor makes ops named name accessors sroa may rewire.
func RegisterAccessor(name string, a Accessor) { accessors[name] = a }
