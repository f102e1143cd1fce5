package main

import (
	_ "embed"
	"encoding/json"
	"fmt"
)

// mlirGrammar holds the instructions and enumerants of MLIR's spirv dialect
// that no Khronos grammar has (SPV_INTEL_joint_matrix), in the core
// grammar's shape, so that the tables know them as they know the rest.
//
//go:embed mlir.grammar.json
var mlirGrammar []byte

// mlirSource names mlirGrammar in the generated files' headers.
const mlirSource = "MLIR's own entries (mlir.grammar.json)"

// mergeMLIR adds mlirGrammar's instructions and enumerants to core. A number
// core already has is an error: Khronos has defined it since, and the entry
// must go.
func mergeMLIR(core *jsonCore) error {
	var extra jsonCore
	if err := json.Unmarshal(mlirGrammar, &extra); err != nil {
		return fmt.Errorf("mlir.grammar.json: %v", err)
	}
	opcodes := map[uint32]bool{}
	for _, in := range core.Instructions {
		opcodes[in.Opcode] = true
	}
	for _, in := range extra.Instructions {
		if opcodes[in.Opcode] {
			return fmt.Errorf("mlir.grammar.json: %s: the core grammar has opcode %d", in.OpName, in.Opcode)
		}
		core.Instructions = append(core.Instructions, in)
	}
	for _, ek := range extra.OperandKinds {
		i := kindIndex(core.OperandKinds, ek.Kind)
		if i < 0 {
			return fmt.Errorf("mlir.grammar.json: the core grammar has no operand kind %s", ek.Kind)
		}
		k := &core.OperandKinds[i]
		for _, e := range ek.Enumerants {
			v, err := parseValue(e.Value)
			if err != nil {
				return fmt.Errorf("mlir.grammar.json: %s.%s: %v", ek.Kind, e.Enumerant, err)
			}
			for _, c := range k.Enumerants {
				if w, err := parseValue(c.Value); err == nil && w == v {
					return fmt.Errorf("mlir.grammar.json: %s.%s: the core grammar has value %d (%s)", ek.Kind, e.Enumerant, v, c.Enumerant)
				}
			}
			k.Enumerants = append(k.Enumerants, e)
		}
	}
	return nil
}

func kindIndex(kinds []jsonKind, name string) int {
	for i, k := range kinds {
		if k.Kind == name {
			return i
		}
	}
	return -1
}
