package compute

import (
	"encoding/binary"
	"fmt"
	"slices"
)

// SPIR-V numbers this file reads, from the SPIR-V 1.6 specification.
const (
	spirvMagic = 0x07230203

	opEntryPoint              = 15
	opExecutionMode           = 16
	opCapability              = 17
	opTypeBool                = 20
	opTypeInt                 = 21
	opTypeFloat               = 22
	opTypeArray               = 28
	opTypeRuntimeArray        = 29
	opTypeStruct              = 30
	opTypePointer             = 32
	opConstantTrue            = 41
	opConstantFalse           = 42
	opConstant                = 43
	opConstantComposite       = 44
	opSpecConstantTrue        = 48
	opSpecConstantFalse       = 49
	opSpecConstant            = 50
	opSpecConstantComposite   = 51
	opFunction                = 54
	opFunctionEnd             = 56
	opFunctionCall            = 57
	opVariable                = 59
	opDecorate                = 71
	opExecutionModeID         = 331
	execModelGLCompute        = 5
	execModeLocalSize         = 17
	execModeLocalSizeID       = 38
	decorationSpecID          = 1
	decorationBufferBlock     = 3
	decorationBuiltIn         = 11
	decorationBinding         = 33
	decorationDescriptorSet   = 34
	builtInWorkgroupSize      = 25
	storageClassUniform       = 2
	storageClassPushConstant  = 9
	storageClassStorageBuffer = 12
	storageClassUniformConst  = 0
)

// Module is what a runtime needs to know about a SPIR-V module before it hands
// it to a driver: the checks here exist because drivers crash on malformed input
// (SwiftShader segfaults on a truncated module) and accept over-limit or
// mismatched kernels without a word.
type Module struct {
	Version   uint32 // the header's version word
	entryID   uint32
	localSize [3]uint32 // from OpExecutionMode LocalSize
	sizeIDs   []uint32  // from OpExecutionModeId LocalSizeId
	sizeVar   uint32    // the constant decorated BuiltIn WorkgroupSize, if any
	iface     []uint32  // the entry point's interface ids

	types     map[uint32]typeInfo
	constants map[uint32]constant
	specIDs   map[uint32]uint32 // result id -> SpecId
	decos     map[uint32][]decoration
	variables []variable
	functions map[uint32]bool // defined by OpFunction
	calls     []uint32        // targets of OpFunctionCall
	lastOp    uint32

	// Capabilities are the module's OpCapability operands, in order.
	Capabilities []uint32
}

type typeInfo struct {
	op      uint32
	width   uint32 // int and float
	storage uint32 // pointer
	pointee uint32 // pointer
}

type constant struct {
	op, typ uint32
	value   uint64   // scalar default value
	parts   []uint32 // composite constituents
}

type decoration struct{ kind, value uint32 }

type variable struct{ id, typ, storage uint32 }

// ParseModule checks that words are a structurally sound SPIR-V module with a
// GLCompute entry point named entry, and indexes what the checks below need. It
// does not validate semantics: spirv-val is the caller's gate.
func ParseModule(words []uint32, entry string) (*Module, error) {
	if len(words) < 5 {
		return nil, invalid("module of %d words is shorter than its 5-word header", len(words))
	}
	switch words[0] {
	case spirvMagic:
	case 0x03022307:
		return nil, invalid("module has its words byte-swapped")
	default:
		return nil, invalid("magic number %#08x is not %#08x", words[0], spirvMagic)
	}
	m := &Module{
		Version:   words[1],
		types:     map[uint32]typeInfo{},
		constants: map[uint32]constant{},
		specIDs:   map[uint32]uint32{},
		decos:     map[uint32][]decoration{},
		functions: map[uint32]bool{},
	}
	if major, minor := m.Version>>16, m.Version>>8&0xff; major != 1 || minor > 6 || m.Version&0xff0000ff != 0 {
		return nil, invalid("version word %#08x is not a version 1.0 to 1.6", m.Version)
	}
	if words[3] == 0 || words[4] != 0 {
		return nil, invalid("header has id bound %d and schema %d", words[3], words[4])
	}
	var entries []string
	for i := 5; i < len(words); {
		n, op := int(words[i]>>16), words[i]&0xffff
		if n == 0 {
			return nil, invalid("instruction at word %d has word count 0", i)
		}
		if i+n > len(words) {
			return nil, invalid("instruction at word %d (opcode %d) needs %d words but only %d remain; the module is truncated",
				i, op, n, len(words)-i)
		}
		if err := m.instruction(op, words[i+1:i+n], entry, &entries); err != nil {
			return nil, invalid("instruction at word %d (opcode %d): %v", i, op, err)
		}
		m.lastOp = op
		i += n
	}
	if m.entryID == 0 {
		return nil, invalid("module has no GLCompute entry point %q (it has %v)", entry, entries)
	}
	// A module cut at an instruction boundary passes the checks above. Function
	// definitions come last in a module, so a complete one ends with
	// OpFunctionEnd and defines every function it calls or enters.
	if m.lastOp != opFunctionEnd {
		return nil, invalid("module does not end with OpFunctionEnd; it is truncated")
	}
	for _, id := range append([]uint32{m.entryID}, m.calls...) {
		if !m.functions[id] {
			return nil, invalid("module calls or enters function %%%d but does not define it; it is truncated", id)
		}
	}
	return m, nil
}

