package runner

import (
	"fmt"
	"slices"
	"time"

	"github.com/kiln-gpu/kiln"
	"github.com/kiln-gpu/kiln/interp"
	"github.com/kiln-gpu/kiln/ir"
	"github.com/kiln-gpu/kiln/runtime/compute"
	"github.com/kiln-gpu/kiln/runtime/gl"
	"github.com/kiln-gpu/kiln/spirv"
	"github.com/kiln-gpu/kiln/spirv/spv"
)

// Backends of Options.Backend.
const (
	BackendVulkan = "vulkan"
	BackendGL     = "gl"
)

// glSession is one Run on an OpenGL 4.5 context: the GL counterpart of
// session, with the kernels compiled for OpenGL (SPIR-V 1.0, scalars in
// uniform blocks, set 0) and gated by spirv-val's opengl4.5 environment.
type glSession struct {
	o        *Options
	rep      *Report
	ctx      *gl.Context
	info     gl.Info
	compiler *kiln.Compiler
	env      *spirv.TargetEnvAttr // derived from the context
	kernels  map[*kiln.Kernel]*gl.Kernel
	buffers  map[viewKey]*gl.Buffer
}

func openGLSession(module *ir.Operation, o *Options, rep *Report) (*glSession, error) {
	c, err := gl.Open(gl.Config{Debug: o.Validate, Device: o.Device})
	if err != nil {
		return nil, module.Errorf("cannot start OpenGL: %v", err)
	}
	s := &glSession{o: o, rep: rep, ctx: c, info: c.Info(), compiler: o.Compiler,
		kernels: map[*kiln.Kernel]*gl.Kernel{}, buffers: map[viewKey]*gl.Buffer{}}
	if s.compiler == nil {
		s.compiler = &kiln.Compiler{Passes: o.Passes}
	}
	rep.Device = s.info.Renderer
	s.env = GLTargetEnv(module.Context(), s.info)
	return s, nil
}

// glCaps lists the capabilities a GL extension gives a kernel, beyond
// Shader and Float64 (core since GL 4.0).
var glCaps = map[string]spv.Capability{
	"GL_ARB_gpu_shader_int64": spv.CapabilityInt64,
}

// GLTargetEnv derives the target environment of a GL context: SPIR-V 1.0
// (all GL_ARB_gl_spirv takes), or 1.3 with the GroupNonUniform
// capabilities of the subgroup operations GL_KHR_shader_subgroup reports
// for compute shaders; the OpenGL client API, the capabilities its
// extensions give, the SPIR-V extensions it lists, and its compute limits.
func GLTargetEnv(ctx *ir.Context, info gl.Info) *spirv.TargetEnvAttr {
	caps := []spv.Capability{spv.CapabilityShader, spv.CapabilityFloat64}
	for _, ext := range info.Extensions {
		if c, ok := glCaps[ext]; ok {
			caps = append(caps, c)
		}
	}
	version := info.MaxSPIRVVersion()
	if version > 0x00010000 {
		for c, op := range gl.SubgroupCapabilities {
			if slices.Contains(info.Subgroup.Operations, op) {
				caps = append(caps, spv.Capability(c))
			}
		}
		slices.Sort(caps)
	}
	l := info.Limits
	lim := spirv.DefaultResourceLimits()
	lim.MaxComputeSharedMemorySize = int64(l.MaxComputeSharedMemorySize)
	lim.MaxComputeWorkgroupInvocations = int64(l.MaxComputeWorkGroupInvocations)
	lim.MaxComputeWorkgroupSize = [3]int64{int64(l.MaxComputeWorkGroupSize[0]), int64(l.MaxComputeWorkGroupSize[1]), int64(l.MaxComputeWorkGroupSize[2])}
	if info.Subgroup.Size > 0 {
		lim.SubgroupSize = int64(info.Subgroup.Size)
	}
	return spirv.NewTargetEnv(ctx, spirv.TargetEnv{
		VCE:      spirv.VCE(ctx, spv.Version(version), caps, slices.Clone(info.SPIRVExtensions)),
		API:      spirv.APIOpenGL,
		DeviceID: spirv.UnknownDeviceID,
		Limits:   spirv.Limits(ctx, lim),
	})
}

// compile compiles gm for GL (kiln.Compiler.CompileFor with the
// context's OpenGL target environment).
func (s *glSession) compile(gm *ir.Operation) (*kiln.Module, error) {
	return s.compiler.CompileFor(gm, s.env, s.info.Renderer+" (OpenGL)")
}

// close frees what the session made.
func (s *glSession) close() error {
	for _, b := range s.buffers {
		b.Free()
	}
	for _, k := range s.kernels {
		k.Free()
	}
	return s.ctx.Close()
}

