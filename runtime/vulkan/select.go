package vulkan

import (
	"fmt"
	"os"
	"strconv"
	"strings"
)

// Select returns the index of the device that spec names: a decimal index, or a
// case-insensitive substring of the device name that matches exactly one device.
// An empty spec falls back to $KILN_DEVICE. With neither, it picks the first
// device Kiln can open in the order discrete, integrated, virtual GPU, other,
// CPU: an explicit request that matches nothing is an error, never device 0.
func (inst *Instance) Select(spec string) (int, error) {
	if spec == "" {
		spec = os.Getenv("KILN_DEVICE")
	}
	return selectDevice(inst.devices, spec)
}

var typeRank = map[string]int{"discrete-gpu": 0, "integrated-gpu": 1, "virtual-gpu": 2, "other": 3, "cpu": 4}

func selectDevice(devices []DeviceInfo, spec string) (int, error) {
	if len(devices) == 0 {
		return -1, fmt.Errorf("vulkan: the Vulkan loader found no devices: %w", ErrNoDevice)
	}
	spec = strings.TrimSpace(spec)
	if spec == "" {
		best := -1
		for i, d := range devices {
			if d.Unsupported == "" && (best < 0 || typeRank[d.Type] < typeRank[devices[best].Type]) {
				best = i
			}
		}
		if best < 0 {
			return -1, fmt.Errorf("vulkan: no device Kiln can use among %s: %w", listDevices(devices), ErrNoDevice)
		}
		return best, nil
	}
	if i, err := strconv.Atoi(spec); err == nil {
		if i < 0 || i >= len(devices) {
			return -1, fmt.Errorf("vulkan: device index %d out of range; devices: %s: %w", i, listDevices(devices), ErrNoDevice)
		}
		return i, nil
	}
	var matches []int
	for i, d := range devices {
		if strings.Contains(strings.ToLower(d.Name), strings.ToLower(spec)) {
			matches = append(matches, i)
		}
	}
	switch len(matches) {
	case 0:
		return -1, fmt.Errorf("vulkan: no device name contains %q; devices: %s: %w", spec, listDevices(devices), ErrNoDevice)
	case 1:
		return matches[0], nil
	}
	var names []string
	for _, i := range matches {
		names = append(names, fmt.Sprintf("%d (%s)", i, devices[i].Name))
	}
	return -1, fmt.Errorf("vulkan: device name %q is ambiguous: it matches %s; use an index: %w",
		spec, strings.Join(names, ", "), ErrNoDevice)
}

func listDevices(devices []DeviceInfo) string {
	names := make([]string, len(devices))
	for i, d := range devices {
		names[i] = fmt.Sprintf("%d %q", i, d.Name)
		if d.Unsupported != "" {
			names[i] += " (unusable: " + d.Unsupported + ")"
		}
	}
	return strings.Join(names, ", ")
}
