package main

import (
	"bytes"
	"encoding/binary"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/kiln-gpu/kiln"
	"github.com/kiln-gpu/kiln/runtime/gl"
)

// needGL skips when no OpenGL 4.5 context can be made, except under
// CI=true, where ci/install.sh provides Mesa's EGL and llvmpipe. It
// returns the context's description.
func needGL(t *testing.T) gl.Info {
	t.Helper()
	c, err := gl.Open(gl.Config{})
	if err != nil {
		if ci, _ := strconv.ParseBool(os.Getenv("CI")); ci || !errors.Is(err, gl.ErrNoContext) {
			t.Fatalf("no OpenGL 4.5 context: %v", err)
		}
		t.Skipf("no OpenGL 4.5 context: %v", err)
	}
	defer c.Close()
	return c.Info()
}

// glSubgroupTests are the upstream tests that need SPIR-V 1.3's
// GroupNonUniform operations, which GL has with GL_KHR_shader_subgroup
// only (Debian 12's Mesa 22.3 llvmpipe lacks it): without
// it, each fails with this diagnostic.
var glSubgroupTests = map[string]string{
	"argmax.mlir": "the target environment asks for SPIR-V 1.3, but device",
}

// TestRunGL runs every upstream Vulkan integration test and every runner
// sample under --backend=gl with a debug context, checks the output with
// FileCheck, and compares it with the Vulkan (validated) and --reference
// runs: all three print the same, bit for bit.
func TestRunGL(t *testing.T) {
	info := needGL(t)
	needRunDevice(t)
	files := upstreamVulkanTests(t)
	samples, _ := filepath.Glob("../../runner/testdata/*.mlir")
	for _, path := range samples {
		if src, err := os.ReadFile(path); err == nil && strings.Contains(string(src), "// RUN: kiln run") {
			files = append(files, path)
		}
	}
	for _, path := range files {
		name := filepath.Base(path)
		t.Run(name, func(t *testing.T) {
			out, errs, code := kilnRun("--backend=gl", "--validate", launchTimes, path)
			if want, ok := glSubgroupTests[name]; ok && info.MaxSPIRVVersion() < 0x00010300 {
				if code != 1 || !strings.Contains(errs, want) {
					t.Fatalf("exit %d, want 1 with %q:\n%s", code, want, errs)
				}
				return
			}
			if code != 0 {
				t.Fatalf("exit %d:\n%s", code, errs)
			}
			fileCheck(t, path, out)
			out = timeLines.ReplaceAllString(out, "")
			for _, other := range [][]string{{"--validate"}, {"--reference"}} {
				got, errs, code := kilnRun(append(other, launchTimes, path)...)
				if code != 0 {
					t.Fatalf("%s: exit %d:\n%s", other[0], code, errs)
				}
				if got = timeLines.ReplaceAllString(got, ""); got != out {
					t.Errorf("--backend=gl and %s disagree:\n%s\n---\n%s", other[0], out, got)
				}
			}
		})
	}
}

// launchTimes makes kiln run print each launch's times as MLIR's Vulkan
// runtime library does, which upstream's time.mlir checks.
const launchTimes = "--shared-libs=libvulkan-runtime-wrappers.so"

// TestRunGLBadBackend: an unknown backend, or an EGL device that is not
// there, is a located error.
func TestRunGLBadBackend(t *testing.T) {
	_, errs, code := kilnRun("--backend=metal", "../../runner/testdata/addf.mlir")
	if code != 1 || !strings.Contains(errs, "unknown backend 'metal' (want vulkan or gl)") {
		t.Errorf("exit %d: %s", code, errs)
	}
	needGL(t)
	_, errs, code = kilnRun("--backend=gl", "--device=99", "../../runner/testdata/addf.mlir")
	if code != 1 || !strings.Contains(errs, "addf.mlir:6:1: error: 'builtin.module' op cannot start OpenGL: gl: no EGL device 99") {
		t.Errorf("exit %d: %s", code, errs)
	}
	out, errs, code := kilnRun("--backend=gl", "--device=0", "../../runner/testdata/addf.mlir")
	if code != 0 || !strings.Contains(out, "[1.5,  2.5,  3.5,  4.5,  5.5,  6.5,  7.5,  8.5]") {
		t.Errorf("on EGL device 0: exit %d: %s%s", code, out, errs)
	}
}

