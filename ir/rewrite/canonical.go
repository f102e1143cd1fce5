package rewrite

import (
	"cmp"
	"slices"

	"github.com/kiln-gpu/kiln/ir"
)

// CanonicalizationPatterns collects the canonicalization patterns of every
// dialect loaded in ctx and of each of their ops. Dialects are taken in
// name order so that ties in benefit break the same way on every run.
func CanonicalizationPatterns(ctx *ir.Context) []*ir.Pattern {
	ds := ctx.Dialects()
	slices.SortFunc(ds, func(a, b *ir.Dialect) int { return cmp.Compare(a.Name, b.Name) })
	var out []*ir.Pattern
	for _, d := range ds {
		out = append(out, d.Canonicalize...)
		for _, op := range d.Ops {
			out = append(out, op.Canonicalize...)
		}
	}
	return out
}
