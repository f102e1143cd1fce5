// Package transforms holds the passes that finish a spirv.module after
// lowering, with MLIR's pass names:
//
//   - spirv-lower-abi-attrs (LowerABI): entry point arguments with
//     `spirv.interface_var_abi` become spirv.GlobalVariable ops bound at
//     (set, binding), laid out for Vulkan; scalars are wrapped in a struct
//     and loaded at entry; each function with `spirv.entry_point_abi` gets
//     a spirv.EntryPoint with its interface and LocalSize (and
//     SubgroupSize) execution modes.
//   - spirv-update-vce (DeduceVCE): the least version, capabilities and
//     extensions the module needs, within its target environment, as the
//     module's vce_triple; what the target cannot satisfy is a diagnostic.
//   - spirv-unify-aliased-resource (UnifyAliasedResources): the aliased
//     runtime-array variables of one descriptor become one, their accesses
//     re-indexed and bitcast, for targets without aliasing (WGSL, MSL).
//   - map-memref-spirv-storage-class (MapStorageClasses): memref memory
//     spaces (numbers, #gpu.address_space) to #spirv.storage_class<...>.
//   - spirv-canonicalize (Patterns): canonicalize plus the spirv patterns
//     of MLIR's SPIRVCanonicalization.cpp that matter for lowered kernels.
//   - spirv-promote-to-replicated-constants (PromoteToReplicatedConstants):
//     splat composite constants and spec constants as the replicated
//     composites of SPV_EXT_replicated_composites.
//
// On a spirv.module of many functions, spirv-lower-abi-attrs and
// spirv-update-vce do their per-function work on several goroutines
// (ir.ParallelForN; Context.SetMultithreading(false) turns it off) and
// change the module's body on one, in order: the result and the first
// error are those of one walk in order.
//
// MLIR anchors the spirv passes on spirv.module; here they also run from
// a builtin.module pipeline, on every spirv.module inside, as mlir-opt's
// implicit nesting does. For example, spirv-lower-abi-attrs turns
//
//	spirv.func @k(%n: i32 {spirv.interface_var_abi = #spirv.interface_var_abi<(0, 0), StorageBuffer>}) "None"
//	    attributes {spirv.entry_point_abi = #spirv.entry_point_abi<workgroup_size = [64, 1, 1]>} {...}
//
// into
//
//	spirv.GlobalVariable @k_arg_0 bind(0, 0) : !spirv.ptr<!spirv.struct<(i32 [0])>, StorageBuffer>
//	spirv.func @k() "None" {
//	  %k_arg_0_addr = spirv.mlir.addressof @k_arg_0 : !spirv.ptr<!spirv.struct<(i32 [0])>, StorageBuffer>
//	  %cst0_i32 = spirv.Constant 0 : i32
//	  %0 = spirv.AccessChain %k_arg_0_addr[%cst0_i32] : !spirv.ptr<!spirv.struct<(i32 [0])>, StorageBuffer>, i32
//	  %1 = spirv.Load "StorageBuffer" %0 : i32
//	  ...
//	}
//	spirv.EntryPoint "GLCompute" @k
//	spirv.ExecutionMode @k "LocalSize", 64, 1, 1
package transforms
