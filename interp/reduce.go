package interp

import (
	"github.com/kiln-gpu/kiln/gpu"
	"github.com/kiln-gpu/kiln/ir"
)

// A collective is a collective op resolved when compiled: complete computes
// its results for the threads ts that all wait at it, in lane order; wide
// ops wait for the whole workgroup, the others for their subgroup.
type collective struct {
	complete func(op *ir.Operation, ts []*thread) error
	wide     bool
}

func collectiveOf(op *ir.Operation) *collective {
	// A barrier of subgroup scope waits for the subgroup only.
	wide := op.Name() == "gpu.all_reduce" || op.Name() == "gpu.barrier" && gpu.BarrierScope(op) == gpu.ScopeWorkgroup
	c := &collective{complete: reduceCollective, wide: wide}
	switch op.Name() {
	case "gpu.barrier":
		c.complete = func(_ *ir.Operation, ts []*thread) error {
			for _, t := range ts {
				t.reply = nil
			}
			return nil
		}
	case "gpu.shuffle":
		c.complete = shuffle
	case ballotOp:
		c.complete = ballot
	case "gpu.ballot":
		c.complete = gpuBallot
	case warpOp:
		c.complete = warpExecute
	case "gpu.subgroup_broadcast":
		c.complete = subgroupBroadcast
	}
	return c
}

func subgroupBroadcast(op *ir.Operation, ts []*thread) error {
	src := 0
	if len(ts[0].payload) > 1 {
		s := asScalar(ts[0].payload[1])
		if s.Bits >= uint64(len(ts)) {
			return op.Errorf("broadcast from lane %d of a subgroup of %d", int64(s.Bits), len(ts))
		}
		src = int(s.Bits)
	}
	for _, t := range ts {
		t.reply = []Value{ts[src].payload[0]}
	}
	return nil
}

// reduceCollective completes gpu.all_reduce and gpu.subgroup_reduce.
func reduceCollective(op *ir.Operation, ts []*thread) error {
	t := op.Operand(0).Type()
	vals := make([]Value, len(ts))
	for i, th := range ts {
		vals[i] = th.payload[0]
	}
	kind := enumWord(op.Attr("op"))
	if op.Name() == "gpu.all_reduce" {
		r, err := ts[0].m.reduce(op, kind, t, vals, ts[0].frame)
		if err != nil {
			return err
		}
		for _, th := range ts {
			th.reply = []Value{r}
		}
		return nil
	}
	size, stride := int64(len(ts)), int64(1)
	if op.HasAttr("cluster_size") {
		size = intAttr(op, "cluster_size")
	}
	if op.HasAttr("cluster_stride") {
		stride = intAttr(op, "cluster_stride")
	}
	if size <= 0 || stride <= 0 || size*stride > int64(len(ts)) {
		return op.Errorf("cluster of size %d and stride %d does not fit a subgroup of %d threads", size, stride, len(ts))
	}
	for l := range ts {
		base := int64(l)/(size*stride)*(size*stride) + int64(l)%stride
		members := make([]Value, size)
		for i := range members {
			members[i] = vals[base+int64(i)*stride]
		}
		r, err := ts[0].m.reduce(op, kind, t, members, ts[0].frame)
		if err != nil {
			return err
		}
		ts[l].reply = []Value{r}
	}
	return nil
}

// shuffle implements gpu.shuffle: lanes outside width are invalid and
// return their own value.
func shuffle(op *ir.Operation, ts []*thread) error {
	mode := enumWord(op.Attr("mode"))
	for l, t := range ts {
		off := int64(asScalar(t.payload[1]).Bits & 0xffffffff)
		w := int64(asScalar(t.payload[2]).Bits & 0xffffffff)
		var src int64
		switch mode {
		case "xor":
			src = int64(l) ^ off
		case "up":
			src = int64(l) - off
		case "down":
			src = int64(l) + off
		case "idx":
			src = off
		default:
			return op.Errorf("unknown shuffle mode '%s'", mode)
		}
		if src >= 0 && src < w && src < int64(len(ts)) {
			t.reply = []Value{ts[src].payload[0], Scalar{Bits: 1}}
		} else {
			t.reply = []Value{t.payload[0], Scalar{Bits: 0}}
		}
	}
	return nil
}

// reductionOps maps #gpu<all_reduce_op> (and #vector.kind) names to arith
// ops for integer and float elements.
var reductionOps = map[string][2]string{
	"add": {"arith.addi", "arith.addf"}, "mul": {"arith.muli", "arith.mulf"},
	"minui": {"arith.minui", ""}, "minsi": {"arith.minsi", ""}, "maxui": {"arith.maxui", ""},
	"maxsi": {"arith.maxsi", ""}, "minnumf": {"", "arith.minnumf"}, "maxnumf": {"", "arith.maxnumf"},
	"minimumf": {"", "arith.minimumf"}, "maximumf": {"", "arith.maximumf"},
	"and": {"arith.andi", ""}, "or": {"arith.ori", ""}, "xor": {"arith.xori", ""},
	"minf": {"", "arith.minnumf"}, "maxf": {"", "arith.maxnumf"},
}

// combiner returns the arith op that kind uses on elements of type t.
func combiner(op *ir.Operation, kind string, t ir.Type) (string, error) {
	names, ok := reductionOps[kind]
	i := 0
	if ir.IsFloat(ir.ElementTypeOrSelf(t)) {
		i = 1
	}
	if !ok || names[i] == "" {
		return "", op.Errorf("reduction kind '%s' does not apply to %s", kind, ir.TypeString(t))
	}
	return names[i], nil
}

// reduce combines vals (scalars or vectors of type t, elementwise) in order
// with kind, or with op's reduction region when kind is empty.
func (m *Machine) reduce(op *ir.Operation, kind string, t ir.Type, vals []Value, f *frame) (Value, error) {
	acc := vals[0]
	if kind == "" {
		if op.NumRegions() == 0 || op.Region(0).Empty() {
			return nil, op.Errorf("expected a reduction kind or region")
		}
		for _, v := range vals[1:] {
			_, r, err := m.execRegion(f, op.Region(0), []Value{acc, v})
			if err != nil {
				return nil, err
			}
			if len(r) != 1 {
				return nil, op.Errorf("expected the reduction region to yield one value")
			}
			acc = r[0]
		}
		return acc, nil
	}
	name, err := combiner(op, kind, t)
	if err != nil {
		return nil, err
	}
	et := ir.ElementTypeOrSelf(t)
	for _, v := range vals[1:] {
		a, b := elems(acc), elems(v)
		out := make([]Scalar, len(a))
		for i := range a {
			out[i] = combine(name, et, a[i], b[i])
		}
		if vt, ok := t.(*ir.VectorType); ok {
			acc = NewVector(vt, out)
		} else {
			acc = out[0]
		}
	}
	return acc, nil
}
