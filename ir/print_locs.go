package ir

import (
	"cmp"
	"slices"
	"strconv"
)

// Location aliases, as MLIR's AsmPrinter makes them under
// --mlir-print-debuginfo (unless --mlir-print-local-scope): every location
// the output shows gets an alias #loc, #loc1, ..., numbered after sorting
// them by depth (a location whose parts have aliases comes after them), in
// the order they are met, an op's location before what the op holds. An
// op prints loc(#locN). Block arguments print their locations in place,
// as MLIR does, though their aliases are defined too; being parsed before
// the body, those are printed before the top op, and the others after it,
// where a parser resolves them at the end of the file.

// locUse is one use of a location in the dry run: deferrable when its
// alias may be defined after the top op (an op's location).
type locUse struct {
	loc        Location
	deferrable bool
}

// useLoc records a location's use in the dry run.
func (c *aliasCollector) useLoc(l Location, deferrable bool) {
	if l == nil {
		return
	}
	// A use adds nothing after one at least as strong.
	if d, ok := c.locSeen[l]; ok && (d == 0 || deferrable) {
		return
	}
	if c.locSeen == nil {
		c.locSeen = map[Location]int8{}
	}
	if deferrable {
		c.locSeen[l] = 1
	} else {
		c.locSeen[l] = 0
	}
	c.locs = append(c.locs, locUse{l, deferrable})
}

// mergeLocs adds the location uses a worker's dry run recorded.
func (c *aliasCollector) mergeLocs(w *aliasCollector) {
	for _, u := range w.locs {
		c.useLoc(u.loc, u.deferrable)
	}
}

// aliasEntry is an alias being made: MLIR's InProgressAliasInfo. children
// are the entries its definition holds, once each; depth is 0 until
// computed.
type aliasEntry struct {
	attr       Attribute
	prefix     string
	depth      int
	deferrable bool
	children   []int
}

// noAlias stands, among an entry's children, for a held attribute printed
// without an alias (a dense resource).
const noAlias = -1

// aliasSet makes the aliases of a dry run in MLIR's order.
type aliasSet struct {
	entries []aliasEntry
	index   map[Attribute]int
}

func (s *aliasSet) add(a Attribute, prefix string) {
	s.index[a] = len(s.entries)
	s.entries = append(s.entries, aliasEntry{attr: a, prefix: prefix})
}

// visitLoc is MLIR's AliasInitializer::visit for a location: it returns
// the entry's index, inserting it and then its parts when new.
func (s *aliasSet) visitLoc(l Location, deferrable bool) int {
	if i, ok := s.index[l]; ok {
		if !deferrable {
			s.markNonDeferrable(i)
		}
		return i
	}
	i := len(s.entries)
	s.index[l] = i
	s.entries = append(s.entries, aliasEntry{attr: l, prefix: "#loc", deferrable: deferrable})
	var parts []Location
	switch l := l.(type) {
	case *NameLoc:
		if _, unknown := l.Child.(*UnknownLoc); l.Child != nil && !unknown {
			parts = append(parts, l.Child)
		}
	case *CallSiteLoc:
		parts = append(parts, l.Callee, l.Caller)
	case *FusedLoc:
		parts = l.Locs
	}
	children := make([]int, len(parts))
	for k, x := range parts {
		children[k] = s.visitLoc(x, deferrable)
	}
	s.entries[i].children = children
	s.depth(i)
	return i
}

// depth returns entry i's depth, computing it once: 1 when its definition
// holds no alias, else one more than the deepest it holds (noAlias: a
// held attribute without an alias of its own, of depth 1).
func (s *aliasSet) depth(i int) int {
	if d := s.entries[i].depth; d > 0 {
		return d
	}
	d := 0
	for _, c := range s.entries[i].children {
		if c == noAlias {
			d = max(d, 1)
		} else {
			d = max(d, s.depth(c))
		}
	}
	s.entries[i].depth = d + 1
	return d + 1
}

func (s *aliasSet) markNonDeferrable(i int) {
	e := &s.entries[i]
	if !e.deferrable {
		return
	}
	e.deferrable = false
	for _, c := range e.children {
		s.markNonDeferrable(c)
	}
}