// Words decodes a SPIR-V binary as read from a .spv file. Files may be in
// either byte order, which the magic number tells apart; a length that is not
// a whole number of words, or no magic number, is an error.
func Words(b []byte) ([]uint32, error) {
	if len(b)%4 != 0 {
		return nil, invalid("binary of %d bytes is not a whole number of 32-bit words", len(b))
	}
	if len(b) < 4 {
		return nil, invalid("binary of %d bytes has no magic number", len(b))
	}
	var order binary.ByteOrder = binary.LittleEndian
	switch {
	case binary.LittleEndian.Uint32(b) == spirvMagic:
	case binary.BigEndian.Uint32(b) == spirvMagic:
		order = binary.BigEndian
	default:
		return nil, invalid("magic number %#08x is not %#08x", binary.LittleEndian.Uint32(b), spirvMagic)
	}
	words := make([]uint32, len(b)/4)
	for i := range words {
		words[i] = order.Uint32(b[4*i:])
	}
	return words, nil
}

// invalid reports a malformed module.
func invalid(format string, args ...any) error {
	return fmt.Errorf("SPIR-V %s: %w", fmt.Sprintf(format, args...), ErrInvalidSPIRV)
}

// minOperands is the operand count below which the instructions ParseModule
// reads would make it index past their end.
var minOperands = map[uint32]int{
	opCapability: 1, opEntryPoint: 3, opExecutionMode: 2, opExecutionModeID: 2, opTypeBool: 1, opTypeInt: 3, opTypeFloat: 2,
	opTypePointer: 3, opConstantTrue: 2, opConstantFalse: 2, opConstant: 3, opConstantComposite: 2,
	opSpecConstantTrue: 2, opSpecConstantFalse: 2, opSpecConstant: 3, opSpecConstantComposite: 2,
	opVariable: 3, opDecorate: 2, opFunction: 2, opFunctionCall: 3, opTypeStruct: 1, opTypeArray: 1, opTypeRuntimeArray: 1,
}

// instruction records one instruction's operands.
func (m *Module) instruction(op uint32, ops []uint32, entry string, entries *[]string) error {
	if need := minOperands[op]; len(ops) < need {
		return fmt.Errorf("%d operands, want at least %d", len(ops), need)
	}
	switch op {
	case opCapability:
		m.Capabilities = append(m.Capabilities, ops[0])
	case opEntryPoint:
		name, rest := literalString(ops[2:])
		*entries = append(*entries, name)
		if ops[0] == execModelGLCompute && name == entry {
			m.entryID, m.iface = ops[1], rest
		}
	case opExecutionMode, opExecutionModeID:
		// Entry points precede execution modes, so entryID is known here.
		if ops[0] != m.entryID || len(ops) < 5 {
			break
		}
		switch {
		case op == opExecutionMode && ops[1] == execModeLocalSize:
			m.localSize = [3]uint32(ops[2:5])
		case op == opExecutionModeID && ops[1] == execModeLocalSizeID:
			m.sizeIDs = slices.Clone(ops[2:5])
		}
	case opTypeBool, opTypeInt, opTypeFloat, opTypeStruct, opTypeArray, opTypeRuntimeArray:
		t := typeInfo{op: op}
		if op == opTypeInt || op == opTypeFloat {
			t.width = ops[1]
		}
		m.types[ops[0]] = t
	case opTypePointer:
		m.types[ops[0]] = typeInfo{op: op, storage: ops[1], pointee: ops[2]}
	case opConstantTrue, opSpecConstantTrue:
		m.constants[ops[1]] = constant{op: op, typ: ops[0], value: 1}
	case opConstantFalse, opSpecConstantFalse:
		m.constants[ops[1]] = constant{op: op, typ: ops[0]}
	case opConstant, opSpecConstant:
		c := constant{op: op, typ: ops[0], value: uint64(ops[2])}
		if len(ops) > 3 {
			c.value |= uint64(ops[3]) << 32
		}
		m.constants[ops[1]] = c
	case opConstantComposite, opSpecConstantComposite:
		m.constants[ops[1]] = constant{op: op, typ: ops[0], parts: slices.Clone(ops[2:])}
	case opFunction:
		m.functions[ops[1]] = true
	case opFunctionCall:
		m.calls = append(m.calls, ops[2])
	case opVariable:
		m.variables = append(m.variables, variable{id: ops[1], typ: ops[0], storage: ops[2]})
	case opDecorate:
		d := decoration{kind: ops[1]}
		if len(ops) > 2 {
			d.value = ops[2]
		}
		m.decos[ops[0]] = append(m.decos[ops[0]], d)
		switch d.kind {
		case decorationSpecID:
			m.specIDs[ops[0]] = d.value
		case decorationBuiltIn:
			if d.value == builtInWorkgroupSize {
				m.sizeVar = ops[0]
			}
		}
	}
	return nil
}

