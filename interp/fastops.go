package interp

import (
	"strings"

	"github.com/kiln-gpu/kiln/arith"
	"github.com/kiln-gpu/kiln/ir"
	mathd "github.com/kiln-gpu/kiln/math"
)

// compile resolves op to its handler. The scalar arith and math ops, scf.for,
// scf.if, func.call and scalar memref loads and stores get handlers that
// work on frame slots directly; whenever their operands are not plain
// scalars and memrefs (poison, undefined behaviour, a byte-aliased view)
// they defer to the general handler, which is also what every other op
// runs, so both paths compute the same thing.
func (u *unit) compile(op *ir.Operation) func(m *Machine, f *frame) error {
	slow := general(op)
	fast := u.fastOp(op, slow)
	if fast == nil {
		fast = slow
	}
	// Vector results take interpreter memory: check it before they are made.
	if n, ok := vectorBytes(op); !ok || n > 0 {
		run := fast
		return func(m *Machine, f *frame) error {
			if !ok {
				return op.Errorf("vector results of more bytes than a 64-bit size can count")
			}
			if err := m.reserve(op, n, false); err != nil {
				return err
			}
			return run(m, f)
		}
	}
	return fast
}

// general returns op's general handler.
func general(op *ir.Operation) func(m *Machine, f *frame) error {
	h := handlerOf(op)
	return func(m *Machine, f *frame) error { return h(m, f, op) }
}

// fastOp returns op's handler on frame slots, nil for ops without one
// and ops reading values from outside the unit.
func (u *unit) fastOp(op *ir.Operation, slow func(*Machine, *frame) error) func(m *Machine, f *frame) error {
	for _, v := range op.Operands() {
		if u.ref(v).slot < 0 {
			return nil
		}
	}
	if _, directed := directedMode(op); directed {
		return nil // roundedHandler, in the general handler
	}
	switch op.Name() {
	case "arith.constant":
		return u.constantOp(op)
	case "arith.cmpi", "arith.cmpf":
		return u.compareOp(op, slow)
	case "arith.select":
		return u.selectOp(op, slow)
	case "scf.for":
		return u.forOp(op, slow)
	case "scf.if":
		return u.ifOp(op)
	case "func.call":
		return u.callOp(op, slow)
	case "memref.load", "memref.store":
		return u.accessOp(op, slow)
	}
	if h := u.vectorOp(op, slow); h != nil {
		return h
	}
	if castOps[op.Name()] {
		return u.castOp(op, slow)
	}
	if strings.HasPrefix(op.Name(), "math.") {
		return u.mathOp(op, slow)
	}
	return u.binaryOp(op, slow)
}

// mathOp compiles the math ops on float scalars that mathd.EvalFloat
// computes.
func (u *unit) mathOp(op *ir.Operation, slow func(*Machine, *frame) error) func(m *Machine, f *frame) error {
	ft, ok := op.Result(0).Type().(*ir.FloatType)
	if !ok || !scalarOp(op) || op.NumOperands() == 0 || op.NumOperands() > 3 {
		return nil
	}
	name, k := op.Name(), ft.Kind
	for _, v := range op.Operands() {
		if v.Type() != ir.Type(ft) {
			return nil
		}
	}
	if _, known := mathd.EvalFloat(name, k, 0, 0, 0); !known {
		return nil
	}
	in := make([]int32, op.NumOperands())
	for i, v := range op.Operands() {
		in[i] = u.slots[v]
	}
	r := u.slots[op.Result(0)]
	args := make([]float64, len(in)) // handlers do not run reentrantly
	return func(m *Machine, f *frame) error {
		for i, s := range in {
			c := &f.cells[s]
			if !c.scalar() || c.s.Poison {
				return slow(m, f)
			}
			args[i] = c.s.F
		}
		z, _ := mathd.EvalFloat(name, k, args...)
		f.setScalar(r, Scalar{F: z})
		return nil
	}
}

// scalarType reports whether t is an integer, index or float type, whose
// values are Scalars.
func scalarType(t ir.Type) bool {
	switch t.(type) {
	case *ir.IntegerType, *ir.IndexType, *ir.FloatType:
		return true
	}
	return false
}

