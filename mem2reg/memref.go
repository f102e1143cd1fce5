package mem2reg

import (
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/kiln-gpu/kiln/ir"
	"github.com/kiln-gpu/kiln/ub"
)

// The memref implementations, as MLIR's MemRefMemorySlot.cpp: a static
// memref.alloca of one element is a promotable slot; one of 2 to 16
// elements splits into memref<T> slots when every access has constant
// in-bounds indices.
func init() {
	RegisterAllocator("memref.alloca", allocaSlot{})
	RegisterDestructurable("memref.alloca", allocaSlot{})
	RegisterMemOp("memref.load", loadStore{})
	RegisterMemOp("memref.store", loadStore{})
	RegisterAccessor("memref.load", loadStore{})
	RegisterAccessor("memref.store", loadStore{})
}

// maxDestructure is MLIR's maxMemrefSizeForDestructuring.
const maxDestructure = 16

type allocaSlot struct{}

// numElements is the element count of a static shape, false when a
// dimension is dynamic or the count overflows int64.
func numElements(t *ir.MemRefType) (int64, bool) {
	n := int64(1)
	for _, d := range t.Dims {
		if d == ir.Dynamic || d < 0 {
			return 0, false
		}
		if d != 0 && n > math.MaxInt64/d {
			return 0, false
		}
		n *= d
	}
	return n, true
}

// PromotableSlots offers a one-element static alloca as a slot of its
// element and any other as a slot of the whole buffer as one vector
// (wholeBufferSlot), which only vector transfers (vector.go) can promote.
func (allocaSlot) PromotableSlots(op *ir.Operation) []Slot {
	t, ok := op.Result(0).Type().(*ir.MemRefType)
	if !ok {
		return nil
	}
	if n, ok := numElements(t); ok && n == 1 {
		return []Slot{{Ptr: op.Result(0), Elem: t.Elem}}
	}
	if vt := wholeBufferSlot(op, t); vt != nil {
		return []Slot{{Ptr: op.Result(0), Elem: vt}}
	}
	return nil
}

// wholeBufferSlot is the vector type holding all of an alloca's buffer, as
// MLIR's whole-buffer promotion: the static shape itself, or vector<[C]xT>
// for a 1-D buffer of vector.vscale * C elements; nil for any other shape
// or an element type vectors cannot hold.
func wholeBufferSlot(op *ir.Operation, t *ir.MemRefType) *ir.VectorType {
	if !ir.IsIntOrIndex(t.Elem) && !ir.IsFloat(t.Elem) {
		return nil
	}
	ctx := op.Context()
	if n, ok := numElements(t); ok {
		if n == 0 {
			return nil
		}
		return ctx.Vector(t.Dims, t.Elem)
	}
	if len(t.Dims) != 1 || op.NumOperands() != 1 {
		return nil
	}
	if c, ok := vscaleMultiple(op.Operand(0)); ok {
		return ctx.ScalableVector([]int64{c}, []bool{true}, t.Elem)
	}
	return nil
}

// vscaleMultiple is C when v is arith.muli of vector.vscale and a positive
// constant C, in either order.
func vscaleMultiple(v *ir.Value) (int64, bool) {
	mul := v.DefiningOp()
	if mul == nil || mul.Name() != "arith.muli" {
		return 0, false
	}
	for i := range 2 {
		vs, k := mul.Operand(i).DefiningOp(), mul.Operand(1-i)
		if vs == nil || vs.Name() != "vector.vscale" {
			continue
		}
		if c, ok := ir.ConstantIntAttr(k); ok && c.Big().IsInt64() && c.Int() > 0 {
			return c.Int(), true
		}
	}
	return 0, false
}

func (allocaSlot) DefaultValue(op *ir.Operation, s Slot, b *ir.Builder) *ir.Value {
	return b.CreateOp("ub.poison", op.Loc(), nil, []ir.Type{s.Elem},
		ir.NamedAttr{Name: "value", Value: ub.Poison(b.Context())}).Result(0)
}

func (allocaSlot) PromotionComplete(op *ir.Operation, _ Slot, def *ir.Value) {
	if def != nil && !def.HasUses() {
		def.DefiningOp().Erase()
	}
	op.Erase()
}

