package interp

import (
	"math/bits"

	"github.com/kiln-gpu/kiln/ir"
)

// ballotOp is the spirv subgroup op that synchronizes a subgroup: kernels
// may use it directly, as upstream's argmax test does.
const ballotOp = "spirv.GroupNonUniformBallot"

// spirvHandler resolves the spirv GroupNonUniform ballot ops, which run in
// kernels at the Subgroup scope.
func spirvHandler(op *ir.Operation) handler {
	var h handler
	switch op.Name() {
	case ballotOp:
		h = collectiveHandler(op)
	case "spirv.GroupNonUniformBallotFindLSB", "spirv.GroupNonUniformBallotFindMSB":
		lsb := op.Name() == "spirv.GroupNonUniformBallotFindLSB"
		h = func(m *Machine, f *frame, op *ir.Operation) error {
			v, ok := f.get(op.Operand(0)).(*Vector)
			if !ok || v.Len() != 4 {
				return op.Errorf("expected a vector<4xi32> ballot")
			}
			f.set(op.Result(0), findBit(v, lsb))
			return nil
		}
	default:
		return nil
	}
	return func(m *Machine, f *frame, op *ir.Operation) error {
		if f.th == nil {
			return op.Errorf("'%s' outside a kernel", op.Name())
		}
		if scope := enumWord(op.Attr("execution_scope")); scope != "Subgroup" {
			return op.Errorf("the interpreter supports only the Subgroup execution scope, got '%s'", scope)
		}
		return h(m, f, op)
	}
}

// ballot completes spirv.GroupNonUniformBallot for the subgroup ts: lane l
// whose predicate is true sets bit l of the 128-bit mask.
func ballot(op *ir.Operation, ts []*thread) error {
	vt, ok := op.Result(0).Type().(*ir.VectorType)
	if !ok || product(vt.Dims) != 4 {
		return op.Errorf("result must be vector<4xi32>, got %s", ir.TypeString(op.Result(0).Type()))
	}
	if len(ts) > 128 {
		return op.Errorf("a subgroup of %d threads does not fit a 128-bit ballot", len(ts))
	}
	words := make([]Scalar, 4)
	for l, t := range ts {
		p := asScalar(t.payload[0])
		if p.Poison {
			return op.Errorf("ballot of a poison predicate in thread %v", t.tid)
		}
		if p.Bits&1 != 0 {
			words[l/32].Bits |= 1 << (l % 32)
		}
	}
	for _, t := range ts {
		t.reply = []Value{NewVector(vt, words)}
	}
	return nil
}

// findBit returns the index of the lowest (or highest) set bit of the
// ballot v; with no bit set the result is undefined in SPIR-V: poison.
func findBit(v *Vector, lowest bool) Scalar {
	for i := range 4 {
		w := i
		if !lowest {
			w = 3 - i
		}
		x := uint32(v.At(w).Bits)
		if x == 0 {
			continue
		}
		if lowest {
			return Int(int64(32*w + bits.TrailingZeros32(x)))
		}
		return Int(int64(32*w + 31 - bits.LeadingZeros32(x)))
	}
	return Poison()
}
