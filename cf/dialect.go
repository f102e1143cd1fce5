package cf

import "github.com/kiln-gpu/kiln/ir"

// Dialect returns the cf dialect.
func Dialect() *ir.Dialect { return dialect }

var dialect = &ir.Dialect{
	Name: "cf",
	// All ops inlinable, as MLIR's cf inliner interface says.
	Inliner: ir.OpsInlinable(),
	Summary: "Unstructured control flow: branches between blocks, and assertions.",
	Ops:     []*ir.OpDef{assertDef, brDef, condBrDef, switchDef},
}
