// Package npy reads and writes NumPy's .npy files (format versions 1.0,
// 2.0 and 3.0): one C-order array of booleans, integers or IEEE floats,
// named by the MLIR element type Kiln gives it (i1, i8 ... i64, ui8 ...
// ui64, f16, f32, f64). Decoding checks every field and the data's size
// against the header before it allocates, and errors name the byte
// offset at fault.
package npy

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"math"
	"strconv"
	"strings"
)

// Array is an n-d array: its MLIR element type, its shape (empty for a
// scalar) and its elements in row-major order, little-endian.
type Array struct {
	Elem  string
	Shape []int64
	Data  []byte
}

// MaxHeader bounds the header's length, as NumPy's max_header_size does
// by default (10000), so that a hostile length cannot make Decode read far.
const MaxHeader = 10000

var magic = []byte("\x93NUMPY")

// dtypes maps the type code and size of a descr ('f' and 4 of '<f4') to
// the MLIR element type.
var dtypes = map[string]string{
	"b1": "i1", "i1": "i8", "i2": "i16", "i4": "i32", "i8": "i64",
	"u1": "ui8", "u2": "ui16", "u4": "ui32", "u8": "ui64",
	"f2": "f16", "f4": "f32", "f8": "f64",
}

// ElemSize returns the bytes of one element of type elem, or 0 for a type
// .npy files cannot hold.
func ElemSize(elem string) int {
	for code, e := range dtypes {
		if e == elem {
			n, _ := strconv.Atoi(code[1:])
			return n
		}
	}
	return 0
}

// Error is a malformed file: what is wrong and the byte offset where.
type Error struct {
	Offset int
	Msg    string
}

func (e *Error) Error() string { return fmt.Sprintf("npy: byte %d: %s", e.Offset, e.Msg) }

func errorf(off int, format string, args ...any) error {
	return &Error{off, fmt.Sprintf(format, args...)}
}

// Decode reads a .npy file. Arrays in Fortran order are refused, as are
// element types other than the ones Array names; big-endian data is
// converted to little-endian.
func Decode(file []byte) (*Array, error) {
	if len(file) < len(magic)+2 || !bytes.Equal(file[:len(magic)], magic) {
		return nil, errorf(0, "not a .npy file (it does not start with \"\\x93NUMPY\" and a version)")
	}
	major := file[6]
	var hlen, start int
	switch major {
	case 1:
		if len(file) < 10 {
			return nil, errorf(len(file), "the file ends inside the header length")
		}
		hlen, start = int(binary.LittleEndian.Uint16(file[8:])), 10
	case 2, 3:
		if len(file) < 12 {
			return nil, errorf(len(file), "the file ends inside the header length")
		}
		n := binary.LittleEndian.Uint32(file[8:])
		if n > MaxHeader {
			return nil, errorf(8, "a header of %d bytes, over the limit of %d", n, MaxHeader)
		}
		hlen, start = int(n), 12
	default:
		return nil, errorf(6, "format version %d.%d: this reader knows versions 1, 2 and 3", major, file[7])
	}
	if len(file)-start < hlen {
		return nil, errorf(len(file), "the file ends inside the header (%d of its %d bytes)", len(file)-start, hlen)
	}
	h, err := parseHeader(file[start:start+hlen], start)
	if err != nil {
		return nil, err
	}
	size := int64(ElemSize(h.elem))
	for _, d := range h.shape {
		if d != 0 && size > math.MaxInt64/d {
			return nil, errorf(start, "shape %v is too large", h.shape)
		}
		size *= d
	}
	data := file[start+hlen:]
	if int64(len(data)) != size {
		return nil, errorf(start+hlen, "%d bytes of data for shape %v of %s, which needs %d", len(data), h.shape, h.descr, size)
	}
	out := make([]byte, len(data))
	copy(out, data)
	if h.bigEndian {
		swap(out, ElemSize(h.elem))
	}
	return &Array{Elem: h.elem, Shape: h.shape, Data: out}, nil
}

// swap reverses the bytes of each n-byte element of data.
func swap(data []byte, n int) {
	for i := 0; i+n <= len(data); i += n {
		for a, b := i, i+n-1; a < b; a, b = a+1, b-1 {
			data[a], data[b] = data[b], data[a]
		}
	}
}

// Encode returns a's .npy file (version 1.0). The element type must be one .npy holds and Data must have the
// shape's size.
func Encode(a *Array) ([]byte, error) {
	var descr string
	for code, e := range dtypes {
		if e == a.Elem {
			descr = code
		}
	}
	if descr == "" {
		return nil, fmt.Errorf("npy: .npy files cannot hold %s elements", a.Elem)
	}
	order := "<"
	if descr == "b1" || descr == "i1" || descr == "u1" {
		order = "|"
	}
	size := int64(ElemSize(a.Elem))
	var dims []string
	for _, d := range a.Shape {
		if d < 0 {
			return nil, fmt.Errorf("npy: negative dimension in shape %v", a.Shape)
		}
		size *= d
		dims = append(dims, strconv.FormatInt(d, 10))
	}
	if int64(len(a.Data)) != size {
		return nil, fmt.Errorf("npy: %d bytes of data for shape %v of %s, which needs %d", len(a.Data), a.Shape, a.Elem, size)
	}
	shape := strings.Join(dims, ", ")
	if len(dims) == 1 {
		shape += ","
	}
	h := fmt.Sprintf("{'descr': '%s%s', 'fortran_order': False, 'shape': (%s), }", order, descr, shape)
	// The header, with its magic and length, is padded with spaces to a
	// multiple of 64 bytes and ends in a newline.
	h += strings.Repeat(" ", (64-(10+len(h)+1)%64)%64) + "\n"
	if len(h) > MaxHeader {
		return nil, fmt.Errorf("npy: a header of %d bytes for shape %v, over the limit of %d", len(h), a.Shape, MaxHeader)
	}
	out := append(append([]byte{}, magic...), 1, 0)
	out = binary.LittleEndian.AppendUint16(out, uint16(len(h)))
	out = append(out, h...)
	return append(out, a.Data...), nil
}
