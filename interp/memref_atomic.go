package interp

import (
	"github.com/kiln-gpu/kiln/arith"
	"github.com/kiln-gpu/kiln/ir"
)

// getGlobal returns the storage of a memref.global, created on first use.
func (m *Machine) getGlobal(f *frame, op *ir.Operation) error {
	ref, _ := op.Attr("name").(*ir.SymbolRefAttr)
	if ref == nil {
		return op.Errorf("expected a 'name' symbol reference")
	}
	g := ir.LookupNearestSymbol(op, ref)
	if g == nil || g.Name() != "memref.global" {
		return op.Errorf("'%s' does not name a memref.global", ref.Leaf())
	}
	if m.globals == nil {
		m.globals = map[*ir.Operation]*MemRef{}
	}
	mr := m.globals[g]
	if mr == nil {
		ta, _ := g.Attr("type").(*ir.TypeAttr)
		t, _ := ta.Value.(*ir.MemRefType)
		if t == nil || !ir.HasStaticShape(t) {
			return g.Errorf("the interpreter needs a static memref type on a global")
		}
		if err := scalarElements(g, t); err != nil {
			return err
		}
		var err error
		if mr, err = m.allocate(g, t.Elem, t.Dims, t.MemorySpace, true); err != nil {
			return err
		}
		if init, ok := g.Attr("initial_value").(*ir.DenseElementsAttr); ok {
			v, err := constantValue(g, init, m.ctxVector(g, t))
			if err != nil {
				return err
			}
			for i, x := range elems(v) {
				if int64(i) < mr.NumElements() {
					mr.store(int64(i), x)
				}
			}
		}
		m.globals[g] = mr
	}
	f.set(op.Result(0), mr)
	return nil
}

// ctxVector returns a vector type with t's shape, the form constantValue
// returns dense data in.
func (m *Machine) ctxVector(op *ir.Operation, t *ir.MemRefType) ir.Type {
	if len(t.Dims) == 0 {
		return t.Elem
	}
	return op.Context().Vector(t.Dims, t.Elem)
}

// atomicKinds lists arith's AtomicRMWKind in enum order.
var atomicKinds = []string{"addf", "addi", "assign", "maximumf", "maxs", "maxu", "minimumf", "mins", "minu",
	"mulf", "muli", "ori", "andi", "maxnumf", "minnumf", "xori"}

var atomicOps = map[string]string{
	"addf": "arith.addf", "addi": "arith.addi", "maximumf": "arith.maximumf", "maxs": "arith.maxsi",
	"maxu": "arith.maxui", "minimumf": "arith.minimumf", "mins": "arith.minsi", "minu": "arith.minui",
	"mulf": "arith.mulf", "muli": "arith.muli", "ori": "arith.ori", "andi": "arith.andi",
	"maxnumf": "arith.maxnumf", "minnumf": "arith.minnumf", "xori": "arith.xori",
}

// atomicRMW returns the old value. Simulated threads run one at a time,
// so the read-modify-write is atomic.
func (m *Machine) atomicRMW(f *frame, op *ir.Operation) error {
	kind := enumWord(op.Attr("kind"))
	if a, ok := op.Attr("kind").(*ir.IntegerAttr); ok && a.Int() >= 0 && a.Int() < int64(len(atomicKinds)) {
		kind = atomicKinds[a.Int()]
	}
	mr, err := memrefOperand(f, op, 1)
	if err != nil {
		return err
	}
	idx, err := indices(f, op, op.Operands()[2:])
	if err != nil {
		return err
	}
	old, ok := mr.At(idx...)
	if !ok {
		return outOfBounds(op, mr, idx)
	}
	v := f.scalar(op.Operand(0))
	nv := v
	if kind != "assign" {
		name, known := atomicOps[kind]
		if !known {
			return op.Errorf("unknown atomic kind '%s'", kind)
		}
		nv = combine(name, mr.Elem, old, v)
	}
	mr.Set(nv, idx...)
	f.set(op.Result(0), old)
	return nil
}

// combine applies the arith binary op name to two scalars of type t.
func combine(name string, t ir.Type, a, b Scalar) Scalar {
	if a.Poison || b.Poison {
		return Poison()
	}
	if k, ok := floatKind(t); ok {
		r, _ := arith.EvalFloat(name, k, a.F, b.F)
		return Scalar{F: r}
	}
	r, _ := arith.EvalInt(name, width(t), a.Bits, b.Bits)
	return Scalar{Bits: r}
}

// genericAtomicRMW stores what the region computes from the current
// value and returns the old value.
func (m *Machine) genericAtomicRMW(f *frame, op *ir.Operation) error {
	mr, err := memrefOperand(f, op, 0)
	if err != nil {
		return err
	}
	idx, err := indices(f, op, op.Operands()[1:])
	if err != nil {
		return err
	}
	old, ok := mr.At(idx...)
	if !ok {
		return outOfBounds(op, mr, idx)
	}
	_, res, err := m.execRegion(f, op.Region(0), []Value{old})
	if err != nil {
		return err
	}
	if len(res) != 1 {
		return op.Errorf("expected the region to yield one value")
	}
	nv, _ := res[0].(Scalar)
	mr.Set(nv, idx...)
	f.set(op.Result(0), old)
	return nil
}