// makeAliases names the aliases of a dry run (maps, sets, distinct
// attributes and locations),
// records them in p.aliases and returns them in the order they print.
func (p *Printer) makeAliases(c *aliasCollector) []aliasEntry {
	s := &aliasSet{index: map[Attribute]int{}}
	for _, a := range c.order {
		prefix := "#map"
		switch a.(type) {
		case *IntegerSetAttr:
			prefix = "#set"
		case *DistinctAttr:
			prefix = "#distinct"
		}
		s.add(a, prefix)
	}
	// An alias defined in terms of others comes after them.
	for _, e := range c.edges {
		pi, ok := s.index[e.parent]
		if !ok {
			continue
		}
		ch, ok := s.index[e.child]
		if !ok {
			ch = noAlias
		}
		s.entries[pi].children = append(s.entries[pi].children, ch)
	}
	for i := range s.entries {
		s.depth(i)
	}
	for _, u := range c.locs {
		s.visitLoc(u.loc, u.deferrable)
	}
	slices.SortStableFunc(s.entries, func(a, b aliasEntry) int {
		return cmp.Or(cmp.Compare(a.depth, b.depth), cmp.Compare(a.prefix, b.prefix))
	})
	p.aliases = make(map[Attribute]string, len(s.entries))
	counts := map[string]int{}
	for _, e := range s.entries {
		name := e.prefix
		if n := counts[e.prefix]; n > 0 {
			name += strconv.Itoa(n)
		}
		counts[e.prefix]++
		p.aliases[e.attr] = name
	}
	return s.entries
}

// printAliasDefs writes `#name = value` for the aliases that are (or are
// not) deferrable.
func (p *Printer) printAliasDefs(entries []aliasEntry, deferred bool) {
	for _, e := range entries {
		if e.deferrable != deferred {
			continue
		}
		p.WriteString(p.aliases[e.attr])
		p.WriteString(" = ")
		e.attr.Print(p)
		p.WriteByte('\n')
	}
}

// locAliases reports whether locations print through aliases.
func (p *Printer) locAliases() bool { return p.opts.DebugInfo && !p.opts.LocalScope }

// opLoc writes an op's trailing location: loc(#alias) when it has one
// (the pretty form has none).
func (p *Printer) opLoc(l Location) {
	if name, ok := p.aliases[l]; ok && l != nil && !p.opts.PrettyDebugInfo {
		p.WriteString("loc(")
		p.WriteString(name)
		p.WriteByte(')')
		return
	}
	p.Loc(l)
}

// argLocation writes a block argument's location in place, recording it in a
// dry run.
func (p *Printer) argLocation(l Location) {
	if p.collect != nil && p.locAliases() {
		p.collect.useLoc(l, false)
	}
	p.WriteByte(' ')
	p.Loc(l)
}

// printPrettyLoc writes l in MLIR's pretty form (--mlir-pretty-debuginfo),
// as AsmPrinter's printLocationInternal does: no loc(...), no aliases, file
// names unquoted, a call site's callers on lines of their own unless a
// named callee is called from a file position.
func printPrettyLoc(p *Printer, l Location) {
	switch l := l.(type) {
	case *FileLineColLoc:
		p.WriteString(l.File())
		writeLineCol(p, l.Line, l.Col)
	case *FileLineColRange:
		p.WriteString(l.File)
		l.printPositions(p)
	case *NameLoc:
		p.String(l.Name)
		if _, unknown := l.Child.(*UnknownLoc); l.Child != nil && !unknown {
			p.WriteByte('(')
			printPrettyLoc(p, l.Child)
			p.WriteByte(')')
		}
	case *CallSiteLoc:
		printPrettyLoc(p, l.Callee)
		_, named := l.Callee.(*NameLoc)
		_, pos := l.Caller.(*FileLineColLoc)
		if !named || !pos {
			p.WriteByte('\n')
		}
		p.WriteString(" at ")
		printPrettyLoc(p, l.Caller)
	case *FusedLoc:
		l.printBody(p, printPrettyLoc)
	default: // unknown
		p.WriteString("[unknown]")
	}
}
