package vulkan

// #cgo LDFLAGS: -lvulkan
// #include "kiln_vk.h"
import "C"

import (
	"fmt"
	"runtime"
	"runtime/cgo"
	"sync"
	"time"
	"unsafe"
)

// InstanceConfig configures NewInstance.
type InstanceConfig struct {
	// Validation enables VK_LAYER_KHRONOS_validation, with its
	// synchronization validation, and a debug_utils messenger that collects
	// its warnings and errors (see TakeMessages).
	Validation bool
	// DispatchTimeout bounds each wait for a submission (a launch or a
	// copy) on the devices the instance opens; 0 means DefaultDispatchTimeout.
	// A submission that runs longer leaves its device hung (see Device.Run).
	DispatchTimeout time.Duration
}

// DefaultDispatchTimeout is the dispatch watchdog's default limit.
const DefaultDispatchTimeout = time.Minute

// An Instance is a VkInstance and the devices the loader showed it. Its methods
// are safe for concurrent use.
type Instance struct {
	handle    C.VkInstance
	messenger C.VkDebugUtilsMessengerEXT
	// self is the messenger's user data. It must outlive vkDestroyInstance,
	// which can still report messages.
	self     cgo.Handle
	physical []C.VkPhysicalDevice
	devices  []DeviceInfo

	mu     sync.Mutex // guards open, closed and hung
	open   map[*Device]struct{}
	closed bool
	// hung says that a device of the instance was left with a submission
	// that did not finish: the instance cannot be destroyed under it.
	hung    bool
	timeout time.Duration

	msgMu    sync.Mutex
	messages []Message
}

const validationLayer = "VK_LAYER_KHRONOS_validation"

// NewInstance creates a Vulkan 1.3 instance and lists its physical devices. An
// error wrapping ErrIncompatibleDriver means the loader found no driver at all.
func NewInstance(cfg InstanceConfig) (*Instance, error) {
	inst := &Instance{open: map[*Device]struct{}{}, timeout: cfg.DispatchTimeout}
	if inst.timeout <= 0 {
		inst.timeout = DefaultDispatchTimeout
	}
	var p runtime.Pinner
	defer p.Unpin()

	appName := C.CString("kiln")
	defer C.free(unsafe.Pointer(appName))
	app := &C.VkApplicationInfo{
		sType:            C.VK_STRUCTURE_TYPE_APPLICATION_INFO,
		pApplicationName: appName,
		apiVersion:       C.uint32_t(version13),
	}
	p.Pin(app)
	info := C.VkInstanceCreateInfo{
		sType:            C.VK_STRUCTURE_TYPE_INSTANCE_CREATE_INFO,
		pApplicationInfo: app,
	}
	if cfg.Validation {
		if !hasLayer(validationLayer) {
			return nil, fmt.Errorf("vulkan: validation requested but %s is not installed (Debian: vulkan-validationlayers): %w",
				validationLayer, ErrLayerNotPresent)
		}
		layers := newCStrings(validationLayer)
		defer layers.free()
		exts := newCStrings("VK_EXT_debug_utils", "VK_EXT_validation_features")
		defer exts.free()
		info.enabledLayerCount, info.ppEnabledLayerNames = layers.n, layers.p
		info.enabledExtensionCount, info.ppEnabledExtensionNames = exts.n, exts.p

		// Chained into the create info, the messenger also hears what the layer
		// says during vkCreateInstance and vkDestroyInstance.
		inst.self = cgo.NewHandle(inst)
		var mi C.VkDebugUtilsMessengerCreateInfoEXT
		C.kiln_messenger_info(&mi, C.uintptr_t(inst.self))
		p.Pin(&mi)
		// Synchronization validation checks the barriers between launches
		// and around transfers, which no result comparison can prove.
		enable := new(C.VkValidationFeatureEnableEXT)
		*enable = C.VK_VALIDATION_FEATURE_ENABLE_SYNCHRONIZATION_VALIDATION_EXT
		p.Pin(enable)
		vf := &C.VkValidationFeaturesEXT{
			sType:                         C.VK_STRUCTURE_TYPE_VALIDATION_FEATURES_EXT,
			pNext:                         unsafe.Pointer(&mi),
			enabledValidationFeatureCount: 1,
			pEnabledValidationFeatures:    enable,
		}
		p.Pin(vf)
		info.pNext = unsafe.Pointer(vf)
	}
	if r := C.vkCreateInstance(&info, nil, &inst.handle); r != C.VK_SUCCESS {
		inst.release()
		if r == C.VK_ERROR_INCOMPATIBLE_DRIVER {
			return nil, fmt.Errorf("vulkan: the Vulkan loader found no driver (install mesa-vulkan-drivers, "+
				"or point VK_DRIVER_FILES at an ICD json): %w", Result(r))
		}
		return nil, check(r, "vkCreateInstance")
	}
	if cfg.Validation {
		if err := check(C.kiln_create_messenger(inst.handle, C.uintptr_t(inst.self), &inst.messenger),
			"vkCreateDebugUtilsMessengerEXT"); err != nil {
			inst.release()
			return nil, err
		}
	}
	if err := inst.enumerate(); err != nil {
		inst.release()
		return nil, err
	}
	return inst, nil
}

