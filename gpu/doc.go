// Package gpu is MLIR's gpu dialect: the kernels Kiln compiles and the
// host ops that launch them.
//
// A program holds kernels in a gpu.module inside a builtin.module marked
// gpu.container_module, and launches them with gpu.launch_func (or writes
// the kernel inline with gpu.launch, which gpu/outline turns into the
// former):
//
//	module attributes {gpu.container_module} {
//	  gpu.module @kernels {
//	    gpu.func @add(%arg0: memref<8xf32>) kernel attributes {known_block_size = array<i32: 8, 1, 1>} {
//	      %thread_id_x = gpu.thread_id  x
//	      ...
//	      gpu.return
//	    }
//	  }
//	  func.func @main(%arg0: memref<8xf32>) {
//	    %c1 = arith.constant 1 : index
//	    %c8 = arith.constant 8 : index
//	    gpu.launch_func  @kernels::@add blocks in (%c1, %c1, %c1) threads in (%c8, %c1, %c1)  args(%arg0 : memref<8xf32>)
//	    return
//	  }
//	}
//
// Every op has MLIR's custom form, spaces included (the declarative
// formats leave double spaces around enums and empty custom directives),
// and MLIR's verifier messages. MLIR 16 spellings are accepted on input:
// gpu.module_end, the subgroup_reduce kinds max and min, shorter
// operandSegmentSizes, gpu.known_block_size on gpu.func.
//
// Typed views name the parts of ops for the interpreter and the SPIR-V
// lowering: Module, Func (arguments, workgroup and private attributions,
// KnownBlockSize), Launch (ids, sizes, body), LaunchFunc (Kernel,
// GridSize, BlockSize, KernelOperands, DynamicSharedMemorySize,
// AsyncDependencies), DimOp, Reduce, Shuffle. Attributes are EnumAttr
// values (#gpu<dim x>, #gpu<all_reduce_op add>, #gpu<shuffle_mode xor>,
// #gpu<broadcast first_active_lane>, #gpu.address_space<workgroup>,
// #gpu<mma_element_wise addf>) and the types are !gpu.async.token and
// !gpu.mma_matrix<16x16xf16, "AOp"> (MMAMatrixType), the operand of the
// subgroup_mma_* ops. gpu.warp_execute_on_lane_0 runs its region on lane 0
// of a warp, with distributed vector arguments and results. gpu.binary
// holds compiled objects (#gpu.object) of a gpu.module.
package gpu
