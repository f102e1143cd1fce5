package outline

import (
	"strings"
	"testing"

	"github.com/kiln-gpu/kiln/arith"
	"github.com/kiln-gpu/kiln/fn"
	"github.com/kiln-gpu/kiln/gpu"
	"github.com/kiln-gpu/kiln/interp/interptest"
	"github.com/kiln-gpu/kiln/ir/irtest"
	"github.com/kiln-gpu/kiln/ir/pass"
	"github.com/kiln-gpu/kiln/memref"
	"github.com/kiln-gpu/kiln/scf"
)

// asyncKernel copies %a into a device buffer, launches a kernel that adds
// its thread id times %b to each element, copies back and returns the sum,
// with synchronous gpu ops and a host loop between them.
const asyncKernel = `module attributes {gpu.container_module} {
  gpu.module @k {
    gpu.func @add(%m: memref<8xi64>, %b: i64) kernel {
      %t = gpu.thread_id x
      %x = memref.load %m[%t] : memref<8xi64>
      %ti = arith.index_cast %t : index to i64
      %p = arith.muli %ti, %b : i64
      %y = arith.addi %x, %p : i64
      memref.store %y, %m[%t] : memref<8xi64>
      gpu.return
    }
  }
  func.func @main(%a: index, %b: index) -> i64 {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    %ai = arith.index_cast %a : index to i64
    %bi = arith.index_cast %b : index to i64
    %h = memref.alloca() : memref<8xi64>
    scf.for %i = %c0 to %c8 step %c1 {
      %ii = arith.index_cast %i : index to i64
      %v = arith.addi %ii, %ai : i64
      memref.store %v, %h[%i] : memref<8xi64>
    }
    %d = gpu.alloc () : memref<8xi64>
    gpu.memcpy %d, %h : memref<8xi64>, memref<8xi64>
    gpu.launch_func @k::@add blocks in (%c1, %c1, %c1) threads in (%c8, %c1, %c1) args(%d : memref<8xi64>, %bi : i64)
    gpu.launch_func @k::@add blocks in (%c1, %c1, %c1) threads in (%c8, %c1, %c1) args(%d : memref<8xi64>, %bi : i64)
    gpu.memcpy %h, %d : memref<8xi64>, memref<8xi64>
    gpu.dealloc %d : memref<8xi64>
    %z = arith.constant 0 : i64
    %s = scf.for %i = %c0 to %c8 step %c1 iter_args(%acc = %z) -> (i64) {
      %v = memref.load %h[%i] : memref<8xi64>
      %w = arith.muli %v, %v : i64
      %n = arith.addi %acc, %w : i64
      scf.yield %n : i64
    }
    return %s : i64
  }
}`

// TestAsyncRegionKeepsResults runs asyncKernel before and after
// gpu-async-region: the gpu ops become one token chain ending in a
// synchronous wait before the host reads the buffer, and the results
// agree.
func TestAsyncRegionKeepsResults(t *testing.T) {
	reg := pass.Registry{}
	Register(reg)
	ctx := irtest.ContextWith(fn.Dialect(), arith.Dialect(), gpu.Dialect(), memref.Dialect(), scf.Dialect())
	before, after := interptest.Transformed(t, ctx, reg, asyncKernel, "builtin.module(func.func(gpu-async-region))")
	text := after.String()
	for _, want := range []string{"gpu.wait async\n", "gpu.memcpy async [%", "gpu.launch_func async [%", "gpu.dealloc async [%", "gpu.wait [%"} {
		if !strings.Contains(text, want) {
			t.Fatalf("no %q after gpu-async-region:\n%s", want, text)
		}
	}
	interptest.SameResults(t, "", before, after, [][2]int64{{0, 0}, {1, 2}, {5, 3}})
}
