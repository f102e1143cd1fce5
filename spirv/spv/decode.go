package spv

import (
	"fmt"
	"math/bits"
	"slices"
	"strings"
)

// Module is a decoded SPIR-V module.
type Module struct {
	Header       Header
	Instructions []Instruction
}

// Instruction is one decoded instruction.
type Instruction struct {
	Opcode     Opcode
	Offset     int      // the index of its first word in the module
	Words      []uint32 // all its words, the first (word count and opcode) included
	ResultType uint32   // the result type id; 0 if it has none
	Result     uint32   // the result id; 0 if it has none
	// Operands are classified by the grammar, in order, the result type and
	// result id included. Enumerant parameters follow their enumerant; the
	// operands of OpExtInst and OpSpecConstantOp follow the instruction
	// number or opcode that selects them.
	Operands []Operand
	// ExtSet is the set an OpExtInst uses; nil for other instructions and
	// for sets the tables do not know (NonSemantic.*, whose operands all
	// decode as ids).
	ExtSet *ExtInstSet
}

// DecodeBytes decodes a module from its bytes; see BytesToWords and Decode.
func DecodeBytes(b []byte) (*Module, error) {
	words, err := BytesToWords(b)
	if err != nil {
		return nil, err
	}
	return Decode(words)
}

// Decode splits a module into instructions and classifies their operands.
// It checks the structure only: the header, word counts, that every opcode
// and enum value is in the grammar, that operands fill each instruction
// exactly, that literal strings end, and that ids are nonzero and below the
// bound. The result shares words. A byte-swapped module is swapped into a
// copy first.
func Decode(words []uint32) (*Module, error) {
	if len(words) < 5 {
		return nil, headerError(len(words), ErrTruncated, fmt.Sprintf("%d words, the header alone takes 5", len(words)))
	}
	if words[0] != MagicNumber {
		if words[0] != bits.ReverseBytes32(MagicNumber) {
			return nil, headerError(0, ErrMagic, fmt.Sprintf("%#08x, want %#08x", words[0], MagicNumber))
		}
		swapped := make([]uint32, len(words))
		for i, w := range words {
			swapped[i] = bits.ReverseBytes32(w)
		}
		words = swapped
	}
	v := Version(words[1])
	if v&0xFF0000FF != 0 || v.Major() != 1 || v > MaxVersion {
		return nil, headerError(1, ErrVersion, fmt.Sprintf("%#08x (%v), this grammar knows 1.0 to %v", words[1], v, MaxVersion))
	}
	// Count the instructions first, to size both slices once: every
	// operand takes a word, and the first word of each is no operand.
	count := 0
	for pos := 5; pos < len(words) && words[pos]>>16 != 0; pos += int(words[pos] >> 16) {
		count++
	}
	d := decoder{
		bound: words[3],
		ops:   make([]Operand, 0, max(len(words)-5-count, 0)),
	}
	d.expect = d.expectBuf[:0]
	// Ids of a valid module are below its word count, in practice: the
	// table by id covers them; a larger id goes to a map.
	d.ids = make([]idInfo, min(uint64(d.bound), uint64(len(words))))
	m := &Module{
		Header:       Header{Version: v, Generator: words[2], Bound: words[3], Schema: words[4]},
		Instructions: make([]Instruction, 0, count),
	}
	for pos := 5; pos < len(words); {
		in := Instruction{Opcode: Opcode(words[pos]), Offset: pos}
		n := int(words[pos] >> 16)
		if n == 0 {
			return nil, d.errorf(&in, len(m.Instructions), ErrWordCount, "word count 0")
		}
		if pos+n > len(words) {
			return nil, d.errorf(&in, len(m.Instructions), ErrTruncated, "word count %d runs past the end of the module (%d words left)", n, len(words)-pos)
		}
		in.Words = words[pos : pos+n : pos+n]
		if err := d.instruction(&in); err != nil {
			return nil, d.errorf(&in, len(m.Instructions), err.kind, "%s", err.detail)
		}
		m.Instructions = append(m.Instructions, in)
		pos += n
	}
	return m, nil
}

func headerError(offset int, kind error, detail string) error {
	return &DecodeError{Offset: offset, Index: -1, Err: kind, Detail: detail}
}

// numType is the type of a literal number.
type numType struct {
	kind  NumberKind
	width int
}

// idInfo is what the decoder knows of an id: the number type it declares
// (OpTypeInt, OpTypeFloat) or, for an integer scalar value, the type of
// that value (for OpSwitch); kind is NumberNone for other ids.
type idInfo struct {
	kind   NumberKind
	width  uint8
	isType bool
}

