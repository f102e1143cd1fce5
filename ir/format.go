package ir

import (
	"fmt"
	"slices"
	"strings"
	"sync/atomic"
)

// Format is an op's declarative assembly format: MLIR's `assemblyFormat`
// string with the facts about the op that ODS would give it. An OpDef with a
// Format and no Parse/Print gets both derived from it when its dialect is
// loaded (format_parse.go, format_print.go), printing as MLIR's generated
// printer does.
//
// The syntax has MLIR's elements: `$name` (operand, attribute, region or
// successor), `operands` (all operands as one list), `type($x)`,
// `type(operands)`, `type(results)`,
// `functional-type($a, $b)`, `qualified(...)`, `attr-dict`,
// `attr-dict-with-keyword`, literals in backquotes (the empty literal, a
// space and `\n` control spacing), optional groups `( ... $anchor^ ... )?`
// with an optional else group `(...) : (...)?`, `oilist(`kw` ... | `kw2`
// ...)` (clauses in any order, each at most once), and `custom<Name>($a,
// type($a), ref($b), ...)` with Go hooks.
type Format struct {
	Syntax string
	// Operands, Results, Regions and Successors name the op's parts in
	// order, as ODS's arguments do; a trailing "*" marks a variadic part,
	// "?" an optional one. A variadic region part is written as
	// comma-separated regions (VariadicRegion).
	Operands, Results, Regions, Successors []string
	// Attrs describe the attributes the syntax names, and default-valued
	// ones it does not (elided from attr-dict when equal to the default).
	Attrs []FormatAttr
	// Types gives the buildable type (ODS's Index, I1) of operands and
	// results by name; such a type needs no type directive.
	Types map[string]func(*Context) Type
	// Kinds gives the type class (ODS's MemRefOf, FunctionType) of
	// operands and results by name: a written type of another class is
	// "invalid kind of type specified", as parseType<T> says.
	Kinds map[string]TypeKind
	// TypesMatch lists groups of operands and results that have one type
	// (ODS's AllTypesMatch). The op's SameTypeOperands and
	// SameOperandsAndResultType traits are used too.
	TypesMatch [][]string
	// TypesFrom derives a type from another operand, result or (typed)
	// attribute (ODS's TypesMatchWith).
	TypesFrom []TypeFrom
	// InferResults gives all result types from the operand types and the
	// parsed attributes when none is in the syntax (MLIR's
	// InferTypeOpInterface); its error is reported at the op.
	InferResults func(ctx *Context, operands []Type, attrs []NamedAttr) ([]Type, error)
	// Custom holds the hooks of the `custom<Name>` directives.
	Custom map[string]CustomDirective
	// OperandSegments names, for each VariadicOfVariadic operand (ODS's
	// VariadicOfVariadic<T, "attr">), the attribute holding the sizes of
	// its groups: a custom directive reads and writes such an operand
	// (FormatArg.Segments), and the attribute is set on parse and elided
	// from attr-dict.
	OperandSegments map[string]string
	// ImplicitTerminator is the op that ODS's
	// SingleBlockImplicitTerminator<op> names: each region parsed (by a
	// variable or a custom directive) gets it when its block does not end
	// with a terminator, as ensureTerminator does.
	ImplicitTerminator string
}

