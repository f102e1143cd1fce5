package spv

import (
	"fmt"
	"sort"
	"strconv"
	"strings"
	"sync"
)

// Opcodes returns the grammar's opcodes, one entry per opcode, sorted by
// opcode. The slice is shared: do not modify it.
func Opcodes() []OpcodeInfo { return opcodeTable }

// Info returns the grammar entry of op, or nil if op is not in the grammar.
func (op Opcode) Info() *OpcodeInfo {
	i := sort.Search(len(opcodeTable), func(i int) bool { return opcodeTable[i].Opcode >= op })
	if i < len(opcodeTable) && opcodeTable[i].Opcode == op {
		return &opcodeTable[i]
	}
	return nil
}

// String returns the opcode's canonical name, or "Op(N)" if it has none.
func (op Opcode) String() string {
	if info := op.Info(); info != nil {
		return info.Name
	}
	return "Op(" + strconv.Itoa(int(op)) + ")"
}

// opcodesByName maps canonical names and aliases to opcodes.
var opcodesByName = sync.OnceValue(func() map[string]Opcode {
	m := make(map[string]Opcode, len(opcodeTable)+16)
	for i := range opcodeTable {
		info := &opcodeTable[i]
		m[info.Name] = info.Opcode
		for _, a := range info.Aliases {
			m[a] = info.Opcode
		}
	}
	return m
})

// OpcodeByName returns the opcode called name, with or without the "Op"
// prefix ("OpIAdd" or "IAdd", as the spirv dialect spells it), aliases
// included.
func OpcodeByName(name string) (Opcode, bool) {
	m := opcodesByName()
	if op, ok := m[name]; ok {
		return op, true
	}
	op, ok := m["Op"+name]
	return op, ok
}

// OperandKinds returns every operand kind in grammar order. The slice is
// shared: do not modify it.
func OperandKinds() []*OperandKind { return operandKinds }

var kindsByName = sync.OnceValue(func() map[string]*OperandKind {
	m := make(map[string]*OperandKind, len(operandKinds))
	for _, k := range operandKinds {
		m[k.Name] = k
	}
	return m
})

// KindByName returns the operand kind called name ("StorageClass"), or nil.
func KindByName(name string) *OperandKind { return kindsByName()[name] }

// Enumerant returns the enumerant with value v, or nil. For bit enums v
// must be a single bit, or zero.
func (k *OperandKind) Enumerant(v uint32) *Enumerant {
	es := k.Enumerants
	i := sort.Search(len(es), func(i int) bool { return es[i].Value >= v })
	if i < len(es) && es[i].Value == v {
		return &es[i]
	}
	return nil
}

// enumerantsByName maps "Kind\x00Name" to enumerants, aliases included.
var enumerantsByName = sync.OnceValue(func() map[string]*Enumerant {
	m := map[string]*Enumerant{}
	for _, k := range operandKinds {
		for i := range k.Enumerants {
			e := &k.Enumerants[i]
			m[k.Name+"\x00"+e.Name] = e
			for _, a := range e.Aliases {
				m[k.Name+"\x00"+a] = e
			}
		}
	}
	return m
})

// EnumerantByName returns the enumerant called name (canonical or alias),
// or nil.
func (k *OperandKind) EnumerantByName(name string) *Enumerant {
	return enumerantsByName()[k.Name+"\x00"+name]
}

// Format returns the grammar's spelling of value v: the enumerant's name
// for value enums, the names of the set bits joined by "|" for bit enums
// (the zero value's name when no bit is set). Values the grammar does not
// name print as numbers.
func (k *OperandKind) Format(v uint32) string {
	if k.Category != CategoryBitEnum {
		if e := k.Enumerant(v); e != nil && k.Category == CategoryValueEnum {
			return e.Name
		}
		return strconv.FormatUint(uint64(v), 10)
	}
	if v == 0 {
		if e := k.Enumerant(0); e != nil {
			return e.Name
		}
		return "0"
	}
	var parts []string
	var unknown uint32
	for bit := uint32(1); bit != 0; bit <<= 1 {
		if v&bit == 0 {
			continue
		}
		if e := k.Enumerant(bit); e != nil {
			parts = append(parts, e.Name)
		} else {
			unknown |= bit
		}
	}
	if unknown != 0 {
		parts = append(parts, fmt.Sprintf("%#x", unknown))
	}
	return strings.Join(parts, "|")
}

// Parse is the inverse of Format: it reads an enumerant name (or alias), a
// number, or for bit enums names and numbers joined by "|".
func (k *OperandKind) Parse(s string) (uint32, error) {
	if !k.IsEnum() {
		return 0, fmt.Errorf("spv: %s is not an enum kind", k.Name)
	}
	parts := []string{s}
	if k.Category == CategoryBitEnum {
		parts = strings.Split(s, "|")
	}
	var v uint32
	for _, p := range parts {
		p = strings.TrimSpace(p)
		if e := k.EnumerantByName(p); e != nil {
			v |= e.Value
			continue
		}
		n, err := strconv.ParseUint(p, 0, 32)
		if err != nil {
			return 0, fmt.Errorf("spv: %q is not a %s", p, k.Name)
		}
		v |= uint32(n)
	}
	return v, nil
}

// ExtInstSets returns the extended instruction sets the tables know.
func ExtInstSets() []*ExtInstSet { return extInstSets }

// ExtInstSetByName returns the set that OpExtInstImport calls name
// ("GLSL.std.450", "OpenCL.std"), or nil.
func ExtInstSetByName(name string) *ExtInstSet {
	for _, s := range extInstSets {
		if s.Name == name {
			return s
		}
	}
	return nil
}

// Instruction returns the set's instruction number n, or nil.
func (s *ExtInstSet) Instruction(n uint32) *ExtInstInfo {
	is := s.Instructions
	i := sort.Search(len(is), func(i int) bool { return is[i].Number >= n })
	if i < len(is) && is[i].Number == n {
		return &is[i]
	}
	return nil
}

// InstructionByName returns the set's instruction called name ("Sqrt"), or
// nil.
func (s *ExtInstSet) InstructionByName(name string) *ExtInstInfo {
	for i := range s.Instructions {
		if s.Instructions[i].Name == name {
			return &s.Instructions[i]
		}
	}
	return nil
}

// name returns the name of instruction n, or its number.
func (s *ExtInstSet) name(n uint32) string {
	if in := s.Instruction(n); in != nil {
		return in.Name
	}
	return strconv.FormatUint(uint64(n), 10)
}

// GeneratorName returns the registered name of the tool in the high 16 bits
// of a module's generator word ("Khronos Glslang Reference Front End").
func GeneratorName(tool uint16) (string, bool) {
	i := sort.Search(len(generatorTools), func(i int) bool { return generatorTools[i].ID >= tool })
	if i == len(generatorTools) || generatorTools[i].ID != tool {
		return "", false
	}
	g := generatorTools[i]
	if g.Tool == "" {
		return g.Vendor, true
	}
	return g.Vendor + " " + g.Tool, true
}
