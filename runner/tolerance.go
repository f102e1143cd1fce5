package runner

import (
	"fmt"
	"slices"
	"strings"

	"github.com/kiln-gpu/kiln/ir"
)

// outputTolerances bounds, for each memref argument of the kernel fn (by
// argument index), how far the device's floats may be from the
// reference's: the precision bounds of Vulkan's table for the operations
// along the data flow of the values the kernel stores into it, summed (an
// operation adds its own bound to its operands'). An output written only
// from correctly rounded operations is compared exactly, however loose
// another output's operations are. Values carried around loops or merged
// by structured control flow, whose accumulation the flow alone does not
// bound, get the kernel's loosest operation's bound (kernelTolerance),
// added to what flows into them.
func outputTolerances(fn *ir.Operation) map[int]tolerance {
	a := &flowAnalysis{fn: fn, kernel: kernelTolerance(fn), mem: map[*ir.Value]bound{}}
	entry := fn.Region(0).Entry()
	// Memory written in the kernel and read back (workgroup buffers, an
	// output read after a store) feeds later values: iterate to a fixed
	// point. Memory whose bound still grows after some rounds (a value
	// accumulated in place) is pinned to the kernel's bound.
	pinned := map[*ir.Value]bool{}
	for round := 1; ; round++ {
		a.memo = map[*ir.Value]bound{}
		changed := map[*ir.Value]bool{}
		fn.Walk(func(op *ir.Operation) bool {
			root, val, ok := a.write(op)
			if !ok || pinned[root] {
				return true
			}
			b := a.kernelBound()
			if val != nil {
				b = a.value(val)
			}
			if old, seen := a.mem[root]; !seen || old.loser(b) {
				a.mem[root] = old.max(b)
				changed[root] = true
			}
			return true
		})
		if len(changed) == 0 {
			break
		}
		if round%8 == 0 {
			for root := range changed {
				a.mem[root], pinned[root] = a.kernelBound(), true
			}
		}
	}
	out := map[int]tolerance{}
	for i, arg := range entry.Args() {
		out[i] = a.mem[arg].tolerance()
	}
	return out
}

// A bound is a tolerance being summed along the data flow: ULPs and
// absolute error add up, and parts counts the operations that gave them.
type bound struct {
	ulp, abs float64
	expULP   bool
	parts    map[string]int
}

func (b bound) add(o bound) bound {
	r := bound{ulp: b.ulp + o.ulp, abs: b.abs + o.abs, expULP: b.expULP || o.expULP, parts: map[string]int{}}
	for _, m := range []map[string]int{b.parts, o.parts} {
		for k, n := range m {
			r.parts[k] += n
		}
	}
	return r
}

func (b bound) max(o bound) bound {
	if b.loser(o) {
		return o
	}
	return b
}

// loser reports whether o allows more than b anywhere.
func (b bound) loser(o bound) bool {
	return o.ulp > b.ulp || o.abs > b.abs || o.expULP && !b.expULP
}

func (b bound) tolerance() tolerance {
	if len(b.parts) == 0 {
		return tolerance{why: "exact: the float operations this argument's values come from are correctly rounded"}
	}
	var parts []string
	for k, n := range b.parts {
		if n > 1 {
			k = fmt.Sprintf("%d x %s", n, k)
		}
		parts = append(parts, k)
	}
	slices.Sort(parts)
	return tolerance{ulp: b.ulp, abs: b.abs, expULP: b.expULP, why: strings.Join(parts, " + ")}
}

func boundOf(t tolerance) bound {
	return bound{ulp: t.ulp, abs: t.abs, expULP: t.expULP, parts: map[string]int{t.why: 1}}
}

type flowAnalysis struct {
	fn     *ir.Operation
	kernel tolerance
	mem    map[*ir.Value]bound // per memref root: the bound of what is stored there
	memo   map[*ir.Value]bound
}

func (a *flowAnalysis) kernelBound() bound {
	if a.kernel.ulp == 0 && a.kernel.abs == 0 && !a.kernel.expULP {
		return bound{}
	}
	return boundOf(a.kernel)
}

