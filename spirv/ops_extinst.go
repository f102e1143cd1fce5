package spirv

import (
	"github.com/kiln-gpu/kiln/arith"
	"github.com/kiln-gpu/kiln/ir"
)

// Extended instructions: spirv.GL.* (GLSL.std.450) and spirv.CL.*
// (OpenCL.std). Their numbers and availability come from spv's tables
// through the op name (see ExtInstOf); here they are rows by shape.

// extOps makes same-type ops `prefix.name` with n operands of constraint c.
func extOps(prefix string, names []string, n int, c arith.Constraint, exampleTy string) []*ir.OpDef {
	// MLIR's unary extended ops are `$operand : type($operand) attr-dict`,
	// the others `operands attr-dict : type($result)`.
	operands := operandNames(n)
	syntax := joinFormat(operands, "$%s") + " attr-dict `:` type($result)"
	if n == 1 {
		syntax = "$operand `:` type($operand) attr-dict"
	}
	var ops []*ir.OpDef
	for _, name := range names {
		example := "%r = " + prefix + name + " %a"
		for i := 1; i < n; i++ {
			example += ", %" + string(rune('a'+i))
		}
		ops = append(ops, &ir.OpDef{
			Name:     prefix + name,
			Summary:  extSummary(prefix, name),
			Example:  example + " : " + exampleTy,
			Traits:   ir.Pure | ir.SameOperandsAndResultType,
			Operands: ir.Exactly(n), Results: ir.Exactly(1),
			Format: &ir.Format{Syntax: syntax, Operands: operands, Results: []string{"result"}},
			Verify: func(op *ir.Operation) error {
				cs := make([]arith.Constraint, n)
				for i := range cs {
					cs[i] = c
				}
				if err := arith.CheckOperands(op, cs...); err != nil {
					return err
				}
				if err := arith.CheckResults(op, c); err != nil {
					return err
				}
				return checkAllSame(op)
			},
		})
	}
	return ops
}

func extSummary(prefix, name string) string {
	set := "GLSL.std.450"
	if prefix == "spirv.CL." {
		set = "OpenCL.std"
	}
	return "The " + set + " extended instruction " + name + ", per component."
}

// extVectorOf is MLIR's SPIRV_ScalarOrVectorOf, which extended
// instructions take: scalars satisfying elem and vectors of them with 2, 3,
// 4, 8 or 16 elements (core ops take vectors of any length, vectorOf).
func extVectorOf(elem func(ir.Type) bool) func(ir.Type) bool {
	return func(t ir.Type) bool {
		if v, ok := t.(*ir.VectorType); ok {
			switch numElements(v) {
			case 2, 3, 4, 8, 16:
				return len(v.Dims) == 1 && v.Scalable == nil && elem(v.Elem)
			}
			return false
		}
		return elem(t)
	}
}

func isFloat16or32(t ir.Type) bool {
	ft, ok := t.(*ir.FloatType)
	return ok && (ft.Kind == ir.F16 || ft.Kind == ir.F32)
}

func isInt32(t ir.Type) bool { return isSPIRVInt(t) && bitWidth(t) == 32 }

var (
	extFloat       = arith.Constraint{Desc: floatLike.Desc, OK: extVectorOf(isSPIRVFloat)}
	extFloat16or32 = arith.Constraint{Desc: "16/32-bit float or vector of 16/32-bit float" + vecLens, OK: extVectorOf(isFloat16or32)}
	extInt         = arith.Constraint{Desc: intLike.Desc, OK: extVectorOf(isSPIRVInt)}
	extInt32       = arith.Constraint{Desc: "Int32 or vector of Int32" + vecLens, OK: extVectorOf(isInt32)}
)

