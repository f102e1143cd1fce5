package ir

import (
	"strconv"
	"strings"
)

// valueScope holds the SSA names visible in an isolated-from-above region
// tree, and the forward references not yet defined.
type valueScope struct {
	values map[string]valueDef
	// numbered holds the names that are plain numbers (%0, %1, ...), by
	// number, in chunks: most names in printed IR are numbers, and chunks
	// avoid hashing, and growing a map or a slice, per op in big functions.
	numbered []*[numberedChunk]valueDef
	forward  map[valueKey]forwardRef
	regions  []*regionScope
	// defined and definedNums list the names bound in the map and in the
	// table, innermost region last, to unbind them when a region ends.
	defined     []string
	definedNums []int32
}

const numberedChunk = 128

// numberedSlack bounds how far past the table's end a numbered name may
// grow it, so that a lone %99999999 goes to the map instead.
const numberedSlack = 1 << 12

// nameNumber returns the number a name spells when it is a decimal
// number without leading zeros, small enough for the numbered table.
func (s *valueScope) nameNumber(name string) (int, bool) {
	if len(name) == 0 || len(name) > 9 || (name[0] == '0' && len(name) > 1) {
		return 0, false
	}
	n := 0
	for i := 0; i < len(name); i++ {
		c := name[i]
		if c < '0' || c > '9' {
			return 0, false
		}
		n = n*10 + int(c-'0')
	}
	if n >= len(s.numbered)*numberedChunk+numberedSlack {
		return 0, false
	}
	return n, true
}

// slot returns the table entry for n, or nil past the table's end.
func (s *valueScope) slot(n int) *valueDef {
	if n/numberedChunk >= len(s.numbered) {
		return nil
	}
	return &s.numbered[n/numberedChunk][n%numberedChunk]
}

func (s *valueScope) lookup(name string) (valueDef, bool) {
	if n, ok := s.nameNumber(name); ok {
		if d := s.slot(n); d != nil && d.len() > 0 {
			return *d, true
		}
		// A number bound while the table was shorter lives in the map.
	}
	d, ok := s.values[name]
	return d, ok
}

// bind binds a name that is not bound yet.
func (s *valueScope) bind(name string, d valueDef) {
	n, ok := s.nameNumber(name)
	if !ok {
		s.values[name] = d
		s.defined = append(s.defined, name)
		return
	}
	for n/numberedChunk >= len(s.numbered) {
		s.numbered = append(s.numbered, new([numberedChunk]valueDef))
	}
	*s.slot(n) = d
	s.definedNums = append(s.definedNums, int32(n))
}

// valueDef is what a name binds: a block argument, or a run of an op's
// results (kept as a range so that binding allocates nothing).
type valueDef struct {
	arg      *Value
	op       *Operation
	start, n int32
	// line and col locate the name's definition, for "prior use here".
	line, col int32
}

func (d valueDef) len() int {
	if d.arg != nil {
		return 1
	}
	return int(d.n)
}

func (d valueDef) at(i int) *Value {
	if d.arg != nil {
		return d.arg
	}
	return &d.op.results()[int(d.start)+i]
}

type valueKey struct {
	name string
	num  int
}

type forwardRef struct {
	placeholder *Value
	tok         token
}

// regionScope tracks the names defined in one region, to forget them when
// the region ends, and its block labels.
type regionScope struct {
	// The lengths of valueScope.defined and definedNums when the region began.
	mark, markNums int
	blocks         map[string]*blockDef
}

type blockDef struct {
	block   *Block
	defined bool
	tok     token
}

func (p *Parser) pushIsolatedScope() {
	if n := len(p.spareScopes); n > 0 {
		p.scopes = append(p.scopes, p.spareScopes[n-1])
		p.spareScopes = p.spareScopes[:n-1]
		return
	}
	p.scopes = append(p.scopes, &valueScope{values: map[string]valueDef{}, forward: map[valueKey]forwardRef{}})
}

