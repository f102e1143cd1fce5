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
// ui32 are one OpTypeInt; arrays that differ in ArrayStride stay apart). Ordinary ops map to instructions by name
// (spirv.IAdd is OpIAdd, spirv.GL.Sqrt is GLSL.std.450 Sqrt), with their
// operands and attributes placed by the grammar's operand list; module,
// functions, variables, constants, spec constants, control flow, entry
// points and decorations are written specially. Block arguments become
// OpPhi; spirv.mlir.selection and spirv.mlir.loop become
// OpSelectionMerge/OpLoopMerge headers with their merge and continue blocks;
// blocks are written in dominance order. What the module's vce triple does
// not allow (an instruction, an enum value, a type, from the spirv
// dialect's availability tables) is a diagnostic located at the op, not a
// binary that spirv-val rejects later.
//
// # Deserializer
//
// It reads any valid module, glslang's and spirv-opt's output included, on
// top of spv.Decode. Names come from OpName, bindings and built-ins become
// attributes, constants and symbol references are materialized at each use
// as in MLIR, and structured control flow is recovered from the merge
// instructions (see structurize). Where the dialect's regions cannot say
// what the binary does (a break or continue taken inside a selection, a
// value defined in a construct and used after it, OpPhi in a merge block)
// the deserializer goes through Function variables. The dialect has no
// spirv.Switch (nor has MLIR 16's): an OpSwitch construct is read as a loop
// that runs once around a chain of selections, one per case target; a case
// that falls through into the next branches to that case's selection,
// whose test also takes the values of the cases that fall into it. A
// recursive struct is written with OpTypeForwardPointer and read back as
// an identified struct. Malformed input is a diagnostic pointing at a word
// offset ("x.spv:word 42: error: ..."), never a panic; FuzzDeserialize
// checks that.
//
// Not supported: a default that falls through into a case, forward
// pointers to a struct other than the one that uses them, OpPhi in a case
// that another falls into, OpExecutionModeId, and the instructions the
// spirv dialect has no op for.
package serialize
