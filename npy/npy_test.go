package npy

import (
	"bytes"
	"encoding/binary"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

// file builds a version 1.0 .npy file from a header and data.
func file(h string, data ...byte) []byte {
	out := append([]byte("\x93NUMPY\x01\x00"), 0, 0)
	binary.LittleEndian.PutUint16(out[8:], uint16(len(h)))
	return append(append(out, h...), data...)
}

// file2 builds a version 2.0 file (a 4-byte header length).
func file2(h string) []byte {
	out := binary.LittleEndian.AppendUint32([]byte("\x93NUMPY\x02\x00"), uint32(len(h)))
	return append(out, h...)
}

func TestRoundTrip(t *testing.T) {
	for _, a := range []*Array{
		{Elem: "f32", Shape: []int64{2, 2}, Data: []byte{0, 0, 128, 63, 0, 0, 0, 64, 0, 0, 64, 64, 0, 0, 128, 64}},
		{Elem: "i64", Shape: []int64{}, Data: []byte{7, 0, 0, 0, 0, 0, 0, 0}},
		{Elem: "i1", Shape: []int64{3}, Data: []byte{1, 0, 1}},
		{Elem: "ui16", Shape: []int64{0, 5}, Data: []byte{}},
		{Elem: "f16", Shape: []int64{1}, Data: []byte{0, 60}},
	} {
		f, err := Encode(a)
		if err != nil {
			t.Fatal(err)
		}
		// The header ends at a multiple of 64 bytes, in a newline.
		hl := int(binary.LittleEndian.Uint16(f[8:]))
		if (10+hl)%64 != 0 || f[10+hl-1] != '\n' {
			t.Errorf("%s: header of %d bytes is not padded to 64 bytes", a.Elem, hl)
		}
		b, err := Decode(f)
		if err != nil {
			t.Fatalf("%s: %v", a.Elem, err)
		}
		if !reflect.DeepEqual(a, b) {
			t.Errorf("round trip of %+v gave %+v", a, b)
		}
	}
}

// TestDecodeForms reads headers as NumPy and other writers give them.
func TestDecodeForms(t *testing.T) {
	for _, c := range []struct {
		file []byte
		want Array
	}{
		{file("{'descr': '>i2', 'fortran_order': False, 'shape': (2,), }\n", 1, 2, 3, 4), Array{"i16", []int64{2}, []byte{2, 1, 4, 3}}},
		{file(`{"shape":(1,1),"fortran_order":False,"descr":"|b1"}`, 1), Array{"i1", []int64{1, 1}, []byte{1}}},
		{file("{'descr': '|u1', 'fortran_order': False, 'shape': ()}", 9), Array{"ui8", []int64{}, []byte{9}}},
		{file2("{'descr':'<f8','fortran_order':False,'shape':(0,)}"), Array{"f64", []int64{0}, []byte{}}},
	} {
		a, err := Decode(c.file)
		if err != nil {
			t.Errorf("%q: %v", c.file, err)
			continue
		}
		if !reflect.DeepEqual(*a, c.want) {
			t.Errorf("%q: got %+v, want %+v", c.file, *a, c.want)
		}
	}
}

// TestDecodeMalformed checks that malformed files get an *Error naming
// the offset at fault.
func TestDecodeMalformed(t *testing.T) {
	huge := append([]byte("\x93NUMPY\x02\x00"), 0xff, 0xff, 0xff, 0x7f)
	for _, c := range []struct {
		file []byte
		want string
	}{
		{[]byte("PK\x03\x04"), "byte 0: not a .npy file"},
		{[]byte("\x93NUMPY\x01"), "byte 0: not a .npy file"},
		{[]byte("\x93NUMPY\x01\x00\x10"), "byte 9: the file ends inside the header length"},
		{[]byte("\x93NUMPY\x04\x00\x10\x00"), "byte 6: format version 4.0"},
		{huge, "byte 8: a header of 2147483647 bytes, over the limit of 10000"},
		{file("{'descr': '<f4'")[:15], "the file ends inside the header"},
		{file("{'descr': '<f4', 'fortran_order': False, 'shape': (2,), }", 0, 0, 128, 63), "byte 67: 4 bytes of data for shape [2] of <f4, which needs 8"},
		{file("{'descr': '<c8', 'fortran_order': False, 'shape': (2,), }"), "byte 20: element type '<c8'"},
		{file("{'descr': '<f4', 'fortran_order': True, 'shape': (2,), }"), "byte 44: the array is in Fortran (column-major) order"},
		{file("{'descr': '<f4', 'fortran_order': False, 'shape': (2,-1), }"), "byte 63: expected a dimension"},
		{file("{'descr': '<f4', 'fortran_order': False, 'shape': (99999999999999999999,), }"), "byte 61: dimension 99999999999999999999 is too large"},
		{file("{'descr': '<f8', 'fortran_order': False, 'shape': (4294967296, 4294967296), }"), "byte 10: shape [4294967296 4294967296] is too large"},
		{file("{'descr': '<f4', 'fortran_order': False}"), "byte 50: the header has no 'shape'"},
		{file("{'descr': '<f4', 'descr': '<f4'}"), "byte 27: the key 'descr' appears twice"},
		{file("{'descr': '<f4', 'x': 1}"), "byte 27: unknown key 'x'"},
		{file("{'descr': '<f4 }"), "byte 20: unterminated string"},
		{file("{'descr': '<f4', 'fortran_order': False, 'shape': (2,)} x"), "byte 66: unexpected 'x' after the header's dict"},
		{file("{'descr' '<f4'}"), "byte 19: expected ':'"},
	} {
		_, err := Decode(c.file)
		var e *Error
		if !errors.As(err, &e) {
			t.Errorf("%q: error %v, want an *npy.Error", c.file, err)
			continue
		}
		if !strings.Contains(err.Error(), c.want) {
			t.Errorf("%q: error %q, want one containing %q", c.file, err, c.want)
		}
	}
}

func TestEncodeRefuses(t *testing.T) {
	for _, c := range []struct {
		a    Array
		want string
	}{
		{Array{"bf16", []int64{1}, []byte{0, 0}}, "cannot hold bf16"},
		{Array{"f32", []int64{2}, []byte{0, 0, 0, 0}}, "4 bytes of data for shape [2] of f32, which needs 8"},
		{Array{"f32", []int64{-1}, nil}, "negative dimension"},
	} {
		if _, err := Encode(&c.a); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%+v: error %v, want one containing %q", c.a, err, c.want)
		}
	}
}

