package main

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"math/bits"
	"os"
	"strconv"
	"strings"
	"unicode/utf8"
	"unsafe"

	"github.com/kiln-gpu/kiln/spirv/spv"
)

// defaultMaxInput is the largest input a command reads unless
// --max-input-size says otherwise. Parsed IR takes some 30 bytes per byte of
// text, so this keeps a run within a few GiB of memory.
const defaultMaxInput = 256 << 20

// maxInputFlag is the flag that raises the input limit, named in errors.
const maxInputFlag = "--max-input-size"

// byteSize is a size flag: bytes, or a number with a K, M, G or T suffix
// (powers of 1024, an optional "iB" or "B" after it).
type byteSize int64

func (s *byteSize) String() string { return strconv.FormatInt(int64(*s), 10) }

func (s *byteSize) Set(v string) error {
	num := strings.TrimSuffix(strings.TrimSuffix(strings.TrimSuffix(v, "B"), "i"), "b")
	shift := 0
	if n := len(num); n > 0 {
		switch num[n-1] {
		case 'k', 'K':
			shift = 10
		case 'm', 'M':
			shift = 20
		case 'g', 'G':
			shift = 30
		case 't', 'T':
			shift = 40
		}
		if shift != 0 {
			num = num[:n-1]
		}
	}
	n, err := strconv.ParseInt(num, 10, 64)
	if err != nil || n <= 0 || n > (1<<62)>>shift {
		return fmt.Errorf("invalid size %q (want a positive number of bytes, or one with K, M, G or T)", v)
	}
	*s = byteSize(n << shift)
	return nil
}

// input reads a command's input file ("-": stdin) under a size limit, as
// MLIR text or as a SPIR-V binary. Reading stops at the first byte that
// shows the input is not what the command takes, so that a device file or
// a binary given by mistake gets a prompt error, not a read of all of it.
type input struct {
	limit byteSize
}

// newInput is the reader with the default limit.
func newInput() *input { return &input{limit: defaultMaxInput} }

// inputError is an input that cannot be read as the command's input; its
// message is complete (it names the file and, for text, the position).
type inputError struct{ msg string }

func (e *inputError) Error() string { return e.msg }

// open returns the input's reader, its name in diagnostics, and its size
// when known beforehand (a regular file), else -1.
func (in *input) open(path string, stdin io.Reader) (io.Reader, string, int64, func(), error) {
	if path == "-" {
		return stdin, "<stdin>", -1, func() {}, nil
	}
	f, err := os.Open(path)
	if err != nil {
		return nil, path, -1, nil, err
	}
	size := int64(-1)
	if st, err := f.Stat(); err == nil && st.Mode().IsRegular() {
		size = st.Size()
	}
	return f, path, size, func() { f.Close() }, nil
}

// tooBig is the error for an input over the limit, of size bytes when
// known (else -1).
func (in *input) tooBig(name string, size int64) error {
	what := "input is"
	if size >= 0 {
		what = fmt.Sprintf("input is %d bytes,", size)
	}
	return &inputError{fmt.Sprintf("%s: %s over the limit of %d bytes (raise it with %s=SIZE)", name, what, in.limit, maxInputFlag)}
}

// sharedText returns text read by readText as a string over the same
// bytes, which nothing writes afterwards: a copy would hold the input twice
// for the whole run (the context keeps it for diagnostics' source lines).
func sharedText(b []byte) string { return unsafe.String(unsafe.SliceData(b), len(b)) }

