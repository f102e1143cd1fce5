package gl

import (
	"cmp"
	"fmt"
	"maps"
	"slices"
	"unsafe"

	gl "github.com/go-gl/gl/v4.5-core/gl"

	"github.com/kiln-gpu/kiln/runtime/compute"
)

// Binding describes one block a kernel uses. GL's SPIR-V has one descriptor
// set, 0, so a binding is its number and class only.
type Binding struct {
	Binding uint32
	Class   compute.Class
}

// SpecConstant sets the specialization constant with SpecId ID. GL takes
// 32-bit values only.
type SpecConstant struct {
	ID    uint32
	Value uint32
}

// KernelSpec describes a compute program to build from SPIR-V.
type KernelSpec struct {
	Code  []uint32
	Entry string // "main" when empty
	// Bindings must describe every block the module uses, and no other.
	Bindings      []Binding
	SpecConstants []SpecConstant
	// WorkgroupSize, when set, must equal the module's after
	// specialization.
	WorkgroupSize [3]uint32
}

// A Kernel is a linked compute program.
type Kernel struct {
	ctx      *Context
	entry    string
	program  uint32
	size     [3]uint32
	bindings []Binding
	freed    bool // set on the context's thread
}

// NewKernel checks spec against the module and the context's limits, then
// hands the module to the driver (glShaderBinary with SPIR-V,
// glSpecializeShaderARB, glLinkProgram). The checks come first because
// Mesa crashes on SPIR-V GL does not allow (push constants, descriptor sets
// other than 0): a module that passed `spirv-val --target-env opengl4.5`
// passes them.
func (c *Context) NewKernel(spec KernelSpec) (*Kernel, error) {
	k := &Kernel{ctx: c, entry: spec.Entry}
	if k.entry == "" {
		k.entry = "main"
	}
	m, err := compute.ParseModule(spec.Code, k.entry)
	if err != nil {
		return nil, fmt.Errorf("gl: %w", err)
	}
	if top := c.info.MaxSPIRVVersion(); m.Version > top || m.Version < 0x00010000 {
		takes := "SPIR-V 1.0 (1.3 needs GL_KHR_shader_subgroup)"
		if top > 0x00010000 {
			takes = fmt.Sprintf("SPIR-V 1.0 to %d.%d", top>>16, top>>8&0xff)
		}
		return nil, fmt.Errorf("gl: SPIR-V %d.%d: %s takes %s: %w",
			m.Version>>16, m.Version>>8&0xff, c.info.Renderer, takes, ErrUnsupported)
	}
	for _, cap := range m.Capabilities {
		if op, ok := SubgroupCapabilities[cap]; ok && !slices.Contains(c.info.Subgroup.Operations, op) {
			return nil, fmt.Errorf("gl: kernel %q needs %s subgroup operations, which %s lacks: %w",
				k.entry, op, c.info.Renderer, ErrUnsupported)
		}
	}
	widths := m.SpecConstantWidths()
	values := map[uint32]uint64{}
	for _, s := range spec.SpecConstants {
		w, ok := widths[s.ID]
		_, dup := values[s.ID]
		switch {
		case !ok:
			return nil, fmt.Errorf("gl: the module has no specialization constant with SpecId %d: %w", s.ID, ErrBadArgument)
		case dup:
			return nil, fmt.Errorf("gl: specialization constant %d given twice: %w", s.ID, ErrBadArgument)
		case w != 4:
			return nil, fmt.Errorf("gl: specialization constant %d is 64-bit; GL specializes 32-bit values only: %w",
				s.ID, ErrUnsupported)
		}
		values[s.ID] = uint64(s.Value)
	}
	if k.size, err = m.WorkgroupSize(values); err != nil {
		return nil, fmt.Errorf("gl: %w", err)
	}
	if spec.WorkgroupSize != [3]uint32{} && spec.WorkgroupSize != k.size {
		return nil, fmt.Errorf("gl: kernel %q: WorkgroupSize %v, but the module's is %v: %w",
			k.entry, spec.WorkgroupSize, k.size, ErrBadArgument)
	}
	if err := c.info.Limits.workgroups().CheckWorkgroupSize(k.entry, k.size); err != nil {
		return nil, fmt.Errorf("gl: %w", err)
	}
	if err := k.setBindings(m, spec.Bindings); err != nil {
		return nil, err
	}
	err = c.do(func() error {
		if err := k.build(spec, values); err != nil {
			return err
		}
		c.mu.Lock()
		c.kernels[k] = struct{}{}
		c.mu.Unlock()
		return nil
	})
	if err != nil {
		return nil, err
	}
	return k, nil
}

