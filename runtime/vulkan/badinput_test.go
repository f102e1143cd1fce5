package vulkan

import (
	"errors"
	"strings"
	"sync/atomic"
	"testing"
	"time"
	"unsafe"
)

// Each bad input must come back as an error that names the problem, before
// any driver sees it; the validation layer, watching every test, must stay
// silent.

func TestTruncatedSPIRV(t *testing.T) {
	d := testDevice(t, DeviceConfig{})
	code := spirv(t, "add")
	for _, n := range []int{0, 3, 5, 17, len(code) / 2, len(code) - 1} {
		_, err := d.NewKernel(KernelSpec{Code: code[:n], Bindings: storage(3)})
		if !errors.Is(err, ErrInvalidSPIRV) {
			t.Errorf("%d of %d words: %v, want ErrInvalidSPIRV", n, len(code), err)
		}
	}
}

func TestOverLimitGroupCount(t *testing.T) {
	d := testDevice(t, DeviceConfig{})
	k := newKernel(t, d, KernelSpec{Code: spirv(t, "add"), Bindings: storage(3)})
	b := upload(t, d, make([]float32, 64))
	over := d.Info().Limits.MaxComputeWorkGroupCount[1] + 1
	_, err := d.Dispatch(k, [3]uint32{1, over, 1}, args(b, b, b), nil)
	if !errors.Is(err, ErrLimit) || !strings.Contains(err.Error(), "maxComputeWorkGroupCount") {
		t.Errorf("group count over the limit: %v, want ErrLimit naming maxComputeWorkGroupCount", err)
	}
}

func TestWorkgroupSizeOverLimits(t *testing.T) {
	d := testDevice(t, DeviceConfig{})
	lim := d.Info().Limits
	code := spirv(t, "spec")
	// Each dimension within maxComputeWorkGroupSize, their product over
	// maxComputeWorkGroupInvocations.
	x := min(lim.MaxComputeWorkGroupSize[0], lim.MaxComputeWorkGroupInvocations)
	y := min(lim.MaxComputeWorkGroupSize[1], lim.MaxComputeWorkGroupInvocations/x+1)
	for _, tc := range []struct {
		x, y uint32
		name string
	}{
		{x, y, "maxComputeWorkGroupInvocations"},
		{lim.MaxComputeWorkGroupSize[0] + 1, 1, "maxComputeWorkGroupSize"},
	} {
		_, err := d.NewKernel(KernelSpec{Code: code, Bindings: storage(2),
			SpecConstants: []SpecConstant{{0, uint64(tc.x)}, {1, uint64(tc.y)}}})
		if !errors.Is(err, ErrLimit) || !strings.Contains(err.Error(), tc.name) {
			t.Errorf("workgroup size %dx%d: %v, want ErrLimit naming %s", tc.x, tc.y, err, tc.name)
		}
	}
	_, err := d.NewKernel(KernelSpec{Code: code, Bindings: storage(2), WorkgroupSize: [3]uint32{64, 1, 1}})
	if !errors.Is(err, ErrBadArgument) {
		t.Errorf("WorkgroupSize that disagrees with the module: %v, want ErrBadArgument", err)
	}
}

func TestBadBindings(t *testing.T) {
	d := testDevice(t, DeviceConfig{})
	code := spirv(t, "add")
	k := newKernel(t, d, KernelSpec{Code: code, Bindings: storage(3)})
	b := upload(t, d, make([]float32, 64))
	lim := d.Info().Limits
	for _, tc := range []struct {
		name string
		args []Arg
		want error
		text string
	}{
		{"missing binding", append(args(b, b, b), Arg{Binding: 7, Buffer: b}), ErrBadArgument, "no such binding"},
		{"missing set", append(args(b, b, b), Arg{Set: 1, Binding: 0, Buffer: b}), ErrBadArgument, "no such binding"},
		{"unbound", args(b, b), ErrBadArgument, "has no buffer"},
		{"twice", append(args(b, b, b), Arg{Binding: 1, Buffer: b}), ErrBadArgument, "bound twice"},
		{"nil buffer", append(args(b, b), Arg{Binding: 2}), ErrBadArgument, "nil buffer"},
		{"overrun", append(args(b, b), Arg{Binding: 2, Buffer: b, Offset: lim.MinStorageBufferOffsetAlignment, Size: 256}), ErrBadArgument, "overruns"},
		{"misaligned", append(args(b, b), Arg{Binding: 2, Buffer: b, Offset: 4}), ErrLimit, "minStorageBufferOffsetAlignment"},
	} {
		_, err := d.Dispatch(k, [3]uint32{1, 1, 1}, tc.args, nil)
		if !errors.Is(err, tc.want) || !strings.Contains(err.Error(), tc.text) {
			t.Errorf("%s: %v, want %v containing %q", tc.name, err, tc.want, tc.text)
		}
	}
	if _, err := d.Dispatch(k, [3]uint32{1, 1, 1}, args(b, b, b), []byte{1, 2, 3, 4}); !errors.Is(err, ErrBadArgument) {
		t.Errorf("push constants for a kernel without any: %v, want ErrBadArgument", err)
	}
	for _, tc := range []struct {
		name string
		spec KernelSpec
		text string
	}{
		{"undescribed binding", KernelSpec{Code: code, Bindings: storage(2)}, "do not describe"},
		{"wrong class", KernelSpec{Code: code, Bindings: append(storage(2), Binding{0, 2, Uniform})}, "as StorageBuffer"},
		{"no push constants", KernelSpec{Code: spirv(t, "transpose"), Bindings: []Binding{{0, 0, StorageBuffer}, {0, 1, StorageBuffer}, {1, 0, Uniform}}}, "push constants"},
		{"unknown spec constant", KernelSpec{Code: code, Bindings: storage(3), SpecConstants: []SpecConstant{{5, 1}}}, "SpecId 5"},
		{"entry point", KernelSpec{Code: code, Bindings: storage(3), Entry: "nope"}, `no GLCompute entry point "nope"`},
	} {
		if _, err := d.NewKernel(tc.spec); err == nil || !strings.Contains(err.Error(), tc.text) {
			t.Errorf("%s: %v, want an error containing %q", tc.name, err, tc.text)
		}
	}
}

