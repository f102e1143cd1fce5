package ir

import (
	"io"
	"runtime"
	"strconv"
)

// PrintOptions control how IR is printed (MLIR's --mlir-print-* flags).
type PrintOptions struct {
	Generic   bool // --mlir-print-op-generic: every op in generic form
	DebugInfo bool // --mlir-print-debuginfo: print locations
	// LocalScope (--mlir-print-local-scope) prints everything in place,
	// without aliases.
	LocalScope bool
	// PrettyDebugInfo (--mlir-pretty-debuginfo) prints the locations that
	// DebugInfo prints in MLIR's readable form: file:line:col, "name",
	// [unknown], without loc(...) or aliases.
	PrettyDebugInfo bool
	// ElideResources (--mlir-elide-resource-strings-if-larger=N, N in
	// ResourceLimit) leaves out of the file metadata the resources whose
	// printed value is longer than N characters.
	ElideResources bool
	ResourceLimit  int
	// ElideElements (--mlir-elide-elementsattrs-if-larger=N, N in
	// ElementsLimit) prints dense data of more than N elements, but a
	// splat, as dense_resource<__elided__>, which parses but holds none.
	ElideElements bool
	ElementsLimit int
	// HexElements (--mlir-print-elementsattrs-with-hex-if-larger=N, N in
	// HexLimit) prints numeric dense data of more than N elements as a hex
	// blob, never when N is -1; without it, more than 100 do.
	HexElements bool
	HexLimit    int
	// SkipRegions (--mlir-print-skip-regions) prints each region as {...}.
	SkipRegions bool
	// UniqueSSAIDs (--mlir-print-unique-ssa-ids) numbers values, block
	// arguments and name conflicts across all regions, never restarting,
	// as the generic form always does.
	UniqueSSAIDs bool
	// NameLocPrefix (--mlir-use-nameloc-as-prefix) names values after the
	// NameLoc in their location.
	NameLocPrefix bool
	// ValueUsers (--mlir-print-value-users) comments each op and block
	// argument with the users of its values; ops without results get ids.
	ValueUsers bool
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
	// ctx is the context of the op printed at the top, and inWorker marks
	// the printers of printOpsInParallel, which print their ops alone.
	ctx      *Context
	inWorker bool
	// spareNames is the state of the last isolated op printed, whose maps
	// the next one's reuses: a function's names are garbage once it is
	// printed.
	spareNames *nameState
	// idle are the workers of an earlier printOpsInParallel, kept with
	// their grown buffers and name maps for the next (a gpu.module and
	// the spirv.module converted from it, say).
	idle []*Printer
	// distinct numbers the distinct attributes (distinct.go).
	distinct *distinctIDs
	// external, when set, are the external resources printed in place of
	// the context's (PrintWithResources).
	external []*externalGroup
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
	switch a := a.(type) {
	case *AffineMapAttr, *IntegerSetAttr, *DenseResourceElementsAttr, *DistinctAttr:
		if d, ok := a.(*DistinctAttr); ok && !d.aliased() {
			break
		}
		if p.collect != nil {
			p.collect.add(a)
			p.collect.nestIn(a)
		} else if name, ok := p.aliases[a]; ok {
			p.WriteString(name)
			return
		}
	case Location:
		// A location as an attribute gets an alias (defined before the top
		// op) whether or not op locations print, as MLIR's builtin alias
		// hook gives every LocationAttr one.
		if p.collect != nil {
			p.collect.useLoc(a, false)
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
		case c == '\\': // as llvm::printEscapedString
			p.WriteString(`\\`)
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
		case i > 0 && (c >= '0' && c <= '9' || c == '$' || c == '.'):
		default:
			return false
		}
	}
	return true
}

