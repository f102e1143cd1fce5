package toscf_test

import (
	"strings"
	"testing"

	"github.com/kiln-gpu/kiln/affine"
	"github.com/kiln-gpu/kiln/arith"
	"github.com/kiln-gpu/kiln/fn"
	"github.com/kiln-gpu/kiln/interp"
	"github.com/kiln-gpu/kiln/interp/interptest"
	"github.com/kiln-gpu/kiln/ir"
	"github.com/kiln-gpu/kiln/ir/pass"
	"github.com/kiln-gpu/kiln/memref"
	"github.com/kiln-gpu/kiln/scf"
	"github.com/kiln-gpu/kiln/vector"
	"github.com/kiln-gpu/kiln/vector/toscf"
)

func newContext() *ir.Context {
	return ir.NewContext(fn.Dialect(), arith.Dialect(), vector.Dialect(), memref.Dialect(), scf.Dialect(), affine.Dialect())
}

// fill makes %m a 4x5 memref holding 10*row+col (as f32).
const fill = `
  %m = memref.alloc() : memref<4x5xf32>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c5 = arith.constant 5 : index
  %c10 = arith.constant 10 : index
  scf.for %r = %c0 to %c4 step %c1 {
    scf.for %c = %c0 to %c5 step %c1 {
      %t = arith.muli %r, %c10 : index
      %s = arith.addi %t, %c : index
      %i = arith.index_cast %s : index to i32
      %f = arith.sitofp %i : i32 to f32
      memref.store %f, %m[%r, %c] : memref<4x5xf32>
    }
  }
  %pad = arith.constant -1.0 : f32
`

// kernels read and write a 4x5 memref at (a, b), partly out of bounds for
// most inputs, through the transfers the pass lowers.
var kernels = map[string]string{
	"read_2d": `func.func @main(%a: index, %b: index) -> vector<3x4xf32> {` + fill + `
  %v = vector.transfer_read %m[%a, %b], %pad : memref<4x5xf32>, vector<3x4xf32>
  return %v : vector<3x4xf32>
}`,
	"read_2d_mask": `func.func @main(%a: index, %b: index) -> vector<3x4xf32> {` + fill + `
  %k = vector.create_mask %b, %a : vector<3x4xi1>
  %v = vector.transfer_read %m[%c0, %a], %pad, %k {in_bounds = [true, false]} : memref<4x5xf32>, vector<3x4xf32>
  return %v : vector<3x4xf32>
}`,
	"read_transposed_broadcast": `func.func @main(%a: index, %b: index) -> (vector<3x2xf32>, vector<2x3xf32>) {` + fill + `
  %v = vector.transfer_read %m[%a, %b], %pad {permutation_map = affine_map<(d0, d1) -> (d1, d0)>} : memref<4x5xf32>, vector<3x2xf32>
  %w = vector.transfer_read %m[%a, %b], %pad {permutation_map = affine_map<(d0, d1) -> (0, d1)>} : memref<4x5xf32>, vector<2x3xf32>
  return %v, %w : vector<3x2xf32>, vector<2x3xf32>
}`,
	"read_1d_mask_column": `func.func @main(%a: index, %b: index) -> vector<4xf32> {` + fill + `
  %k = vector.create_mask %b : vector<4xi1>
  %v = vector.transfer_read %m[%a, %c1], %pad, %k {permutation_map = affine_map<(d0, d1) -> (d0)>} : memref<4x5xf32>, vector<4xf32>
  return %v : vector<4xf32>
}`,
	"read_3d_mask_broadcast": `func.func @main(%a: index, %b: index) -> vector<2x2x3xf32> {` + fill + `
  %k = vector.create_mask %a, %b : vector<2x3xi1>
  %v = vector.transfer_read %m[%a, %b], %pad, %k {permutation_map = affine_map<(d0, d1) -> (d0, 0, d1)>} : memref<4x5xf32>, vector<2x2x3xf32>
  return %v : vector<2x2x3xf32>
}`,
	"write_2d_mask": `func.func @main(%a: index, %b: index) -> vector<4x5xf32> {` + fill + `
  %k = vector.create_mask %b, %a : vector<2x3xi1>
  %x = arith.constant dense<[[100.0, 101.0, 102.0], [110.0, 111.0, 112.0]]> : vector<2x3xf32>
  vector.transfer_write %x, %m[%a, %b], %k : vector<2x3xf32>, memref<4x5xf32>
  %r = vector.load %m[%c0, %c0] : memref<4x5xf32>, vector<4x5xf32>
  return %r : vector<4x5xf32>
}`,
	"write_column_mask": `func.func @main(%a: index, %b: index) -> vector<4x5xf32> {` + fill + `
  %k = vector.create_mask %b : vector<3xi1>
  %x = arith.constant dense<[100.0, 101.0, 102.0]> : vector<3xf32>
  vector.transfer_write %x, %m[%a, %b], %k {permutation_map = affine_map<(d0, d1) -> (d0)>} : vector<3xf32>, memref<4x5xf32>
  %r = vector.load %m[%c0, %c0] : memref<4x5xf32>, vector<4x5xf32>
  return %r : vector<4x5xf32>
}`,
	"write_transposed": `func.func @main(%a: index, %b: index) -> vector<4x5xf32> {` + fill + `
  %x = arith.constant dense<[[100.0, 101.0], [110.0, 111.0], [120.0, 121.0]]> : vector<3x2xf32>
  vector.transfer_write %x, %m[%a, %b] {permutation_map = affine_map<(d0, d1) -> (d1, d0)>} : vector<3x2xf32>, memref<4x5xf32>
  %r = vector.load %m[%c0, %c0] : memref<4x5xf32>, vector<4x5xf32>
  return %r : vector<4x5xf32>
}`,
}

