package npy

import (
	"fmt"
	"strconv"
	"strings"
)

// header is what a .npy header says.
type header struct {
	descr     string
	elem      string
	bigEndian bool
	shape     []int64
}

// headerParser reads the header, a Python dict literal such as
// {'descr': '<f4', 'fortran_order': False, 'shape': (2, 3), }, padded with
// spaces and a newline. base is the header's offset in the file.
type headerParser struct {
	s    []byte
	i    int
	base int
}

func parseHeader(s []byte, base int) (*header, error) {
	p := &headerParser{s: s, base: base}
	var h header
	seen := map[string]bool{}
	if err := p.expect('{'); err != nil {
		return nil, err
	}
	for {
		if p.peek() == '}' {
			p.i++
			break
		}
		p.space()
		at := p.i
		key, err := p.str()
		if err != nil {
			return nil, err
		}
		if seen[key] {
			return nil, p.errAt(at, "the key '%s' appears twice", key)
		}
		seen[key] = true
		if err := p.expect(':'); err != nil {
			return nil, err
		}
		switch key {
		case "descr":
			p.space()
			at := p.i
			d, err := p.str()
			if err != nil {
				return nil, err
			}
			if err := h.setDescr(d); err != nil {
				return nil, p.errAt(at, "%v", err)
			}
		case "fortran_order":
			p.space()
			at := p.i
			switch {
			case p.word("False"):
			case p.word("True"):
				return nil, p.errAt(at, "the array is in Fortran (column-major) order; save it in C order (numpy.ascontiguousarray)")
			default:
				return nil, p.errAt(at, "fortran_order wants True or False")
			}
		case "shape":
			if h.shape, err = p.tuple(); err != nil {
				return nil, err
			}
		default:
			return nil, p.errAt(at, "unknown key '%s' (a .npy header has descr, fortran_order and shape)", key)
		}
		if p.peek() == ',' {
			p.i++
		} else if p.peek() != '}' {
			return nil, p.errAt(p.i, "expected ',' or '}'")
		}
	}
	for ; p.i < len(p.s); p.i++ {
		if c := p.s[p.i]; c != ' ' && c != '\n' && c != '\t' && c != '\r' && c != 0 {
			return nil, p.errAt(p.i, "unexpected %q after the header's dict", c)
		}
	}
	for _, k := range []string{"descr", "fortran_order", "shape"} {
		if !seen[k] {
			return nil, p.errAt(len(p.s), "the header has no '%s'", k)
		}
	}
	return &h, nil
}

// setDescr reads a NumPy type string such as '<f4'.
func (h *header) setDescr(d string) error {
	h.descr = d
	code := d
	if code != "" && strings.ContainsRune("<>|=", rune(code[0])) {
		h.bigEndian = code[0] == '>'
		code = code[1:]
	}
	if code == "?" {
		code = "b1"
	}
	e, ok := dtypes[code]
	if !ok {
		return fmt.Errorf("element type '%s': this reader takes bool, int8-64, uint8-64, float16, float32 and float64", d)
	}
	h.elem = e
	return nil
}

func (p *headerParser) errAt(i int, format string, args ...any) error {
	return errorf(p.base+i, format, args...)
}

func (p *headerParser) space() {
	for p.i < len(p.s) && (p.s[p.i] == ' ' || p.s[p.i] == '\t' || p.s[p.i] == '\n' || p.s[p.i] == '\r') {
		p.i++
	}
}

// peek returns the next byte after spaces, 0 at the end.
func (p *headerParser) peek() byte {
	p.space()
	if p.i >= len(p.s) {
		return 0
	}
	return p.s[p.i]
}

func (p *headerParser) expect(c byte) error {
	if p.peek() != c {
		return p.errAt(p.i, "expected '%c'", c)
	}
	p.i++
	return nil
}

func (p *headerParser) word(w string) bool {
	if strings.HasPrefix(string(p.s[p.i:]), w) {
		p.i += len(w)
		return true
	}
	return false
}

// str reads a quoted string without escapes (keys and type strings have none).
func (p *headerParser) str() (string, error) {
	q := p.peek()
	if q != '\'' && q != '"' {
		return "", p.errAt(p.i, "expected a quoted string")
	}
	start := p.i
	for j := p.i + 1; j < len(p.s); j++ {
		switch p.s[j] {
		case q:
			p.i = j + 1
			return string(p.s[start+1 : j]), nil
		case '\\', '\n':
			return "", p.errAt(j, "unexpected %q in a string", p.s[j])
		}
	}
	return "", p.errAt(start, "unterminated string")
}

// tuple reads a shape: a tuple of non-negative integers.
func (p *headerParser) tuple() ([]int64, error) {
	if err := p.expect('('); err != nil {
		return nil, err
	}
	shape := []int64{}
	for {
		if p.peek() == ')' {
			p.i++
			return shape, nil
		}
		start := p.i
		for p.i < len(p.s) && p.s[p.i] >= '0' && p.s[p.i] <= '9' {
			p.i++
		}
		if start == p.i {
			return nil, p.errAt(start, "expected a dimension (a non-negative integer) or ')'")
		}
		d, err := strconv.ParseInt(string(p.s[start:p.i]), 10, 64)
		if err != nil {
			return nil, p.errAt(start, "dimension %s is too large", p.s[start:p.i])
		}
		shape = append(shape, d)
		if c := p.peek(); c == ',' {
			p.i++
		} else if c != ')' {
			return nil, p.errAt(p.i, "expected ',' or ')' in the shape")
		}
	}
}
