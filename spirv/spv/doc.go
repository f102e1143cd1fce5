// Package spv is the bottom of Kiln's SPIR-V stack: the SPIR-V grammar as Go
// tables, a word encoder, and a decoder and disassembler driven by the same
// tables. It uses only the standard library.
//
// # Tables
//
// Every opcode, operand kind, enumerant and extended instruction comes from
// Khronos' machine-readable grammar (spirv.core.grammar.json and the
// GLSL.std.450, OpenCL.std, TOSA and Arm experimental ML grammars of spirv-headers 1.4.363), turned
// into the zz_generated_*.go files by internal/gen; nothing is typed in by
// hand. Each opcode has a typed constant (OpLoad), an [OpcodeInfo] with its
// operands, and an [Availability]: the capabilities, extensions and versions
// that allow it. Each enum kind has a Go type whose constants carry the kind
// as a prefix (StorageClassStorageBuffer, DecorationBinding,
// BuiltInGlobalInvocationId) and an [OperandKind] table (KindStorageClass)
// whose [Enumerant]s carry their parameters and availability. The extended
// instruction sets are [ExtGLSLstd450], [ExtOpenCLstd], [ExtTOSA] and
// [ExtArmExperimentalML], with constants such as GLSLstd450Sqrt.
//
// Aliases (OpSDotKHR for OpSDot, StorageUniform16 for
// UniformAndStorageBuffer16BitAccess) have one canonical entry per value; the
// alias names resolve to it in every lookup, and the entry's availability is
// the union of what the grammar says for each spelling.
//
// # Words
//
// An [Encoder] appends instructions to a word buffer, computing word counts
// and padding literal strings. [Decode] splits a module into [Instruction]s
// whose [Operand]s are classified by the grammar (ids, enums with their
// parameters, literal strings, numbers typed by their result type), and
// rejects malformed input with a [*DecodeError] instead of panicking.
// [Disassemble] prints a module the way spirv-dis does.
//
// To regenerate the tables after the grammar changes, run go generate in
// this directory; ci/check-generated.sh fails when the committed files are
// stale.
package spv

//go:generate go run ./internal/gen
