package vulkan

import (
	"bytes"
	"encoding/binary"
	"errors"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// inCI reports whether CI=true: there, a missing Vulkan loader, device or
// validation layer fails the tests instead of skipping them.
func inCI() bool {
	ci, _ := strconv.ParseBool(os.Getenv("CI"))
	return ci
}

func unavailable(t testing.TB, format string, args ...any) {
	t.Helper()
	if inCI() {
		t.Fatalf(format+" (CI=true: Vulkan tests must run)", args...)
	}
	t.Skipf(format, args...)
}

// testInstance creates an instance with the validation layer on. When the
// test ends it closes the instance and fails on every message the layer
// reported, leaks found at Close included.
func testInstance(t testing.TB) *Instance {
	t.Helper()
	return newTestInstance(t, true)
}

// newTestInstance is testInstance with validation optional: benchmarks run
// without it.
func newTestInstance(t testing.TB, validation bool) *Instance {
	t.Helper()
	return configuredInstance(t, InstanceConfig{Validation: validation})
}

// configuredInstance is newTestInstance with the whole configuration given.
func configuredInstance(t testing.TB, cfg InstanceConfig) *Instance {
	t.Helper()
	inst, err := NewInstance(cfg)
	if errors.Is(err, ErrLayerNotPresent) && !inCI() {
		t.Logf("running without validation: %v", err)
		cfg.Validation = false
		inst, err = NewInstance(cfg)
	}
	if err != nil {
		unavailable(t, "no Vulkan: %v", err)
	}
	if len(inst.Devices()) == 0 {
		inst.Close()
		unavailable(t, "the Vulkan loader found no devices")
	}
	t.Cleanup(func() {
		inst.Close()
		for _, m := range inst.TakeMessages() {
			t.Errorf("validation message: %v [%s]", m, m.ID)
		}
	})
	return inst
}

// testDevice opens the device KILN_DEVICE names (else the default choice) on
// a validated instance; it is closed when the test ends.
func testDevice(t testing.TB, cfg DeviceConfig) *Device {
	t.Helper()
	return openDevice(t, testInstance(t), cfg)
}

func openDevice(t testing.TB, inst *Instance, cfg DeviceConfig) *Device {
	t.Helper()
	i, err := inst.Select("")
	if err != nil {
		t.Fatal(err)
	}
	d, err := inst.Open(i, cfg)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		if err := d.Close(); err != nil {
			t.Error(err)
		}
	})
	return d
}

// groups covers n invocations of workgroups of size 64 with at most 4096
// workgroups in x, rows of them in y, as add.comp expects.
func groups(n int) [3]uint32 {
	g := (n + 63) / 64
	if g <= 4096 {
		return [3]uint32{uint32(g), 1, 1}
	}
	return [3]uint32{4096, uint32((g + 4095) / 4096), 1}
}

// spirv reads testdata/name.spv (built from name.comp by gen.sh).
func spirv(t testing.TB, name string) []uint32 {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("testdata", name+".spv"))
	if err != nil {
		t.Fatal(err)
	}
	words, err := Words(b)
	if err != nil {
		t.Fatal(err)
	}
	return words
}

func newKernel(t testing.TB, d *Device, spec KernelSpec) *Kernel {
	t.Helper()
	k, err := d.NewKernel(spec)
	if err != nil {
		t.Fatal(err)
	}
	return k
}

// storage lists bindings 0..n-1 of set 0 as storage buffers, the layout of
// most test kernels.
func storage(n int) []Binding {
	b := make([]Binding, n)
	for i := range b {
		b[i] = Binding{Set: 0, Binding: uint32(i)}
	}
	return b
}

// args binds buffers to bindings 0..n-1 of set 0.
func args(bufs ...*Buffer) []Arg {
	a := make([]Arg, len(bufs))
	for i, b := range bufs {
		a[i] = Arg{Binding: uint32(i), Buffer: b}
	}
	return a
}

// upload makes a buffer holding the little-endian bytes of vals.
func upload[T uint32 | int32 | float32](t testing.TB, d *Device, vals []T) *Buffer {
	t.Helper()
	b, err := d.NewBuffer(uint64(4 * len(vals)))
	if err != nil {
		t.Fatal(err)
	}
	if err := b.Write(0, encode(vals)); err != nil {
		t.Fatal(err)
	}
	return b
}

// download reads n 32-bit values from b.
func download[T uint32 | int32 | float32](t testing.TB, b *Buffer, n int) []T {
	t.Helper()
	raw := make([]byte, 4*n)
	if err := b.Read(0, raw); err != nil {
		t.Fatal(err)
	}
	return decode[T](raw)
}

func encode[T uint32 | int32 | float32](vals []T) []byte {
	out := make([]byte, 4*len(vals))
	for i, v := range vals {
		binary.LittleEndian.PutUint32(out[4*i:], bits(v))
	}
	return out
}

func decode[T uint32 | int32 | float32](raw []byte) []T {
	out := make([]T, len(raw)/4)
	for i := range out {
		w := binary.LittleEndian.Uint32(raw[4*i:])
		switch p := any(&out[i]).(type) {
		case *float32:
			*p = math.Float32frombits(w)
		case *int32:
			*p = int32(w)
		case *uint32:
			*p = w
		}
	}
	return out
}

func bits[T uint32 | int32 | float32](v T) uint32 {
	if f, ok := any(v).(float32); ok {
		return math.Float32bits(f)
	}
	return uint32(v)
}

// TestTestdataUpToDate rebuilds the kernels with gen.sh in a temporary
// directory and compares them with the committed .spv files.
func TestTestdataUpToDate(t *testing.T) {
	if _, err := exec.LookPath("glslangValidator"); err != nil {
		unavailable(t, "glslangValidator not installed: %v", err)
	}
	dir := t.TempDir()
	srcs, _ := filepath.Glob("testdata/*.comp")
	for _, f := range append(srcs, "testdata/gen.sh") {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, filepath.Base(f)), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if out, err := exec.Command("sh", filepath.Join(dir, "gen.sh")).CombinedOutput(); err != nil {
		t.Fatalf("gen.sh: %v\n%s", err, out)
	}
	for _, src := range srcs {
		name := strings.TrimSuffix(filepath.Base(src), ".comp") + ".spv"
		want, _ := os.ReadFile(filepath.Join(dir, name))
		if got, _ := os.ReadFile(filepath.Join("testdata", name)); !bytes.Equal(got, want) {
			t.Errorf("testdata/%s is stale: run go generate ./runtime/vulkan", name)
		}
	}
}
