package interp

import (
	"io"
	"os"
	"runtime/debug"

	"github.com/kiln-gpu/kiln/ir"
)

// External implements a function declared without a body (a runner
// utility such as printMemrefF32). call is the calling op, for locations.
type External func(m *Machine, call *ir.Operation, args []Value) ([]Value, error)

// LaunchFunc runs a kernel for gpu.launch_func: fn is the gpu.func,
// grid and block the launch sizes, args the kernel operands.
type LaunchFunc func(m *Machine, launch, fn *ir.Operation, grid, block [3]int64, args []Value) error

// Machine executes the functions of one module, which must not change
// after the first Call: each function is compiled once, at its first call.
type Machine struct {
	Module *ir.Operation
	// Externals provide bodiless functions by symbol name.
	Externals map[string]External
	// Launch runs gpu.launch_func; Simulate when nil.
	Launch LaunchFunc
	// SubgroupSize is the simulated subgroup width (32 when 0).
	SubgroupSize int
	// RobustAccess makes simulated kernels treat out-of-bounds memref
	// loads and stores as Vulkan's robustBufferAccess does (the runtime
	// enables it): loads read zero and stores are dropped. Host code, and
	// kernels when it is off, report them as errors.
	RobustAccess bool
	// MaxSteps bounds the ops one Call executes, so that nothing hangs
	// (1<<28 when 0).
	MaxSteps int64
	// Out receives vector.print, gpu.printf and printMemref output
	// (os.Stdout when nil).
	Out io.Writer
	// MaxHostMemory bounds, in bytes, the memrefs that are allocated and
	// not yet deallocated, and each single allocation; an allocation past
	// it is a located error (DefaultMaxHostMemory when 0).
	MaxHostMemory int64

	steps          int64
	hostBytes      int64 // bytes of live memref.alloc buffers and globals
	defaultLimit   int64 // DefaultMaxHostMemory, read once
	globals        map[*ir.Operation]*MemRef
	units          map[*ir.Operation]*unit // compiled functions and kernel bodies
	dynSharedBytes int64                   // the running launch's dynamic_shared_memory_size
}

// New returns a Machine for module with the runner utilities of
// Utilities as externals.
func New(module *ir.Operation) *Machine {
	ext := map[string]External{}
	for k, v := range Utilities {
		ext[k] = v
	}
	return &Machine{Module: module, Externals: ext}
}

// Run calls the function entry of module with args on a new Machine.
func Run(module *ir.Operation, entry string, args ...Value) ([]Value, error) {
	return New(module).Call(entry, args...)
}

// Call runs the function named entry with args and returns its results.
// Errors are located *ir.Diagnostic values.
func (m *Machine) Call(entry string, args ...Value) (res []Value, err error) {
	defer func() {
		if r := recover(); r != nil {
			err = ir.Errorf(m.Module.Loc(), "interpreter bug: %v\n%s", r, debug.Stack())
		}
	}()
	m.steps = 0
	fn := ir.LookupSymbol(m.Module, entry)
	if fn == nil {
		return nil, m.Module.Errorf("no function named '%s'", entry)
	}
	return m.callFunc(m.Module, fn, args, newFrame(nil, nil))
}

func (m *Machine) out() io.Writer {
	if m.Out == nil {
		return os.Stdout
	}
	return m.Out
}

// frame holds the values of one activation of a compiled unit (a
// function, or a kernel body for one simulated thread): a cell per slot
// of the unit, and values outside it (ops made while running) in extra.
type frame struct {
	code   *unit
	cells  []cell
	extra  map[*ir.Value]Value
	th     *thread // the simulated GPU thread, nil on the host
	parent *frame  // values defined above a gpu.launch body
	depth  int     // calls active below the entry function
}

// maxCallDepth bounds recursion before Go's own stack limit, which would
// end the process, is reached.
const maxCallDepth = 10000

// newFrame returns a frame for running code (nil: a frame that only
// carries th and the call depth).
func newFrame(code *unit, th *thread) *frame {
	if code == nil {
		code = &unit{}
	}
	return &frame{code: code, cells: make([]cell, code.n), th: th}
}

// cell holds one value: a Scalar unboxed in s, or another value in v.
// Storing a Scalar writes no pointer, so it needs no GC write barrier.
type cell struct {
	s    Scalar
	v    Value
	kind cellKind
}

type cellKind uint8