// TestBufferOverStorageRange binds a buffer one alignment unit larger than
// maxStorageBufferRange. Where maxBufferSize is no larger (SwiftShader: both
// 1 GiB) NewBuffer refuses it; elsewhere the dispatch does.
func TestBufferOverStorageRange(t *testing.T) {
	d := testDevice(t, DeviceConfig{})
	k := newKernel(t, d, KernelSpec{Code: spirv(t, "add"), Bindings: storage(3)})
	lim := d.Info().Limits
	size := uint64(lim.MaxStorageBufferRange) + lim.MinStorageBufferOffsetAlignment
	big, err := d.NewBuffer(size)
	if err != nil {
		if !errors.Is(err, ErrLimit) && !errors.Is(err, ErrOutOfDeviceMemory) {
			t.Fatalf("NewBuffer(%d): %v, want ErrLimit or ErrOutOfDeviceMemory", size, err)
		}
		return
	}
	small := upload(t, d, make([]float32, 64))
	_, err = d.Dispatch(k, [3]uint32{1, 1, 1}, args(small, small, big), nil)
	if !errors.Is(err, ErrLimit) || !strings.Contains(err.Error(), "maxStorageBufferRange") {
		t.Errorf("binding %d bytes: %v, want ErrLimit naming maxStorageBufferRange", size, err)
	}
	// The same buffer bound in range works.
	if _, err := d.Dispatch(k, [3]uint32{1, 1, 1}, []Arg{{Binding: 0, Buffer: small}, {Binding: 1, Buffer: small},
		{Binding: 2, Buffer: big, Offset: lim.MinStorageBufferOffsetAlignment}}, nil); err != nil {
		t.Error(err)
	}
}

func TestOutOfMemory(t *testing.T) {
	d := testDevice(t, DeviceConfig{})
	info := d.Info()
	heap := info.MemoryHeaps[info.MemoryTypes[deviceType(info)].Heap].Size
	if _, err := d.NewBuffer(heap + 1); !errors.Is(err, ErrOutOfDeviceMemory) && !errors.Is(err, ErrLimit) {
		t.Errorf("NewBuffer(heap size + 1): %v, want ErrOutOfDeviceMemory or ErrLimit", err)
	}
	// Buffers that fit one by one but not together.
	chunk := heap / 2
	if m := info.Limits.MaxBufferSize; m != 0 {
		chunk = min(chunk, m)
	}
	var err error
	for i := uint64(0); i <= heap/chunk && err == nil; i++ {
		_, err = d.NewBuffer(chunk)
	}
	if !errors.Is(err, ErrOutOfDeviceMemory) || !strings.Contains(err.Error(), "VK_ERROR_OUT_OF_DEVICE_MEMORY") {
		t.Errorf("allocating past the heap: %v, want ErrOutOfDeviceMemory", err)
	}
}

// TestDispatchTimeout runs a kernel that never ends: the wait gives up after
// the instance's DispatchTimeout with an error naming the kernel, and the hung
// device refuses further work, closes without waiting and leaves the
// validation layer nothing to report.
func TestDispatchTimeout(t *testing.T) {
	const timeout = 300 * time.Millisecond
	d := openDevice(t, configuredInstance(t, InstanceConfig{Validation: true, DispatchTimeout: timeout}), DeviceConfig{})
	k := newKernel(t, d, KernelSpec{Code: spirv(t, "spin"), Bindings: storage(1)})
	flag := upload(t, d, []uint32{0})
	mapped := flag.Mapped()
	if mapped == nil {
		t.Skip("the buffer is not host-visible: the kernel could not be stopped")
	}
	start := time.Now()
	_, err := d.Dispatch(k, [3]uint32{4096, 1, 1}, args(flag), nil)
	// Stop the kernel, so that it does not spin for the rest of the tests.
	atomic.StoreUint32((*uint32)(unsafe.Pointer(&mapped[0])), 1)
	elapsed := time.Since(start)
	if !errors.Is(err, Timeout) || !strings.Contains(err.Error(), `kernel "main"`) || !strings.Contains(err.Error(), "300ms") {
		t.Fatalf("want a timeout naming the kernel and the limit, got %v", err)
	}
	if elapsed < timeout || elapsed > timeout+5*time.Second {
		t.Errorf("the dispatch returned after %v, want about %v", elapsed, timeout)
	}
	if _, err := d.Dispatch(k, [3]uint32{1, 1, 1}, args(flag), nil); !errors.Is(err, Timeout) || !strings.Contains(err.Error(), "hung") {
		t.Errorf("a dispatch on the hung device: got %v", err)
	}
}
