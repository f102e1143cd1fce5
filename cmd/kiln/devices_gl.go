package main

import (
	"fmt"
	"io"
	"strings"

	"github.com/kiln-gpu/kiln/runtime/gl"
)

// glDevice describes the OpenGL context `kiln run --backend=gl` would use:
// its Info, or why there is none (GL's absence does not fail kiln devices).
// EGLDevices are what --backend=gl --device=INDEX chooses from.
type glDevice struct {
	Info        *gl.Info `json:"info,omitempty"`
	Unavailable string   `json:"unavailable,omitempty"`
	EGLDevices  []string `json:"eglDevices"`
}

func openGLDevice() glDevice {
	devs, _ := gl.Devices("")
	c, err := gl.Open(gl.Config{})
	if err != nil {
		return glDevice{Unavailable: strings.TrimPrefix(err.Error(), "gl: "), EGLDevices: devs}
	}
	defer c.Close()
	info := c.Info()
	return glDevice{Info: &info, EGLDevices: devs}
}

// print writes the context as an indented summary, like printDevice.
func (g glDevice) print(w io.Writer) {
	row := func(key, format string, args ...any) {
		fmt.Fprintf(w, "  %-12s %s\n", key, fmt.Sprintf(format, args...))
	}
	if g.Info == nil {
		fmt.Fprintf(w, "gl: unavailable\n")
		row("reason", "%s", g.Unavailable)
		return
	}
	i, l := g.Info, g.Info.Limits
	fmt.Fprintf(w, "gl: %s\n", i.Renderer)
	row("api", "OpenGL %s, EGL %s (surfaceless), vendor %s", i.Version, i.EGLVersion, i.Vendor)
	row("workgroups", "count %v, size %v, %d invocations, %d bytes shared",
		l.MaxComputeWorkGroupCount, l.MaxComputeWorkGroupSize,
		l.MaxComputeWorkGroupInvocations, l.MaxComputeSharedMemorySize)
	row("buffers", "storage block %d (align %d, %d bindings), uniform block %d (align %d, %d bindings)",
		l.MaxShaderStorageBlockSize, l.ShaderStorageBufferOffsetAlignment, l.MaxShaderStorageBufferBindings,
		l.MaxUniformBlockSize, l.UniformBufferOffsetAlignment, l.MaxUniformBufferBindings)
	row("spirv", "SPIR-V up to %d.%d, %s", i.MaxSPIRVVersion()>>16, i.MaxSPIRVVersion()>>8&0xff, strings.Join(i.SPIRVExtensions, " "))
	if sg := i.Subgroup; sg.Size > 0 {
		row("subgroups", "size %d, %s in %s (GL_KHR_shader_subgroup)", sg.Size, strings.Join(sg.Operations, " "), strings.Join(sg.Stages, " "))
	} else {
		row("subgroups", "none (no GL_KHR_shader_subgroup)")
	}
	for n, d := range g.EGLDevices {
		row(fmt.Sprintf("egl device %d", n), "%s", d)
	}
}
