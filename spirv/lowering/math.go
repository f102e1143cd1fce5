package lowering

import (
	"github.com/kiln-gpu/kiln/ir"
	"github.com/kiln-gpu/kiln/ir/rewrite"
)

// mathPatterns convert math ops to GLSL.std.450 instructions, or
// OpenCL.std ones on Kernel targets (MLIR's MathToSPIRV).
func (e *env) mathPatterns() []*rewrite.ConversionPattern {
	glsl := map[string]string{"sqrt": "Sqrt", "rsqrt": "InverseSqrt", "exp": "Exp", "exp2": "Exp2", "log": "Log",
		"log2": "Log2", "sin": "Sin", "cos": "Cos", "tan": "Tan", "tanh": "Tanh", "sinh": "Sinh", "cosh": "Cosh",
		"asin": "Asin", "acos": "Acos", "atan": "Atan", "asinh": "Asinh", "acosh": "Acosh", "atanh": "Atanh",
		"atan2": "Atan2", "absf": "FAbs", "absi": "SAbs", "ceil": "Ceil", "floor": "Floor", "fma": "Fma",
		"powf": "Pow", "round": "Round", "roundeven": "RoundEven", "trunc": "Trunc"}
	cl := map[string]string{"sqrt": "sqrt", "rsqrt": "rsqrt", "exp": "exp", "exp2": "exp2", "log": "log", "log2": "log2",
		"sin": "sin", "cos": "cos", "tan": "tan", "tanh": "tanh", "sinh": "sinh", "cosh": "cosh", "asin": "asin",
		"acos": "acos", "atan": "atan", "asinh": "asinh", "acosh": "acosh", "atanh": "atanh", "atan2": "atan2",
		"absf": "fabs", "absi": "s_abs", "ceil": "ceil", "floor": "floor", "fma": "fma", "powf": "pow",
		"round": "round", "roundeven": "rint", "trunc": "trunc", "erf": "erf", "log1p": "log1p", "expm1": "expm1"}
	var ps []*rewrite.ConversionPattern
	table, prefix := glsl, "spirv.GL."
	if e.kernel() {
		table, prefix = cl, "spirv.CL."
	}
	for name, to := range table {
		ps = append(ps, e.elementwise("math."+name, prefix+to, ""))
	}
	ps = append(ps, e.elementwise("math.isnan", "spirv.IsNan", ""), e.elementwise("math.isinf", "spirv.IsInf", ""))
	if !e.kernel() {
		// log1p(x) = log(1 + x), expm1(x) = exp(x) - 1, as MLIR expands them.
		ps = append(ps,
			&rewrite.ConversionPattern{Name: "math.log1p", Root: "math.log1p", Rewrite: e.expand(func(b *ir.Builder, t ir.Type, x *ir.Value, loc ir.Location) *ir.Value {
				return val(b, "spirv.GL.Log", loc, t, val(b, "spirv.FAdd", loc, t, splatConst(b, t, 1, loc), x))
			})},
			&rewrite.ConversionPattern{Name: "math.expm1", Root: "math.expm1", Rewrite: e.expand(func(b *ir.Builder, t ir.Type, x *ir.Value, loc ir.Location) *ir.Value {
				return val(b, "spirv.FSub", loc, t, val(b, "spirv.GL.Exp", loc, t, x), splatConst(b, t, 1, loc))
			})})
	}
	return ps
}

// expand converts a one-operand op with f.
func (e *env) expand(f func(b *ir.Builder, t ir.Type, x *ir.Value, loc ir.Location) *ir.Value) func(*ir.Operation, []*ir.Value, *rewrite.ConversionRewriter) error {
	return func(o *ir.Operation, operands []*ir.Value, rw *rewrite.ConversionRewriter) error {
		t := e.tc.ConvertType(o.Result(0).Type())
		if t == nil || len(operands) != 1 {
			return rewrite.NoMatch
		}
		rw.SetInsertionPointBefore(o)
		rw.ReplaceOp(o, []*ir.Value{f(&rw.Builder, t, operands[0], o.Loc())})
		return nil
	}
}
