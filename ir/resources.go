package ir

import (
	"encoding/binary"
	"encoding/hex"
	"fmt"
	"io"
	"math/bits"
	"slices"
	"strconv"
	"strings"
	"sync"
)

// Resources, as MLIR's text format has them: dense_resource<key> : T
// (DenseResourceElementsAttr) names a blob of the builtin dialect, given in
// the file's metadata section, which may follow the ops that use it:
//
//	{-#
//	  dialect_resources: { builtin: { key: "0x<alignment><data>" } },
//	  external_resources: { group: { key: true, other: "text" } }
//	#-}
//
// A blob is hex text: a little-endian 32-bit alignment, then the data. It
// is never larger than half the text that spells it. The printer writes
// the section after the top-level op with the blobs the op refers to and
// the external resources parsed into the context, which kiln opt passes
// through as mlir-opt does.

// resourceStore is a context's resources: the builtin dialect's blobs by
// key (MLIR's DialectResourceBlobManager) and the external resource groups
// parsed into it, in the order they came.
type resourceStore struct {
	mu       sync.Mutex
	handles  map[string]*ResourceHandle
	external []*externalGroup
	// takers are the handlers of external groups the parser hands over
	// rather than keeps (HandleExternalResources).
	takers map[string]func(*ResourceEntry) error
}

// ResourceHandle is a builtin dialect resource: its key, unique in the
// context, and its blob once one was given.
type ResourceHandle struct {
	key   string
	data  []byte
	align uint32
	set   bool
}

// Key returns the resource's name.
func (h *ResourceHandle) Key() string { return h.key }

// Blob returns the resource's data and alignment, and false when no blob
// was given for it.
func (h *ResourceHandle) Blob() (data []byte, align uint32, ok bool) {
	return h.data, h.align, h.set
}

// declareResource makes a handle for a resource named name. As in MLIR, a
// name that the context already holds (from another parse) gets a suffix
// _1, _2, ... so that two files' blobs never mix.
func (c *Context) declareResource(name string) *ResourceHandle {
	s := &c.resources
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.handles == nil {
		s.handles = map[string]*ResourceHandle{}
	}
	key := name
	for n := 1; s.handles[key] != nil; n++ {
		key = name + "_" + strconv.Itoa(n)
	}
	h := &ResourceHandle{key: key}
	s.handles[key] = h
	return h
}

// parsedResources maps the resource names of one parse to their handles;
// the sub-parsers of a parallel parse share it.
type parsedResources struct {
	mu     sync.Mutex
	byName map[string]*ResourceHandle
}

// resourceHandle returns the handle of resource name in this parse.
func (p *Parser) resourceHandle(name string) *ResourceHandle {
	r := p.res
	r.mu.Lock()
	defer r.mu.Unlock()
	if h := r.byName[name]; h != nil {
		return h
	}
	if r.byName == nil {
		r.byName = map[string]*ResourceHandle{}
	}
	h := p.ctx.declareResource(name)
	r.byName[name] = h
	return h
}

// DenseResourceElementsAttr is dense_resource<key> : T, elements of shaped
// type T held in a resource blob.
type DenseResourceElementsAttr struct {
	Storage
	typ ShapedType
	h   *ResourceHandle
}

// DenseResource returns the attribute for elements of type t in resource h.
func (c *Context) DenseResource(t ShapedType, h *ResourceHandle) *DenseResourceElementsAttr {
	c.usesAliasableAttrs.Store(true) // the printer's dry run collects the blobs to print
	return UniqueKey(c, NewKey("dense_resource").Type(t).Str(h.key), func() *DenseResourceElementsAttr {
		return &DenseResourceElementsAttr{typ: t, h: h}
	})
}

// Type returns the attribute's shaped type.
func (a *DenseResourceElementsAttr) Type() Type { return a.typ }

// ShapedType returns the attribute's type.
func (a *DenseResourceElementsAttr) ShapedType() ShapedType { return a.typ }

// Handle returns the resource the attribute refers to.
func (a *DenseResourceElementsAttr) Handle() *ResourceHandle { return a.h }

// Print writes dense_resource<key> : T.
func (a *DenseResourceElementsAttr) Print(p *Printer) {
	p.WriteString("dense_resource<")
	p.Keyword(a.h.key)
	p.WriteString("> : ")
	p.Type(a.typ)
}

// DenseFromRawBuffer returns the dense elements of type t that raw holds in
// MLIR's raw layout, one element (a splat) or all of them, and false when
// raw is neither (MLIR's isValidRawBuffer and getFromRawBuffer).
func (c *Context) DenseFromRawBuffer(t ShapedType, raw []byte) (*DenseElementsAttr, bool) {
	et := t.ElementType()
	if ft, ok := et.(*FloatType); ok && (ft.Kind == F80 || ft.Kind == F128) {
		return nil, false // Kiln keeps these in 8 bytes, not MLIR's 10 and 16
	}
	eb, n := elemBytes(et), NumElements(t)
	if eb == 0 || n < 0 {
		return nil, false
	}
	switch {
	case len(raw) == eb:
		return c.DenseRaw(t, raw, n != 1), true
	case len(raw)%eb == 0 && int64(len(raw)/eb) == n:
		return c.DenseRaw(t, raw, false), true
	}
	return nil, false
}

