package compute

import (
	"errors"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

func TestParseModule(t *testing.T) {
	for _, tc := range []struct {
		name      string
		spec      map[uint32]uint64
		size      [3]uint32
		resources map[[2]uint32]Class
		push      bool
	}{
		{"add", nil, [3]uint32{64, 1, 1}, map[[2]uint32]Class{{0, 0}: StorageBuffer, {0, 1}: StorageBuffer, {0, 2}: StorageBuffer}, false},
		{"transpose", nil, [3]uint32{8, 8, 1}, map[[2]uint32]Class{{0, 0}: StorageBuffer, {0, 1}: StorageBuffer, {1, 0}: Uniform}, true},
		{"spec", nil, [3]uint32{1, 1, 1}, map[[2]uint32]Class{{0, 0}: StorageBuffer, {0, 1}: StorageBuffer}, false},
		{"spec", map[uint32]uint64{0: 32, 1: 2}, [3]uint32{32, 2, 1}, map[[2]uint32]Class{{0, 0}: StorageBuffer, {0, 1}: StorageBuffer}, false},
		{"subgroup", nil, [3]uint32{64, 1, 1}, map[[2]uint32]Class{{0, 0}: StorageBuffer, {0, 1}: StorageBuffer, {0, 2}: StorageBuffer}, false},
	} {
		m, err := ParseModule(spirv(t, tc.name), "main")
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		if size, err := m.WorkgroupSize(tc.spec); err != nil || size != tc.size {
			t.Errorf("%s with %v: workgroup size %v, %v; want %v", tc.name, tc.spec, size, err, tc.size)
		}
		res, push, err := m.Resources()
		if err != nil || !maps.Equal(res, tc.resources) || push != tc.push {
			t.Errorf("%s: resources %v, push %v, %v; want %v, %v", tc.name, res, push, err, tc.resources, tc.push)
		}
	}
	// Shader, then the subgroup kernel's GroupNonUniform and
	// GroupNonUniformArithmetic, in the module's order.
	if m, _ := ParseModule(spirv(t, "subgroup"), "main"); !slices.Equal(m.Capabilities, []uint32{1, 61, 63}) {
		t.Errorf("subgroup: capabilities %v, want [1 61 63]", m.Capabilities)
	}
	m, _ := ParseModule(spirv(t, "spec"), "main")
	if got, want := m.SpecConstantWidths(), map[uint32]uint32{0: 4, 1: 4, 2: 4}; !maps.Equal(got, want) {
		t.Errorf("spec constant widths = %v, want %v", got, want)
	}
}

// TestParseModulePrefixes cuts every test module at every word: no proper
// prefix may pass, since the drivers crash on truncated modules.
func TestParseModulePrefixes(t *testing.T) {
	files, _ := filepath.Glob(filepath.Join(testdata, "*.spv"))
	if len(files) == 0 {
		t.Fatalf("no %s/*.spv", testdata)
	}
	for _, f := range files {
		code := spirv(t, strings.TrimSuffix(filepath.Base(f), ".spv"))
		for n := range len(code) {
			if _, err := ParseModule(code[:n], "main"); !errors.Is(err, ErrInvalidSPIRV) {
				t.Fatalf("%s cut to %d of %d words: %v, want ErrInvalidSPIRV", f, n, len(code), err)
			}
		}
	}
}

func TestParseModuleErrors(t *testing.T) {
	good := spirv(t, "add")
	with := func(i int, w uint32) []uint32 {
		c := append([]uint32(nil), good...)
		c[i] = w
		return c
	}
	for _, tc := range []struct {
		name string
		code []uint32
		text string
	}{
		{"short", good[:4], "shorter than its 5-word header"},
		{"magic", with(0, 0xdeadbeef), "magic number 0xdeadbeef"},
		{"swapped", with(0, 0x03022307), "byte-swapped"},
		{"version", with(1, 0x00020000), "version word"},
		{"bound", with(3, 0), "id bound"},
		{"zero word count", with(5, 0), "word count 0"},
		{"overlong instruction", with(5, 0xffff0011), "truncated"},
	} {
		_, err := ParseModule(tc.code, "main")
		if !errors.Is(err, ErrInvalidSPIRV) || !strings.Contains(err.Error(), tc.text) {
			t.Errorf("%s: %v, want ErrInvalidSPIRV containing %q", tc.name, err, tc.text)
		}
	}
}

func TestWords(t *testing.T) {
	le, err := os.ReadFile(filepath.Join(testdata, "add.spv"))
	if err != nil {
		t.Fatal(err)
	}
	be := make([]byte, len(le))
	for i := 0; i < len(le); i += 4 {
		be[i], be[i+1], be[i+2], be[i+3] = le[i+3], le[i+2], le[i+1], le[i]
	}
	w1, err1 := Words(le)
	w2, err2 := Words(be)
	if err1 != nil || err2 != nil || !slices.Equal(w1, w2) || w1[0] != spirvMagic {
		t.Errorf("little- and big-endian decodings differ: %v, %v", err1, err2)
	}
	for _, tc := range []struct {
		name string
		b    []byte
		text string
	}{
		{"odd length", le[:len(le)-1], "not a whole number of 32-bit words"},
		{"empty", nil, "no magic number"},
		{"text", []byte("#version 450\n\n\n\n"), "magic number"},
	} {
		if _, err := Words(tc.b); !errors.Is(err, ErrInvalidSPIRV) || !strings.Contains(err.Error(), tc.text) {
			t.Errorf("%s: %v, want ErrInvalidSPIRV containing %q", tc.name, err, tc.text)
		}
	}
}

// testdata holds the Vulkan runtime's test kernels, compiled from GLSL.
const testdata = "../vulkan/testdata"

// spirv reads testdata/name.spv.
func spirv(t testing.TB, name string) []uint32 {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(testdata, name+".spv"))
	if err != nil {
		t.Fatal(err)
	}
	words, err := Words(b)
	if err != nil {
		t.Fatal(err)
	}
	return words
}
