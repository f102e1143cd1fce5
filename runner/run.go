package runner

import (
	"fmt"
	"io"
	"os"
	"time"

	"github.com/kiln-gpu/kiln"
	"github.com/kiln-gpu/kiln/interp"
	"github.com/kiln-gpu/kiln/ir"
	"github.com/kiln-gpu/kiln/ir/pass"
	"github.com/kiln-gpu/kiln/runtime/vulkan"
)

// Options configure Run; the flags of `kiln run` map onto them.
type Options struct {
	// Entry is the host function to call ("main" when empty).
	Entry string
	// Args are the entry function's arguments: an interp.Scalar for each
	// integer, index or float parameter, an *interp.MemRef of the same
	// element type and static sizes for each memref parameter (see
	// CheckArgs). Kernels may write memref arguments; Run leaves them with
	// the contents the program gave them.
	Args []interp.Value
	// Reference runs kernels in interp's simulation instead of Vulkan.
	Reference bool
	// Compare runs each launch both in interp's simulation and on Vulkan
	// and fails at the first launch whose memref arguments differ (floats
	// beyond the precision Vulkan requires of the kernel's operations),
	// naming the launch, argument and element (see compareLaunch).
	Compare bool
	// SaveRepro, with Compare, names a folder where each launch that
	// differs from the reference gets an AmberScript reproducer (see
	// writeRepro), named in a note of the error.
	SaveRepro string
	// Device names the Vulkan device by index or name substring
	// ($KILN_DEVICE, then the best device, when empty).
	Device string
	// Backend is where kernels run: BackendVulkan (when empty) or
	// BackendGL, an OpenGL 4.5 context (Device is then the index of an
	// EGL device, or empty for EGL's surfaceless platform).
	Backend string
	// Validate turns on the Vulkan validation layer (GL: a debug context
	// whose KHR_debug errors fail the launch); any message fails the run
	// at the launch that caused it.
	Validate bool
	// Time prints one summary of where the run's time went (host
	// interpretation, transfers, device, launch overhead) to Err.
	Time bool
	// LaunchTimes prints each launch's times to Out in the words of MLIR's
	// Vulkan runtime library, which prints them.
	LaunchTimes bool
	// Err receives the Time summary (os.Stderr when nil).
	Err io.Writer
	// Out receives the program's output (os.Stdout when nil).
	Out io.Writer
	// Passes provides the Pipeline passes by name (Vulkan runs only).
	Passes pass.Registry
	// Instance, when set, is used instead of a new Vulkan instance (it
	// must have validation on when Validate is set); Run does not close it.
	Instance *vulkan.Instance
	// Compiler, when set, is used instead of a new one, sharing its cache.
	Compiler *kiln.Compiler
	// SubgroupSize is the simulated subgroup width of Reference runs; when
	// 0 it is the subgroup size of the device a Vulkan run would select, so
	// that both runs compute the same thing, or interp's default (32)
	// without a device.
	SubgroupSize int
	// MaxSteps bounds the ops the host program and simulated kernels
	// execute (interp's default when 0).
	MaxSteps int64
	// MaxHostMemory bounds the host memory of the program's memrefs, in
	// bytes (interp.DefaultMaxHostMemory when 0).
	MaxHostMemory int64
}

// Report says what a run launched and where its time went.
type Report struct {
	Device   string // the Vulkan device ("" before the first launch), "reference" for simulated runs
	Launches []LaunchStat
	// Total is the time of the entry function's call; Upload and Fetch
	// the parts spent copying memrefs to device buffers (during launches)
	// and back (when the host next touches them), in Uploads and Fetches
	// of TransferBytes in all; Start the time Vulkan took to start, at
	// the first launch.
	Total, Upload, Fetch, Start time.Duration
	Uploads, Fetches            int
	TransferBytes               int64
	// Results are what the entry function returned, memrefs with their
	// contents on the host.
	Results []interp.Value
}

// count adds one transfer of n bytes.
func (r *Report) count(d time.Duration, n int64, upload bool) {
	r.TransferBytes += n
	if upload {
		r.Upload += d
		r.Uploads++
	} else {
		r.Fetch += d
		r.Fetches++
	}
}

// summary prints where the run's time went.
func (r *Report) summary(w io.Writer) {
	var dev, launch time.Duration
	for _, l := range r.Launches {
		dev += l.Device
		launch += l.Host
	}
	// Uploads happen inside launches, fetches while the host runs.
	host := r.Total - dev - launch - r.Fetch - r.Start
	launch += r.Start - r.Upload
	on := ""
	if r.Device != "" {
		on = " on " + r.Device
	}
	fmt.Fprintf(w, "kiln run: %v in all: host interpretation %v, transfers %v (%d uploads, %d fetches, %d bytes), device %v (%d launches%s), launch overhead %v (Vulkan start, compiling, pipelines, submission)\n",
		r.Total.Round(time.Microsecond), max(host, 0).Round(time.Microsecond), (r.Upload + r.Fetch).Round(time.Microsecond),
		r.Uploads, r.Fetches, r.TransferBytes, dev.Round(time.Microsecond), len(r.Launches), on, max(launch, 0).Round(time.Microsecond))
}

