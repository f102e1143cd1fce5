package kernels

import (
	"fmt"

	"github.com/kiln-gpu/kiln"
)

// Histogram counts the values of x (i32) in [0, len(counts)): counts[v]
// becomes the number of elements equal to v (counts is i32, and is
// overwritten); other values are not counted. The bins are counted in
// workgroup memory, so there may be at most as many as it holds.
func (l *Lib) Histogram(counts, x *kiln.Buffer) error {
	bins := counts.Len()
	if x.Elem() != "i32" || counts.Elem() != "i32" {
		return fmt.Errorf("kernels.Histogram: want i32 values and counts, got %s and %s", x.Elem(), counts.Elem())
	}
	if max := int64(l.dev.Limits.MaxSharedMemory) / 4; bins > max {
		return fmt.Errorf("kernels.Histogram: %d bins, but the device's workgroup memory holds %d", bins, max)
	}
	if bins == 0 {
		return nil
	}
	// The kernel adds into counts.
	if err := kiln.Write(counts, make([]int32, bins)); err != nil {
		return err
	}
	fc, _ := counts.Reshape(bins)
	wg := l.groupSize()
	p, err := l.program("histogram", struct{ WG, Bins int64 }{wg, bins})
	if err != nil {
		return err
	}
	n := x.Len()
	fx, _ := x.Reshape(n)
	return p.Launch("histogram", kiln.Grid{l.groups(n, wg), 1, 1}, fx, fc, n)
}
