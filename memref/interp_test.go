package memref_test

import (
	"fmt"
	"testing"

	"github.com/kiln-gpu/kiln/arith"
	"github.com/kiln-gpu/kiln/fn"
	"github.com/kiln-gpu/kiln/interp"
	"github.com/kiln-gpu/kiln/ir"
	"github.com/kiln-gpu/kiln/ir/irtest"
	"github.com/kiln-gpu/kiln/memref"
)

// TestDMAInterpreted runs memref.dma_start, plain and strided, as copies.
func TestDMAInterpreted(t *testing.T) {
	ctx := irtest.ContextWith(memref.Dialect(), fn.Dialect(), arith.Dialect())()
	src := `func.func @main(%src: memref<2x4xi32>, %dst: memref<8xi32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %tag = memref.alloc() : memref<1xi32>
  memref.dma_start %src[%c0, %c1], %dst[%c0], %c3, %tag[%c0] : memref<2x4xi32>, memref<8xi32>, memref<1xi32>
  memref.dma_start %src[%c0, %c0], %dst[%c4], %c4, %tag[%c0], %c4, %c2 : memref<2x4xi32>, memref<8xi32>, memref<1xi32>
  memref.dma_wait %tag[%c0], %c4 : memref<1xi32>
  return
}`
	mod, err := ir.Parse(ctx, src, "t.mlir")
	if err != nil {
		t.Fatal(err)
	}
	if err := ir.Verify(mod); err != nil {
		t.Fatal(err)
	}
	i32 := ctx.I(32)
	in := interp.NewMemRef(i32, []int64{2, 4}, nil)
	for i := range int64(8) {
		in.Set(interp.Int(i), i/4, i%4)
	}
	out := interp.NewMemRef(i32, []int64{8}, nil)
	if _, err := interp.New(mod).Call("main", in, out); err != nil {
		t.Fatal(err)
	}
	var got []uint64
	for _, e := range out.Elements() {
		got = append(got, e.Bits)
	}
	if s := fmt.Sprint(got); s != "[1 2 3 0 0 1 4 5]" {
		t.Errorf("got %s", s)
	}
}
