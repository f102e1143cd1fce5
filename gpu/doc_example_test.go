package gpu_test

import (
	"fmt"

	"github.com/kiln-gpu/kiln/arith"
	"github.com/kiln-gpu/kiln/fn"
	"github.com/kiln-gpu/kiln/gpu"
	"github.com/kiln-gpu/kiln/ir"
)

// Example parses a host function that launches a kernel and reads the
// launch through the typed views.
func Example() {
	const src = `module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @add(%arg0: memref<8xf32>) kernel attributes {known_block_size = array<i32: 8, 1, 1>} {
      %tid = gpu.thread_id x
      gpu.return
    }
  }
  func.func @main(%arg0: memref<8xf32>) {
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    gpu.launch_func @kernels::@add blocks in (%c1, %c1, %c1) threads in (%c8, %c1, %c1) args(%arg0 : memref<8xf32>)
    return
  }
}`
	ctx := ir.NewContext(gpu.Dialect(), fn.Dialect(), arith.Dialect())
	m, err := ir.Parse(ctx, src, "example.mlir")
	if err == nil {
		err = ir.Verify(m)
	}
	if err != nil {
		fmt.Println(err)
		return
	}
	m.Walk(func(op *ir.Operation) bool {
		if l, ok := gpu.AsLaunchFunc(op); ok {
			kernel := ir.LookupSymbolRef(m, l.Kernel())
			f, _ := gpu.AsFunc(kernel)
			size, _ := f.KnownBlockSize()
			fmt.Println(ir.AttrString(l.Kernel()), len(l.KernelOperands()), "operand(s), known block size", size)
		}
		return true
	})
	// Output:
	// @kernels::@add 1 operand(s), known block size [8 1 1]
}