const (
	unset cellKind = iota
	scalarCell
	valueCell
)

func (c *cell) scalar() bool { return c.kind == scalarCell }

func toCell(x Value) cell {
	switch x := x.(type) {
	case Scalar:
		return cell{s: x, kind: scalarCell}
	case nil:
		return cell{}
	}
	return cell{v: x, kind: valueCell}
}

func (c cell) value() Value {
	switch c.kind {
	case scalarCell:
		return c.s
	case valueCell:
		return c.v
	}
	return nil
}

// lookup finds the cell of v in f or the frames above it.
func (f *frame) lookup(v *ir.Value) (cell, bool) {
	for ; f != nil; f = f.parent {
		if i, ok := f.code.slots[v]; ok {
			if c := f.cells[i]; c.kind != unset {
				return c, true
			}
			continue
		}
		if x, ok := f.extra[v]; ok {
			return toCell(x), true
		}
	}
	return cell{}, false
}

func (f *frame) get(v *ir.Value) Value {
	c, _ := f.lookup(v)
	return c.value()
}

// scalar returns v's value as a Scalar (the zero Scalar for other values).
func (f *frame) scalar(v *ir.Value) Scalar {
	c, _ := f.lookup(v)
	return c.s
}

func (f *frame) set(v *ir.Value, x Value) {
	if i, ok := f.code.slots[v]; ok {
		f.cells[i] = toCell(x)
		return
	}
	if f.extra == nil {
		f.extra = map[*ir.Value]Value{}
	}
	f.extra[v] = x
}

// unset forgets a value of an op made while running.
func (f *frame) unset(v *ir.Value) { delete(f.extra, v) }

func (f *frame) setResults(op *ir.Operation, xs []Value) {
	for i, x := range xs {
		if i < op.NumResults() {
			f.set(op.Result(i), x)
		}
	}
}

func (f *frame) getAll(vs []*ir.Value) []Value {
	out := make([]Value, len(vs))
	for i, v := range vs {
		out[i] = f.get(v)
	}
	return out
}

// callFunc runs a function-like op (func.func, gpu.func) with args, called
// from the frame caller.
func (m *Machine) callFunc(call, fn *ir.Operation, args []Value, caller *frame) ([]Value, error) {
	name := symName(fn)
	if fn.NumRegions() == 0 || fn.Region(0).Empty() {
		ext := m.Externals[name]
		if ext == nil {
			return nil, call.Errorf("call to external function '%s' that the interpreter does not provide", name)
		}
		return ext(m, call, args)
	}
	entry := fn.Region(0).Entry()
	if len(args) > entry.NumArgs() {
		return nil, call.Errorf("'%s' takes %d arguments, got %d", name, entry.NumArgs(), len(args))
	}
	// Callers outside the IR may pass integers with bits above their width.
	args = append([]Value(nil), args...)
	for i, a := range args {
		if s, ok := a.(Scalar); ok && width(entry.Arg(i).Type()) > 0 {
			s.Bits = mask(entry.Arg(i).Type(), s.Bits)
			args[i] = s
		}
	}
	if caller.depth >= maxCallDepth {
		return nil, call.Errorf("call depth exceeds %d (runaway recursion?)", maxCallDepth)
	}
	f := newFrame(m.unit(fn), caller.th)
	f.depth = caller.depth + 1
	_, res, err := m.execRegion(f, fn.Region(0), args)
	return res, err
}

func symName(op *ir.Operation) string {
	if s, ok := op.Attr("sym_name").(*ir.StringAttr); ok {
		return s.Value
	}
	return ""
}

// execRegion runs r from its entry block with args until a terminator that
// leaves the region; it returns that terminator and its operand values.
func (m *Machine) execRegion(f *frame, r *ir.Region, args []Value) (*ir.Operation, []Value, error) {
	cr := f.code.region(r)
	if cr.entry == nil {
		return nil, nil, nil
	}
	for i, a := range args {
		if i < len(cr.entry.args) {
			f.write(cr.entry.args[i], toCell(a))
		}
	}
	exit, err := m.runRegion(f, cr)
	if exit == nil || err != nil {
		return nil, nil, err
	}
	out := make([]Value, len(exit.yields))
	for i, y := range exit.yields {
		out[i] = f.read(y).value()
	}
	return exit.stop, out, nil
}

