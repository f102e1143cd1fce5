package ir

import (
	"fmt"
	"strconv"
	"strings"
)

// maxNesting bounds the parser's recursion (ops, regions, types,
// attributes) so that hostile input gets a diagnostic rather than
// exhausting the stack.
const maxNesting = 100000

// maxRegionNesting bounds how deep regions nest, in the parser and the
// verifier. Printed IR indents each level by two spaces, so the output of
// nesting n is some 2n² bytes of indentation: far deeper than any real
// program, this keeps the printer's output within a hundred times the
// input (docs/RATIONALE.md, "Limits on input").
const maxRegionNesting = 1024

// Parser reads MLIR's text format. Dialect hooks for custom types and
// attributes read through it; op hooks read through OpParser.
type Parser struct {
	ctx  *Context
	lex  lexer
	tok  token
	file string

	typeAliases map[string]Type
	attrAliases map[string]Attribute
	pendingLocs []pendingLoc

	scopes          []*valueScope
	spareScopes     []*valueScope            // popped empty, for reuse
	customStates    []*customState           // see parseCustomOp
	opCache         *[opCacheSlots]namedInfo // see registeredInfo
	customDepth     int
	operandScratch  []*Value    // see parseGenericOp
	typeStack       []Type      // see parseFunctionType
	attrStack       []NamedAttr // see pushAttrDict
	positions       *positionTable
	defaultDialects []string
	depth           int
	regionDepth     int
	// defining is the alias whose definition is being parsed ("!a" or
	// "#a"), so that a use of it in its own body is reported as such.
	defining string
	res      *parsedResources
	// distinct maps the N of distinct[N]<...> to its attribute.
	distinct map[uint64]*DistinctAttr
}

// pendingLoc is a use of a location alias defined later in the file.
type pendingLoc struct {
	name string
	tok  token
	set  func(Location)
}

// Parse parses a file of MLIR text. Its top-level ops become the body of
// the returned builtin.module; a file holding exactly one module is that
// module. name is used in locations and diagnostics.
func Parse(ctx *Context, src, name string) (*Operation, error) {
	ctx.AddSource(name, src)
	p := newParser(ctx, src, name)
	top, err := p.parseTopLevel()
	if err != nil {
		return nil, err
	}
	if top.first != nil && top.first == top.last && top.first.info.name == "builtin.module" {
		m := top.first
		m.Remove()
		return m, nil
	}
	// The implicit module is at line 0, column 0 of the file, as MLIR's
	// parseSourceFile places it.
	m := p.ctx.NewOp(&OpState{Name: "builtin.module", Loc: p.ctx.FileLineColLoc(p.file, 0, 0), Regions: []*Region{{}}})
	body := &Block{}
	m.regs()[0].Append(body)
	for top.first != nil {
		body.Append(top.first)
	}
	return m, nil
}

// ParseSingleOp parses a file of MLIR text that holds exactly one
// top-level op and returns it, with no implicit module around it (MLIR's
// --no-implicit-module).
func ParseSingleOp(ctx *Context, src, name string) (*Operation, error) {
	ctx.AddSource(name, src)
	p := newParser(ctx, src, name)
	top, err := p.parseTopLevel()
	if err != nil {
		return nil, err
	}
	if top.first == nil || top.first != top.last {
		n := 0
		for op := top.first; op != nil; op = op.next {
			n++
		}
		return nil, Errorf(ctx.FileLineColLoc(name, 1, 1), "source must contain a single top-level operation, found: %d", n)
	}
	op := top.first
	op.Remove()
	return op, nil
}

func newParser(ctx *Context, src, name string) *Parser {
	p := &Parser{ctx: ctx, lex: newLexer(src), file: name,
		typeAliases: map[string]Type{}, attrAliases: map[string]Attribute{}, res: &parsedResources{}}
	p.tok = p.lex.next()
	return p
}

// ParseTypeString parses a standalone type.
func ParseTypeString(ctx *Context, src string) (Type, error) {
	p := newParser(ctx, src, "<type>")
	t, err := p.ParseType()
	if err != nil {
		return nil, err
	}
	if p.tok.kind != tokEOF {
		return nil, p.Errorf("unexpected text after type")
	}
	return t, nil
}