func (p *Parser) popIsolatedScope() error {
	s := p.scopes[len(p.scopes)-1]
	p.scopes = p.scopes[:len(p.scopes)-1]
	if len(s.forward) == 0 && len(s.regions) == 0 {
		// Every name was unbound with its region: the next function can
		// reuse the scope's grown map and table.
		p.spareScopes = append(p.spareScopes, s)
		return nil
	}
	if len(s.forward) > 0 {
		var first *forwardRef
		var firstKey valueKey
		for k, f := range s.forward {
			if first == nil || f.tok.start < first.tok.start {
				f := f
				first, firstKey = &f, k
			}
		}
		return p.errorAt(first.tok, "use of undeclared SSA value name '%%%s'", firstKey.name)
	}
	return nil
}

func (p *Parser) scope() *valueScope { return p.scopes[len(p.scopes)-1] }

func (p *Parser) pushRegionScope() {
	s := p.scope()
	s.regions = append(s.regions, &regionScope{mark: len(s.defined), markNums: len(s.definedNums), blocks: map[string]*blockDef{}})
}

func (p *Parser) popRegionScope() error {
	s := p.scope()
	r := s.regions[len(s.regions)-1]
	s.regions = s.regions[:len(s.regions)-1]
	for _, n := range s.defined[r.mark:] {
		delete(s.values, n)
	}
	clear(s.defined[r.mark:])
	s.defined = s.defined[:r.mark]
	for _, n := range s.definedNums[r.markNums:] {
		*s.slot(int(n)) = valueDef{}
	}
	s.definedNums = s.definedNums[:r.markNums]
	var undefined *blockDef
	var undefinedName string
	for name, b := range r.blocks {
		if !b.defined && (undefined == nil || b.tok.start < undefined.tok.start) {
			undefined, undefinedName = b, name
		}
	}
	if undefined != nil {
		return p.errorAt(undefined.tok, "reference to an undefined block '^%s'", undefinedName)
	}
	return nil
}

// defineValues binds %name to a group of values.
func (p *Parser) defineValues(name string, tok token, vals valueDef) error {
	s := p.scope()
	if prev, dup := s.lookup(name); dup {
		d := p.errorAt(tok, "redefinition of SSA value '%%%s'", name).(*Diagnostic)
		if prev.line > 0 {
			d.Note(p.ctx.FileLineColLoc(p.file, int(prev.line), int(prev.col)), "previously defined here")
		}
		return d
	}
	vals.line, vals.col = int32(tok.line), int32(tok.col)
	for i := 0; i < vals.len() && len(s.forward) > 0; i++ {
		v := vals.at(i)
		k := valueKey{name, i}
		if f, ok := s.forward[k]; ok {
			if f.placeholder.typ != v.typ {
				d := p.errorAt(tok, "definition of SSA value '%%%s#%d' has type '%s'", name, i, TypeString(v.typ)).(*Diagnostic)
				return d.Note(p.locOf(f.tok), "previously used here with type '%s'", TypeString(f.placeholder.typ))
			}
			f.placeholder.ReplaceAllUsesWith(v)
			delete(s.forward, k)
		}
	}
	s.bind(name, vals)
	return nil
}

// checkEntryArgName rejects a named region entry argument whose name is
// defined or referenced already, as MLIR's parseRegionBody does.
func (p *Parser) checkEntryArgName(a Argument) error {
	s := p.scope()
	var at Location
	if prev, ok := s.lookup(a.Name); ok {
		at = p.ctx.FileLineColLoc(p.file, int(prev.line), int(prev.col))
	} else if f, ok := s.forward[valueKey{a.Name, 0}]; ok {
		at = p.locOf(f.tok)
	} else {
		return nil
	}
	return p.errorAt(a.tok, "region entry argument '%%%s' is already in use", a.Name).(*Diagnostic).Note(at, "previously referenced here")
}

// UnresolvedOperand is a parsed value use whose type is not known yet.
type UnresolvedOperand struct {
	Name   string
	Number int
	tok    token
}

// resolveValue returns the value for a use with its expected type,
// creating a forward reference when the value is not defined yet.
func (p *Parser) resolveValue(u UnresolvedOperand, t Type) (*Value, error) {
	s := p.scope()
	if vals, ok := s.lookup(u.Name); ok {
		if u.Number >= vals.len() {
			return nil, p.errorAt(u.tok, "reference to invalid result number")
		}
		v := vals.at(u.Number)
		if v.typ != t {
			prior := token{line: int(vals.line), col: int(vals.col)}
			return nil, p.typeMismatch(u, t, v.typ, prior)
		}
		return v, nil
	}
	k := valueKey{u.Name, u.Number}
	if f, ok := s.forward[k]; ok {
		if f.placeholder.typ != t {
			return nil, p.typeMismatch(u, t, f.placeholder.typ, f.tok)
		}
		return f.placeholder, nil
	}
	ph := &Value{typ: t}
	s.forward[k] = forwardRef{placeholder: ph, tok: u.tok}
	return ph, nil
}

