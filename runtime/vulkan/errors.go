package vulkan

// #include "kiln_vk.h"
import "C"

import (
	"errors"
	"fmt"

	"github.com/kiln-gpu/kiln/runtime/compute"
)

// Result is a VkResult other than VK_SUCCESS. Its Error text is the name from the
// Vulkan headers, so errors.Is(err, vulkan.ErrDeviceLost) works on any error
// returned by this package and the text names what the driver said.
type Result int32

// The VkResult codes a compute runtime can meet, with the values the Vulkan
// specification fixes. Every code of the 1.3 headers has a name in
// resultNames; these are the ones callers test for.
const (
	NotReady                Result = 1           // VK_NOT_READY
	Timeout                 Result = 2           // VK_TIMEOUT
	Incomplete              Result = 5           // VK_INCOMPLETE
	ErrOutOfHostMemory      Result = -1          // VK_ERROR_OUT_OF_HOST_MEMORY
	ErrOutOfDeviceMemory    Result = -2          // VK_ERROR_OUT_OF_DEVICE_MEMORY
	ErrInitializationFailed Result = -3          // VK_ERROR_INITIALIZATION_FAILED
	ErrDeviceLost           Result = -4          // VK_ERROR_DEVICE_LOST
	ErrMemoryMapFailed      Result = -5          // VK_ERROR_MEMORY_MAP_FAILED
	ErrLayerNotPresent      Result = -6          // VK_ERROR_LAYER_NOT_PRESENT
	ErrExtensionNotPresent  Result = -7          // VK_ERROR_EXTENSION_NOT_PRESENT
	ErrFeatureNotPresent    Result = -8          // VK_ERROR_FEATURE_NOT_PRESENT
	ErrIncompatibleDriver   Result = -9          // VK_ERROR_INCOMPATIBLE_DRIVER
	ErrTooManyObjects       Result = -10         // VK_ERROR_TOO_MANY_OBJECTS
	ErrFragmentedPool       Result = -12         // VK_ERROR_FRAGMENTED_POOL
	ErrUnknown              Result = -13         // VK_ERROR_UNKNOWN
	ErrOutOfPoolMemory      Result = -1000069000 // VK_ERROR_OUT_OF_POOL_MEMORY
	ErrValidationFailed     Result = -1000011001 // VK_ERROR_VALIDATION_FAILED_EXT
)

// resultNames holds every VkResult of vulkan_core.h 1.3.239 (aliases excluded);
// TestResultNamesMatchHeader keeps it in step with the installed header.
var resultNames = map[Result]string{
	0:           "VK_SUCCESS",
	1:           "VK_NOT_READY",
	2:           "VK_TIMEOUT",
	3:           "VK_EVENT_SET",
	4:           "VK_EVENT_RESET",
	5:           "VK_INCOMPLETE",
	-1:          "VK_ERROR_OUT_OF_HOST_MEMORY",
	-2:          "VK_ERROR_OUT_OF_DEVICE_MEMORY",
	-3:          "VK_ERROR_INITIALIZATION_FAILED",
	-4:          "VK_ERROR_DEVICE_LOST",
	-5:          "VK_ERROR_MEMORY_MAP_FAILED",
	-6:          "VK_ERROR_LAYER_NOT_PRESENT",
	-7:          "VK_ERROR_EXTENSION_NOT_PRESENT",
	-8:          "VK_ERROR_FEATURE_NOT_PRESENT",
	-9:          "VK_ERROR_INCOMPATIBLE_DRIVER",
	-10:         "VK_ERROR_TOO_MANY_OBJECTS",
	-11:         "VK_ERROR_FORMAT_NOT_SUPPORTED",
	-12:         "VK_ERROR_FRAGMENTED_POOL",
	-13:         "VK_ERROR_UNKNOWN",
	-1000069000: "VK_ERROR_OUT_OF_POOL_MEMORY",
	-1000072003: "VK_ERROR_INVALID_EXTERNAL_HANDLE",
	-1000161000: "VK_ERROR_FRAGMENTATION",
	-1000257000: "VK_ERROR_INVALID_OPAQUE_CAPTURE_ADDRESS",
	1000297000:  "VK_PIPELINE_COMPILE_REQUIRED",
	-1000000000: "VK_ERROR_SURFACE_LOST_KHR",
	-1000000001: "VK_ERROR_NATIVE_WINDOW_IN_USE_KHR",
	1000001003:  "VK_SUBOPTIMAL_KHR",
	-1000001004: "VK_ERROR_OUT_OF_DATE_KHR",
	-1000003001: "VK_ERROR_INCOMPATIBLE_DISPLAY_KHR",
	-1000011001: "VK_ERROR_VALIDATION_FAILED_EXT",
	-1000012000: "VK_ERROR_INVALID_SHADER_NV",
	-1000023000: "VK_ERROR_IMAGE_USAGE_NOT_SUPPORTED_KHR",
	-1000023001: "VK_ERROR_VIDEO_PICTURE_LAYOUT_NOT_SUPPORTED_KHR",
	-1000023002: "VK_ERROR_VIDEO_PROFILE_OPERATION_NOT_SUPPORTED_KHR",
	-1000023003: "VK_ERROR_VIDEO_PROFILE_FORMAT_NOT_SUPPORTED_KHR",
	-1000023004: "VK_ERROR_VIDEO_PROFILE_CODEC_NOT_SUPPORTED_KHR",
	-1000023005: "VK_ERROR_VIDEO_STD_VERSION_NOT_SUPPORTED_KHR",
	-1000158000: "VK_ERROR_INVALID_DRM_FORMAT_MODIFIER_PLANE_LAYOUT_EXT",
	-1000174001: "VK_ERROR_NOT_PERMITTED_KHR",
	-1000255000: "VK_ERROR_FULL_SCREEN_EXCLUSIVE_MODE_LOST_EXT",
	1000268000:  "VK_THREAD_IDLE_KHR",
	1000268001:  "VK_THREAD_DONE_KHR",
	1000268002:  "VK_OPERATION_DEFERRED_KHR",
	1000268003:  "VK_OPERATION_NOT_DEFERRED_KHR",
	-1000338000: "VK_ERROR_COMPRESSION_EXHAUSTED_EXT",
}

func (r Result) Error() string {
	if name, ok := resultNames[r]; ok {
		return name
	}
	return fmt.Sprintf("VkResult(%d)", int32(r))
}

// Errors this package reports for conditions it detects itself, before the driver
// sees anything. Returned errors wrap one of these (or a Result) with the details.
// All but ErrNoDevice are runtime/compute's, shared with the GL runtime.
var (
	ErrNoDevice     = errors.New("no usable Vulkan device")
	ErrClosed       = compute.ErrClosed
	ErrLimit        = compute.ErrLimit
	ErrInvalidSPIRV = compute.ErrInvalidSPIRV
	ErrBadArgument  = compute.ErrBadArgument
	ErrUnsupported  = compute.ErrUnsupported
)

// check turns a VkResult into nil or an error naming the call that failed.
// Positive codes (VK_INCOMPLETE, VK_TIMEOUT) are errors too: no call this package
// makes expects them as success.
func check(r C.VkResult, call string) error {
	if r == C.VK_SUCCESS {
		return nil
	}
	return fmt.Errorf("vulkan: %s: %w", call, Result(r))
}
