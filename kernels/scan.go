package kernels

import (
	"fmt"

	"github.com/kiln-gpu/kiln"
)

// Scan writes the prefix sums of x into out (as many elements of the same
// type, f32 or i32): out[i] = x[0] + ... + x[i] when inclusive, else
// x[0] + ... + x[i-1] (0 for out[0]). Floats are added in a tree per
// block of the workgroup size, so the rounding differs from a loop's.
func Scan[T Scalar](l *Lib, out, x *kiln.Buffer, inclusive bool) error {
	if out.Len() != x.Len() || out.Elem() != x.Elem() || x.Elem() != elemName[T]() {
		return fmt.Errorf("kernels.Scan: want two buffers of %d %s, got %d %s and %d %s",
			x.Len(), elemName[T](), x.Len(), x.Elem(), out.Len(), out.Elem())
	}
	n := x.Len()
	if n == 0 {
		return nil
	}
	wg := l.groupSize()
	params := struct {
		T, Add, Zero string
		WG, Last     int64
		Steps        []int64
		Inclusive    bool
	}{T: x.Elem(), WG: wg, Last: wg - 1, Inclusive: inclusive, Add: "arith.addi", Zero: "0"}
	if params.T == "f32" {
		params.Add, params.Zero = "arith.addf", "0.0"
	}
	for s := int64(1); s < wg; s *= 2 {
		params.Steps = append(params.Steps, s)
	}
	p, err := l.program("scan", params)
	if err != nil {
		return err
	}
	nb := (n + wg - 1) / wg
	sums, err := kiln.Alloc[T](l.dev, nb)
	if err != nil {
		return err
	}
	defer sums.Free()
	fx, _ := x.Reshape(n)
	fout, _ := out.Reshape(n)
	if err := p.Launch("scan", kiln.Grid{l.groups(n, wg), 1, 1}, fx, fout, sums, n, nb); err != nil {
		return err
	}
	if nb == 1 {
		return nil
	}
	// Each block's offset is the exclusive scan of the block totals.
	offsets, err := kiln.Alloc[T](l.dev, nb)
	if err != nil {
		return err
	}
	defer offsets.Free()
	if err := Scan[T](l, offsets, sums, false); err != nil {
		return err
	}
	return p.Launch("offset", kiln.Grid{l.groups(n, wg), 1, 1}, fout, offsets, n)
}

// elemName is the MLIR element type of T.
func elemName[T Scalar]() string {
	var z T
	if any(z) == any(int32(0)) {
		return "i32"
	}
	return "f32"
}
