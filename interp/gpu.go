package interp

import (
	"fmt"
	"strings"

	"github.com/kiln-gpu/kiln/gpu"
	"github.com/kiln-gpu/kiln/ir"
)

// gpuHandler resolves the gpu ops: ids and collectives inside kernels,
// launches and buffer management on the host.
func gpuHandler(op *ir.Operation) handler {
	switch op.Name() {
	case "gpu.thread_id", "gpu.block_id", "gpu.block_dim", "gpu.grid_dim", "gpu.global_id",
		"gpu.lane_id", "gpu.subgroup_id", "gpu.subgroup_size", "gpu.num_subgroups":
		id, err := threadID(op)
		return func(m *Machine, f *frame, op *ir.Operation) error {
			if f.th == nil {
				return op.Errorf("'%s' outside a kernel", op.Name())
			}
			if err != nil {
				return err
			}
			f.set(op.Result(0), Int(id(f.th)))
			return nil
		}
	case "gpu.barrier", "gpu.shuffle", "gpu.subgroup_reduce", "gpu.all_reduce", "gpu.subgroup_broadcast",
		"gpu.ballot", warpOp:
		return collectiveHandler(op)
	case "gpu.dynamic_shared_memory":
		return (*Machine).dynamicShared
	case "gpu.launch_func":
		return (*Machine).launchFunc
	case "gpu.launch":
		return (*Machine).launchInline
	case "gpu.module", "gpu.func", "gpu.host_register", "gpu.host_unregister":
		return func(*Machine, *frame, *ir.Operation) error { return nil }
	case "gpu.wait":
		return func(m *Machine, f *frame, op *ir.Operation) error {
			if op.NumResults() > 0 {
				f.set(op.Result(0), Token{})
			}
			return nil
		}
	case "gpu.alloc":
		return (*Machine).gpuAlloc
	case "gpu.dealloc":
		return func(m *Machine, f *frame, op *ir.Operation) error {
			mr, ok := f.get(op.Operand(op.NumOperands() - 1)).(*MemRef)
			if !ok {
				return op.Errorf("expected a memref operand")
			}
			m.free(mr.Buf)
			setToken(f, op)
			return nil
		}
	case "gpu.memcpy":
		return (*Machine).gpuMemcpy
	case "gpu.memset":
		return func(m *Machine, f *frame, op *ir.Operation) error {
			n := op.NumOperands()
			dst, ok := f.get(op.Operand(n - 2)).(*MemRef)
			if !ok {
				return op.Errorf("expected a memref operand")
			}
			v := f.scalar(op.Operand(n - 1))
			dst.fill(v)
			setToken(f, op)
			return nil
		}
	case "gpu.printf":
		return (*Machine).gpuPrintf
	}
	return nil
}

// collectiveHandler resolves a collective op in a kernel: its handler waits
// for the threads taking part and sets the results that the op's
// completion gave this thread.
func collectiveHandler(op *ir.Operation) handler {
	c := collectiveOf(op)
	// Workgroups run one after another: none waits for another. Decided
	// here, once, and reported when the barrier runs.
	var unsupported string
	if op.Name() == "gpu.barrier" {
		if s := gpu.BarrierScope(op); s != gpu.ScopeWorkgroup && s != gpu.ScopeSubgroup {
			unsupported = fmt.Sprintf("a barrier of %s scope is not supported by the interpreter", s)
		} else if op.NumOperands() > 0 {
			unsupported = "named barriers are not supported by the interpreter"
		}
	}
	return func(m *Machine, f *frame, op *ir.Operation) error {
		if f.th == nil {
			return op.Errorf("'%s' outside a kernel", op.Name())
		}
		if unsupported != "" {
			return op.Errorf("%s", unsupported)
		}
		res, err := f.th.sync(f, op, c)
		if err != nil {
			return err
		}
		f.setResults(op, res)
		return nil
	}
}

// setToken gives op's async token result, if any, a value.
func setToken(f *frame, op *ir.Operation) {
	for _, r := range op.Results() {
		if strings.Contains(ir.TypeString(r.Type()), "async.token") {
			f.set(r, Token{})
		}
	}
}

