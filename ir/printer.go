package ir

import (
	"io"
	"strconv"
	"strings"
)

// PrintOptions control how IR is printed (MLIR's --mlir-print-* flags).
type PrintOptions struct {
	Generic   bool // --mlir-print-op-generic: every op in generic form
	DebugInfo bool // --mlir-print-debuginfo: print locations
}

// Printer writes types, attributes and operations in MLIR's text form.
// Dialect Print hooks write through it.
type Printer struct {
	buf     []byte
	sink    io.Writer // when set, buf is flushed to it between ops
	sinkErr error
	opts    PrintOptions
	aliases map[Attribute]string // generated aliases (#map, #set)
	collect *aliasCollector      // non-nil during the alias dry run
	names   *nameState
	indent  int
	// defaultDialects is the stack of default dialects of enclosing ops.
	defaultDialects []string
	// opPrinters[i] serves the custom printer of the op at nesting depth i.
	opPrinters []*OpPrinter
	opDepth    int
}

// WriteString appends s.
func (p *Printer) WriteString(s string) { p.buf = append(p.buf, s...) }

// WriteByte appends c; it never fails.
func (p *Printer) WriteByte(c byte) error {
	p.buf = append(p.buf, c)
	return nil
}

// Int writes a decimal integer.
func (p *Printer) Int(v int64) { p.buf = strconv.AppendInt(p.buf, v, 10) }

// Type writes a type (or an alias for it).
func (p *Printer) Type(t Type) {
	if t == nil {
		p.WriteString("<<NULL TYPE>>")
		return
	}
	t.Print(p)
}

// TypeList writes types separated by ", ".
func (p *Printer) TypeList(ts []Type) {
	for i, t := range ts {
		if i > 0 {
			p.WriteString(", ")
		}
		p.Type(t)
	}
}

// FunctionResults writes a result type list: a lone non-function type bare,
// anything else in parentheses.
func (p *Printer) FunctionResults(ts []Type) {
	if len(ts) == 1 {
		if _, isFn := ts[0].(*FunctionType); !isFn {
			p.Type(ts[0])
			return
		}
	}
	p.WriteByte('(')
	p.TypeList(ts)
	p.WriteByte(')')
}

// Attr writes an attribute (or an alias for it).
func (p *Printer) Attr(a Attribute) {
	if a == nil {
		p.WriteString("<<NULL ATTRIBUTE>>")
		return
	}
	switch a.(type) {
	case *AffineMapAttr, *IntegerSetAttr:
		if p.collect != nil {
			p.collect.add(a)
		} else if name, ok := p.aliases[a]; ok {
			p.WriteString(name)
			return
		}
	}
	a.Print(p)
}

// attrMayElide writes an attribute, eliding the type of i64 and f64 values
// as MLIR does inside arrays.
func (p *Printer) attrMayElide(a Attribute) {
	switch a := a.(type) {
	case *IntegerAttr:
		a.print(p, true)
	case *FloatAttr:
		a.print(p, true)
	default:
		p.Attr(a)
	}
}

// String writes a quoted string with MLIR's escapes.
func (p *Printer) String(s string) {
	p.WriteByte('"')
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c >= 0x20 && c < 0x7f && c != '"' && c != '\\':
			p.WriteByte(c)
		default:
			p.WriteByte('\\')
			p.WriteByte("0123456789ABCDEF"[c>>4])
			p.WriteByte("0123456789ABCDEF"[c&15])
		}
	}
	p.WriteByte('"')
}

// isBareID reports whether s can be printed without quotes as a bare identifier.
func isBareID(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z':
		case i > 0 && (c >= '0' && c <= '9' || c == '$' || c == '.' || c == '-'):
		default:
			return false
		}
	}
	return true
}

// SymbolName writes @name, quoting it when needed.
func (p *Printer) SymbolName(name string) {
	p.WriteByte('@')
	if isBareID(name) && !strings.Contains(name, "-") {
		p.WriteString(name)
	} else {
		p.String(name)
	}
}

// Keyword writes a bare identifier, or a quoted string if it is not one.
func (p *Printer) Keyword(s string) {
	if isBareID(s) {
		p.WriteString(s)
	} else {
		p.String(s)
	}
}

// AttrDict writes {a = 1, b} for a list of attributes (unit values bare).
func (p *Printer) AttrDict(entries []NamedAttr) {
	p.WriteByte('{')
	for i, e := range entries {
		if i > 0 {
			p.WriteString(", ")
		}
		p.Keyword(e.Name)
		if _, unit := e.Value.(*UnitAttr); !unit {
			p.WriteString(" = ")
			p.Attr(e.Value)
		}
	}
	p.WriteByte('}')
}

func (p *Printer) dimValue(v int64) {
	if v == Dynamic {
		p.WriteByte('?')
	} else {
		p.Int(v)
	}
}

