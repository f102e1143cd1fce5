package main

import (
	"github.com/kiln-gpu/kiln"
	"github.com/kiln-gpu/kiln/ir"
	"github.com/kiln-gpu/kiln/ir/irtest"
)

// newContext returns a context with every dialect Kiln knows, and the
// "test" dialect that mlir-opt also loads (any test.* op in generic form),
// which MLIR's test files use without --allow-unregistered-dialect.
func newContext() *ir.Context {
	return ir.NewContext(append(kiln.Dialects(), irtest.TestDialect())...)
}
