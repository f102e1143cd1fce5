package kiln_test

import (
	"fmt"

	"github.com/kiln-gpu/kiln"
)

// scale is a kernel that multiplies n floats by a factor, one per thread.
const scale = `gpu.module @k {
  gpu.func @scale(%x: memref<?xf32>, %y: memref<?xf32>, %a: f32, %n: index) kernel
      attributes {spirv.entry_point_abi = #spirv.entry_point_abi<workgroup_size = [64, 1, 1]>} {
    %i = gpu.global_id x
    %in = arith.cmpi ult, %i, %n : index
    scf.if %in {
      %v = memref.load %x[%i] : memref<?xf32>
      %w = arith.mulf %v, %a : f32
      memref.store %w, %y[%i] : memref<?xf32>
    }
    gpu.return
  }
}`

// The whole program: compile a kernel from a string for a device, upload,
// launch and read back. Open("") takes the best Vulkan device (or the one
// $KILN_DEVICE names; Open("lavapipe") asks for one), and
// Open(kiln.Reference) runs the same kernel on the reference interpreter.
func Example() {
	for _, name := range []string{"", kiln.Reference} {
		dev, err := kiln.Open(name)
		if err != nil {
			panic(err)
		}
		prog, err := dev.Compile(scale)
		if err != nil {
			panic(err)
		}
		x, _ := kiln.Upload(dev, []float32{1, 2, 3, 4, 5})
		y, _ := kiln.Alloc[float32](dev, 5)
		if err := prog.Launch("scale", kiln.Grid{1, 1, 1}, x, y, 2.5, 5); err != nil {
			panic(err)
		}
		out, _ := kiln.Read[float32](y)
		fmt.Println(out)
		dev.Close()
	}
	// Output:
	// [2.5 5 7.5 10 12.5]
	// [2.5 5 7.5 10 12.5]
}

// hostProgram is a host function that launches a kernel: it scales x by a
// into a new memref and returns it with its length.
const hostProgram = `module attributes {gpu.container_module} {
  gpu.module @k {
    gpu.func @scale(%a: f32, %x: memref<4xf32>, %y: memref<4xf32>) kernel
        attributes {spirv.entry_point_abi = #spirv.entry_point_abi<workgroup_size = [1, 1, 1]>} {
      %i = gpu.block_id x
      %v = memref.load %x[%i] : memref<4xf32>
      %w = arith.mulf %a, %v : f32
      memref.store %w, %y[%i] : memref<4xf32>
      gpu.return
    }
  }
  func.func @main(%x: memref<4xf32>, %a: f32) -> (memref<4xf32>, index) {
    %y = memref.alloc() : memref<4xf32>
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    gpu.launch_func @k::@scale blocks in (%c4, %c1, %c1) threads in (%c1, %c1, %c1)
        args(%a : f32, %x : memref<4xf32>, %y : memref<4xf32>)
    return %y, %c4 : memref<4xf32>, index
  }
}`

// Device.Run calls a host function, the same call on Vulkan and on the
// reference interpreter: buffers for memref parameters, Go numbers for
// scalar ones; memref results come back as buffers on the device.
func ExampleDevice_Run() {
	for _, name := range []string{"", kiln.Reference} {
		dev, err := kiln.Open(name)
		if err != nil {
			panic(err)
		}
		x, _ := kiln.Upload(dev, []float32{1, 2, 3, 4})
		res, err := dev.Run(hostProgram, "main", x, 2.5)
		if err != nil {
			panic(err)
		}
		y, _ := kiln.Read[float32](res[0].(*kiln.Buffer))
		fmt.Println(y, res[1])
		dev.Close()
	}
	// Output:
	// [2.5 5 7.5 10] 4
	// [2.5 5 7.5 10] 4
}
