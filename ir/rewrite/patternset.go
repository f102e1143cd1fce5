package rewrite

import (
	"cmp"
	"slices"

	"github.com/kiln-gpu/kiln/ir"
)

// rooted is what the pattern index needs to know about a pattern.
type rooted interface {
	root() string
	benefit() int
}

// index lists patterns per root op name, each list ordered by decreasing
// benefit (registration order breaks ties) and holding the patterns for any
// op too. It is built once and only read afterwards, so it is safe to share
// between goroutines.
type index[P rooted] struct {
	byRoot map[string][]P
	anyOp  []P
}

func newIndex[P rooted](ps []P) index[P] {
	ix := index[P]{byRoot: map[string][]P{}}
	order := func(a, b P) int { return cmp.Compare(b.benefit(), a.benefit()) }
	// Positions in ps of the patterns for any op, and of the others grouped
	// by root in registration order, so that each root's list is one merge
	// in registration order, and all lists share one array.
	var anyAt, rootAt []int
	for i, p := range ps {
		if p.root() == "" {
			anyAt = append(anyAt, i)
			ix.anyOp = append(ix.anyOp, p)
		} else {
			rootAt = append(rootAt, i)
		}
	}
	slices.SortStableFunc(rootAt, func(a, b int) int { return cmp.Compare(ps[a].root(), ps[b].root()) })
	roots := 0
	for k := range rootAt {
		if k == 0 || ps[rootAt[k]].root() != ps[rootAt[k-1]].root() {
			roots++
		}
	}
	lists := make([]P, 0, len(rootAt)+roots*len(anyAt))
	for len(rootAt) > 0 {
		r := ps[rootAt[0]].root()
		n := 1
		for n < len(rootAt) && ps[rootAt[n]].root() == r {
			n++
		}
		own := rootAt[:n]
		rootAt = rootAt[n:]
		start := len(lists)
		i, j := 0, 0
		for i < len(own) || j < len(anyAt) {
			if j == len(anyAt) || i < len(own) && own[i] < anyAt[j] {
				lists = append(lists, ps[own[i]])
				i++
			} else {
				lists = append(lists, ps[anyAt[j]])
				j++
			}
		}
		list := lists[start:len(lists):len(lists)]
		slices.SortStableFunc(list, order)
		ix.byRoot[r] = list
	}
	slices.SortStableFunc(ix.anyOp, order)
	return ix
}

// lookup returns the patterns to try on an op with the given name.
func (ix *index[P]) lookup(name string) []P {
	if l, ok := ix.byRoot[name]; ok {
		return l
	}
	return ix.anyOp
}

type pattern struct{ *ir.Pattern }

func (p pattern) root() string { return p.Root }
func (p pattern) benefit() int { return p.Benefit }

// PatternSet is an immutable, indexed set of rewrite patterns (MLIR's
// FrozenRewritePatternSet). Build it once and share it.
type PatternSet struct {
	ix index[pattern]
}

// NewPatternSet indexes patterns by root op name. Patterns with an empty
// Root apply to every op.
func NewPatternSet(patterns ...*ir.Pattern) *PatternSet {
	ps := make([]pattern, 0, len(patterns))
	for _, p := range patterns {
		if p != nil && p.Rewrite != nil {
			ps = append(ps, pattern{p})
		}
	}
	return &PatternSet{ix: newIndex(ps)}
}

// For returns the patterns that may match an op named name, by decreasing benefit.
func (s *PatternSet) For(name string) []*ir.Pattern {
	l := s.ix.lookup(name)
	out := make([]*ir.Pattern, len(l))
	for i, p := range l {
		out[i] = p.Pattern
	}
	return out
}