// FormatAttr describes an attribute that a format names.
type FormatAttr struct {
	Name string
	// Type, when set, is the attribute's type (ODS's IndexAttr, BoolAttr):
	// the value is printed without it and parsed as a literal of that type.
	Type func(*Context) Type
	// Parse and Print, when set, read and write the attribute's stripped
	// form (a dialect attribute without its #dialect.mnemonic prefix, as
	// printStrippedAttrOrType writes it).
	Parse func(p *Parser) (Attribute, error)
	Print func(p *Printer, a Attribute)
	// Kind, when set, is the attribute's storage class (ODS's StrAttr,
	// FlatSymbolRefAttr, TypedAttr): a parsed attribute that is not of it
	// is "invalid kind of attribute specified", as parseAttribute<T> says.
	Kind func(Attribute) bool
	// Keywords are the bare words a stripped form may start with (an enum
	// attribute's cases): an optional group that starts with the attribute
	// is present when the next token is one of them, as with the
	// parseOptionalKeyword that OpFormatGen emits for enums.
	Keywords []string
	// Default is the value of a DefaultValuedAttr: set when absent on
	// parse, and an optional group anchored on it prints only when the
	// value differs.
	Default func(*Context) Attribute
	// Optional marks a DefaultValuedOptionalAttr: Default is what an absent
	// attribute means and is elided in print, but parsing leaves the
	// attribute absent (MLIR's populateDefaultProperties skips it).
	Optional bool
	// Constraint, when set, is the attribute's ODS constraint, checked on
	// the parsed attributes once attr-dict is read, as MLIR's
	// verifyInherentAttrs does: "'op' op attribute 'name' failed to satisfy
	// constraint: ConstraintDesc".
	Constraint     func(*Context, Attribute) bool
	ConstraintDesc string
	// Str marks a StrAttr: an optional group that starts with it is present
	// when a string literal follows, as parseOptionalAttribute's StringAttr
	// form decides.
	Str bool
	// SymbolName marks a SymbolNameAttr: a string attribute written
	// `@name`, as OpFormatGen reads it with parseSymbolName.
	SymbolName bool
	// Unit marks a UnitAttr: as the anchor of an optional group (and not
	// otherwise in it) it is implied by the group's presence.
	Unit bool
}

// TypeKind is a class of types: Name (builtin.memref) and its test.
type TypeKind struct {
	Name string
	Is   func(Type) bool
}

// TypeFrom says that To's type is Transform (nil: identity) of From's.
type TypeFrom struct {
	From, To  string
	Transform func(ctx *Context, t Type) Type
	// Check, when set, is From's type constraint that Transform relies on:
	// a parsed type that fails it is an error where it was written,
	// "'From' must be Desc, but got 'T'", as OpFormatGen checks the source
	// of a TypesMatchWith before transforming it.
	Check func(Type) bool
	Desc  string
	// Types, in place of Transform, gives all the types of a variadic To
	// from From's one type (a TypesMatchWith whose transform is a range, as
	// func.call_indirect's operands take their callee's inputs).
	Types func(ctx *Context, t Type) []Type
	// First takes only the first of a variadic From's types (ODS's
	// `$_self[0]`, as affine.delinearize_index's index takes its results').
	First bool
}

// FormatArg is one argument of a custom directive: the operands (as parsed
// and as values), types, attribute, regions or successors it refers to.
// Parse hooks fill it (a `ref(...)` argument comes filled with what was
// parsed before, and is read only), Print hooks read it.
type FormatArg struct {
	Operands []UnresolvedOperand
	Values   []*Value
	Types    []Type
	Attr     Attribute
	Regions  []*Region
	Blocks   []*Block
	// Segments are the group sizes of a VariadicOfVariadic operand
	// (Format.OperandSegments) and of its types: Operands, Values and
	// Types hold the groups one after another.
	Segments []int64
}

// CustomDirective is the Go side of `custom<Name>(args)`.
type CustomDirective struct {
	Parse func(p *OpParser, args []*FormatArg) error
	Print func(p *OpPrinter, op *Operation, args []*FormatArg)
	// NewlineFirst says that Print starts with a newline or prints
	// nothing: no space is written before it (MLIR's printer leaves one
	// at the end of the line).
	NewlineFirst bool
}

// A format element's kind.
type fmtKind uint8

const (
	fLiteral    fmtKind = iota // text
	fSpace                     // text "" or " " (or "\n")
	fVar                       // ref
	fType                      // type(ref)
	fFunctional                // functional-type(args[0], args[1])
	fAttrDict                  // withKeyword
	fOptional                  // then, els, anchor
	fCustom                    // text is the name, args
	fOIList                    // clauses
)

// What a variable refers to.
type refKind uint8

const (
	rOperand refKind = iota
	rResult
	rAttr
	rRegion
	rSuccessor
	rAllOperands
	rAllResults
)

type fmtRef struct {
	kind refKind
	idx  int
}

