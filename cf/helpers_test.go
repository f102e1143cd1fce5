package cf_test

import (
	"github.com/kiln-gpu/kiln/arith"
	"github.com/kiln-gpu/kiln/cf"
	"github.com/kiln-gpu/kiln/fn"
	"github.com/kiln-gpu/kiln/ir"
	"github.com/kiln-gpu/kiln/ir/irtest"
	"github.com/kiln-gpu/kiln/ir/rewrite"
	"github.com/kiln-gpu/kiln/ub"
)

func newContext() *ir.Context {
	return ir.NewContext(cf.Dialect(), fn.Dialect(), arith.Dialect(), ub.Dialect(), irtest.TestDialect())
}

// canonicalize runs the canonicalizer's greedy driver with the patterns
// of every loaded dialect, as `kiln opt --canonicalize` does.
func canonicalize(m *ir.Operation) error {
	patterns := rewrite.NewPatternSet(rewrite.CanonicalizationPatterns(m.Context())...)
	_, err := rewrite.ApplyPatternsGreedily(m, patterns, rewrite.GreedyConfig{})
	return err
}
