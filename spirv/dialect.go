package spirv

import "github.com/kiln-gpu/kiln/ir"

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

	VerifyAttr:          verifyAttr,
	VerifyArgAttr:       verifyArgAttr,
	VerifyResultAttr:    verifyResultAttr,
	MaterializeConstant: materializeConstant,
}