// viewOps are the memref ops whose result aliases their first operand.
var viewOps = map[string]bool{
	"memref.subview": true, "memref.cast": true, "memref.reinterpret_cast": true, "memref.collapse_shape": true,
	"memref.expand_shape": true, "memref.view": true, "memref.memory_space_cast": true, "memref.transpose": true,
	"memref.assume_alignment": true,
}

// root follows views back to the memref they alias.
func root(v *ir.Value) *ir.Value {
	for {
		op := v.DefiningOp()
		if op == nil || !viewOps[op.Name()] || op.NumOperands() == 0 {
			return v
		}
		v = op.Operand(0)
	}
}

// writes maps the ops that store a value to (value operand, memref
// operand); loads maps the ops that read memory to their memref operand.
var (
	writes = map[string][2]int{
		"memref.store": {0, 1}, "vector.store": {0, 1}, "vector.transfer_write": {0, 1},
		"memref.atomic_rmw": {0, 1}, "vector.maskedstore": {3, 0}, "vector.scatter": {4, 0},
	}
	loads = map[string]int{
		"memref.load": 0, "vector.load": 0, "vector.transfer_read": 0, "memref.atomic_rmw": 1,
		"vector.maskedload": 0, "vector.gather": 0, "memref.generic_atomic_rmw": 0,
	}
	// readOnly are the ops that take a memref without writing it.
	readOnly = map[string]bool{"memref.dim": true, "memref.extract_aligned_pointer_as_index": true, "memref.extract_strided_metadata": true}
)

// write reports the memref root op writes and the value it stores (nil
// when the op writes it in a way the analysis does not follow, which
// gets the kernel's bound).
func (a *flowAnalysis) write(op *ir.Operation) (*ir.Value, *ir.Value, bool) {
	if w, ok := writes[op.Name()]; ok && op.NumOperands() > max(w[0], w[1]) {
		return root(op.Operand(w[1])), op.Operand(w[0]), true
	}
	if op.Name() == "memref.copy" && op.NumOperands() == 2 {
		return root(op.Operand(1)), op.Operand(0), true
	}
	if _, ok := loads[op.Name()]; ok || readOnly[op.Name()] || viewOps[op.Name()] {
		return nil, nil, false
	}
	for _, v := range op.Operands() {
		if _, ok := v.Type().(*ir.MemRefType); ok {
			return root(v), nil, true
		}
	}
	return nil, nil, false
}

// value is the bound of v.
func (a *flowAnalysis) value(v *ir.Value) bound {
	if b, ok := a.memo[v]; ok {
		return b
	}
	a.memo[v] = a.kernelBound() // a cycle (none in SSA outside regions) gets the kernel's bound
	b := a.compute(v)
	a.memo[v] = b
	return b
}

func (a *flowAnalysis) compute(v *ir.Value) bound {
	if _, ok := v.Type().(*ir.MemRefType); ok {
		// A memref value carries the bound of what is stored in it.
		return a.mem[root(v)]
	}
	op := v.DefiningOp()
	if op == nil {
		if v.OwnerBlock() == a.fn.Region(0).Entry() {
			return bound{} // a kernel argument: the same input on both sides
		}
		return a.kernelBound() // loop-carried or merged
	}
	if i, ok := loads[op.Name()]; ok && op.NumOperands() > i {
		return a.mem[root(op.Operand(i))]
	}
	var b bound
	for _, o := range op.Operands() {
		b = b.add(a.value(o))
	}
	switch name := op.Name(); {
	case name == "gpu.all_reduce" || name == "gpu.subgroup_reduce":
		n := 1.0
		for _, s := range spirvEntryPointSize(a.fn) {
			n *= float64(s)
		}
		b = b.add(boundOf(tolerance{ulp: n, why: fmt.Sprintf("%g ULP (a reduction over %g invocations, in any order)", n, n)}))
	case len(op.Regions()) > 0:
		b = b.add(a.kernelBound())
	default:
		if p, ok := opPrecision[name]; ok {
			b = b.add(boundOf(p))
		}
	}
	return b
}