// typeMismatch is MLIR's error for a use of u as type t after a definition
// or use of it as type prev at token prior.
func (p *Parser) typeMismatch(u UnresolvedOperand, t, prev Type, prior token) error {
	return Errorf(p.locOf(u.tok), "use of value '%%%s' expects different type than prior uses: '%s' vs '%s'",
		u.Name, TypeString(t), TypeString(prev)).Note(p.locOf(prior), "prior use here")
}

func (p *Parser) parseOperandUse() (UnresolvedOperand, error) {
	if p.tok.kind != tokValueID {
		return UnresolvedOperand{}, p.Errorf("expected SSA operand")
	}
	u := UnresolvedOperand{Name: p.spelling()[1:], tok: p.tok}
	p.consume()
	if p.tok.kind == tokHashID {
		n, err := strconv.Atoi(p.spelling()[1:])
		if err != nil {
			return u, p.Errorf("invalid SSA value result number")
		}
		u.Number = n
		p.consume()
	}
	return u, nil
}

// blockRef returns the block named by a ^label in the current region,
// creating a forward reference when needed.
func (p *Parser) blockRef(name string, tok token) *Block {
	rs := p.scope().regions[len(p.scope().regions)-1]
	if b, ok := rs.blocks[name]; ok {
		return b.block
	}
	b := &blockDef{block: &Block{}, tok: tok}
	rs.blocks[name] = b
	return b.block
}

type resultDef struct {
	name  string
	count int
	tok   token
}

// parseOperation parses one op with its result bindings and location.
func (p *Parser) parseOperation() (*Operation, error) {
	if err := p.enter(); err != nil {
		return nil, err
	}
	defer p.leave()
	var resultBuf [1]resultDef // the common case, kept off the heap
	results := resultBuf[:0]
	numResults := 0
	if p.tok.kind == tokValueID {
		for {
			if p.tok.kind != tokValueID {
				return nil, p.Errorf("expected valid ssa identifier")
			}
			r := resultDef{name: p.spelling()[1:], count: 1, tok: p.tok}
			p.consume()
			if p.ParseOptionalPunct(":") {
				if p.tok.kind != tokInteger {
					return nil, p.Errorf("expected integer number of results")
				}
				n, err := strconv.Atoi(p.spelling())
				if err != nil || n < 1 {
					return nil, p.Errorf("expected named operation to have at least 1 result")
				}
				r.count = n
				p.consume()
			}
			results = append(results, r)
			numResults += r.count
			if !p.ParseOptionalPunct(",") {
				break
			}
		}
		if err := p.ParsePunctIn("=", " after SSA name"); err != nil {
			return nil, err
		}
	}
	start := p.tok
	var op *Operation
	var err error
	switch p.tok.kind {
	case tokString:
		op, err = p.parseGenericOp()
	case tokBareID:
		if _, _, isIntType := parseIntTypeName(p.spelling()); isIntType {
			// MLIR lexes i32 as an integer type, which names no op.
			return nil, p.Errorf("expected operation name in quotes")
		}
		op, err = p.parseCustomOp(numResults)
	default:
		return nil, p.Errorf("expected operation name in quotes")
	}
	if err != nil {
		return nil, err
	}
	if len(results) > 0 {
		if len(op.results()) == 0 {
			return nil, p.errorAt(start, "cannot name an operation with no results")
		}
		if len(op.results()) != numResults {
			return nil, p.errorAt(start, "operation defines %d results but was provided %d to bind", len(op.results()), numResults)
		}
		i := 0
		for _, r := range results {
			if err := p.defineValues(r.name, r.tok, valueDef{op: op, start: int32(i), n: int32(r.count)}); err != nil {
				return nil, err
			}
			i += r.count
		}
	}
	if p.IsKeyword("loc") { // checked first: the closure costs an allocation
		if err := p.parseTrailingLoc(func(l Location) { op.loc = l }); err != nil {
			return nil, err
		}
	}
	return op, nil
}

