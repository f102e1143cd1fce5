package pass

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// OptionKind is the type of an option's value.
type OptionKind uint8

const (
	// StringOption values are any text.
	StringOption OptionKind = iota
	// BoolOption values are true, false, 1 or 0; a bare key means true.
	BoolOption
	// IntOption values are decimal integers.
	IntOption
	// ListOption values are comma-separated strings.
	ListOption
)

// Option declares one pass option.
type Option struct {
	Name    string
	Help    string
	Kind    OptionKind
	Default string
}

// Options holds the values of a pass's declared options.
type Options struct {
	decl []Option
	vals map[string]string
}

func newOptions(decl []Option) *Options {
	o := &Options{decl: decl, vals: map[string]string{}}
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

// Set validates and sets an option from its text form.
func (o *Options) Set(name, value string) error {
	d, ok := o.find(name)
	if !ok {
		return fmt.Errorf("no such option '%s'", name)
	}
	switch d.Kind {
	case BoolOption:
		switch value {
		case "", "true", "1":
			value = "true"
		case "false", "0":
			value = "false"
		default:
			return fmt.Errorf("option '%s' wants true or false, got '%s'", name, value)
		}
	case IntOption:
		if _, err := strconv.Atoi(value); err != nil {
			return fmt.Errorf("option '%s' wants an integer, got '%s'", name, value)
		}
	}
	o.vals[name] = value
	return nil
}

// Bool returns a boolean option's value.
func (o *Options) Bool(name string) bool { return o.vals[name] == "true" }

// Int returns an integer option's value.
func (o *Options) Int(name string) int {
	n, _ := strconv.Atoi(o.vals[name])
	return n
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
		case IntOption:
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
func (o *Options) parse(text string) error {
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
		value := ""
		if i < len(text) && text[i] == '=' {
			i++
			v, n, err := optionValue(text[i:])
			if err != nil {
				return err
			}
			value, i = v, i+n
		}
		if err := o.Set(key, value); err != nil {
			return err
		}
	}
	return nil
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
		return "", 0, fmt.Errorf("unbalanced '{' in option value %s", s)
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
