package runner

import (
	"bytes"
	"context"
	"errors"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/kiln-gpu/kiln/amber"
	"github.com/kiln-gpu/kiln/ir"
	"github.com/kiln-gpu/kiln/runtime/vulkan"
)

// inCI reports whether CI=true: there a missing Vulkan device fails.
func inCI() bool {
	ci, _ := strconv.ParseBool(os.Getenv("CI"))
	return ci
}

// testInstance returns a validated Vulkan instance, or skips (fails under
// CI=true) when there is none; messages left at the end fail the test.
func testInstance(t testing.TB) *vulkan.Instance {
	t.Helper()
	inst, err := vulkan.NewInstance(vulkan.InstanceConfig{Validation: true})
	if errors.Is(err, vulkan.ErrLayerNotPresent) && !inCI() {
		t.Logf("running without validation: %v", err)
		inst, err = vulkan.NewInstance(vulkan.InstanceConfig{})
	}
	if err == nil && len(inst.Devices()) == 0 {
		inst.Close()
		err = errors.New("the Vulkan loader found no devices")
	}
	if err != nil {
		if inCI() {
			t.Fatalf("no Vulkan: %v (CI=true: Vulkan tests must run)", err)
		}
		t.Skipf("no Vulkan: %v", err)
	}
	t.Cleanup(func() {
		inst.Close()
		for _, m := range inst.TakeMessages() {
			t.Errorf("validation message: %v", m)
		}
	})
	return inst
}

// TestVulkanFakeLowering runs the sample kernels on Vulkan with a
// hand-written lowering (fakePasses) and compares with the reference.
func TestVulkanFakeLowering(t *testing.T) {
	inst := testInstance(t)
	reg := fakePasses(t, "testdata/addf.spirv.mlir")
	for _, file := range []string{"testdata/addf.mlir", "testdata/launch100.mlir", "testdata/gpualloc.mlir", "testdata/twomodules.mlir"} {
		var out, ref bytes.Buffer
		rep, err := Run(parseFile(t, file), Options{Instance: inst, Validate: true, Out: &out, Passes: reg})
		if err != nil {
			t.Fatal(err)
		}
		if _, err := Run(parseFile(t, file), Options{Reference: true, Out: &ref}); err != nil {
			t.Fatal(err)
		}
		if ref.String() != out.String() {
			t.Errorf("%s: Vulkan (%s) and reference disagree:\n%s\nvs\n%s", file, rep.Device, out.String(), ref.String())
		}
	}
	for _, file := range []string{"testdata/addf.mlir", "testdata/gpualloc.mlir", "testdata/twomodules.mlir"} {
		fileCheck(t, file, mustRun(t, file, Options{Instance: inst, Validate: true, Passes: reg}))
	}
}

func mustRun(t *testing.T, file string, o Options) string {
	t.Helper()
	var out bytes.Buffer
	o.Out = &out
	if _, err := Run(parseFile(t, file), o); err != nil {
		t.Fatal(err)
	}
	return out.String()
}

// TestCompare runs addf.mlir with Options.Compare: the real lowering
// agrees with the reference interpreter; a lowering that subtracts
// instead is caught at the first element it changes.
func TestCompare(t *testing.T) {
	inst := testInstance(t)
	if _, err := Run(parseFile(t, "testdata/addf.mlir"), Options{Instance: inst, Validate: true, Compare: true, Out: io.Discard,
		Passes: fakePasses(t, "testdata/addf.spirv.mlir")}); err != nil {
		t.Fatal(err)
	}
	src, err := os.ReadFile("testdata/addf.spirv.mlir")
	if err != nil {
		t.Fatal(err)
	}
	wrong := filepath.Join(t.TempDir(), "subf.spirv.mlir")
	if err := os.WriteFile(wrong, bytes.ReplaceAll(src, []byte("spirv.FAdd"), []byte("spirv.FSub")), 0o644); err != nil {
		t.Fatal(err)
	}
	repro := t.TempDir()
	_, err = Run(parseFile(t, "testdata/addf.mlir"), Options{Instance: inst, Compare: true, SaveRepro: repro, Out: io.Discard, Passes: fakePasses(t, wrong)})
	want := "launch 1 (kernel @kernels::@kernel_add): argument 2 (memref<8xf32>) differs from the reference interpreter at [0]: " +
		"device -1.5, reference 1.5 (exact: the float operations this argument's values come from are correctly rounded)"
	var d *ir.Diagnostic
	if !errors.As(err, &d) || d.Message != "'gpu.launch_func' op "+want {
		t.Fatalf("got %v\nwant %s", err, want)
	}
	path := filepath.Join(repro, "kernels-kernel_add-launch1.amber")
	if len(d.Notes) != 1 || d.Notes[0].Message != "reproducer: "+path {
		t.Fatalf("notes %v, want the reproducer %s", d.Notes, path)
	}
	// The reproducer, run without the runner, fails the same way.
	src, err = os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	for _, line := range []string{
		"BUFFER arg0 DATA_TYPE float DATA\n0 1 2 3 4 5 6 7\nEND",
		"BUFFER arg1 DATA_TYPE float DATA\n1.5 1.5 1.5 1.5 1.5 1.5 1.5 1.5\nEND",
		"RUN pipeline 8 1 1",
		"EXPECT arg2 IDX 0 EQ 1.5 2.5 3.5 4.5 5.5 6.5 7.5 8.5",
	} {
		if !strings.Contains(string(src), line) {
			t.Errorf("the reproducer lacks %q:\n%s", line, src)
		}
	}
	s, err := amber.Parse(path, src)
	if err != nil {
		t.Fatal(err)
	}
	dev, err := inst.Open(0, vulkan.DeviceConfig{})
	if err != nil {
		t.Fatal(err)
	}
	defer dev.Close()
	var m *amber.Mismatch
	if err := s.Run(context.Background(), dev, nil); !errors.As(err, &m) || m.Buffer != "arg2" || m.Index != 0 || m.Got != "-1.5" || m.Want != "1.5" {
		t.Errorf("running the reproducer: %v", err)
	}
}

// TestVulkanResidentBuffers checks that memrefs stay in their device
// buffers between launches and move only when the host touches them.
func TestVulkanResidentBuffers(t *testing.T) {
	inst := testInstance(t)
	reg := fakePasses(t, "testdata/addf.spirv.mlir")
	for _, c := range []struct {
		file             string
		uploads, fetches int
	}{{"testdata/launch100.mlir", 2, 1}, {"testdata/resident.mlir", 4, 3}} {
		var out, ref, summary bytes.Buffer
		rep, err := Run(parseFile(t, c.file), Options{Instance: inst, Validate: true, Out: &out, Passes: reg, Time: true, Err: &summary})
		if err != nil {
			t.Fatal(err)
		}
		if _, err := Run(parseFile(t, c.file), Options{Reference: true, Out: &ref}); err != nil {
			t.Fatal(err)
		}
		if ref.String() != out.String() {
			t.Errorf("%s: Vulkan and reference disagree:\n%s\nvs\n%s", c.file, out.String(), ref.String())
		}
		if rep.Uploads != c.uploads || rep.Fetches != c.fetches {
			t.Errorf("%s: %d uploads and %d fetches, want %d and %d", c.file, rep.Uploads, rep.Fetches, c.uploads, c.fetches)
		}
		if s := summary.String(); !strings.HasPrefix(s, "kiln run: ") || strings.Count(s, "\n") != 1 || !strings.Contains(s, "host interpretation") {
			t.Errorf("%s: --time summary %q", c.file, s)
		}
	}
}
