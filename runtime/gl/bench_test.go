package gl

import (
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/kiln-gpu/kiln/runtime/compute"
	"github.com/kiln-gpu/kiln/runtime/vulkan"
)

// benchKernel is one kernel of BenchmarkGLvsVulkan: the same GLSL compiled
// for GL (NAME.spv) and Vulkan (NAME.vk.spv), with its buffer sizes,
// storage bindings and group counts.
type benchKernel struct {
	name    string
	file    string
	buffers []uint64
	groups  [3]uint32
}

var benchKernels = []benchKernel{
	{"add1M", "add", []uint64{4 << 20, 4 << 20, 4 << 20}, [3]uint32{1 << 14, 1, 1}},
	{"matmul256", "matmul", []uint64{4 << 16, 4 << 16, 4 << 16}, [3]uint32{16, 16, 1}},
	{"reduce1M", "reduce", []uint64{4 << 20, 4 << 12}, [3]uint32{1 << 12, 1, 1}},
}

// BenchmarkGLvsVulkan dispatches each kernel repeatedly on GL and on the
// Vulkan device $KILN_DEVICE selects (lavapipe in ci/test-gl.sh), and
// reports the device time per dispatch (GL_TIME_ELAPSED, Vulkan
// timestamps) and the host overhead around it (wall time less device time).
func BenchmarkGLvsVulkan(b *testing.B) {
	c := open(b)
	inst, err := vulkan.NewInstance(vulkan.InstanceConfig{})
	var dev *vulkan.Device
	if err == nil {
		defer inst.Close()
		var idx int
		if idx, err = inst.Select(""); err == nil {
			dev, err = inst.Open(idx, vulkan.DeviceConfig{})
		}
	}
	if err != nil {
		b.Logf("no Vulkan device, GL only: %v", err)
	} else {
		defer dev.Close()
	}
	for _, bk := range benchKernels {
		b.Run(bk.name+"/gl", func(b *testing.B) {
			bufs := make([]Arg, len(bk.buffers))
			for i, n := range bk.buffers {
				buf, err := c.NewBuffer(n)
				if err != nil {
					b.Fatal(err)
				}
				defer buf.Free()
				bufs[i] = Arg{Binding: uint32(i), Buffer: buf}
			}
			k, err := c.NewKernel(KernelSpec{Code: spirv(b, bk.file), Bindings: storage(len(bufs))})
			if err != nil {
				b.Fatal(err)
			}
			defer k.Free()
			measure(b, func() (time.Duration, error) { return c.Dispatch(k, bk.groups, bufs) })
		})
		if dev == nil {
			continue
		}
		b.Run(bk.name+"/vulkan", func(b *testing.B) {
			bufs := make([]vulkan.Arg, len(bk.buffers))
			var bindings []vulkan.Binding
			for i, n := range bk.buffers {
				buf, err := dev.NewBuffer(n)
				if err != nil {
					b.Fatal(err)
				}
				defer buf.Free()
				bufs[i] = vulkan.Arg{Binding: uint32(i), Buffer: buf}
				bindings = append(bindings, vulkan.Binding{Binding: uint32(i)})
			}
			raw, err := os.ReadFile(filepath.Join("testdata", bk.file+".vk.spv"))
			if err != nil {
				b.Fatal(err)
			}
			code, err := compute.Words(raw)
			if err != nil {
				b.Fatal(err)
			}
			k, err := dev.NewKernel(vulkan.KernelSpec{Code: code, Bindings: bindings})
			if err != nil {
				b.Fatal(err)
			}
			defer k.Free()
			measure(b, func() (time.Duration, error) { return dev.Dispatch(k, bk.groups, bufs, nil) })
		})
	}
}

// measure runs dispatch b.N times and reports device and host time per
// dispatch.
func measure(b *testing.B, dispatch func() (time.Duration, error)) {
	var device time.Duration
	start := time.Now()
	for b.Loop() {
		d, err := dispatch()
		if err != nil {
			b.Fatal(err)
		}
		device += d
	}
	wall := time.Since(start)
	n := float64(b.N)
	b.ReportMetric(float64(device.Nanoseconds())/n, "device-ns/op")
	b.ReportMetric(float64((wall-device).Nanoseconds())/n, "host-ns/op")
}