// scalarOp reports whether op has one result and only scalar operands and
// result.
func scalarOp(op *ir.Operation) bool {
	if op.NumResults() != 1 || !scalarType(op.Result(0).Type()) {
		return false
	}
	for _, v := range op.Operands() {
		if !scalarType(v.Type()) {
			return false
		}
	}
	return true
}

func (u *unit) constantOp(op *ir.Operation) func(m *Machine, f *frame) error {
	if op.NumResults() != 1 || !scalarType(op.Result(0).Type()) {
		return nil
	}
	v, err := constantValue(op, op.Attr("value"), op.Result(0).Type())
	s, ok := v.(Scalar)
	if err != nil || !ok {
		return nil
	}
	r := u.slots[op.Result(0)]
	return func(m *Machine, f *frame) error {
		f.setScalar(r, s)
		return nil
	}
}

// operands2 returns the two scalar operands of a binary op; ok is false
// when either is not a scalar or is poison.
func (f *frame) operands2(a, b int32) (x, y Scalar, ok bool) {
	ca, cb := &f.cells[a], &f.cells[b]
	if !ca.scalar() || !cb.scalar() || ca.s.Poison || cb.s.Poison {
		return x, y, false
	}
	return ca.s, cb.s, true
}

func (u *unit) binaryOp(op *ir.Operation, slow func(*Machine, *frame) error) func(m *Machine, f *frame) error {
	if !scalarOp(op) || op.NumOperands() != 2 {
		return nil
	}
	name := op.Name()
	a, b, r := u.slots[op.Operand(0)], u.slots[op.Operand(1)], u.slots[op.Result(0)]
	if ft, ok := op.Result(0).Type().(*ir.FloatType); ok {
		fn := floatBinary(name, ft.Kind)
		if fn == nil {
			return nil
		}
		return func(m *Machine, f *frame) error {
			x, y, ok := f.operands2(a, b)
			if !ok {
				return slow(m, f)
			}
			f.setScalar(r, Scalar{F: fn(x.F, y.F)})
			return nil
		}
	}
	w := width(op.Result(0).Type())
	if a, ok := indexOps[name]; ok {
		name, w = a, 64 // the interpreter's index is 64 bits wide
	}
	if w == 0 {
		return nil
	}
	fn, ok := arith.IntFunc(name)
	if !ok {
		return nil
	}
	flags := arith.OverflowNone
	if a, ok := op.Attr("overflowFlags").(*arith.OverflowAttr); ok {
		flags = a.Flags
	}
	return func(m *Machine, f *frame) error {
		x, y, ok := f.operands2(a, b)
		if !ok {
			return slow(m, f)
		}
		z, ok := fn(w, x.Bits, y.Bits)
		if !ok {
			return slow(m, f)
		}
		if flags != arith.OverflowNone && overflows(name, flags, w, x.Bits, y.Bits) {
			f.setScalar(r, Poison())
			return nil
		}
		f.setScalar(r, Scalar{Bits: z})
		return nil
	}
}

// floatBinary returns the binary arith op name on floats of kind k, its
// result rounded to k as arith.EvalFloat rounds it; nil when EvalFloat
// does not compute it.
func floatBinary(name string, k ir.FloatKind) func(x, y float64) float64 {
	switch name {
	case "arith.addf":
		return func(x, y float64) float64 { return ir.RoundFloat(k, x+y) }
	case "arith.subf":
		return func(x, y float64) float64 { return ir.RoundFloat(k, x-y) }
	case "arith.mulf":
		return func(x, y float64) float64 { return ir.RoundFloat(k, x*y) }
	case "arith.divf":
		return func(x, y float64) float64 { return ir.RoundFloat(k, x/y) }
	}
	if _, known := arith.EvalFloat(name, k, 0, 0); !known {
		return nil
	}
	return func(x, y float64) float64 {
		z, _ := arith.EvalFloat(name, k, x, y)
		return z
	}
}

