package fromscf

import (
	"strings"
	"testing"

	"github.com/kiln-gpu/kiln/affine"
	"github.com/kiln-gpu/kiln/arith"
	"github.com/kiln-gpu/kiln/fn"
	"github.com/kiln-gpu/kiln/gpu"
	"github.com/kiln-gpu/kiln/ir"
	"github.com/kiln-gpu/kiln/memref"
	"github.com/kiln-gpu/kiln/scf"
)

func parse(t *testing.T, src string) *ir.Operation {
	t.Helper()
	ctx := ir.NewContext(fn.Dialect(), arith.Dialect(), gpu.Dialect(), memref.Dialect(), scf.Dialect(), affine.Dialect())
	m, err := ir.Parse(ctx, src, "test.mlir")
	if err != nil {
		t.Fatal(err)
	}
	if err := ir.Verify(m); err != nil {
		t.Fatal(err)
	}
	return m
}

func print(t *testing.T, m *ir.Operation) string {
	t.Helper()
	var b strings.Builder
	if err := ir.Print(&b, m, ir.PrintOptions{}); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

// parallels returns the scf.parallel ops of m, inner ones first.
func parallels(m *ir.Operation) []*ir.Operation {
	var ps []*ir.Operation
	m.Walk(func(o *ir.Operation) bool {
		if o.Name() == "scf.parallel" {
			ps = append(ps, o)
		}
		return true
	})
	return ps
}

// A nest that fails late (the inner loop's bound varies in the nest, found
// after the launch, its bounds and the outer indices were built) is left
// exactly as it was, and so is its inner loop.
func TestFailedConversionChangesNothing(t *testing.T) {
	m := parse(t, `func.func @f(%n: index, %buf: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.parallel (%i) = (%c0) to (%n) step (%c1) {
    %ub = arith.addi %i, %c1 : index
    scf.parallel (%j) = (%c0) to (%ub) step (%c1) {
      %v = memref.load %buf[%j] : memref<?xf32>
      memref.store %v, %buf[%i] : memref<?xf32>
    } {mapping = [#gpu.loop_dim_map<processor = thread_x, map = (d0) -> (d0), bound = (d0) -> (d0)>]}
  } {mapping = [#gpu.loop_dim_map<processor = block_x, map = (d0) -> (d0), bound = (d0) -> (d0)>]}
  return
}`)
	before := print(t, m)
	// The inner loop, in a parallel loop, is not converted on its own.
	for _, p := range parallels(m) {
		if err := ParallelToLaunch(p); err != nil {
			t.Fatal(err)
		}
	}
	if after := print(t, m); after != before {
		t.Errorf("the module changed:\n%s\nwant\n%s", after, before)
	}
}

// compose substitutes the inner map's result for the outer map's dimension
// and puts the outer map's symbols after the inner one's.
func TestCompose(t *testing.T) {
	d0, s0 := ir.AffineDimExpr(0), ir.AffineSymbolExpr(0)
	f := &ir.AffineMap{Dims: 1, Symbols: 1, Results: []*ir.AffineExpr{ir.AffineBinary(ir.AffineAdd, d0, s0)}}
	got := compose(f, lowerAndStep)
	if got.Dims != 1 || got.Symbols != 3 {
		t.Fatalf("got %d dims and %d symbols, want 1 and 3", got.Dims, got.Symbols)
	}
	// (d0 * s0 + s1) + s2 at d0 = 2, s = 3, 4, 5.
	if v := got.Eval([]int64{2}, []int64{3, 4, 5}); v[0] != 15 {
		t.Errorf("got %d, want 15", v[0])
	}
}