// ParseAttrString parses a standalone attribute.
func ParseAttrString(ctx *Context, src string) (Attribute, error) {
	p := newParser(ctx, src, "<attr>")
	a, err := p.ParseAttribute(nil)
	if err != nil {
		return nil, err
	}
	if p.tok.kind != tokEOF {
		return nil, p.Errorf("unexpected text after attribute")
	}
	return a, nil
}

// Context returns the parser's context.
func (p *Parser) Context() *Context { return p.ctx }

func (p *Parser) spelling() string { return p.lex.src[p.tok.start:p.tok.end] }

func (p *Parser) consume() { p.lex.scan(&p.tok) }

// Loc returns the location of the current token.
func (p *Parser) Loc() Location { return p.locOf(p.tok) }

// Pos is the place of a token. A location, once made, is stored for the
// rest of the run, so parsers keep a Pos for an error they may report and
// make its location (LocAt) only when they do.
type Pos struct{ tok token }

// Pos returns the place of the current token.
func (p *Parser) Pos() Pos { return Pos{p.tok} }

// LocAt returns the location of pos.
func (p *Parser) LocAt(pos Pos) Location { return p.locOf(pos.tok) }

func (p *Parser) locOf(t token) Location {
	if p.positions == nil {
		p.positions = p.ctx.positionsOf(p.file)
	}
	return p.positions.position(t.line, t.col)
}

// eofPrefix starts the message of an error about the end of the input,
// so that a truncated file says so whatever was expected there.
const eofPrefix = "unexpected end of input: "

// Errorf returns an error diagnostic at the current token.
func (p *Parser) Errorf(format string, args ...any) error {
	if p.tok.kind == tokError {
		msg := p.lexErrorMessage()
		if p.tok.end == len(p.lex.src) {
			msg = eofPrefix + msg
		}
		return Errorf(p.Loc(), "%s", msg)
	}
	if p.tok.kind == tokEOF {
		// As MLIR's Parser::emitError, one character back from the end.
		return Errorf(p.offsetLoc(max(p.tok.start-1, 0)), eofPrefix+format, args...)
	}
	return Errorf(p.Loc(), format, args...)
}

// offsetLoc is the location of the byte at offset i of the input.
func (p *Parser) offsetLoc(i int) Location { return p.ctx.OffsetLoc(p.file, p.lex.src, i) }

// OffsetLoc returns the location of the byte at offset i of src, the text
// of file.
func (c *Context) OffsetLoc(file, src string, i int) *FileLineColLoc {
	line := 1 + strings.Count(src[:i], "\n")
	col := i - strings.LastIndexByte(src[:i], '\n')
	return c.FileLineColLoc(file, line, col)
}

// wrongTokenf reports an unexpected token as MLIR does: when the token
// starts a line, the error points just after the last code on a previous
// line (skipping blank lines and comments), where the missing text belongs.
func (p *Parser) wrongTokenf(format string, args ...any) error {
	if p.tok.kind == tokError {
		return p.Errorf(format, args...)
	}
	src := p.lex.src
	pos := p.tok.start
	if p.tok.kind == tokEOF && pos > 0 {
		pos--
	}
	end := pos
	for {
		for end > 0 && (src[end-1] == ' ' || src[end-1] == '\t') {
			end--
		}
		if end == 0 {
			return p.Errorf(format, args...)
		}
		if c := src[end-1]; c != '\n' && c != '\r' {
			break
		}
		end--
		lineStart := strings.LastIndexAny(src[:end], "\n\r") + 1
		if i := commentStart(src[lineStart:end]); i >= 0 {
			end = lineStart + i
		}
	}
	if end == pos && p.tok.kind != tokEOF {
		return p.Errorf(format, args...)
	}
	if p.tok.kind == tokEOF {
		format = eofPrefix + format
	}
	return Errorf(p.offsetLoc(end), format, args...)
}

// commentStart is the offset of the `//` comment in line, -1 if none: a
// `//` inside a string literal ("http://...") starts none.
func commentStart(line string) int {
	inString := false
	for i := 0; i < len(line); i++ {
		switch c := line[i]; {
		case inString && c == '\\':
			i++
		case c == '"':
			inString = !inString
		case !inString && c == '/' && i+1 < len(line) && line[i+1] == '/':
			return i
		}
	}
	return -1
}