// Loc writes loc(...) for a location.
func (p *Printer) Loc(l Location) { p.Attr(l) }

// Bytes returns what has been written.
func (p *Printer) Bytes() []byte { return p.buf }

// TypeString returns the text of a type.
func TypeString(t Type) string {
	p := &Printer{}
	p.Type(t)
	return string(p.buf)
}

// AttrString returns the text of an attribute.
func AttrString(a Attribute) string {
	p := &Printer{}
	p.Attr(a)
	return string(p.buf)
}

// aliasCollector records the attributes that get aliases, in first-use order.
type aliasCollector struct {
	order []Attribute
	seen  map[Attribute]bool
}

func (c *aliasCollector) add(a Attribute) {
	if !c.seen[a] {
		c.seen[a] = true
		c.order = append(c.order, a)
	}
}

// flushThreshold is how much text a streaming printer buffers.
const flushThreshold = 64 << 10

// maybeFlush hands buffered text to the sink, between ops.
func (p *Printer) maybeFlush() {
	if p.sink != nil && len(p.buf) >= flushThreshold {
		if _, err := p.sink.Write(p.buf); err != nil && p.sinkErr == nil {
			p.sinkErr = err
		}
		p.buf = p.buf[:0]
	}
}

// Print writes op (usually a module) with its generated aliases to w,
// streaming the text rather than building it whole.
func Print(w io.Writer, op *Operation, opts PrintOptions) error {
	p := &Printer{opts: opts, sink: w}
	p.printWithAliases(op)
	if p.sinkErr != nil {
		return p.sinkErr
	}
	_, err := w.Write(p.buf)
	return err
}

// PrintBytes returns the text of op with its generated aliases.
func PrintBytes(op *Operation, opts PrintOptions) []byte {
	p := &Printer{opts: opts}
	p.printWithAliases(op)
	return p.buf
}

func (p *Printer) printWithAliases(op *Operation) {
	opts := p.opts
	if op.ctx.usesAliasableAttrs.Load() {
		// Dry run to find the attributes that get aliases, as MLIR does.
		dry := &Printer{opts: opts, sink: io.Discard, collect: &aliasCollector{seen: map[Attribute]bool{}}}
		dry.topOp(op)
		p.aliases = map[Attribute]string{}
		counts := map[string]int{}
		for _, a := range dry.collect.order {
			prefix := "#map"
			if _, ok := a.(*IntegerSetAttr); ok {
				prefix = "#set"
			}
			name := prefix
			if n := counts[prefix]; n > 0 {
				name += strconv.Itoa(n)
			}
			counts[prefix]++
			p.WriteString(name)
			p.WriteString(" = ")
			a.Print(p)
			p.WriteByte('\n')
			p.aliases[a] = name
		}
	}
	p.topOp(op)
	p.WriteByte('\n')
}

// String returns the text of an op, without aliases.
func (op *Operation) String() string {
	p := &Printer{}
	p.topOp(op)
	return string(p.buf)
}

// OpString returns the text of an op with the given options, without aliases.
func OpString(op *Operation, opts PrintOptions) string {
	p := &Printer{opts: opts}
	p.topOp(op)
	return string(p.buf)
}

func (p *Printer) topOp(op *Operation) {
	p.names = newNameState()
	p.names.numberOp(op)
	p.defaultDialects = []string{"builtin"}
	for a := op.ParentOp(); a != nil; a = a.ParentOp() {
		if a.def != nil && a.def.DefaultDialect != "" {
			p.defaultDialects = append(p.defaultDialects[:1:1], append([]string{a.def.DefaultDialect}, p.defaultDialects[1:]...)...)
		}
	}
	p.printOp(op)
}

func (p *Printer) newline() {
	p.WriteByte('\n')
	for i := 0; i < p.indent; i++ {
		p.WriteString("  ")
	}
}

// valueName writes %name or %N, with #i for one result of a group.
func (p *Printer) valueName(v *Value) {
	n, ok := p.names.values[v]
	if !ok {
		p.WriteString("%<<UNKNOWN SSA VALUE>>")
		return
	}
	p.groupName(n)
	if n.size > 1 {
		p.WriteByte('#')
		p.Int(int64(n.idx))
	}
}

// groupName writes %name or %N for a value's group.
func (p *Printer) groupName(n valueName) {
	p.WriteByte('%')
	if n.name != "" {
		p.WriteString(n.name)
	} else {
		p.Int(int64(n.num))
	}
}

func (p *Printer) blockName(b *Block) {
	p.WriteString("^bb")
	id, ok := p.names.blocks[b]
	if !ok {
		p.WriteString("<<UNKNOWN BLOCK>>")
		return
	}
	p.Int(int64(id))
}