type fmtElem struct {
	kind        fmtKind
	text        string
	ref         fmtRef
	withKeyword bool
	qualified   bool
	args        []*fmtElem
	then, els   []*fmtElem
	anchor      *fmtElem
	clauses     [][]*fmtElem
	isRef       bool // a custom directive's ref(...) argument
}

// fmtPart is a named operand, result, region or successor.
type fmtPart struct {
	name               string
	variadic, optional bool
}

// typeSource is where an operand's or result's type comes from when the
// syntax has no type directive for it.
type typeSource struct {
	seen bool // a type directive reads it
	// optional marks a type directive inside an optional group; for a
	// single operand or result, the other fields then say where its type
	// comes from when the group is absent.
	optional  bool
	from      *fmtRef
	transform func(*Context, Type) Type
	expand    func(*Context, Type) []Type
	build     func(*Context) Type
	first     bool
}

// compiledFormat is a Format checked and ready to parse and print.
type compiledFormat struct {
	def                               *OpDef
	spec                              *Format
	elems                             []*fmtElem
	operands, results, regions, succs []fmtPart
	operandTypes, resultTypes         []typeSource
	inferResults                      bool
	usedAttrs                         []string // attributes the syntax shows, elided from attr-dict
	// elided is what attr-dict leaves out of every op: usedAttrs, the
	// segment sizes and the operand segment attributes.
	elided                          []string
	allOperandTypes, allResultTypes bool
	// defaults holds each attribute's Default, made for the context last
	// asked: parsing and printing an op asked for it up to three times,
	// each a uniquing lookup.
	defaults []atomic.Pointer[ctxAttr]
}

// ctxAttr is an attribute and the context it is made in.
type ctxAttr struct {
	ctx *Context
	v   Attribute
}

// defaultAttr returns the Default of spec.Attrs[i] in ctx.
func (f *compiledFormat) defaultAttr(i int, ctx *Context) Attribute {
	if d := f.defaults[i].Load(); d != nil && d.ctx == ctx {
		return d.v
	}
	v := f.spec.Attrs[i].Default(ctx)
	f.defaults[i].Store(&ctxAttr{ctx, v})
	return v
}

// initFormat derives Parse and Print from the op's Format once, on the
// op's first parse or print: compiling the formats of all the ops a
// context loads (over 500) was most of the time a first context took,
// before kiln could start parsing, for the few ops an input uses.
func (d *OpDef) initFormat() {
	d.formatOnce.Do(func() {
		if d.Format == nil || d.Parse != nil || d.Print != nil {
			return
		}
		f, err := compileFormat(d)
		if err != nil {
			d.formatErr = fmt.Errorf("%s: assembly format: %v", d.Name, err)
			return
		}
		d.Parse, d.Print = f.parse, f.print
	})
}

// CheckFormat compiles the op's declarative assembly format now, as its
// first parse or print would, and returns what is wrong with it (nil
// without a Format). A dialect's tests call it for each op: a bad format
// is a bug in the dialect, which parsing or printing the op panics on.
func (d *OpDef) CheckFormat() error {
	d.initFormat()
	return d.formatErr
}

// parser returns the op's custom parser (Parse, or the one its Format
// derives), nil when it has none.
func (d *OpDef) parser() func(p *OpParser, st *OpState) error {
	d.mustFormat()
	return d.Parse
}

// PrintFunc returns the op's custom printer (Print, or the one its Format
// derives), nil when it prints in the generic form.
func (d *OpDef) PrintFunc() func(p *OpPrinter, op *Operation) {
	d.mustFormat()
	return d.Print
}

// mustFormat compiles the op's Format, panicking on a bad one.
func (d *OpDef) mustFormat() {
	if err := d.CheckFormat(); err != nil {
		panic(err.Error())
	}
}

func parts(names []string) []fmtPart {
	ps := make([]fmtPart, len(names))
	for i, n := range names {
		ps[i] = fmtPart{name: strings.TrimRight(n, "*?"), variadic: strings.HasSuffix(n, "*"), optional: strings.HasSuffix(n, "?")}
	}
	return ps
}

