// Package vulkan runs SPIR-V compute kernels through Vulkan: the runtime under
// `kiln run` and `kiln devices`. It is Kiln's only cgo package, a thin layer on
// the system's <vulkan/vulkan.h> linked against the loader (-lvulkan), and it
// never imports the compiler's IR: it takes SPIR-V words and buffers.
//
// # Model
//
// An Instance is the loader's view: the physical devices, each described by a
// DeviceInfo (limits, features, subgroups, memory, queues) and chosen with
// Select by index or name substring, $KILN_DEVICE or the best kind present;
// never silently the first when the user named another. InstanceConfig.
// Validation turns on VK_LAYER_KHRONOS_validation, synchronization validation
// included, with a debug_utils messenger that returns VK_TRUE (the layer then
// skips the bad call instead of letting the driver crash) and collects every
// warning and error for TakeMessages.
//
// Open makes a Device: one compute queue with every kernel-relevant feature the
// device has, a pipeline cache, and caches of descriptor set and pipeline
// layouts. On it:
//
//   - NewBuffer allocates the memory behind one host memref. Write and Read
//     copy through the mapping when the memory is host-visible (flushing and
//     invalidating when it is not coherent) and through a staging buffer and a
//     copy command when it is not, or when DeviceConfig.ForceStaging asks.
//   - NewKernel turns SPIR-V words (Words decodes a .spv file), an entry
//     point, binding descriptions, push constant size and specialization
//     constants into a compute pipeline, built once and reused by every
//     dispatch.
//   - Dispatch and Run bind buffers, push constants and workgroup counts,
//     submit, wait on a fence and return each launch's device time from
//     timestamp queries. Launches of one Run that share a buffer are ordered
//     by a barrier.
//
// The runtime checks what the CPU drivers do not: SPIR-V structure before the
// driver parses it (SwiftShader segfaults on a truncated module), workgroup
// counts and sizes against the device limits (both CPU drivers run over-limit
// dispatches silently), buffer offsets, ranges and sizes, memory heap sizes,
// and that every binding a kernel uses has a buffer. Failures are errors that
// wrap a sentinel (ErrLimit, ErrInvalidSPIRV, ...) or a Result, the VkResult
// a driver returned, named as in the headers.
//
// # Memory rules
//
// C structs are built in C memory or in Go memory pinned with runtime.Pinner for
// the duration of the call, and no Go pointer is ever stored in C memory, so
// the package runs under GOEXPERIMENT=cgocheck2 and under a garbage collector
// running concurrently. Non-dispatchable handles are plain uint64 values
// (VK_USE_64_BIT_PTR_DEFINES=0), so the collector never sees a handle as a
// pointer.
//
// # Concurrency
//
// Every method is safe for concurrent use. Each call records into a frame of
// its own (command pool, fence, descriptor pools, query pool, staging buffer)
// taken from a free list; only queue submission is serialized. Free and Close
// wait for the calls in flight, so nothing is destroyed under a running kernel.
package vulkan

//go:generate sh testdata/gen.sh