func TestEquivalence(t *testing.T) {
	reg := pass.Registry{}
	toscf.Register(reg)
	pass.RegisterTransforms(reg)
	for _, opts := range []string{"", "{full-unroll}", "{target-rank=0}", "{full-unroll target-rank=0}", "{target-rank=2}"} {
		for name, src := range kernels {
			before, after := interptest.Transformed(t, newContext, reg, src, "builtin.module(func.func(convert-vector-to-scf"+opts+"))")
			if err := ir.Verify(after); err != nil {
				t.Fatalf("%s%s: %v", name, opts, err)
			}
			text := after.String()
			if rank0 := strings.Contains(opts, "target-rank=0"); rank0 && strings.Contains(text, "vector.transfer_read") && !strings.Contains(text, "vector<f32>") {
				t.Errorf("%s%s: transfers of rank 1 left:\n%s", name, opts, text)
			}
			interptest.SameResults(t, name+opts+": ", before, after, [][2]int64{{0, 0}, {1, 2}, {2, 3}, {3, 4}, {-1, 1}, {1, 5}})
		}
	}
}

// TestPrintEquivalence checks that the decomposed vector.print writes what
// the op wrote.
func TestPrintEquivalence(t *testing.T) {
	src := `func.func @main(%a: index, %b: index) {
  %v = arith.constant dense<[[1.5, -2.0, 3.0], [4.0, 5.0, 6.25]]> : vector<2x3xf32>
  vector.print %v : vector<2x3xf32>
  %k = vector.create_mask %a : vector<3xi1>
  vector.print %k : vector<3xi1> punctuation <comma>
  %i = arith.constant dense<[-1, 2]> : vector<2xi32>
  vector.print %i : vector<2xi32>
  %s = arith.constant dense<9.0> : vector<f32>
  vector.print %s : vector<f32>
  return
}`
	reg := pass.Registry{}
	toscf.Register(reg)
	before, after := interptest.Transformed(t, newContext, reg, src, "builtin.module(func.func(convert-vector-to-scf))")
	after.Walk(func(o *ir.Operation) bool {
		if o.Name() == "vector.print" && o.NumOperands() > 0 {
			if _, ok := o.Operand(0).Type().(*ir.VectorType); ok {
				t.Fatalf("vector prints left:\n%s", after)
			}
		}
		return true
	})
	printed := func(m *ir.Operation) string {
		var sb strings.Builder
		mach := interp.New(m)
		mach.Out = &sb
		if _, err := mach.Call("main", interp.Int(2), interp.Int(0)); err != nil {
			t.Fatal(err)
		}
		return sb.String()
	}
	want, got := printed(before), printed(after)
	if want != got || want == "" {
		t.Errorf("printed %q after the pass, %q before", got, want)
	}
}
