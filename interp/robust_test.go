package interp

import (
	"strings"
	"testing"
)

// TestRobustAccess checks that out-of-bounds kernel accesses are errors by
// default and follow Vulkan's robustBufferAccess when asked: loads read
// zero, stores are dropped.
func TestRobustAccess(t *testing.T) {
	const src = `module attributes {gpu.container_module} {
  gpu.module @k {
    gpu.func @f(%in: memref<4xi32>, %out: memref<4xi32>) kernel {
      %c4 = arith.constant 4 : index
      %c9 = arith.constant 9 : i32
      %t = gpu.thread_id x
      %i = arith.addi %t, %c4 : index
      %v = memref.load %in[%i] : memref<4xi32>
      memref.store %v, %out[%t] : memref<4xi32>
      memref.store %c9, %out[%i] : memref<4xi32>
      gpu.return
    }
  }
  func.func @main() -> i32 {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %in = memref.alloc() : memref<4xi32>
    %out = memref.alloc() : memref<4xi32>
    %seven = arith.constant 7 : i32
    memref.store %seven, %out[%c0] : memref<4xi32>
    gpu.launch_func @k::@f blocks in (%c1, %c1, %c1) threads in (%c2, %c1, %c1) args(%in : memref<4xi32>, %out : memref<4xi32>)
    %r = memref.load %out[%c0] : memref<4xi32>
    return %r : i32
  }
}`
	m := parse(t, fullContext(), src)
	if _, err := Run(m, "main"); err == nil || !strings.Contains(err.Error(), "out-of-bounds") {
		t.Fatalf("default: want an out-of-bounds error, got %v", err)
	}
	mach := New(m)
	mach.RobustAccess = true
	res, err := mach.Call("main")
	if err != nil {
		t.Fatalf("robust: %v", err)
	}
	if got := res[0].(Scalar).Bits; got != 0 {
		t.Errorf("robust: out[0] = %d, want 0 (an out-of-bounds load reads zero)", got)
	}
}