func (allocaSlot) DestructurableSlots(op *ir.Operation) []DestructurableSlot {
	t, ok := op.Result(0).Type().(*ir.MemRefType)
	if !ok {
		return nil
	}
	n, ok := numElements(t)
	if !ok || n > maxDestructure || n == 1 {
		return nil
	}
	elems := map[Index]ir.Type{}
	coord := make([]int64, len(t.Dims))
	for range n {
		elems[indexOf(coord)] = t.Elem
		for i := len(coord) - 1; i >= 0; i-- {
			if coord[i]++; coord[i] < t.Dims[i] {
				break
			}
			coord[i] = 0
		}
	}
	return []DestructurableSlot{{Slot: Slot{Ptr: op.Result(0), Elem: t.Elem}, Elements: elems}}
}

func (allocaSlot) Destructure(op *ir.Operation, s DestructurableSlot, used []Index, b *ir.Builder) map[Index]Slot {
	b.SetInsertionPointAfter(op)
	sub := map[Index]Slot{}
	ctx := op.Context()
	for _, i := range used {
		elem := s.Elements[i]
		a := b.CreateOp("memref.alloca", op.Loc(), nil, []ir.Type{ctx.MemRef(nil, elem, nil, nil)},
			ir.NamedAttr{Name: "operandSegmentSizes", Value: ctx.DenseI32Array(0, 0)})
		sub[i] = Slot{Ptr: a.Result(0), Elem: elem}
	}
	return sub
}

func (allocaSlot) DestructuringComplete(op *ir.Operation, _ DestructurableSlot) { op.Erase() }

// indexOf is the Index of memref coordinates.
func indexOf(coord []int64) Index {
	parts := make([]string, len(coord))
	for i, c := range coord {
		parts[i] = strconv.FormatInt(c, 10)
	}
	return Index(strings.Join(parts, ","))
}

type loadStore struct{}

// memrefPos is the position of the memref operand of a load or store.
func memrefPos(op *ir.Operation) int {
	if op.Name() == "memref.store" {
		return 1
	}
	return 0
}

func (loadStore) LoadsFrom(op *ir.Operation, s Slot) bool {
	return op.Name() == "memref.load" && op.Operand(0) == s.Ptr
}

func (loadStore) StoresTo(op *ir.Operation, s Slot) bool {
	return op.Name() == "memref.store" && op.Operand(1) == s.Ptr
}

func (loadStore) Stored(op *ir.Operation, _ Slot, _ func() *ir.Value) *ir.Value {
	return op.Operand(0)
}

// CanUsesBeRemoved accepts a load of the slot that reads its element type
// and a store into the slot of a value of that type other than the
// pointer itself.
func (loadStore) CanUsesBeRemoved(op *ir.Operation, s Slot, uses []*ir.OpOperand) bool {
	if len(uses) != 1 || uses[0].Get() != s.Ptr {
		return false
	}
	if op.Name() == "memref.load" {
		return op.Operand(0) == s.Ptr && op.Result(0).Type() == s.Elem
	}
	return op.Operand(1) == s.Ptr && op.Operand(0) != s.Ptr && op.Operand(0).Type() == s.Elem
}

func (loadStore) RemoveUses(op *ir.Operation, _ Slot, reaching func() *ir.Value) bool {
	if op.Name() == "memref.load" {
		op.Result(0).ReplaceAllUsesWith(reaching())
	}
	return true
}

// constIndex is the element an access's indices name, false unless they
// are constants within the shape.
func constIndex(op *ir.Operation) (Index, bool) {
	t, ok := op.Operand(memrefPos(op)).Type().(*ir.MemRefType)
	if !ok {
		return "", false
	}
	idx := op.Operands()[memrefPos(op)+1:]
	if len(idx) != len(t.Dims) {
		return "", false
	}
	coord := make([]int64, len(idx))
	for i, v := range idx {
		a, ok := ir.ConstantIntAttr(v)
		if !ok || a.Big().Sign() < 0 || !a.Big().IsInt64() || a.Int() >= t.Dims[i] {
			return "", false
		}
		coord[i] = a.Int()
	}
	return indexOf(coord), true
}

func (loadStore) CanRewire(op *ir.Operation, s DestructurableSlot) ([]Index, bool) {
	p := memrefPos(op)
	if op.Operand(p) != s.Ptr || p == 1 && op.Operand(0) == s.Ptr {
		return nil, false
	}
	i, ok := constIndex(op)
	if _, known := s.Elements[i]; !ok || !known {
		return nil, false
	}
	return []Index{i}, true
}

func (loadStore) Rewire(op *ir.Operation, _ DestructurableSlot, sub map[Index]Slot) {
	i, _ := constIndex(op)
	p := memrefPos(op)
	ops := slices.Clone(op.Operands()[:p+1])
	ops[p] = sub[i].Ptr
	op.SetOperands(ops)
}
