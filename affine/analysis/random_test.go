package analysis_test

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/kiln-gpu/kiln/affine/analysis"
)

// index is an access subscript a*i + b, or (i floordiv d)*a + b, or
// (i mod d)*a + b.
type index struct {
	kind    int // 0 linear, 1 floordiv, 2 mod
	a, b, d int64
}

func (x index) text() string {
	switch x.kind {
	case 1:
		return fmt.Sprintf("(%%i floordiv %d) * %d + %d", x.d, x.a, x.b)
	case 2:
		return fmt.Sprintf("(%%i mod %d) * %d + %d", x.d, x.a, x.b)
	}
	return fmt.Sprintf("%%i * %d + %d", x.a, x.b)
}

func (x index) at(i int64) int64 {
	switch x.kind {
	case 1:
		return i/x.d*x.a + x.b // i >= 0 here
	case 2:
		return i%x.d*x.a + x.b
	}
	return x.a*i + x.b
}

// A loop IsLoopParallel calls parallel must compute the same whatever
// order its iterations run in: random loops reading one subscript and
// writing another are run forwards and backwards on the same buffer.
func TestParallelLoopsAreOrderIndependent(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	const size = 48
	parallel, checked := 0, 0
	for checked < 600 {
		rnd := func() index {
			return index{kind: r.IntN(3), a: r.Int64N(7) - 3, b: r.Int64N(size), d: 1 + r.Int64N(4)}
		}
		rd, wr := rnd(), rnd()
		lb, ub, step := r.Int64N(8), 8+r.Int64N(24), 1+r.Int64N(3)
		var iters []int64
		ok := true
		for i := lb; i < ub; i += step {
			iters = append(iters, i)
			ok = ok && rd.at(i) >= 0 && rd.at(i) < size && wr.at(i) >= 0 && wr.at(i) < size
		}
		if !ok {
			continue
		}
		checked++
		src := fmt.Sprintf(`func.func @f(%%m: memref<%dxindex>) {
  affine.for %%i = %d to %d step %d {
    %%v = affine.load %%m[%s] : memref<%dxindex>
    %%w = arith.addi %%v, %%i : index
    affine.store %%w, %%m[%s] : memref<%dxindex>
  }
  return
}`, size, lb, ub, step, rd.text(), size, wr.text(), size)
		_, loops := parse(t, src)
		if !analysis.IsLoopParallel(loops[0], nil) {
			continue
		}
		parallel++
		run := func(order []int64) [size]int64 {
			var m [size]int64
			for k := range m {
				m[k] = int64(k * 1000)
			}
			for _, i := range order {
				m[wr.at(i)] = m[rd.at(i)] + i
			}
			return m
		}
		back := make([]int64, len(iters))
		for k, i := range iters {
			back[len(iters)-1-k] = i
		}
		if run(iters) != run(back) {
			t.Fatalf("called parallel, but the order matters:\n%s", src)
		}
	}
	t.Logf("%d of %d loops parallel", parallel, checked)
	if parallel < 50 {
		t.Errorf("only %d of %d loops found parallel", parallel, checked)
	}
}