// setBindings checks the described bindings against the module and the
// limits: set 0 only, no push constants, each binding described once.
func (k *Kernel) setBindings(m *compute.Module, bindings []Binding) error {
	used, push, err := m.Resources()
	if err != nil {
		return fmt.Errorf("gl: kernel %q: %w", k.entry, err)
	}
	if push {
		return fmt.Errorf("gl: kernel %q uses push constants, which GL's SPIR-V does not have: %w", k.entry, ErrUnsupported)
	}
	lim := k.ctx.info.Limits
	described := map[uint32]compute.Class{}
	for _, b := range bindings {
		_, dup := described[b.Binding]
		switch {
		case dup:
			return fmt.Errorf("gl: kernel %q: binding %d described twice: %w", k.entry, b.Binding, ErrBadArgument)
		case b.Class > compute.Uniform:
			return fmt.Errorf("gl: kernel %q: binding %d has unknown class %d: %w", k.entry, b.Binding, b.Class, ErrBadArgument)
		case b.Class == compute.StorageBuffer && b.Binding >= lim.MaxShaderStorageBufferBindings:
			return fmt.Errorf("gl: kernel %q: binding %d is not below GL_MAX_SHADER_STORAGE_BUFFER_BINDINGS %d: %w",
				k.entry, b.Binding, lim.MaxShaderStorageBufferBindings, ErrLimit)
		case b.Class == compute.Uniform && b.Binding >= lim.MaxUniformBufferBindings:
			return fmt.Errorf("gl: kernel %q: binding %d is not below GL_MAX_UNIFORM_BUFFER_BINDINGS %d: %w",
				k.entry, b.Binding, lim.MaxUniformBufferBindings, ErrLimit)
		}
		described[b.Binding] = b.Class
	}
	for _, key := range slices.SortedFunc(maps.Keys(used), func(a, b [2]uint32) int {
		return cmp.Or(cmp.Compare(a[0], b[0]), cmp.Compare(a[1], b[1]))
	}) {
		got, ok := described[key[1]]
		switch {
		case key[0] != 0:
			return fmt.Errorf("gl: kernel %q uses descriptor set %d; GL's SPIR-V has set 0 only: %w", k.entry, key[0], ErrUnsupported)
		case !ok:
			return fmt.Errorf("gl: kernel %q: the module uses binding %d, which Bindings do not describe: %w", k.entry, key[1], ErrBadArgument)
		case got != used[key]:
			return fmt.Errorf("gl: kernel %q: the module declares binding %d as %v, but Bindings say %v: %w",
				k.entry, key[1], used[key], got, ErrBadArgument)
		}
	}
	for b := range described {
		if _, ok := used[[2]uint32{0, b}]; !ok {
			return fmt.Errorf("gl: kernel %q: Bindings describe binding %d, which the module does not use: %w", k.entry, b, ErrBadArgument)
		}
	}
	k.bindings = slices.SortedFunc(slices.Values(bindings), func(a, b Binding) int { return cmp.Compare(a.Binding, b.Binding) })
	return nil
}

// build compiles, specializes and links the program on the context's thread.
func (k *Kernel) build(spec KernelSpec, values map[uint32]uint64) error {
	code := splitSharedBlocks(spec.Code)
	sh := gl.CreateShader(gl.COMPUTE_SHADER)
	defer gl.DeleteShader(sh)
	gl.ShaderBinary(1, &sh, gl.SHADER_BINARY_FORMAT_SPIR_V_ARB, unsafe.Pointer(&code[0]), int32(4*len(code)))
	if err := glError("glShaderBinary"); err != nil {
		return err
	}
	ids := slices.Sorted(maps.Keys(values))
	vals := make([]uint32, len(ids))
	for i, id := range ids {
		vals[i] = uint32(values[id])
	}
	entry := gl.Str(k.entry + "\x00")
	var idp, valp *uint32
	if len(ids) > 0 {
		idp, valp = &ids[0], &vals[0]
	}
	gl.SpecializeShaderARB(sh, entry, uint32(len(ids)), idp, valp)
	var ok int32
	gl.GetShaderiv(sh, gl.COMPILE_STATUS, &ok)
	if ok == gl.FALSE {
		return fmt.Errorf("gl: glSpecializeShaderARB(%q) failed: %s: %w", k.entry, shaderLog(sh, false), ErrInvalidSPIRV)
	}
	p := gl.CreateProgram()
	gl.AttachShader(p, sh)
	gl.LinkProgram(p)
	gl.GetProgramiv(p, gl.LINK_STATUS, &ok)
	if ok == gl.FALSE {
		msg := shaderLog(p, true)
		gl.DeleteProgram(p)
		return fmt.Errorf("gl: glLinkProgram(%q) failed: %s: %w", k.entry, msg, ErrUnsupported)
	}
	k.program = p
	return glError("building the program")
}

// shaderLog returns a shader's or program's info log.
func shaderLog(name uint32, program bool) string {
	var n int32
	if program {
		gl.GetProgramiv(name, gl.INFO_LOG_LENGTH, &n)
	} else {
		gl.GetShaderiv(name, gl.INFO_LOG_LENGTH, &n)
	}
	if n <= 1 {
		return "no log"
	}
	buf := make([]uint8, n)
	if program {
		gl.GetProgramInfoLog(name, n, nil, &buf[0])
	} else {
		gl.GetShaderInfoLog(name, n, nil, &buf[0])
	}
	return string(buf[:n-1])
}

// WorkgroupSize is the kernel's workgroup size after specialization.
func (k *Kernel) WorkgroupSize() [3]uint32 { return k.size }

// Free deletes the program; freeing twice does nothing.
func (k *Kernel) Free() {
	k.ctx.mu.Lock()
	_, live := k.ctx.kernels[k]
	delete(k.ctx.kernels, k)
	k.ctx.mu.Unlock()
	if !live {
		return
	}
	k.ctx.do(func() error {
		gl.DeleteProgram(k.program)
		k.freed = true
		return nil
	})
}
