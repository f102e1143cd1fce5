package main

import (
	"github.com/kiln-gpu/kiln/arith"
	"github.com/kiln-gpu/kiln/cf"
	"github.com/kiln-gpu/kiln/fn"
	"github.com/kiln-gpu/kiln/gpu"
	"github.com/kiln-gpu/kiln/index"
	"github.com/kiln-gpu/kiln/ir"
	"github.com/kiln-gpu/kiln/ir/irtest"
	"github.com/kiln-gpu/kiln/llvm"
	mathd "github.com/kiln-gpu/kiln/math"
	"github.com/kiln-gpu/kiln/memref"
	"github.com/kiln-gpu/kiln/scf"
	"github.com/kiln-gpu/kiln/spirv"
	"github.com/kiln-gpu/kiln/ub"
	"github.com/kiln-gpu/kiln/vector"
)

// newContext returns a context with every dialect Kiln knows, and the
// "test" dialect that mlir-opt also loads (any test.* op in generic form),
// which MLIR's test files use without --allow-unregistered-dialect.
func newContext() *ir.Context {
	return ir.NewContext(fn.Dialect(), cf.Dialect(), arith.Dialect(), mathd.Dialect(),
		memref.Dialect(), scf.Dialect(), vector.Dialect(), gpu.Dialect(), spirv.Dialect(), index.Dialect(), ub.Dialect(),
		llvm.Dialect(), irtest.TestDialect())
}
