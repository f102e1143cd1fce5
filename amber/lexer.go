package amber

import (
	"strings"
)

// A token is a word of the script; eol marks the end of a line and eof
// the end of the file (text is empty for both).
type token struct {
	text     string
	pos      Pos
	eol, eof bool
}

// lexer splits a script into whitespace-separated words, dropping `#`
// comments and joining lines that end in a backslash.
type lexer struct {
	lines  []string
	line   int // index into lines
	col    int // byte index into lines[line]
	peeked *token
}

func newLexer(src string) *lexer {
	return &lexer{lines: strings.Split(strings.ReplaceAll(src, "\r\n", "\n"), "\n")}
}

func (l *lexer) peek() token {
	if l.peeked == nil {
		t := l.scan()
		l.peeked = &t
	}
	return *l.peeked
}

func (l *lexer) next() token {
	t := l.peek()
	l.peeked = nil
	return t
}

func (l *lexer) scan() token {
	for {
		if l.line >= len(l.lines) {
			return token{eof: true, pos: Pos{len(l.lines), 1}}
		}
		s := l.lines[l.line]
		for l.col < len(s) && (s[l.col] == ' ' || s[l.col] == '\t') {
			l.col++
		}
		if l.col >= len(s) || s[l.col] == '#' {
			t := token{eol: true, pos: Pos{l.line + 1, l.col + 1}}
			l.line, l.col = l.line+1, 0
			return t
		}
		start := l.col
		for l.col < len(s) && s[l.col] != ' ' && s[l.col] != '\t' {
			l.col++
		}
		text := s[start:l.col]
		if text == `\` && strings.TrimSpace(s[l.col:]) == "" {
			l.line, l.col = l.line+1, 0
			continue
		}
		return token{text: text, pos: Pos{l.line + 1, start + 1}}
	}
}

// rawUntilEnd returns the lines from the current one (the lexer is at the
// start of a line, after an eol token) up to the line whose first word is
// END, and the number of the first of them; the lexer goes on after END.
// ok is false when the file ends first.
func (l *lexer) rawUntilEnd() (text string, first int, ok bool) {
	first = l.line + 1
	var b strings.Builder
	for ; l.line < len(l.lines); l.line++ {
		f := strings.Fields(l.lines[l.line])
		if len(f) > 0 && f[0] == "END" && (len(f) == 1 || strings.HasPrefix(f[1], "#")) {
			l.line++
			return b.String(), first, true
		}
		b.WriteString(l.lines[l.line])
		b.WriteByte('\n')
	}
	return b.String(), first, false
}
