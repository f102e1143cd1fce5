package vulkan

import (
	"fmt"
	"runtime"
	"sync"
	"testing"
)

// TestGCStress dispatches with fresh descriptor updates, buffers and
// specialized kernels in a loop while another goroutine runs the garbage
// collector without pause: the pattern that crashed the vulkan-go bindings,
// whose marshalling freed Go-held C arrays while C still read them.
func TestGCStress(t *testing.T) {
	d := testDevice(t, DeviceConfig{})
	add := newKernel(t, d, KernelSpec{Code: spirv(t, "add"), Bindings: storage(3)})
	spec := spirv(t, "spec")
	stop := make(chan struct{})
	var wg sync.WaitGroup
	wg.Go(func() {
		for {
			select {
			case <-stop:
				return
			default:
				runtime.GC()
			}
		}
	})
	defer func() { close(stop); wg.Wait() }()

	iterations := 200
	if testing.Short() {
		iterations = 40
	}
	for i := range iterations {
		n := 64 * (1 + i%7)
		a, b := make([]float32, n), make([]float32, n)
		for j := range a {
			a[j], b[j] = float32(i), float32(j)
		}
		ba, bb, bc := upload(t, d, a), upload(t, d, b), upload(t, d, make([]float32, n))
		if _, err := d.Dispatch(add, [3]uint32{uint32(n / 64), 1, 1}, args(ba, bb, bc), nil); err != nil {
			t.Fatal(err)
		}
		for j, v := range download[float32](t, bc, n) {
			if v != a[j]+b[j] {
				t.Fatalf("iteration %d: c[%d] = %v, want %v", i, j, v, a[j]+b[j])
			}
		}
		if i%10 == 0 {
			k := newKernel(t, d, KernelSpec{Code: spec, Bindings: storage(2),
				SpecConstants: []SpecConstant{{0, 64}, {1, 1}, {2, uint64(i)}}})
			if _, err := d.Dispatch(k, [3]uint32{1, 1, 1}, args(ba, bc), nil); err != nil {
				t.Fatal(err)
			}
			k.Free()
		}
		ba.Free()
		bb.Free()
		bc.Free()
	}
}

// TestConcurrentDispatch runs dispatches and transfers from several goroutines
// at once on one device (run it with -race), each checking its own results.
func TestConcurrentDispatch(t *testing.T) {
	for _, mode := range modes[:2] {
		t.Run(mode.name, func(t *testing.T) {
			d := testDevice(t, mode.cfg)
			k := newKernel(t, d, KernelSpec{Code: spirv(t, "add"), Bindings: storage(3)})
			const goroutines, rounds, n = 6, 25, 256
			var wg sync.WaitGroup
			errs := make(chan error, goroutines)
			for g := range goroutines {
				wg.Go(func() {
					errs <- concurrentWorker(d, k, g, rounds, n)
				})
			}
			wg.Wait()
			close(errs)
			for err := range errs {
				if err != nil {
					t.Error(err)
				}
			}
		})
	}
}

func concurrentWorker(d *Device, k *Kernel, g, rounds, n int) error {
	bufs := make([]*Buffer, 3)
	for i := range bufs {
		b, err := d.NewBuffer(uint64(4 * n))
		if err != nil {
			return err
		}
		defer b.Free()
		bufs[i] = b
	}
	a := make([]float32, n)
	for r := range rounds {
		for i := range a {
			a[i] = float32(g*1000 + r)
		}
		raw := encode(a)
		if err := bufs[0].Write(0, raw); err != nil {
			return err
		}
		if err := bufs[1].Write(0, raw); err != nil {
			return err
		}
		if _, err := d.Dispatch(k, [3]uint32{uint32(n / 64), 1, 1}, args(bufs...), nil); err != nil {
			return err
		}
		if err := bufs[2].Read(0, raw); err != nil {
			return err
		}
		for i, v := range decode[float32](raw) {
			if v != 2*a[i] {
				return fmt.Errorf("goroutine %d round %d: c[%d] = %v, want %v", g, r, i, v, 2*a[i])
			}
		}
	}
	return nil
}
