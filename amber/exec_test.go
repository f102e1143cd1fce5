package amber

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/kiln-gpu/kiln/runtime/vulkan"
	"github.com/kiln-gpu/kiln/runtime/vulkan/vulkantest"
)

// runScript parses and runs src on dev, failing on validation messages.
func runScript(t *testing.T, inst *vulkan.Instance, dev *vulkan.Device, src string) error {
	t.Helper()
	s, err := Parse("t.amber", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	err = s.Run(context.Background(), dev, nil)
	for _, m := range inst.TakeMessages() {
		t.Errorf("validation: %v", m)
	}
	return err
}

// TestExpect checks every comparator, tolerances and buffer comparisons,
// passing and failing, with the mismatch each failure names.
func TestExpect(t *testing.T) {
	inst, dev := vulkantest.Device(t)
	const buffers = `#!amber
BUFFER i DATA_TYPE int32 DATA -3 0 7 END
BUFFER u DATA_TYPE uint32 DATA 1 4294967295 END
BUFFER f DATA_TYPE float DATA 1.5 -2.25 100 END
BUFFER h DATA_TYPE float16 DATA 2.4 END
BUFFER d DATA_TYPE double DATA 0.1 END
BUFFER v DATA_TYPE vec3<int8> DATA 1 2 3 4 5 6 END
BUFFER v2 DATA_TYPE vec3<int8> DATA 1 2 3 4 5 7 END
BUFFER r DATA_TYPE float DATA 1 2 3 4 END
BUFFER r2 DATA_TYPE float DATA 1.1 2.1 3.1 4.1 END
`
	for _, tc := range []struct{ expect, want string }{
		{"EXPECT i IDX 0 EQ -3 0 7", ""},
		{"EXPECT i IDX 4 NE 1 8", ""},
		{"EXPECT i IDX 0 LT -2 1 8", ""},
		{"EXPECT i IDX 0 LE -3 0 7", ""},
		{"EXPECT i IDX 0 GT -4 -1 6", ""},
		{"EXPECT i IDX 0 GE -3 0 7", ""},
		{"EXPECT u IDX 0 GT 0 4294967294", ""},
		{"EXPECT u IDX 4 EQ 0xffffffff", ""},
		{"EXPECT f IDX 0 EQ 1.5 -2.25 100", ""},
		{"EXPECT f IDX 8 TOLERANCE 1 EQ 101", ""},
		{"EXPECT f IDX 8 TOLERANCE 2% EQ 99", ""},
		{"EXPECT i IDX 8 TOLERANCE 1 EQ 8", ""},
		{"EXPECT h IDX 0 TOLERANCE 0.01 EQ 2.4", ""},
		{"EXPECT d IDX 0 EQ 0.1", ""},
		{"EXPECT v EQ_BUFFER v", ""},
		{"EXPECT r RMSE_BUFFER r2 TOLERANCE 0.11", ""},
		{"EXPECT i IDX 0 EQ -3 1 7",
			"t.amber:11:1: EXPECT i EQ failed: buffer i, index 1 (byte 4): got 0, want 1"},
		{"EXPECT u IDX 4 LT 5",
			"t.amber:11:1: EXPECT u LT failed: buffer u, index 0 (byte 4): got 4294967295, want 5"},
		{"EXPECT f IDX 4 NE -2.25",
			"t.amber:11:1: EXPECT f NE failed: buffer f, index 0 (byte 4): got -2.25, want -2.25"},
		{"EXPECT f IDX 8 TOLERANCE 0.5 EQ 101",
			"t.amber:11:1: EXPECT f EQ failed: buffer f, index 0 (byte 8): got 100, want 101, tolerance 0.5"},
		{"EXPECT f IDX 8 TOLERANCE 0.5% EQ 99",
			"t.amber:11:1: EXPECT f EQ failed: buffer f, index 0 (byte 8): got 100, want 99, tolerance 0.5%"},
		{"EXPECT v EQ_BUFFER v2",
			"t.amber:11:1: EXPECT v EQ_BUFFER failed: buffer v, index 5 (byte 6): got 6, want 7 (from v2)"},
		{"EXPECT r RMSE_BUFFER r2 TOLERANCE 0.05",
			"t.amber:11:1: EXPECT r RMSE_BUFFER failed: the RMSE of buffers r and r2 is 0.09999993443490407, over the tolerance 0.05"},
	} {
		err := runScript(t, inst, dev, buffers+tc.expect+"\n")
		switch {
		case tc.want == "" && err != nil:
			t.Errorf("%s: %v", tc.expect, err)
		case tc.want != "":
			var m *Mismatch
			if !errors.As(err, &m) || err.Error() != tc.want {
				t.Errorf("%s:\n got %v\nwant %s", tc.expect, err, tc.want)
			}
		}
	}
}

const doubleGLSL = `#version 450
layout(local_size_x = 4) in;
layout(set = 0, binding = 0) buffer B { uint v[]; };
layout(push_constant) uniform P { uint add; };
layout(constant_id = 7) const uint mul = 1;
void main() { v[gl_GlobalInvocationID.x] = v[gl_GlobalInvocationID.x] * mul + add; }
`

// TestKernel runs a GLSL kernel with a push constant and a
// specialization constant through REPEAT and COPY, and checks that a
// wrong expectation after it names the first mismatch.
func TestKernel(t *testing.T) {
	inst, dev := vulkantest.Device(t)
	src := "#!amber\nSHADER compute k GLSL\n" + doubleGLSL + `END
BUFFER b DATA_TYPE uint32 SIZE 8 SERIES_FROM 0 INC_BY 1
BUFFER c DATA_TYPE uint32 SIZE 8 FILL 0
BUFFER pc DATA_TYPE uint32 DATA 1 END
PIPELINE compute p
  ATTACH k SPECIALIZE 7 AS uint32 2
  BIND BUFFER b AS storage DESCRIPTOR_SET 0 BINDING 0
  BIND BUFFER pc AS push_constant
END
REPEAT 2
  RUN p 2 1 1
END
COPY b TO c
EXPECT c IDX 0 EQ 3 7 11 15 19 23 27 31
EXPECT c IDX 16 EQ 19 23 27 30
`
	err := runScript(t, inst, dev, src)
	var m *Mismatch
	if !errors.As(err, &m) {
		t.Fatalf("got %v, want a mismatch", err)
	}
	if m.Buffer != "c" || m.Index != 3 || m.Offset != 28 || m.Got != "31" || m.Want != "30" || m.Line != 23 {
		t.Errorf("mismatch = %+v", m)
	}
}

// TestShaderFormats runs one kernel written as SPIR-V assembly, as
// SPIRV-HEX and from a SPIRV-BIN file.
func TestShaderFormats(t *testing.T) {
	inst, dev := vulkantest.Device(t)
	if _, err := exec.LookPath("glslangValidator"); err != nil {
		t.Skip(err)
	}
	dir := t.TempDir()
	comp := filepath.Join(dir, "k.comp")
	spv := filepath.Join(dir, "k.spv")
	if err := os.WriteFile(comp, []byte(doubleGLSL), 0o644); err != nil {
		t.Fatal(err)
	}
	if out, err := exec.Command("glslangValidator", "-V", "-o", spv, comp).CombinedOutput(); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	asm, err := exec.Command("spirv-dis", "--raw-id", spv).Output()
	if err != nil {
		t.Fatalf("spirv-dis: %v", err)
	}
	bin, err := os.ReadFile(spv)
	if err != nil {
		t.Fatal(err)
	}
	var hex strings.Builder
	for i, b := range bin {
		fmt.Fprintf(&hex, "%02x", b)
		if i%16 == 15 {
			hex.WriteString("\n")
		} else {
			hex.WriteString(" ")
		}
	}
	const rest = `
BUFFER b DATA_TYPE uint32 SIZE 4 FILL 5
BUFFER pc DATA_TYPE uint32 DATA 1 END
PIPELINE compute p
  ATTACH k
  BIND BUFFER b AS storage DESCRIPTOR_SET 0 BINDING 0
  BIND BUFFER pc AS push_constant
END
RUN p 1 1 1
EXPECT b IDX 0 EQ 6 6 6 6
`
	for name, shader := range map[string]string{
		"SPIRV-ASM": "SHADER compute k SPIRV-ASM\n" + string(asm) + "END",
		"SPIRV-HEX": "SHADER compute k SPIRV-HEX\n" + hex.String() + "\nEND",
		"SPIRV-BIN": "SHADER compute k SPIRV-BIN FILE " + spv,
	} {
		if err := runScript(t, inst, dev, "#!amber\n"+shader+rest); err != nil {
			t.Errorf("%s: %v", name, err)
		}
	}
}

// TestRequirements checks what makes a script unsupported on a device,
// with a device description rather than a device.
func TestRequirements(t *testing.T) {
	info := vulkan.DeviceInfo{Name: "toy", APIVersion: vk(1, 2), Extensions: []string{"VK_KHR_zero_initialize_workgroup_memory", "VK_EXT_other"}}
	info.Features.ShaderInt16 = true
	for _, tc := range []struct{ src, want string }{
		{"DEVICE_FEATURE shaderInt16", ""},
		{"DEVICE_FEATURE Storage16BitFeatures.storageBuffer16BitAccess",
			`t.amber:2:16: unsupported: DEVICE_FEATURE Storage16BitFeatures.storageBuffer16BitAccess: device "toy" lacks storageBuffer16BitAccess`},
		{"DEVICE_FEATURE geometryShader", "t.amber:2:16: unsupported: DEVICE_FEATURE geometryShader (Kiln's runtime does not enable it)"},
		{"DEVICE_EXTENSION VK_KHR_8bit_storage", ""},
		{"INSTANCE_EXTENSION VK_KHR_get_physical_device_properties2", ""},
		{"DEVICE_EXTENSION VK_KHR_zero_initialize_workgroup_memory",
			`t.amber:2:18: unsupported: DEVICE_EXTENSION VK_KHR_zero_initialize_workgroup_memory: core only from Vulkan 1.3, and device "toy" has 1.2.0`},
		{"DEVICE_EXTENSION VK_EXT_missing", `t.amber:2:18: unsupported: DEVICE_EXTENSION VK_EXT_missing: device "toy" lacks it`},
		{"DEVICE_EXTENSION VK_EXT_other", "t.amber:2:18: unsupported: DEVICE_EXTENSION VK_EXT_other (Kiln's runtime does not enable extensions)"},
	} {
		s, err := Parse("t.amber", []byte("#!amber\n"+tc.src+"\n"))
		if err != nil {
			t.Fatal(err)
		}
		err = s.checkRequirements(info)
		if got := fmt.Sprint(err); tc.want == "" && err != nil || tc.want != "" && got != tc.want {
			t.Errorf("%s:\n got %v\nwant %s", tc.src, err, tc.want)
		}
	}
}

// TestCapabilities checks that a shader's capabilities are checked
// against the device's features and subgroup operations before it runs.
func TestCapabilities(t *testing.T) {
	if _, err := exec.LookPath("spirv-as"); err != nil {
		t.Skip(err)
	}
	info := vulkan.DeviceInfo{Name: "toy", APIVersion: vk(1, 3)}
	info.Subgroup.Stages = []string{"compute"}
	info.Subgroup.Operations = []string{"basic"}
	for _, tc := range []struct{ caps, version, want string }{
		{"OpCapability Shader\nOpCapability GroupNonUniform", "spv1.3", ""},
		{"OpCapability Shader\nOpCapability Float64", "spv1.0",
			`t.amber:2:1: unsupported: SHADER k: capability Float64 needs device feature shaderFloat64, which device "toy" lacks`},
		{"OpCapability Shader\nOpCapability GroupNonUniformBallot", "spv1.3",
			`t.amber:2:1: unsupported: SHADER k: capability GroupNonUniformBallot needs ballot subgroup operations in compute shaders, which device "toy" lacks`},
	} {
		src := "#!amber\nSHADER compute k SPIRV-ASM TARGET_ENV " + tc.version + "\n" + tc.caps + `
OpMemoryModel Logical GLSL450
OpEntryPoint GLCompute %main "main"
OpExecutionMode %main LocalSize 1 1 1
%void = OpTypeVoid
%fn = OpTypeFunction %void
%main = OpFunction %void None %fn
%l = OpLabel
OpReturn
OpFunctionEnd
END
PIPELINE compute p
  ATTACH k
END
`
		s, err := Parse("t.amber", []byte(src))
		if err != nil {
			t.Fatal(err)
		}
		pl := s.Pipelines["p"]
		words, err := (&Compiler{}).Compile(context.Background(), s.File, pl.Shader, nil, false)
		if err != nil {
			t.Fatal(err)
		}
		err = s.checkModule(pl, words, info)
		if got := fmt.Sprint(err); tc.want == "" && err != nil || tc.want != "" && got != tc.want {
			t.Errorf("%s:\n got %v\nwant %s", tc.caps, err, tc.want)
		}
	}
	info.APIVersion = vk(1, 0)
	s, _ := Parse("t.amber", []byte("#!amber\nSHADER compute k SPIRV-HEX\n03 02 23 07 00 04 01 00 00 00 00 00 01 00 00 00 00 00 00 00\nEND\nPIPELINE compute p\nATTACH k\nEND\n"))
	pl := s.Pipelines["p"]
	words, err := (&Compiler{}).Compile(context.Background(), s.File, pl.Shader, nil, false)
	if err != nil {
		t.Fatal(err)
	}
	want := `t.amber:2:1: unsupported: SHADER k: SPIR-V 1.4 needs a newer Vulkan than device "toy"'s 1.0.0`
	if err := s.checkModule(pl, words, info); fmt.Sprint(err) != want {
		t.Errorf("got %v, want %s", err, want)
	}
}
