package ir

import (
	"errors"
	"runtime"
	"slices"
	"strings"
)

// A block body of many isolated ops (the functions of a module) is parsed
// on several goroutines: a quick scan of the text finds where the ops
// begin, each chunk of ops is parsed by a parser of its own, and the ops are
// appended in order. Isolated ops see no value of the block around them, so
// a chunk parses as it would in sequence. Anything the scan cannot vouch
// for (an op that defines or uses a value of the block, a chunk that does
// not end where the next begins, any error) makes the caller parse the
// body in sequence instead, so diagnostics are those of one parser.

const (
	// minParallelBody is the least text worth parsing in parallel.
	minParallelBody = 64 << 10
	// minChunkOps is the fewest ops given to a goroutine.
	minChunkOps = 16
)

// opStart is where an op of the block body begins.
type opStart struct{ pos, line, lineStart int }

// parseBodyInParallel parses the rest of the block body at the current
// token into b on several goroutines and reports whether it did; when it
// did not, the parser is where it was and b is unchanged.
func (p *Parser) parseBodyInParallel(b *Block) bool {
	workers := runtime.GOMAXPROCS(0)
	if !p.ctx.Multithreading() || workers < 2 || len(p.lex.src)-p.tok.start < minParallelBody {
		return false
	}
	starts, end, endLine, ok := p.scanIsolatedOps()
	if !ok || len(starts) < 2*minChunkOps || end-p.tok.start < minParallelBody {
		return false
	}
	// distinct[N] names one attribute across the whole text.
	if strings.Contains(p.lex.src[p.tok.start:end], "distinct[") {
		return false
	}
	// Index the body's lines first: a chunk's lines would otherwise lie far
	// past the index's end, in the table's one locked map.
	if p.positions == nil {
		p.positions = p.ctx.positionsOf(p.file)
	}
	p.positions.reserve(endLine)
	n := min(4*workers, len(starts)/minChunkOps)
	subs := make([]*Parser, n)
	ops := make([][]*Operation, n)
	err := ParallelFor(p.ctx, n, func(i int) error {
		first := starts[i*len(starts)/n]
		limit := end
		if i+1 < n {
			limit = starts[(i+1)*len(starts)/n].pos
		}
		subs[i] = p.subParser(first)
		var err error
		ops[i], err = subs[i].parseChunk(limit)
		return err
	})
	if err != nil {
		return false
	}
	for i, s := range subs {
		for _, op := range ops[i] {
			b.Append(op)
		}
		p.pendingLocs = append(p.pendingLocs, s.pendingLocs...)
	}
	last := subs[n-1]
	p.lex, p.tok = last.lex, last.tok
	return true
}

// subParser returns a parser of the text from s on, with p's aliases,
// default dialects and nesting depth.
func (p *Parser) subParser(s opStart) *Parser {
	sub := &Parser{ctx: p.ctx, file: p.file,
		lex:         lexer{src: p.lex.src, pos: s.pos, line: s.line, lineStart: s.lineStart},
		typeAliases: p.typeAliases, attrAliases: p.attrAliases, positions: p.positions, res: p.res,
		defaultDialects: slices.Clone(p.defaultDialects), depth: p.depth, regionDepth: p.regionDepth}
	sub.tok = sub.lex.next()
	return sub
}

// errNotAlone says a chunk cannot be parsed apart from the rest of its
// block; the caller parses the block in sequence and reports what it finds.
var errNotAlone = errors.New("chunk cannot be parsed alone")

// parseChunk parses ops up to the byte offset limit, which must be where
// the last one ends, in a scope of their own that must stay empty.
func (p *Parser) parseChunk(limit int) ([]*Operation, error) {
	p.pushIsolatedScope()
	p.pushRegionScope()
	s := p.scope()
	var ops []*Operation
	for p.tok.start < limit {
		if p.tok.kind == tokEOF || p.isPunct("}") {
			return nil, errNotAlone
		}
		op, err := p.parseOperation()
		if err != nil {
			return nil, err
		}
		ops = append(ops, op)
		if len(s.defined) > 0 || len(s.definedNums) > 0 || len(s.forward) > 0 {
			return nil, errNotAlone
		}
	}
	if p.tok.start != limit {
		return nil, errNotAlone
	}
	return ops, nil
}