// literalString decodes a nul-terminated SPIR-V string literal and returns it
// with the words after it.
func literalString(ops []uint32) (string, []uint32) {
	var b []byte
	for i, w := range ops {
		for k := 0; k < 4; k++ {
			c := byte(w >> (8 * k))
			if c == 0 {
				return string(b), ops[i+1:]
			}
			b = append(b, c)
		}
	}
	return string(b), nil
}

// decoration returns the value of id's decoration kind.
func (m *Module) decoration(id, kind uint32) (uint32, bool) {
	for _, d := range m.decos[id] {
		if d.kind == kind {
			return d.value, true
		}
	}
	return 0, false
}

// SpecConstantWidths maps each SpecId to the byte size of its value (booleans
// are 32-bit, as VkBool32 is), which is how much specialization data it takes.
func (m *Module) SpecConstantWidths() map[uint32]uint32 {
	out := map[uint32]uint32{}
	for id, specID := range m.specIDs {
		c, ok := m.constants[id]
		if !ok {
			continue
		}
		out[specID] = 4
		if t := m.types[c.typ]; t.width == 64 {
			out[specID] = 8
		}
	}
	return out
}

// WorkgroupSize resolves the entry point's workgroup size with the given
// specialization values, in SPIR-V's order of precedence: a BuiltIn
// WorkgroupSize constant, then LocalSizeId, then LocalSize.
func (m *Module) WorkgroupSize(spec map[uint32]uint64) ([3]uint32, error) {
	ids := m.sizeIDs
	if m.sizeVar != 0 {
		c, ok := m.constants[m.sizeVar]
		if !ok || len(c.parts) != 3 {
			return [3]uint32{}, invalid("WorkgroupSize built-in %%%d is not a 3-component constant", m.sizeVar)
		}
		ids = c.parts
	}
	if ids == nil {
		if m.localSize == [3]uint32{} {
			return [3]uint32{}, invalid("entry point declares no workgroup size")
		}
		return m.localSize, nil
	}
	var size [3]uint32
	for i, id := range ids {
		c, ok := m.constants[id]
		if !ok {
			return size, invalid("workgroup size component %%%d is not a constant", id)
		}
		size[i] = uint32(c.value)
		if specID, ok := m.specIDs[id]; ok {
			if v, ok := spec[specID]; ok {
				size[i] = uint32(v)
			}
		}
	}
	return size, nil
}

// Resources lists the descriptor bindings the entry point can reach, and whether
// it uses push constants. Before SPIR-V 1.4 the interface lists only inputs and
// outputs, so every variable in the module counts.
func (m *Module) Resources() (map[[2]uint32]Class, bool, error) {
	reach := func(uint32) bool { return true }
	if m.Version >= 0x00010400 {
		reach = func(id uint32) bool { return slices.Contains(m.iface, id) }
	}
	out := map[[2]uint32]Class{}
	push := false
	for _, v := range m.variables {
		if !reach(v.id) {
			continue
		}
		if v.storage == storageClassPushConstant {
			push = true
			continue
		}
		set, hasSet := m.decoration(v.id, decorationDescriptorSet)
		binding, hasBinding := m.decoration(v.id, decorationBinding)
		if !hasSet || !hasBinding {
			continue
		}
		key := [2]uint32{set, binding}
		pointee := m.types[m.types[v.typ].pointee]
		switch {
		case v.storage == storageClassUniformConst:
			return nil, false, fmt.Errorf("binding (set %d, binding %d) is an image or sampler; kernels take buffers only: %w",
				set, binding, ErrUnsupported)
		case pointee.op != opTypeStruct:
			return nil, false, fmt.Errorf("binding (set %d, binding %d) is an array of descriptors, which the runtime does not support: %w",
				set, binding, ErrUnsupported)
		case v.storage == storageClassStorageBuffer:
			out[key] = StorageBuffer
		case v.storage == storageClassUniform:
			// Before SPIR-V 1.3, storage buffers are Uniform blocks decorated BufferBlock.
			if _, ok := m.decoration(m.types[v.typ].pointee, decorationBufferBlock); ok {
				out[key] = StorageBuffer
			} else {
				out[key] = Uniform
			}
		}
	}
	return out, push, nil
}
