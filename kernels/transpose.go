package kernels

import (
	"fmt"

	"github.com/kiln-gpu/kiln"
)

// Transpose writes the transpose of the rows x cols matrix in (any shape
// of rows*cols elements, row-major) into out, which must hold as many
// elements of the same type; out's element [j][i] is in's [i][j].
func (l *Lib) Transpose(out, in *kiln.Buffer, rows, cols int64) error {
	if in.Len() != rows*cols || out.Len() != rows*cols || in.Elem() != out.Elem() || rows < 0 || cols < 0 {
		return fmt.Errorf("kernels.Transpose: a %dx%d matrix needs two buffers of %d elements of one type, got %d %s and %d %s",
			rows, cols, rows*cols, in.Len(), in.Elem(), out.Len(), out.Elem())
	}
	ts := l.tileSize()
	p, err := l.program("transpose", struct {
		T  string
		TS int64
	}{in.Elem(), ts})
	if err != nil {
		return err
	}
	fin, _ := in.Reshape(rows * cols)
	fout, _ := out.Reshape(rows * cols)
	return p.Launch("transpose", kiln.Grid{int((cols + ts - 1) / ts), int((rows + ts - 1) / ts), 1}, fin, fout, rows, cols)
}