func compileFormat(d *OpDef) (*compiledFormat, error) {
	f := &compiledFormat{def: d, spec: d.Format, operands: parts(d.Format.Operands), results: parts(d.Format.Results),
		regions: parts(d.Format.Regions), succs: parts(d.Format.Successors),
		defaults: make([]atomic.Pointer[ctxAttr], len(d.Format.Attrs))}
	f.operandTypes = make([]typeSource, len(f.operands))
	f.resultTypes = make([]typeSource, len(f.results))
	c := &fmtCompiler{f: f, toks: tokenizeFormat(d.Format.Syntax), seen: map[fmtRef]bool{}}
	elems, err := c.elements(false)
	if err != nil {
		return nil, err
	}
	if c.pos < len(c.toks) {
		return nil, fmt.Errorf("unexpected '%s'", c.toks[c.pos])
	}
	f.elems = elems
	if !c.attrDict {
		return nil, fmt.Errorf("'attr-dict' directive not found")
	}
	for i, p := range f.operands {
		if !c.seen[fmtRef{rOperand, i}] {
			return nil, fmt.Errorf("operand #%d, named '%s', not found", i, p.name)
		}
	}
	for i, p := range f.regions {
		if !c.seen[fmtRef{rRegion, i}] {
			return nil, fmt.Errorf("region #%d, named '%s', not found", i, p.name)
		}
	}
	for i, p := range f.succs {
		if !c.seen[fmtRef{rSuccessor, i}] {
			return nil, fmt.Errorf("successor #%d, named '%s', not found", i, p.name)
		}
	}
	f.elided = append([]string(nil), f.usedAttrs...)
	for _, n := range []string{"operandSegmentSizes", "resultSegmentSizes"} {
		if d.isInherent(n) {
			f.elided = append(f.elided, n)
		}
	}
	for _, n := range d.Format.OperandSegments {
		f.elided = append(f.elided, n)
	}
	return f, f.resolveTypes()
}

// resolveTypes decides where each operand and result type comes from, as
// OpFormatGen's verifyOperands and verifyResults do.
func (f *compiledFormat) resolveTypes() error {
	src := map[string]typeSource{}
	seenRef := func(name string) (fmtRef, bool) {
		r, ok := f.lookup(name)
		switch {
		case !ok:
			return r, false
		case r.kind == rOperand:
			return r, f.allOperandTypes || f.operandTypes[r.idx].seen
		case r.kind == rResult:
			return r, f.allResultTypes || f.resultTypes[r.idx].seen
		case r.kind == rAttr:
			return r, f.usesAttr(f.spec.Attrs[r.idx].Name)
		}
		return r, false
	}
	same := func(includeResults bool) {
		var from *fmtRef
		for i := range f.operands {
			if r, ok := seenRef(f.operands[i].name); ok && from == nil {
				from = &r
			}
		}
		for i := range f.results {
			if r, ok := seenRef(f.results[i].name); ok && from == nil && includeResults {
				from = &r
			}
		}
		if from == nil {
			return
		}
		for _, p := range f.operands {
			src[p.name] = typeSource{from: from}
		}
		if includeResults {
			for _, p := range f.results {
				src[p.name] = typeSource{from: from}
			}
		}
	}
	if f.def.Traits&SameOperandsAndResultType != 0 {
		same(true)
	} else if f.def.Traits&SameTypeOperands != 0 {
		same(false)
	}
	for _, group := range f.spec.TypesMatch {
		for i, n := range group {
			r, ok := seenRef(n)
			if !ok {
				continue
			}
			for j, m := range group {
				if j != i {
					src[m] = typeSource{from: &r}
				}
			}
		}
	}
	for _, tf := range f.spec.TypesFrom {
		if r, ok := seenRef(tf.From); ok {
			src[tf.To] = typeSource{from: &r, transform: tf.Transform, expand: tf.Types, first: tf.First}
		}
	}
	resolve := func(what string, ps []fmtPart, ts []typeSource, all bool) error {
		for i, p := range ps {
			if s, ok := src[p.name]; ok && ts[i].optional && !all && !p.variadic && !p.optional && !f.optionalType(*s.from) {
				// An older syntax that left the type out (vector.interleave's
				// `(`->` type($result)^)?`).
				s.seen, s.optional = true, true
				ts[i] = s
			}
			if all || ts[i].seen {
				continue
			}
			if s, ok := src[p.name]; ok {
				ts[i] = s
			} else if b := f.spec.Types[p.name]; b != nil && (!p.variadic || what == "operand") {
				// A variadic operand's buildable type is each value's.
				ts[i].build = b
			} else {
				return fmt.Errorf("type of %s #%d, named '%s', is not buildable and a buildable type cannot be inferred", what, i, p.name)
			}
		}
		return nil
	}
	if len(f.results) > 0 && !f.allResultTypes && f.spec.InferResults != nil {
		anySeen := false
		for _, t := range f.resultTypes {
			anySeen = anySeen || t.seen
		}
		f.inferResults = !anySeen
	}
	if !f.inferResults {
		if err := resolve("result", f.results, f.resultTypes, f.allResultTypes); err != nil {
			return err
		}
	}
	return resolve("operand", f.operands, f.operandTypes, f.allOperandTypes)
}

