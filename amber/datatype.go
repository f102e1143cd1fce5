package amber

import (
	"encoding/binary"
	"fmt"
	"math"
	"regexp"
	"strconv"
	"strings"
)

// Scalar is the component type of a buffer's elements.
type Scalar int

const (
	Int8 Scalar = iota
	Int16
	Int32
	Int64
	Uint8
	Uint16
	Uint32
	Uint64
	Float16
	Float32
	Float64
)

var scalarNames = map[string]Scalar{
	"int8": Int8, "int16": Int16, "int32": Int32, "int64": Int64,
	"uint8": Uint8, "uint16": Uint16, "uint32": Uint32, "uint64": Uint64,
	"float16": Float16, "float": Float32, "double": Float64,
}

// Size is the scalar's size in bytes.
func (s Scalar) Size() int {
	switch s {
	case Int8, Uint8:
		return 1
	case Int16, Uint16, Float16:
		return 2
	case Int32, Uint32, Float32:
		return 4
	}
	return 8
}

// IsFloat reports whether s is a floating-point type.
func (s Scalar) IsFloat() bool { return s >= Float16 }

func (s Scalar) signed() bool { return s <= Int64 }

func (s Scalar) String() string {
	for n, v := range scalarNames {
		if v == s {
			return n
		}
	}
	return "?"
}

// A DataType is a buffer's element type: a scalar, a vector of Rows
// components, or a matrix of Cols columns of Rows components. Elements
// are laid out as std430 does: three-component vectors and matrix
// columns take the room of four.
type DataType struct {
	Scalar     Scalar
	Rows, Cols int
	// Packed lays three components out without padding (FORMAT buffers).
	Packed bool
}

// Components is the number of values one element holds.
func (t *DataType) Components() int { return t.Rows * t.Cols }

// columnSize is the room one column takes.
func (t *DataType) columnSize() int {
	n := t.Rows
	if n == 3 && !t.Packed {
		n = 4
	}
	return n * t.Scalar.Size()
}

// Size is the room one element takes in bytes.
func (t *DataType) Size() int { return t.Cols * t.columnSize() }

// componentOffset is the byte offset of component i of an element.
func (t *DataType) componentOffset(i int) int {
	return i/t.Rows*t.columnSize() + i%t.Rows*t.Scalar.Size()
}

func (t *DataType) String() string {
	switch {
	case t.Cols > 1:
		return fmt.Sprintf("mat%dx%d<%s>", t.Cols, t.Rows, t.Scalar)
	case t.Rows > 1:
		return fmt.Sprintf("vec%d<%s>", t.Rows, t.Scalar)
	}
	return t.Scalar.String()
}

var (
	vecType = regexp.MustCompile(`^vec([234])<(\w+)>$`)
	matType = regexp.MustCompile(`^mat([234])x([234])<(\w+)>$`)
	// Buffer formats whose components share one numeric type; the rest
	// (normalized, packed, sRGB, depth) are image formats.
	formatType      = regexp.MustCompile(`^((?:[RGBA]\d+)+)_(SFLOAT|UINT|SINT)$`)
	formatComponent = regexp.MustCompile(`[RGBA](\d+)`)
)

// parseDataType reads a DATA_TYPE or FORMAT name; an errImageFormat
// error marks an image format, which Kiln does not run.
func parseDataType(s string) (*DataType, error) {
	if sc, ok := scalarNames[s]; ok {
		return &DataType{Scalar: sc, Rows: 1, Cols: 1}, nil
	}
	if m := vecType.FindStringSubmatch(s); m != nil {
		sc, ok := scalarNames[m[2]]
		if !ok {
			return nil, fmt.Errorf("unknown component type %q in %q", m[2], s)
		}
		n, _ := strconv.Atoi(m[1])
		return &DataType{Scalar: sc, Rows: n, Cols: 1}, nil
	}
	if m := matType.FindStringSubmatch(s); m != nil {
		sc, ok := scalarNames[m[3]]
		if !ok {
			return nil, fmt.Errorf("unknown component type %q in %q", m[3], s)
		}
		c, _ := strconv.Atoi(m[1])
		r, _ := strconv.Atoi(m[2])
		return &DataType{Scalar: sc, Rows: r, Cols: c}, nil
	}
	return parseFormat(s)
}

// errImageFormat marks a format that only images use.
type errImageFormat struct{ name string }

func (e errImageFormat) Error() string {
	return fmt.Sprintf("image format %s (only buffer formats of one SFLOAT, UINT or SINT type run)", e.name)
}

// parseFormat reads a Vulkan format name such as R32G32B32A32_SFLOAT.
func parseFormat(s string) (*DataType, error) {
	m := formatType.FindStringSubmatch(s)
	if m == nil {
		if strings.Contains(s, "_") && strings.ToUpper(s) == s {
			return nil, errImageFormat{s}
		}
		return nil, fmt.Errorf("unknown data type %q", s)
	}
	comps := formatComponent.FindAllStringSubmatch(m[1], -1)
	bits := comps[0][1]
	for _, c := range comps {
		if c[1] != bits {
			return nil, errImageFormat{s}
		}
	}
	name := map[string]string{"SFLOAT": "float", "UINT": "uint", "SINT": "int"}[m[2]] + bits
	switch name {
	case "float32":
		name = "float"
	case "float64":
		name = "double"
	}
	sc, ok := scalarNames[name]
	if !ok {
		return nil, errImageFormat{s}
	}
	return &DataType{Scalar: sc, Rows: len(comps), Cols: 1, Packed: true}, nil
}