// readText reads MLIR text, checking each piece as it arrives.
func (in *input) readText(path string, stdin io.Reader) (src []byte, name string, err error) {
	r, name, size, done, err := in.open(path, stdin)
	if err != nil {
		return nil, name, err
	}
	defer done()
	if size > int64(in.limit) {
		return nil, name, in.tooBig(name, size)
	}
	chk := textChecker{line: 1}
	buf := make([]byte, 0, max(min(size+1, int64(in.limit)+1), 512))
	// A regular file's size is known before it is read: afterInput runs
	// meanwhile (preparing the heap is mostly a wait for a collection),
	// while this goroutine reads and checks the text.
	if afterInput != nil && size >= 0 {
		prepared := make(chan struct{})
		go func() {
			afterInput(int(size))
			close(prepared)
		}()
		defer func() { <-prepared }()
	}
	for {
		if len(buf) == cap(buf) {
			// Grow by doubling, but never past the limit's one byte more.
			buf = append(make([]byte, 0, min(2*int64(cap(buf)), int64(in.limit)+1)), buf...)
		}
		n, rerr := r.Read(buf[len(buf):min(cap(buf), len(buf)+64<<10)])
		buf = buf[:len(buf)+n]
		if err := chk.check(name, buf, rerr == io.EOF); err != nil {
			return nil, name, err
		}
		if int64(len(buf)) > int64(in.limit) {
			return nil, name, in.tooBig(name, -1)
		}
		if rerr == io.EOF {
			if afterInput != nil && size < 0 {
				afterInput(len(buf))
			}
			return buf, name, nil
		}
		if rerr != nil {
			return nil, name, rerr
		}
	}
}

// textChecker follows MLIR's lexer far enough to tell where text may hold
// any byte (string literals and comments, which MLIR's lexer takes as
// bytes) from where only ASCII tokens and white space can appear. A NUL is
// refused everywhere: MLIR's lexer takes it as the end of the buffer.
type textChecker struct {
	done      int // bytes checked
	line, col int
	state     textState
}

type textState uint8

// plainCode marks the bytes that need no look in code: printable ASCII
// other than the starts of strings and comments, and tabs.
var plainCode = func() (t [256]bool) {
	for b := ' '; b < 0x7f; b++ {
		t[b] = b != '"' && b != '/'
	}
	t['\t'], t['\r'] = true, true
	return t
}()

// plainRun returns the end of the run of plain code in src from i. The
// loop keeps its index in a register (c.done, stored and reloaded through
// the pointer at each byte, took twice as long) and looks at eight bytes
// at a time while none of them needs a look.
func plainRun(src []byte, i int) int {
	const ones, highs = 0x0101010101010101, 0x8080808080808080
	for ; i+8 <= len(src); i += 8 {
		x := binary.LittleEndian.Uint64(src[i:])
		// A byte below ' ' or from 0x7f up, a '"' or a '/' stops the word:
		// each test sets the byte's high bit (and maybe later ones').
		stop := (x-' '*ones)&^x | (x + ones) | x
		q, s := x^'"'*ones, x^'/'*ones
		stop |= (q-ones)&^q | (s-ones)&^s
		if stop&highs != 0 {
			break
		}
	}
	for i < len(src) && plainCode[src[i]] {
		i++
	}
	return i
}

const (
	inCode textState = iota
	afterSlash
	inComment
	inString
	inStringEscape
)

// check checks src from where the last call stopped; last says that src
// is the whole input (else a UTF-8 sequence cut at its end waits).
func (c *textChecker) check(name string, src []byte, last bool) error {
	for ; c.done < len(src); c.done++ {
		// Fast paths: runs of plain code, and comments up to their line's end.
		if c.state == inCode {
			start := c.done
			c.done = plainRun(src, c.done)
			c.col += c.done - start
			if c.done == len(src) {
				return nil
			}
		} else if c.state == inComment {
			rest := src[c.done:]
			if end := bytes.IndexByte(rest, '\n'); end >= 0 {
				rest = rest[:end]
			}
			if bytes.IndexByte(rest, 0) < 0 {
				c.done += len(rest)
				c.col += len(rest)
				if c.done == len(src) {
					return nil
				}
			}
		}
		b := src[c.done]
		if b >= 0x80 && (c.state == inCode || c.state == afterSlash) && !last && !utf8.FullRune(src[c.done:]) {
			return nil
		}
		c.col++
		switch {
		case b == 0:
			return c.errorf(name, "a NUL byte cannot appear in MLIR text (is this a binary file?)")
		case b == '\n':
			// Strings end at a line's end too (MLIR reports it).
			c.line, c.col, c.state = c.line+1, 0, inCode
			continue
		}
		switch c.state {
		case inComment:
			continue
		case inString:
			if b == '\\' {
				c.state = inStringEscape
			} else if b == '"' {
				c.state = inCode
			}
			continue
		case inStringEscape:
			c.state = inString
			continue
		case afterSlash:
			c.state = inCode
			if b == '/' {
				c.state = inComment
				continue
			}
		}
		switch {
		case b == '"':
			c.state = inString
		case b == '/':
			c.state = afterSlash
		case b >= 0x80:
			r, _ := utf8.DecodeRune(src[c.done:])
			if r == utf8.RuneError {
				return c.errorf(name, "invalid UTF-8: MLIR text holds such bytes only in strings and comments (is this a binary file?)")
			}
			return c.errorf(name, "unexpected character %q: MLIR text outside strings and comments is ASCII", r)
		case b < ' ' && b != '\t' && b != '\r' || b == 0x7f:
			return c.errorf(name, "control character 0x%02x cannot appear in MLIR text outside a string or comment", b)
		}
	}
	return nil
}