// parseTrailingLoc parses an optional loc(...) and passes it to set (now,
// or at the end of the file for aliases defined later).
func (p *Parser) parseTrailingLoc(set func(Location)) error {
	if !p.IsKeyword("loc") {
		return nil
	}
	p.consume()
	if err := p.ParsePunctIn("(", " in location"); err != nil {
		return err
	}
	if p.tok.kind == tokHashID {
		t := p.tok
		name := p.spelling()[1:]
		p.consume()
		if err := p.ParsePunctIn(")", " in location"); err != nil {
			return err
		}
		if a, ok := p.attrAliases[name]; ok {
			l, isLoc := a.(Location)
			if !isLoc {
				return p.errorAt(t, "expected location, but found '%s'", AttrString(a))
			}
			set(l)
			return nil
		}
		p.pendingLocs = append(p.pendingLocs, pendingLoc{name: name, tok: t, set: set})
		return nil
	}
	l, err := p.parseLocInner()
	if err != nil {
		return err
	}
	set(l)
	return p.ParsePunctIn(")", " in location")
}

func (p *Parser) checkOpName(name string, t token, generic bool) error {
	if p.ctx.ops[name] != nil {
		return nil
	}
	dialect := name
	if i := strings.IndexByte(name, '.'); i >= 0 {
		dialect = name[:i]
	}
	if d := p.ctx.dialects[dialect]; d != nil {
		if d.AllowUnknownOps {
			return nil
		}
		return p.errorAt(t, "unregistered operation '%s' found in dialect ('%s') that does not allow unknown operations", name, dialect)
	}
	if p.ctx.AllowsUnregisteredDialects() {
		return nil
	}
	if generic {
		return p.errorAt(t, "operation being parsed with an unregistered dialect. If this is intended, please use -allow-unregistered-dialect with the MLIR tool used")
	}
	return p.errorAt(t, "Dialect `%s' not found for custom op '%s' ", dialect, name)
}

// opCacheSlots is the size of a parser's cache of op names.
const opCacheSlots = 128

// registeredInfo returns the info of the op registered as name, or nil,
// through a cache indexed by the name's last eight bytes and length:
// each op parsed looked its name up in the context's map of all ops, 1%
// of a parse.
func (p *Parser) registeredInfo(name string) *opInfo {
	if p.opCache == nil {
		p.opCache = new([opCacheSlots]namedInfo)
	}
	h := uint64(len(name))
	for i := max(len(name)-8, 0); i < len(name); i++ {
		h = h<<8 | uint64(name[i])
	}
	e := &p.opCache[h*0x9E3779B97F4A7C15>>57]
	if e.info != nil && e.name == name {
		return e.info
	}
	info := p.ctx.infos[name]
	if info != nil {
		e.name, e.info = name, info
	}
	return info
}

