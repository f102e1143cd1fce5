package arith

import (
	"github.com/kiln-gpu/kiln/ir"
)

// Dialect returns the arith dialect.
func Dialect() *ir.Dialect { return dialect }

var dialect = &ir.Dialect{
	Name: "arith",
	// All ops inlinable, as MLIR's arith inliner interface says.
	Inliner: ir.OpsInlinable(),
	Summary: "Integer and floating-point arithmetic, comparisons, selects and casts.",
	Ops: []*ir.OpDef{
		constantOp,
		addi, subi, muli, divui, divsi, ceildivui, ceildivsi, floordivsi, remui, remsi,
		andi, ori, xori, shli, shrui, shrsi, maxsi, maxui, minsi, minui,
		adduiExtended, subuiExtended, mulsiExtended, muluiExtended,
		addf, subf, mulf, divf, remf, negf, flushDenormals, maximumf, minimumf, maxnumf, minnumf,
		cmpi, cmpf, selectOp,
		extui, extsi, trunci, extf, truncf, convertf, sitofp, uitofp, fptosi, fptoui, indexCast, indexCastUI, bitcast,
		scalingExtF, scalingTruncF,
	},
	ParseAttr:           parseAttr,
	MaterializeConstant: BuildConstant,
}

// Ops MLIR renamed without changing them, whose old names upstream files of
// that time still use: maximumf and minimumf were maxf and minf until late
// 2023 (NaN propagates, -0 < +0), addui_extended was addui_carry until
// December 2022.
func init() {
	maximumf.OldNames = []string{"arith.maxf"}
	minimumf.OldNames = []string{"arith.minf"}
	adduiExtended.OldNames = []string{"arith.addui_carry"}
}