// LaunchStat is one gpu.launch_func: the kernel's device time and the
// host time around it (compiling, binding, copies, submission).
type LaunchStat struct {
	Kernel string // @module::@kernel
	Groups [3]int64
	Device time.Duration
	Host   time.Duration
}

// Run calls the entry function of module, which must be verified. Kernels
// run on Vulkan, or in simulation with Options.Reference. Errors are
// located *ir.Diagnostic values where the IR is at fault. Vulkan runs
// outline gpu.launch ops of module in place first (see Outline).
func Run(module *ir.Operation, o Options) (*Report, error) {
	if o.Entry == "" {
		o.Entry = "main"
	}
	if o.Out == nil {
		o.Out = os.Stdout
	}
	if o.Err == nil {
		o.Err = os.Stderr
	}
	if o.Backend != "" && o.Backend != BackendVulkan && o.Backend != BackendGL {
		return nil, ir.Errorf(module.Loc(), "unknown backend '%s' (want %s or %s)", o.Backend, BackendVulkan, BackendGL)
	}
	fn := ir.LookupSymbol(module, o.Entry)
	if fn == nil || fn.NumRegions() == 0 || fn.Region(0).Empty() {
		return nil, ir.Errorf(module.Loc(), "no function named '%s' with a body to run", o.Entry)
	}
	if err := CheckArgs(fn, o.Args); err != nil {
		return nil, err
	}
	m := interp.New(module)
	m.Out = o.Out
	m.SubgroupSize = o.SubgroupSize
	m.MaxHostMemory = o.MaxHostMemory
	m.MaxSteps = o.MaxSteps
	installUtilities(m)
	rep := &Report{}
	if o.Reference {
		rep.Device = "reference"
		if m.SubgroupSize == 0 {
			m.SubgroupSize = deviceSubgroupSize(o.Device)
		}
		// The runtime enables robustBufferAccess, so out-of-bounds kernel
		// accesses are defined on the device; simulate the same.
		m.RobustAccess = true
		m.Launch = reference(&o, rep)
		err := call(m, &o, rep)
		return rep, err
	}
	if err := kiln.Outline(module, o.Passes); err != nil {
		return nil, err
	}
	if o.Backend == BackendGL {
		s, err := openGLSession(module, &o, rep)
		if err != nil {
			return nil, err
		}
		m.Launch = s.launch
		err = call(m, &o, rep)
		if cerr := s.close(); err == nil && cerr != nil {
			err = ir.Errorf(module.Loc(), "%v", cerr)
		}
		return rep, err
	}
	// Vulkan starts at the first launch, so that host-only programs do
	// not wait for it.
	var s *session
	m.Launch = func(m *interp.Machine, launch, fn *ir.Operation, grid, block [3]int64, args []interp.Value) error {
		if s == nil {
			start := time.Now()
			var err error
			if s, err = openSession(module, &o, rep); err != nil {
				return err
			}
			rep.Start = time.Since(start)
			if o.Compare {
				// Kernels run on both sides; out-of-bounds accesses must
				// be defined in the interpreter as on the device.
				if m.SubgroupSize == 0 {
					m.SubgroupSize = int(s.info.Subgroup.Size)
				}
				m.RobustAccess = true
			}
		}
		if o.Compare {
			return s.compareLaunch(m, launch, fn, grid, block, args)
		}
		return s.launch(m, launch, fn, grid, block, args)
	}
	err := call(m, &o, rep)
	if s == nil {
		return rep, err
	}
	if err == nil && s.fetchErr != nil {
		err = ir.Errorf(module.Loc(), "%v", s.fetchErr)
	}
	if cerr := s.close(); err == nil && cerr != nil {
		err = ir.Errorf(module.Loc(), "%v", cerr)
	}
	return rep, err
}

// call runs the entry function, timing it. Memref arguments and results
// get their contents back from the device before the session ends.
func call(m *interp.Machine, o *Options, rep *Report) error {
	start := time.Now()
	res, err := m.Call(o.Entry, o.Args...)
	if err == nil {
		rep.Results = res
		for _, v := range append(res, o.Args...) {
			if mr, ok := v.(*interp.MemRef); ok {
				mr.Buf.Sync()
			}
		}
	}
	rep.Total = time.Since(start)
	if o.Time {
		rep.summary(o.Err)
	}
	return err
}

