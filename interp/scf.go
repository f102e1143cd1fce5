package interp

import (
	"github.com/kiln-gpu/kiln/arith"
	"github.com/kiln-gpu/kiln/ir"
)

func scfHandler(op *ir.Operation) handler {
	switch op.Name() {
	case "scf.for":
		return (*Machine).scfFor
	case "scf.if":
		return func(m *Machine, f *frame, op *ir.Operation) error {
			c := f.scalar(op.Operand(0))
			if c.Poison {
				return op.Errorf("scf.if on a poison condition")
			}
			r := op.Region(0)
			if c.Bits&1 == 0 {
				if op.NumRegions() < 2 || op.Region(1).Empty() {
					return nil
				}
				r = op.Region(1)
			}
			return m.runYielding(f, op, r, nil)
		}
	case "scf.execute_region":
		return func(m *Machine, f *frame, op *ir.Operation) error {
			return m.runYielding(f, op, op.Region(0), nil)
		}
	case "scf.index_switch":
		return func(m *Machine, f *frame, op *ir.Operation) error {
			x := int64(f.scalar(op.Operand(0)).Bits)
			r := op.Region(0)
			for i, c := range intList(op.Attr("cases")) {
				if c == x && i+1 < op.NumRegions() {
					r = op.Region(i + 1)
					break
				}
			}
			return m.runYielding(f, op, r, nil)
		}
	case "scf.while":
		return (*Machine).scfWhile
	case "scf.parallel":
		return (*Machine).scfParallel
	case "scf.forall":
		return (*Machine).scfForall
	}
	return nil
}

// runYielding runs r and sets op's results to the yielded values.
func (m *Machine) runYielding(f *frame, op *ir.Operation, r *ir.Region, args []Value) error {
	_, res, err := m.execRegion(f, r, args)
	if err != nil {
		return err
	}
	f.setResults(op, res)
	return nil
}

func (m *Machine) scfFor(f *frame, op *ir.Operation) error {
	t := op.Operand(0).Type()
	w := width(t)
	lb, ub, step := f.scalar(op.Operand(0)), f.scalar(op.Operand(1)), f.scalar(op.Operand(2))
	if lb.Poison || ub.Poison || step.Poison {
		return op.Errorf("poison loop bound or step")
	}
	if arith.Mask(w, step.Bits) == 0 || !op.HasAttr("unsignedCmp") && arith.SExt(w, step.Bits) < 0 {
		return op.Errorf("loop step must be positive, got %d", arith.SExt(w, step.Bits))
	}
	pred := arith.CmpISLT
	if op.HasAttr("unsignedCmp") {
		pred = arith.CmpIULT
	}
	iters := f.getAll(op.Operands()[3:])
	for iv := lb.Bits; arith.EvalCmpI(pred, w, iv, ub.Bits); {
		_, res, err := m.execRegion(f, op.Region(0), append([]Value{Scalar{Bits: iv}}, iters...))
		if err != nil {
			return err
		}
		iters = res
		next := arith.Mask(w, iv+step.Bits)
		// Stop when the induction variable would wrap around.
		if arith.EvalCmpI(pred, w, next, iv) {
			break
		}
		iv = next
	}
	f.setResults(op, iters)
	return nil
}

func (m *Machine) scfWhile(f *frame, op *ir.Operation) error {
	args := f.getAll(op.Operands())
	for {
		term, res, err := m.execRegion(f, op.Region(0), args)
		if err != nil {
			return err
		}
		if term == nil || term.Name() != "scf.condition" || len(res) == 0 {
			return op.Errorf("expected the 'before' region to end in scf.condition")
		}
		c, _ := res[0].(Scalar)
		if c.Poison {
			return term.Errorf("scf.condition on a poison value")
		}
		if c.Bits&1 == 0 {
			f.setResults(op, res[1:])
			return nil
		}
		if _, args, err = m.execRegion(f, op.Region(1), res[1:]); err != nil {
			return err
		}
	}
}

// scfParallel runs the iterations in order and combines scf.reduce's
// operands with its reduction regions.
func (m *Machine) scfParallel(f *frame, op *ir.Operation) error {
	seg := segments(op)
	if len(seg) != 4 {
		return op.Errorf("expected operandSegmentSizes with 4 groups")
	}
	lb, ub, st := f.getAll(seg[0]), f.getAll(seg[1]), f.getAll(seg[2])
	shape := make([]int64, len(lb))
	unsigned := op.HasAttr("unsignedCmp")
	for i := range lb {
		l, u, s := asScalar(lb[i]).Bits, asScalar(ub[i]).Bits, asScalar(st[i]).Bits
		if s == 0 || !unsigned && int64(s) < 0 {
			return op.Errorf("loop step must be positive, got %d", int64(s))
		}
		switch {
		case unsigned && u > l:
			shape[i] = int64((u - l + s - 1) / s)
		case !unsigned && int64(u) > int64(l):
			shape[i] = (int64(u) - int64(l) + int64(s) - 1) / int64(s)
		}
	}
	acc := f.getAll(seg[3])
	var err error
	forEachIndex(shape, func(idx []int64) {
		if err != nil {
			return
		}
		ivs := make([]Value, len(idx))
		for i, x := range idx {
			ivs[i] = Int(int64(asScalar(lb[i]).Bits) + x*int64(asScalar(st[i]).Bits))
		}
		var term *ir.Operation
		var vals []Value
		if term, vals, err = m.execRegion(f, op.Region(0), ivs); err != nil || term == nil {
			return
		}
		for k := range acc {
			if k >= term.NumRegions() || k >= len(vals) {
				err = term.Errorf("expected a reduction region per result")
				return
			}
			var r []Value
			if _, r, err = m.execRegion(f, term.Region(k), []Value{acc[k], vals[k]}); err != nil {
				return
			}
			acc[k] = r[0]
		}
	})
	if err != nil {
		return err
	}
	f.setResults(op, acc)
	return nil
}

// scfForall runs the iterations of a memref-based scf.forall in order.
func (m *Machine) scfForall(f *frame, op *ir.Operation) error {
	seg := segments(op)
	if len(seg) != 4 || len(seg[3]) > 0 {
		return op.Errorf("the interpreter supports scf.forall without shared outputs")
	}
	lb, err := m.mixed(f, op, intList(op.Attr("staticLowerBound")), seg[0])
	if err != nil {
		return err
	}
	ub, err := m.mixed(f, op, intList(op.Attr("staticUpperBound")), seg[1])
	if err != nil {
		return err
	}
	st, err := m.mixed(f, op, intList(op.Attr("staticStep")), seg[2])
	if err != nil {
		return err
	}
	shape := make([]int64, len(ub))
	for i := range ub {
		if st[i] <= 0 {
			return op.Errorf("loop step must be positive, got %d", st[i])
		}
		if ub[i] > lb[i] {
			shape[i] = (ub[i] - lb[i] + st[i] - 1) / st[i]
		}
	}
	forEachIndex(shape, func(idx []int64) {
		if err != nil {
			return
		}
		ivs := make([]Value, len(idx))
		for i, x := range idx {
			ivs[i] = Int(lb[i] + x*st[i])
		}
		_, _, err = m.execRegion(f, op.Region(0), ivs)
	})
	return err
}