func glOps() []*ir.OpDef {
	const gl = "spirv.GL."
	var ops []*ir.OpDef
	ops = append(ops, extOps(gl, []string{"FAbs", "Ceil", "Floor", "Round", "RoundEven", "Trunc", "FSign", "Fract",
		"Sqrt", "InverseSqrt", "Exp2", "Log2", "Normalize"}, 1, extFloat, "f32")...)
	ops = append(ops, extOps(gl, []string{"Exp", "Log", "Sin", "Cos", "Tan", "Asin", "Acos", "Atan",
		"Sinh", "Cosh", "Tanh", "Asinh", "Acosh", "Atanh"}, 1, extFloat16or32, "f32")...)
	ops = append(ops, extOps(gl, []string{"SAbs", "SSign", "FindILsb"}, 1, extInt, "i32")...)
	ops = append(ops, extOps(gl, []string{"FindSMsb", "FindUMsb"}, 1, extInt32, "i32")...)
	ops = append(ops, extOps(gl, []string{"FMax", "FMin", "NMax", "NMin", "Cross", "Reflect", "Step"}, 2, extFloat, "vector<3xf32>")...)
	ops = append(ops, extOps(gl, []string{"Pow"}, 2, extFloat16or32, "vector<3xf32>")...)
	ops = append(ops, extOps(gl, []string{"SMax", "SMin", "UMax", "UMin"}, 2, extInt, "i32")...)
	ops = append(ops, extOps(gl, []string{"FClamp", "Fma"}, 3, extFloat, "f32")...)
	ops = append(ops, extOps(gl, []string{"SClamp", "UClamp"}, 3, extInt, "si32")...)
	ops = append(ops, glSpecialOps()...)
	return ops
}

func clOps() []*ir.OpDef {
	const cl = "spirv.CL."
	var ops []*ir.OpDef
	ops = append(ops, extOps(cl, []string{"acos", "acosh", "asin", "asinh", "atan", "atanh", "ceil", "cos", "cosh",
		"erf", "exp", "fabs", "floor", "log", "rint", "round", "rsqrt", "sin", "sinh", "sqrt", "tan", "tanh"}, 1, extFloat, "f32")...)
	ops = append(ops, extOps(cl, []string{"s_abs"}, 1, extInt, "i32")...)
	ops = append(ops, extOps(cl, []string{"atan2", "fmax", "fmin", "pow"}, 2, extFloat, "f32")...)
	ops = append(ops, extOps(cl, []string{"s_max", "s_min", "u_max", "u_min"}, 2, extInt, "vector<4xi16>")...)
	ops = append(ops, extOps(cl, []string{"fma", "mix"}, 3, extFloat, "f32")...)
	ops = append(ops, clPrintfOp)
	return ops
}

// namedTypesFormat is `attr-dict %a : T1, %b : T2 -> R` (MLIR's Ldexp,
// FMix and FrexpStruct).
func namedTypesFormat(names ...string) *ir.Format {
	return &ir.Format{Syntax: "attr-dict " + joinFormat(names, "$%s `:` type($%s)") + " `->` type($result)",
		Operands: names, Results: []string{"result"}}
}

