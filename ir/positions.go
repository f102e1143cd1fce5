package ir

// File positions are by far the most common attribute (one per parsed op,
// more where dialect parsers ask for the current location), so they have
// their own table rather than the generic string-keyed one. A parse asks
// for them line by line, so per file they are indexed by line in chunks:
// no hashing, no rehashing as the table grows, and neighbouring lookups
// touch neighbouring memory. Lines far past the end of the index, which
// only odd input produces, go to a map instead.

// positionTable holds the positions of one file.
type positionTable struct {
	lines []*[lineChunk]linePositions
	far   map[[2]int]*FileLineColLoc
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
)

// find returns the position, or nil.
func (t *positionTable) find(line, col int) *FileLineColLoc {
	if lp := t.line(line, false); lp != nil {
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
	}
	// Positions recorded while their line was far past the index's end
	// stay in the map after the index grows.
	if t.far == nil {
		return nil
	}
	return t.far[[2]int{line, col}]
}

// add records a position that find did not return.
func (t *positionTable) add(l *FileLineColLoc) {
	if lp := t.line(l.Line, true); lp != nil {
		switch {
		case lp.first == nil:
			lp.first = l
		case lp.second == nil:
			lp.second = l
		default:
			lp.more = append(lp.more, l)
		}
		return
	}
	if t.far == nil {
		t.far = map[[2]int]*FileLineColLoc{}
	}
	t.far[[2]int{l.Line, l.Col}] = l
}

// line returns the index entry of a line, growing the index to it when
// grow is set; nil for lines not indexed.
func (t *positionTable) line(line int, grow bool) *linePositions {
	if line < 0 || line >= len(t.lines)*lineChunk+lineSlack {
		return nil
	}
	for line/lineChunk >= len(t.lines) {
		if !grow {
			return nil
		}
		t.lines = append(t.lines, new([lineChunk]linePositions))
	}
	return &t.lines[line/lineChunk][line%lineChunk]
}
