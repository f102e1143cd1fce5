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
	params.Steps = halvings(wg)
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
		g := min(l.groups((n+3)/4, wg), l.maxPartials(wg)) // a thread loads 4 elements at a time
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

// SumRows sets out[r] to the sum of row r of the rows x cols matrix x
// (f32 or i32; out holds rows elements of the same type).
func SumRows[T Scalar](l *Lib, out, x *kiln.Buffer, rows, cols int64) error {
	return reduceRows[T](l, reductionOf[T]("sum"), out, x, rows, cols)
}

// MinRows sets out[r] to the least element of row r (see SumRows).
func MinRows[T Scalar](l *Lib, out, x *kiln.Buffer, rows, cols int64) error {
	return reduceRows[T](l, reductionOf[T]("min"), out, x, rows, cols)
}

// MaxRows sets out[r] to the greatest element of row r (see SumRows).
func MaxRows[T Scalar](l *Lib, out, x *kiln.Buffer, rows, cols int64) error {
	return reduceRows[T](l, reductionOf[T]("max"), out, x, rows, cols)
}

// reduceRows folds each row in one workgroup.
func reduceRows[T Scalar](l *Lib, r reduction, out, x *kiln.Buffer, rows, cols int64) error {
	elem := elemName[T]()
	if x.Len() != rows*cols || out.Len() != rows || x.Elem() != elem || out.Elem() != elem || rows < 0 || cols < 0 {
		return fmt.Errorf("kernels.%sRows: a %dx%d %s matrix and %d results, got %d %s and %d %s",
			r.name, rows, cols, elem, rows, x.Len(), x.Elem(), out.Len(), out.Elem())
	}
	wg := l.groupSize()
	params := struct {
		T, Op, Identity string
		WG              int64
		Steps           []int64
	}{T: elem, Op: r.op, Identity: r.identity, WG: wg}
	params.Steps = halvings(wg)
	p, err := l.program("rows", params)
	if err != nil {
		return err
	}
	fx, _ := x.Reshape(rows * cols)
	return p.Launch("rows", kiln.Grid{l.groups(rows, 1), 1, 1}, fx, out, rows, cols)
}

// halvings is wg/2, wg/4, ..., 1: the steps of a tree over wg values.
func halvings(wg int64) []int64 {
	var out []int64
	for s := wg / 2; s > 0; s /= 2 {
		out = append(out, s)
	}
	return out
}
