package interp

import (
	"fmt"
	"runtime/debug"
	"testing"
)

// benchLoop is the host loop of issue 19: each iteration executes
// arith.addi, arith.xori and scf.yield (three counted ops).
const benchLoop = `func.func @main(%n: index) -> i64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %z = arith.constant 0 : i64
  %k = arith.constant 12345 : i64
  %m = arith.constant 977 : i64
  %r = "scf.for"(%c0, %n, %c1, %z) ({
  ^bb0(%i: index, %acc: i64):
    %a = arith.addi %acc, %k : i64
    %b = arith.xori %a, %m : i64
    "scf.yield"(%b) : (i64) -> ()
  }) : (index, index, index, i64) -> i64
  return %r : i64
}`

// benchMemLoop fills a memref and sums it back: memref.store, memref.load,
// index casts and float arithmetic per iteration.
const benchMemLoop = `func.func @main(%n: index) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %z = arith.constant 0.0 : f32
  %mem = "memref.alloc"(%n) {operandSegmentSizes = array<i32: 1, 0>} : (index) -> memref<?xf32>
  "scf.for"(%c0, %n, %c1) ({
  ^bb0(%i: index):
    %x = arith.index_cast %i : index to i32
    %f = arith.sitofp %x : i32 to f32
    "memref.store"(%f, %mem, %i) : (f32, memref<?xf32>, index) -> ()
    "scf.yield"() : () -> ()
  }) : (index, index, index) -> ()
  %s = "scf.for"(%c0, %n, %c1, %z) ({
  ^bb0(%i: index, %acc: f32):
    %v = "memref.load"(%mem, %i) : (memref<?xf32>, index) -> f32
    %a = arith.addf %acc, %v : f32
    "scf.yield"(%a) : (f32) -> ()
  }) : (index, index, index, f32) -> f32
  return %s : f32
}`

// benchVecLoop fills a memref through vector<8xf32> stores of broadcast
// arithmetic and sums it back with vector loads and a reduction.
const benchVecLoop = `func.func @main(%n: index) -> f32 {
  %c0 = arith.constant 0 : index
  %c8 = arith.constant 8 : index
  %iota = arith.constant dense<[0.0, 1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0]> : vector<8xf32>
  %half = arith.constant dense<0.5> : vector<8xf32>
  %zero = arith.constant dense<0.0> : vector<8xf32>
  %mem = "memref.alloc"(%n) {operandSegmentSizes = array<i32: 1, 0>} : (index) -> memref<?xf32>
  "scf.for"(%c0, %n, %c8) ({
  ^bb0(%i: index):
    %x = arith.index_cast %i : index to i32
    %f = arith.sitofp %x : i32 to f32
    %b = "vector.broadcast"(%f) : (f32) -> vector<8xf32>
    %v = arith.addf %b, %iota : vector<8xf32>
    %w = arith.mulf %v, %half : vector<8xf32>
    "vector.store"(%w, %mem, %i) : (vector<8xf32>, memref<?xf32>, index) -> ()
    "scf.yield"() : () -> ()
  }) : (index, index, index) -> ()
  %s = "scf.for"(%c0, %n, %c8, %zero) ({
  ^bb0(%i: index, %acc: vector<8xf32>):
    %v = "vector.load"(%mem, %i) : (memref<?xf32>, index) -> vector<8xf32>
    %a = arith.addf %acc, %v : vector<8xf32>
    "scf.yield"(%a) : (vector<8xf32>) -> ()
  }) : (index, index, index, vector<8xf32>) -> vector<8xf32>
  %r = "vector.reduction"(%s) <{kind = #vector.kind<add>}> : (vector<8xf32>) -> f32
  "memref.dealloc"(%mem) : (memref<?xf32>) -> ()
  return %r : f32
}`

// benchOps runs @main of src with n iterations per benchmark iteration
// and reports executed ops per second.
func benchOps(b *testing.B, src string, n int64) {
	m := New(parse(b, newContext(), src))
	m.MaxSteps = 1 << 40
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if _, err := m.Call("main", Int(n)); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(m.steps)*float64(b.N)/b.Elapsed().Seconds(), "ops/s")
}

func BenchmarkDispatchAddXorLoop(b *testing.B) { benchOps(b, benchLoop, 100000) }

func BenchmarkDispatchMemrefLoop(b *testing.B) { benchOps(b, benchMemLoop, 100000) }

func BenchmarkDispatchVectorLoop(b *testing.B) { benchOps(b, benchVecLoop, 100000) }

// TestDispatchAllocations checks that executing scalar ops allocates
// nothing: a call allocates the same for 10 iterations as for 10,000.
func TestDispatchAllocations(t *testing.T) {
	for _, src := range []string{benchLoop, benchMemLoop} {
		m := New(parse(t, newContext(), src))
		allocs := func(n int64) float64 {
			return testing.AllocsPerRun(5, func() {
				if _, err := m.Call("main", Int(n)); err != nil {
					t.Fatal(err)
				}
			})
		}
		if a, b := allocs(10), allocs(10000); a != b {
			t.Errorf("%.0f allocations for 10 iterations, %.0f for 10,000", a, b)
		}
	}
}

// TestVectorAllocations checks that a vector op on the fast path makes
// its result in one allocation: benchVecLoop's fill makes three vectors
// per 8 elements and its checksum two.
func TestVectorAllocations(t *testing.T) {
	// A collection during the count would add the runtime's own.
	defer debug.SetGCPercent(debug.SetGCPercent(-1))
	m := New(parse(t, newContext(), benchVecLoop))
	allocs := func(n int64) float64 {
		return testing.AllocsPerRun(5, func() {
			if _, err := m.Call("main", Int(n)); err != nil {
				t.Fatal(err)
			}
		})
	}
	if a, b := allocs(16), allocs(800); b-a != (800-16)/8*5 {
		t.Errorf("%.0f allocations for 16 elements, %.0f for 800: want 5 more per 8 elements", a, b)
	}
}

// TestLoopCarriedSwap checks that loop-carried values and branch
// arguments are assigned in parallel.
func TestLoopCarriedSwap(t *testing.T) {
	r := mustRun(t, `func.func @main() -> (i32, i32, i32, i32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %a = arith.constant 1 : i32
  %b = arith.constant 2 : i32
  %r:2 = "scf.for"(%c0, %c3, %c1, %a, %b) ({
  ^bb0(%i: index, %x: i32, %y: i32):
    "scf.yield"(%y, %x) : (i32, i32) -> ()
  }) : (index, index, index, i32, i32) -> (i32, i32)
  %z = arith.constant 0 : i32
  cf.br ^loop(%z, %a, %b : i32, i32, i32)
^loop(%n: i32, %p: i32, %q: i32):
  %n1 = arith.addi %n, %a : i32
  %done = arith.cmpi sge, %n1, %b : i32
  cf.cond_br %done, ^exit, ^loop(%n1, %q, %p : i32, i32, i32)
^exit:
  return %r#0, %r#1, %p, %q : i32, i32, i32, i32
}`)
	if got := fmt.Sprint(r); got != "[2 1 2 1]" {
		t.Fatalf("got %s", got)
	}
}