func (p *Parser) parseGenericOp() (*Operation, error) {
	nameTok := p.tok
	name, err := p.ParseString()
	if err != nil {
		return nil, err
	}
	if name == "" {
		return nil, p.errorAt(nameTok, "empty operation name is invalid")
	}
	info := p.registeredInfo(name)
	if info == nil {
		if err := p.checkOpName(name, nameTok, true); err != nil {
			return nil, err
		}
	}
	st := &OpState{Name: name, Loc: p.locOf(nameTok), info: info}
	if err := p.ParsePunct("("); err != nil {
		return nil, err
	}
	var useBuf [4]UnresolvedOperand // the common case, kept off the heap
	uses := useBuf[:0]
	if !p.isPunct(")") {
		for {
			u, err := p.parseOperandUse()
			if err != nil {
				return nil, err
			}
			uses = append(uses, u)
			if !p.ParseOptionalPunct(",") {
				break
			}
		}
	}
	if err := p.ParsePunct(")"); err != nil {
		return nil, err
	}
	if def := p.ctx.ops[name]; def != nil && def.Traits&Terminator == 0 && p.isPunct("[") {
		return nil, p.Errorf("successors in non-terminator")
	}
	if p.ParseOptionalPunct("[") {
		for {
			if p.tok.kind != tokCaretID {
				return nil, p.Errorf("expected block name")
			}
			st.Successors = append(st.Successors, p.blockRef(p.spelling()[1:], p.tok))
			p.consume()
			if !p.ParseOptionalPunct(",") {
				break
			}
		}
		if err := p.ParsePunct("]"); err != nil {
			return nil, err
		}
	}
	// Both dictionaries go onto p.attrStack (regions parsed in between
	// push and pop above them) and are handed to NewOp from there.
	mark := len(p.attrStack)
	defer p.popAttrs(mark)
	if p.isPunct("<") {
		p.consume()
		if err := p.pushAttrDict(); err != nil {
			return nil, err
		}
		if err := p.ParsePunct(">"); err != nil {
			return nil, err
		}
	}
	propsEnd := len(p.attrStack)
	def := p.ctx.ops[name]
	if p.ParseOptionalPunct("(") {
		isolated := def != nil && def.Traits&IsolatedFromAbove != 0
		for {
			r := &Region{}
			if err := p.parseRegion(r, nil, isolated); err != nil {
				return nil, err
			}
			st.Regions = append(st.Regions, r)
			if !p.ParseOptionalPunct(",") {
				break
			}
		}
		if err := p.ParsePunctIn(")", " to end region list"); err != nil {
			return nil, err
		}
	}
	if p.isPunct("{") {
		if err := p.pushAttrDict(); err != nil {
			return nil, err
		}
	}
	if propsEnd > mark {
		st.Props = normalizeSegmentNames(p.attrStack[mark:propsEnd])
	}
	if len(p.attrStack) > propsEnd {
		st.Attrs = normalizeSegmentNames(p.attrStack[propsEnd:])
	}
	if def != nil && def.Format != nil {
		addFormatDefaults(p.ctx, def.Format, st)
	}
	if err := p.ParsePunctIn(":", " followed by operation type"); err != nil {
		return nil, err
	}
	typeTok := p.tok
	ft, err := p.ParseType()
	if err != nil {
		return nil, err
	}
	fn, ok := ft.(*FunctionType)
	if !ok {
		return nil, p.errorAt(typeTok, "expected function type")
	}
	if len(fn.Inputs) != len(uses) {
		return nil, p.errorAt(typeTok, "expected %d operand type%s but had %d", len(uses), plural(len(uses)), len(fn.Inputs))
	}
	// NewOp copies the operands, so a scratch slice of the parser serves
	// (regions are parsed already: nothing else uses it until NewOp returns).
	p.operandScratch = p.operandScratch[:0]
	for i, u := range uses {
		v, err := p.resolveValue(u, fn.Inputs[i])
		if err != nil {
			return nil, err
		}
		p.operandScratch = append(p.operandScratch, v)
	}
	if len(uses) > 0 {
		st.Operands = p.operandScratch
	}
	st.ResultTypes = fn.Results
	op := p.ctx.NewOp(st)
	clear(p.operandScratch) // drop the references
	return op, nil
}

func plural(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}

// normalizeSegmentNames maps MLIR 16's operand_segment_sizes spelling to
// the current operandSegmentSizes.
func normalizeSegmentNames(attrs []NamedAttr) []NamedAttr {
	for i := range attrs {
		switch attrs[i].Name {
		case "operand_segment_sizes":
			attrs[i].Name = "operandSegmentSizes"
		case "result_segment_sizes":
			attrs[i].Name = "resultSegmentSizes"
		}
	}
	return attrs
}

func (p *Parser) lookupCustomOp(name string) *OpDef {
	if info := p.lookupCustomInfo(name); info != nil {
		return info.def
	}
	return nil
}

// lookupCustomInfo returns the info of the registered op a custom op's
// name spells, or nil; NewOp takes it from the OpState rather than
// looking the name up again.
func (p *Parser) lookupCustomInfo(name string) *opInfo {
	if info := p.registeredInfo(name); info != nil {
		return info
	}
	if len(p.defaultDialects) > 0 {
		if info := p.ctx.infos[p.defaultDialects[len(p.defaultDialects)-1]+"."+name]; info != nil {
			return info
		}
	}
	return p.ctx.infos["builtin."+name]
}

