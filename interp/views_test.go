package interp

import (
	"bytes"
	"strings"
	"testing"

	"github.com/kiln-gpu/kiln/ir"
)

// runFull interprets @main of src, written in the dialects' custom
// syntax, with subgroups of 4, and returns what it printed.
func runFull(t *testing.T, src string) (string, error) {
	t.Helper()
	mod, err := ir.Parse(fullContext(), src, "test.mlir")
	if err != nil {
		t.Fatal(err)
	}
	if err := ir.Verify(mod); err != nil {
		t.Fatal(err)
	}
	m := New(mod)
	m.SubgroupSize = 4
	var out bytes.Buffer
	m.Out = &out
	_, err = m.Call("main")
	return out.String(), err
}

func TestTypeCastLoadStore(t *testing.T) {
	got, err := runFull(t, `func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %f5 = arith.constant 5.0 : f32
  %m = memref.alloc() : memref<2x3xf32>
  memref.store %f5, %m[%c1, %c2] : memref<2x3xf32>
  %v = vector.type_cast %m : memref<2x3xf32> to memref<vector<2x3xf32>>
  %x = memref.load %v[] : memref<vector<2x3xf32>>
  vector.print %x : vector<2x3xf32>
  %w = arith.constant dense<[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]> : vector<2x3xf32>
  memref.store %w, %v[] : memref<vector<2x3xf32>>
  %y = memref.load %m[%c1, %c0] : memref<2x3xf32>
  vector.print %y : f32
  return
}`)
	if err != nil {
		t.Fatal(err)
	}
	if want := "( ( 0, 0, 0 ), ( 0, 0, 5 ) )\n4\n"; got != want {
		t.Fatalf("got %q, want %q", got, want)
	}
}

func TestVectorMemRefRejectsOtherOps(t *testing.T) {
	_, err := runFull(t, `func.func @main() {
  %m = memref.alloc() : memref<4xf32>
  %v = vector.type_cast %m : memref<4xf32> to memref<vector<4xf32>>
  memref.copy %v, %v : memref<vector<4xf32>> to memref<vector<4xf32>>
  return
}`)
	if err == nil || !strings.Contains(err.Error(), "only whole-element loads and stores of a memref of vectors") {
		t.Fatalf("got %v", err)
	}
}

func TestMemRefViewAliasesBytes(t *testing.T) {
	got, err := runFull(t, `func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %c7 = arith.constant 7 : index
  %c8 = arith.constant 8 : index
  %c11 = arith.constant 11 : index
  %buf = memref.alloc() : memref<16xi8>
  %i = memref.view %buf[%c4][%c2] : memref<16xi8> to memref<?xi32>
  %k = arith.constant 16909060 : i32
  memref.store %k, %i[%c0] : memref<?xi32>
  %b4 = memref.load %buf[%c4] : memref<16xi8>
  %b7 = memref.load %buf[%c7] : memref<16xi8>
  vector.print %b4 : i8
  vector.print %b7 : i8
  %f = memref.view %buf[%c8][] : memref<16xi8> to memref<2xf32>
  %one = arith.constant 1.0 : f32
  memref.store %one, %f[%c0] : memref<2xf32>
  %b11 = memref.load %buf[%c11] : memref<16xi8>
  vector.print %b11 : i8
  %r = memref.load %i[%c1] : memref<?xi32>
  vector.print %r : i32
  return
}`)
	if err != nil {
		t.Fatal(err)
	}
	// 0x01020304 little-endian at bytes 4..7; 1.0f is 0x3f800000, so
	// byte 11 is 0x3f and the i32 at bytes 8..11 reads 0x3f800000.
	if want := "4\n1\n63\n1065353216\n"; got != want {
		t.Fatalf("got %q, want %q", got, want)
	}
}

func TestMemRefViewOutOfBounds(t *testing.T) {
	_, err := runFull(t, `func.func @main() {
  %c12 = arith.constant 12 : index
  %buf = memref.alloc() : memref<16xi8>
  %f = memref.view %buf[%c12][] : memref<16xi8> to memref<2xf32>
  return
}`)
	if err == nil || !strings.Contains(err.Error(), "exceeds its 16-byte source") {
		t.Fatalf("got %v", err)
	}
}

func TestMaskedContract(t *testing.T) {
	got, err := runFull(t, `func.func @main() {
  %c2 = arith.constant 2 : index
  %a = arith.constant dense<[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]> : vector<2x3xf32>
  %b = arith.constant dense<[1.0, 10.0, 100.0]> : vector<3xf32>
  %acc = arith.constant dense<[0.5, 0.5]> : vector<2xf32>
  %mask = vector.create_mask %c2, %c2 : vector<2x3xi1>
  %r = vector.mask %mask { vector.contract {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"], kind = #vector.kind<add>} %a, %b, %acc : vector<2x3xf32>, vector<3xf32> into vector<2xf32> } : vector<2x3xi1> -> vector<2xf32>
  vector.print %r : vector<2xf32>
  return
}`)
	if err != nil {
		t.Fatal(err)
	}
	// Column 2 is masked off: 0.5+1+20 and 0.5+4+50.
	if want := "( 21.5, 54.5 )\n"; got != want {
		t.Fatalf("got %q, want %q", got, want)
	}
}