// scanIsolatedOps finds, from the current token to the '}' that closes the
// block, the start of each op when every line at the block's own brace
// depth that begins an op begins with the name of an isolated op with
// regions, and the first op does too. It skips strings and comments.
// Inside braces only braces, strings and comments matter (line numbers
// are counted afterwards), so most of the text is passed over by
// vectorized searches for those bytes.
func (p *Parser) scanIsolatedOps() (starts []opStart, end, endLine int, ok bool) {
	src := p.lex.src
	first := opStart{pos: p.tok.start, line: p.tok.line, lineStart: p.tok.start - p.tok.col + 1}
	if !p.isolatedOpAt(first.pos) {
		return nil, 0, 0, false
	}
	starts = append(starts, first)
	depth, stops := 0, newNestedStops()
	for i := first.pos; i < len(src); i++ {
		if depth > 0 {
			i = stops.next(src, i)
		} else {
			for i < len(src) && !scanStops[src[i]] {
				i++
			}
		}
		if i == len(src) {
			break
		}
		switch c := src[i]; c {
		case '"':
			for i++; i < len(src) && src[i] != '"'; i++ {
				if src[i] == '\\' {
					i++
				} else if src[i] == '\n' {
					return nil, 0, 0, false // the lexer rejects it; let it say so
				}
			}
		case '/':
			if i+1 < len(src) && src[i+1] == '/' {
				for i < len(src) && src[i] != '\n' {
					i++
				}
				i-- // the newline is handled below
			}
		case '{':
			depth++
		case '}':
			if depth == 0 {
				// The lines of the starts and of the end.
				line, from := first.line, first.pos
				for k := range starts[1:] {
					s := &starts[k+1]
					line += strings.Count(src[from:s.pos], "\n")
					s.line, from = line, s.pos
				}
				return starts, i, line + strings.Count(src[from:i], "\n"), true
			}
			depth--
		case '\n':
			// Only at the block's own depth: inside braces the scan
			// passes over line ends.
			j := i + 1
			for j < len(src) && (src[j] == ' ' || src[j] == '\t') {
				j++
			}
			if p.isolatedOpAt(j) {
				starts = append(starts, opStart{pos: j, lineStart: i + 1})
			}
		}
	}
	return nil, 0, 0, false
}

// scanStops are the bytes scanIsolatedOps looks at at the block's depth.
var scanStops = [256]bool{'"': true, '/': true, '{': true, '}': true, '\n': true}

// nestedStops finds the bytes scanIsolatedOps looks at inside braces,
// '"', '/', '{' and '}', with one strings.IndexByte (vectorized) per
// occurrence of each: it keeps where each byte next occurs and searches
// again only for those the scan has passed.
type nestedStops struct{ at [4]int }

var nestedBytes = [4]byte{'"', '/', '{', '}'}

func newNestedStops() nestedStops { return nestedStops{at: [4]int{-1, -1, -1, -1}} }

// next returns the index of the first of the bytes in src from i, or
// len(src).
func (n *nestedStops) next(src string, i int) int {
	first := len(src)
	for k, c := range nestedBytes {
		if n.at[k] < i {
			n.at[k] = len(src)
			if j := strings.IndexByte(src[i:], c); j >= 0 {
				n.at[k] = i + j
			}
		}
		first = min(first, n.at[k])
	}
	return first
}

// isolatedOpAt reports whether the text at pos is the name of an op with
// regions that is isolated from above, followed by a space.
func (p *Parser) isolatedOpAt(pos int) bool {
	src := p.lex.src
	end := pos
	for end < len(src) && isIDChar(src[end]) {
		end++
	}
	if end == pos || end >= len(src) || src[end] != ' ' {
		return false
	}
	def := p.lookupCustomOp(src[pos:end])
	return def != nil && def.parser() != nil && def.Traits&IsolatedFromAbove != 0 && def.Regions.Max != 0
}
