package interp

import (
	"github.com/kiln-gpu/kiln/arith"
	"github.com/kiln-gpu/kiln/index"
	"github.com/kiln-gpu/kiln/ir"
)

// indexOps maps index dialect ops to the arith ops that compute them on
// 64-bit values.
var indexOps = map[string]string{
	"index.add": "arith.addi", "index.sub": "arith.subi", "index.mul": "arith.muli",
	"index.divs": "arith.divsi", "index.divu": "arith.divui", "index.rems": "arith.remsi",
	"index.remu": "arith.remui", "index.ceildivs": "arith.ceildivsi", "index.ceildivu": "arith.ceildivui",
	"index.floordivs": "arith.floordivsi", "index.maxs": "arith.maxsi", "index.maxu": "arith.maxui",
	"index.mins": "arith.minsi", "index.minu": "arith.minui", "index.shl": "arith.shli",
	"index.shrs": "arith.shrsi", "index.shru": "arith.shrui", "index.and": "arith.andi",
	"index.or": "arith.ori", "index.xor": "arith.xori",
}

// indexHandler resolves the index dialect's casts, constants, comparisons
// and binary ops to their handlers; the interpreter's index is 64 bits wide.
func indexHandler(op *ir.Operation) handler {
	switch op.Name() {
	case "index.castu", "index.casts":
		from, to := op.Operand(0).Type(), op.Result(0).Type()
		signed := op.Name() == "index.casts"
		return func(m *Machine, f *frame, op *ir.Operation) error {
			x := f.scalar(op.Operand(0))
			if x.Poison {
				f.set(op.Result(0), x)
				return nil
			}
			b := mask(from, x.Bits)
			if signed {
				b = uint64(sext(from, x.Bits))
			}
			f.set(op.Result(0), Scalar{Bits: mask(to, b)})
			return nil
		}
	case "index.constant", "index.bool.constant":
		return func(m *Machine, f *frame, op *ir.Operation) error {
			f.set(op.Result(0), Scalar{Bits: mask(op.Result(0).Type(), uint64(intAttr(op, "value")))})
			return nil
		}
	case "index.sizeof":
		return func(m *Machine, f *frame, op *ir.Operation) error {
			f.set(op.Result(0), Int(64))
			return nil
		}
	case "index.cmp":
		return func(m *Machine, f *frame, op *ir.Operation) error {
			p, ok := op.Attr("pred").(*index.CmpPredicateAttr)
			if !ok {
				return op.Errorf("expected an index comparison predicate")
			}
			a, b := f.scalar(op.Operand(0)), f.scalar(op.Operand(1))
			if a.Poison || b.Poison {
				f.set(op.Result(0), Poison())
				return nil
			}
			f.set(op.Result(0), Scalar{Bits: b2u(arith.EvalCmpI(p.Pred, 64, a.Bits, b.Bits))})
			return nil
		}
	}
	name, ok := indexOps[op.Name()]
	if !ok {
		return nil
	}
	return func(m *Machine, f *frame, op *ir.Operation) error {
		a, b := f.scalar(op.Operand(0)), f.scalar(op.Operand(1))
		if a.Poison || b.Poison {
			f.set(op.Result(0), Poison())
			return nil
		}
		r, err := evalIntNamed(op, name, 64, a.Bits, b.Bits)
		if err != nil {
			return err
		}
		f.set(op.Result(0), r)
		return nil
	}
}
