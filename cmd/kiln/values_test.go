package main

import (
	"strings"
	"testing"

	"github.com/kiln-gpu/kiln"
)

// TestValueText reads TYPE=VALUES and prints it back as kiln run prints
// results.
func TestValueText(t *testing.T) {
	ctx := kiln.NewContext()
	for _, c := range []struct{ in, out string }{
		{"2x2xf32=1,2,3,4", "2x2xf32=[1 2][3 4]"},
		{"2x2xf32=[1 2][3 4]", "2x2xf32=[1 2][3 4]"},
		{"2x2x2xi32=1 2 3 4 5 6 7 8", "2x2x2xi32=[[1 2][3 4]][[5 6][7 8]]"},
		{"3xi8=-1,255,0x10", "3xi8=-1 -1 16"},
		{"2xui16=65535,0", "2xui16=65535 0"},
		{"index=-1", "index=-1"},
		{"4xindex=1,2,3,4", "4xindex=1 2 3 4"},
		{"2xi1=true,0", "2xi1=1 0"},
		{"f16=0.1", "f16=0.099975586"},
		{"f64=-0.1", "f64=-0.1"},
		{"3xf32=nan,inf,-inf", "3xf32=NaN +Inf -Inf"},
		{"0x3xf32=", "0x3xf32="},
	} {
		v, err := parseValue(ctx, c.in, 1<<20)
		if err != nil {
			t.Errorf("%s: %v", c.in, err)
			continue
		}
		if got := v.format(); got != c.out {
			t.Errorf("%s prints as %s, want %s", c.in, got, c.out)
		}
	}
}

func TestValueTextErrors(t *testing.T) {
	ctx := kiln.NewContext()
	for _, c := range []struct{ in, want string }{
		{"f32", "want TYPE=VALUES"},
		{"4xf33=1,2,3,4", "'f33' is not an element type kiln run reads"},
		{"memref<2xf32>=1,2", "'memref<2xf32>' is not an element type"},
		{"3xi0=0,0,0", "'i0' is not an element type"},
		{"f80=1", "'f80' is not an element type"},
		{"2xf32=1", "1 values for 2 elements"},
		{"2xf32=1,a", "'a' is not a f32"},
		{"i8=256", "'256' is not a i8"},
		{"i8=-129", "'-129' is not a i8"},
		{"9999999999x9999999999xi8=1", "the shape '9999999999x9999999999xi8' is too large"},
		{"@/nonexistent.npy", "no such file"},
	} {
		_, err := parseValue(ctx, c.in, 1<<20)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: error %v, want one containing %q", c.in, err, c.want)
		}
	}
}

func TestMismatch(t *testing.T) {
	ctx := kiln.NewContext()
	val := func(s string) *hostValue {
		v, err := parseValue(ctx, s, 1<<20)
		if err != nil {
			t.Fatal(err)
		}
		return v
	}
	for _, c := range []struct {
		got, want string
		tol       float64
		msg       string
	}{
		{"2xf32=1,nan", "2xf32=1.00001,nan", 1e-4, ""},
		{"2xf32=1,2", "2xf32=1,2.5", 0.1, "element [1] is 2, expected 2.5 (tolerance 0.1)"},
		{"2xf32=1,inf", "2xf32=1,inf", 0, ""},
		{"2x2xi32=1,2,3,4", "2x2xi32=1,2,3,5", 1, "element [1, 1] is 4, expected 5"},
		{"index=4", "i64=4", 0, ""},
		{"index=4", "i32=4", 0, "has type index, expected i32"},
		{"4xf32=1,2,3,4", "2x2xf32=1,2,3,4", 0, "has type 4xf32, expected 2x2xf32"},
	} {
		if msg := mismatch(val(c.got), val(c.want), c.tol); msg != c.msg {
			t.Errorf("%s vs %s: %q, want %q", c.got, c.want, msg, c.msg)
		}
	}
}

// FuzzParseValue checks that no value text panics, and that what parses
// prints as text that parses to the same value.
func FuzzParseValue(f *testing.F) {
	for _, s := range []string{"2x2xf32=[1 2][3 4]", "3xi8=-1,255,0x10", "index=-1", "f16=0.1", "2xi1=true,0", "0x3xf32=", "4xf32=nan,inf,-0,1e-45"} {
		f.Add(s)
	}
	ctx := kiln.NewContext()
	f.Fuzz(func(t *testing.T, spec string) {
		if strings.HasPrefix(spec, "@") {
			return // files are npy's fuzz target
		}
		v, err := parseValue(ctx, spec, 1<<20)
		if err != nil {
			return
		}
		text := v.format()
		w, err := parseValue(ctx, text, 1<<20)
		if err != nil {
			t.Fatalf("%q prints as %q, which does not parse: %v", spec, text, err)
		}
		if w.format() != text || string(w.data) != string(v.data) {
			t.Fatalf("%q prints as %q, which reads back as %q", spec, text, w.format())
		}
	})
}