func (p *Printer) printOp(op *Operation) {
	if n := len(op.results); n > 0 {
		// One entry per result group: %a, %b:2 = ...
		for i := 0; i < n; {
			g := p.names.values[&op.results[i]]
			if i > 0 {
				p.WriteString(", ")
			}
			p.groupName(g)
			if g.size > 1 {
				p.WriteByte(':')
				p.Int(int64(g.size))
			}
			i += max(int(g.size), 1)
		}
		p.WriteString(" = ")
	}
	if !p.opts.Generic && op.def != nil && op.def.Print != nil {
		name := op.name
		if len(p.defaultDialects) > 0 {
			if d := p.defaultDialects[len(p.defaultDialects)-1]; strings.HasPrefix(name, d+".") {
				name = name[len(d)+1:]
			}
		}
		p.WriteString(name)
		pushed := op.def.DefaultDialect != ""
		if pushed {
			p.defaultDialects = append(p.defaultDialects, op.def.DefaultDialect)
		}
		// One OpPrinter per nesting depth, reused: a fresh one per op
		// would be an allocation per op.
		if p.opDepth == len(p.opPrinters) {
			p.opPrinters = append(p.opPrinters, &OpPrinter{})
		}
		opp := p.opPrinters[p.opDepth]
		*opp = OpPrinter{Printer: p, op: op}
		p.opDepth++
		op.def.Print(opp, op)
		p.opDepth--
		if pushed {
			p.defaultDialects = p.defaultDialects[:len(p.defaultDialects)-1]
		}
	} else {
		p.printGenericOp(op)
	}
	if p.opts.DebugInfo {
		p.WriteByte(' ')
		p.Loc(op.loc)
	}
}

func (p *Printer) printGenericOp(op *Operation) {
	p.String(op.name)
	p.WriteByte('(')
	for i := range op.operands {
		if i > 0 {
			p.WriteString(", ")
		}
		p.valueName(op.operands[i].value)
	}
	p.WriteByte(')')
	if len(op.successors) > 0 {
		p.WriteByte('[')
		for i, s := range op.successors {
			if i > 0 {
				p.WriteString(", ")
			}
			p.blockName(s)
		}
		p.WriteByte(']')
	}
	if len(op.props) > 0 {
		p.WriteString(" <")
		p.AttrDict(op.props)
		p.WriteByte('>')
	}
	if len(op.regions) > 0 {
		// Generic regions print with the default dialect of the op, as in MLIR.
		saved := p.defaultDialects
		p.defaultDialects = nil
		p.WriteString(" (")
		for i, r := range op.regions {
			if i > 0 {
				p.WriteString(", ")
			}
			p.printRegion(r, true, true)
		}
		p.WriteByte(')')
		p.defaultDialects = saved
	}
	if len(op.attrs) > 0 {
		p.WriteByte(' ')
		p.AttrDict(op.attrs)
	}
	p.WriteString(" : (")
	for i := range op.operands {
		if i > 0 {
			p.WriteString(", ")
		}
		p.Type(op.operands[i].value.typ)
	}
	p.WriteString(") -> ")
	if len(op.results) == 1 {
		if _, isFn := op.results[0].typ.(*FunctionType); !isFn {
			p.Type(op.results[0].typ)
			return
		}
	}
	p.WriteByte('(')
	for i := range op.results {
		if i > 0 {
			p.WriteString(", ")
		}
		p.Type(op.results[i].typ)
	}
	p.WriteByte(')')
}

// printRegion writes {...}. The entry block's header is printed when it has
// arguments and printEntryArgs is set; a single block's terminator is left
// out when printTerminators is false.
func (p *Printer) printRegion(r *Region, printEntryArgs, printTerminators bool) {
	p.WriteByte('{')
	p.indent++
	for b := r.first; b != nil; b = b.next {
		if b != r.first || (printEntryArgs && len(b.args) > 0) {
			p.printBlockHeader(b)
		}
		for o := b.first; o != nil; o = o.next {
			if !printTerminators && o == b.last && b == r.first && b.next == nil && o.HasTrait(Terminator) {
				break
			}
			p.maybeFlush()
			p.newline()
			p.printOp(o)
		}
	}
	p.indent--
	p.newline()
	p.WriteByte('}')
}

func (p *Printer) printBlockHeader(b *Block) {
	p.indent--
	p.newline()
	p.indent++
	p.blockName(b)
	if len(b.args) > 0 {
		p.WriteByte('(')
		for i, a := range b.args {
			if i > 0 {
				p.WriteString(", ")
			}
			p.valueName(a)
			p.WriteString(": ")
			p.Type(a.typ)
			if p.opts.DebugInfo && a.loc != nil {
				p.WriteByte(' ')
				p.Loc(a.loc)
			}
		}
		p.WriteByte(')')
	}
	p.WriteByte(':')
	if !b.IsEntry() {
		preds := b.Predecessors()
		if len(preds) == 0 {
			p.WriteString("  // no predecessors")
		} else {
			if len(preds) == 1 {
				p.WriteString("  // pred: ")
			} else {
				p.WriteString("  // ")
				p.Int(int64(len(preds)))
				p.WriteString(" preds: ")
			}
			for i, pb := range preds {
				if i > 0 {
					p.WriteString(", ")
				}
				p.blockName(pb)
			}
		}
	}
}

