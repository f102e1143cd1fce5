package kernels

import (
	"fmt"
	"math"

	"github.com/kiln-gpu/kiln"
)

// ArgMax returns the index of the greatest element of x (f32) and its
// value: the first such element on ties; NaNs are skipped. For an empty
// x, or one of NaNs only, the index is -1. x may hold at most 2^31
// elements.
func ArgMax(l *Lib, x *kiln.Buffer) (int64, float32, error) {
	if x.Elem() != "f32" || x.Len() > math.MaxInt32 {
		return 0, 0, fmt.Errorf("kernels.ArgMax: want at most 2^31 f32, got %d %s", x.Len(), x.Elem())
	}
	wg := l.groupSize()
	p, err := l.program("argmax", struct {
		WG    int64
		Steps []int64
		Kinds []string
	}{wg, halvings(wg), []string{"first", "next"}})
	if err != nil {
		return 0, 0, err
	}
	n := x.Len()
	in, _ := x.Reshape(n)
	var ini *kiln.Buffer // the indices of in, after the first pass
	for {
		g := min(l.groups(n, wg), l.maxPartials(wg))
		outv, outi, err := allocPair(l.dev, int64(g))
		if err == nil && ini == nil {
			err = p.Launch("first", kiln.Grid{g, 1, 1}, in, outv, outi, n)
		} else if err == nil {
			err = p.Launch("next", kiln.Grid{g, 1, 1}, in, ini, outv, outi, n)
		}
		if ini != nil {
			in.Free()
			ini.Free()
		}
		if err != nil {
			if outv != nil {
				outv.Free()
				outi.Free()
			}
			return 0, 0, err
		}
		in, ini, n = outv, outi, int64(g)
		if g == 1 {
			break
		}
	}
	defer in.Free()
	defer ini.Free()
	v, err := kiln.Read[float32](in)
	if err != nil {
		return 0, 0, err
	}
	i, err := kiln.Read[int32](ini)
	if err != nil {
		return 0, 0, err
	}
	return int64(i[0]), v[0], nil
}

// allocPair allocates the values and indices of n partial results.
func allocPair(dev *kiln.Device, n int64) (*kiln.Buffer, *kiln.Buffer, error) {
	v, err := kiln.Alloc[float32](dev, n)
	if err != nil {
		return nil, nil, err
	}
	i, err := kiln.Alloc[int32](dev, n)
	if err != nil {
		v.Free()
		return nil, nil, err
	}
	return v, i, nil
}
