package interp

import (
	"fmt"
	"strings"
	"testing"
)

// warpKernel launches a kernel body on 2 workgroups of 8 threads with 32
// bytes of dynamic shared memory; the body stores %r into %out[%bx, %tx].
func warpKernel(body string) string {
	return `module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @k(%out: memref<2x8xi32>) kernel {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c8 = arith.constant 8 : index
      %tx = gpu.thread_id x
      %bx = gpu.block_id x
      %lane = gpu.lane_id
      %t32 = arith.index_cast %tx : index to i32
` + body + `
      memref.store %r, %out[%bx, %tx] : memref<2x8xi32>
      gpu.return
    }
  }
  func.func @main() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c8 = arith.constant 8 : index
    %c32 = arith.constant 32 : i32
    %out = memref.alloc() : memref<2x8xi32>
    gpu.launch_func @kernels::@k blocks in (%c2, %c1, %c1) threads in (%c8, %c1, %c1) dynamic_shared_memory_size %c32 args(%out : memref<2x8xi32>)
    %v = vector.load %out[%c1, %c0] : memref<2x8xi32>, vector<8xi32>
    vector.print %v : vector<8xi32>
    return
  }
}`
}

// want formats the expected second row of %out from f(tid).
func wantRow(f func(t int) int) string {
	var s []string
	for t := 0; t < 8; t++ {
		s = append(s, fmt.Sprint(f(t)))
	}
	return "( " + strings.Join(s, ", ") + " )\n"
}

func TestDynamicSharedMemory(t *testing.T) {
	src := warpKernel(`
      %dyn = gpu.dynamic_shared_memory : memref<?xi8, #gpu.address_space<workgroup>>
      %sh = memref.view %dyn[%c0][] : memref<?xi8, #gpu.address_space<workgroup>> to memref<8xi32, #gpu.address_space<workgroup>>
      %b32 = arith.index_cast %bx : index to i32
      %k = arith.constant 100 : i32
      %hb = arith.muli %b32, %k : i32
      %mine = arith.addi %t32, %hb : i32
      memref.store %mine, %sh[%tx] : memref<8xi32, #gpu.address_space<workgroup>>
      gpu.barrier
      %n1 = arith.addi %tx, %c1 : index
      %n = arith.remui %n1, %c8 : index
      %r = memref.load %sh[%n] : memref<8xi32, #gpu.address_space<workgroup>>`)
	got, err := runFull(t, src)
	if err != nil {
		t.Fatal(err)
	}
	// Each workgroup has its own memory: block 1 reads its neighbours' 100+t.
	if want := wantRow(func(t int) int { return 100 + (t+1)%8 }); got != want {
		t.Fatalf("got %q, want %q", got, want)
	}
}

func TestBallotAndWarpExecute(t *testing.T) {
	src := warpKernel(`
      %two = arith.constant 2 : i32
      %odd = arith.remui %t32, %two : i32
      %p = arith.trunci %odd : i32 to i1
      %bal = gpu.ballot %p : i32
      %v = vector.broadcast %t32 : i32 to vector<1xi32>
      %w:2 = gpu.warp_execute_on_lane_0(%lane)[4] args(%v : vector<1xi32>) -> (vector<1xi32>, i32) {
      ^bb0(%a: vector<4xi32>):
        %d = arith.addi %a, %a : vector<4xi32>
        %s = vector.reduction <add>, %a : vector<4xi32> into i32
        gpu.yield %d, %s : vector<4xi32>, i32
      }
      %e = vector.extract %w#0[0] : i32 from vector<1xi32>
      %k100 = arith.constant 100 : i32
      %k1000 = arith.constant 1000 : i32
      %s100 = arith.muli %w#1, %k100 : i32
      %b1000 = arith.muli %bal, %k1000 : i32
      %r0 = arith.addi %e, %s100 : i32
      %r = arith.addi %r0, %b1000 : i32`)
	got, err := runFull(t, src)
	if err != nil {
		t.Fatal(err)
	}
	// Lanes 1 and 3 of each subgroup of 4 are odd: ballot 0b1010; the
	// region doubles the gathered vector (lane l gets 2*t) and sums it.
	want := wantRow(func(t int) int { base := t / 4 * 4; return 2*t + 100*(4*base+6) + 1000*10 })
	if got != want {
		t.Fatalf("got %q, want %q", got, want)
	}
}

func TestWarpSizeMismatch(t *testing.T) {
	_, err := runFull(t, warpKernel(`
      %v = vector.broadcast %t32 : i32 to vector<1xi32>
      %w = gpu.warp_execute_on_lane_0(%lane)[8] args(%v : vector<1xi32>) -> (vector<1xi32>) {
      ^bb0(%a: vector<8xi32>):
        gpu.yield %a : vector<8xi32>
      }
      %r = vector.extract %w[0] : i32 from vector<1xi32>`))
	if err == nil || !strings.Contains(err.Error(), "warp_size 8 only on subgroups of that size") {
		t.Fatalf("got %v", err)
	}
}