// isRegionTerminator recognizes terminators that return control to the
// enclosing op, also when their dialect is not registered.
func isRegionTerminator(op *ir.Operation) bool {
	switch op.Name() {
	case "func.return", "gpu.return", "gpu.yield", "gpu.terminator", "scf.yield", "scf.condition",
		"scf.reduce", "scf.reduce.return", "memref.atomic_yield", "vector.yield", "scf.forall.in_parallel":
		return true
	}
	return false
}

// step counts one op against MaxSteps, so that runaway loops end.
func (m *Machine) step(op *ir.Operation) error {
	m.steps++
	if !m.StepLimitReached() {
		return nil
	}
	return op.Errorf("interpreter step limit of %d ops exceeded (a runaway loop? raise it with --max-steps)", m.stepLimit())
}

// StepLimitReached says whether the machine stopped at its step limit
// (MaxSteps), i.e. whether the error it returned last means the program
// ran too long rather than went wrong.
func (m *Machine) StepLimitReached() bool { return m.steps > m.stepLimit() }

func (m *Machine) stepLimit() int64 {
	if m.MaxSteps == 0 {
		return defaultMaxSteps
	}
	return m.MaxSteps
}

// defaultMaxSteps is MaxSteps when it is 0.
const defaultMaxSteps = 1 << 28

func unknown(op *ir.Operation) error {
	return op.Errorf("the interpreter does not support '%s'", op.Name())
}

// funcHandler resolves the func ops other than return.
func funcHandler(op *ir.Operation) handler {
	switch op.Name() {
	case "func.call":
		return func(m *Machine, f *frame, op *ir.Operation) error {
			ref, _ := op.Attr("callee").(*ir.SymbolRefAttr)
			if ref == nil {
				return op.Errorf("call without a callee")
			}
			return m.call(f, op, ref, f.getAll(op.Operands()))
		}
	case "func.call_indirect":
		return func(m *Machine, f *frame, op *ir.Operation) error {
			fr, ok := f.get(op.Operand(0)).(FuncRef)
			if !ok {
				return op.Errorf("callee is not a function value")
			}
			return m.call(f, op, fr.Callee, f.getAll(op.Operands()[1:]))
		}
	case "func.constant":
		return func(m *Machine, f *frame, op *ir.Operation) error {
			ref, _ := op.Attr("value").(*ir.SymbolRefAttr)
			if ref == nil {
				return op.Errorf("expected a 'value' symbol reference")
			}
			f.set(op.Result(0), FuncRef{Callee: ref})
			return nil
		}
	}
	return nil
}

// call runs the function ref names, or the external of that name.
func (m *Machine) call(f *frame, op *ir.Operation, ref *ir.SymbolRefAttr, args []Value) error {
	fn := ir.LookupNearestSymbol(op, ref)
	if fn == nil {
		if ext := m.Externals[ref.Leaf()]; ext != nil {
			res, err := ext(m, op, args)
			f.setResults(op, res)
			return err
		}
		return op.Errorf("call to unknown function '%s'", ref.Leaf())
	}
	res, err := m.callFunc(op, fn, args, f)
	if err != nil {
		return err
	}
	f.setResults(op, res)
	return nil
}

// cfHandler resolves cf.assert; the branches end blocks and are compiled
// with them.
func cfHandler(op *ir.Operation) handler {
	if op.Name() != "cf.assert" {
		return nil
	}
	return func(m *Machine, f *frame, op *ir.Operation) error {
		c := f.scalar(op.Operand(0))
		if c.Poison || c.Bits&1 == 0 {
			msg := ""
			if s, ok := op.Attr("msg").(*ir.StringAttr); ok {
				msg = s.Value
			}
			return op.Errorf("assertion failed: %s", msg)
		}
		return nil
	}
}

// ubHandler resolves ub.poison.
func ubHandler(op *ir.Operation) handler {
	if op.Name() != "ub.poison" {
		return nil
	}
	return func(m *Machine, f *frame, op *ir.Operation) error {
		f.set(op.Result(0), splatValue(op.Result(0).Type(), Poison()))
		return nil
	}
}

// splatValue returns s as a value of type t (a scalar or a vector).
func splatValue(t ir.Type, s Scalar) Value {
	vt, ok := t.(*ir.VectorType)
	if !ok {
		return s
	}
	el := make([]Scalar, product(vt.Dims))
	for i := range el {
		el[i] = s
	}
	return NewVector(vt, el)
}