// optionalType reports whether r is an operand or result whose type is read
// in an optional group.
func (f *compiledFormat) optionalType(r fmtRef) bool {
	switch r.kind {
	case rOperand:
		return f.operandTypes[r.idx].optional
	case rResult:
		return f.resultTypes[r.idx].optional
	}
	return false
}

func (f *compiledFormat) usesAttr(name string) bool {
	for _, n := range f.usedAttrs {
		if n == name {
			return true
		}
	}
	return false
}

// lookup finds a named part of the op.
func (f *compiledFormat) lookup(name string) (fmtRef, bool) {
	for i, a := range f.spec.Attrs {
		if a.Name == name {
			return fmtRef{rAttr, i}, true
		}
	}
	for k, ps := range [...][]fmtPart{rOperand: f.operands, rResult: f.results, rRegion: f.regions, rSuccessor: f.succs} {
		for i, p := range ps {
			if p.name == name {
				return fmtRef{refKind(k), i}, true
			}
		}
	}
	return fmtRef{}, false
}

// part returns the named part a reference designates.
func (f *compiledFormat) part(r fmtRef) fmtPart {
	switch r.kind {
	case rOperand:
		return f.operands[r.idx]
	case rResult:
		return f.results[r.idx]
	case rRegion:
		return f.regions[r.idx]
	case rSuccessor:
		return f.succs[r.idx]
	case rAttr:
		return fmtPart{name: f.spec.Attrs[r.idx].Name, optional: true}
	}
	return fmtPart{variadic: true}
}

// impliedAnchor returns an optional group's anchor when it is a unit
// attribute that the group's presence implies (it is neither printed nor
// parsed), or nil.
func (f *compiledFormat) impliedAnchor(e *fmtElem) *fmtElem {
	a := e.anchor
	if a.kind == fVar && a.ref.kind == rAttr && f.spec.Attrs[a.ref.idx].Unit && a != e.first() {
		return a
	}
	return nil
}

// tokenizeFormat splits a format string into `literal` (kept with its
// backquotes), $names, words and single punctuation characters.
func tokenizeFormat(s string) []string {
	var toks []string
	for i := 0; i < len(s); {
		c := s[i]
		switch {
		case c == ' ' || c == '\t' || c == '\n':
			i++
		case c == '`':
			j := strings.IndexByte(s[i+1:], '`') + i + 2 // past the closing '`'
			if j < i+2 {
				j = len(s) // unterminated: element reports it
			}
			toks = append(toks, s[i:j])
			i = j
		case c == '$' || isFormatWordChar(c):
			j := i + 1
			for j < len(s) && isFormatWordChar(s[j]) {
				j++
			}
			toks = append(toks, s[i:j])
			i = j
		default:
			toks = append(toks, s[i:i+1])
			i++
		}
	}
	return toks
}

func isFormatWordChar(c byte) bool {
	return c == '_' || c == '-' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
}