func (u *unit) compareOp(op *ir.Operation, slow func(*Machine, *frame) error) func(m *Machine, f *frame) error {
	if !scalarOp(op) || op.NumOperands() != 2 {
		return nil
	}
	a, b, r := u.slots[op.Operand(0)], u.slots[op.Operand(1)], u.slots[op.Result(0)]
	var cmp func(x, y Scalar) bool
	if op.Name() == "arith.cmpi" {
		p, w := arith.CmpIPredicate(intAttr(op, "predicate")), width(op.Operand(0).Type())
		cmp = func(x, y Scalar) bool { return arith.EvalCmpI(p, w, x.Bits, y.Bits) }
	} else {
		p := arith.CmpFPredicate(intAttr(op, "predicate"))
		cmp = func(x, y Scalar) bool { return arith.EvalCmpF(p, x.F, y.F) }
	}
	return func(m *Machine, f *frame) error {
		x, y, ok := f.operands2(a, b)
		if !ok {
			return slow(m, f)
		}
		f.setScalar(r, Scalar{Bits: b2u(cmp(x, y))})
		return nil
	}
}

func (u *unit) selectOp(op *ir.Operation, slow func(*Machine, *frame) error) func(m *Machine, f *frame) error {
	if !scalarOp(op) || op.NumOperands() != 3 {
		return nil
	}
	c, a, b, r := u.slots[op.Operand(0)], u.slots[op.Operand(1)], u.slots[op.Operand(2)], u.slots[op.Result(0)]
	return func(m *Machine, f *frame) error {
		cc, ca, cb := &f.cells[c], &f.cells[a], &f.cells[b]
		if !cc.scalar() || !ca.scalar() || !cb.scalar() || cc.s.Poison {
			return slow(m, f)
		}
		if cc.s.Bits&1 != 0 {
			f.cells[r] = *ca
		} else {
			f.cells[r] = *cb
		}
		return nil
	}
}

func (u *unit) castOp(op *ir.Operation, slow func(*Machine, *frame) error) func(m *Machine, f *frame) error {
	if !scalarOp(op) || op.NumOperands() != 1 || roundsByMode(op) || op.Name() == "arith.bitcast" || arith.NonNeg(op) {
		return nil
	}
	a, r := u.slots[op.Operand(0)], u.slots[op.Result(0)]
	fn := arith.CastFunc(op.Name(), op.Operand(0).Type(), op.Result(0).Type())
	return func(m *Machine, f *frame) error {
		c := &f.cells[a]
		if !c.scalar() || c.s.Poison {
			return slow(m, f)
		}
		z, ok := fn(arith.Scalar{Bits: c.s.Bits, Float: c.s.F})
		if !ok {
			return slow(m, f)
		}
		f.setScalar(r, Scalar{Bits: z.Bits, F: z.Float})
		return nil
	}
}

// accessOp compiles a memref.load or memref.store of a scalar element
// type; out-of-bounds, freed, byte-aliased and vector-element memrefs go
// to the general handler.
func (u *unit) accessOp(op *ir.Operation, slow func(*Machine, *frame) error) func(m *Machine, f *frame) error {
	load := op.Name() == "memref.load"
	first := 0
	if !load {
		first = 1
	}
	if op.NumOperands() <= first {
		return nil
	}
	mt, ok := op.Operand(first).Type().(*ir.MemRefType)
	if !ok || !scalarType(mt.Elem) || op.NumOperands() != first+1+len(mt.Dims) {
		return nil
	}
	if load && (op.NumResults() != 1 || !scalarType(op.Result(0).Type())) {
		return nil
	}
	elem, ec := mt.Elem, codecOf(mt.Elem)
	mem := u.slots[op.Operand(first)]
	idx := make([]int32, len(mt.Dims))
	for i := range idx {
		idx[i] = u.slots[op.Operand(first+1+i)]
	}
	val := u.slots[op.Operand(0)]
	if load {
		val = u.slots[op.Result(0)]
	}
	return func(m *Machine, f *frame) error {
		c := &f.cells[mem]
		mr, ok := c.v.(*MemRef)
		if !ok || c.kind != valueCell || mr.Elem != elem || mr.bytes != nil || mr.Buf.Freed || len(mr.Sizes) != len(idx) {
			return slow(m, f)
		}
		l := mr.Offset
		for i, s := range idx {
			c := &f.cells[s]
			x := int64(c.s.Bits)
			if !c.scalar() || c.s.Poison || x < 0 || x >= mr.Sizes[i] {
				return slow(m, f)
			}
			l += x * mr.Strides[i]
		}
		if l < 0 || (l+1)*ec.n > mr.Buf.Len() {
			return slow(m, f)
		}
		if load {
			f.setScalar(val, ec.get(mr.Buf, l*ec.n))
			return nil
		}
		x := &f.cells[val]
		if !x.scalar() {
			return slow(m, f)
		}
		ec.put(mr.Buf, l*ec.n, x.s)
		return nil
	}
}

