// Package vulkantest opens the Vulkan device that tests run kernels on:
// device 0, with the validation layer on. Without one the test skips,
// except under CI (CI=true), which installs the drivers and so fails
// instead; under -short it skips too.
package vulkantest

import (
	"os"
	"testing"

	"github.com/kiln-gpu/kiln/runtime/vulkan"
)

// Device returns an instance with the validation layer and its device 0,
// both closed when the test ends. The caller reads the layer's messages
// with inst.TakeMessages and fails on any.
func Device(t testing.TB) (*vulkan.Instance, *vulkan.Device) {
	t.Helper()
	if testing.Short() {
		t.Skip("runs Vulkan")
	}
	skip := t.Skipf
	if os.Getenv("CI") == "true" {
		skip = t.Fatalf
	}
	inst, err := vulkan.NewInstance(vulkan.InstanceConfig{Validation: true})
	if err != nil {
		skip("no Vulkan with the validation layer: %v", err)
	}
	t.Cleanup(func() { inst.Close() })
	if len(inst.Devices()) == 0 {
		skip("no Vulkan device")
	}
	dev, err := inst.Open(0, vulkan.DeviceConfig{})
	if err != nil {
		skip("cannot open device 0: %v", err)
	}
	t.Cleanup(func() { dev.Close() })
	return inst, dev
}
