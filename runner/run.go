package runner

import (
	"fmt"
	"io"
	"os"
	"time"

	"github.com/kiln-gpu/kiln/interp"
	"github.com/kiln-gpu/kiln/ir"
	"github.com/kiln-gpu/kiln/ir/pass"
	"github.com/kiln-gpu/kiln/runtime/vulkan"
	"github.com/kiln-gpu/kiln/spirv"
)

// Options configure Run; the flags of `kiln run` map onto them.
type Options struct {
	// Entry is the host function to call ("main" when empty).
	Entry string
	// Reference runs kernels in interp's simulation instead of Vulkan.
	Reference bool
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
	// Time prints each launch's device time and host overhead to Out.
	Time bool
	// Out receives the program's output (os.Stdout when nil).
	Out io.Writer
	// Passes provides the Pipeline passes by name (Vulkan runs only).
	Passes pass.Registry
	// Instance, when set, is used instead of a new Vulkan instance (it
	// must have validation on when Validate is set); Run does not close it.
	Instance *vulkan.Instance
	// Compiler, when set, is used instead of a new one, sharing its cache.
	Compiler *Compiler
	// SubgroupSize is the simulated subgroup width of Reference runs; when
	// 0 it is the subgroup size of the device a Vulkan run would select, so
	// that both runs compute the same thing, or interp's default (32)
	// without a device.
	SubgroupSize int
}

// Report says what a run launched.
type Report struct {
	Device   string // the Vulkan device, "reference" for simulated runs
	Launches []LaunchStat
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
	if o.Backend != "" && o.Backend != BackendVulkan && o.Backend != BackendGL {
		return nil, ir.Errorf(module.Loc(), "unknown backend '%s' (want %s or %s)", o.Backend, BackendVulkan, BackendGL)
	}
	fn := ir.LookupSymbol(module, o.Entry)
	if fn == nil || fn.NumRegions() == 0 || fn.Region(0).Empty() {
		return nil, ir.Errorf(module.Loc(), "no function named '%s' with a body to run", o.Entry)
	}
	if fn.Region(0).Entry().NumArgs() > 0 {
		return nil, fn.Errorf("the entry function '%s' must take no arguments", o.Entry)
	}
	m := interp.New(module)
	m.Out = o.Out
	m.SubgroupSize = o.SubgroupSize
	installUtilities(m)
	rep := &Report{Device: "reference"}
	if o.Reference {
		if m.SubgroupSize == 0 {
			m.SubgroupSize = deviceSubgroupSize(o.Device)
		}
		// The runtime enables robustBufferAccess, so out-of-bounds kernel
		// accesses are defined on the device; simulate the same.
		m.RobustAccess = true
		m.Launch = reference(&o, rep)
		_, err := m.Call(o.Entry)
		return rep, err
	}
	if err := Outline(module, o.Passes); err != nil {
		return nil, err
	}
	var closeSession func() error
	switch o.Backend {
	case BackendGL:
		s, err := openGLSession(module, &o, rep)
		if err != nil {
			return nil, err
		}
		m.Launch, closeSession = s.launch, s.close
	default:
		s, err := openSession(module, &o, rep)
		if err != nil {
			return nil, err
		}
		m.Launch, closeSession = s.launch, s.close
	}
	_, err := m.Call(o.Entry)
	if cerr := closeSession(); err == nil && cerr != nil {
		err = ir.Errorf(module.Loc(), "%v", cerr)
	}
	return rep, err
}

// reference simulates kernels with the workgroup size the kernel's
// spirv.entry_point_abi gives, as a Vulkan dispatch would use it.
func reference(o *Options, rep *Report) interp.LaunchFunc {
	return func(m *interp.Machine, launch, fn *ir.Operation, grid, block [3]int64, args []interp.Value) error {
		start := time.Now()
		if abi := spirv.LookupEntryPointABI(fn); abi != nil && len(abi.WorkgroupSize) > 0 {
			block = [3]int64{1, 1, 1}
			for i, v := range abi.WorkgroupSize {
				if i < 3 {
					block[i] = int64(v)
				}
			}
		}
		if err := interp.Simulate(m, launch, fn, grid, block, args); err != nil {
			return err
		}
		d := time.Since(start)
		record(o, rep, LaunchStat{Kernel: kernelName(fn), Groups: grid, Device: d})
		return nil
	}
}

// record keeps a launch's times and prints them with --time, in the
// words of MLIR's Vulkan runtime so that its time.mlir test reads them.
func record(o *Options, rep *Report, st LaunchStat) {
	rep.Launches = append(rep.Launches, st)
	if !o.Time {
		return
	}
	fmt.Fprintf(o.Out, "Compute shader execution time: %.3gus\n", float64(st.Device.Nanoseconds())/1000)
	fmt.Fprintf(o.Out, "Command buffer submit time: %dus\n", st.Host.Microseconds())
	// Kiln waits on a fence inside the submission: no separate idle wait.
	fmt.Fprintf(o.Out, "Wait idle time: 0us\n")
	fmt.Fprintf(o.Out, "Kernel %s: device %v, host overhead %v\n", st.Kernel, st.Device, st.Host)
}

func kernelName(fn *ir.Operation) string {
	name := "@" + symName(fn)
	if p := fn.ParentOp(); p != nil && symName(p) != "" {
		name = "@" + symName(p) + "::" + name
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
