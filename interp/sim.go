package interp

import (
	"errors"
	"runtime/debug"

	"github.com/kiln-gpu/kiln/ir"
)

// kernel is a body to simulate: a gpu.func's, or gpu.launch's whose
// entry block starts with the 12 id and size arguments (ids).
type kernel struct {
	op   *ir.Operation
	body *ir.Region
	ids  bool
	host *frame // the frame gpu.launch's body reads outer values from
}

// Simulate is the default LaunchFunc: it runs fn, a gpu.func, for every
// thread of the grid, one workgroup after another.
func Simulate(m *Machine, launch, fn *ir.Operation, grid, block [3]int64, args []Value) error {
	if fn.NumRegions() == 0 || fn.Region(0).Empty() {
		return launch.Errorf("kernel '%s' has no body", symName(fn))
	}
	if fn.Region(0).Entry().NumArgs() < len(args) {
		return launch.Errorf("kernel '%s' takes %d arguments, got %d", symName(fn), fn.Region(0).Entry().NumArgs(), len(args))
	}
	for i, a := range args {
		if err := checkArg(launch, fn.Region(0).Entry().Arg(i).Type(), a, i); err != nil {
			return err
		}
	}
	return m.simulate(&kernel{op: fn, body: fn.Region(0)}, grid, block, args)
}

// checkArg reports a kernel argument whose kind or memref shape does not
// match the kernel's parameter type t.
func checkArg(launch *ir.Operation, t ir.Type, a Value, i int) error {
	mt, isMemRef := t.(*ir.MemRefType)
	mr, ok := a.(*MemRef)
	if isMemRef != ok {
		return launch.Errorf("kernel argument %d does not match parameter type %s", i, ir.TypeString(t))
	}
	if !ok {
		return nil
	}
	if len(mt.Dims) != len(mr.Sizes) {
		return launch.Errorf("kernel argument %d has rank %d, parameter type %s", i, len(mr.Sizes), ir.TypeString(t))
	}
	for d, n := range mt.Dims {
		if n != ir.Dynamic && n != mr.Sizes[d] {
			return launch.Errorf("kernel argument %d has sizes %v, parameter type %s", i, mr.Sizes, ir.TypeString(t))
		}
	}
	return nil
}

// errAbort unwinds the threads of a workgroup after another one failed.
var errAbort = errors.New("aborted")

// thread is one simulated invocation.
type thread struct {
	m                        *Machine
	wg                       *workgroup
	tid, bid, grid, blockDim [3]int64
	linear                   int64

	resume  chan bool // true aborts the thread at its synchronization point
	at      *ir.Operation
	coll    *collective // how at completes
	frame   *frame
	payload []Value
	reply   []Value
	done    bool
	err     error
}

type workgroup struct {
	threads   []*thread
	yield     chan *thread
	sgSize    int64
	dynShared *MemRef // gpu.dynamic_shared_memory's buffer, made on first use
}

func (m *Machine) subgroupSize() int64 {
	if m.SubgroupSize > 0 {
		return int64(m.SubgroupSize)
	}
	return 32
}

func (m *Machine) simulate(k *kernel, grid, block [3]int64, args []Value) error {
	for i := 0; i < 3; i++ {
		if grid[i] <= 0 || block[i] <= 0 {
			return k.op.Errorf("launch with an empty grid %v or workgroup %v", grid, block)
		}
	}
	entry := k.body.Entry()
	nLead := len(args)
	if ta, ok := k.op.Attr("function_type").(*ir.TypeAttr); ok {
		if ft, ok := ta.Value.(*ir.FunctionType); ok {
			nLead = len(ft.Inputs)
		}
	}
	if k.ids {
		nLead = 12
	} else if len(args) != nLead {
		return k.op.Errorf("kernel takes %d arguments, got %d", nLead, len(args))
	}
	nWG := int(intAttr(k.op, "workgroup_attributions"))
	if nLead+nWG > entry.NumArgs() {
		return k.op.Errorf("kernel has %d block arguments, fewer than its %d arguments and %d workgroup attributions", entry.NumArgs(), nLead, nWG)
	}
	collective := hasCollectives(k.body)
	for bz := int64(0); bz < grid[2]; bz++ {
		for by := int64(0); by < grid[1]; by++ {
			for bx := int64(0); bx < grid[0]; bx++ {
				shared := make([]Value, nWG)
				for i := range shared {
					mr, err := m.allocAttribution(k.op, entry.Arg(nLead+i))
					if err != nil {
						return err
					}
					shared[i] = mr
				}
				wg := &workgroup{yield: make(chan *thread), sgSize: m.subgroupSize()}
				for tz := int64(0); tz < block[2]; tz++ {
					for ty := int64(0); ty < block[1]; ty++ {
						for tx := int64(0); tx < block[0]; tx++ {
							wg.threads = append(wg.threads, &thread{m: m, wg: wg, tid: [3]int64{tx, ty, tz},
								bid: [3]int64{bx, by, bz}, grid: grid, blockDim: block,
								linear: tx + block[0]*(ty+block[1]*tz), resume: make(chan bool)})
						}
					}
				}
				for _, t := range wg.threads {
					targs, err := t.args(k, args, shared)
					if err != nil {
						return err
					}
					if !collective {
						if err := t.run(k, targs); err != nil {
							return err
						}
						continue
					}
					go func() {
						if <-t.resume {
							t.err = errAbort
						} else {
							t.err = t.run(k, targs)
						}
						t.done = true
						wg.yield <- t
					}()
				}
				if collective {
					if err := wg.coordinate(k); err != nil {
						return err
					}
				}
			}
		}
	}
	return nil
}

