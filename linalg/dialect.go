package linalg

import (
	"github.com/kiln-gpu/kiln/arith"
	"github.com/kiln-gpu/kiln/ir"
	mathd "github.com/kiln-gpu/kiln/math"
)

// Dialect returns the linalg dialect.
func Dialect() *ir.Dialect { return dialect }

var dialect = &ir.Dialect{
	Name:                "linalg",
	Summary:             "Structured ops: loop nests over tensors and memrefs given by indexing maps and a scalar body.",
	Ops:                 []*ir.OpDef{generic, fill, elemwiseUnary, yield},
	ParseAttr:           parseAttr,
	Dependencies:        []func() *ir.Dialect{arith.Dialect, mathd.Dialect},
	MaterializeConstant: arith.BuildConstant,
}
