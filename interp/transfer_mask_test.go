package interp

import (
	"fmt"
	"os"
	"testing"

	"github.com/kiln-gpu/kiln/ir"
)

// TestTransposedTransferMask checks that a transfer's mask is read as the
// elements lie in memory, before the permutation map, as MLIR defines it:
// a vector<2x3> read through (d0, d1) -> (d1, d0) takes a vector<3x2> mask.
// (The padding -1 shows as its 32 bits.)
func TestTransposedTransferMask(t *testing.T) {
	src, err := os.ReadFile("testdata/transfer_mask.mlir")
	if err != nil {
		t.Fatal(err)
	}
	mod, err := ir.Parse(fullContext(), string(src), "transfer_mask.mlir")
	if err != nil {
		t.Fatal(err)
	}
	if err := ir.Verify(mod); err != nil {
		t.Fatal(err)
	}
	r, err := New(mod).Call("main")
	if err != nil {
		t.Fatal(err)
	}
	if got, want := fmt.Sprint(elems(r[0]), elems(r[1])), "[10 20 4294967295 4294967295 21 31] [10 11 0 21 30 0]"; got != want {
		t.Fatalf("got  %s\nwant %s", got, want)
	}
}