// nameState assigns SSA names the way MLIR does: values of a region are
// numbered before those of its nested regions, sibling regions start from
// the same number, entry block arguments are %argN, and names suggested by
// ops are made unique with _N suffixes among the visible names.
type nameState struct {
	values   map[*Value]valueName
	blocks   map[*Block]int
	used     map[string]bool
	usedLog  []string
	conflict int
}

// valueName is a value's printed name: its group's name or number, and
// its index in the group (results an op does not name join the group of
// the closest named result before them, as in MLIR).
type valueName struct {
	name      string
	num       int32
	idx, size int32
}

type counters struct{ nextValue, nextArg int32 }

func newNameState() *nameState {
	return &nameState{values: map[*Value]valueName{}, blocks: map[*Block]int{}, used: map[string]bool{}}
}

func (s *nameState) numberOp(op *Operation) {
	// Sizing the maps up front spares big functions their repeated growth.
	values, blocks := 0, 0
	countNames(op, &values, &blocks)
	s.values = make(map[*Value]valueName, values)
	s.blocks = make(map[*Block]int, blocks)
	c := counters{}
	s.nameResults(op, &c)
	for _, r := range op.regions {
		s.numberRegion(r, c)
	}
}

// countNames counts the values and blocks under op that get names.
func countNames(op *Operation, values, blocks *int) {
	*values += len(op.results)
	for _, r := range op.regions {
		for b := r.first; b != nil; b = b.next {
			*blocks++
			*values += len(b.args)
			for o := b.first; o != nil; o = o.next {
				countNames(o, values, blocks)
			}
		}
	}
}

func (s *nameState) useName(base string) string {
	name := base
	for s.used[name] {
		name = base + "_" + strconv.Itoa(s.conflict)
		s.conflict++
	}
	s.used[name] = true
	s.usedLog = append(s.usedLog, name)
	return name
}

func (s *nameState) nameResults(op *Operation, c *counters) {
	n := len(op.results)
	if n == 0 {
		return
	}
	var names []string // suggested name per result, "" when none
	if op.def != nil && op.def.ResultNames != nil {
		names = make([]string, n)
		op.def.ResultNames(op, func(v *Value, name string) {
			if v.owner == op && name != "" {
				names[v.index] = name
			}
		})
	}
	for i := 0; i < n; {
		j := i + 1
		for j < n && (names == nil || names[j] == "") {
			j++
		}
		var vn valueName
		if names != nil && names[i] != "" {
			vn.name = s.useName(sanitizeName(names[i]))
		} else {
			vn.num = c.nextValue
			c.nextValue++
		}
		vn.size = int32(j - i)
		for k := i; k < j; k++ {
			vn.idx = int32(k - i)
			s.values[&op.results[k]] = vn
		}
		i = j
	}
}

// sanitizeName turns a suggested name into a valid SSA suffix.
func sanitizeName(name string) string {
	b := []byte(name)
	for i, ch := range b {
		if !(ch == '_' || ch == '$' || ch == '.' || ch == '-' || ch >= 'a' && ch <= 'z' || ch >= 'A' && ch <= 'Z' || ch >= '0' && ch <= '9') {
			b[i] = '_'
		}
	}
	if len(b) == 0 || b[0] >= '0' && b[0] <= '9' {
		return "_" + string(b)
	}
	return string(b)
}

func (s *nameState) numberRegion(r *Region, c counters) {
	mark := len(s.usedLog)
	nextBlock := 0
	for b := r.first; b != nil; b = b.next {
		s.blocks[b] = nextBlock
		nextBlock++
		for _, a := range b.args {
			if b == r.first {
				s.values[a] = valueName{name: "arg" + strconv.Itoa(int(c.nextArg)), size: 1}
				c.nextArg++
			} else {
				s.values[a] = valueName{num: c.nextValue, size: 1}
				c.nextValue++
			}
		}
		for o := b.first; o != nil; o = o.next {
			s.nameResults(o, &c)
		}
	}
	for b := r.first; b != nil; b = b.next {
		for o := b.first; o != nil; o = o.next {
			for _, nr := range o.regions {
				s.numberRegion(nr, c)
			}
		}
	}
	for _, n := range s.usedLog[mark:] {
		delete(s.used, n)
	}
	s.usedLog = s.usedLog[:mark]
}
