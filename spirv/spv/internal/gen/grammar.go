package main

import (
	"encoding/json"
	"fmt"
	"os"
	"strconv"
	"strings"
)

// The JSON shapes of Khronos' machine-readable grammars. Fields this
// generator does not use are left out; encoding/json ignores them.

type jsonCore struct {
	MagicNumber  string     `json:"magic_number"`
	Major        int        `json:"major_version"`
	Minor        int        `json:"minor_version"`
	Revision     int        `json:"revision"`
	Instructions []jsonInst `json:"instructions"`
	OperandKinds []jsonKind `json:"operand_kinds"`
}

type jsonExt struct {
	Version      int        `json:"version"`
	Revision     int        `json:"revision"`
	Instructions []jsonInst `json:"instructions"`
}

type jsonInst struct {
	OpName       string        `json:"opname"`
	Class        string        `json:"class"`
	Opcode       uint32        `json:"opcode"`
	Operands     []jsonOperand `json:"operands"`
	Aliases      []string      `json:"aliases"`
	Capabilities []string      `json:"capabilities"`
	Extensions   []string      `json:"extensions"`
	Version      string        `json:"version"`
	LastVersion  string        `json:"lastVersion"`
}

type jsonOperand struct {
	Kind       string `json:"kind"`
	Name       string `json:"name"`
	Quantifier string `json:"quantifier"`
}

type jsonKind struct {
	Category   string          `json:"category"`
	Kind       string          `json:"kind"`
	Doc        string          `json:"doc"`
	Bases      []string        `json:"bases"`
	Enumerants []jsonEnumerant `json:"enumerants"`
}

type jsonEnumerant struct {
	Enumerant    string          `json:"enumerant"`
	Value        json.RawMessage `json:"value"`
	Aliases      []string        `json:"aliases"`
	Capabilities []string        `json:"capabilities"`
	Extensions   []string        `json:"extensions"`
	Version      string          `json:"version"`
	LastVersion  string          `json:"lastVersion"`
	Parameters   []jsonOperand   `json:"parameters"`
}

func readJSON(path string, v any) error {
	data, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	if err := json.Unmarshal(data, v); err != nil {
		return fmt.Errorf("%s: %v", path, err)
	}
	return nil
}

// parseValue reads an enumerant value, which the grammar writes as a JSON
// number (value enums) or as a string such as "0x0004" (bit enums).
func parseValue(raw json.RawMessage) (uint32, error) {
	var n uint32
	if err := json.Unmarshal(raw, &n); err == nil {
		return n, nil
	}
	var s string
	if err := json.Unmarshal(raw, &s); err != nil {
		return 0, fmt.Errorf("enumerant value %s is neither a number nor a string", raw)
	}
	v, err := strconv.ParseUint(s, 0, 32)
	if err != nil {
		return 0, fmt.Errorf("enumerant value %q: %v", s, err)
	}
	return uint32(v), nil
}

// operandName turns the grammar's quoted operand names ("'Pointer'",
// "'Operand 1', +\n'Operand 2', +\n...") into plain text.
func operandName(s string) string {
	s = strings.ReplaceAll(s, "+\n", "")
	s = strings.ReplaceAll(s, "'", "")
	return strings.Join(strings.Fields(s), " ")
}
