package ir

import (
	"sync"
	"sync/atomic"
)

// File positions are by far the most common attribute (one per parsed op,
// more where dialect parsers ask for the current location), so they have
// their own table rather than the generic string-keyed one. A parse asks
// for them line by line, so per file they are indexed by line in chunks:
// no hashing, no rehashing as the table grows, and neighbouring lookups
// touch neighbouring memory. Lines far past the end of the index, which
// only odd input produces, go to a map instead.

// positionTable holds the positions of one file. Parsers on several
// goroutines fill it at once, each in its own lines, so each block of
// lines has its own lock and its own slab of positions, and the index of
// blocks is read without a lock (it is copied and republished to grow).
type positionTable struct {
	file   string
	blocks atomic.Pointer[[]*lineBlock] // by line/lineChunk
	mu     sync.Mutex                   // held to grow blocks and for far
	// far holds the positions of lines far past the index's end, which only
	// odd input produces, until the index grows to them.
	far map[[2]int]*FileLineColLoc
}

// lineBlock holds the positions of lineChunk lines.
type lineBlock struct {
	mu    sync.Mutex
	lines [lineChunk]linePositions
	// slab is the unused rest of the last allocation of positions, and
	// nextID the identity reserved for its first: positions are carved in
	// growing slabs, with their identities reserved at once.
	slab     []FileLineColLoc
	nextID   uint64
	slabSize int
}

// linePositions holds the positions on one line; most lines have one or
// two (an op, and an attribute whose parser asked for its location).
type linePositions struct {
	first, second *FileLineColLoc
	more          []*FileLineColLoc
}

const (
	lineChunk = 256
	// lineSlack bounds how far past the index's end a line may grow it.
	lineSlack = 1 << 14
	maxSlab   = 128
)

// position finds or makes the position line:col of t's file.
func (t *positionTable) position(c *Context, line, col int) *FileLineColLoc {
	b := t.block(line)
	if b == nil {
		return t.farPosition(c, line, col)
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	lp := &b.lines[line%lineChunk]
	if l := lp.find(col); l != nil {
		return l
	}
	if len(b.slab) == 0 {
		b.slabSize = min(max(2*b.slabSize, 8), maxSlab)
		b.slab = make([]FileLineColLoc, b.slabSize)
		b.nextID = c.nextID.Add(uint64(b.slabSize)) - uint64(b.slabSize) + 1
	}
	l := &b.slab[0]
	b.slab = b.slab[1:]
	*l = FileLineColLoc{File: t.file, Line: line, Col: col}
	l.setUniqueID(b.nextID)
	b.nextID++
	lp.add(l)
	return l
}

func (lp *linePositions) find(col int) *FileLineColLoc {
	if lp.first != nil && lp.first.Col == col {
		return lp.first
	}
	if lp.second != nil && lp.second.Col == col {
		return lp.second
	}
	for _, l := range lp.more {
		if l.Col == col {
			return l
		}
	}
	return nil
}

func (lp *linePositions) add(l *FileLineColLoc) {
	switch {
	case lp.first == nil:
		lp.first = l
	case lp.second == nil:
		lp.second = l
	default:
		lp.more = append(lp.more, l)
	}
}

// block returns the block of a line, growing the index to it unless the
// line is far past its end (nil then).
func (t *positionTable) block(line int) *lineBlock {
	if line < 0 {
		return nil
	}
	i := line / lineChunk
	if bs := t.blocks.Load(); bs != nil && i < len(*bs) {
		return (*bs)[i]
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	var old []*lineBlock
	if bs := t.blocks.Load(); bs != nil {
		old = *bs
	}
	if i < len(old) {
		return old[i]
	}
	if line >= len(old)*lineChunk+lineSlack {
		return nil
	}
	return t.grow(old, i)
}

// reserve grows the index to line, which the caller knows is in the file.
func (t *positionTable) reserve(line int) {
	if line < 0 || t.block(line) != nil {
		return
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	if bs := t.blocks.Load(); bs == nil || line/lineChunk >= len(*bs) {
		var old []*lineBlock
		if bs != nil {
			old = *bs
		}
		t.grow(old, line/lineChunk)
	}
}

// grow publishes the index old grown to block i; t.mu is held.
func (t *positionTable) grow(old []*lineBlock, i int) *lineBlock {
	grown := make([]*lineBlock, i+1)
	copy(grown, old)
	for j := len(old); j <= i; j++ {
		grown[j] = &lineBlock{}
	}
	// Far positions now in the index move into it before anyone sees it.
	for k, l := range t.far {
		if k[0] < len(grown)*lineChunk {
			grown[k[0]/lineChunk].lines[k[0]%lineChunk].add(l)
			delete(t.far, k)
		}
	}
	t.blocks.Store(&grown)
	return grown[i]
}

// farPosition finds or makes a position of a line far past the index.
func (t *positionTable) farPosition(c *Context, line, col int) *FileLineColLoc {
	t.mu.Lock()
	if bs := t.blocks.Load(); line >= 0 && bs != nil && line/lineChunk < len(*bs) {
		// The index grew to the line (taking its far positions) meanwhile.
		t.mu.Unlock()
		return t.position(c, line, col)
	}
	defer t.mu.Unlock()
	k := [2]int{line, col}
	if l := t.far[k]; l != nil {
		return l
	}
	if t.far == nil {
		t.far = map[[2]int]*FileLineColLoc{}
	}
	l := &FileLineColLoc{File: t.file, Line: line, Col: col}
	l.setUniqueID(c.nextID.Add(1))
	t.far[k] = l
	return l
}
