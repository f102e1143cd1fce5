package runner

import (
	"bytes"
	"errors"
	"os"
	"strconv"
	"strings"
	"testing"

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
