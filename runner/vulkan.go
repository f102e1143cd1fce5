package runner

import (
	"fmt"
	"strings"
	"time"

	"github.com/kiln-gpu/kiln"
	"github.com/kiln-gpu/kiln/interp"
	"github.com/kiln-gpu/kiln/ir"
	"github.com/kiln-gpu/kiln/runtime/vulkan"
	"github.com/kiln-gpu/kiln/spirv"
)

// session is one Run on a Vulkan device: its compiled kernels and the
// device buffers of host memrefs, reused across launches.
type session struct {
	o        *Options
	rep      *Report
	inst     *vulkan.Instance
	ownInst  bool
	dev      *vulkan.Device
	info     vulkan.DeviceInfo
	compiler *kiln.Compiler
	env      *spirv.TargetEnvAttr // derived from the device
	kernels  map[*kiln.Kernel]*vulkan.Kernel
	buffers  map[viewKey]*vulkan.Buffer
	compared int // launches compared with the reference (Options.Compare)
	// pending maps host buffers whose newest contents a kernel left in a
	// device buffer to that buffer; synced maps device buffers to the
	// host buffer's Version they last matched.
	pending  map[*interp.Buffer]*vulkan.Buffer
	synced   map[*vulkan.Buffer]uint64
	fetchErr error // the first failed fetch, reported at the next launch or the end
}

// viewKey identifies a host memref view; casts of one allocation share it.
type viewKey struct {
	buf     *interp.Buffer
	offset  int64
	shape   string
	elemTyp ir.Type
}

func openSession(module *ir.Operation, o *Options, rep *Report) (*session, error) {
	s := &session{o: o, rep: rep, inst: o.Instance, compiler: o.Compiler,
		kernels: map[*kiln.Kernel]*vulkan.Kernel{},
		buffers: map[viewKey]*vulkan.Buffer{}, pending: map[*interp.Buffer]*vulkan.Buffer{},
		synced: map[*vulkan.Buffer]uint64{}}
	if s.compiler == nil {
		s.compiler = &kiln.Compiler{Passes: o.Passes}
	}
	if s.inst == nil {
		inst, err := vulkan.NewInstance(vulkan.InstanceConfig{Validation: o.Validate})
		if err != nil {
			return nil, module.Errorf("cannot start Vulkan: %v", err)
		}
		s.inst, s.ownInst = inst, true
	}
	idx, err := s.inst.Select(o.Device)
	if err == nil {
		s.dev, err = s.inst.Open(idx, vulkan.DeviceConfig{})
	}
	if err != nil {
		s.close()
		return nil, module.Errorf("%v", err)
	}
	s.info = s.dev.Info()
	rep.Device = s.info.Name
	s.env = kiln.DeviceTargetEnv(module.Context(), s.info)
	return s, nil
}

// close frees what the session made and reports the validation messages
// that tearing it down produced (leaks included).
func (s *session) close() error {
	// Nothing reads the host memrefs after the run: drop what they would
	// fetch rather than copy it.
	for hb := range s.pending {
		hb.SetDeviceNewer(nil)
	}
	for _, b := range s.buffers {
		b.Free()
	}
	for _, k := range s.kernels {
		k.Free()
	}
	var err error
	if s.dev != nil {
		err = s.dev.Close()
	}
	if merr := s.messages(); err == nil {
		err = merr
	}
	if s.ownInst {
		s.inst.Close()
	}
	return err
}

// compile compiles gm for the device (see kiln.Compiler.CompileFor).
func (s *session) compile(gm *ir.Operation) (*kiln.Module, error) {
	return s.compiler.CompileFor(gm, s.env, s.info.Name)
}

// launch is the interp.LaunchFunc of Vulkan runs.
func (s *session) launch(m *interp.Machine, launch, fn *ir.Operation, grid, block [3]int64, args []interp.Value) error {
	start := time.Now()
	if s.fetchErr != nil {
		return launch.Errorf("%v", s.fetchErr)
	}
	s.releaseFreed()
	c, km, err := compiledKernel(launch, fn, args, s.compile)
	if err != nil {
		return err
	}
	groups, err := groupCount(launch, grid, s.info.Limits.MaxComputeWorkGroupCount, "device's maxComputeWorkGroupCount")
	if err != nil || groups[0]*groups[1]*groups[2] == 0 {
		return err // an empty grid runs nothing, as in the simulation
	}
	k, err := s.kernel(launch, c, km)
	if err != nil {
		return err
	}
	vkArgs, after, err := s.bind(launch, fn, km, args)
	if err != nil {
		return err
	}
	d, err := s.dev.Dispatch(k, groups, vkArgs, nil)
	if err == nil {
		err = s.messages()
	}
	if err != nil {
		return launch.Errorf("launch of kernel %s failed: %v", kernelName(fn), err)
	}
	if err := s.keep(after); err != nil {
		return launch.Errorf("%v", err)
	}
	host := time.Since(start) - d
	record(s.o, s.rep, LaunchStat{Kernel: kernelName(fn), Groups: grid, Device: d, Host: host})
	return nil
}

// messages turns the validation layer's messages into an error.
func (s *session) messages() error {
	if !s.o.Validate {
		return nil
	}
	msgs := s.inst.TakeMessages()
	if len(msgs) == 0 {
		return nil
	}
	lines := make([]string, len(msgs))
	for i, msg := range msgs {
		lines[i] = msg.String()
	}
	return fmt.Errorf("the validation layer reported:\n%s", strings.Join(lines, "\n"))
}

// kernel returns the pipeline of km, built on first use.
func (s *session) kernel(launch *ir.Operation, c *kiln.Module, km *kiln.Kernel) (*vulkan.Kernel, error) {
	if k := s.kernels[km]; k != nil {
		return k, nil
	}
	spec := vulkan.KernelSpec{Code: c.Words, Entry: km.Entry, WorkgroupSize: km.WorkgroupSize}
	for _, a := range km.Args {
		if a.Unused {
			continue
		}
		b := vulkan.Binding{Set: a.Set, Binding: a.Binding}
		if a.StorageClass == "Uniform" {
			b.Class = vulkan.Uniform
		}
		spec.Bindings = append(spec.Bindings, b)
	}
	k, err := s.dev.NewKernel(spec)
	if err == nil {
		err = s.messages()
	}
	if err != nil {
		return nil, launch.Errorf("cannot make a Vulkan pipeline for kernel '%s': %v", km.Name, err)
	}
	s.kernels[km] = k
	return k, nil
}

// releaseFreed frees the device buffers of host memrefs the program has
// deallocated since, so that allocations in a loop do not pile up.
func (s *session) releaseFreed() {
	for k, b := range s.buffers {
		if k.buf != nil && k.buf.Freed {
			if s.pending[k.buf] == b {
				k.buf.SetDeviceNewer(nil)
				delete(s.pending, k.buf)
			}
			s.drop(b)
			delete(s.buffers, k)
		}
	}
}

// drop frees a device buffer and forgets what it held.
func (s *session) drop(b *vulkan.Buffer) {
	delete(s.synced, b)
	b.Free()
}
