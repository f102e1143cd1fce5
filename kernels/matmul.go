package kernels

import (
	"fmt"

	"github.com/kiln-gpu/kiln"
)

// MatMul sets c = a * b for row-major f32 matrices: a is m x k, b is k x n
// and c is m x n (any shapes of those many elements). Each output element
// is a sequential fused multiply-add over k.
func (l *Lib) MatMul(c, a, b *kiln.Buffer, m, n, k int64) error {
	if a.Len() != m*k || b.Len() != k*n || c.Len() != m*n || m < 0 || n < 0 || k < 0 {
		return fmt.Errorf("kernels.MatMul: %dx%d times %dx%d needs buffers of %d, %d and %d elements, got %d, %d and %d",
			m, k, k, n, m*k, k*n, m*n, a.Len(), b.Len(), c.Len())
	}
	for _, x := range []*kiln.Buffer{a, b, c} {
		if x.Elem() != "f32" {
			return fmt.Errorf("kernels.MatMul: the buffers must hold f32, got %s", x.Elem())
		}
	}
	ts := l.tileSize()
	p, err := l.program("matmul", struct{ TS int64 }{ts})
	if err != nil {
		return err
	}
	fa, _ := a.Reshape(m * k)
	fb, _ := b.Reshape(k * n)
	fc, _ := c.Reshape(m * n)
	return p.Launch("matmul", kiln.Grid{int((n + ts - 1) / ts), int((m + ts - 1) / ts), 1}, fa, fb, fc, m, n, k)
}
