package interp

import (
	"strings"
	"testing"
)

func TestHostMemoryLimit(t *testing.T) {
	const alloc = `func.func @main(%n: index) {
  %m = "memref.alloc"(%n) <{operandSegmentSizes = array<i32: 1, 0>}> : (index) -> memref<?xf32>
  %k = "memref.alloc"(%n) <{operandSegmentSizes = array<i32: 1, 0>}> : (index) -> memref<?xf32>
  return
}`
	const freed = `func.func @main(%n: index) {
  %m = "memref.alloc"(%n) <{operandSegmentSizes = array<i32: 1, 0>}> : (index) -> memref<?xf32>
  "memref.dealloc"(%m) : (memref<?xf32>) -> ()
  %k = "memref.alloc"(%n) <{operandSegmentSizes = array<i32: 1, 0>}> : (index) -> memref<?xf32>
  return
}`
	for _, c := range []struct {
		name, src string
		n, limit  int64
		want      string // the error, "" for none
	}{
		{"negative", alloc, -5, 0, "2:8: error: 'memref.alloc' op negative size -5 in dimension 0"},
		{"overflow", alloc, 1 << 62, 0, "2:8: error: 'memref.alloc' op a memref of sizes [4611686018427387904] has more bytes than a 64-bit size can count"},
		{"huge", alloc, 1 << 40, 1 << 30, "2:8: error: 'memref.alloc' op allocating 4398046511104 bytes exceeds the interpreter's host-memory limit of 1073741824 bytes (0 in use); raise it with --max-host-memory"},
		{"both", alloc, 150, 1000, "3:8: error: 'memref.alloc' op allocating 600 bytes exceeds the interpreter's host-memory limit of 1000 bytes (600 in use)"},
		{"freed", freed, 150, 1000, ""},
		{"static", `func.func @main(%n: index) {
  %m = "memref.alloc"() <{operandSegmentSizes = array<i32: 0, 0>}> : () -> memref<100000000000xf32>
  return
}`, 0, 1 << 30, "2:8: error: 'memref.alloc' op allocating 400000000000 bytes exceeds"},
		{"vector", `func.func @main(%n: index) {
  %c = arith.constant 1.0 : f32
  %v = "vector.broadcast"(%c) : (f32) -> vector<2000000000xf32>
  return
}`, 0, 1 << 30, "3:8: error: 'vector.broadcast' op allocating 18000000000 bytes exceeds"},
	} {
		t.Run(c.name, func(t *testing.T) {
			m := New(parse(t, newContext(), c.src))
			m.MaxHostMemory = c.limit
			_, err := m.Call("main", Int(c.n))
			switch {
			case c.want == "" && err != nil:
				t.Fatalf("unexpected error: %v", err)
			case c.want != "" && (err == nil || !strings.Contains(err.Error(), c.want)):
				t.Fatalf("got error %v, want %q", err, c.want)
			}
		})
	}
}

func TestNegativeViewSize(t *testing.T) {
	wantError(t, `func.func @main() {
  %c0 = arith.constant 0 : index
  %n = arith.constant -4 : index
  %m = "memref.alloc"() <{operandSegmentSizes = array<i32: 0, 0>}> : () -> memref<16xf32>
  %v = "memref.reinterpret_cast"(%m, %n) <{operandSegmentSizes = array<i32: 1, 0, 1, 0>, static_offsets = array<i64: 0>, static_sizes = array<i64: -9223372036854775808>, static_strides = array<i64: 1>}> : (memref<16xf32>, index) -> memref<?xf32>
  return
}`, "negative size -4 in dimension 0")
}
