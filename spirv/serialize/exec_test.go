package serialize_test

import (
	"bytes"
	"encoding/binary"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/kiln-gpu/kiln/ir"
	"github.com/kiln-gpu/kiln/runtime/vulkan"
	"github.com/kiln-gpu/kiln/runtime/vulkan/vulkantest"
	"github.com/kiln-gpu/kiln/spirv"
	"github.com/kiln-gpu/kiln/spirv/serialize"
	"github.com/kiln-gpu/kiln/spirv/spv"
)

// TestGlslangOnVulkan runs each test binary (testBinaries) and the
// binary its deserialization serializes back to on the Vulkan device,
// from the same buffers: every buffer must come out the same, so the
// round trip keeps what the shader does (switch fall-through rewritten
// as chains of selections, LocalSizeId as LocalSize, operands bitcast
// where they differ in signedness included). Shaders
// that use buffer addresses are not run. It skips without a device,
// except under CI.
func TestGlslangOnVulkan(t *testing.T) {
	inst, dev := vulkantest.Device(t)
	for _, f := range testBinaries(t) {
		t.Run(strings.TrimSuffix(filepath.Base(f), ".spv"), func(t *testing.T) {
			b, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			orig, err := spv.BytesToWords(b)
			if err != nil {
				t.Fatal(err)
			}
			m, err := serialize.Deserialize(newContext(), orig, f)
			if err != nil {
				t.Fatal(err)
			}
			if strings.Contains(m.String(), "PhysicalStorageBuffer") {
				t.Skip("uses buffer addresses")
			}
			back, err := serialize.Serialize(m)
			if err != nil {
				t.Fatal(err)
			}
			mustValidate(t, back, glslEnv(t, f))
			bindings, floats := bindingsOf(m)
			// A push-constant block gets 16 bytes of small ints.
			var push []byte
			if strings.Contains(m.String(), "PushConstant>") {
				push = binary.LittleEndian.AppendUint32(push, 9)
				push = append(push, make([]byte, 12)...)
			}
			// The reference is glslang's binary, or the one it writes for an
			// environment the device can run (see gen.sh).
			ref := orig
			if b, err := os.ReadFile(strings.TrimSuffix(strings.TrimSuffix(f, ".spv"), ".opt") + ".ref"); err == nil {
				if ref, err = spv.BytesToWords(b); err != nil {
					t.Fatal(err)
				}
			}
			want := runOnce(t, dev, ref, bindings, floats, push)
			if again := runOnce(t, dev, ref, bindings, floats, push); !slices.EqualFunc(again, want, bytes.Equal) {
				t.Fatal("glslang's binary gives different results from one run to the next")
			}
			got := runOnce(t, dev, back, bindings, floats, push)
			for _, m := range inst.TakeMessages() {
				t.Errorf("validation layer: %v", m)
			}
			for i := range want {
				if at := firstDiff(got[i], want[i]); at >= 0 {
					t.Errorf("binding %v differs after the round trip from word %d:\nglslang: %v\nkiln:    %v", bindings[i], at, words(want[i][4*at:]), words(got[i][4*at:]))
				}
			}
		})
	}
}

// bindingsOf lists the buffers of a deserialized module and whether each
// holds floats.
func bindingsOf(m *ir.Operation) ([]vulkan.Binding, []bool) {
	var bs []vulkan.Binding
	var floats []bool
	for op := range m.Region(0).Entry().Ops() {
		set, ok1 := op.Attr("descriptor_set").(*ir.IntegerAttr)
		b, ok2 := op.Attr("binding").(*ir.IntegerAttr)
		ta, ok3 := op.Attr("type").(*ir.TypeAttr)
		if op.Name() != "spirv.GlobalVariable" || !ok1 || !ok2 || !ok3 {
			continue
		}
		pt := ta.Value.(*spirv.PointerType)
		class := vulkan.StorageBuffer
		if pt.StorageClass == spv.StorageClassUniform {
			class = vulkan.Uniform
		}
		bs = append(bs, vulkan.Binding{Set: uint32(set.Int()), Binding: uint32(b.Int()), Class: class})
		floats = append(floats, holdsFloats(pt.Pointee))
	}
	return bs, floats
}

func holdsFloats(t ir.Type) bool {
	switch t := t.(type) {
	case *spirv.StructType:
		for _, m := range t.Members() {
			if holdsFloats(m) {
				return true
			}
		}
	case *spirv.ArrayType:
		return holdsFloats(t.Elem)
	case *spirv.RuntimeArrayType:
		return holdsFloats(t.Elem)
	case *spirv.MatrixType:
		return true
	case *ir.VectorType:
		return ir.IsFloat(t.Elem)
	}
	return ir.IsFloat(t)
}

// runOnce dispatches four workgroups of code's main on fresh buffers of
// 16 KiB each, filled with small varied numbers (floats, or ints from -10
// to 86), with push constants push, and returns the buffers' contents
// afterwards.
func runOnce(t *testing.T, dev *vulkan.Device, code []uint32, bindings []vulkan.Binding, floats []bool, push []byte) [][]byte {
	t.Helper()
	k, err := dev.NewKernel(vulkan.KernelSpec{Code: code, Bindings: bindings, PushConstants: uint32(len(push))})
	if err != nil {
		t.Fatal(err)
	}
	defer k.Free()
	var args []vulkan.Arg
	var bufs []*vulkan.Buffer
	for i, bd := range bindings {
		data := make([]byte, 16384)
		for j := 0; j < len(data); j += 4 {
			v := int32(j/4*37+11)%97 - 10
			w := uint32(v)
			if floats[i] {
				w = math.Float32bits(float32(v) / 4)
			}
			binary.LittleEndian.PutUint32(data[j:], w)
		}
		buf, err := dev.NewBuffer(uint64(len(data)))
		if err != nil {
			t.Fatal(err)
		}
		defer buf.Free()
		if err := buf.Write(0, data); err != nil {
			t.Fatal(err)
		}
		bufs = append(bufs, buf)
		args = append(args, vulkan.Arg{Set: bd.Set, Binding: bd.Binding, Buffer: buf})
	}
	if _, err := dev.Dispatch(k, [3]uint32{4, 1, 1}, args, push); err != nil {
		t.Fatal(err)
	}
	out := make([][]byte, len(bufs))
	for i, buf := range bufs {
		out[i] = make([]byte, buf.Size())
		if err := buf.Read(0, out[i]); err != nil {
			t.Fatal(err)
		}
	}
	return out
}

// firstDiff is the index of the first word where a and b differ, or -1.
func firstDiff(a, b []byte) int {
	for i := 0; i+4 <= len(a) && i+4 <= len(b); i += 4 {
		if !bytes.Equal(a[i:i+4], b[i:i+4]) {
			return i / 4
		}
	}
	return -1
}

// words shows up to 16 int32 words of a buffer.
func words(b []byte) []int32 {
	var ws []int32
	for i := 0; i+4 <= len(b) && len(ws) < 16; i += 4 {
		ws = append(ws, int32(binary.LittleEndian.Uint32(b[i:])))
	}
	return ws
}
