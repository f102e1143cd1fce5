package outline_test

import (
	"fmt"

	"github.com/kiln-gpu/kiln/arith"
	"github.com/kiln-gpu/kiln/fn"
	"github.com/kiln-gpu/kiln/gpu"
	"github.com/kiln-gpu/kiln/gpu/outline"
	"github.com/kiln-gpu/kiln/ir"
)

func ExampleOutline() {
	ctx := ir.NewContext(fn.Dialect(), arith.Dialect(), gpu.Dialect())
	ctx.SetAllowUnregisteredDialects(true)
	m, err := ir.Parse(ctx, `func.func @main(%buf: memref<8xf32>) {
  %c8 = arith.constant 8 : index
  %c1 = arith.constant 1 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c8, %sy = %c1, %sz = %c1) {
    "use"(%buf, %tx, %c8) : (memref<8xf32>, index, index) -> ()
    gpu.terminator
  }
  return
}`, "example.mlir")
	if err != nil {
		fmt.Println(err)
		return
	}
	if err := outline.Outline(m); err != nil {
		fmt.Println(err)
		return
	}
	outline.DeriveWorkgroupSizes(m)
	fmt.Println(m)
	// Output:
	// module attributes {gpu.container_module} {
	//   func.func @main(%arg0: memref<8xf32>) {
	//     %c8 = arith.constant 8 : index
	//     %c1 = arith.constant 1 : index
	//     gpu.launch_func  @main_kernel::@main_kernel blocks in (%c1, %c1, %c1) threads in (%c8, %c1, %c1)  args(%arg0 : memref<8xf32>)
	//     return
	//   }
	//   gpu.module @main_kernel {
	//     gpu.func @main_kernel(%arg0: memref<8xf32>) kernel attributes {known_block_size = array<i32: 8, 1, 1>, known_grid_size = array<i32: 1, 1, 1>, spirv.entry_point_abi = #spirv.entry_point_abi<workgroup_size = [8, 1, 1]>} {
	//       %block_id_x = gpu.block_id  x
	//       %block_id_y = gpu.block_id  y
	//       %block_id_z = gpu.block_id  z
	//       %thread_id_x = gpu.thread_id  x
	//       %thread_id_y = gpu.thread_id  y
	//       %thread_id_z = gpu.thread_id  z
	//       %grid_dim_x = gpu.grid_dim  x
	//       %grid_dim_y = gpu.grid_dim  y
	//       %grid_dim_z = gpu.grid_dim  z
	//       %block_dim_x = gpu.block_dim  x
	//       %block_dim_y = gpu.block_dim  y
	//       %block_dim_z = gpu.block_dim  z
	//       %c8 = arith.constant 8 : index
	//       "use"(%arg0, %thread_id_x, %c8) : (memref<8xf32>, index, index) -> ()
	//       gpu.return
	//     }
	//   }
	// }
}