// parseDenseResourceAttr parses dense_resource<key> : T; t, when not nil,
// is the type to take when no `: T` follows.
func (p *Parser) parseDenseResourceAttr(t Type) (Attribute, error) {
	p.consume()
	if err := p.ParsePunctIn("<", " after 'dense_resource'"); err != nil {
		return nil, err
	}
	name, err := p.parseResourceKey()
	if err != nil {
		return nil, err
	}
	if err := p.ParsePunct(">"); err != nil {
		return nil, err
	}
	typeTok := p.tok
	if t == nil || p.isPunct(":") {
		if err := p.ParsePunct(":"); err != nil {
			return nil, err
		}
		typeTok = p.tok
		if t, err = p.ParseType(); err != nil {
			return nil, err
		}
	}
	st, ok := t.(ShapedType)
	if !ok {
		return nil, p.errorAt(typeTok, "`dense_resource` expected a shaped type")
	}
	return p.ctx.DenseResource(st, p.resourceHandle(name)), nil
}

// parseResourceKey parses a resource's name, a bare word or a string.
func (p *Parser) parseResourceKey() (string, error) {
	if p.tok.kind != tokBareID && p.tok.kind != tokString {
		return "", p.Errorf("expected identifier key for 'resource' entry")
	}
	return p.ParseKeywordOrString()
}

// parseListUntil parses `item (, item)*` up to and including the closing
// token, or just the closing token (MLIR's parseCommaSeparatedListUntil).
func (p *Parser) parseListUntil(closing func() bool, text string, item func() error) error {
	if !closing() {
		for {
			if err := item(); err != nil {
				return err
			}
			if !p.ParseOptionalPunct(",") {
				break
			}
		}
		if !closing() {
			return p.wrongTokenf("expected ',' or '%s'", text)
		}
	}
	p.consume()
	return nil
}

// parseFileMetadata parses the {-# ... #-} section.
func (p *Parser) parseFileMetadata() error {
	p.consume()
	return p.parseListUntil(func() bool { return p.tok.kind == tokFileMetaEnd }, "#-}", func() error {
		t := p.tok
		key, ok := p.ParseOptionalKeywordAny()
		if !ok {
			return p.Errorf("expected identifier key in file metadata dictionary")
		}
		if err := p.ParsePunct(":"); err != nil {
			return err
		}
		switch key {
		case "dialect_resources":
			return p.parseResourceGroups(p.checkResourceDialect, p.parseDialectResource)
		case "external_resources":
			return p.parseResourceGroups(nil, p.parseExternalResource)
		}
		return p.errorAt(t, "unknown key '%s' in file metadata dictionary", key)
	})
}

// parseResourceGroups parses { name: { entries }, ... }: group checks a
// group's name, body parses each of its entries.
func (p *Parser) parseResourceGroups(group func(name string, t token) error, body func(name string) error) error {
	if err := p.ParsePunct("{"); err != nil {
		return err
	}
	closeBrace := func() bool { return p.isPunct("}") }
	return p.parseListUntil(closeBrace, "}", func() error {
		t := p.tok
		name, ok := p.ParseOptionalKeywordAny()
		if !ok {
			return p.Errorf("expected identifier key for 'resource' entry")
		}
		if err := p.ParsePunct(":"); err != nil {
			return err
		}
		if err := p.ParsePunct("{"); err != nil {
			return err
		}
		if group != nil {
			if err := group(name, t); err != nil {
				return err
			}
		}
		return p.parseListUntil(closeBrace, "}", func() error { return body(name) })
	})
}

// checkResourceDialect checks that a group of dialect resources names a
// dialect of the context.
func (p *Parser) checkResourceDialect(dialect string, t token) error {
	if dialect != "builtin" && p.ctx.Dialect(dialect) == nil {
		return p.errorAt(t, "dialect '%s' is unknown", dialect)
	}
	return nil
}

// parseDialectResource parses one entry of a dialect's resources: only
// the builtin dialect has any, its blobs.
func (p *Parser) parseDialectResource(dialect string) error {
	keyTok := p.tok
	key, err := p.parseResourceKey()
	if err != nil {
		return err
	}
	if dialect != "builtin" {
		return p.errorAt(keyTok, "unknown 'resource' key '%s' for dialect '%s'", key, dialect)
	}
	if err := p.ParsePunct(":"); err != nil {
		return err
	}
	data, align, err := p.parseBlob(key)
	if err != nil {
		return err
	}
	h := p.resourceHandle(key)
	h.data, h.align, h.set = data, align, true
	return nil
}

