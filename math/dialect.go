package mathd

import (
	"github.com/kiln-gpu/kiln/arith"
	"github.com/kiln-gpu/kiln/ir"
)

// Dialect returns the math dialect. It depends on arith for #arith.fastmath.
func Dialect() *ir.Dialect { return dialect }

var dialect = &ir.Dialect{
	Name: "math",
	// All ops inlinable, as MLIR's math inliner interface says.
	Inliner:      ir.OpsInlinable(),
	Summary:      "Elementary functions, rounding, powers, bit counts and float classification.",
	Dependencies: []func() *ir.Dialect{arith.Dialect},
	// Folded values become arith.constant ops, as in MLIR.
	MaterializeConstant: arith.BuildConstant,
	Ops: []*ir.OpDef{
		unaryFloat("absf", "floating point absolute-value operation"),
		// math.abs is absf's spelling before MLIR split it from absi; older files still use it.
		unaryFloat("abs", "floating point absolute-value operation"),
		unaryFloat("acos", "arcus cosine of the given value"),
		unaryFloat("acosh", "hyperbolic arcus cosine of the given value"),
		unaryFloat("asin", "arcus sine of the given value"),
		unaryFloat("asinh", "hyperbolic arcus sine of the given value"),
		unaryFloat("atan", "arcus tangent of the given value"),
		unaryFloat("atanh", "hyperbolic arcus tangent of the given value"),
		unaryFloat("cbrt", "cube root of the specified value"),
		unaryFloat("ceil", "ceiling of the specified value"),
		unaryFloat("cos", "cosine of the specified value"),
		unaryFloat("cosh", "hyperbolic cosine of the specified value"),
		unaryFloat("erf", "error function of the specified value"),
		unaryFloat("erfc", "complementary error function of the specified value"),
		floatOp("exp", "base-e exponential of the specified value", 1, "%r = math.exp %x fastmath<fast> : vector<4xf32>"),
		unaryFloat("exp2", "base-2 exponential of the specified value"),
		unaryFloat("expm1", "base-e exponential of the specified value minus 1"),
		unaryFloat("floor", "floor of the specified value"),
		unaryFloat("log", "base-e logarithm of the specified value"),
		unaryFloat("log10", "base-10 logarithm of the specified value"),
		unaryFloat("log1p", "natural logarithm of one plus the given value"),
		unaryFloat("log2", "base-2 logarithm of the specified value"),
		unaryFloat("round", "round of the specified value, halfway cases away from zero"),
		unaryFloat("roundeven", "round of the specified value, halfway cases to even"),
		unaryFloat("rsqrt", "reciprocal of sqrt (1 / sqrt of the specified value)"),
		unaryFloat("sin", "sine of the specified value"),
		unaryFloat("sinh", "hyperbolic sine of the specified value"),
		floatOp("sqrt", "sqrt of the specified value", 1, "%r = math.sqrt %x : tensor<4x?xf16>"),
		unaryFloat("tan", "tangent of the specified value"),
		unaryFloat("tanh", "hyperbolic tangent of the specified value"),
		unaryFloat("trunc", "trunc of the specified value"),
		floatOp("atan2", "2-argument arcus tangent of the given values", 2, "%r = math.atan2 %y, %x : f64"),
		floatOp("copysign", "a copysign operation", 2, "%r = math.copysign %x, %y : f32"),
		floatOp("powf", "floating point raised to the power of operation", 2, "%r = math.powf %x, %y fastmath<afn> : f32"),
		fma,
		fpowi,
		intOp("absi", "integer absolute-value operation", 1, "%r = math.absi %a : i32"),
		intOp("ctlz", "counts the leading zeros an integer value", 1, "%r = math.ctlz %a : i32"),
		intOp("cttz", "counts the trailing zeros an integer value", 1, "%r = math.cttz %a : vector<4xi16>"),
		intOp("ctpop", "counts the number of set bits of an integer value", 1, "%r = math.ctpop %a : i64"),
		intOp("ipowi", "signed integer raised to the power of operation", 2, "%r = math.ipowi %a, %b : i32"),
		classOp("isnan", "returns true if the operand classifies as NaN"),
		classOp("isinf", "returns true if the operand classifies as infinite"),
		classOp("isfinite", "returns true if the operand classifies as finite"),
		classOp("isnormal", "returns true if the operand classifies as normal"),
		clampf, sincos,
	},
}
