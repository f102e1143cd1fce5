package ir

import (
	"cmp"
	"math"
	"slices"
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
	file   string                       // first: a position's file points at the table
	ctx    *Context                     // whose identities its positions take
	idMu   sync.Mutex                   // held for ids
	ids    map[*FileLineColLoc]uint64   // identities given out (see idOf)
	blocks atomic.Pointer[[]*lineBlock] // by line/lineChunk
	mu     sync.Mutex                   // held to grow blocks and for far
	// far holds the positions of lines far past the index's end, which only
	// odd input produces, until the index grows to them.
	far map[[2]int]*FileLineColLoc
}

// lineBlock holds the positions of lineChunk lines. Most lines have one
// (an op's), so a line's first position is stored in an array, in place
// (16 bytes a line, where a pointer to it took 8 more and its slab some
// slack), and the rest, which few lines have, in a list sorted by line and
// column: a parse asks for them mostly in order, so most are appended.
type lineBlock struct {
	mu sync.Mutex
	// first[i] is line i's first position (no file while it has none).
	first [lineChunk]FileLineColLoc
	more  []*FileLineColLoc
	// slab is the unused rest of the last allocation of positions:
	// positions are carved in growing slabs.
	slab     []FileLineColLoc
	slabSize int
}

// idOf returns the identity of l, one of t's positions, given at the first
// ask: few positions are ever part of another location's key, so their
// identities live here rather than in every position.
func (t *positionTable) idOf(l *FileLineColLoc) uint64 {
	t.idMu.Lock()
	defer t.idMu.Unlock()
	if id, ok := t.ids[l]; ok {
		return id
	}
	if t.ids == nil {
		t.ids = map[*FileLineColLoc]uint64{}
	}
	id := t.ctx.nextID.Add(1)
	t.ids[l] = id
	return id
}

const (
	lineChunk = 256
	// lineSlack bounds how far past the index's end a line may grow it.
	lineSlack = 1 << 14
	// maxSlab is small enough that a block's unused rest of its last slab
	// is a small part of its positions when it has about one a line.
	maxSlab = 32
)

// position finds or makes the position line:col of t's file.
func (t *positionTable) position(line, col int) *FileLineColLoc {
	// Positions hold 32-bit numbers; a text of over 2 GiB shares its last.
	line, col = min(line, math.MaxInt32), min(col, math.MaxInt32)
	b := t.block(line)
	if b == nil {
		return t.farPosition(line, col)
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	first := &b.first[line%lineChunk]
	if first.file != nil && int(first.Col) == col {
		return first
	}
	// A far position moved into the block is in more, whether or not
	// its line has a first.
	i := b.search(line, col)
	if i < len(b.more) && int(b.more[i].Line) == line && int(b.more[i].Col) == col {
		return b.more[i]
	}
	if first.file == nil {
		*first = FileLineColLoc{file: &t.file, Line: int32(line), Col: int32(col)}
		return first
	}
	if len(b.slab) == 0 {
		b.slabSize = min(max(2*b.slabSize, 8), maxSlab)
		b.slab = make([]FileLineColLoc, b.slabSize)
	}
	l := &b.slab[0]
	b.slab = b.slab[1:]
	*l = FileLineColLoc{file: &t.file, Line: int32(line), Col: int32(col)}
	b.more = slices.Insert(b.more, i, l)
	return l
}

// search returns where line:col is or belongs in b.more.
func (b *lineBlock) search(line, col int) int {
	i, _ := slices.BinarySearchFunc(b.more, [2]int{line, col}, func(l *FileLineColLoc, k [2]int) int {
		return cmp.Or(cmp.Compare(int(l.Line), k[0]), cmp.Compare(int(l.Col), k[1]))
	})
	return i
}

// add files a position of one of the block's lines that it lacks (made
// elsewhere, so it goes in more).
func (b *lineBlock) add(l *FileLineColLoc) {
	b.more = slices.Insert(b.more, b.search(int(l.Line), int(l.Col)), l)
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
			grown[k[0]/lineChunk].add(l)
			delete(t.far, k)
		}
	}
	t.blocks.Store(&grown)
	return grown[i]
}

// farPosition finds or makes a position of a line far past the index.
func (t *positionTable) farPosition(line, col int) *FileLineColLoc {
	t.mu.Lock()
	if bs := t.blocks.Load(); line >= 0 && bs != nil && line/lineChunk < len(*bs) {
		// The index grew to the line (taking its far positions) meanwhile.
		t.mu.Unlock()
		return t.position(line, col)
	}
	defer t.mu.Unlock()
	k := [2]int{line, col}
	if l := t.far[k]; l != nil {
		return l
	}
	if t.far == nil {
		t.far = map[[2]int]*FileLineColLoc{}
	}
	l := &FileLineColLoc{file: &t.file, Line: int32(line), Col: int32(col)}
	t.far[k] = l
	return l
}
