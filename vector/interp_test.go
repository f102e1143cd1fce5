package vector_test

import (
	"fmt"
	"testing"

	"github.com/kiln-gpu/kiln/arith"
	"github.com/kiln-gpu/kiln/fn"
	"github.com/kiln-gpu/kiln/interp"
	"github.com/kiln-gpu/kiln/ir"
	"github.com/kiln-gpu/kiln/ir/irtest"
	"github.com/kiln-gpu/kiln/memref"
	"github.com/kiln-gpu/kiln/vector"
)

// TestInterpreted runs the masking, compressing and scanning ops through
// the reference interpreter.
func TestInterpreted(t *testing.T) {
	ctx := irtest.ContextWith(vector.Dialect(), fn.Dialect(), arith.Dialect(), memref.Dialect())()
	src := `func.func @main() -> (vector<4xi32>, vector<4xi32>, vector<2x3xi32>, vector<2xi32>, vector<2x3xi32>, vector<4xi32>, i32, vector<4xi32>, vector<2xi32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %m = memref.alloc() : memref<8xi32>
  %init = arith.constant dense<[10, 11, 12, 13, 14, 15, 16, 17]> : vector<8xi32>
  vector.store %init, %m[%c0] : memref<8xi32>, vector<8xi32>
  %mask = arith.constant dense<[true, false, true, false]> : vector<4xi1>
  %pass = arith.constant dense<-1> : vector<4xi32>
  %e = vector.expandload %m[%c1], %mask, %pass : memref<8xi32>, vector<4xi1>, vector<4xi32> into vector<4xi32>
  %v = arith.constant dense<[1, 2, 3, 4]> : vector<4xi32>
  vector.compressstore %m[%c0], %mask, %v : memref<8xi32>, vector<4xi1>, vector<4xi32>
  %back = vector.load %m[%c0] : memref<8xi32>, vector<4xi32>
  %s = arith.constant dense<[[1, 2, 3], [4, 5, 6]]> : vector<2x3xi32>
  %i0 = arith.constant dense<[100, 200]> : vector<2xi32>
  %inc:2 = vector.scan <add>, %s, %i0 {inclusive = true, reduction_dim = 1 : i64} : vector<2x3xi32>, vector<2xi32>
  %exc:2 = vector.scan <add>, %s, %i0 {inclusive = false, reduction_dim = 1 : i64} : vector<2x3xi32>, vector<2xi32>
  %pad = arith.constant 0 : i32
  %r = vector.mask %mask, %pass { vector.transfer_read %m[%c0], %pad : memref<8xi32>, vector<4xi32> } : vector<4xi1> -> vector<4xi32>
  %red = vector.mask %mask { vector.reduction <add>, %v : vector<4xi32> into i32 } : vector<4xi1> -> i32
  %big = arith.constant dense<9> : vector<4xi32>
  vector.mask %mask { vector.transfer_write %big, %m[%c0] : vector<4xi32>, memref<8xi32> } : vector<4xi1>
  %after = vector.load %m[%c0] : memref<8xi32>, vector<4xi32>
  %m2 = arith.constant dense<[[true, false, true], [false, true, true]]> : vector<2x3xi1>
  %mr = vector.mask %m2 { vector.multi_reduction <add>, %s, %i0 [1] : vector<2x3xi32> to vector<2xi32> } : vector<2x3xi1> -> vector<2xi32>
  return %e, %back, %inc#0, %inc#1, %exc#0, %r, %red, %after, %mr : vector<4xi32>, vector<4xi32>, vector<2x3xi32>, vector<2xi32>, vector<2x3xi32>, vector<4xi32>, i32, vector<4xi32>, vector<2xi32>
}`
	mod, err := ir.Parse(ctx, src, "t.mlir")
	if err != nil {
		t.Fatal(err)
	}
	if err := ir.Verify(mod); err != nil {
		t.Fatal(err)
	}
	rs, err := interp.New(mod).Call("main")
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"[11 -1 12 -1]", "[1 3 12 13]", "[1 3 6 4 9 15]", "[6 15]", "[100 101 103 200 204 209]", "[1 -1 12 -1]", "4", "[9 3 9 13]", "[104 211]"}
	for i, r := range rs {
		if got := signed(r); got != want[i] {
			t.Errorf("result %d = %s, want %s", i, got, want[i])
		}
	}
}

// signed formats an i32 result or vector of them as signed numbers.
func signed(v interp.Value) string {
	i32 := ir.NewContext().I(32)
	if vec, ok := v.(*interp.Vector); ok {
		out := make([]int64, vec.Len())
		for i, e := range vec.Elements() {
			out[i] = e.Int64(i32)
		}
		return fmt.Sprint(out)
	}
	return fmt.Sprint(v.(interp.Scalar).Int64(i32))
}