// CheckArgs checks that args suit the parameters of fn, a function with
// a body: one value each, a Scalar for an integer, index or float
// parameter, a MemRef of the same element type and static sizes for a
// memref one.
func CheckArgs(fn *ir.Operation, args []interp.Value) error {
	name := ir.SymbolName(fn)
	entry := fn.Region(0).Entry()
	if entry.NumArgs() != len(args) {
		return fn.Errorf("the entry function '%s' takes %d arguments, and %d were given", name, entry.NumArgs(), len(args))
	}
	for i, a := range args {
		t := entry.Arg(i).Type()
		switch t := t.(type) {
		case *ir.MemRefType:
			mr, ok := a.(*interp.MemRef)
			if !ok {
				return fn.Errorf("argument %d of '%s' is a %s, and a %s was given", i, name, ir.TypeString(t), valueKind(a))
			}
			if ir.TypeString(mr.Elem) != ir.TypeString(t.Elem) {
				return fn.Errorf("argument %d of '%s' is a %s, and the memref given has %s elements", i, name, ir.TypeString(t), ir.TypeString(mr.Elem))
			}
			if len(mr.Sizes) != len(t.Dims) {
				return fn.Errorf("argument %d of '%s' is a %s, and the memref given has rank %d", i, name, ir.TypeString(t), len(mr.Sizes))
			}
			for d, s := range t.Dims {
				if s != ir.Dynamic && s != mr.Sizes[d] {
					return fn.Errorf("argument %d of '%s' is a %s, and the memref given is %d in dimension %d", i, name, ir.TypeString(t), mr.Sizes[d], d)
				}
			}
		case *ir.IntegerType, *ir.IndexType, *ir.FloatType:
			if _, ok := a.(interp.Scalar); !ok {
				return fn.Errorf("argument %d of '%s' is a %s, and a %s was given", i, name, ir.TypeString(t), valueKind(a))
			}
		default:
			return fn.Errorf("argument %d of '%s' is a %s: entry functions take memrefs, integers, indices and floats", i, name, ir.TypeString(t))
		}
	}
	return nil
}

// valueKind names what kind of value v is, for errors.
func valueKind(v interp.Value) string {
	switch v.(type) {
	case interp.Scalar:
		return "scalar"
	case *interp.MemRef:
		return "memref"
	case nil:
		return "nil value"
	}
	return fmt.Sprintf("%T", v)
}

// reference simulates kernels with the workgroup size the kernel's
// spirv.entry_point_abi gives, as a Vulkan dispatch would use it.
func reference(o *Options, rep *Report) interp.LaunchFunc {
	return func(m *interp.Machine, launch, fn *ir.Operation, grid, block [3]int64, args []interp.Value) error {
		start := time.Now()
		if err := interp.Simulate(m, launch, fn, grid, abiBlock(fn, block), args); err != nil {
			return err
		}
		d := time.Since(start)
		record(o, rep, LaunchStat{Kernel: kernelName(fn), Groups: grid, Device: d})
		return nil
	}
}

// record keeps a launch's times and prints them with LaunchTimes, in the
// words of MLIR's Vulkan runtime so that its time.mlir test reads them.
func record(o *Options, rep *Report, st LaunchStat) {
	rep.Launches = append(rep.Launches, st)
	if !o.LaunchTimes {
		return
	}
	fmt.Fprintf(o.Out, "Compute shader execution time: %.3gus\n", float64(st.Device.Nanoseconds())/1000)
	fmt.Fprintf(o.Out, "Command buffer submit time: %dus\n", st.Host.Microseconds())
	// Kiln waits on a fence inside the submission: no separate idle wait.
	fmt.Fprintf(o.Out, "Wait idle time: 0us\n")
	fmt.Fprintf(o.Out, "Kernel %s: device %v, host overhead %v\n", st.Kernel, st.Device, st.Host)
}

func kernelName(fn *ir.Operation) string {
	name := "@" + ir.SymbolName(fn)
	if p := fn.ParentOp(); p != nil && ir.SymbolName(p) != "" {
		name = "@" + ir.SymbolName(p) + "::" + name
	}
	return name
}

// out is the machine's output writer.
func out(m *interp.Machine) io.Writer {
	if m.Out == nil {
		return os.Stdout
	}
	return m.Out
}

// deviceSubgroupSize returns the subgroup size of the Vulkan device that
// spec selects, or 0 (interp's default) when no device can be had.
func deviceSubgroupSize(spec string) int {
	inst, err := vulkan.NewInstance(vulkan.InstanceConfig{})
	if err != nil {
		return 0
	}
	defer inst.Close()
	idx, err := inst.Select(spec)
	if err != nil {
		return 0
	}
	return int(inst.Devices()[idx].Subgroup.Size)
}