// parseBlob parses a blob's hex string: "0x", then the alignment (four
// bytes, little-endian, zero or a power of two), then the data.
func (p *Parser) parseBlob(key string) ([]byte, uint32, error) {
	t := p.tok
	if t.kind == tokError || t.kind == tokEOF {
		return nil, 0, p.Errorf("expected hex string blob for key '%s'", key)
	}
	p.consume()
	var raw []byte
	ok := false
	if text := p.lex.src[t.start:t.end]; t.kind == tokString {
		if digits, isHex := strings.CutPrefix(text[1:len(text)-1], "0x"); isHex {
			var err error
			raw, err = hex.DecodeString(digits) // odd lengths fail too
			ok = err == nil
		}
	}
	if !ok {
		return nil, 0, p.errorAt(t, "expected hex string blob for key '%s'", key)
	}
	if len(raw) < 4 {
		return nil, 0, p.errorAt(t, "expected hex string blob for key '%s' to encode alignment in first 4 bytes", key)
	}
	align := binary.LittleEndian.Uint32(raw)
	if bits.OnesCount32(align) > 1 {
		return nil, 0, p.errorAt(t, "expected hex string blob for key '%s' to encode alignment in first 4 bytes, but got non-power-of-2 value: %d", key, align)
	}
	if len(raw) == 4 {
		return nil, 0, nil // MLIR's empty blob, which has no alignment
	}
	return raw[4:], align, nil
}

// externalGroup is a group of external resources, kept to be printed back.
type externalGroup struct {
	name    string
	entries []externalEntry
}

// externalEntry is one external resource: a bool, a string or a blob.
type externalEntry struct {
	key   string
	kind  byte // 'b' bool, 's' string, 'x' blob
	b     bool
	s     string
	data  []byte
	align uint32
}

// HandleExternalResources has the parser hand each entry of the external
// resource group name to take, instead of keeping it to print back (MLIR's
// ParserConfig::attachResourceParser); an error from take, a located one
// from the entry's methods, ends the parse.
func (c *Context) HandleExternalResources(name string, take func(*ResourceEntry) error) {
	s := &c.resources
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.takers == nil {
		s.takers = map[string]func(*ResourceEntry) error{}
	}
	s.takers[name] = take
}

// ResourceEntry is an entry of an external resource group as parsed, for
// the group's handler (MLIR's AsmParsedResourceEntry).
type ResourceEntry struct {
	Key    string
	p      *Parser
	keyTok token
	value  token
	str    string // the value of a string token
}

// Errorf returns an error located at the entry's key.
func (e *ResourceEntry) Errorf(format string, args ...any) error {
	return e.p.errorAt(e.keyTok, format, args...)
}

// AsBool returns the entry's value, true or false.
func (e *ResourceEntry) AsBool() (bool, error) {
	if e.value.kind == tokBareID {
		switch e.p.lex.src[e.value.start:e.value.end] {
		case "true":
			return true, nil
		case "false":
			return false, nil
		}
	}
	return false, e.p.errorAt(e.value, "expected 'true' or 'false' value for key '%s'", e.Key)
}

// AsString returns the entry's string value.
func (e *ResourceEntry) AsString() (string, error) {
	if e.value.kind != tokString {
		return "", e.p.errorAt(e.value, "expected string value for key '%s'", e.Key)
	}
	return e.str, nil
}