// decoder holds what decoding one instruction needs from earlier ones.
type decoder struct {
	bound     uint32
	ids       []idInfo          // by id, below len(ids)
	bigIDs    map[uint32]idInfo // the others
	extSets   []extSetID        // the OpExtInstImport so far
	expect    []OperandSpec     // operands still expected, the next one last
	expectBuf [16]OperandSpec   // expect's storage while it fits
	ops       []Operand         // backing store of Operands
}

// extSetID is the result of an OpExtInstImport and the set it names.
type extSetID struct {
	id   uint32
	name string
}

func (d *decoder) info(id uint32) idInfo {
	if id < uint32(len(d.ids)) {
		return d.ids[id]
	}
	return d.bigIDs[id]
}

func (d *decoder) setInfo(id uint32, i idInfo) {
	if id < uint32(len(d.ids)) {
		d.ids[id] = i
		return
	}
	if d.bigIDs == nil {
		d.bigIDs = map[uint32]idInfo{}
	}
	d.bigIDs[id] = i
}

// numType returns the number type an id declares.
func (d *decoder) numType(id uint32) (numType, bool) {
	i := d.info(id)
	return numType{i.kind, int(i.width)}, i.kind != NumberNone && i.isType
}

// valueType returns the integer type of a scalar value.
func (d *decoder) valueType(id uint32) (numType, bool) {
	i := d.info(id)
	return numType{i.kind, int(i.width)}, i.kind != NumberNone && !i.isType
}

// operandError is what instruction returns; Decode adds the position.
type operandError struct {
	kind   error
	detail string
}

func fail(kind error, format string, args ...any) *operandError {
	return &operandError{kind, fmt.Sprintf(format, args...)}
}

func (d *decoder) errorf(in *Instruction, index int, kind error, format string, args ...any) error {
	return &DecodeError{Offset: in.Offset, Opcode: in.Opcode, Index: index, Err: kind, Detail: fmt.Sprintf(format, args...)}
}

// instruction classifies the operands of in and records what later
// instructions need to know about it.
func (d *decoder) instruction(in *Instruction) *operandError {
	info := in.Opcode.Info()
	if info == nil {
		return fail(ErrOpcode, "opcode %d", uint16(in.Opcode))
	}
	start := len(d.ops)
	d.expect = d.expect[:0]
	d.push(info.Operands, false)
	for pos := 1; pos < len(in.Words); {
		if len(d.expect) == 0 {
			return fail(ErrWordCount, "%d words, but the operands end after word %d", len(in.Words), pos)
		}
		spec := d.expect[len(d.expect)-1]
		if spec.Quantifier != Variadic {
			d.expect = d.expect[:len(d.expect)-1]
		}
		n, err := d.operand(in, spec, pos, start)
		if err != nil {
			return err
		}
		pos += n
	}
	for _, spec := range d.expect {
		if spec.Quantifier == One {
			return fail(ErrWordCount, "%d words, missing operand %s", len(in.Words), specName(spec))
		}
	}
	in.Operands = d.ops[start:len(d.ops):len(d.ops)]
	d.record(in)
	return nil
}

// push adds operands to expect so that the first of them comes next. Those
// of a selected enumerant or extended instruction are required even when
// the operand that selected them was optional, so quantifiers stay as the
// grammar writes them.
func (d *decoder) push(specs []OperandSpec, skipResult bool) {
	for i := len(specs) - 1; i >= 0; i-- {
		if skipResult && (specs[i].Kind == KindIdResultType || specs[i].Kind == KindIdResult) {
			continue
		}
		d.expect = append(d.expect, specs[i])
	}
}