func (p *Parser) errorAt(t token, format string, args ...any) error {
	if t.kind == tokEOF {
		format = eofPrefix + format
	}
	return Errorf(p.locOf(t), format, args...)
}

func (p *Parser) lexErrorMessage() string {
	s := p.spelling()
	switch {
	case strings.HasPrefix(s, "\""):
		return "expected '\"' in string literal"
	case s == "@":
		return "@ identifier expected to start with letter or '_'"
	case s == "%":
		return "invalid SSA name"
	case s == "^":
		return "invalid block name"
	case s == "#":
		return "invalid attribute name"
	case s == "!":
		return "invalid type identifier"
	case s == "":
		return "invalid identifier"
	case s == ".":
		return "expected three consecutive dots for an ellipsis"
	}
	return fmt.Sprintf("unexpected character %q", s)
}

func (p *Parser) isPunct(s string) bool { return p.tok.kind == tokPunct && p.spelling() == s }

// ParseOptionalPunct consumes the punctuation s if it is next.
func (p *Parser) ParseOptionalPunct(s string) bool {
	if p.isPunct(s) {
		p.consume()
		return true
	}
	return false
}

// ParsePunct consumes the punctuation s or fails.
func (p *Parser) ParsePunct(s string) error {
	if !p.ParseOptionalPunct(s) {
		return p.wrongTokenf("expected '%s'", s)
	}
	return nil
}

// ParsePunctIn parses the punctuation s, which closes a list: the error
// says which one, as MLIR's parseCommaSeparatedList does ("expected ')'
// in argument list" for context " in argument list").
func (p *Parser) ParsePunctIn(s, context string) error {
	if !p.ParseOptionalPunct(s) {
		return p.wrongTokenf("expected '%s'%s", s, context)
	}
	return nil
}

// IsPunct reports whether the next token is the punctuation s.
func (p *Parser) IsPunct(s string) bool { return p.isPunct(s) }

// ParseOptionalKeyword consumes the bare word kw if it is next.
func (p *Parser) ParseOptionalKeyword(kw string) bool {
	if p.tok.kind == tokBareID && p.spelling() == kw {
		p.consume()
		return true
	}
	return false
}

// ParseKeyword consumes the bare word kw or fails.
func (p *Parser) ParseKeyword(kw string) error {
	if !p.ParseOptionalKeyword(kw) {
		if p.tok.kind == tokEOF {
			// MLIR's parseKeyword reports at the current location itself.
			return p.errorAt(p.tok, "expected '%s'", kw)
		}
		return p.wrongTokenf("expected '%s'", kw)
	}
	return nil
}

// IsKeyword reports whether the next token is the bare word kw.
func (p *Parser) IsKeyword(kw string) bool { return p.tok.kind == tokBareID && p.spelling() == kw }

// ParseOptionalKeywordAny consumes and returns any bare word.
func (p *Parser) ParseOptionalKeywordAny() (string, bool) {
	if p.tok.kind == tokBareID {
		s := p.spelling()
		p.consume()
		return s, true
	}
	return "", false
}

// ParseKeywordAny consumes a bare word or fails.
func (p *Parser) ParseKeywordAny() (string, error) {
	if s, ok := p.ParseOptionalKeywordAny(); ok {
		return s, nil
	}
	return "", p.Errorf("expected valid keyword")
}

// ParseStructParams parses MLIR's struct(params) directive, `<` name =
// value, ... `>` with the parameters in any order (what MLIR generates for
// it), calling field after each `=` to parse name's value; at is name's
// position, and field reports unknown or repeated names. With n > 0 exactly
// n parameters are read, as when every parameter is required, and a
// missing name is MLIR's "expected a parameter name in struct"; with n == 0
// any number, none included.
func (p *Parser) ParseStructParams(n int, field func(name string, at Pos) error) error {
	if err := p.ParsePunct("<"); err != nil {
		return err
	}
	if n == 0 && p.ParseOptionalPunct(">") {
		return nil
	}
	for i := 1; ; i++ {
		at := p.Pos()
		name, err := p.ParseKeywordAny()
		if err != nil {
			if n > 0 {
				return p.Errorf("expected a parameter name in struct")
			}
			return err
		}
		if err := p.ParsePunct("="); err != nil {
			return err
		}
		if err := field(name, at); err != nil {
			return err
		}
		if n > 0 {
			if i == n {
				break
			}
			if err := p.ParsePunct(","); err != nil {
				return err
			}
		} else if !p.ParseOptionalPunct(",") {
			break
		}
	}
	return p.ParsePunct(">")
}

