package main

import (
	"encoding/json"
	"fmt"
	"io"
	"strings"

	"github.com/kiln-gpu/kiln/runtime/vulkan"
)

// runDevices implements `kiln devices [--json]`: what the Vulkan loader sees,
// like `vulkaninfo --summary` but with the limits and features kernels meet,
// then the OpenGL context of `kiln run --backend=gl` (or why there is none).
// The device that `kiln run` would pick ($KILN_DEVICE, else the default
// choice) is marked; a KILN_DEVICE that names no device is an error.
func runDevices(args []string, _ io.Reader, stdout, stderr io.Writer) int {
	c := newCommandLine("kiln devices", "kiln devices [--json]",
		"Lists the Vulkan devices the loader sees, with the limits and features kernels meet\n"+
			"(like vulkaninfo --summary); the device kiln run would pick is marked. Then the\n"+
			"OpenGL 4.5 context of kiln run --backend=gl, or why there is none.")
	asJSON := c.fs.Bool("json", false, "print the devices as JSON")
	operands, code := c.parse(args, stdout, stderr)
	if code >= 0 {
		return code
	}
	if len(operands) > 0 {
		return c.usageError(stderr, "takes no operands")
	}
	inst, err := vulkan.NewInstance(vulkan.InstanceConfig{})
	if err != nil {
		fmt.Fprintf(stderr, "kiln devices: %v\n", err)
		return 1
	}
	defer inst.Close()
	devices := inst.Devices()
	selected, selErr := inst.Select("")
	if *asJSON {
		out := struct {
			Devices  []vulkan.DeviceInfo `json:"devices"`
			Selected *int                `json:"selected"` // null when no device is selected
			GL       glDevice            `json:"gl"`
		}{Devices: devices, GL: openGLDevice()}
		if selErr == nil {
			out.Selected = &selected
		}
		enc := json.NewEncoder(stdout)
		enc.SetIndent("", "  ")
		if err := enc.Encode(out); err != nil {
			fmt.Fprintf(stderr, "kiln devices: %v\n", err)
			return 1
		}
	} else {
		for _, d := range devices {
			printDevice(stdout, d, selErr == nil && d.Index == selected)
		}
		openGLDevice().print(stdout)
	}
	if selErr != nil {
		fmt.Fprintf(stderr, "kiln devices: %v\n", selErr)
		return 1
	}
	return 0
}

// printDevice writes one device as an indented summary.
func printDevice(w io.Writer, d vulkan.DeviceInfo, selected bool) {
	mark := ""
	if selected {
		mark = "  (selected)"
	}
	l, f := d.Limits, d.Features
	fmt.Fprintf(w, "device %d: %s%s\n", d.Index, d.Name, mark)
	row := func(key, format string, args ...any) {
		fmt.Fprintf(w, "  %-12s %s\n", key, fmt.Sprintf(format, args...))
	}
	row("type", "%s, vendor %s (%#x), device %#x", d.Type, d.Vendor, d.VendorID, d.DeviceID)
	row("api", "Vulkan %s", d.APIVersion)
	driver := strings.TrimSpace(d.DriverName + " " + d.DriverInfo)
	row("driver", "%s (id %d), version %s", driver, d.DriverID, d.DriverVersion)
	row("workgroups", "count %v, size %v, %d invocations, %d bytes shared",
		l.MaxComputeWorkGroupCount, l.MaxComputeWorkGroupSize,
		l.MaxComputeWorkGroupInvocations, l.MaxComputeSharedMemorySize)
	row("buffers", "storage range %d (align %d), uniform range %d (align %d)",
		l.MaxStorageBufferRange, l.MinStorageBufferOffsetAlignment,
		l.MaxUniformBufferRange, l.MinUniformBufferOffsetAlignment)
	row("limits", "buffer size %d, push constants %d bytes, %d descriptor sets",
		l.MaxBufferSize, l.MaxPushConstantsSize, l.MaxBoundDescriptorSets)
	row("subgroups", "size %d, %s", d.Subgroup.Size, strings.Join(d.Subgroup.Operations, " "))
	row("types", "%s", onOff(
		feature{"float16", f.ShaderFloat16}, feature{"float64", f.ShaderFloat64},
		feature{"int8", f.ShaderInt8}, feature{"int16", f.ShaderInt16}, feature{"int64", f.ShaderInt64}))
	row("storage", "%s", onOff(
		feature{"8bit", f.StorageBuffer8BitAccess}, feature{"16bit", f.StorageBuffer16BitAccess},
		feature{"variablePointers", f.VariablePointers}, feature{"vulkanMemoryModel", f.VulkanMemoryModel}))
	for i, h := range d.MemoryHeaps {
		row(fmt.Sprintf("heap %d", i), "%.1f MiB %s", float64(h.Size)/(1<<20), strings.Join(h.Flags, "|"))
	}
	for i, t := range d.MemoryTypes {
		row(fmt.Sprintf("memory %d", i), "heap %d %s", t.Heap, strings.Join(t.Flags, "|"))
	}
	for i, q := range d.QueueFamilies {
		row(fmt.Sprintf("queues %d", i), "%d x %s, %d timestamp bits",
			q.Count, strings.Join(q.Flags, "|"), q.TimestampValidBits)
	}
	row("timestamps", "%v (%g ns per tick)", d.Timestamps, l.TimestampPeriod)
	if d.Unsupported != "" {
		row("unusable", "%s", d.Unsupported)
	}
}

// A feature is a device feature's name and whether the device has it.
type feature struct {
	name string
	on   bool
}

// onOff lists the features the device has with "+", then those it lacks
// with "-".
func onOff(features ...feature) string {
	var on, off []string
	for _, f := range features {
		if f.on {
			on = append(on, "+"+f.name)
		} else {
			off = append(off, "-"+f.name)
		}
	}
	return strings.Join(append(on, off...), " ")
}