// operand decodes the operand of spec at word pos of in and returns how
// many words it takes. start is where in's operands begin in d.ops.
func (d *decoder) operand(in *Instruction, spec OperandSpec, pos, start int) (int, *operandError) {
	k := spec.Kind
	w := in.Words[pos]
	op := Operand{Kind: k, Words: in.Words[pos : pos+1 : pos+1]}
	switch {
	case k.Category == CategoryID:
		if w == 0 || w >= d.bound {
			return 0, fail(ErrIDBound, "%s %%%d, the bound is %d", specName(spec), w, d.bound)
		}
		switch k {
		case KindIdResultType:
			in.ResultType = w
		case KindIdResult:
			in.Result = w
		}
	case k.Category == CategoryComposite:
		for i := len(k.Bases) - 1; i >= 0; i-- {
			d.expect = append(d.expect, OperandSpec{Kind: k.Bases[i]})
		}
		return 0, nil
	case k.IsEnum():
		if err := d.enum(k, w); err != nil {
			return 0, err
		}
	case k == KindLiteralString:
		n, ok := stringWords(in.Words[pos:])
		if !ok {
			return 0, fail(ErrOperand, "literal string %s has no terminating NUL", specName(spec))
		}
		op.Words = in.Words[pos : pos+n : pos+n]
	case k == KindLiteralContextDependentNumber:
		t, ok := d.numType(in.ResultType)
		if !ok {
			return 0, fail(ErrOperand, "result type %%%d is not a numeric scalar type of at most 64 bits", in.ResultType)
		}
		n := (t.width + 31) / 32
		if pos+n > len(in.Words) {
			return 0, fail(ErrWordCount, "%d-bit literal needs %d words, %d left", t.width, n, len(in.Words)-pos)
		}
		op.Words, op.Number, op.Width = in.Words[pos:pos+n:pos+n], t.kind, t.width
	case k == KindLiteralInteger && in.Opcode == OpSwitch:
		sel := d.ops[start].Value()
		t, ok := d.valueType(sel)
		if !ok {
			return 0, fail(ErrOperand, "selector %%%d is not an integer scalar defined earlier", sel)
		}
		n := (t.width + 31) / 32
		if pos+n > len(in.Words) {
			return 0, fail(ErrWordCount, "%d-bit case literal needs %d words, %d left", t.width, n, len(in.Words)-pos)
		}
		op.Words, op.Number, op.Width = in.Words[pos:pos+n:pos+n], t.kind, t.width
	case k == KindLiteralInteger:
		op.Number, op.Width = NumberUint, 32
	case k == KindLiteralExtInstInteger:
		if err := d.extInst(in, w, d.ops[len(d.ops)-1].Value()); err != nil {
			return 0, err
		}
	case k == KindLiteralSpecConstantOpInteger:
		info := Opcode(w).Info()
		if w > 0xFFFF || info == nil {
			return 0, fail(ErrOperand, "OpSpecConstantOp of unknown opcode %d", w)
		}
		d.push(info.Operands, true)
	}
	d.ops = append(d.ops, op)
	return len(op.Words), nil
}

// enum checks an enum value and expects the parameters of its enumerants:
// for bit enums, those of each set bit from the lowest (zero, no bit, is
// always a valid mask).
func (d *decoder) enum(k *OperandKind, v uint32) *operandError {
	if k.Category == CategoryValueEnum {
		e := k.Enumerant(v)
		if e == nil {
			return fail(ErrOperand, "%s has no value %d", k.Name, v)
		}
		d.push(e.Parameters, false)
		return nil
	}
	for bit := uint32(1) << 31; bit != 0; bit >>= 1 {
		if v&bit == 0 {
			continue
		}
		e := k.Enumerant(bit)
		if e == nil {
			return fail(ErrOperand, "%s has no bit %#x", k.Name, bit)
		}
		d.push(e.Parameters, false)
	}
	return nil
}

// extInst expects the operands of instruction number n of the set that the
// OpExtInstImport set names.
func (d *decoder) extInst(in *Instruction, n, set uint32) *operandError {
	i := slices.IndexFunc(d.extSets, func(e extSetID) bool { return e.id == set })
	if i < 0 {
		return fail(ErrOperand, "set %%%d is not the result of an earlier OpExtInstImport", set)
	}
	name := d.extSets[i].name
	s := ExtInstSetByName(name)
	if s == nil {
		if !strings.HasPrefix(name, "NonSemantic.") {
			return fail(ErrOperand, "unknown extended instruction set %q", name)
		}
		d.expect = append(d.expect, OperandSpec{Kind: KindIdRef, Quantifier: Variadic})
		return nil
	}
	ext := s.Instruction(n)
	if ext == nil {
		return fail(ErrOperand, "%s has no instruction %d", s.Name, n)
	}
	in.ExtSet = s
	d.push(ext.Operands, false)
	return nil
}

// record notes the types, integer values and instruction set imports that
// later instructions refer to.
func (d *decoder) record(in *Instruction) {
	switch in.Opcode {
	case OpTypeInt:
		width, signed := in.Words[2], in.Words[3] != 0
		if width >= 1 && width <= 64 {
			t := idInfo{NumberUint, uint8(width), true}
			if signed {
				t.kind = NumberInt
			}
			d.setInfo(in.Result, t)
		}
	case OpTypeFloat:
		if w := in.Words[2]; w == 16 || w == 32 || w == 64 {
			d.setInfo(in.Result, idInfo{NumberFloat, uint8(w), true})
		}
	case OpExtInstImport:
		d.extSets = append(d.extSets, extSetID{in.Result, in.Operands[1].Str()})
	}
	if in.ResultType != 0 && in.Result != 0 {
		if t, ok := d.numType(in.ResultType); ok && t.kind != NumberFloat {
			d.setInfo(in.Result, idInfo{t.kind, uint8(t.width), false})
		}
	}
}

func specName(s OperandSpec) string {
	if s.Name != "" {
		return "'" + s.Name + "' (" + s.Kind.Name + ")"
	}
	return s.Kind.Name
}