// ParseKeywordOrString consumes a bare word or a string literal.
func (p *Parser) ParseKeywordOrString() (string, error) {
	if p.tok.kind == tokString {
		return p.ParseString()
	}
	return p.ParseKeywordAny()
}

// ParseString consumes a string literal and returns its value.
func (p *Parser) ParseString() (string, error) {
	if p.tok.kind != tokString {
		return "", p.Errorf("expected string")
	}
	s, err := p.unquote(p.tok)
	if err != nil {
		return "", err
	}
	p.consume()
	return s, nil
}

// IsString reports whether the next token is a string literal.
func (p *Parser) IsString() bool { return p.tok.kind == tokString }

func (p *Parser) unquote(t token) (string, error) {
	raw := p.lex.src[t.start+1 : t.end-1]
	if strings.IndexByte(raw, '\\') < 0 {
		return raw, nil
	}
	var b strings.Builder
	for i := 0; i < len(raw); i++ {
		c := raw[i]
		if c != '\\' {
			b.WriteByte(c)
			continue
		}
		i++
		if i >= len(raw) {
			return "", p.errorAt(t, "invalid escape in string literal")
		}
		switch e := raw[i]; {
		case e == '"' || e == '\\':
			b.WriteByte(e)
		case e == 'n':
			b.WriteByte('\n')
		case e == 't':
			b.WriteByte('\t')
		case i+1 < len(raw) && isHexDigit(e) && isHexDigit(raw[i+1]):
			v, _ := strconv.ParseUint(raw[i:i+2], 16, 8)
			b.WriteByte(byte(v))
			i++
		default:
			return "", p.errorAt(t, "unknown escape in string literal")
		}
	}
	return b.String(), nil
}

// ParseOptionalInteger parses a (possibly negative) integer literal if one is next.
func (p *Parser) ParseOptionalInteger() (int64, bool, error) {
	neg := false
	if p.isPunct("-") {
		save := p.save()
		p.consume()
		if p.tok.kind != tokInteger {
			p.restore(save)
			return 0, false, nil
		}
		neg = true
	}
	if p.tok.kind != tokInteger {
		return 0, false, nil
	}
	v, err := p.intValue()
	if err != nil {
		return 0, true, err
	}
	p.consume()
	if neg {
		v = -v
	}
	return v, true, nil
}

// ParseInteger parses a (possibly negative) integer literal.
func (p *Parser) ParseInteger() (int64, error) {
	v, ok, err := p.ParseOptionalInteger()
	if err != nil {
		return 0, err
	}
	if !ok {
		return 0, p.Errorf("expected integer value")
	}
	return v, nil
}

func (p *Parser) intValue() (int64, error) {
	u, ok := smallLiteral(p.spelling())
	if !ok {
		return 0, p.Errorf("integer value too large")
	}
	return int64(u), nil
}

// ParseFloat parses a float or integer literal, possibly negative.
func (p *Parser) ParseFloat() (float64, error) {
	neg := p.ParseOptionalPunct("-")
	var v float64
	switch p.tok.kind {
	case tokFloat, tokInteger:
		f, err := strconv.ParseFloat(p.spelling(), 64)
		if err != nil && !strings.HasPrefix(p.spelling(), "0x") {
			return 0, p.Errorf("invalid floating point literal")
		}
		if strings.HasPrefix(p.spelling(), "0x") {
			u, _ := strconv.ParseUint(p.spelling()[2:], 16, 64)
			f = float64(u)
		}
		v = f
	default:
		return 0, p.Errorf("expected floating point literal")
	}
	p.consume()
	if neg {
		v = -v
	}
	return v, nil
}

type parserState struct {
	tok           token
	pos, line, ls int
}