// forOp compiles an scf.for whose body is one block ending in scf.yield:
// the loop-carried values stay in the body's argument slots.
func (u *unit) forOp(op *ir.Operation, slow func(*Machine, *frame) error) func(m *Machine, f *frame) error {
	if op.NumOperands() < 3 || op.NumRegions() != 1 || !op.Region(0).HasOneBlock() {
		return nil
	}
	body := u.region(op.Region(0))
	n := op.NumOperands() - 3
	if len(body.entry.args) != n+1 || body.entry.stop == nil || body.entry.branch != nil ||
		len(body.entry.yields) != n || op.NumResults() != n || !scalarType(op.Operand(0).Type()) {
		return nil
	}
	iters := body.entry.args[1:]
	next := newMove(iters, body.entry.yields)
	start := newMove(iters, u.refs(op.Operands()[3:]))
	done := newMove(u.refs(op.Results()), iters)
	lb, ub, st, iv := u.slots[op.Operand(0)], u.slots[op.Operand(1)], u.slots[op.Operand(2)], body.entry.args[0].slot
	w := width(op.Operand(0).Type())
	pred := arith.CmpISLT
	if op.HasAttr("unsignedCmp") {
		pred = arith.CmpIULT
	}
	return func(m *Machine, f *frame) error {
		l, h, s := &f.cells[lb], &f.cells[ub], &f.cells[st]
		if !l.scalar() || !h.scalar() || !s.scalar() {
			return slow(m, f)
		}
		if l.s.Poison || h.s.Poison || s.s.Poison {
			return op.Errorf("poison loop bound or step")
		}
		step := s.s.Bits
		if arith.Mask(w, step) == 0 || pred == arith.CmpISLT && arith.SExt(w, step) < 0 {
			return op.Errorf("loop step must be positive, got %d", arith.SExt(w, step))
		}
		start.run(f)
		for i := l.s.Bits; arith.EvalCmpI(pred, w, i, h.s.Bits); {
			f.setScalar(iv, Scalar{Bits: i})
			if _, err := m.runRegion(f, body); err != nil {
				return err
			}
			next.run(f)
			n := arith.Mask(w, i+step)
			// Stop when the induction variable would wrap around.
			if arith.EvalCmpI(pred, w, n, i) {
				break
			}
			i = n
		}
		done.run(f)
		return nil
	}
}

// ifOp compiles scf.if; its regions are compiled on first use.
func (u *unit) ifOp(op *ir.Operation) func(m *Machine, f *frame) error {
	if op.NumOperands() != 1 || op.NumRegions() == 0 {
		return nil
	}
	c := u.slots[op.Operand(0)]
	res := u.refs(op.Results())
	return func(m *Machine, f *frame) error {
		x := f.cells[c].s
		if x.Poison {
			return op.Errorf("scf.if on a poison condition")
		}
		r := op.Region(0)
		if x.Bits&1 == 0 {
			if op.NumRegions() < 2 || op.Region(1).Empty() {
				return nil
			}
			r = op.Region(1)
		}
		cr := f.code.region(r)
		if cr.entry == nil {
			return nil
		}
		exit, err := m.runRegion(f, cr)
		if exit == nil || err != nil {
			return err
		}
		for i, y := range exit.yields {
			if i < len(res) {
				f.write(res[i], f.read(y))
			}
		}
		return nil
	}
}

// callOp compiles func.call, resolving the callee on first use.
func (u *unit) callOp(op *ir.Operation, slow func(*Machine, *frame) error) func(m *Machine, f *frame) error {
	ref, _ := op.Attr("callee").(*ir.SymbolRefAttr)
	if ref == nil {
		return nil
	}
	var callee *ir.Operation
	return func(m *Machine, f *frame) error {
		if callee == nil {
			if callee = ir.LookupNearestSymbol(op, ref); callee == nil {
				return slow(m, f)
			}
		}
		res, err := m.callFunc(op, callee, f.getAll(op.Operands()), f)
		if err != nil {
			return err
		}
		f.setResults(op, res)
		return nil
	}
}