func (m *Machine) gpuAlloc(f *frame, op *ir.Operation) error {
	var t *ir.MemRefType
	for _, r := range op.Results() {
		if mt, ok := r.Type().(*ir.MemRefType); ok {
			t = mt
			f.set(r, nil)
		}
	}
	if t == nil {
		return op.Errorf("expected a memref result")
	}
	if err := scalarElements(op, t); err != nil {
		return err
	}
	var dyn []*ir.Value
	if seg := segments(op); len(seg) >= 2 {
		dyn = seg[1]
	}
	sizes, err := m.mixed(f, op, t.Dims, dyn)
	if err != nil {
		return err
	}
	setToken(f, op)
	for _, r := range op.Results() {
		if r.Type() == t {
			mr, err := m.allocate(op, t.Elem, sizes, t.MemorySpace, true)
			if err != nil {
				return err
			}
			f.set(r, mr)
		}
	}
	return nil
}

func (m *Machine) gpuMemcpy(f *frame, op *ir.Operation) error {
	n := op.NumOperands()
	dst, ok1 := f.get(op.Operand(n - 2)).(*MemRef)
	src, ok2 := f.get(op.Operand(n - 1)).(*MemRef)
	if !ok1 || !ok2 {
		return op.Errorf("expected memref operands")
	}
	if src.NumElements() != dst.NumElements() {
		return op.Errorf("copy of %d elements into a memref of %d", src.NumElements(), dst.NumElements())
	}
	dst.copyFrom(src)
	setToken(f, op)
	return nil
}

// gpuPrintf prints with the C format, converting each argument by type.
func (m *Machine) gpuPrintf(f *frame, op *ir.Operation) error {
	format := ""
	if s, ok := op.Attr("format").(*ir.StringAttr); ok {
		format = s.Value
	}
	args := make([]any, op.NumOperands())
	for i, v := range op.Operands() {
		s := f.scalar(v)
		if ir.IsFloat(v.Type()) {
			args[i] = s.F
		} else {
			args[i] = sext(v.Type(), s.Bits)
		}
	}
	r := strings.NewReplacer("%lld", "%d", "%ld", "%d", "%lu", "%d", "%u", "%d", "%i", "%d")
	fmt.Fprintf(m.out(), r.Replace(format), args...)
	return nil
}

// launchFunc evaluates the sizes and operands of gpu.launch_func and
// hands the kernel to m.Launch.
func (m *Machine) launchFunc(f *frame, op *ir.Operation) error {
	ref, _ := op.Attr("kernel").(*ir.SymbolRefAttr)
	if ref == nil {
		return op.Errorf("expected a 'kernel' symbol reference")
	}
	fn := ir.LookupNearestSymbol(op, ref)
	if fn == nil {
		fn = ir.LookupSymbolRef(m.Module, ref)
	}
	if fn == nil {
		return op.Errorf("kernel '%s' not found", ir.AttrString(ref))
	}
	seg := segments(op)
	if len(seg) < 8 {
		return op.Errorf("expected operandSegmentSizes with grid and block sizes")
	}
	var sizes [6]int64
	for i := range sizes {
		if len(seg[1+i]) != 1 {
			return op.Errorf("expected one grid or block size operand per dimension")
		}
		sizes[i] = int64(f.scalar(seg[1+i][0]).Bits)
	}
	args := seg[len(seg)-1]
	m.dynSharedBytes = 0
	switch {
	case len(seg) >= 12:
		args = seg[11]
		m.dynSharedBytes = dynSharedSize(f, seg[10])
	case len(seg) == 10:
		args = seg[8]
		m.dynSharedBytes = dynSharedSize(f, seg[7])
	}
	launch := m.Launch
	if launch == nil {
		launch = Simulate
	}
	if err := launch(m, op, fn, [3]int64(sizes[:3]), [3]int64(sizes[3:]), f.getAll(args)); err != nil {
		return err
	}
	setToken(f, op)
	return nil
}

// launchInline runs the body of gpu.launch by simulation.
func (m *Machine) launchInline(f *frame, op *ir.Operation) error {
	seg := segments(op)
	if len(seg) < 7 {
		return op.Errorf("expected operandSegmentSizes with grid and block sizes")
	}
	var sizes [6]int64
	for i := range sizes {
		sizes[i] = int64(f.scalar(seg[1+i][0]).Bits)
	}
	m.dynSharedBytes = 0
	if len(seg) >= 11 {
		m.dynSharedBytes = dynSharedSize(f, seg[10])
	}
	k := &kernel{op: op, body: op.Region(0), ids: true, host: f}
	if err := m.simulate(k, [3]int64(sizes[:3]), [3]int64(sizes[3:]), nil); err != nil {
		return err
	}
	setToken(f, op)
	return nil
}