// encode writes v, a value of the scalar type written as text, at b.
func (s Scalar) encode(b []byte, text string) error {
	if s.IsFloat() {
		f, err := parseFloat(text)
		if err != nil {
			return err
		}
		s.putFloat(b, f)
		return nil
	}
	v, err := parseInt(text, s)
	if err != nil {
		return err
	}
	s.putInt(b, v)
	return nil
}

func (s Scalar) putFloat(b []byte, f float64) {
	switch s {
	case Float16:
		binary.LittleEndian.PutUint16(b, float16Bits(f))
	case Float32:
		binary.LittleEndian.PutUint32(b, math.Float32bits(float32(f)))
	default:
		binary.LittleEndian.PutUint64(b, math.Float64bits(f))
	}
}

func (s Scalar) putInt(b []byte, v int64) {
	switch s.Size() {
	case 1:
		b[0] = byte(v)
	case 2:
		binary.LittleEndian.PutUint16(b, uint16(v))
	case 4:
		binary.LittleEndian.PutUint32(b, uint32(v))
	default:
		binary.LittleEndian.PutUint64(b, uint64(v))
	}
}

// load reads the scalar at b as a float64 (floats) or an int64 bit
// pattern (integers, sign-extended when signed).
func (s Scalar) load(b []byte) (f float64, i int64) {
	switch s {
	case Float16:
		return float16Value(binary.LittleEndian.Uint16(b)), 0
	case Float32:
		return float64(math.Float32frombits(binary.LittleEndian.Uint32(b))), 0
	case Float64:
		return math.Float64frombits(binary.LittleEndian.Uint64(b)), 0
	case Int8:
		return 0, int64(int8(b[0]))
	case Uint8:
		return 0, int64(b[0])
	case Int16:
		return 0, int64(int16(binary.LittleEndian.Uint16(b)))
	case Uint16:
		return 0, int64(binary.LittleEndian.Uint16(b))
	case Int32:
		return 0, int64(int32(binary.LittleEndian.Uint32(b)))
	case Uint32:
		return 0, int64(binary.LittleEndian.Uint32(b))
	}
	return 0, int64(binary.LittleEndian.Uint64(b))
}

func parseFloat(text string) (float64, error) {
	if strings.HasPrefix(text, "0x") || strings.HasPrefix(text, "-0x") {
		v, err := strconv.ParseInt(text, 0, 64)
		return float64(v), err
	}
	f, err := strconv.ParseFloat(text, 64)
	if err != nil {
		return 0, fmt.Errorf("%q is not a number", text)
	}
	return f, nil
}

// parseInt reads a decimal or 0x integer that fits s.
func parseInt(text string, s Scalar) (int64, error) {
	bits := 8 * s.Size()
	if s.signed() {
		v, err := strconv.ParseInt(text, 0, bits)
		if err != nil {
			// Hex patterns of negative values (0xffffffff for int32).
			if u, uerr := strconv.ParseUint(text, 0, bits); uerr == nil {
				return int64(u), nil
			}
			return 0, fmt.Errorf("%q is not an %s", text, s)
		}
		return v, nil
	}
	u, err := strconv.ParseUint(text, 0, bits)
	if err != nil {
		// Amber accepts negative values for unsigned data as their bits.
		if v, serr := strconv.ParseInt(text, 0, bits); serr == nil {
			return v, nil
		}
		return 0, fmt.Errorf("%q is not a %s", text, s)
	}
	return int64(u), nil
}

// float16Bits rounds f to the nearest IEEE half (ties to even).
func float16Bits(f float64) uint16 {
	b := math.Float32bits(float32(f))
	sign := uint16(b>>16) & 0x8000
	exp := int(b>>23&0xff) - 127 + 15
	mant := b & 0x7fffff
	switch {
	case b&0x7fffffff == 0:
		return sign
	case b>>23&0xff == 0xff: // Inf, NaN
		if mant != 0 {
			return sign | 0x7e00
		}
		return sign | 0x7c00
	case exp >= 0x1f:
		return sign | 0x7c00
	case exp <= 0:
		if exp < -10 {
			return sign
		}
		mant |= 0x800000
		shift := uint(14 - exp)
		half := uint32(1) << (shift - 1)
		r := mant >> shift
		if rem := mant & (1<<shift - 1); rem > half || rem == half && r&1 == 1 {
			r++
		}
		return sign | uint16(r)
	}
	r := uint32(exp)<<10 | mant>>13
	if rem := mant & 0x1fff; rem > 0x1000 || rem == 0x1000 && r&1 == 1 {
		r++
	}
	return sign | uint16(r)
}

func float16Value(h uint16) float64 {
	sign := 1.0
	if h&0x8000 != 0 {
		sign = -1
	}
	exp := int(h >> 10 & 0x1f)
	mant := float64(h & 0x3ff)
	switch exp {
	case 0:
		return sign * math.Ldexp(mant, -24)
	case 0x1f:
		if mant != 0 {
			return math.NaN()
		}
		return math.Inf(int(sign))
	}
	return sign * math.Ldexp(1024+mant, exp-25)
}