func (p *Parser) save() parserState {
	return parserState{tok: p.tok, pos: p.lex.pos, line: p.lex.line, ls: p.lex.lineStart}
}

func (p *Parser) restore(s parserState) {
	p.tok = s.tok
	p.lex.resetTo(s.pos, s.line, s.ls)
}

// enter guards recursion depth.
func (p *Parser) enter() error {
	p.depth++
	if p.depth > maxNesting {
		return p.Errorf("nesting too deep (more than %d levels)", maxNesting)
	}
	return nil
}

func (p *Parser) leave() { p.depth-- }

// enterRegion counts one more level of region nesting.
func (p *Parser) enterRegion() error {
	p.regionDepth++
	if p.regionDepth > maxRegionNesting {
		return p.Errorf("regions nested too deep (more than %d levels)", maxRegionNesting)
	}
	return nil
}

// parseTopLevel parses alias definitions and ops up to the end of input
// into a block of their own.
func (p *Parser) parseTopLevel() (*Block, error) {
	top := &Block{}
	p.pushIsolatedScope()
	p.pushRegionScope()
	for p.tok.kind != tokEOF {
		switch p.tok.kind {
		case tokHashID, tokBangID:
			if err := p.parseAliasDef(); err != nil {
				return nil, err
			}
		case tokFileMetaBegin:
			if err := p.parseFileMetadata(); err != nil {
				return nil, err
			}
		default:
			// Top-level ops sit in the module's region, whether the
			// parser adds it or the text holds it: an explicit module's
			// region counts as that one.
			p.regionDepth = 1
			if p.tok.kind == tokBareID && p.spelling() == "module" || p.tok.kind == tokString && p.spelling() == `"builtin.module"` {
				p.regionDepth = 0
			}
			op, err := p.parseOperation()
			if err != nil {
				return nil, err
			}
			top.Append(op)
		}
	}
	if err := p.popRegionScope(); err != nil {
		return nil, err
	}
	if err := p.popIsolatedScope(); err != nil {
		return nil, err
	}
	if err := p.resolvePendingLocs(); err != nil {
		return nil, err
	}
	return top, nil
}

func (p *Parser) parseAliasDef() error {
	t := p.tok
	name := p.spelling()[1:]
	isType := t.kind == tokBangID
	p.consume()
	if !p.isPunct("=") {
		if isType {
			return p.Errorf("expected '=' in type alias definition")
		}
		return p.Errorf("expected '=' in attribute alias definition")
	}
	if strings.Contains(name, ".") {
		if isType {
			return p.errorAt(t, "type names with a '.' are reserved for dialect-defined names")
		}
		return p.errorAt(t, "attribute names with a '.' are reserved for dialect-defined names")
	}
	p.consume()
	if isType {
		if _, dup := p.typeAliases[name]; dup {
			return p.errorAt(t, "redefinition of type alias id '%s'", name)
		}
		p.defining = "!" + name
		ty, err := p.ParseType()
		p.defining = ""
		if err != nil {
			return err
		}
		p.typeAliases[name] = ty
		return nil
	}
	if _, dup := p.attrAliases[name]; dup {
		return p.errorAt(t, "redefinition of attribute alias id '%s'", name)
	}
	p.defining = "#" + name
	a, err := p.ParseAttribute(nil)
	p.defining = ""
	if err != nil {
		return err
	}
	p.attrAliases[name] = a
	return nil
}

// undefinedAlias reports a use of an alias that is not defined (yet).
func (p *Parser) undefinedAlias(t token, sigil, id string) error {
	if p.defining == sigil+id {
		return p.errorAt(t, "alias '%s%s' refers to itself: an alias cannot be used in its own definition", sigil, id)
	}
	return p.errorAt(t, "undefined symbol alias id '%s'", id)
}

func (p *Parser) resolvePendingLocs() error {
	for _, pl := range p.pendingLocs {
		a, ok := p.attrAliases[pl.name]
		if !ok {
			return p.errorAt(pl.tok, "operation location alias was never defined")
		}
		l, ok := a.(Location)
		if !ok {
			return p.errorAt(pl.tok, "expected location, but found '%s'", AttrString(a))
		}
		pl.set(l)
	}
	p.pendingLocs = nil
	return nil
}
