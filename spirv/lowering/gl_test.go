package lowering_test

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/kiln-gpu/kiln/gpu"
	"github.com/kiln-gpu/kiln/interp"
	"github.com/kiln-gpu/kiln/ir"
	"github.com/kiln-gpu/kiln/runtime/compute"
	"github.com/kiln-gpu/kiln/runtime/gl"
	"github.com/kiln-gpu/kiln/spirv"
	"github.com/kiln-gpu/kiln/spirv/lowering"
	"github.com/kiln-gpu/kiln/spirv/serialize"
	"github.com/kiln-gpu/kiln/spirv/spv"
	"github.com/kiln-gpu/kiln/spirv/transforms"
	"github.com/kiln-gpu/kiln/spirv/validate"
)

// glCaps are the capabilities a kernel may keep on OpenGL 4.5 (SPIR-V 1.0):
// Shader and what it implies, Float64 (core since GL 4.0), and Int64 with
// GL_ARB_gpu_shader_int64. Others are dropped from the target, so that the
// lowering emulates what it can (8- and 16-bit storage) or refuses.
func glCaps(info gl.Info) []spv.Capability {
	caps := []spv.Capability{spv.CapabilityShader, spv.CapabilityMatrix, spv.CapabilityFloat64}
	if slices.Contains(info.Extensions, "GL_ARB_gpu_shader_int64") {
		caps = append(caps, spv.CapabilityInt64)
	}
	return caps
}

// TestKernelsOnGL is TestKernelsOnVulkan on an OpenGL 4.5 context: each
// chunk's target environment is made OpenGL's (SPIR-V 1.0, the context's
// capabilities), lowered (scalar arguments in uniform blocks), checked by
// spirv-val's opengl4.5 and run on GL; every buffer must equal the
// reference interpreter's. A chunk whose kernel needs what GL's SPIR-V
// lacks (GroupNonUniform operations, 8-bit arithmetic) must fail to lower
// with a diagnostic naming the missing capability, and is counted.
func TestKernelsOnGL(t *testing.T) {
	c, err := gl.Open(gl.Config{Debug: true})
	if err != nil {
		if ci, _ := strconv.ParseBool(os.Getenv("CI")); ci || !errors.Is(err, gl.ErrNoContext) {
			t.Fatal(err)
		}
		t.Skipf("no OpenGL 4.5 context: %v", err)
	}
	defer c.Close()
	sources := kernelChunks(t)
	files, _ := filepath.Glob(filepath.Join(vulkanTests, "*.mlir"))
	for _, f := range files {
		src, _ := os.ReadFile(f)
		sources = append(sources, chunk{filepath.Base(f), string(src), true})
	}
	ran, refused := 0, 0
	for _, ch := range sources {
		t.Run(ch.name, func(t *testing.T) {
			switch runOnGL(t, c, ch) {
			case true:
				ran++
			case false:
				refused++
			}
		})
	}
	t.Logf("%d chunks ran on GL, %d need what GL's SPIR-V lacks", ran, refused)
	if ran == 0 {
		t.Error("no chunk ran on GL")
	}
}

