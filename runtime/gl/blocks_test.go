package gl

import (
	"encoding/binary"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"testing"

	"github.com/kiln-gpu/kiln/runtime/compute"
)

// sharedBlocks copies one word from binding 0 to binding 1 through two
// variables of one block type, as Vulkan assembly shaders (amber's) do, and
// reads binding 1's length with OpArrayLength.
const sharedBlocks = `
               OpCapability Shader
               OpMemoryModel Logical GLSL450
               OpEntryPoint GLCompute %main "main"
               OpExecutionMode %main LocalSize 1 1 1
               OpName %block "block"
               OpDecorate %arr ArrayStride 4
               OpMemberDecorate %block 0 Offset 0
               OpDecorate %block BufferBlock
               OpDecorate %in DescriptorSet 0
               OpDecorate %in Binding 0
               OpDecorate %out DescriptorSet 0
               OpDecorate %out Binding 1
       %uint = OpTypeInt 32 0
        %arr = OpTypeRuntimeArray %uint
      %block = OpTypeStruct %arr
        %ptr = OpTypePointer Uniform %block
       %void = OpTypeVoid
         %fn = OpTypeFunction %void
   %ptr_uint = OpTypePointer Uniform %uint
     %uint_0 = OpConstant %uint 0
         %in = OpVariable %ptr Uniform
        %out = OpVariable %ptr Uniform
       %main = OpFunction %void None %fn
      %entry = OpLabel
          %a = OpAccessChain %ptr_uint %in %uint_0 %uint_0
          %b = OpAccessChain %ptr_uint %out %uint_0 %uint_0
          %v = OpLoad %uint %a
          %n = OpArrayLength %uint %out 0
          %s = OpIAdd %uint %v %n
               OpStore %b %s
               OpReturn
               OpFunctionEnd
`

// assemble runs spirv-as and spirv-val (OpenGL 4.5 rules) on text; without
// SPIRV-Tools the test is skipped, except under CI=true.
func assemble(t *testing.T, text string) []uint32 {
	t.Helper()
	if _, err := exec.LookPath("spirv-as"); err != nil {
		if ci, _ := strconv.ParseBool(os.Getenv("CI")); ci {
			t.Fatal(err)
		}
		t.Skipf("SPIRV-Tools not installed: %v", err)
	}
	dir := t.TempDir()
	src, bin := filepath.Join(dir, "m.spvasm"), filepath.Join(dir, "m.spv")
	if err := os.WriteFile(src, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	if out, err := exec.Command("spirv-as", "--target-env", "opengl4.5", "-o", bin, src).CombinedOutput(); err != nil {
		t.Fatalf("spirv-as: %v\n%s", err, out)
	}
	return readSPIRV(t, bin)
}

// validate runs spirv-val with OpenGL 4.5's rules on words.
func validate(t *testing.T, words []uint32) {
	t.Helper()
	bin := filepath.Join(t.TempDir(), "split.spv")
	b := make([]byte, 4*len(words))
	for i, w := range words {
		binary.LittleEndian.PutUint32(b[4*i:], w)
	}
	if err := os.WriteFile(bin, b, 0o644); err != nil {
		t.Fatal(err)
	}
	if out, err := exec.Command("spirv-val", "--target-env", "opengl4.5", bin).CombinedOutput(); err != nil {
		t.Fatalf("spirv-val on the split module: %v\n%s", err, out)
	}
}

// blockTypes returns the pointee struct of each Uniform or StorageBuffer
// variable's pointer type.
func blockTypes(words []uint32) []uint32 {
	ptr := map[uint32]uint32{}
	var out []uint32
	for i := 5; i < len(words); {
		n, op := int(words[i]>>16), words[i]&0xffff
		switch op {
		case opTypePointer:
			ptr[words[i+1]] = words[i+3]
		case opVariable:
			if sc := words[i+3]; sc == storageUniform || sc == storageStorageBuffer {
				out = append(out, ptr[words[i+1]])
			}
		}
		i += n
	}
	return out
}

func TestSplitSharedBlocks(t *testing.T) {
	words := assemble(t, sharedBlocks)
	if _, err := compute.ParseModule(words, "main"); err != nil {
		t.Fatal(err)
	}
	if b := blockTypes(words); len(b) != 2 || b[0] != b[1] {
		t.Fatalf("the test module's variables have block types %v, want one shared", b)
	}
	split := splitSharedBlocks(words)
	validate(t, split)
	if b := blockTypes(split); len(b) != 2 || b[0] == b[1] {
		t.Errorf("after the split the variables have block types %v, want two", b)
	}
	if again := splitSharedBlocks(split); len(again) != len(split) {
		t.Errorf("splitting a split module changed it (%d words to %d)", len(split), len(again))
	}

	// A variable passed whole to a function keeps the shared type: its pointer
	// type must match the parameter's.
	passed := assemble(t, `
               OpCapability Shader
               OpMemoryModel Logical GLSL450
               OpEntryPoint GLCompute %main "main"
               OpExecutionMode %main LocalSize 1 1 1
               OpDecorate %arr ArrayStride 4
               OpMemberDecorate %block 0 Offset 0
               OpDecorate %block BufferBlock
               OpDecorate %in DescriptorSet 0
               OpDecorate %in Binding 0
               OpDecorate %out DescriptorSet 0
               OpDecorate %out Binding 1
       %uint = OpTypeInt 32 0
        %arr = OpTypeRuntimeArray %uint
      %block = OpTypeStruct %arr
        %ptr = OpTypePointer Uniform %block
       %void = OpTypeVoid
         %fn = OpTypeFunction %void
      %fnptr = OpTypeFunction %void %ptr
         %in = OpVariable %ptr Uniform
        %out = OpVariable %ptr Uniform
        %use = OpFunction %void None %fnptr
          %p = OpFunctionParameter %ptr
         %l1 = OpLabel
               OpReturn
               OpFunctionEnd
       %main = OpFunction %void None %fn
      %entry = OpLabel
          %r = OpFunctionCall %void %use %out
               OpReturn
               OpFunctionEnd
`)
	if got := splitSharedBlocks(passed); len(got) != len(passed) {
		t.Errorf("a variable passed to a function was split (%d words to %d)", len(passed), len(got))
	}

	// The split module runs: out[0] = in[0] + out's length.
	c := open(t)
	in := buffer(t, c, []byte{5, 0, 0, 0})
	out := buffer(t, c, make([]byte, 12))
	k, err := c.NewKernel(KernelSpec{Code: words, Bindings: storage(2)})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := c.Dispatch(k, [3]uint32{1, 1, 1}, []Arg{{Binding: 0, Buffer: in}, {Binding: 1, Buffer: out}}); err != nil {
		t.Fatal(err)
	}
	got := make([]byte, 4)
	if err := out.Read(0, got); err != nil {
		t.Fatal(err)
	}
	if v := binary.LittleEndian.Uint32(got); v != 8 {
		t.Errorf("out[0] = %d, want 5 + 3", v)
	}
}
