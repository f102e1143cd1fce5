package spirv

import (
	"github.com/kiln-gpu/kiln/ir"
	"github.com/kiln-gpu/kiln/ub"
)

// Dialect returns the spirv dialect. It also accepts the older `spv.`
// prefix on input.
func Dialect() *ir.Dialect { return dialect }

var dialect = &ir.Dialect{
	Name:      "spirv",
	Aliases:   []string{"spv"},
	Summary:   "SPIR-V: types, attributes and instructions as MLIR's spirv dialect models them.",
	Ops:       allOps(),
	ParseType: parseType,
	ParseAttr: parseAttr,
	// Folds that meet a poison operand materialize ub.poison.
	Dependencies: []func() *ir.Dialect{ub.Dialect},

	VerifyAttr:          verifyAttr,
	VerifyArgAttr:       verifyArgAttr,
	VerifyResultAttr:    verifyResultAttr,
	MaterializeConstant: materializeConstant,
	Inliner:             inliner,
}
