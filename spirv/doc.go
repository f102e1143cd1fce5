// Package spirv is MLIR's SPIR-V dialect: its types, attributes and ops,
// with MLIR's text syntax (`spirv.` and, on input, the older `spv.`).
//
// Types (types.go) are Go structs uniqued in the Context: PointerType
// (!spirv.ptr<f32, StorageBuffer>), ArrayType (!spirv.array<4 x f32,
// stride=4>), RuntimeArrayType, StructType (literal, with member offsets
// and decorations, or identified and possibly recursive:
// !spirv.struct<node, (i32, !spirv.ptr<!spirv.struct<node>, StorageBuffer>)>),
// MatrixType, CoopMatrixType, ImageType, SampledImageType, SamplerType and
// TensorArmType (!spirv.arm.tensor<2x3xi8>, SPV_ARM_tensors, a shaped type
// whose dense constants are spirv.Constant values).
//
// Attributes (attrs.go): VCEAttr (#spirv.vce<v1.0, [Shader], [ext]>),
// TargetEnvAttr with ResourceLimitsAttr, EntryPointABIAttr (workgroup_size;
// the older local_size = dense<...> is read too), InterfaceVarABIAttr,
// LinkageAttr, and EnumAttr for every enum kind of the grammar
// (#spirv.storage_class<StorageBuffer>, #spirv.memory_semantics<...>,
// #spirv.scope<Workgroup>, ...). Enum names and values come from spirv/spv's
// generated tables; only MLIR's own enums (image parameters, vendors, client
// APIs) and the few values newer than the grammar are listed here (enums.go).
//
// Ops are rows of tables where they share a shape: elementwise arithmetic,
// comparisons and conversions (ops_arith.go), GLSL.std.450 and OpenCL.std
// extended instructions (ops_extinst.go), atomics, non-uniform and uniform
// group ops (ops_group.go, ops_group_uniform.go), image ops (ops_image.go:
// image operands and their arguments as in MLIR, `["Lod"], %lod`), the TOSA
// ops of spirv.ARM.Graph (ops_tosa.go; the graph ops are in ops_graph.go);
// structural ops have their own parsers. Each op verifies its operands with MLIR's
// messages. An op's SPIR-V instruction follows from its name (OpcodeOf,
// ExtInstOf; OpNameOf and ExtInstOpName go back), and Availability lists
// what it needs — version, capabilities, extensions — from spv's tables
// for that instruction, the enum values it uses and its types (i8 needs
// Int8, f16 in a storage buffer StorageBuffer16BitAccess, ...):
//
//	spirv.module Logical GLSL450 requires #spirv.vce<v1.0, [Shader], [SPV_KHR_storage_buffer_storage_class]> {
//	  spirv.GlobalVariable @buf bind(0, 0) : !spirv.ptr<!spirv.struct<(!spirv.rtarray<f32, stride=4> [0])>, StorageBuffer>
//	  spirv.func @main() "None" {
//	    %c0 = spirv.Constant 0 : i32
//	    %p = spirv.mlir.addressof @buf : !spirv.ptr<!spirv.struct<(!spirv.rtarray<f32, stride=4> [0])>, StorageBuffer>
//	    %e = spirv.AccessChain %p[%c0, %c0] : !spirv.ptr<!spirv.struct<(!spirv.rtarray<f32, stride=4> [0])>, StorageBuffer>, i32, i32
//	    %v = spirv.Load "StorageBuffer" %e : f32
//	    spirv.Return
//	  }
//	  spirv.EntryPoint "GLCompute" @main
//	  spirv.ExecutionMode @main "LocalSize", 64, 1, 1
//	}
//
// Where MLIR versions disagree on a custom form, the form MLIR's SPIR-V
// round-trip tests expect is printed and the others are accepted: group
// reductions print their scope and operation quoted
// (`spirv.GroupNonUniformIAdd "Workgroup" "Reduce"`) and read `<Workgroup>
// <Reduce>` as well; atomics print current MLIR's `<Device> <AcquireRelease>`
// and read the quoted form; ops MLIR 16 did not have (spirv.GroupIAdd,
// spirv.GroupNonUniformBallotBitCount, ...) print current MLIR's angle
// brackets.
package spirv