// fmtCompiler parses a format string into elements.
type fmtCompiler struct {
	f        *compiledFormat
	toks     []string
	pos      int
	seen     map[fmtRef]bool
	attrDict bool
	anchor   *fmtElem // the `^` element of the optional group being read
	inCustom bool     // reading a custom directive's arguments
	optDepth int      // how many optional groups and oilists enclose the element read
}

func (c *fmtCompiler) peek() string {
	if c.pos < len(c.toks) {
		return c.toks[c.pos]
	}
	return ""
}

func (c *fmtCompiler) next() string {
	t := c.peek()
	c.pos++
	return t
}

func (c *fmtCompiler) expect(t string) error {
	if got := c.next(); got != t {
		return fmt.Errorf("expected '%s', got '%s'", t, got)
	}
	return nil
}

// elements reads elements up to the end or, inside a group, a ')' (or
// the '|' between oilist clauses).
func (c *fmtCompiler) elements(inGroup bool) ([]*fmtElem, error) {
	var es []*fmtElem
	for c.pos < len(c.toks) && !(inGroup && (c.peek() == ")" || c.peek() == "|")) {
		e, err := c.element()
		if err != nil {
			return nil, err
		}
		if c.peek() == "^" {
			if !inGroup {
				return nil, fmt.Errorf("'^' is only valid within an optional group")
			}
			c.next()
			c.anchor = e
		}
		es = append(es, e)
	}
	return es, nil
}

func (c *fmtCompiler) element() (*fmtElem, error) {
	t := c.next()
	switch {
	case strings.HasPrefix(t, "`"):
		if len(t) < 2 || !strings.HasSuffix(t, "`") {
			return nil, fmt.Errorf("unterminated literal %s", t)
		}
		lit := t[1 : len(t)-1]
		if lit == "" || lit == " " || lit == `\n` {
			return &fmtElem{kind: fSpace, text: lit}, nil
		}
		return &fmtElem{kind: fLiteral, text: lit}, nil
	case strings.HasPrefix(t, "$"):
		r, err := c.variable(t[1:], false)
		return &fmtElem{kind: fVar, ref: r}, err
	case t == "attr-dict" || t == "attr-dict-with-keyword":
		if c.attrDict {
			return nil, fmt.Errorf("'attr-dict' directive has already been seen")
		}
		c.attrDict = true
		return &fmtElem{kind: fAttrDict, withKeyword: t != "attr-dict"}, nil
	case t == "type" || t == "qualified":
		if err := c.expect("("); err != nil {
			return nil, err
		}
		var e *fmtElem
		var err error
		if t == "type" {
			e = &fmtElem{kind: fType}
			e.ref, err = c.typeArg()
		} else {
			e, err = c.element()
			if e != nil {
				e.qualified = true
			}
		}
		if err != nil {
			return nil, err
		}
		return e, c.expect(")")
	case t == "functional-type":
		e := &fmtElem{kind: fFunctional}
		for i, end := range []string{",", ")"} {
			if i == 0 {
				if err := c.expect("("); err != nil {
					return nil, err
				}
			}
			r, err := c.typeArg()
			if err != nil {
				return nil, err
			}
			e.args = append(e.args, &fmtElem{kind: fType, ref: r})
			if err := c.expect(end); err != nil {
				return nil, err
			}
		}
		return e, nil
	case t == "operands":
		for i, p := range c.f.operands {
			if c.seen[fmtRef{rOperand, i}] {
				return nil, fmt.Errorf("'operands' directive creates overlap in format: '%s' is already bound", p.name)
			}
			c.seen[fmtRef{rOperand, i}] = true
		}
		return &fmtElem{kind: fVar, ref: fmtRef{kind: rAllOperands}}, nil
	case t == "custom":
		return c.custom()
	case t == "oilist":
		return c.oilist()
	case t == "(":
		return c.optional()
	}
	return nil, fmt.Errorf("unexpected '%s'", t)
}

