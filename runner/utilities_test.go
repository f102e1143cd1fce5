package runner

import (
	"bytes"
	"testing"

	"github.com/kiln-gpu/kiln"
	"github.com/kiln-gpu/kiln/ir"
)

// TestUtilitiesFormat checks the runner utilities against the output of
// MLIR's RunnerUtils (printMemrefShape, printF32, printNewline, ...) and
// the nested layout of a 2-d printMemref.
func TestUtilitiesFormat(t *testing.T) {
	src := `
func.func @main() {
  %m = memref.alloc() : memref<2x3xf32>
  %one = arith.constant 1.5 : f32
  %u = memref.cast %m : memref<2x3xf32> to memref<*xf32>
  %d = memref.cast %m : memref<2x3xf32> to memref<?x?xf32>
  call @fillResource2DFloat(%d, %one) : (memref<?x?xf32>, f32) -> ()
  call @printMemrefShapeF32(%u) : (memref<*xf32>) -> ()
  call @printMemrefF32(%u) : (memref<*xf32>) -> ()
  %big = arith.constant 1000000.0 : f32
  call @printOpen() : () -> ()
  call @printF32(%big) : (f32) -> ()
  call @printComma() : () -> ()
  %n = arith.constant -7 : i64
  call @printI64(%n) : (i64) -> ()
  call @printClose() : () -> ()
  call @printNewline() : () -> ()
  return
}
func.func private @fillResource2DFloat(memref<?x?xf32>, f32)
func.func private @printMemrefShapeF32(memref<*xf32>)
func.func private @printMemrefF32(memref<*xf32>)
func.func private @printF32(f32)
func.func private @printI64(i64)
func.func private @printOpen()
func.func private @printClose()
func.func private @printComma()
func.func private @printNewline()
`
	mod, err := ir.Parse(kiln.NewContext(), src, "utils.mlir")
	if err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	if _, err := Run(mod, Options{Reference: true, Out: &out}); err != nil {
		t.Fatal(err)
	}
	want := "Unranked Memref base@ = 0x1000 rank = 2 offset = 0 sizes = [2, 3] strides = [3, 1]\n" +
		"Unranked Memref base@ = 0x1000 rank = 2 offset = 0 sizes = [2, 3] strides = [3, 1] data = \n" +
		"[[1.5,   1.5,   1.5], \n" +
		" [1.5,   1.5,   1.5]]\n" +
		"( 1e+06, -7 )\n"
	if out.String() != want {
		t.Errorf("got:\n%q\nwant:\n%q", out.String(), want)
	}
}

func TestNoEntry(t *testing.T) {
	mod, err := ir.Parse(kiln.NewContext(), "func.func @f() { return }", "e.mlir")
	if err != nil {
		t.Fatal(err)
	}
	_, err = Run(mod, Options{Reference: true})
	if err == nil || err.Error() != "e.mlir:0:0: error: no function named 'main' with a body to run" {
		t.Errorf("got %v", err)
	}
}