func (c *textChecker) errorf(name, format string, args ...any) error {
	return &inputError{fmt.Sprintf("%s:%d:%d: error: %s", name, c.line, c.col, fmt.Sprintf(format, args...))}
}

// spirvHeader is the size of a SPIR-V module's header, in bytes.
const spirvHeader = 20

// readSPIRV reads a SPIR-V binary: its header is checked (magic in either
// byte order, version) before the rest is read, and its length must be
// whole words.
func (in *input) readSPIRV(path string, stdin io.Reader) (b []byte, name string, err error) {
	r, name, size, done, err := in.open(path, stdin)
	if err != nil {
		return nil, name, err
	}
	defer done()
	if size > int64(in.limit) {
		return nil, name, in.tooBig(name, size)
	}
	head := make([]byte, spirvHeader)
	n, err := io.ReadFull(r, head)
	if err != nil && !errors.Is(err, io.ErrUnexpectedEOF) && err != io.EOF {
		return nil, name, err
	}
	head = head[:n]
	if n >= 4 {
		magic := binary.LittleEndian.Uint32(head)
		order := binary.ByteOrder(binary.LittleEndian)
		switch magic {
		case spv.MagicNumber:
		case bits.ReverseBytes32(spv.MagicNumber):
			order = binary.BigEndian
		default:
			return nil, name, &inputError{fmt.Sprintf("%s: not a SPIR-V binary (magic 0x%08x, want 0x%08x)", name, magic, spv.MagicNumber)}
		}
		if n >= 8 {
			v := spv.Version(order.Uint32(head[4:]))
			if v&0xFF0000FF != 0 || v.Major() != 1 || v > spv.MaxVersion {
				return nil, name, &inputError{fmt.Sprintf("%s: SPIR-V version word 0x%08x is not a version 1.0 to %v", name, uint32(v), spv.MaxVersion)}
			}
		}
	}
	if n < spirvHeader {
		return nil, name, &inputError{fmt.Sprintf("%s: not a SPIR-V binary: %d bytes, the header alone takes %d", name, n, spirvHeader)}
	}
	if size >= 0 && size%4 != 0 {
		return nil, name, &inputError{fmt.Sprintf("%s: a SPIR-V binary is whole 4-byte words, this one is %d bytes", name, size)}
	}
	rest, err := io.ReadAll(io.LimitReader(r, int64(in.limit)-spirvHeader+1))
	if err != nil {
		return nil, name, err
	}
	b = append(head, rest...)
	if int64(len(b)) > int64(in.limit) {
		return nil, name, in.tooBig(name, -1)
	}
	if len(b)%4 != 0 {
		return nil, name, &inputError{fmt.Sprintf("%s: a SPIR-V binary is whole 4-byte words, this one is %d bytes", name, len(b))}
	}
	if afterInput != nil {
		afterInput(len(b))
	}
	return b, name, nil
}

// reportInput prints an error from reading the input: an inputError is
// complete, anything else (a missing file) is prefixed with the command.
func reportInput(cmd string, err error, stderr io.Writer) {
	if e, ok := err.(*inputError); ok {
		fmt.Fprintln(stderr, e.msg)
		return
	}
	fmt.Fprintf(stderr, "%s: %v\n", cmd, err)
}
