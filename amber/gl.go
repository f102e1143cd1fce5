package amber

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/kiln-gpu/kiln/runtime/compute"
	"github.com/kiln-gpu/kiln/runtime/gl"
	"github.com/kiln-gpu/kiln/spirv/spv"
	"github.com/kiln-gpu/kiln/spirv/validate"
)

// RunGL executes the script on an OpenGL 4.5 context, as Run does on a
// Vulkan device. AmberScript is written for Vulkan: a script runs on GL
// when what it uses has a GL counterpart (GLSL compiles with
// glslangValidator -G; SPIR-V must pass spirv-val's OpenGL rules, use
// descriptor set 0 and no push constants). Anything else, and every
// DEVICE_FEATURE or DEVICE_EXTENSION without a GL counterpart, makes it
// unsupported, naming what GL lacks, before the driver sees anything.
func (s *Script) RunGL(ctx context.Context, c *gl.Context, comp *Compiler) error {
	return s.run(ctx, glBackend{c}, comp)
}

type glBackend struct{ c *gl.Context }

func (g glBackend) gl() bool { return true }

// glFeatures are the Vulkan features GL has, each with the GL extension
// that gives it ("" for core OpenGL 4.5).
var glFeatures = map[string]string{
	"shaderFloat64": "",
	"shaderInt64":   "GL_ARB_gpu_shader_int64",
}

// glExtensions are the Vulkan extensions whose SPIR-V extension GL may
// accept (GL_SPIR_V_EXTENSIONS).
var glExtensions = map[string]string{
	"VK_KHR_storage_buffer_storage_class": "SPV_KHR_storage_buffer_storage_class",
}

func (g glBackend) requirements(s *Script) error {
	info := g.c.Info()
	for _, f := range s.Features {
		name := f.Name[strings.LastIndex(f.Name, ".")+1:]
		ext, ok := glFeatures[name]
		switch {
		case !ok:
			return &UnsupportedError{File: s.File, Pos: f.Pos, What: fmt.Sprintf("DEVICE_FEATURE %s: a Vulkan feature Kiln's OpenGL runtime has no counterpart of", f.Name)}
		case ext != "" && !slices.Contains(info.Extensions, ext):
			return &UnsupportedError{File: s.File, Pos: f.Pos, What: fmt.Sprintf("DEVICE_FEATURE %s: OpenGL context %q lacks %s", f.Name, info.Renderer, ext)}
		}
	}
	for _, x := range s.Extensions {
		spvExt, ok := glExtensions[x.Name]
		switch {
		case !ok || x.Instance:
			return &UnsupportedError{File: s.File, Pos: x.Pos, What: fmt.Sprintf("DEVICE_EXTENSION %s: a Vulkan extension without an OpenGL counterpart", x.Name)}
		case !slices.Contains(info.SPIRVExtensions, spvExt):
			return &UnsupportedError{File: s.File, Pos: x.Pos, What: fmt.Sprintf("DEVICE_EXTENSION %s: OpenGL context %q does not list %s", x.Name, info.Renderer, spvExt)}
		}
	}
	for _, pl := range sortedPipelines(s) {
		if pl.Push != nil {
			return &UnsupportedError{File: s.File, Pos: pl.Pos, What: fmt.Sprintf("PIPELINE %s: push constants, which OpenGL's SPIR-V does not have", pl.Name)}
		}
		for _, b := range pl.Bindings {
			if b.Set != 0 {
				return &UnsupportedError{File: s.File, Pos: b.Pos, What: fmt.Sprintf("DESCRIPTOR_SET %d: OpenGL's SPIR-V has descriptor set 0 only", b.Set)}
			}
		}
	}
	return nil
}

// module gates a pipeline's SPIR-V before Mesa, which crashes on SPIR-V
// written for Vulkan, sees it: its version, its subgroup operations and
// spirv-val's OpenGL 4.5 rules (SPIR-V's own for 1.3, which spirv-val's
// OpenGL environments predate; runtime/gl checks the rest).
func (g glBackend) module(s *Script, pl *Pipeline, words []uint32) error {
	info := g.c.Info()
	unsupported := func(format string, args ...any) error {
		return &UnsupportedError{File: s.File, Pos: pl.Shader.Pos, What: fmt.Sprintf("SHADER %s: ", pl.Shader.Name) + fmt.Sprintf(format, args...)}
	}
	m, err := compute.ParseModule(words, pl.Entry)
	if err != nil {
		return fmt.Errorf("%s:%d:%d: SHADER %s: %w", s.File, pl.Shader.Line, pl.Shader.Col, pl.Shader.Name, err)
	}
	if top := info.MaxSPIRVVersion(); m.Version > top {
		return unsupported("SPIR-V %d.%d, and OpenGL context %q takes at most %d.%d", m.Version>>16, m.Version>>8&0xff, info.Renderer, top>>16, top>>8&0xff)
	}
	for _, c := range m.Capabilities {
		if op, ok := gl.SubgroupCapabilities[c]; ok && !slices.Contains(info.Subgroup.Operations, op) {
			return unsupported("capability %s needs %s subgroup operations, which OpenGL context %q lacks", spv.KindCapability.Format(c), op, info.Renderer)
		}
	}
	env := validate.OpenGL4_5
	if m.Version > 0x00010000 {
		env = validate.Spv1_3
	}
	if err := validate.Validate(context.Background(), words, env); err != nil {
		return unsupported("not SPIR-V OpenGL takes (spirv-val --target-env %s): %v", env, err)
	}
	return nil
}

func (g glBackend) newBuffer(size uint64) (buffer, error) { return g.c.NewBuffer(size) }

func (g glBackend) newKernel(pl *Pipeline, words []uint32, bufs map[*Buffer]buffer) (kernel, error) {
	spec := gl.KernelSpec{Code: words, Entry: pl.Entry}
	k := &glKernel{c: g.c}
	for _, b := range pl.Bindings {
		class := compute.StorageBuffer
		if b.Uniform {
			class = compute.Uniform
		}
		spec.Bindings = append(spec.Bindings, gl.Binding{Binding: b.Binding, Class: class})
		k.args = append(k.args, gl.Arg{Binding: b.Binding, Buffer: bufs[b.Buffer].(*gl.Buffer), Offset: b.Offset, Size: b.Range})
	}
	for _, sc := range pl.Specialize {
		spec.SpecConstants = append(spec.SpecConstants, gl.SpecConstant{ID: sc.ID, Value: uint32(sc.Value)})
	}
	var err error
	if k.k, err = g.c.NewKernel(spec); err != nil {
		return nil, err
	}
	return k, nil
}

type glKernel struct {
	c    *gl.Context
	k    *gl.Kernel
	args []gl.Arg
}

func (k *glKernel) dispatch(groups [3]uint32, _ []byte) error {
	_, err := k.c.Dispatch(k.k, groups, k.args)
	return err
}

func (k *glKernel) free() { k.k.Free() }