// variable resolves $name; typeOnly is true inside a type directive.
func (c *fmtCompiler) variable(name string, typeOnly bool) (fmtRef, error) {
	r, ok := c.f.lookup(name)
	if !ok {
		return r, fmt.Errorf("expected variable to refer to an argument, region, result, or successor: $%s", name)
	}
	switch {
	case typeOnly && r.kind != rOperand && r.kind != rResult:
		return r, fmt.Errorf("'$%s' cannot be used in a type directive", name)
	case typeOnly:
		ts := &c.f.resultTypes
		if r.kind == rOperand {
			ts = &c.f.operandTypes
		}
		(*ts)[r.idx].seen = true
		(*ts)[r.idx].optional = c.optDepth > 0
		return r, nil
	case r.kind == rResult:
		return r, fmt.Errorf("result variables can only be used as a child to a 'type' directive")
	case r.kind == rOperand && c.f.spec.OperandSegments[name] != "" && !c.inCustom:
		return r, fmt.Errorf("'%s' is a VariadicOfVariadic operand: only a custom directive can read it", name)
	case c.seen[r]:
		return r, fmt.Errorf("'%s' is already bound", name)
	}
	c.seen[r] = true
	if r.kind == rAttr {
		c.f.usedAttrs = append(c.f.usedAttrs, name)
	}
	return r, nil
}

func (c *fmtCompiler) typeArg() (fmtRef, error) {
	switch t := c.next(); {
	case t == "operands":
		c.f.allOperandTypes = true
		return fmtRef{kind: rAllOperands}, nil
	case t == "results":
		c.f.allResultTypes = true
		return fmtRef{kind: rAllResults}, nil
	case strings.HasPrefix(t, "$"):
		return c.variable(t[1:], true)
	default:
		return fmtRef{}, fmt.Errorf("expected a variable in a type directive, got '%s'", t)
	}
}

func (c *fmtCompiler) custom() (*fmtElem, error) {
	if err := c.expect("<"); err != nil {
		return nil, err
	}
	e := &fmtElem{kind: fCustom, text: c.next()}
	if _, ok := c.f.spec.Custom[e.text]; !ok {
		return nil, fmt.Errorf("custom directive '%s' has no Go hooks", e.text)
	}
	if err := c.expect(">"); err != nil {
		return nil, err
	}
	if err := c.expect("("); err != nil {
		return nil, err
	}
	for c.peek() != ")" {
		arg, err := c.customArg()
		if err != nil {
			return nil, err
		}
		e.args = append(e.args, arg)
		if c.peek() == "," {
			c.next()
		}
	}
	c.next()
	return e, nil
}

// customArg reads one argument of a custom directive: a variable, a type
// directive or `ref(...)` of one bound earlier.
func (c *fmtCompiler) customArg() (*fmtElem, error) {
	if c.peek() != "ref" {
		c.inCustom = true
		arg, err := c.element()
		c.inCustom = false
		if err == nil && arg.kind != fVar && arg.kind != fType {
			err = fmt.Errorf("only variables and types may be used as parameters to a custom directive")
		}
		return arg, err
	}
	c.next()
	if err := c.expect("("); err != nil {
		return nil, err
	}
	arg := &fmtElem{kind: fVar, isRef: true}
	t := c.next()
	if t == "type" {
		arg.kind = fType
		if err := c.expect("("); err != nil {
			return nil, err
		}
		t = c.next()
	}
	r, ok := c.f.lookup(strings.TrimPrefix(t, "$"))
	if !strings.HasPrefix(t, "$") || !ok {
		return nil, fmt.Errorf("expected a variable in a 'ref' directive, got '%s'", t)
	}
	arg.ref = r
	bound := c.seen[r]
	if arg.kind == fType {
		t = "type(" + t + ")"
		switch r.kind {
		case rOperand:
			bound = c.f.operandTypes[r.idx].seen
		case rResult:
			bound = c.f.resultTypes[r.idx].seen
		default:
			bound = false
		}
		if err := c.expect(")"); err != nil {
			return nil, err
		}
	}
	if !bound {
		return nil, fmt.Errorf("'ref' of '%s' is not bound by a prior element", t)
	}
	return arg, c.expect(")")
}