func (p *Parser) parseCustomOp(numResults int) (*Operation, error) {
	nameTok := p.tok
	name := p.spelling()
	info := p.lookupCustomInfo(name)
	var def *OpDef
	if info != nil {
		def = info.def
	}
	if def == nil || def.parser() == nil {
		if def == nil && !strings.Contains(name, ".") {
			return nil, p.errorAt(nameTok, "custom op '%s' is unknown (tried '%s' as well)", name, p.qualifiedGuess(name))
		}
		if def == nil {
			if err := p.checkOpName(name, nameTok, false); err != nil {
				return nil, err
			}
			return nil, p.errorAt(nameTok, "custom op '%s' is unknown", name)
		}
		return nil, p.errorAt(nameTok, "custom op '%s' has no custom assembly form; use the generic form", name)
	}
	p.consume()
	// One state and OpParser per nesting depth, reused: custom ops nest
	// only through the regions they parse, and NewOp keeps neither.
	if p.customDepth == len(p.customStates) {
		p.customStates = append(p.customStates, &customState{})
	}
	cs := p.customStates[p.customDepth]
	p.customDepth++
	defer func() { p.customDepth-- }()
	// The lists start in the state's own arrays, which NewOp copies from.
	// Fields are set one by one: whole structs built and copied in stalled
	// on store forwarding, as in newOp.
	st := &cs.st
	st.Name, st.Loc, st.info = def.Name, p.locOf(nameTok), info
	st.Operands, st.ResultTypes, st.Attrs = cs.operands[:0], cs.resultTypes[:0], cs.attrs[:0]
	st.Props, st.Successors, st.Regions = nil, nil, nil
	op := &cs.op
	op.Parser, op.def, op.numResults, op.st, op.fmt, op.uses = p, def, numResults, st, &cs.fmt, op.uses[:0]
	if def.DefaultDialect != "" {
		p.defaultDialects = append(p.defaultDialects, def.DefaultDialect)
		defer func() { p.defaultDialects = p.defaultDialects[:len(p.defaultDialects)-1] }()
	}
	if err := def.Parse(op, st); err != nil {
		return nil, err
	}
	st.Attrs = normalizeSegmentNames(st.Attrs)
	return p.ctx.NewOp(st), nil
}

// customState is the reused state of a custom op being parsed.
type customState struct {
	st          OpState
	op          OpParser
	fmt         fmtParseState
	operands    [4]*Value
	resultTypes [2]Type
	attrs       [8]NamedAttr // a function's: its name, type, ABI, kernel, ...
}

func (p *Parser) qualifiedGuess(name string) string {
	if len(p.defaultDialects) > 0 {
		return p.defaultDialects[len(p.defaultDialects)-1] + "." + name
	}
	return "builtin." + name
}

// Argument is a parsed region argument: %name: type loc(...).
type Argument struct {
	Name    string
	Type    Type
	Loc     Location
	tok     token
	pending int // 1 + index of a pending location alias use, or 0
}

// addArgument appends a block argument for a and binds a pending location.
func (p *Parser) addArgument(b *Block, a Argument) *Value {
	v := b.AddArgument(a.Type, a.Loc)
	if a.pending > 0 {
		p.pendingLocs[a.pending-1].set = v.SetLoc
	}
	return v
}

// parseRegion parses { blocks } into r. entryArgs, when not nil, are the
// arguments of the entry block (as custom forms like func.func give them).
func (p *Parser) parseRegion(r *Region, entryArgs []Argument, isolated bool) error {
	if err := p.enter(); err != nil {
		return err
	}
	defer p.leave()
	if err := p.enterRegion(); err != nil {
		return err
	}
	defer func() { p.regionDepth-- }()
	if err := p.ParsePunct("{"); err != nil {
		return err
	}
	if isolated {
		p.pushIsolatedScope()
	}
	p.pushRegionScope()
	if p.isPunct("}") && entryArgs == nil {
		p.consume()
		if err := p.popRegionScope(); err != nil {
			return err
		}
		if isolated {
			return p.popIsolatedScope()
		}
		return nil
	}
	if entryArgs != nil || p.tok.kind != tokCaretID {
		if entryArgs != nil && p.tok.kind == tokCaretID {
			return p.Errorf("invalid block name in region with named arguments")
		}
		// The argument lists sized at once, without growing.
		entry := &Block{args: make([]*Value, 0, len(entryArgs)), argLocs: make([]Location, 0, len(entryArgs))}
		r.Append(entry)
		for _, a := range entryArgs {
			v := p.addArgument(entry, a)
			if a.Name != "" {
				if err := p.checkEntryArgName(a); err != nil {
					return err
				}
				if err := p.defineValues(a.Name, a.tok, valueDef{arg: v}); err != nil {
					return err
				}
			}
		}
		if err := p.parseBlockBody(entry); err != nil {
			return err
		}
	}
	for p.tok.kind == tokCaretID {
		if err := p.parseBlock(r); err != nil {
			return err
		}
	}
	if err := p.ParsePunct("}"); err != nil {
		return err
	}
	if err := p.popRegionScope(); err != nil {
		return err
	}
	if isolated {
		return p.popIsolatedScope()
	}
	return nil
}

