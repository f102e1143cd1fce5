package kernels

import (
	"fmt"

	"github.com/kiln-gpu/kiln"
)

// Scalar is the element types the reductions take.
type Scalar interface{ float32 | int32 }

// reduction is one of Sum, Min and Max for one element type: its MLIR
// combining op and identity.
type reduction struct {
	name, op, identity string
}

func reductionOf[T Scalar](name string) reduction {
	float := elemName[T]() == "f32"
	switch {
	case name == "sum" && float:
		return reduction{name, "arith.addf", "0.0"}
	case name == "sum":
		return reduction{name, "arith.addi", "0"}
	case name == "min" && float:
		return reduction{name, "arith.minimumf", "0x7F800000"} // +Inf
	case name == "min":
		return reduction{name, "arith.minsi", "2147483647"}
	case name == "max" && float:
		return reduction{name, "arith.maximumf", "0xFF800000"} // -Inf
	}
	return reduction{name, "arith.maxsi", "-2147483648"}
}

// Sum returns the sum of x's elements (0 for none). Floats are summed in
// a tree, so the rounding differs from a sequential loop's.
func Sum[T Scalar](l *Lib, x *kiln.Buffer) (T, error) { return reduce[T](l, reductionOf[T]("sum"), x) }

// Min returns the least of x's elements (+Inf or the largest int32 for
// none); a NaN makes the result NaN.
func Min[T Scalar](l *Lib, x *kiln.Buffer) (T, error) { return reduce[T](l, reductionOf[T]("min"), x) }

// Max returns the greatest of x's elements (-Inf or the least int32 for
// none); a NaN makes the result NaN.
func Max[T Scalar](l *Lib, x *kiln.Buffer) (T, error) { return reduce[T](l, reductionOf[T]("max"), x) }

// reduce folds x in passes: each folds its input into one partial result
// per workgroup, until one is left.
func reduce[T Scalar](l *Lib, r reduction, x *kiln.Buffer) (T, error) {
	var zero T
	wg := l.groupSize()
	params := struct {
		T, Op, Identity string
		WG              int64
		Steps           []int64
	}{T: x.Elem(), Op: r.op, Identity: r.identity, WG: wg}
	if want := elemName[T](); x.Elem() != want {
		return zero, fmt.Errorf("kernels.%s: the buffer holds %s, not %s", r.name, x.Elem(), want)
	}
	for s := wg / 2; s > 0; s /= 2 {
		params.Steps = append(params.Steps, s)
	}
	p, err := l.program("reduce", params)
	if err != nil {
		return zero, err
	}
	in, err := x.Reshape(x.Len())
	if err != nil {
		return zero, err
	}
	owned := false // in is a partial result of this call
	for {
		n := in.Len()
		// At most wg partial results, so that the next pass is one group.
		g := min(l.groups(n, wg), int(wg))
		out, err := kiln.Alloc[T](l.dev, int64(g))
		if err != nil {
			return zero, err
		}
		err = p.Launch("reduce", kiln.Grid{g, 1, 1}, in, out, n)
		if owned {
			in.Free()
		}
		if err != nil {
			out.Free()
			return zero, err
		}
		if g == 1 {
			v, err := kiln.Read[T](out)
			out.Free()
			if err != nil {
				return zero, err
			}
			return v[0], nil
		}
		in, owned = out, true
	}
}