// runOnGL runs one chunk; it returns false when the lowering refuses the
// chunk for a capability GL lacks.
func runOnGL(t *testing.T, c *gl.Context, ch chunk) bool {
	cannot := t.Fatalf
	if ch.upstream {
		cannot = t.Skipf
	}
	tol, err := tolerance(ch.src)
	if err != nil {
		t.Fatal(err)
	}
	ref, err := ir.Parse(newContext(), ch.src, ch.name)
	if err != nil {
		t.Fatal(err)
	}
	m, err := ir.Parse(newContext(), ch.src, ch.name)
	if err != nil {
		t.Fatal(err)
	}
	glTarget(m, glCaps(c.Info()))
	words, err := lowerForGL(m)
	if err != nil {
		if msg := err.Error(); strings.Contains(msg, "capabilit") || strings.Contains(msg, "not available in the target environment") {
			t.Logf("GL cannot run it: %v", firstLine(msg))
			return false
		}
		t.Fatal(err)
	}
	if len(words) != 1 {
		cannot("several kernel modules")
	}
	if err := (&validate.Validator{Env: validate.OpenGL4_5}).Validate(context.Background(), words[0]); errors.Is(err, validate.ErrNotFound) {
		t.Skipf("%v", err)
	} else if err != nil {
		t.Fatalf("spirv-val --target-env opengl4.5: %v", err)
	}
	launches := launchesOf(ref)
	if len(launches) == 0 {
		cannot("no kernel to launch")
	}
	for _, l := range launches {
		f, _ := gpu.AsFunc(l.kernel)
		mod, err := compute.ParseModule(words[0], f.Name())
		if err != nil {
			t.Fatal(err)
		}
		used, _, err := mod.Resources()
		if err != nil {
			t.Fatal(err)
		}
		inputs := f.FunctionType().Inputs
		args := l.args(inputs, cannot)
		var glArgs []gl.Arg
		var bindings []gl.Binding
		bufs := make([]*gl.Buffer, len(inputs))
		for i := range inputs {
			class, ok := used[[2]uint32{0, uint32(i)}]
			if !ok {
				continue
			}
			data := l.argBytes(args, i)
			b, err := c.NewBuffer(uint64((len(data) + 15) / 16 * 16))
			if err != nil {
				t.Fatal(err)
			}
			defer b.Free()
			if err := b.Write(0, data); err != nil {
				t.Fatal(err)
			}
			bufs[i] = b
			glArgs = append(glArgs, gl.Arg{Binding: uint32(i), Buffer: b})
			bindings = append(bindings, gl.Binding{Binding: uint32(i), Class: class})
		}
		sim := interp.New(ref)
		sim.SubgroupSize = 32
		if err := interp.Simulate(sim, l.kernel, l.kernel, l.grid, l.block, args); err != nil {
			t.Fatalf("interp: %v", err)
		}
		k, err := c.NewKernel(gl.KernelSpec{Code: words[0], Entry: f.Name(), Bindings: bindings})
		if err != nil {
			t.Fatal(err)
		}
		defer k.Free()
		groups := [3]uint32{uint32(l.grid[0]), uint32(l.grid[1]), uint32(l.grid[2])}
		if _, err := c.Dispatch(k, groups, glArgs); err != nil {
			t.Fatal(err)
		}
		for i := range inputs {
			mr, ok := args[i].(*interp.MemRef)
			if !ok || bufs[i] == nil {
				continue
			}
			want := mr.Bytes()
			got := make([]byte, len(want))
			if err := bufs[i].Read(0, got); err != nil {
				t.Fatal(err)
			}
			for _, d := range compare(mr, got, tol) {
				t.Errorf("%s argument %d: %s", f.Name(), i, d)
			}
		}
	}
	return true
}

// glTarget makes every target environment in m OpenGL's: SPIR-V 1.0, the
// capabilities of caps it asks for (Shader at least), and the storage
// buffer class extension.
func glTarget(m *ir.Operation, caps []spv.Capability) {
	ctx := m.Context()
	m.Walk(func(op *ir.Operation) bool {
		env, ok := op.Attr(spirv.TargetEnvAttrName).(*spirv.TargetEnvAttr)
		if !ok {
			return true
		}
		keep := []spv.Capability{spv.CapabilityShader}
		for _, c := range env.Capabilities() {
			if slices.Contains(caps, c) && !slices.Contains(keep, c) {
				keep = append(keep, c)
			}
		}
		t := env.TargetEnv
		t.API = spirv.APIOpenGL
		t.VCE = spirv.VCE(ctx, spv.MakeVersion(1, 0), keep, []string{"SPV_KHR_storage_buffer_storage_class"})
		op.SetAttr(spirv.TargetEnvAttrName, spirv.NewTargetEnv(ctx, t))
		return true
	})
}

// lowerForGL is lowerAndSerialize returning the lowering's error.
func lowerForGL(m *ir.Operation) ([][]uint32, error) {
	if err := lowering.Convert(m, lowering.Options{GPUModules: true}); err != nil {
		return nil, err
	}
	if err := transforms.LowerABI(m); err != nil {
		return nil, err
	}
	if err := transforms.DeduceVCE(m); err != nil {
		return nil, err
	}
	if err := ir.Verify(m); err != nil {
		return nil, err
	}
	var out [][]uint32
	for op := range m.Region(0).Entry().Ops() {
		if op.Name() == "spirv.module" {
			w, err := serialize.Serialize(op)
			if err != nil {
				return nil, err
			}
			out = append(out, w)
		}
	}
	return out, nil
}

func firstLine(s string) string {
	line, _, _ := strings.Cut(s, "\n")
	return line
}