// args builds one thread's entry block arguments.
func (t *thread) args(k *kernel, args, shared []Value) ([]Value, error) {
	var out []Value
	if k.ids {
		for _, a := range [][3]int64{t.bid, t.tid, t.grid, t.blockDim} {
			for _, x := range a {
				out = append(out, Int(x))
			}
		}
	} else {
		out = append(out, args...)
	}
	out = append(out, shared...)
	entry := k.body.Entry()
	for i := len(out); i < entry.NumArgs(); i++ {
		mr, err := t.m.allocAttribution(k.op, entry.Arg(i))
		if err != nil {
			return nil, err
		}
		out = append(out, mr)
	}
	return out, nil
}

// run executes the kernel body for t. A Go panic becomes a diagnostic
// here, since Call's recover does not see other goroutines.
func (t *thread) run(k *kernel, args []Value) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = k.op.Errorf("interpreter bug in thread %v of workgroup %v: %v\n%s", t.tid, t.bid, r, debug.Stack())
		}
	}()
	u := t.m.unit(k.op)
	f := newFrame(u, t)
	f.parent = k.host
	u.capture(f)
	_, _, err = t.m.execRegion(f, k.body, args)
	return err
}

func (m *Machine) allocAttribution(op *ir.Operation, arg *ir.Value) (*MemRef, error) {
	t, ok := arg.Type().(*ir.MemRefType)
	if !ok || !ir.HasStaticShape(t) {
		return nil, op.Errorf("attribution of type %s must be a statically shaped memref", ir.TypeString(arg.Type()))
	}
	if err := scalarElements(op, t); err != nil {
		return nil, err
	}
	return m.allocate(op, t.Elem, t.Dims, t.MemorySpace, false)
}

// hasCollectives reports whether r contains ops that synchronize threads,
// which need threads run as coroutines; other kernels run one thread at
// a time.
func hasCollectives(r *ir.Region) bool {
	found := false
	r.Walk(func(op *ir.Operation) bool {
		switch op.Name() {
		case "gpu.barrier", "gpu.shuffle", "gpu.subgroup_reduce", "gpu.all_reduce", "gpu.subgroup_broadcast", "func.call", ballotOp, "gpu.ballot", warpOp:
			found = true
		}
		return !found
	})
	return found
}

// threadID resolves an id or size op to the function that evaluates it
// for a thread.
func threadID(op *ir.Operation) (func(t *thread) int64, error) {
	d := 0
	switch enumWord(op.Attr("dimension")) {
	case "x":
	case "y":
		d = 1
	case "z":
		d = 2
	default:
		switch op.Name() {
		case "gpu.lane_id", "gpu.subgroup_id", "gpu.subgroup_size", "gpu.num_subgroups":
		default:
			return nil, op.Errorf("expected a 'dimension' of x, y or z")
		}
	}
	switch op.Name() {
	case "gpu.thread_id":
		return func(t *thread) int64 { return t.tid[d] }, nil
	case "gpu.block_id":
		return func(t *thread) int64 { return t.bid[d] }, nil
	case "gpu.block_dim":
		return func(t *thread) int64 { return t.blockDim[d] }, nil
	case "gpu.grid_dim":
		return func(t *thread) int64 { return t.grid[d] }, nil
	case "gpu.global_id":
		return func(t *thread) int64 { return t.bid[d]*t.blockDim[d] + t.tid[d] }, nil
	case "gpu.lane_id":
		return func(t *thread) int64 { return t.linear % t.wg.sgSize }, nil
	case "gpu.subgroup_id":
		return func(t *thread) int64 { return t.linear / t.wg.sgSize }, nil
	case "gpu.subgroup_size":
		return func(t *thread) int64 { return t.wg.sgSize }, nil
	}
	return func(t *thread) int64 {
		n, sg := t.blockDim[0]*t.blockDim[1]*t.blockDim[2], t.wg.sgSize
		return (n + sg - 1) / sg
	}, nil
}

// sync suspends t at the collective op until all the threads taking part
// reach it, and returns op's results for t.
func (t *thread) sync(f *frame, op *ir.Operation, c *collective) ([]Value, error) {
	t.at, t.coll, t.frame, t.payload = op, c, f, f.getAll(op.Operands())
	t.wg.yield <- t
	if <-t.resume {
		return nil, errAbort
	}
	t.at = nil
	return t.reply, nil
}