func (inst *Instance) enumerate() error {
	var n C.uint32_t
	if err := check(C.vkEnumeratePhysicalDevices(inst.handle, &n, nil), "vkEnumeratePhysicalDevices"); err != nil || n == 0 {
		return err
	}
	inst.physical = make([]C.VkPhysicalDevice, n)
	if err := check(C.vkEnumeratePhysicalDevices(inst.handle, &n, &inst.physical[0]), "vkEnumeratePhysicalDevices"); err != nil {
		return err
	}
	inst.physical = inst.physical[:n]
	for i, pd := range inst.physical {
		inst.devices = append(inst.devices, queryDevice(i, pd))
	}
	return nil
}

// Devices describes the physical devices, in the loader's order; Index is the
// position Open and KILN_DEVICE use.
func (inst *Instance) Devices() []DeviceInfo {
	return append([]DeviceInfo(nil), inst.devices...)
}

// Close closes the devices still open and destroys the instance. Messages the
// validation layer reports meanwhile (leaks, for one) stay in TakeMessages.
func (inst *Instance) Close() error {
	inst.mu.Lock()
	if inst.closed {
		inst.mu.Unlock()
		return nil
	}
	inst.closed = true
	open := make([]*Device, 0, len(inst.open))
	for d := range inst.open {
		open = append(open, d)
	}
	inst.mu.Unlock()
	for _, d := range open {
		d.Close()
	}
	inst.mu.Lock()
	hung := inst.hung
	inst.mu.Unlock()
	if !hung {
		inst.release()
	}
	return nil
}

// release destroys whatever NewInstance created, in reverse order.
func (inst *Instance) release() {
	if inst.messenger != 0 {
		C.kiln_destroy_messenger(inst.handle, inst.messenger)
	}
	if inst.handle != nil {
		C.vkDestroyInstance(inst.handle, nil)
	}
	if inst.self != 0 {
		inst.self.Delete()
	}
	inst.handle, inst.messenger, inst.self = nil, 0, 0
}

func hasLayer(name string) bool {
	var n C.uint32_t
	if C.vkEnumerateInstanceLayerProperties(&n, nil) != C.VK_SUCCESS || n == 0 {
		return false
	}
	props := make([]C.VkLayerProperties, n)
	if C.vkEnumerateInstanceLayerProperties(&n, &props[0]) != C.VK_SUCCESS {
		return false
	}
	for i := range props[:n] {
		if C.GoString(&props[i].layerName[0]) == name {
			return true
		}
	}
	return false
}

// cStrings is an array of C strings in C memory, for ppEnabled*Names.
type cStrings struct {
	p **C.char
	n C.uint32_t
}

func newCStrings(names ...string) cStrings {
	if len(names) == 0 {
		return cStrings{}
	}
	p := (**C.char)(C.malloc(C.size_t(len(names)) * C.size_t(unsafe.Sizeof((*C.char)(nil)))))
	s := unsafe.Slice(p, len(names))
	for i, n := range names {
		s[i] = C.CString(n)
	}
	return cStrings{p, C.uint32_t(len(names))}
}

func (c cStrings) free() {
	if c.p == nil {
		return
	}
	for _, s := range unsafe.Slice(c.p, c.n) {
		C.free(unsafe.Pointer(s))
	}
	C.free(unsafe.Pointer(c.p))
}