// launch is the interp.LaunchFunc of GL runs.
func (s *glSession) launch(m *interp.Machine, launch, fn *ir.Operation, grid, block [3]int64, args []interp.Value) error {
	start := time.Now()
	for k, b := range s.buffers {
		if k.buf != nil && k.buf.Freed {
			b.Free()
			delete(s.buffers, k)
		}
	}
	c, km, err := compiledKernel(launch, fn, args, s.compile)
	if err != nil {
		return err
	}
	groups, err := groupCount(launch, grid, s.info.Limits.MaxComputeWorkGroupCount, "context's GL_MAX_COMPUTE_WORK_GROUP_COUNT")
	if err != nil || groups[0]*groups[1]*groups[2] == 0 {
		return err
	}
	k, err := s.kernel(launch, c, km)
	if err != nil {
		return err
	}
	glArgs, copies, err := s.bind(launch, fn, km, args)
	if err != nil {
		return err
	}
	d, err := s.ctx.Dispatch(k, groups, glArgs)
	if err != nil {
		return launch.Errorf("launch of kernel %s failed: %v", kernelName(fn), err)
	}
	for _, cp := range copies {
		if err := cp(); err != nil {
			return launch.Errorf("reading back kernel results: %v", err)
		}
	}
	record(s.o, s.rep, LaunchStat{Kernel: kernelName(fn), Groups: grid, Device: d, Host: time.Since(start) - d})
	return nil
}

// kernel returns the program of km, built on first use.
func (s *glSession) kernel(launch *ir.Operation, c *kiln.Module, km *kiln.Kernel) (*gl.Kernel, error) {
	if k := s.kernels[km]; k != nil {
		return k, nil
	}
	spec := gl.KernelSpec{Code: c.Words, Entry: km.Entry, WorkgroupSize: km.WorkgroupSize}
	for _, a := range km.Args {
		if a.Unused {
			continue
		}
		b := gl.Binding{Binding: a.Binding}
		if a.StorageClass == "Uniform" {
			b.Class = compute.Uniform
		}
		spec.Bindings = append(spec.Bindings, b)
	}
	k, err := s.ctx.NewKernel(spec)
	if err != nil {
		return nil, launch.Errorf("cannot make a GL program for kernel '%s': %v", km.Name, err)
	}
	s.kernels[km] = k
	return k, nil
}

// bind uploads every argument into a GL buffer and returns the bindings
// and, for memrefs, the copies back that follow the dispatch.
func (s *glSession) bind(launch, fn *ir.Operation, km *kiln.Kernel, args []interp.Value) ([]gl.Arg, []func() error, error) {
	var out []gl.Arg
	var copies []func() error
	for i, a := range args {
		am := km.Args[i]
		if am.Unused {
			continue
		}
		data, narrow, mr, size := argData(fn, i, a, am)
		if lim := s.maxRange(am); uint64(size) > lim {
			return nil, nil, launch.Errorf("argument %d of kernel '%s' takes %d bytes, more than the context's %s %d",
				i, km.Name, size, s.maxRangeName(am), lim)
		}
		buf, err := s.buffer(mr, uint64(size))
		if err == nil {
			err = buf.Write(0, data)
		}
		if err != nil {
			return nil, nil, launch.Errorf("argument %d of kernel '%s': %v", i, km.Name, err)
		}
		out = append(out, gl.Arg{Binding: am.Binding, Buffer: buf})
		if mr != nil {
			n := len(data)
			copies = append(copies, func() error {
				got := make([]byte, n)
				if err := buf.Read(0, got); err != nil {
					return err
				}
				return mr.SetBytes(widenIndex(got, narrow))
			})
		}
	}
	return out, copies, nil
}

func (s *glSession) maxRange(am kiln.Binding) uint64 {
	if am.StorageClass == "Uniform" {
		return s.info.Limits.MaxUniformBlockSize
	}
	return s.info.Limits.MaxShaderStorageBlockSize
}

func (s *glSession) maxRangeName(am kiln.Binding) string {
	if am.StorageClass == "Uniform" {
		return "GL_MAX_UNIFORM_BLOCK_SIZE"
	}
	return "GL_MAX_SHADER_STORAGE_BLOCK_SIZE"
}

// buffer returns the GL buffer of a memref view (kept for later launches)
// or a fresh one for a scalar, freed with the session.
func (s *glSession) buffer(mr *interp.MemRef, size uint64) (*gl.Buffer, error) {
	key := viewKey{}
	if mr != nil {
		key = viewKey{buf: mr.Buf, offset: mr.Offset, shape: fmt.Sprint(mr.Sizes, mr.Strides), elemTyp: mr.Elem}
		if b := s.buffers[key]; b != nil && b.Size() >= size {
			return b, nil
		}
	}
	b, err := s.ctx.NewBuffer(size)
	if err != nil {
		return nil, err
	}
	if mr == nil {
		key = viewKey{shape: fmt.Sprintf("scalar %p", b)}
	} else if old := s.buffers[key]; old != nil {
		old.Free()
	}
	s.buffers[key] = b
	return b, nil
}