// TestDevicesGL: kiln devices lists the GL renderer and its limits, in text
// and JSON.
func TestDevicesGL(t *testing.T) {
	needGL(t)
	var stdout, stderr bytes.Buffer
	needVulkan(t, dispatch([]string{"devices"}, nil, &stdout, &stderr), stderr.String())
	text := stdout.String()
	for _, want := range []string{"\ngl: ", "OpenGL 4.5", "surfaceless", "storage block ", "SPV_KHR_storage_buffer_storage_class"} {
		if !strings.Contains(text, want) {
			t.Errorf("kiln devices lacks %q:\n%s", want, text)
		}
	}
	stdout.Reset()
	needVulkan(t, dispatch([]string{"devices", "--json"}, nil, &stdout, &stderr), stderr.String())
	var out struct {
		GL struct {
			Info struct {
				Renderer string    `json:"renderer"`
				Limits   gl.Limits `json:"limits"`
			} `json:"info"`
		} `json:"gl"`
	}
	if err := json.Unmarshal(stdout.Bytes(), &out); err != nil {
		t.Fatal(err)
	}
	if out.GL.Info.Renderer == "" || out.GL.Info.Limits.MaxComputeWorkGroupInvocations == 0 || out.GL.Info.Limits.MaxShaderStorageBlockSize == 0 {
		t.Errorf("kiln devices --json: gl = %+v", out.GL)
	}
}

// TestCompileOpenGL: kiln compile --target-env=opengl4.5 writes SPIR-V 1.0
// that spirv-val's opengl4.5 accepted, with scalar arguments in uniform
// blocks, even for a file whose target environment names no API.
func TestCompileOpenGL(t *testing.T) {
	dir := t.TempDir()
	if errs, code := kilnCompile("../../runner/testdata/scalar_args.mlir", "-o", dir, "--target-env=opengl4.5"); code != 0 {
		t.Fatalf("exit %d:\n%s", code, errs)
	}
	spv, err := os.ReadFile(filepath.Join(dir, "kernels.spv"))
	if err != nil {
		t.Fatal(err)
	}
	if len(spv) < 20 || binary.LittleEndian.Uint32(spv[4:]) != 0x00010000 {
		t.Fatalf("kernels.spv is not SPIR-V 1.0 (%d bytes)", len(spv))
	}
	data, err := os.ReadFile(filepath.Join(dir, "manifest.json"))
	if err != nil {
		t.Fatal(err)
	}
	var man kiln.Program
	if err := json.Unmarshal(data, &man); err != nil {
		t.Fatal(err)
	}
	k := man.Modules[0].Kernel("axpb")
	if man.Modules[0].Env != "opengl4.5" || k == nil || len(k.Args) != 5 {
		t.Fatalf("manifest:\n%s", data)
	}
	for i, want := range []string{"Uniform", "StorageBuffer", "Uniform", "Uniform", "StorageBuffer"} {
		if a := k.Args[i]; a.StorageClass != want || a.Set != 0 {
			t.Errorf("argument %d: %+v, want set 0 and %s", i, a, want)
		}
	}
}

// TestRunHostArgsGL runs the host function with --input arguments and
// results under --backend=gl, checking them with --expected_output.
func TestRunHostArgsGL(t *testing.T) {
	needGL(t)
	out, errs, code := kilnRun("--backend=gl", "--validate", "--input=4xf32=1,2,3,4", "--input=f32=3",
		"--expected_output=4xf32=3,6,9,12", "--expected_output=index=4", "testdata/run-host-args.mlir")
	if code != 0 || !strings.HasSuffix(out, "kiln run: all 2 results match the expected outputs\n") {
		t.Fatalf("exit %d, printed\n%s%s", code, out, errs)
	}
}
