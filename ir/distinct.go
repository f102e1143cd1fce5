package ir

import (
	"strconv"
	"sync"
)

// DistinctAttr is distinct[N]<attr>: an attribute equal only to itself,
// even where another references the same attribute. N names it within one
// text only: the parser maps each N to one DistinctAttr, and the printer
// numbers them 0, 1, ... in the order they print, as MLIR's AsmState does.
type DistinctAttr struct {
	Storage
	ref Attribute
}

// DistinctAttr returns a new distinct attribute referencing ref (unit when
// nil).
func (c *Context) DistinctAttr(ref Attribute) *DistinctAttr {
	if ref == nil {
		ref = c.UnitAttr()
	}
	// The printer's dry run numbers them and gives them aliases.
	c.usesAliasableAttrs.Store(true)
	c.usesDistinct.Store(true)
	d := &DistinctAttr{ref: ref}
	d.setUniqueID(c.nextID.Add(1))
	return d
}

// Referenced returns the attribute a refers to.
func (a *DistinctAttr) Referenced() Attribute { return a.ref }

// aliased reports whether a prints through an alias (#distinct), as MLIR's
// builtin alias hook gives one to those referencing more than unit.
func (a *DistinctAttr) aliased() bool {
	_, unit := a.ref.(*UnitAttr)
	return !unit
}

func (a *DistinctAttr) Print(p *Printer) {
	p.WriteString("distinct[")
	p.buf = strconv.AppendUint(p.buf, p.distinctID(a), 10)
	p.WriteString("]<")
	if a.aliased() {
		if p.collect != nil {
			p.collect.nested = append(p.collect.nested, a)
			defer func() { p.collect.nested = p.collect.nested[:len(p.collect.nested)-1] }()
		}
		p.Attr(a.ref)
	}
	p.WriteByte('>')
}

// distinctIDs numbers the distinct attributes of one printed text.
type distinctIDs struct {
	mu  sync.Mutex // shared by parallel workers, which find their ids numbered
	ids map[*DistinctAttr]uint64
}

func (d *distinctIDs) id(a *DistinctAttr) uint64 {
	d.mu.Lock()
	defer d.mu.Unlock()
	id, ok := d.ids[a]
	if !ok {
		id = uint64(len(d.ids))
		d.ids[a] = id
	}
	return id
}

// distinctID returns a's number in p's text, numbering it when it prints
// first; the dry run only records the order of first use.
func (p *Printer) distinctID(a *DistinctAttr) uint64 {
	if p.collect != nil {
		p.collect.useDistinct(a)
		return 0
	}
	return p.distinctNumbers().id(a)
}

// distinctNumbers returns p's numbering, made when first needed.
func (p *Printer) distinctNumbers() *distinctIDs {
	if p.distinct == nil {
		p.distinct = &distinctIDs{ids: map[*DistinctAttr]uint64{}}
	}
	return p.distinct
}

// numberDistinct numbers, in the order of the dry run's first uses, the
// distinct attributes printed in place; those of the alias definitions
// already printed have their numbers. Parallel workers then print numbers
// the sequential printer would.
func (p *Printer) numberDistinct(c *aliasCollector) {
	ids := p.distinctNumbers()
	for _, a := range c.distinct {
		ids.id(a)
	}
}

// useDistinct records a distinct attribute's use in the dry run.
func (c *aliasCollector) useDistinct(a *DistinctAttr) {
	if c.distinctSeen == nil {
		c.distinctSeen = map[*DistinctAttr]bool{}
	}
	if !c.distinctSeen[a] {
		c.distinctSeen[a] = true
		c.distinct = append(c.distinct, a)
	}
}

// nestIn records that a, which gets an alias, prints inside the distinct
// attribute being printed, if any: its alias is defined first.
func (c *aliasCollector) nestIn(a Attribute) {
	if n := len(c.nested); n > 0 {
		c.addEdge(aliasEdge{c.nested[n-1], a})
	}
}

// aliasEdge records that parent's alias definition holds child's alias.
type aliasEdge struct{ parent, child Attribute }

// addEdge records e once, however often the child is printed in the parent
// (and across the workers' merges), so the edges are as many as the
// distinct pairs, not the uses.
func (c *aliasCollector) addEdge(e aliasEdge) {
	if c.edgeSeen == nil {
		c.edgeSeen = map[aliasEdge]bool{}
	}
	if !c.edgeSeen[e] {
		c.edgeSeen[e] = true
		c.edges = append(c.edges, e)
	}
}

// merge adds what a worker's dry run recorded.
func (c *aliasCollector) merge(w *aliasCollector) {
	for _, a := range w.order {
		c.add(a)
	}
	c.mergeLocs(w)
	for _, a := range w.distinct {
		c.useDistinct(a)
	}
	for _, e := range w.edges {
		c.addEdge(e)
	}
}
