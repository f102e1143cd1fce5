package kernels

import (
	"fmt"
	"strings"

	"github.com/kiln-gpu/kiln"
)

// MatMul sets c = a * b for row-major f32 matrices: a is m x k, b is k x n
// and c is m x n (any shapes of those many elements). Each output element
// is a sequential fused multiply-add over k, so both kernels give the same
// bits. On a GPU each thread computes 4 x 4 outputs of c (rows and
// columns strided by the workgroup's side) from tiles staged in workgroup
// memory, so that its loads and barriers are shared by 16 FMAs
// (matmul.mlir); on a CPU driver, where every load of a varying address
// costs a loop over the SIMD lanes and a barrier a switch between
// invocations, each thread computes 16 (32 on lavapipe) x 4 outputs
// straight from the buffers with no barrier, the elements of A shared by
// subgroup shuffles,
// and with n a multiple of 4 its 4 columns read from B as one vector
// (matmul_vec.mlir, else matmul_regs.mlir: 2-6x faster on SwiftShader and
// lavapipe; kernels/README.md).
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
	if kind := l.matmulKernel; strings.HasPrefix(kind, "regs") || kind == "" && l.dev.Type == "cpu" {
		return l.matmulRegisters(c, a, b, m, n, k)
	}
	r := int64(4)
	if l.matmulKernel == "tiled8" {
		r = 8 // an experiment for GPUs (kernels/README.md)
	}
	ts := l.tileSize()
	for ts > 1 && 2*ts*r*ts*4 > int64(l.dev.Limits.MaxSharedMemory) {
		ts /= 2
	}
	params := struct {
		TS, BM, RR   int64
		R_           []int64
		Pairs        []string
		PairI, PairJ map[string]int64
	}{TS: ts, BM: ts * r, RR: r * r, PairI: map[string]int64{}, PairJ: map[string]int64{}}
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

// matmulRegisters runs matmul_regs.mlir: R x C outputs per thread, WG
// threads a workgroup, A's elements shared by subgroup shuffles where the
// device has them (S lanes, WG a multiple of S), else loaded by each
// thread (S = 1).
func (l *Lib) matmulRegisters(c, a, b *kiln.Buffer, m, n, k int64) error {
	const cols = 4
	r := l.matmulRows()
	lim := l.dev.Limits
	wg := min(32, int64(lim.MaxWorkgroupInvocations), int64(lim.MaxWorkgroupSize[0]))
	// With n a multiple of 4, a thread's 4 columns are side by side and
	// its row of B one vector load (1.25-1.5x faster on lavapipe).
	name := "matmul_regs"
	if n%4 == 0 && l.matmulKernel != "regs-scalar" {
		name = "matmul_vec"
	}
	p, err := l.program(name, matmulRegsParams(wg, r, cols, int64(lim.SubgroupSize)))
	if err != nil && lim.SubgroupSize > 1 {
		// A device without subgroup shuffles.
		p, err = l.program(name, matmulRegsParams(wg, r, cols, 1))
	}
	if err != nil {
		return err
	}
	fa, _ := a.Reshape(m * k)
	fb, _ := b.Reshape(k * n)
	fc, _ := c.Reshape(m * n)
	bn := wg * cols
	return p.Launch("matmul", kiln.Grid{int((n + bn - 1) / bn), int((m + r - 1) / r), 1}, fa, fb, fc, m, n, k)
}

// matmulRows is the number of rows of C a thread of the CPU kernels
// computes: 32 on lavapipe (llvmpipe), where the loads are the cost and
// twice the rows halves the loads of B an FMA (1.3x faster at 1024 x 1024
// x 1024), else 16 (SwiftShader's JIT spills 32 rows of accumulators: 2.2x
// slower; kernels/README.md).
func (l *Lib) matmulRows() int64 {
	if strings.HasPrefix(l.dev.Name, "llvmpipe") {
		return 32
	}
	return 16
}

// regsParams are matmul_regs.mlir's and matmul_vec.mlir's parameters.
// Pairs name the outputs "i_j" (row i, column j of the thread's block);
// Prev["u_i_j"] is the accumulator the FMA of unrolled step u adds to, and
// Prev["u_i"] the vector accumulator of row i (matmul_vec).
type regsParams struct {
	WG, BN, R, S, ULast int64
	Rows, Cols, Us      []int64
	Pairs               []string
	PairI, PairJ        map[string]int64
	Prev                map[string]string
}

func matmulRegsParams(wg, r, cols, s int64) *regsParams {
	if s < 1 || wg%s != 0 {
		s = 1
	}
	p := &regsParams{WG: wg, BN: wg * cols, R: r, S: s, ULast: s - 1,
		PairI: map[string]int64{}, PairJ: map[string]int64{}, Prev: map[string]string{}}
	for i := range r {
		p.Rows = append(p.Rows, i)
		for j := range cols {
			pair := fmt.Sprintf("%d_%d", i, j)
			p.Pairs = append(p.Pairs, pair)
			p.PairI[pair], p.PairJ[pair] = i, j
		}
	}
	for j := range cols {
		p.Cols = append(p.Cols, j)
	}
	for u := range s {
		p.Us = append(p.Us, u)
		for i := range r {
			prev := fmt.Sprintf("%%s%d", i)
			if u > 0 {
				prev = fmt.Sprintf("%%t%d_%d", u-1, i)
			}
			p.Prev[fmt.Sprintf("%d_%d", u, i)] = prev
		}
		for _, pair := range p.Pairs {
			prev := "%s" + pair
			if u > 0 {
				prev = fmt.Sprintf("%%t%d_%s", u-1, pair)
			}
			p.Prev[fmt.Sprintf("%d_%s", u, pair)] = prev
		}
	}
	return p
}
