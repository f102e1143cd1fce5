package vulkan

import (
	"fmt"
	"runtime"
	"syscall"
	"testing"
	"time"
	"unsafe"
)

// The benchmarks run without the validation layer, on the device that
// KILN_DEVICE names. Run them once per driver:
//
//	VK_DRIVER_FILES=/usr/share/vulkan/icd.d/lvp_icd.x86_64.json go test -run '^$' -bench . ./runtime/vulkan
//	VK_DRIVER_FILES=/opt/kiln/swiftshader/vk_swiftshader_icd.json go test -run '^$' -bench . ./runtime/vulkan

// BenchmarkFirstDispatch is the cold path of a one-shot `kiln run`: instance,
// device, pipeline, buffers, one dispatch and teardown. The metrics split it
// into opening (instance and device), the kernel's pipeline, and the dispatch.
func BenchmarkFirstDispatch(b *testing.B) {
	code := spirv(b, "add")
	var open, kernel, dispatch time.Duration
	for b.Loop() {
		t0 := time.Now()
		inst, err := NewInstance(InstanceConfig{})
		if err != nil {
			unavailable(b, "no Vulkan: %v", err)
		}
		i, err := inst.Select("")
		if err != nil {
			b.Fatal(err)
		}
		d, err := inst.Open(i, DeviceConfig{})
		if err != nil {
			b.Fatal(err)
		}
		t1 := time.Now()
		k := newKernel(b, d, KernelSpec{Code: code, Bindings: storage(3)})
		t2 := time.Now()
		x := upload(b, d, make([]float32, 256))
		if _, err := d.Dispatch(k, groups(256), args(x, x, x), nil); err != nil {
			b.Fatal(err)
		}
		t3 := time.Now()
		inst.Close()
		open, kernel, dispatch = open+t1.Sub(t0), kernel+t2.Sub(t1), dispatch+t3.Sub(t2)
	}
	n := float64(b.N)
	b.ReportMetric(float64(open.Microseconds())/n, "open-µs/op")
	b.ReportMetric(float64(kernel.Microseconds())/n, "kernel-µs/op")
	b.ReportMetric(float64(dispatch.Microseconds())/n, "dispatch-µs/op")
}

// BenchmarkDispatch repeats a small dispatch (one workgroup, pipeline
// reused). ns/op is the latency the caller sees, device-ns/op the kernel's
// time on the device, and host-cpu-ns/op the CPU time of the calling thread:
// the runtime's own overhead plus the driver's work on that thread, without
// the time spent blocked on the fence while the driver's threads run.
func BenchmarkDispatch(b *testing.B) {
	d := openDevice(b, newTestInstance(b, false), DeviceConfig{})
	k := newKernel(b, d, KernelSpec{Code: spirv(b, "add"), Bindings: storage(3)})
	x := upload(b, d, make([]float32, 64))
	a := args(x, x, x)
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	var device time.Duration
	cpu := threadCPU()
	for b.Loop() {
		t, err := d.Dispatch(k, [3]uint32{1, 1, 1}, a, nil)
		if err != nil {
			b.Fatal(err)
		}
		device += t
	}
	cpu = threadCPU() - cpu
	b.ReportMetric(float64(device.Nanoseconds())/float64(b.N), "device-ns/op")
	b.ReportMetric(float64(cpu.Nanoseconds())/float64(b.N), "host-cpu-ns/op")
}

// threadCPU is the CPU time of the calling OS thread.
func threadCPU() time.Duration {
	const clockThreadCPUTimeID = 3
	var ts syscall.Timespec
	syscall.Syscall(syscall.SYS_CLOCK_GETTIME, clockThreadCPUTimeID, uintptr(unsafe.Pointer(&ts)), 0)
	return time.Duration(ts.Nano())
}

// BenchmarkUpload and BenchmarkDownload measure Write and Read of 64 MiB, with
// x-copy the bandwidth as a fraction of Go's copy() of the same size.
func BenchmarkUpload(b *testing.B) {
	benchTransfer(b, func(buf *Buffer, host []byte) error { return buf.Write(0, host) })
}

func BenchmarkDownload(b *testing.B) {
	benchTransfer(b, func(buf *Buffer, host []byte) error { return buf.Read(0, host) })
}

func benchTransfer(b *testing.B, transfer func(*Buffer, []byte) error) {
	const size = 64 << 20
	for _, mode := range modes[:2] {
		b.Run(mode.name, func(b *testing.B) {
			d := openDevice(b, newTestInstance(b, false), mode.cfg)
			buf, err := d.NewBuffer(size)
			if err != nil {
				b.Fatal(err)
			}
			host := make([]byte, size)
			for i := range host {
				host[i] = byte(i)
			}
			// Write every page of the buffer first: reading untouched memory
			// reads the kernel's zero page, faster than any real copy.
			if err := buf.Write(0, host); err != nil {
				b.Fatal(err)
			}
			b.SetBytes(size)
			start := time.Now()
			for b.Loop() {
				if err := transfer(buf, host); err != nil {
					b.Fatal(err)
				}
			}
			elapsed := time.Since(start)
			b.StopTimer()
			b.ReportMetric(copyTime(host, b.N).Seconds()/elapsed.Seconds(), "x-copy")
		})
	}
}

// copyTime times n copies of src into a Go slice of the same size, the best of
// three rounds; both slices' pages are touched first so that neither the
// kernel's zero page nor page faults flatter or burden the baseline.
func copyTime(src []byte, n int) time.Duration {
	dst := make([]byte, len(src))
	copy(dst, src)
	best := time.Duration(1<<63 - 1)
	for range 3 {
		start := time.Now()
		for range n {
			copy(dst, src)
		}
		best = min(best, time.Since(start))
	}
	return best
}

// BenchmarkAdd adds two resident float arrays of 1M and 16M elements on the
// device and, for comparison, in a plain Go loop.
func BenchmarkAdd(b *testing.B) {
	for _, n := range []int{1 << 20, 16 << 20} {
		b.Run(fmt.Sprintf("n=%dM/vulkan", n>>20), func(b *testing.B) {
			d := openDevice(b, newTestInstance(b, false), DeviceConfig{})
			k := newKernel(b, d, KernelSpec{Code: spirv(b, "add"), Bindings: storage(3)})
			a, c := upload(b, d, make([]float32, n)), upload(b, d, make([]float32, n))
			var device time.Duration
			b.SetBytes(int64(12 * n))
			for b.Loop() {
				t, err := d.Dispatch(k, groups(n), args(a, a, c), nil)
				if err != nil {
					b.Fatal(err)
				}
				device += t
			}
			b.ReportMetric(float64(device.Nanoseconds())/float64(b.N), "device-ns/op")
		})
		b.Run(fmt.Sprintf("n=%dM/go", n>>20), func(b *testing.B) {
			x, y, z := make([]float32, n), make([]float32, n), make([]float32, n)
			b.SetBytes(int64(12 * n))
			for b.Loop() {
				for i := range z {
					z[i] = x[i] + y[i]
				}
			}
		})
	}
}
