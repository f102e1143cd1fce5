package spv

import (
	"fmt"
	"strconv"
	"strings"
)

// DisasmOptions choose the disassembly's form; the zero value prints like
// spirv-dis with no flags.
type DisasmOptions struct {
	RawIDs   bool // print %12 rather than friendly names (spirv-dis --raw-id)
	NoHeader bool // leave out the header comments (spirv-dis --no-header)
	NoIndent bool // do not align instructions (spirv-dis --no-indent)
}

// indent is the column where spirv-dis starts opcodes.
const indent = 15

// Disassemble decodes a module and returns its text in spirv-dis's format.
func Disassemble(words []uint32, opts DisasmOptions) (string, error) {
	m, err := Decode(words)
	if err != nil {
		return "", err
	}
	return m.Disassemble(opts), nil
}

// Disassemble returns the module's text in spirv-dis's format:
//
//	; SPIR-V
//	; Version: 1.3
//	...
//	               OpDecorate %inb Binding 0
//	      %float = OpTypeFloat 32
//	         %61 = OpExtInst %float %1 Sqrt %60
//
// Ids are named as spirv-dis names them: from OpName (made unique with a
// suffix), from built-in decorations, types and constants; others print as
// numbers.
func (m *Module) Disassemble(opts DisasmOptions) string {
	var b strings.Builder
	if !opts.NoHeader {
		h := m.Header
		gen, ok := GeneratorName(uint16(h.Generator >> 16))
		if !ok {
			gen = fmt.Sprintf("Unknown(%d)", h.Generator>>16)
		}
		fmt.Fprintf(&b, "; SPIR-V\n; Version: %d.%d\n; Generator: %s; %d\n; Bound: %d\n; Schema: %d\n",
			h.Version.Major(), h.Version.Minor(), gen, h.Generator&0xFFFF, h.Bound, h.Schema)
	}
	name := func(id uint32) string { return strconv.FormatUint(uint64(id), 10) }
	if !opts.RawIDs {
		names := friendlyNames(m)
		name = func(id uint32) string {
			if s, ok := names[id]; ok {
				return s
			}
			return strconv.FormatUint(uint64(id), 10)
		}
	}
	for i := range m.Instructions {
		writeInstruction(&b, &m.Instructions[i], name, !opts.NoIndent)
	}
	return b.String()
}

// writeInstruction prints one instruction and a newline.
func writeInstruction(b *strings.Builder, in *Instruction, name func(uint32) string, align bool) {
	if in.Result != 0 {
		id := name(in.Result)
		if align {
			b.WriteString(strings.Repeat(" ", max(0, indent-4-len(id))))
		}
		b.WriteString("%" + id + " = ")
	} else if align {
		b.WriteString(strings.Repeat(" ", indent))
	}
	b.WriteString(in.Opcode.String())
	for _, o := range in.Operands {
		if o.Kind == KindIdResult {
			continue
		}
		b.WriteByte(' ')
		b.WriteString(formatOperand(in, o, name))
	}
	b.WriteByte('\n')
}

func formatOperand(in *Instruction, o Operand, name func(uint32) string) string {
	switch {
	case o.Kind.Category == CategoryID:
		return "%" + name(o.Value())
	case o.Kind.IsEnum():
		return o.Kind.Format(o.Value())
	case o.Kind == KindLiteralString:
		return quote(o.Str())
	case o.Kind == KindLiteralExtInstInteger:
		if in.ExtSet != nil {
			return in.ExtSet.name(o.Value())
		}
	case o.Kind == KindLiteralSpecConstantOpInteger:
		return strings.TrimPrefix(Opcode(o.Value()).String(), "Op")
	case o.Number != NumberNone:
		return formatNumber(o)
	}
	return strconv.FormatUint(uint64(o.Value()), 10)
}

// quote writes a literal string as spirv-dis does: in double quotes, with
// backslashes before double quotes and backslashes.
func quote(s string) string {
	var b strings.Builder
	b.WriteByte('"')
	for i := 0; i < len(s); i++ {
		if s[i] == '"' || s[i] == '\\' {
			b.WriteByte('\\')
		}
		b.WriteByte(s[i])
	}
	b.WriteByte('"')
	return b.String()
}
