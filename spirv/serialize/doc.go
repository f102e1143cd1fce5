// Package serialize translates between the spirv dialect and SPIR-V
// binaries, as MLIR's Target/SPIRV does (mlir-translate --serialize-spirv
// and --deserialize-spirv; `kiln translate` is the command).
//
//	ctx := ir.NewContext(spirv.Dialect())
//	top, err := ir.Parse(ctx, src, "kernel.mlir")
//	words, err := serialize.Serialize(spirvModule) // a spirv.module op
//	m, err := serialize.Deserialize(ctx, words, "kernel.spv")
//
// # Serializer
//
// Instructions go into one buffer per section of the module layout (SPIR-V
// spec 2.4: capabilities, extensions, imports, memory model, entry points,
// execution modes, debug names, annotations, types/constants/globals,
// functions), so the order is right by construction. Types and constants
// are declared once (non-aggregate types also once per SPIR-V form: i32 and
// ui32 are one OpTypeInt; arrays that differ in ArrayStride stay apart).
// Structs reached through buffer pointers are decorated Block, as in
// MLIR, except those nested in another of them (the element of a buffer's
// array of structs), which Vulkan forbids. Ordinary ops map to
// instructions by name (spirv.IAdd is OpIAdd, spirv.GL.Sqrt is
// GLSL.std.450 Sqrt), with their
// operands and attributes placed by the grammar's operand list; module,
// functions, variables, constants, undefs (one module-level OpUndef per
// type, as in MLIR), spec constants, control flow, entry points and
// decorations are written specially. Block arguments become
// OpPhi; spirv.mlir.selection and spirv.mlir.loop become
// OpSelectionMerge/OpLoopMerge headers with their merge and continue blocks
// (a construct's results take the ids of the values its spirv.mlir.merge
// yields, which dominate the merge block);
// blocks are written in dominance order. With Options.VerifyAvailability,
// what the module's vce triple does not allow (an instruction, an enum
// value, a type, from the spirv dialect's availability tables) is a
// diagnostic located at the op; without it the module is written as it is,
// as MLIR's serializer does. With Options.EmitDebugInfo an OpString names
// the module's file and an OpLine comes before each op located in a file
// (none after a merge instruction, whose construct's line the branch
// shares), as MLIR writes them; SPV_KHR_non_semantic_info must then be in
// the vce triple or the target environment. A graph has no OpLine: the
// locations of a graph, its inputs and its ops become names (a name, a
// file:line:col, a fused location's parts joined by ';') in the
// NonSemantic.Graph.DebugInfo.1 set (DebugGraph, DebugTensor, one
// DebugOperation per name), closing the graph; they read back as name
// locations.
//
// # Deserializer
//
// It reads any valid module, glslang's and spirv-opt's output included, on
// top of spv.Decode. Ops take the location of the OpLine in effect (a
// construct op, its entry branch and merge op that of its merge
// instruction), else the word offset of their instruction or function.
// Names come from OpName (an entry point without one takes its
// OpEntryPoint name), bindings and built-ins become
// attributes, constants and symbol references are materialized at each use
// as in MLIR, and structured control flow is recovered from the merge
// instructions (see structurize). Where the dialect's regions cannot say
// what the binary does (a break or continue taken inside a selection, a
// value defined in a construct and used after it, OpPhi in a merge block)
// the deserializer goes through Function variables (a conditional branch
// taking such a break gets a block of its own to set them in). OpSwitch
// is spirv.Switch heading its selection, as in current MLIR, unless its
// cases fall through, which a region's block order cannot keep: that
// construct is read as a loop that runs once around a chain of
// selections, one per target, each testing the selector against its target's values (the
// default's test: none of the cases' values), the last one untested. A
// target that another falls through into (the default included, either
// way) comes right after it in the chain, and the case's branch goes to
// that target's test, which also takes the values that led into the case;
// when the target has OpPhi, its test block takes their values, from the
// switch or from the case. A struct that an OpTypeForwardPointer points
// to (a recursive struct, or structs that point at each other) is read as
// an identified struct. OpExecutionModeId is spirv.ExecutionModeId when
// its operands are all specialization constants; otherwise, as
// spirv.ExecutionModeId can only name those, it becomes the mode of the
// same name without Id (LocalSizeId is LocalSize) with its constants'
// values, and LocalSizeId with some spec constants also gets a
// spirv.SpecConstantComposite decorated WorkgroupSize, which takes
// precedence over LocalSize, as glslang writes before SPIR-V 1.6.
// OpTypeCooperativeMatrixNV (constant scope and size) is
// !spirv.NV.coopmatrix, and OpCooperativeMatrix{Load,Store,MulAdd,
// Length}NV are the spirv.NV.CooperativeMatrix ops (whose stride is an
// i32), arithmetic on the matrices the ordinary ops. Integer instructions
// whose operands differ from their result, or from each other, in
// signedness only (valid SPIR-V: an OpIAdd of ints with a uint result, as
// spirv-opt writes) get spirv.Bitcast on those operands, to the result's
// type (ops with one type for all, GLSL.std.450's included, and a shift's
// base) or the first operand's (comparisons); the bits, and so the
// results, stay the same, and the dialect's verifier, which wants one type
// as MLIR's does, accepts the op. MLIR's deserializer builds such ops as
// they are, for its verifier to reject.
// Malformed input is a diagnostic pointing at a word offset ("x.spv:word
// 42: error: ..."), never a panic; FuzzDeserialize checks that.
//
// # SPV_ARM_tensors, SPV_ARM_graph, TOSA
//
// As MLIR writes them (graph_out.go, graph_in.go, tensorarm.go):
// OpTypeTensorARM carries its rank and shape as constants (only the rank
// when a size is dynamic, neither when unranked); a tensorARM constant is
// an OpConstantComposite of its rows. OpGraphEntryPointARM and the graphs
// follow the functions; a graph is OpGraphARM of an OpTypeGraphARM, one
// OpGraphInputARM per argument, its ops, OpGraphSetOutputARM per output
// and OpGraphEndARM, and reads back as one block (a branch in it is an
// error), with entry_point set when an entry point names it.
// spirv.ARM.GraphConstant is a module-level OpGraphConstantARM,
// materialized at each use like constants. A spirv.Tosa op is an
// OpExtInst of TOSA.001000.1 whose leading operands are its attributes as
// constants (i32 for numbers and enums, bool, i32 tensors for lists),
// read back into attributes; spirv.ExperimentalML.Call is CALL of
// Arm.ExperimentalMLOperations.1.
//
// Not supported (a diagnostic at the instruction): forward pointers to a
// type other than a struct declared after them, OpExecutionModeId modes
// without a literal form and spec constant operands of modes other than
// LocalSizeId, the instructions the spirv dialect has no op for, and NV
// cooperative matrix strides other than 32-bit integers. Integer operands
// that differ in signedness only inside an OpSpecConstantOp (one op in the
// dialect, no room for a bitcast), and OpBitCount results of another
// width than the base, fail the dialect's verifier.
package serialize