// TestNumPy checks files against NumPy itself, where python3 has it.
func TestNumPy(t *testing.T) {
	if exec.Command("python3", "-c", "import numpy").Run() != nil {
		t.Skip("python3 with numpy is not installed")
	}
	dir := t.TempDir()
	f, err := Encode(&Array{Elem: "i32", Shape: []int64{2, 3}, Data: []byte{1, 0, 0, 0, 2, 0, 0, 0, 3, 0, 0, 0, 4, 0, 0, 0, 5, 0, 0, 0, 6, 0, 0, 0}})
	if err != nil {
		t.Fatal(err)
	}
	in, out := filepath.Join(dir, "in.npy"), filepath.Join(dir, "out.npy")
	if err := os.WriteFile(in, f, 0o644); err != nil {
		t.Fatal(err)
	}
	script := "import numpy, sys; a = numpy.load(sys.argv[1]); assert a.dtype == numpy.int32 and a.tolist() == [[1, 2, 3], [4, 5, 6]], a; numpy.save(sys.argv[2], (a * 0.5).astype('>f4'))"
	if b, err := exec.Command("python3", "-c", script, in, out).CombinedOutput(); err != nil {
		t.Fatalf("numpy: %v\n%s", err, b)
	}
	g, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	a, err := Decode(g)
	if err != nil {
		t.Fatal(err)
	}
	want, _ := Encode(&Array{Elem: "f32", Shape: []int64{2, 3}, Data: []byte{0, 0, 0, 63, 0, 0, 128, 63, 0, 0, 192, 63, 0, 0, 0, 64, 0, 0, 32, 64, 0, 0, 64, 64}})
	w, _ := Decode(want)
	if !reflect.DeepEqual(a, w) {
		t.Errorf("numpy's file reads as %+v, want %+v", a, w)
	}
}

// FuzzDecode checks that Decode never panics, and that what it accepts
// encodes and decodes to the same array.
func FuzzDecode(f *testing.F) {
	f.Add(file("{'descr': '<f4', 'fortran_order': False, 'shape': (1,), }", 0, 0, 128, 63))
	f.Add(file("{'descr': '>i2', 'fortran_order': False, 'shape': (), }", 0, 1))
	f.Add([]byte("\x93NUMPY\x02\x00\x00\x00\x00\x00"))
	f.Fuzz(func(t *testing.T, data []byte) {
		a, err := Decode(data)
		if err != nil {
			return
		}
		enc, err := Encode(a)
		if err != nil {
			t.Fatalf("decoded %+v does not encode: %v", a, err)
		}
		b, err := Decode(enc)
		if err != nil || !reflect.DeepEqual(a, b) || !bytes.Equal(a.Data, b.Data) {
			t.Fatalf("round trip of %+v gave %+v, %v", a, b, err)
		}
	})
}
