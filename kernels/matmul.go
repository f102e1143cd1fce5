package kernels

import (
	"fmt"

	"github.com/kiln-gpu/kiln"
)

// MatMul sets c = a * b for row-major f32 matrices: a is m x k, b is k x n
// and c is m x n (any shapes of those many elements). Each output element
// is a sequential fused multiply-add over k. Each thread computes a 4 x 4
// block of c, so that workgroup-memory loads and barriers are shared by
// 16 FMAs.
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
	const r = 4
	ts := l.tileSize()
	for ts > 1 && 2*ts*r*ts*4 > int64(l.dev.Limits.MaxSharedMemory) {
		ts /= 2
	}
	params := struct {
		TS, R, BM, RR int64
		R_            []int64
		Pairs         []string
		PairI, PairJ  map[string]int64
	}{TS: ts, R: r, BM: ts * r, RR: r * r, PairI: map[string]int64{}, PairJ: map[string]int64{}}
	for i := range int64(r) {
		params.R_ = append(params.R_, i)
		for j := range int64(r) {
			pair := fmt.Sprintf("%d_%d", i, j)
			params.Pairs = append(params.Pairs, pair)
			params.PairI[pair], params.PairJ[pair] = i, j
		}
	}
	p, err := l.program("matmul", params)
	if err != nil {
		return err
	}
	fa, _ := a.Reshape(m * k)
	fb, _ := b.Reshape(k * n)
	fc, _ := c.Reshape(m * n)
	bm := params.BM
	return p.Launch("matmul", kiln.Grid{int((n + bm - 1) / bm), int((m + bm - 1) / bm), 1}, fa, fb, fc, m, n, k)
}
