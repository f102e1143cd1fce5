package vulkan

import (
	"errors"
	"fmt"
	"os"
	"regexp"
	"strconv"
	"testing"
)

// TestResultNamesMatchHeader reads the VkResult enum of the installed
// vulkan_core.h and checks that resultNames names every code in it.
func TestResultNamesMatchHeader(t *testing.T) {
	src, err := os.ReadFile("/usr/include/vulkan/vulkan_core.h")
	if err != nil {
		unavailable(t, "no Vulkan headers: %v", err)
	}
	enum := regexp.MustCompile(`(?s)typedef enum VkResult \{(.*?)\} VkResult;`).FindSubmatch(src)
	if enum == nil {
		t.Fatal("no VkResult enum in vulkan_core.h")
	}
	n := 0
	for _, m := range regexp.MustCompile(`(VK_\w+) = (-?\d+),`).FindAllSubmatch(enum[1], -1) {
		v, _ := strconv.Atoi(string(m[2]))
		if got := resultNames[Result(v)]; got != string(m[1]) {
			t.Errorf("resultNames[%d] = %q, header says %s", v, got, m[1])
		}
		n++
	}
	if n != len(resultNames) {
		t.Errorf("header has %d results, resultNames %d", n, len(resultNames))
	}
}

func TestResultErrors(t *testing.T) {
	for r, want := range map[Result]string{
		NotReady:                "VK_NOT_READY",
		Timeout:                 "VK_TIMEOUT",
		Incomplete:              "VK_INCOMPLETE",
		ErrOutOfHostMemory:      "VK_ERROR_OUT_OF_HOST_MEMORY",
		ErrOutOfDeviceMemory:    "VK_ERROR_OUT_OF_DEVICE_MEMORY",
		ErrInitializationFailed: "VK_ERROR_INITIALIZATION_FAILED",
		ErrDeviceLost:           "VK_ERROR_DEVICE_LOST",
		ErrMemoryMapFailed:      "VK_ERROR_MEMORY_MAP_FAILED",
		ErrLayerNotPresent:      "VK_ERROR_LAYER_NOT_PRESENT",
		ErrExtensionNotPresent:  "VK_ERROR_EXTENSION_NOT_PRESENT",
		ErrFeatureNotPresent:    "VK_ERROR_FEATURE_NOT_PRESENT",
		ErrIncompatibleDriver:   "VK_ERROR_INCOMPATIBLE_DRIVER",
		ErrTooManyObjects:       "VK_ERROR_TOO_MANY_OBJECTS",
		ErrFragmentedPool:       "VK_ERROR_FRAGMENTED_POOL",
		ErrUnknown:              "VK_ERROR_UNKNOWN",
		ErrOutOfPoolMemory:      "VK_ERROR_OUT_OF_POOL_MEMORY",
		ErrValidationFailed:     "VK_ERROR_VALIDATION_FAILED_EXT",
		Result(-12345):          "VkResult(-12345)",
	} {
		if r.Error() != want {
			t.Errorf("Result(%d).Error() = %q, want %q", int32(r), r.Error(), want)
		}
	}
	if ErrUnknown != -13 {
		t.Errorf("ErrUnknown = %d, want -13", ErrUnknown)
	}
	err := fmt.Errorf("vulkan: vkQueueSubmit2: %w", ErrDeviceLost)
	if !errors.Is(err, ErrDeviceLost) || errors.Is(err, ErrUnknown) {
		t.Errorf("errors.Is does not see through wrapping: %v", err)
	}
}