func glSpecialOps() []*ir.OpDef {
	floatScalar := arith.Constraint{Desc: "16/32/64-bit float", OK: isSPIRVFloat}
	i32 := arith.Constraint{Desc: "32-bit integer", OK: func(t ir.Type) bool { return bitWidth(t) == 32 && isSPIRVInt(t) }}
	mk := func(name, summary, example string, n int, f *ir.Format, verify func(op *ir.Operation) error) *ir.OpDef {
		return &ir.OpDef{Name: "spirv.GL." + name, Summary: summary, Example: example, Traits: ir.Pure,
			Operands: ir.Exactly(n), Results: ir.Exactly(1), Format: f, Verify: verify}
	}
	return []*ir.OpDef{
		mk("FrexpStruct", "Splits x into a significand and an exponent of two.",
			"%r = spirv.GL.FrexpStruct %x : f32 -> !spirv.struct<(f32, i32)>", 1, namedTypesFormat("operand"),
			func(op *ir.Operation) error {
				if err := arith.CheckOperands(op, extFloat); err != nil {
					return err
				}
				s, ok := op.Result(0).Type().(*StructType)
				if !ok || s.NumMembers() != 2 {
					return op.Errorf("result type must be a struct type with two memebers")
				}
				if s.Member(0) != op.Operand(0).Type() {
					return op.Errorf("member zero of the resulting struct type must be the same type as the operand")
				}
				e := s.Member(1)
				if !vectorOf(isInt32)(e) {
					return op.Errorf("member one of the resulting struct type must be a scalar or vector of 32 bit integer type")
				}
				if numElements(e) != numElements(op.Operand(0).Type()) {
					return op.Errorf("member one of the resulting struct type must have the same number of components as the operand type")
				}
				return nil
			}),
		mk("Ldexp", "Builds x * 2^exp.", "%r = spirv.GL.Ldexp %x : f32, %exp : i32 -> f32", 2, namedTypesFormat("x", "exp"),
			func(op *ir.Operation) error {
				if err := arith.CheckOperands(op, extFloat, extInt); err != nil {
					return err
				}
				if op.Result(0).Type() != op.Operand(0).Type() {
					return op.Errorf("failed to verify that all of {x, y} have same type")
				}
				x, exp := op.Operand(0).Type(), op.Operand(1).Type()
				if (x == elemType(x)) != (exp == elemType(exp)) {
					return op.Errorf("operands must both be scalars or vectors")
				}
				if numElements(x) != numElements(exp) {
					return op.Errorf("operands must have the same number of elements")
				}
				return nil
			}),
		mk("FMix", "Linear blend of x and y: x * (1 - a) + y * a.", "%r = spirv.GL.FMix %x : f32, %y : f32, %a : f32 -> f32", 3, namedTypesFormat("x", "y", "a"),
			func(op *ir.Operation) error {
				if err := arith.CheckOperands(op, floatLike, floatLike, floatLike); err != nil {
					return err
				}
				if err := checkAllSame(op); err != nil {
					return op.Errorf("failed to verify that all of {x, y, a, result} have same type")
				}
				return nil
			}),
		mk("Distance", "Distance between two points.", "%r = spirv.GL.Distance %a, %b : vector<3xf32>, vector<3xf32> -> f32", 2, arrowFormat(2, true),
			func(op *ir.Operation) error {
				if err := arith.CheckOperands(op, floatLike, floatLike); err != nil {
					return err
				}
				if err := arith.CheckResults(op, floatScalar); err != nil {
					return err
				}
				if op.Operand(0).Type() != op.Operand(1).Type() || elemType(op.Operand(0).Type()) != op.Result(0).Type() {
					return op.Errorf("operands and result must have the same element type")
				}
				return nil
			}),
		mk("Length", "Length of a vector.", "%r = spirv.GL.Length %a : vector<3xf32> -> f32", 1, arrowFormat(1, true),
			func(op *ir.Operation) error {
				if err := arith.CheckOperands(op, floatLike); err != nil {
					return err
				}
				if err := arith.CheckResults(op, floatScalar); err != nil {
					return err
				}
				if elemType(op.Operand(0).Type()) != op.Result(0).Type() {
					return op.Errorf("result type must match the operand's element type")
				}
				return nil
			}),
		mk("PackHalf2x16", "Packs two floats as halves into a 32-bit integer.", "%r = spirv.GL.PackHalf2x16 %a : vector<2xf32> -> i32", 1, arrowFormat(1, true),
			func(op *ir.Operation) error {
				two := arith.Constraint{Desc: "vector of 32-bit float values of length 2", OK: func(t ir.Type) bool {
					return numElements(t) == 2 && elemType(t) == op.Context().F32() && t != elemType(t)
				}}
				if err := arith.CheckOperands(op, two); err != nil {
					return err
				}
				return arith.CheckResults(op, i32)
			}),
		mk("UnpackHalf2x16", "Unpacks a 32-bit integer into two floats.", "%r = spirv.GL.UnpackHalf2x16 %a : i32 -> vector<2xf32>", 1, arrowFormat(1, true),
			func(op *ir.Operation) error {
				if err := arith.CheckOperands(op, i32); err != nil {
					return err
				}
				if t := op.Result(0).Type(); numElements(t) != 2 || elemType(t) != op.Context().F32() {
					return op.Errorf("result #0 must be vector of 32-bit float values of length 2, but got '%s'", typeString(t))
				}
				return nil
			}),
	}
}

// clPrintfOp: `%r = spirv.CL.printf %fmt %a, %b : !spirv.ptr<i8, UniformConstant>, i32, i32 -> i32`.
var clPrintfOp = &ir.OpDef{
	Name:     "spirv.CL.printf",
	Summary:  "Writes the arguments under control of the format string; returns 0 on success, -1 otherwise.",
	Example:  "%r = spirv.CL.printf %fmt %a, %b : !spirv.ptr<i8, UniformConstant>, i32, f32 -> i32",
	Operands: ir.AtLeast(1), Results: ir.Exactly(1),
	Format: &ir.Format{
		Syntax:   "$format ( $arguments^ )? attr-dict `:` type($format) ( `,` type($arguments)^ )? `->` type($result)",
		Operands: []string{"format", "arguments*"},
		Results:  []string{"result"},
	},
	Verify: func(op *ir.Operation) error {
		if err := arith.CheckOperands(op, pointer); err != nil {
			return err
		}
		return arith.CheckResults(op, arith.Constraint{Desc: "Int32", OK: isInt32})
	},
}
