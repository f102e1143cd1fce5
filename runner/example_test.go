package runner_test

import (
	"os"

	"github.com/kiln-gpu/kiln/arith"
	"github.com/kiln-gpu/kiln/fn"
	"github.com/kiln-gpu/kiln/gpu"
	"github.com/kiln-gpu/kiln/ir"
	"github.com/kiln-gpu/kiln/memref"
	"github.com/kiln-gpu/kiln/runner"
	"github.com/kiln-gpu/kiln/spirv"
	"github.com/kiln-gpu/kiln/vector"
)

// A host program with one kernel, its kernel simulated (Reference); drop
// Reference and give Options.Passes the SPIR-V pipeline to run it on
// Vulkan.
func Example() {
	src := `module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @double(%m : memref<4xi32>) kernel attributes {spirv.entry_point_abi = #spirv.entry_point_abi<workgroup_size = [4, 1, 1]>} {
      %i = gpu.thread_id x
      %v = memref.load %m[%i] : memref<4xi32>
      %w = arith.addi %v, %v : i32
      memref.store %w, %m[%i] : memref<4xi32>
      gpu.return
    }
  }
  func.func @main() {
    %m = memref.alloc() : memref<4xi32>
    %c1 = arith.constant 1 : index
    %seven = arith.constant 7 : i32
    %d = memref.cast %m : memref<4xi32> to memref<?xi32>
    call @fillResource1DInt(%d, %seven) : (memref<?xi32>, i32) -> ()
    gpu.launch_func @kernels::@double blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) args(%m : memref<4xi32>)
    %c0 = arith.constant 0 : index
    %v = vector.load %m[%c0] : memref<4xi32>, vector<4xi32>
    vector.print %v : vector<4xi32>
    return
  }
  func.func private @fillResource1DInt(memref<?xi32>, i32)
}`
	ctx := ir.NewContext(fn.Dialect(), arith.Dialect(), memref.Dialect(), gpu.Dialect(), vector.Dialect(), spirv.Dialect())
	mod, err := ir.Parse(ctx, src, "double.mlir")
	if err != nil {
		panic(err)
	}
	if _, err := runner.Run(mod, runner.Options{Reference: true, Out: os.Stdout}); err != nil {
		panic(err)
	}
	// Output:
	// ( 14, 14, 14, 14 )
}
