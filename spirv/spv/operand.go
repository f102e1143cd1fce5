package spv

import "math"

// Operand is one logical operand of a decoded instruction. Composite
// operands (the pairs of OpSwitch and OpPhi) appear as their parts.
type Operand struct {
	Kind  *OperandKind
	Words []uint32 // its words, a window on the instruction's words
	// Number says how a literal number reads: LiteralInteger operands are
	// 32-bit unsigned; the values of OpConstant and OpSpecConstant and the
	// case literals of OpSwitch have the type their instruction gives them.
	// NumberNone for operands that are not literal numbers.
	Number NumberKind
	Width  int // the number's width in bits
}

// NumberKind says how the words of a literal number read.
type NumberKind uint8

const (
	NumberNone  NumberKind = iota // not a literal number
	NumberUint                    // unsigned integer
	NumberInt                     // two's complement signed integer
	NumberFloat                   // IEEE 754 binary float of 16, 32 or 64 bits
)

// Value returns the operand's first word: an id, an enum value or a 32-bit
// literal.
func (o Operand) Value() uint32 { return o.Words[0] }

// Uint64 returns the words of a literal number as an unsigned integer, the
// low-order word first.
func (o Operand) Uint64() uint64 {
	v := uint64(o.Words[0])
	if len(o.Words) > 1 {
		v |= uint64(o.Words[1]) << 32
	}
	return v
}

// Int64 returns a literal integer, sign-extended from its width when it is
// signed.
func (o Operand) Int64() int64 {
	v := o.Uint64()
	if o.Number == NumberInt && o.Width > 0 && o.Width < 64 {
		shift := 64 - o.Width
		return int64(v<<shift) >> shift
	}
	return int64(v)
}

// Float64 returns a literal float of 16, 32 or 64 bits.
func (o Operand) Float64() float64 {
	switch o.Width {
	case 16:
		return halfToFloat64(uint16(o.Words[0]))
	case 32:
		return float64(math.Float32frombits(o.Words[0]))
	}
	return math.Float64frombits(o.Uint64())
}

// Str returns a literal string operand's text.
func (o Operand) Str() string {
	s, _, _ := literalString(o.Words)
	return s
}

// literalString decodes the NUL-terminated string at the start of words and
// returns it with the number of words it takes; ok is false when no NUL
// ends it.
func literalString(words []uint32) (s string, n int, ok bool) {
	n, ok = stringWords(words)
	b := make([]byte, 0, 4*n)
	for _, w := range words[:n] {
		for j := 0; j < 4; j++ {
			c := byte(w >> (8 * j))
			if c == 0 {
				return string(b), n, ok
			}
			b = append(b, c)
		}
	}
	return string(b), n, ok
}

// stringWords returns how many words the NUL-terminated string at the
// start of words takes; ok is false when no NUL ends it.
func stringWords(words []uint32) (n int, ok bool) {
	for i, w := range words {
		if w&0xFF == 0 || w&0xFF00 == 0 || w&0xFF0000 == 0 || w&0xFF000000 == 0 {
			return i + 1, true
		}
	}
	return len(words), false
}

// halfToFloat64 widens an IEEE 754 binary16 value.
func halfToFloat64(h uint16) float64 {
	sign := 1.0
	if h&0x8000 != 0 {
		sign = -1
	}
	exp, frac := int(h>>10&0x1F), float64(h&0x3FF)
	switch exp {
	case 0:
		return sign * math.Ldexp(frac, -24)
	case 0x1F:
		if frac != 0 {
			return math.NaN()
		}
		return math.Inf(int(sign))
	}
	return sign * math.Ldexp(1+frac/1024, exp-15)
}
