package main

import (
	"bytes"
	"io"
	"strings"
	"testing"
	"testing/iotest"
	"unicode/utf8"
)

// FuzzReadInput feeds arbitrary bytes to both readers: each returns the
// input unchanged or an inputError, never panics, and text it accepts has no
// NUL and only ASCII outside strings and comments.
func FuzzReadInput(f *testing.F) {
	f.Add([]byte("func.func @f() {\n  return // é\n}\n"))
	f.Add([]byte("\"caf\xc3\xa9\" // \xff\n"))
	f.Add([]byte("\x03\x02\x23\x07\x00\x00\x01\x00\x00\x00\x00\x00\x01\x00\x00\x00\x00\x00\x00\x00"))
	f.Add([]byte("a\xc3"))
	f.Add([]byte("\"\\\"\xff\"\xff"))
	f.Fuzz(func(t *testing.T, b []byte) {
		in := &input{limit: 1 << 16}
		src, _, err := in.readText("-", bytes.NewReader(b))
		if err != nil {
			if _, ok := err.(*inputError); !ok && len(b) <= 1<<16 {
				t.Fatalf("readText: %v is not an inputError", err)
			}
		} else {
			if !bytes.Equal(src, b) {
				t.Fatal("readText changed its input")
			}
			if bytes.IndexByte(src, 0) >= 0 {
				t.Fatal("readText accepted a NUL")
			}
			if utf8.Valid(src) && strings.ContainsAny(stripStringsAndComments(string(src)), "\x01\x02\x7f") {
				t.Fatal("readText accepted a control character in code")
			}
		}
		words, _, err := in.readSPIRV("-", bytes.NewReader(b))
		if err != nil {
			if _, ok := err.(*inputError); !ok {
				t.Fatalf("readSPIRV: %v is not an inputError", err)
			}
		} else if !bytes.Equal(words, b) || len(b)%4 != 0 || len(b) < spirvHeader {
			t.Fatal("readSPIRV accepted a binary that is not whole words with a header")
		}
	})
}

// stripStringsAndComments drops string literals and comments, line by line.
func stripStringsAndComments(s string) string {
	var out strings.Builder
	for _, line := range strings.Split(s, "\n") {
		inString := false
		for i := 0; i < len(line); i++ {
			c := line[i]
			switch {
			case inString && c == '\\':
				i++
			case c == '"':
				inString = !inString
			case !inString && c == '/' && i+1 < len(line) && line[i+1] == '/':
				i = len(line)
			case !inString:
				out.WriteByte(c)
			}
		}
		out.WriteByte('\n')
	}
	return out.String()
}

func TestByteSize(t *testing.T) {
	for in, want := range map[string]int64{"1": 1, "2K": 2048, "3M": 3 << 20, "1G": 1 << 30, "4KiB": 4096, "5MB": 5 << 20, "7k": 7168, "1T": 1 << 40} {
		var s byteSize
		if err := s.Set(in); err != nil || int64(s) != want {
			t.Errorf("%q: got %d, %v; want %d", in, s, err, want)
		}
	}
	for _, in := range []string{"", "0", "-1", "K", "1P", "lots", "99999999999G", "9000000T"} {
		var s byteSize
		if err := s.Set(in); err == nil {
			t.Errorf("%q: accepted as %d", in, s)
		}
	}
}

// TestTextChecker checks the positions of refused bytes after each kind of
// text, read whole and one byte at a time (UTF-8 sequences and comments cut
// between reads).
// TestPlainRun checks the eight-bytes-at-a-time scan against a byte loop
// for every byte value at every place of a word and around it.
func TestPlainRun(t *testing.T) {
	for b := range 256 {
		for at := range 20 {
			src := bytes.Repeat([]byte("a%0 ,"), 5)[:21]
			src[at] = byte(b)
			for from := range 3 {
				want := from
				for want < len(src) && plainCode[src[want]] {
					want++
				}
				if got := plainRun(src, from); got != want {
					t.Errorf("byte %#x at %d, from %d: got %d, want %d", b, at, from, got, want)
				}
			}
		}
	}
}

func TestTextChecker(t *testing.T) {
	for src, want := range map[string]string{
		"abc \x01":                         "<stdin>:1:5: error: control character 0x01",
		"// comment \x00":                  "<stdin>:1:12: error: a NUL byte",
		"x\n// c \xff\n\xff":               "<stdin>:3:1: error: invalid UTF-8",
		"\"a\\\"\xff\" é":                  "<stdin>:1:8: error: unexpected character 'é'",
		"a / b\n\"unterminated \xff\n\x7f": "<stdin>:3:1: error: control character 0x7f",
		"ok // \xc3\xa9\n\"\xc3\xa9\"\n":   "",
		"tail \xc3":                        "<stdin>:1:6: error: invalid UTF-8",
		"/\x00":                            "<stdin>:1:2: error: a NUL byte",
	} {
		for _, r := range []io.Reader{strings.NewReader(src), iotest.OneByteReader(strings.NewReader(src))} {
			_, _, err := (&input{limit: 1 << 10}).readText("-", r)
			got := ""
			if err != nil {
				got = err.Error()
			}
			if want == "" && got != "" || !strings.HasPrefix(got, want) {
				t.Errorf("%q: got %q, want %q...", src, got, want)
			}
		}
	}
}