// parseExternalResource parses one external resource: into the context's
// group name, which takes any key as mlir-opt does, to print it back, or,
// for a group with a handler, into a ResourceEntry handed to it.
func (p *Parser) parseExternalResource(name string) error {
	keyTok := p.tok
	key, err := p.parseResourceKey()
	if err != nil {
		return err
	}
	if err := p.ParsePunct(":"); err != nil {
		return err
	}
	s := &p.ctx.resources
	s.mu.Lock()
	take := s.takers[name]
	s.mu.Unlock()
	if take != nil {
		// As MLIR, the value is one token, which the handler reads.
		e := &ResourceEntry{Key: key, p: p, keyTok: keyTok, value: p.tok}
		switch p.tok.kind {
		case tokString:
			if e.str, err = p.ParseString(); err != nil {
				return err
			}
		case tokEOF, tokError:
		default:
			p.consume()
		}
		return take(e)
	}
	e := externalEntry{key: key}
	switch text := p.spelling(); {
	case p.tok.kind == tokBareID && (text == "true" || text == "false"):
		e.kind, e.b = 'b', text == "true"
		p.consume()
	case p.tok.kind == tokString && strings.HasPrefix(text, `"0x`):
		e.kind = 'x'
		if e.data, e.align, err = p.parseBlob(key); err != nil {
			return err
		}
	case p.tok.kind == tokString:
		e.kind = 's'
		if e.s, err = p.ParseString(); err != nil {
			return err
		}
	default:
		return p.Errorf("expected string value for key '%s'", key)
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, g := range s.external {
		if g.name == name {
			g.entries = append(g.entries, e)
			return nil
		}
	}
	s.external = append(s.external, &externalGroup{name: name, entries: []externalEntry{e}})
	return nil
}

// printFileMetadata writes the {-# ... #-} section for the blobs of the
// resources used (in order of first use) and the external resources
// (groups, or the context's when nil), if there are any, as MLIR's printer lays it out. Under
// ElideResources an entry whose value prints longer than ResourceLimit
// characters is left out, and so is a group or section left empty; the
// section's braces stay, as in MLIR.
func (p *Printer) printFileMetadata(c *Context, used []*ResourceHandle, groups []*externalGroup) {
	opened := false
	hadSection, needSectionComma, needGroupComma := false, false, false
	group := func(section, name string, entries func(emit func(key string, value func()))) {
		hadEntry := false
		entries(func(key string, value func()) {
			if !opened {
				p.WriteString("\n{-#\n")
				opened = true
			}
			if p.opts.ElideResources {
				start := len(p.buf)
				value()
				n := len(p.buf) - start
				p.buf = p.buf[:start]
				if n > p.opts.ResourceLimit {
					return
				}
			}
			if !hadSection {
				hadSection = true
				if needSectionComma {
					p.WriteString(",\n")
				}
				p.WriteString("  " + section + "_resources: {\n")
			}
			if !hadEntry {
				hadEntry = true
				if needGroupComma {
					p.WriteString(",\n")
				}
				p.WriteString("    " + name + ": {\n")
			} else {
				p.WriteString(",\n")
			}
			p.WriteString("      ")
			p.Keyword(key)
			p.WriteString(": ")
			value()
		})
		if hadEntry {
			needGroupComma = true
			p.WriteString("\n    }")
		}
	}
	group("dialect", "builtin", func(emit func(string, func())) {
		printed := map[*ResourceHandle]bool{}
		for _, h := range used {
			if !h.set || printed[h] {
				continue
			}
			printed[h] = true
			emit(h.key, func() { p.blobHex(h.data, h.align) })
		}
	})
	if hadSection {
		p.WriteString("\n  }")
	}
	needGroupComma, needSectionComma, hadSection = false, hadSection, false
	if groups == nil {
		s := &c.resources
		s.mu.Lock()
		groups = s.external
		s.mu.Unlock()
	}
	for _, g := range groups {
		group("external", g.name, func(emit func(string, func())) {
			for _, e := range g.entries {
				emit(e.key, func() {
					switch e.kind {
					case 'b':
						p.WriteString(strconv.FormatBool(e.b))
					case 's':
						p.String(e.s)
					default:
						p.blobHex(e.data, e.align)
					}
				})
			}
		})
	}
	if hadSection {
		p.WriteString("\n  }")
	}
	if opened {
		p.WriteString("\n#-}\n")
	}
}

// blobHex writes a blob as its hex string, alignment first, in upper case
// as MLIR writes it, straight into the buffer: a blob may be large.
func (p *Printer) blobHex(data []byte, align uint32) {
	var a [4]byte
	binary.LittleEndian.PutUint32(a[:], align)
	p.buf = slices.Grow(p.buf, 2*(len(a)+len(data))+4)
	p.WriteString(`"0x`)
	for _, b := range [][]byte{a[:], data} {
		for _, c := range b {
			p.buf = append(p.buf, hexDigits[c>>4], hexDigits[c&15])
		}
	}
	p.WriteByte('"')
}

const hexDigits = "0123456789ABCDEF"

// ExternalResource is an entry of an external resource group of the file
// metadata: its key and its value, a bool or a string.
type ExternalResource struct {
	Key   string
	Value any
}

// PrintWithResources writes op as Print does, with one group of external
// resources, name holding entries, in place of those the context holds: as
// MLIR prints an op through an AsmState with that group's resource printer
// alone (the pass crash reproducer's mlir_reproducer).
func PrintWithResources(w io.Writer, op *Operation, opts PrintOptions, name string, entries []ExternalResource) error {
	g := &externalGroup{name: name}
	for _, e := range entries {
		switch v := e.Value.(type) {
		case bool:
			g.entries = append(g.entries, externalEntry{key: e.Key, kind: 'b', b: v})
		case string:
			g.entries = append(g.entries, externalEntry{key: e.Key, kind: 's', s: v})
		default:
			panic(fmt.Sprintf("external resource %s: a %T value, not a bool or a string", e.Key, e.Value))
		}
	}
	return (&Printer{opts: opts, sink: w, external: []*externalGroup{g}}).printToSink(op)
}