// oilist reads `oilist(clause | clause ...)` after the keyword: each
// clause starts with a keyword literal and binds at least one variable.
func (c *fmtCompiler) oilist() (*fmtElem, error) {
	if err := c.expect("("); err != nil {
		return nil, err
	}
	c.optDepth++
	defer func() { c.optDepth-- }()
	e := &fmtElem{kind: fOIList}
	for {
		clause, err := c.elements(true)
		if err != nil {
			return nil, err
		}
		if len(clause) == 0 || clause[0].kind != fLiteral || !isKeywordLiteral(clause[0].text) {
			return nil, fmt.Errorf("oilist clause must start with a keyword")
		}
		if !slices.ContainsFunc(clause, func(el *fmtElem) bool { return el.kind == fVar }) {
			return nil, fmt.Errorf("oilist clause '%s' binds no variable", clause[0].text)
		}
		e.clauses = append(e.clauses, clause)
		if c.next() == ")" {
			return e, nil
		}
	}
}

// optional reads `( then )?` or `( then ) : ( else )?` after the '('.
func (c *fmtCompiler) optional() (*fmtElem, error) {
	outer := c.anchor
	c.anchor = nil
	c.optDepth++
	defer func() { c.anchor = outer; c.optDepth-- }()
	e := &fmtElem{kind: fOptional}
	var err error
	if e.then, err = c.elements(true); err != nil {
		return nil, err
	}
	if err := c.expect(")"); err != nil {
		return nil, err
	}
	if c.peek() == ":" {
		c.next()
		if err := c.expect("("); err != nil {
			return nil, err
		}
		anchor := c.anchor
		if e.els, err = c.elements(true); err != nil {
			return nil, err
		}
		c.anchor = anchor
		if err := c.expect(")"); err != nil {
			return nil, err
		}
	}
	if err := c.expect("?"); err != nil {
		return nil, err
	}
	e.anchor = c.anchor
	if e.anchor == nil {
		return nil, fmt.Errorf("optional group has no anchor element")
	}
	if first := e.first(); first == nil || first.kind == fAttrDict || first.kind == fCustom {
		return nil, fmt.Errorf("first parsable element of an optional group must be a literal, variable, or type directive")
	}
	if first := e.first(); first.kind == fVar && first.ref.kind == rAttr && c.f.spec.Attrs[first.ref.idx].Parse != nil && c.f.spec.Attrs[first.ref.idx].Keywords == nil {
		// Its presence could only be known by trying the hook.
		return nil, fmt.Errorf("an optional group cannot start with '%s', an attribute read by a Parse hook without Keywords", c.f.spec.Attrs[first.ref.idx].Name)
	}
	return e, nil
}

// DenseIntArrayFormat is a dense integer array attribute (ODS's
// DenseI32ArrayAttr, DenseI64ArrayAttr) of the given width as a format
// names it: the stripped form `[1, 2]` that printStrippedAttrOrType writes.
func DenseIntArrayFormat(name string, width int) FormatAttr {
	return FormatAttr{
		Name: name,
		Parse: func(p *Parser) (Attribute, error) {
			if err := p.ParsePunct("["); err != nil {
				return nil, err
			}
			var vs []int64
			for !p.ParseOptionalPunct("]") {
				if len(vs) > 0 {
					if err := p.ParsePunct(","); err != nil {
						return nil, err
					}
				}
				v, err := p.ParseInteger()
				if err != nil {
					return nil, err
				}
				vs = append(vs, v)
			}
			return p.Context().DenseIntArray(p.Context().I(width), vs), nil
		},
		Print: func(p *Printer, a Attribute) {
			da, ok := a.(*DenseArrayAttr)
			if !ok || da.Floats != nil {
				p.Attr(a) // unverified IR
				return
			}
			p.WriteByte('[')
			for i, v := range da.Ints {
				if i > 0 {
					p.WriteString(", ")
				}
				p.Int(v)
			}
			p.WriteByte(']')
		},
	}
}

// first returns an optional group's first element that is not whitespace,
// the one that tells whether the group is present (nil if none).
func (e *fmtElem) first() *fmtElem {
	for _, el := range e.then {
		if el.kind != fSpace {
			return el
		}
	}
	return nil
}
