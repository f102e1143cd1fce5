package scf

import (
	"github.com/kiln-gpu/kiln/arith"
	"github.com/kiln-gpu/kiln/ir"
)

// Dialect returns the scf dialect.
func Dialect() *ir.Dialect { return dialect }

var dialect = &ir.Dialect{
	Name: "scf",
	// Ops inlinable anywhere, bodies into its regions, as MLIR's scf inliner interface says.
	Inliner: ir.BodiesInlinable(),
	Summary: "Structured control flow: loops and conditionals with regions.",
	Ops: []*ir.OpDef{
		forOp, ifOp, whileOp, condition, yield, parallel, reduce, reduceReturn,
		executeRegion, indexSwitch, forall, inParallel,
	},
	Dependencies:        []func() *ir.Dialect{arith.Dialect},
	MaterializeConstant: arith.BuildConstant,
}
