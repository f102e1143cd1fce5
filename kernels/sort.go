package kernels

import (
	"fmt"

	"github.com/kiln-gpu/kiln"
)

// Sort sorts x (f32 or i32) in place, ascending, with a bitonic sorting
// network: log2(n)(log2(n)+1)/2 launches of one compare-exchange step
// each. Where NaNs end up is unspecified.
func Sort[T Scalar](l *Lib, x *kiln.Buffer) error {
	elem := elemName[T]()
	if x.Elem() != elem {
		return fmt.Errorf("kernels.Sort: the buffer holds %s, not %s", x.Elem(), elem)
	}
	gt := "arith.cmpi sgt"
	if elem == "f32" {
		gt = "arith.cmpf ogt"
	}
	wg := l.groupSize()
	p, err := l.program("sort", struct {
		T, Gt string
		WG    int64
	}{elem, gt, wg})
	if err != nil {
		return err
	}
	n := x.Len()
	fx, _ := x.Reshape(n)
	grid := kiln.Grid{l.groups(n, wg), 1, 1}
	for k := int64(2); k/2 < n; k *= 2 {
		// Merge sorted runs of k/2 into runs of k: first the mirrored
		// pairs, then halving distances.
		if err := p.Launch("step", grid, fx, n, k-1); err != nil {
			return err
		}
		for j := k / 4; j > 0; j /= 2 {
			if err := p.Launch("step", grid, fx, n, j); err != nil {
				return err
			}
		}
	}
	return nil
}
