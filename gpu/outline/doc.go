// Package outline moves the bodies of gpu.launch ops into kernels, as
// MLIR's gpu-kernel-outlining pass does, and derives the SPIR-V workgroup
// size of kernels that do not state one.
//
// Outline turns
//
//	func.func @main(%buf: memref<8xf32>) {
//	  %c8 = arith.constant 8 : index
//	  %c1 = arith.constant 1 : index
//	  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
//	             threads(%tx, %ty, %tz) in (%sx = %c8, %sy = %c1, %sz = %c1) {
//	    "use"(%buf, %tx, %c8) : (memref<8xf32>, index, index) -> ()
//	    gpu.terminator
//	  }
//	  return
//	}
//
// into a gpu.launch_func of @main_kernel::@main_kernel with args(%buf)
// and a gpu.module @main_kernel holding
//
//	gpu.func @main_kernel(%arg0: memref<8xf32>) kernel attributes
//	    {known_block_size = array<i32: 8, 1, 1>, known_grid_size = array<i32: 1, 1, 1>} {
//	  %block_id_x = gpu.block_id x  // ... ids and sizes of all three dimensions
//	  %c8 = arith.constant 8 : index  // sunk: constants are not passed
//	  "use"(%arg0, %thread_id_x, %c8) : (memref<8xf32>, index, index) -> ()
//	  gpu.return
//	}
//
// The module gets gpu.container_module. Kernel module names are the
// enclosing function's name plus _kernel, made unique with _0, _1, ...;
// symbols the kernel refers to (device functions, globals) are copied into
// its module. The launch body is moved, not cloned, so the kernel has the
// launch's blocks directly (MLIR clones them after an entry block and a
// cf.br). Before outlining, constants and index computations whose
// operands are available in the kernel are sunk into the launch (MLIR 16's
// sinkOperationsIntoLaunchOp with isLikelyAnIndexComputation, plus pure
// arith and index ops computing index values).
//
// DeriveWorkgroupSizes gives kernels without a spirv.entry_point_abi one
// with the workgroup size taken from known_block_size, or else from the
// constant `threads in` sizes of the launch_func ops that launch them when
// they all agree. MLIR 16 refuses to lower kernels without the attribute;
// Kiln derives it so that plain gpu.launch programs compile.
//
// Passes: KernelOutlining (gpu-kernel-outlining, which also derives
// workgroup sizes unless derive-workgroup-size=false) and
// DeriveWorkgroupSize (gpu-derive-workgroup-size), and DecomposeMemrefs
// (gpu-decompose-memrefs, flattening memref index computations in
// gpu.launch bodies). Register adds them to a pass.Registry.
package outline
