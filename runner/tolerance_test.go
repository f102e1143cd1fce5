package runner

import (
	"math"
	"testing"

	"github.com/kiln-gpu/kiln"
	"github.com/kiln-gpu/kiln/interp"
	"github.com/kiln-gpu/kiln/ir"
)

// TestOutputTolerances checks that each output gets the bounds of the
// operations its values come from, summed along the data flow, through
// workgroup memory, and the kernel's loosest bound around loops.
func TestOutputTolerances(t *testing.T) {
	ctx := kiln.NewContext()
	src := `gpu.module @m { gpu.func @k(%a: f32, %b: f32, %exact: memref<4xf32>, %chain: memref<4xf32>, %twice: memref<4xf32>, %shared: memref<4xf32>, %loop: memref<4xf32>, %sum: memref<4xf32>, %in: memref<4xf32>)
    workgroup(%wg: memref<4xf32, #gpu.address_space<workgroup>>) kernel {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %x = memref.load %in[%c0] : memref<4xf32>
  %s = arith.addf %a, %x : f32
  %p = arith.mulf %s, %b : f32
  memref.store %p, %exact[%c0] : memref<4xf32>
  %d = arith.divf %a, %b : f32
  %e = math.exp %d : f32
  memref.store %e, %chain[%c0] : memref<4xf32>
  %d2 = arith.divf %d, %b : f32
  memref.store %d2, %twice[%c0] : memref<4xf32>
  memref.store %d, %wg[%c0] : memref<4xf32, #gpu.address_space<workgroup>>
  %w = memref.load %wg[%c0] : memref<4xf32, #gpu.address_space<workgroup>>
  %w2 = arith.addf %w, %a : f32
  memref.store %w2, %shared[%c0] : memref<4xf32>
  %r = scf.for %i = %c0 to %c4 step %c1 iter_args(%acc = %a) -> (f32) {
    %n = arith.addf %acc, %b : f32
    scf.yield %n : f32
  }
  memref.store %r, %loop[%c0] : memref<4xf32>
  %old = memref.load %sum[%c0] : memref<4xf32>
  %new = arith.addf %old, %a : f32
  memref.store %new, %sum[%c0] : memref<4xf32>
  gpu.return
} }`
	mod, err := ir.Parse(ctx, src, "k.mlir")
	if err != nil {
		t.Fatal(err)
	}
	var fn *ir.Operation
	mod.Walk(func(op *ir.Operation) bool {
		if op.Name() == "gpu.func" {
			fn = op
		}
		return true
	})
	tols := outputTolerances(fn)
	for _, tc := range []struct {
		arg      int
		ulp, abs float64
		exp      bool
		why      string
	}{
		{2, 0, 0, false, "exact: the float operations this argument's values come from are correctly rounded"},
		{3, 5.5, 0, true, "2.5 ULP (divide) + 3+2|x| ULP (exp)"},
		{4, 5, 0, false, "2 x 2.5 ULP (divide)"},
		{5, 2.5, 0, false, "2.5 ULP (divide)"},
		// Around a loop: the kernel's loosest bound (exp's).
		{6, 3, 0, true, "3+2|x| ULP (exp)"},
		// Read, then written in place: exact inputs plus an exact add.
		{7, 0, 0, false, "exact: the float operations this argument's values come from are correctly rounded"},
		{8, 0, 0, false, "exact: the float operations this argument's values come from are correctly rounded"},
	} {
		got := tols[tc.arg]
		if got.ulp != tc.ulp || got.abs != tc.abs || got.expULP != tc.exp || got.why != tc.why {
			t.Errorf("argument %d: %+v, want %g ULP, %g absolute, exp %v, %q", tc.arg, got, tc.ulp, tc.abs, tc.exp, tc.why)
		}
	}
	// Two ULP off: within the divides' bound, not the exact output's.
	f32 := ir.Type(ctx.F32())
	off := float64(math.Float32frombits(math.Float32bits(1) + 2))
	if ok, _ := tols[4].match(f32, interp.Scalar{F: off}, interp.Scalar{F: 1}); !ok {
		t.Error("2 ULP off fails a bound of 5 ULP")
	}
	if ok, why := tols[2].match(f32, interp.Scalar{F: off}, interp.Scalar{F: 1}); ok || why != tols[2].why {
		t.Errorf("2 ULP off an exact output: %v %q", ok, why)
	}
}