// SymbolName writes @name, quoting it when needed.
func (p *Printer) SymbolName(name string) {
	p.WriteByte('@')
	if isBareID(name) {
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
func (p *Printer) Loc(l Location) {
	if l == nil {
		p.WriteString("<<NULL ATTRIBUTE>>")
		return
	}
	printLoc(p, l)
}

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
	order   []Attribute
	seen    map[Attribute]bool
	locs    []locUse // see print_locs.go
	locSeen map[Location]int8
	// distinct are the distinct attributes in first-use order, nested the
	// aliased ones being printed and edges which aliased attributes each
	// holds, once a pair (see distinct.go).
	distinct     []*DistinctAttr
	distinctSeen map[*DistinctAttr]bool
	nested       []*DistinctAttr
	edges        []aliasEdge
	edgeSeen     map[aliasEdge]bool
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
	return (&Printer{opts: opts, sink: w}).printToSink(op)
}

// printToSink writes op with its generated aliases to p's sink.
func (p *Printer) printToSink(op *Operation) error {
	p.printWithAliases(op)
	if p.sinkErr != nil {
		return p.sinkErr
	}
	_, err := p.sink.Write(p.buf)
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
	var aliases []aliasEntry
	var resources []*ResourceHandle
	if op.info.ctx.usesAliasableAttrs.Load() || (!opts.LocalScope && p.locAliases()) {
		// Dry run to find the attributes that get aliases, as MLIR does,
		// and the resource blobs used, which are printed after the op.
		collect := p.dryRun(op)
		order := collect.order[:0]
		for _, a := range collect.order {
			if r, ok := a.(*DenseResourceElementsAttr); ok {
				resources = append(resources, r.h)
			} else {
				order = append(order, a)
			}
		}
		collect.order = order
		if !opts.LocalScope {
			aliases = p.makeAliases(collect)
			p.printAliasDefs(aliases, false)
		}
		p.numberDistinct(collect)
	}
	p.topOp(op)
	p.WriteByte('\n')
	p.printAliasDefs(aliases, true)
	p.printFileMetadata(op.info.ctx, resources, p.external)
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

// ScopedPrinter prints single ops with their values named as in the text
// of their local scope (the op itself when isolated from above, else its
// nearest such ancestor), as MLIR prints an op alone through an AsmState of
// the IR around it: a scope's names are fixed when it is first met, so ops
// added to it later print as unknown values.
type ScopedPrinter struct {
	opts  PrintOptions
	names map[*Operation]*nameState
}

// NewScopedPrinter returns a ScopedPrinter printing with opts.
func NewScopedPrinter(opts PrintOptions) *ScopedPrinter {
	return &ScopedPrinter{opts: opts, names: map[*Operation]*nameState{}}
}

// OpString returns the text of op, without aliases.
func (s *ScopedPrinter) OpString(op *Operation) string {
	scope := op
	for !isolatedWithRegions(scope) && scope.ParentOp() != nil {
		scope = scope.ParentOp()
	}
	p := &Printer{opts: s.opts}
	names := s.names[scope]
	if names == nil {
		names = p.number(scope)
		s.names[scope] = names
	}
	p.names = names
	p.printNamed(op)
	return string(p.buf)
}

// scopedOpString returns the text of op alone, named in its local scope.
func scopedOpString(op *Operation, opts PrintOptions) string {
	return NewScopedPrinter(opts).OpString(op)
}

func (p *Printer) topOp(op *Operation) {
	p.names = p.number(op)
	p.printNamed(op)
}

// number names the values of scope as p.opts say.
func (p *Printer) number(scope *Operation) *nameState {
	n := newNameState()
	n.generic, n.nameLoc = p.opts.Generic, p.opts.NameLocPrefix
	if p.opts.ValueUsers {
		n.opIDs = map[*Operation]int32{}
	}
	if p.opts.Generic || p.opts.UniqueSSAIDs {
		n.numberUnique(scope)
	} else {
		n.numberOp(scope)
	}
	return n
}

// printNamed prints op on its own, its values named by p.names.
func (p *Printer) printNamed(op *Operation) {
	p.ctx = op.info.ctx
	// The default dialect is the nearest custom-printed ancestor's, as
	// printing from the top would have set it.
	p.defaultDialects = []string{"builtin"}
	for a := op.ParentOp(); a != nil; a = a.ParentOp() {
		if !p.opts.Generic && a.info.def != nil && a.info.def.PrintFunc() != nil {
			p.defaultDialects = append(p.defaultDialects, a.info.def.DefaultDialect)
			break
		}
	}
	if p.distinct == nil && p.collect == nil && p.ctx.usesDistinct.Load() {
		// Number them in a dry run, for parallel workers (no aliases here).
		p.numberDistinct(p.dryRun(op))
	}
	p.printOp(op)
}

// dryRun prints op nowhere and returns what it collected: the attributes
// that get aliases, the locations and the distinct attributes' order.
func (p *Printer) dryRun(op *Operation) *aliasCollector {
	dry := &Printer{opts: p.opts, sink: io.Discard, collect: &aliasCollector{seen: map[Attribute]bool{}}}
	dry.topOp(op)
	return dry.collect
}

func (p *Printer) newline() {
	p.WriteByte('\n')
	for i := 0; i < p.indent; i++ {
		p.WriteString("  ")
	}
}

// valueName writes %name or %N, with #i for one result of a group.
func (p *Printer) valueName(v *Value) {
	n, ok := p.names.value(v)
	if !ok {
		p.WriteString("<<UNKNOWN SSA VALUE>>") // no %, as MLIR
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
	id, ok := p.names.block(b)
	if !ok {
		p.WriteString("<<UNKNOWN BLOCK>>")
		return
	}
	p.Int(int64(id))
}

func (p *Printer) printOp(op *Operation) {
	if p.collect != nil && p.locAliases() {
		p.collect.useLoc(op.loc, true)
	}
	if op.block != nil && isolatedWithRegions(op) && p.names.deferred[op.block.parent] != nil {
		outer := p.names
		p.names = outer.numberIsolated(op, p.spareNames)
		p.spareNames = nil
		defer func() { p.spareNames, p.names = p.names, outer }()
	}
	if n := len(op.results()); n > 0 {
		// One entry per result group: %a, %b:2 = ...
		for i := 0; i < n; {
			g, _ := p.names.value(&op.results()[i])
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
	if !p.opts.Generic && op.info.def != nil && op.info.def.PrintFunc() != nil {
		name := op.info.name
		if len(p.defaultDialects) > 0 {
			// name starts with d+"." (without building that string per op)
			if d := p.defaultDialects[len(p.defaultDialects)-1]; len(name) > len(d) && name[len(d)] == '.' && name[:len(d)] == d {
				name = name[len(d)+1:]
			}
		}
		p.WriteString(name)
		// Every custom-printed op sets the default dialect of its regions,
		// "" when it names none, as MLIR's printer does: func.call inside
		// scf.for keeps its prefix though func.func's body drops it.
		p.defaultDialects = append(p.defaultDialects, op.info.def.DefaultDialect)
		// One OpPrinter per nesting depth, reused: a fresh one per op
		// would be an allocation per op.
		if p.opDepth == len(p.opPrinters) {
			p.opPrinters = append(p.opPrinters, &OpPrinter{})
		}
		opp := p.opPrinters[p.opDepth]
		*opp = OpPrinter{Printer: p, op: op, fmt: opp.fmt}
		p.opDepth++
		op.info.def.Print(opp, op)
		p.opDepth--
		p.defaultDialects = p.defaultDialects[:len(p.defaultDialects)-1]
	} else {
		p.printGenericOp(op)
	}
	if p.opts.DebugInfo {
		p.WriteByte(' ')
		p.opLoc(op.loc)
	}
	if p.opts.ValueUsers {
		p.usersComment(op)
	}
}

// usersComment writes the comment --mlir-print-value-users puts after an
// op, as MLIR's printUsersComment: its id when it has no result but
// operands, "unused", or the users of each result.
func (p *Printer) usersComment(op *Operation) {
	results := op.results()
	switch {
	case len(results) == 0 && len(op.uses()) > 0:
		p.WriteString(" // id: ")
		p.opID(op)
	case len(results) > 0:
		users := map[*Operation]bool{}
		inResults := 0
		for i := range results {
			for u := range results[i].Users() {
				if !users[u] {
					users[u] = true
					inResults += len(u.results())
				}
			}
		}
		if len(users) == 0 {
			p.WriteString(" // unused")
			return
		}
		if inResults <= 1 && len(users) <= 1 && len(results) == 1 {
			p.WriteString(" // user: ")
		} else {
			p.WriteString(" // users: ")
		}
		for i := range results {
			if i > 0 {
				p.WriteString(", ")
			}
			if len(results) > 1 {
				p.WriteByte('(')
			}
			p.valueUsers(&results[i])
			if len(results) > 1 {
				p.WriteByte(')')
			}
		}
	}
}

// valueUsers writes the users of v, each once: its results, or its id.
func (p *Printer) valueUsers(v *Value) {
	if !v.HasUses() {
		p.WriteString("unused")
	}
	seen := map[*Operation]bool{}
	for u := range v.Users() {
		if seen[u] {
			continue
		}
		seen[u] = true
		if len(seen) > 1 {
			p.WriteString(", ")
		}
		if len(u.results()) == 0 {
			p.opID(u)
			continue
		}
		for i := range u.results() {
			if i > 0 {
				p.WriteString(", ")
			}
			p.valueName(&u.results()[i])
		}
	}
}

// opID writes the id of an op without results, %N.
func (p *Printer) opID(op *Operation) {
	for s := p.names; s != nil; s = s.parent {
		if id, ok := s.opIDs[op]; ok {
			p.WriteByte('%')
			p.Int(int64(id))
			return
		}
	}
	p.WriteString("<<UNKNOWN OPERATION>>")
}

func (p *Printer) printGenericOp(op *Operation) {
	p.String(op.info.name)
	p.WriteByte('(')
	for i, u := range op.uses() {
		if i > 0 {
			p.WriteString(", ")
		}
		p.valueName(u.value)
	}
	p.WriteByte(')')
	if len(op.succs()) > 0 {
		p.WriteByte('[')
		for i, s := range op.succs() {
			if i > 0 {
				p.WriteString(", ")
			}
			p.blockName(s)
		}
		p.WriteByte(']')
	}
	if props := op.propList(); len(props) > 0 {
		p.WriteString(" <")
		p.AttrDict(props)
		p.WriteByte('>')
	}
	if len(op.regs()) > 0 {
		// Generic regions print with the default dialect of the op, as in MLIR.
		saved := p.defaultDialects
		p.defaultDialects = nil
		p.WriteString(" (")
		for i, r := range op.regs() {
			if i > 0 {
				p.WriteString(", ")
			}
			p.printRegion(r, true, true)
		}
		p.WriteByte(')')
		p.defaultDialects = saved
	}
	if attrs := op.discardable(); len(attrs) > 0 {
		p.WriteByte(' ')
		p.AttrDict(attrs)
	}
	p.WriteString(" : (")
	for i, u := range op.uses() {
		if i > 0 {
			p.WriteString(", ")
		}
		p.Type(u.value.typ)
	}
	p.WriteString(") -> ")
	if len(op.results()) == 1 {
		if _, isFn := op.results()[0].typ.(*FunctionType); !isFn {
			p.Type(op.results()[0].typ)
			return
		}
	}
	p.WriteByte('(')
	for i := range op.results() {
		if i > 0 {
			p.WriteString(", ")
		}
		p.Type(op.results()[i].typ)
	}
	p.WriteByte(')')
}

// printRegion writes {...}. The entry block's header is printed when it has
// arguments and printEntryArgs is set; a single block's terminator is left
// out when printTerminators is false.
func (p *Printer) printRegion(r *Region, printEntryArgs, printTerminators bool) {
	if p.opts.SkipRegions {
		p.WriteString("{...}")
		return
	}
	p.WriteByte('{')
	p.indent++
	var preds map[*Block][]*Block
	if r.first != r.last {
		preds = predecessors(r)
	}
	for b := r.first; b != nil; b = b.next {
		if b != r.first || (printEntryArgs && len(b.args) > 0) {
			p.printBlockHeader(b, preds[b])
		}
		if p.opts.ValueUsers {
			for _, a := range b.args {
				p.newline()
				p.WriteString("// ")
				p.valueName(a)
				if a.HasUses() {
					p.WriteString(" is used by ")
					p.valueUsers(a)
				} else {
					p.WriteString(" is unused")
				}
			}
		}
		last := b.last
		if !printTerminators && last != nil && b == r.first && b.next == nil && last.HasTrait(Terminator) {
			last = last.prev
		}
		if last == nil {
			continue
		}
		if p.names.deferred[r] != nil && !p.inWorker && (p.ctx == nil || p.ctx.Multithreading()) && manyIsolated(b) {
			p.printOpsInParallel(b.first, last)
			continue
		}
		for o := b.first; ; o = o.next {
			p.maybeFlush()
			p.newline()
			p.printOp(o)
			if o == last {
				break
			}
		}
	}
	p.indent--
	p.newline()
	p.WriteByte('}')
}

// parallelBatch is how many ops a worker prints at a time.
const parallelBatch = 32

// workerBuffer is the room a worker's buffer starts with.
const workerBuffer = 64 << 10

// manyIsolated reports whether b holds enough isolated ops to print them
// in parallel; with fewer (a module holding two modules, say), printing
// them one by one leaves each free to print its own ops in parallel.
func manyIsolated(b *Block) bool {
	n := 0
	for o := b.first; o != nil; o = o.next {
		if isolatedWithRegions(o) {
			if n++; n == 8 {
				return true
			}
		}
	}
	return false
}

// printOpsInParallel prints the ops from first to last, a block with
// isolated ops (each numbered by its own state), on several goroutines:
// workers print batches of ops into their own buffers while this printer
// writes the finished ones in order, so that the writing overlaps the
// printing and no worker waits for a round of batches to end. At most
// 4*GOMAXPROCS batches are printed ahead of the writing, which keeps
// streaming output streaming. The text is the same as one printer's.
func (p *Printer) printOpsInParallel(first, last *Operation) {
	type batch struct {
		first, last   *Operation
		done, written chan struct{}
	}
	var batches []batch
	for o := first; ; o = o.next {
		b := batch{first: o, done: make(chan struct{}), written: make(chan struct{})}
		for n := 1; o != last && n < parallelBatch; n++ {
			o = o.next
		}
		b.last = o
		batches = append(batches, b)
		if o == last {
			break
		}
	}
	// Batch i is printed by the printer of slot i%window, once the batch
	// that used the slot before it is written.
	window := min(4*runtime.GOMAXPROCS(0), len(batches))
	printers := make([]*Printer, window)
	for i := range printers {
		printers[i] = p.worker()
	}
	go ParallelFor(nil, len(batches), func(i int) error {
		bt := &batches[i]
		if i >= window {
			<-batches[i-window].written
		}
		w := printers[i%window]
		w.buf = w.buf[:0]
		if w.collect != nil {
			w.collect = &aliasCollector{seen: map[Attribute]bool{}}
		}
		for o := bt.first; ; o = o.next {
			w.newline()
			w.printOp(o)
			if o == bt.last {
				break
			}
		}
		close(bt.done)
		return nil
	})
	for i := range batches {
		<-batches[i].done
		w := printers[i%window]
		if w.collect != nil {
			p.collect.merge(w.collect)
		}
		p.buf = append(p.buf, w.buf...)
		p.maybeFlush()
		close(batches[i].written)
	}
	p.idle = append(p.idle, printers...)
}

// worker returns a printer for a batch of p's ops: same options, names and
// aliases, its own buffer and stacks (an idle worker's, reused).
func (p *Printer) worker() *Printer {
	// A batch of functions prints some 100 KB: a buffer grown to that
	// from nothing copied its text over ten times.
	var w *Printer
	if n := len(p.idle); n > 0 {
		w = p.idle[n-1]
		p.idle = p.idle[:n-1]
		*w = Printer{buf: w.buf[:0], opPrinters: w.opPrinters, spareNames: w.spareNames,
			defaultDialects: w.defaultDialects[:0]}
	} else {
		w = &Printer{buf: make([]byte, 0, workerBuffer)}
	}
	w.opts, w.aliases, w.names, w.indent, w.inWorker = p.opts, p.aliases, p.names, p.indent, true
	w.distinct = p.distinct
	w.defaultDialects = append(w.defaultDialects, p.defaultDialects...)
	if p.collect != nil {
		w.collect = &aliasCollector{seen: map[Attribute]bool{}}
	}
	return w
}

// predecessors returns the predecessors of each block of r, in the order
// Block.Predecessors gives them, in one pass over the region.
func predecessors(r *Region) map[*Block][]*Block {
	preds := map[*Block][]*Block{}
	for p := r.first; p != nil; p = p.next {
		if t := p.last; t != nil {
			for _, s := range t.succs() {
				preds[s] = append(preds[s], p)
			}
		}
	}
	return preds
}

// printBlockHeader writes ^bbN(args): and, for a block other than the
// entry, its predecessors preds in a comment.
func (p *Printer) printBlockHeader(b *Block, preds []*Block) {
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
			if l := a.argLoc(); p.opts.DebugInfo && l != nil {
				p.argLocation(l)
			}
		}
		p.WriteByte(')')
	}
	p.WriteByte(':')
	if !b.IsEntry() {
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
//
// The bodies of nested isolated-from-above ops (functions, modules) are
// numbered when they are printed, each by a child state whose lookups fall
// back to its parent's: only their values can be used in them, so the names
// are the same, and siblings can be numbered and printed in parallel.
type nameState struct {
	values  ptrTable[Value, valueName]
	blocks  map[*Block]int
	used    map[string]bool
	usedLog []string
	// parent is the state of the region holding the isolated op this
	// state numbers; outerUsed are the names visible there.
	parent    *nameState
	outerUsed map[string]bool
	// deferred holds, for each region with isolated ops, where their
	// numbering starts.
	deferred map[*Region]*deferredScope
	// suggested holds the names an op's ResultNames hook suggests for
	// the op being named (naming), through setSuggested, made once.
	suggested    []string
	naming       *Operation
	setSuggested func(v *Value, name string)
	// generic leaves the names ops suggest unused, as MLIR numbers every
	// value of the generic form; nameLoc names values after their
	// NameLocs (--mlir-use-nameloc-as-prefix).
	generic, nameLoc bool
	// opIDs number the ops without results, for ValueUsers.
	opIDs map[*Operation]int32
}

// deferredScope is what the isolated ops of one region start numbering
// from: the counters and the names visible after the region is numbered.
type deferredScope struct {
	c    counters
	used map[string]bool
}

// valueName is a value's printed name: its group's name or number, and
// its index in the group (results an op does not name join the group of
// the closest named result before them, as in MLIR).
type valueName struct {
	name      string
	num       int32
	idx, size int32
}

// counters are the next numbers of a naming scope, carried from a region
// into its nested regions as in MLIR.
type counters struct{ nextValue, nextArg, conflict int32 }

func newNameState() *nameState {
	return &nameState{used: map[string]bool{}}
}

// numberOp numbers op's results and the values in its regions.
func (s *nameState) numberOp(op *Operation) {
	s.size(op, true)
	c := counters{}
	s.nameResults(op, &c)
	for _, r := range op.regs() {
		s.numberRegion(r, c)
	}
}

// numberIsolated returns the state that names the values in the regions
// of op, an isolated op in a region s numbered: spare, when not nil, a
// state no longer in use whose maps it takes over.
func (s *nameState) numberIsolated(op *Operation, spare *nameState) *nameState {
	d := s.deferred[op.block.parent]
	child := spare
	if child == nil {
		child = &nameState{used: map[string]bool{}}
		child.size(op, false)
	} else {
		// Cleared maps keep their room, which the functions before this
		// one grew (counting the names to size them was 2% of a print),
		// and the suggested-name hook (bound to child) its list.
		child.values.clear()
		clear(child.blocks)
		clear(child.used)
		clear(child.deferred)
		*child = nameState{values: child.values, blocks: child.blocks,
			used: child.used, usedLog: child.usedLog[:0], deferred: child.deferred,
			suggested: child.suggested, setSuggested: child.setSuggested}
	}
	child.parent, child.outerUsed, child.generic, child.nameLoc = s, d.used, s.generic, s.nameLoc
	if s.opIDs != nil {
		child.opIDs = map[*Operation]int32{}
	}
	for _, r := range op.regs() {
		child.numberRegion(r, d.c)
	}
	return child
}

// size makes s's new maps big enough for the names under op (op's results
// too when withResults), sparing big functions their repeated growth.
func (s *nameState) size(op *Operation, withResults bool) {
	values, blocks := 0, 0
	if withResults {
		values = len(op.results())
	}
	for _, r := range op.regs() {
		countNames(r, &values, &blocks)
	}
	s.values.reserve(values)
	s.blocks = make(map[*Block]int, blocks)
}

// countNames counts the values and blocks in r that get names, leaving out
// the bodies of isolated ops.
func countNames(r *Region, values, blocks *int) {
	for b := r.first; b != nil; b = b.next {
		*blocks++
		*values += len(b.args)
		for o := b.first; o != nil; o = o.next {
			*values += len(o.results())
			if !isolatedWithRegions(o) {
				for _, nr := range o.regs() {
					countNames(nr, values, blocks)
				}
			}
		}
	}
}

// isolatedWithRegions reports whether op has regions that no value from
// outside can be used in.
func isolatedWithRegions(op *Operation) bool {
	return len(op.regs()) > 0 && op.info.def != nil && op.info.def.Traits&IsolatedFromAbove != 0
}

func (s *nameState) isUsed(name string) bool { return s.used[name] || s.outerUsed[name] }

func (s *nameState) useName(base string, c *counters) string {
	name := base
	if s.isUsed(name) {
		// The candidates are tried in a buffer (a map lookup by
		// string(bytes) does not allocate); only the free one is kept.
		var buf [64]byte
		b := append(append(buf[:0], base...), '_')
		for {
			cand := strconv.AppendInt(b, int64(c.conflict), 10)
			c.conflict++
			if !s.used[string(cand)] && !s.outerUsed[string(cand)] {
				name = string(cand)
				break
			}
		}
	}
	s.used[name] = true
	s.usedLog = append(s.usedLog, name)
	return name
}

// argNames are the names of the first entry block arguments.
var argNames = func() (names [16]string) {
	for i := range names {
		names[i] = "arg" + strconv.Itoa(i)
	}
	return names
}()

// argName returns the name of entry block argument n.
func argName(n int32) string {
	if int(n) < len(argNames) {
		return argNames[n]
	}
	return "arg" + strconv.Itoa(int(n))
}

// value returns v's name from s or an enclosing state.
func (s *nameState) value(v *Value) (valueName, bool) {
	for ; s != nil; s = s.parent {
		if n, ok := s.values.get(v); ok {
			return n, true
		}
	}
	return valueName{}, false
}

// block returns b's number from s or an enclosing state.
func (s *nameState) block(b *Block) (int, bool) {
	for ; s != nil; s = s.parent {
		if n, ok := s.blocks[b]; ok {
			return n, true
		}
	}
	return 0, false
}

func (s *nameState) nameResults(op *Operation, c *counters) {
	n := len(op.results())
	if n == 0 {
		if s.opIDs != nil {
			s.opIDs[op] = c.nextValue
			c.nextValue++
		}
		return
	}
	var names []string // suggested name per result, "" when none
	if op.info.def != nil && op.info.def.ResultNames != nil && !s.generic {
		if cap(s.suggested) < n {
			s.suggested = make([]string, n)
		}
		names = s.suggested[:n]
		clear(names)
		if s.setSuggested == nil {
			s.setSuggested = func(v *Value, name string) {
				if v.owner() == s.naming && name != "" {
					s.suggested[v.Index()] = name
				}
			}
		}
		s.naming = op
		op.info.def.ResultNames(op, s.setSuggested)
		s.naming = nil
	}
	if s.nameLoc {
		if locName, ok := nameLocName(op.loc); ok {
			// As MLIR: the NameLoc's name replaces the ones the op
			// suggests, and names the first result.
			if names == nil {
				if cap(s.suggested) < n {
					s.suggested = make([]string, n)
				}
				names = s.suggested[:n]
				clear(names)
			}
			for i := range names {
				if i == 0 || names[i] != "" {
					names[i] = locName
				}
			}
		}
	}
	for i := 0; i < n; {
		j := i + 1
		for j < n && (names == nil || names[j] == "") {
			j++
		}
		var vn valueName
		if names != nil && names[i] != "" {
			vn.name = s.useName(sanitizeName(names[i]), c)
		} else {
			vn.num = c.nextValue
			c.nextValue++
		}
		vn.size = int32(j - i)
		for k := i; k < j; k++ {
			vn.idx = int32(k - i)
			s.values.set(&op.results()[k], vn)
		}
		i = j
	}
}

// validName reports whether name is a valid SSA suffix as it is.
func validName(name string) bool {
	if len(name) == 0 || name[0] >= '0' && name[0] <= '9' {
		return false
	}
	for i := 0; i < len(name); i++ {
		ch := name[i]
		if !(ch == '_' || ch == '$' || ch == '.' || ch == '-' || ch >= 'a' && ch <= 'z' || ch >= 'A' && ch <= 'Z' || ch >= '0' && ch <= '9') {
			return false
		}
	}
	return true
}

// sanitizeName turns a suggested name into a valid SSA suffix.
func sanitizeName(name string) string {
	if validName(name) {
		return name
	}
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
	s.numberValues(r, &c)
	for b := r.first; b != nil; b = b.next {
		for o := b.first; o != nil; o = o.next {
			if isolatedWithRegions(o) {
				s.deferIsolated(r, c)
				continue
			}
			for _, nr := range o.regs() {
				s.numberRegion(nr, c)
			}
		}
	}
	for _, n := range s.usedLog[mark:] {
		delete(s.used, n)
	}
	s.usedLog = s.usedLog[:mark]
}

// numberValues names r's blocks, block arguments and op results, not
// those of its nested regions.
func (s *nameState) numberValues(r *Region, c *counters) {
	var argNames map[*Value]string
	if op := r.parent; op != nil && op.info.def != nil && op.info.def.BlockArgNames != nil && !s.generic {
		argNames = map[*Value]string{}
		op.info.def.BlockArgNames(r, func(v *Value, name string) {
			if name != "" {
				argNames[v] = name
			}
		})
	}
	nextBlock := 0
	for b := r.first; b != nil; b = b.next {
		s.blocks[b] = nextBlock
		nextBlock++
		for _, a := range b.args {
			s.values.set(a, s.blockArgName(a, b == r.first, argNames[a], c))
		}
		for o := b.first; o != nil; o = o.next {
			s.nameResults(o, c)
		}
	}
}

// blockArgName names a block argument: %argN in an entry block, a number
// elsewhere, the name its op's BlockArgNames suggested, or the name of its
// NameLoc under --mlir-use-nameloc-as-prefix.
func (s *nameState) blockArgName(a *Value, entry bool, suggested string, c *counters) valueName {
	vn := valueName{size: 1}
	if s.nameLoc {
		if n, ok := nameLocName(a.Loc()); ok {
			if entry {
				c.nextArg++
			}
			vn.name = s.useName(sanitizeName(n), c)
			return vn
		}
	}
	if suggested != "" {
		// As MLIR, a suggested name takes no %argN number.
		vn.name = s.useName(sanitizeName(suggested), c)
		return vn
	}
	if entry {
		vn.name = argName(c.nextArg)
		c.nextArg++
	} else {
		vn.num = c.nextValue
		c.nextValue++
	}
	return vn
}

// nameLocName returns the name of the first NameLoc in l, walked as
// MLIR's LocationAttr::findInstanceOf does.
func nameLocName(l Location) (string, bool) {
	switch l := l.(type) {
	case *NameLoc:
		return l.Name, true
	case *CallSiteLoc:
		if n, ok := nameLocName(l.Callee); ok {
			return n, true
		}
		return nameLocName(l.Caller)
	case *FusedLoc:
		for _, sub := range l.Locs {
			if n, ok := nameLocName(sub); ok {
				return n, true
			}
		}
	}
	return "", false
}

// numberUnique numbers the values under op with counters no region
// restores, as MLIR's --mlir-print-unique-ssa-ids and generic form: its
// regions are numbered from a stack, the last pushed first, each op's
// regions pushed once the region holding it is numbered, and the names a
// region uses stay visible in the regions under it only.
func (s *nameState) numberUnique(op *Operation) {
	s.size(op, true)
	c := counters{}
	s.nameResults(op, &c)
	type pending struct {
		r    *Region
		mark int // the length of usedLog in the region holding r
	}
	var stack []pending
	for _, r := range op.regs() {
		stack = append(stack, pending{r, 0})
	}
	for len(stack) > 0 {
		next := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		for _, n := range s.usedLog[next.mark:] {
			delete(s.used, n)
		}
		s.usedLog = s.usedLog[:next.mark]
		s.numberValues(next.r, &c)
		mark := len(s.usedLog)
		for b := next.r.first; b != nil; b = b.next {
			for o := b.first; o != nil; o = o.next {
				for _, nr := range o.regs() {
					stack = append(stack, pending{nr, mark})
				}
			}
		}
	}
}

// deferIsolated records where the isolated ops of r start numbering, once
// per region.
func (s *nameState) deferIsolated(r *Region, c counters) {
	if s.deferred == nil {
		s.deferred = map[*Region]*deferredScope{}
	} else if s.deferred[r] != nil {
		return
	}
	d := &deferredScope{c: c}
	if len(s.used)+len(s.outerUsed) > 0 {
		d.used = make(map[string]bool, len(s.used)+len(s.outerUsed))
		for n := range s.used {
			d.used[n] = true
		}
		for n := range s.outerUsed {
			d.used[n] = true
		}
	}
	s.deferred[r] = d
}
