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
	for _, p := range ps {
		if p.root() == "" {
			ix.anyOp = append(ix.anyOp, p)
		}
	}
	for _, p := range ps {
		r := p.root()
		if r == "" || ix.byRoot[r] != nil {
			continue
		}
		var list []P
		for _, q := range ps {
			if q.root() == r || q.root() == "" {
				list = append(list, q)
			}
		}
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
