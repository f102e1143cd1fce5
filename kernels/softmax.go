package kernels

import (
	"fmt"

	"github.com/kiln-gpu/kiln"
)

// Softmax writes the softmax of each row of the rows x cols f32 matrix x
// into out (as many elements): exp(x[r][c] - max) / sum of exp over the
// row, max being the row's greatest element.
func (l *Lib) Softmax(out, x *kiln.Buffer, rows, cols int64) error {
	if x.Len() != rows*cols || out.Len() != rows*cols || x.Elem() != "f32" || out.Elem() != "f32" || rows < 0 || cols < 0 {
		return fmt.Errorf("kernels.Softmax: a %dx%d matrix needs two f32 buffers of %d elements, got %d %s and %d %s",
			rows, cols, rows*cols, x.Len(), x.Elem(), out.Len(), out.Elem())
	}
	wg := l.groupSize()
	params := struct {
		WG    int64
		Steps []int64
	}{WG: wg, Steps: halvings(wg)}
	p, err := l.program("softmax", params)
	if err != nil {
		return err
	}
	fx, _ := x.Reshape(rows * cols)
	fout, _ := out.Reshape(rows * cols)
	return p.Launch("softmax", kiln.Grid{l.groups(rows, 1), 1, 1}, fx, fout, rows, cols)
}
