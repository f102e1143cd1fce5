package spv

import (
	"encoding/binary"
	"fmt"
	"math"
	"math/bits"
	"strings"
)

// Header is the five-word header of a SPIR-V module.
type Header struct {
	Version Version
	// Generator holds a registered tool id in the high 16 bits (see
	// GeneratorName) and the tool's own version number in the low 16.
	Generator uint32
	Bound     uint32 // every id in the module is below Bound
	Schema    uint32 // reserved, zero
}

// Words returns the header as the first five words of a module.
func (h Header) Words() []uint32 {
	return []uint32{MagicNumber, uint32(h.Version), h.Generator, h.Bound, h.Schema}
}

// maxWordCount is the most words one instruction can have: its count is
// the high half of the first word.
const maxWordCount = 0xFFFF

// An Encoder appends instructions to a word buffer. Op starts an
// instruction; the operand methods append to it; the next Op, or Words,
// ends it and writes its word count:
//
//	var e spv.Encoder
//	e.Op(spv.OpName).Word(id).Str("main")
//	e.Op(spv.OpConstant).Word(u64, c).Uint64(1 << 40)
//	words, err := e.Words(), e.Err()
//
// The zero Encoder is ready to use. The first error (an operand outside an
// instruction, a string holding NUL, an instruction over 65535 words) sticks
// and is returned by Err; the offending instruction is dropped.
type Encoder struct {
	words []uint32
	start int  // index of the open instruction's first word
	open  bool // whether an instruction is open
	err   error
}

// Op ends the open instruction, if any, and starts one with opcode op.
func (e *Encoder) Op(op Opcode) *Encoder {
	e.end()
	e.start, e.open = len(e.words), true
	e.words = append(e.words, uint32(op))
	return e
}

// Word appends words as they are: ids, 32-bit literal numbers, enum values.
func (e *Encoder) Word(ws ...uint32) *Encoder {
	if e.check() {
		e.words = append(e.words, ws...)
	}
	return e
}

// Str appends a literal string: its UTF-8 bytes, a terminating NUL, and
// zero padding to a word boundary, the first byte in the low-order bits of
// the first word.
func (e *Encoder) Str(s string) *Encoder {
	if !e.check() {
		return e
	}
	if strings.IndexByte(s, 0) >= 0 {
		e.fail(fmt.Errorf("spv: literal string %q holds a NUL byte", s))
		return e
	}
	for i := 0; i <= len(s); i += 4 {
		var w uint32
		for j := 0; j < 4 && i+j < len(s); j++ {
			w |= uint32(s[i+j]) << (8 * j)
		}
		e.words = append(e.words, w)
	}
	return e
}

// Uint64 appends a 64-bit literal as two words, low-order word first.
func (e *Encoder) Uint64(v uint64) *Encoder { return e.Word(uint32(v), uint32(v>>32)) }

// Float32 appends a 32-bit float literal.
func (e *Encoder) Float32(f float32) *Encoder { return e.Word(math.Float32bits(f)) }

// Float64 appends a 64-bit float literal as two words, low-order word first.
func (e *Encoder) Float64(f float64) *Encoder { return e.Uint64(math.Float64bits(f)) }

// Len returns the number of words so far, the open instruction included.
func (e *Encoder) Len() int { return len(e.words) }

// Words ends the open instruction and returns the buffer.
func (e *Encoder) Words() []uint32 {
	e.end()
	return e.words
}

// Err returns the first error, or nil.
func (e *Encoder) Err() error { return e.err }

func (e *Encoder) check() bool {
	if !e.open {
		e.fail(fmt.Errorf("spv: operand outside an instruction (call Op first)"))
	}
	return e.open
}

func (e *Encoder) fail(err error) {
	if e.err == nil {
		e.err = err
	}
	if e.open {
		e.words, e.open = e.words[:e.start], false
	}
}

func (e *Encoder) end() {
	if !e.open {
		return
	}
	n := len(e.words) - e.start
	if n > maxWordCount {
		e.fail(fmt.Errorf("spv: %v has %d words, more than %d", Opcode(e.words[e.start]), n, maxWordCount))
		return
	}
	e.words[e.start] |= uint32(n) << 16
	e.open = false
}

// WordsToBytes returns words as a little-endian byte stream, the usual
// file format of a module.
func WordsToBytes(words []uint32) []byte {
	b := make([]byte, 4*len(words))
	for i, w := range words {
		binary.LittleEndian.PutUint32(b[4*i:], w)
	}
	return b
}

// BytesToWords reads a module's bytes as words, little-endian, or
// big-endian when the first word reads as a byte-swapped magic number. It
// fails when the length is not a multiple of four.
func BytesToWords(b []byte) ([]uint32, error) {
	if len(b)%4 != 0 {
		return nil, &DecodeError{Offset: len(b) / 4, Index: -1, Err: ErrMisaligned, Detail: fmt.Sprintf("%d bytes", len(b))}
	}
	words := make([]uint32, len(b)/4)
	for i := range words {
		words[i] = binary.LittleEndian.Uint32(b[4*i:])
	}
	if len(words) > 0 && words[0] == bits.ReverseBytes32(MagicNumber) {
		for i, w := range words {
			words[i] = bits.ReverseBytes32(w)
		}
	}
	return words, nil
}
