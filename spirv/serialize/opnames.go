package serialize

import (
	"strings"

	"github.com/kiln-gpu/kiln/spirv/spv"
)

// attrName is the attribute of an ordinary op that carries a non-id operand
// of an instruction, named as in MLIR's spirv dialect.
func attrName(op spv.Opcode, spec spv.OperandSpec) string {
	switch spec.Kind {
	case spv.KindIdScope:
		switch spec.Name {
		case "Execution":
			return "execution_scope"
		case "Memory":
			return "memory_scope"
		}
		return "scope"
	case spv.KindIdMemorySemantics:
		switch spec.Name {
		case "Equal":
			return "equal_semantics"
		case "Unequal":
			return "unequal_semantics"
		}
		if op == spv.OpControlBarrier || op == spv.OpMemoryBarrier || op == spv.OpMemoryNamedBarrier {
			return "memory_semantics"
		}
		return "semantics"
	case spv.KindLiteralInteger:
		switch spec.Name {
		case "Components":
			return "components"
		case "Indexes":
			return "indices"
		case "Branch weights":
			return "branch_weights"
		}
	case spv.KindPackedVectorFormat:
		return "format"
	}
	if spec.Kind.IsEnum() {
		return snake(spec.Kind.Name)
	}
	return snake(strings.ReplaceAll(spec.Name, " ", ""))
}

// needsAttr reports whether an operand of kind k is an attribute of the
// op: ids are its operands (naming them would only cost time), but scopes
// and memory semantics, which are ids of constants, are attributes.
func needsAttr(k *spv.OperandKind) bool {
	return k.Category != spv.CategoryID || k == spv.KindIdScope || k == spv.KindIdMemorySemantics
}

// memoryAccessAttrs names the attributes of the n-th MemoryAccess operand
// of an instruction: OpCopyMemory's second one is the source's.
func memoryAccessAttrs(n int) (access, alignment string) {
	if n > 0 {
		return "source_memory_access", "source_alignment"
	}
	return "memory_access", "alignment"
}
