// Package lowering converts gpu, vector, arith, math, memref, scf, cf and
// func ops to the spirv dialect in one dialect conversion with one type
// converter, for the #spirv.target_env found on or above the converted ops.
//
// The conversion is assembled from one Populator per source dialect
// (PopulateArith, PopulateGPU, ... in DialectPatterns), each returning its
// patterns over the Converter the conversion's patterns share (target,
// options, type converter, caches), as MLIR's populate*ToSPIRVPatterns
// fill one pattern set; Options.Patterns adds a user's own populators for
// dialects Kiln does not know (ExamplePopulator).
//
// Types: index becomes i32 (i64 with Use64BitIndex on an Int64 target);
// memrefs become pointers to a struct holding an array of their elements
// (a runtime array for dynamic shapes), with stride and offset decorations
// in the storage classes that need a layout; loads and stores linearize
// their indices with the memref's strides into a spirv.AccessChain. 8- and
// 16-bit integers are computed in 32 bits, kept sign-extended, when the
// target lacks Int8/Int16, and stored packed in i32 words (shifts, masks
// and atomics) when it lacks StorageBuffer8BitAccess/16BitAccess. In
// place, f16 without Float16 is computed in f32 as MLIR's
// emulate-lt-32-bit-scalar-types does; kernel modules, i64 and f64 without
// Float16/Int64/Float64 are refused with a diagnostic naming the capability
// and the target (docs/RATIONALE.md).
//
// With Options.GPUModules each gpu.module is cloned into a spirv.module
// @__spv__<name> placed before it, as MLIR's convert-gpu-to-spirv does;
// kernels keep spirv.entry_point_abi and get spirv.interface_var_abi
// (0, i) per argument; workgroup attributions become Workgroup globals.
//
//	reg := pass.Registry{}
//	lowering.Register(reg) // convert-to-spirv and convert-<dialect>-to-spirv
//	// or directly:
//	err := lowering.Convert(module, lowering.Options{GPUModules: true})
package lowering
