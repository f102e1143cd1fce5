package pass

import (
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// OptionKind is the type of an option's value, one of MLIR's option
// types; a value that does not parse as its kind is a pipeline parse
// error with llvm::cl's wording, as in mlir-opt.
type OptionKind uint8

const (
	// StringOption values are any text (std::string).
	StringOption OptionKind = iota
	// BoolOption values are true, false, 1 or 0 (and True, TRUE, ...); a
	// bare key means true.
	BoolOption
	// IntOption values are 32-bit signed integers (int).
	IntOption
	// ListOption values are comma-separated elements of kind Elem.
	ListOption
	// UnsignedOption values are 32-bit unsigned integers (unsigned).
	UnsignedOption
	// Int64Option values are 64-bit signed integers (int64_t).
	Int64Option
	// EnumOption values are one of Option.Values.
	EnumOption
	// Uint64Option values are 64-bit unsigned integers (uint64_t).
	Uint64Option
)

// Option declares one pass option.
type Option struct {
	Name    string
	Help    string
	Kind    OptionKind
	Default string
	// Elem is a ListOption's element kind (StringOption when unset).
	Elem OptionKind
	// Values are an EnumOption's allowed values.
	Values []string
	// Check, when set, validates a value beyond its kind as the option is
	// set (so a pipeline's bad value is an error located in its text): it
	// gets the normalized value (a list's elements joined by commas) and
	// returns the error as the pass words it.
	Check func(value string) error
}

// Options holds the values of a pass's declared options.
type Options struct {
	decl []Option
	vals map[string]string
	// given marks the lists set at least once: a list given twice gets
	// both occurrences' elements, as llvm::cl::list.
	given map[string]bool
}

func newOptions(decl []Option) *Options {
	o := &Options{decl: decl, vals: map[string]string{}, given: map[string]bool{}}
	for _, d := range decl {
		o.vals[d.Name] = d.Default
	}
	return o
}

func (o *Options) find(name string) (Option, bool) {
	for _, d := range o.decl {
		if d.Name == name {
			return d, true
		}
	}
	return Option{}, false
}

// Set validates and sets an option from its text form. The errors have
// MLIR's wording ("no such option x", "for the --x option: ...").
func (o *Options) Set(name, value string) error {
	d, ok := o.find(name)
	if !ok {
		return fmt.Errorf("no such option %s", name)
	}
	if d.Kind != ListOption {
		v, err := scalarValue(d, d.Kind, value)
		if err != nil {
			return err
		}
		if d.Check != nil {
			if err := d.Check(v); err != nil {
				return err
			}
		}
		o.vals[name] = v
		return nil
	}
	var elems []string
	if value != "" {
		elems = strings.Split(value, ",")
	}
	for i, e := range elems {
		v, err := scalarValue(d, d.Elem, e)
		if err != nil {
			return err
		}
		elems[i] = v
	}
	if prev := o.vals[name]; o.given[name] && prev != "" {
		elems = append([]string{prev}, elems...)
	}
	v := strings.Join(elems, ",")
	if d.Check != nil {
		if err := d.Check(v); err != nil {
			return err
		}
	}
	o.given[name] = true
	o.vals[name] = v
	return nil
}

// scalarValue checks v against kind and returns it normalized (integers
// in decimal, booleans as true or false).
func scalarValue(d Option, kind OptionKind, v string) (string, error) {
	bad := func(format string, args ...any) error {
		return fmt.Errorf("for the --%s option: %s", d.Name, fmt.Sprintf(format, args...))
	}
	integer := func(bits int, signed bool, what string) (string, error) {
		// llvm's getAsInteger with radix 0: decimal, 0x, 0b, 0o or a
		// leading 0 for octal; Go's digit separators, + sign and 0O
		// prefix are not accepted.
		if !strings.ContainsAny(v, "_+O") {
			if signed {
				if n, err := strconv.ParseInt(v, 0, bits); err == nil {
					return strconv.FormatInt(n, 10), nil
				}
			} else if n, err := strconv.ParseUint(v, 0, bits); err == nil {
				return strconv.FormatUint(n, 10), nil
			}
		}
		return "", bad("'%s' value invalid for %s argument!", v, what)
	}
	switch kind {
	case BoolOption:
		switch v {
		case "", "true", "True", "TRUE", "1":
			return "true", nil
		case "false", "False", "FALSE", "0":
			return "false", nil
		}
		return "", bad("'%s' is invalid value for boolean argument! Try 0 or 1", v)
	case IntOption:
		return integer(32, true, "integer")
	case UnsignedOption:
		return integer(32, false, "uint")
	case Int64Option:
		return integer(64, true, "long")
	case Uint64Option:
		return integer(64, false, "ulong")
	case EnumOption:
		if !slices.Contains(d.Values, v) {
			return "", bad("Cannot find option named '%s'!", v)
		}
	}
	return v, nil
}

// Bool returns a boolean option's value.
func (o *Options) Bool(name string) bool { return o.vals[name] == "true" }

// Int returns an integer option's value.
func (o *Options) Int(name string) int {
	n, _ := strconv.Atoi(o.vals[name])
	return n
}

// Ints returns the elements of a list of integers.
func (o *Options) Ints(name string) []int64 {
	var out []int64
	for _, e := range o.List(name) {
		n, _ := strconv.ParseInt(e, 10, 64)
		out = append(out, n)
	}
	return out
}

// String returns an option's value as text.
func (o *Options) String(name string) string { return o.vals[name] }

// List returns a list option's elements.
func (o *Options) List(name string) []string {
	if o.vals[name] == "" {
		return nil
	}
	return strings.Split(o.vals[name], ",")
}

// text prints the options as MLIR's PassOptions::print: {a=1 b=x} with
// every declared option, sorted by name and separated by a space; a list
// prints as name={x,y}, or as nothing when it is empty (its separating
// space left in); "" when the pass has no options. A string value goes in
// braces when it holds a space before any brace or quote, as in MLIR; one
// that MLIR's form would not read back (a value with unbalanced braces, a
// tab or newline, a leading quote) is quoted as optionValue reads it.
func (o *Options) text() string {
	if len(o.decl) == 0 {
		return ""
	}
	decls := slices.SortedFunc(slices.Values(o.decl), func(x, y Option) int { return strings.Compare(x.Name, y.Name) })
	var b strings.Builder
	b.WriteByte('{')
	for i, d := range decls {
		if i > 0 {
			b.WriteByte(' ')
		}
		v := o.vals[d.Name]
		switch d.Kind {
		case ListOption:
			if v == "" {
				continue
			}
			elems := strings.Split(v, ",")
			for j, e := range elems {
				elems[j] = mlirValue(e)
			}
			v = "{" + strings.Join(elems, ",") + "}"
			if got, n, err := optionValue(v); err != nil || n != len(v) || got != strings.Join(elems, ",") {
				v = quoteValue(o.vals[d.Name])
			}
		case IntOption, UnsignedOption, Int64Option:
			v = strconv.Itoa(o.Int(d.Name))
		case BoolOption:
			v = strconv.FormatBool(o.Bool(d.Name))
		default:
			if m := mlirValue(v); readsBack(m, v) {
				v = m
			} else {
				v = quoteValue(v)
			}
		}
		b.WriteString(d.Name + "=" + v)
	}
	b.WriteByte('}')
	return b.String()
}

// mlirValue is a string value as MLIR prints it: in braces when it holds a
// space not preceded by a brace or quote.
func mlirValue(v string) string {
	space := strings.IndexByte(v, ' ')
	if space < 0 {
		return v
	}
	if esc := strings.IndexAny(v, "{'\""); esc >= 0 && esc < space {
		return v
	}
	return "{" + v + "}"
}

// readsBack reports whether text, followed by a space or a '}', reads back
// as the value v.
func readsBack(text, v string) bool {
	got, n, err := optionValue(text + " ")
	return err == nil && n == len(text) && got == v
}

// parseOptions sets options from the text between a pass's braces:
// space-separated `key`, `key=value`, where a value may be quoted with '
// or " or wrapped in {} to hold spaces.
// An error returns the byte offset in text of the option it is about.
func (o *Options) parse(text string) (int, error) {
	for i := 0; i < len(text); {
		if isSpace(text[i]) {
			i++
			continue
		}
		start := i
		for i < len(text) && !isSpace(text[i]) && text[i] != '=' {
			i++
		}
		key := text[start:i]
		value, at := "", start
		if i < len(text) && text[i] == '=' {
			i++
			v, n, err := optionValue(text[i:])
			if err != nil {
				return i, err
			}
			value, at, i = v, i, i+n
		}
		if _, ok := o.find(key); !ok {
			return start, fmt.Errorf("no such option %s", key)
		}
		if err := o.Set(key, value); err != nil {
			// A check's error in a pipeline held by the value (inline's
			// default-pipeline) points into the value's text.
			var se *SyntaxError
			if errors.As(err, &se) && se.Text == value {
				if strings.IndexByte(`'"{`, text[at]) >= 0 {
					at++
				}
				return at + se.Offset, errors.New(se.Msg)
			}
			return at, err
		}
	}
	return 0, nil
}

// quoteValue writes a value as optionValue reads it back: bare when it
// has no spaces, braces or quotes, in {} when its braces balance, else in
// the quotes it does not contain (a value that contains ' and unbalanced
// braces was read from "...").
func quoteValue(v string) string {
	switch {
	case v != "" && !strings.ContainsAny(v, " \t\n\r{}'\""):
		return v
	case braceEnd("{"+v+"}") == len(v)+1:
		return "{" + v + "}"
	case !strings.Contains(v, "'"):
		return "'" + v + "'"
	}
	return `"` + v + `"`
}

// braceEnd returns the index of the '}' that closes the '{' at s[0], or -1.
// As in MLIR, a quote with a closing quote after it hides the braces
// between them; one without is an ordinary character.
func braceEnd(s string) int {
	depth := 0
	for j := 0; j < len(s); j++ {
		switch s[j] {
		case '\'', '"':
			if k := strings.IndexByte(s[j+1:], s[j]); k >= 0 {
				j += k + 1
			}
		case '{':
			depth++
		case '}':
			if depth--; depth == 0 {
				return j
			}
		}
	}
	return -1
}

// optionValue reads one value and returns it with the bytes it took.
func optionValue(s string) (string, int, error) {
	if s == "" {
		return "", 0, nil
	}
	switch s[0] {
	case '\'', '"':
		if j := strings.IndexByte(s[1:], s[0]); j >= 0 {
			return s[1 : 1+j], j + 2, nil
		}
		return "", 0, fmt.Errorf("unterminated quote in option value %s", s)
	case '{':
		if j := braceEnd(s); j >= 0 {
			return s[1:j], j + 1, nil
		}
		return "", 0, fmt.Errorf("missing closing '}' while processing pass options")
	}
	j := 0
	for j < len(s) && !isSpace(s[j]) {
		j++
	}
	if braceEnd("{"+s[:j]+"}") != j+1 {
		return "", 0, fmt.Errorf("unbalanced braces in option value %s: quote it", s[:j])
	}
	return s[:j], j, nil
}

func isSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\r' }