func (p *Parser) parseBlock(r *Region) error {
	t := p.tok
	name := p.spelling()[1:]
	p.consume()
	rs := p.scope().regions[len(p.scope().regions)-1]
	def, ok := rs.blocks[name]
	if ok && def.defined {
		return p.errorAt(t, "redefinition of block '^%s'", name)
	}
	if !ok {
		def = &blockDef{block: &Block{}, tok: t}
		rs.blocks[name] = def
	}
	def.defined = true
	b := def.block
	r.Append(b)
	if p.ParseOptionalPunct("(") {
		for {
			// MLIR's parseSSADefOrUseAndType words these two errors.
			if p.tok.kind != tokValueID {
				return p.wrongTokenf("expected SSA operand")
			}
			save := p.save()
			p.consume()
			if !p.isPunct(":") {
				return p.wrongTokenf("expected ':' and type for SSA operand")
			}
			p.restore(save)
			a, err := p.parseArgument(true)
			if err != nil {
				return err
			}
			v := p.addArgument(b, a)
			if err := p.defineValues(a.Name, a.tok, valueDef{arg: v}); err != nil {
				return err
			}
			if !p.ParseOptionalPunct(",") {
				break
			}
		}
		if err := p.ParsePunct(")"); err != nil {
			return err
		}
	}
	if err := p.ParsePunctIn(":", " after block name"); err != nil {
		return err
	}
	return p.parseBlockBody(b)
}

func (p *Parser) parseBlockBody(b *Block) error {
	if p.parseBodyInParallel(b) {
		return nil
	}
	for p.tok.kind != tokCaretID && !p.isPunct("}") {
		if p.tok.kind == tokEOF {
			// MLIR's parseOperation words it so, at the end of the last line.
			return p.wrongTokenf("expected operation name in quotes")
		}
		op, err := p.parseOperation()
		if err != nil {
			return err
		}
		b.Append(op)
	}
	return nil
}

// parseArgument parses %name (: type)? (loc(...))?.
func (p *Parser) parseArgument(withType bool) (Argument, error) {
	if p.tok.kind != tokValueID {
		return Argument{}, p.Errorf("expected SSA identifier")
	}
	a := Argument{Name: p.spelling()[1:], tok: p.tok, Loc: p.Loc()}
	p.consume()
	if withType {
		if err := p.ParsePunct(":"); err != nil {
			return a, err
		}
		t, err := p.ParseType()
		if err != nil {
			return a, err
		}
		a.Type = t
	}
	before := len(p.pendingLocs)
	err := p.parseTrailingLoc(func(l Location) { a.Loc = l })
	if len(p.pendingLocs) > before {
		a.pending = before + 1
	}
	return a, err
}

// addFormatDefaults gives a generically written op the values of its
// DefaultValuedAttrs that it lacks, as MLIR's populateDefaultProperties does
// for every op it creates: `"gpu.barrier"() : () -> ()` has the workgroup
// scope, as the custom form's `gpu.barrier` has.
func addFormatDefaults(ctx *Context, f *Format, st *OpState) {
	for _, a := range f.Attrs {
		if a.Default != nil && !a.Optional && GetAttr(st.Props, a.Name) == nil && GetAttr(st.Attrs, a.Name) == nil {
			st.Props = append(st.Props, NamedAttr{Name: a.Name, Value: a.Default(ctx)})
		}
	}
}
