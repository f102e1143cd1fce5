package mathd

import (
	"fmt"
	"testing"

	"github.com/kiln-gpu/kiln/arith"
	"github.com/kiln-gpu/kiln/ir"
	"github.com/kiln-gpu/kiln/ir/irtest"
)

func foldLast(t *testing.T, src string) string {
	t.Helper()
	_, _, res, ok := irtest.FoldLast(t, newContext(), src, arith.ConstantValue)
	if !ok {
		return "none"
	}
	return ir.AttrString(res[0].Attr)
}

func TestFold(t *testing.T) {
	tests := []irtest.FoldCase{
		{Name: "sqrt", Src: "%a = arith.constant 4.0 : f32\n%r = math.sqrt %a : f32", Want: "2.000000e+00 : f32"},
		{Name: "sqrt negative", Src: "%a = arith.constant -4.0 : f32\n%r = math.sqrt %a : f32", Want: "none"},
		{Name: "sqrt f16", Src: "%a = arith.constant 2.0 : f16\n%r = math.sqrt %a : f16", Want: "1.414060e+00 : f16"},
		{Name: "exp f16 not folded", Src: "%a = arith.constant 1.0 : f16\n%r = math.exp %a : f16", Want: "none"},
		{Name: "exp f32", Src: "%a = arith.constant 0.0 : f32\n%r = math.exp %a : f32", Want: "1.000000e+00 : f32"},
		{Name: "log negative", Src: "%a = arith.constant -1.0 : f64\n%r = math.log %a : f64", Want: "none"},
		{Name: "log2 splat", Src: "%a = arith.constant dense<8.0> : vector<4xf32>\n%r = math.log2 %a : vector<4xf32>", Want: "dense<3.000000e+00> : vector<4xf32>"},
		{Name: "absf -0", Src: "%a = arith.constant -0.0 : f32\n%r = math.absf %a : f32", Want: "0.000000e+00 : f32"},
		{Name: "round half away", Src: "%a = arith.constant -2.5 : f32\n%r = math.round %a : f32", Want: "-3.000000e+00 : f32"},
		{Name: "roundeven", Src: "%a = arith.constant -2.5 : f32\n%r = math.roundeven %a : f32", Want: "-2.000000e+00 : f32"},
		{Name: "copysign", Src: "%a = arith.constant 1.0 : f32\n%b = arith.constant -0.0 : f32\n%r = math.copysign %a, %b : f32", Want: "-1.000000e+00 : f32"},
		{Name: "powf", Src: "%a = arith.constant 2.0 : f64\n%b = arith.constant 10.0 : f64\n%r = math.powf %a, %b : f64", Want: "1.024000e+03 : f64"},
		{Name: "fma", Src: "%a = arith.constant 2.0 : f32\n%b = arith.constant 3.0 : f32\n%c = arith.constant 1.0 : f32\n%r = math.fma %a, %b, %c : f32", Want: "7.000000e+00 : f32"},
		{Name: "fpowi", Src: "%a = arith.constant 2.0 : f32\n%n = arith.constant -2 : i32\n%r = math.fpowi %a, %n : f32, i32", Want: "2.500000e-01 : f32"},
		{Name: "ipowi", Src: "%a = arith.constant 3 : i8\n%n = arith.constant 5 : i8\n%r = math.ipowi %a, %n : i8", Want: "-13 : i8"},
		{Name: "ipowi 0^-1", Src: "%a = arith.constant 0 : i32\n%n = arith.constant -1 : i32\n%r = math.ipowi %a, %n : i32", Want: "none"},
		{Name: "ipowi -1^-3", Src: "%a = arith.constant -1 : i32\n%n = arith.constant -3 : i32\n%r = math.ipowi %a, %n : i32", Want: "-1 : i32"},
		{Name: "absi INT_MIN", Src: "%a = arith.constant -128 : i8\n%r = math.absi %a : i8", Want: "-128 : i8"},
		{Name: "ctlz zero", Src: "%a = arith.constant 0 : i32\n%r = math.ctlz %a : i32", Want: "32 : i32"},
		{Name: "ctlz", Src: "%a = arith.constant 1 : i16\n%r = math.ctlz %a : i16", Want: "15 : i16"},
		{Name: "cttz zero", Src: "%a = arith.constant 0 : i8\n%r = math.cttz %a : i8", Want: "8 : i8"},
		{Name: "ctpop", Src: "%a = arith.constant -1 : i8\n%r = math.ctpop %a : i8", Want: "8 : i8"},
		{Name: "isnan", Src: "%a = arith.constant 0x7FC00000 : f32\n%r = math.isnan %a : f32", Want: "true"},
		{Name: "isinf", Src: "%a = arith.constant dense<[0x7F800000, 1.0]> : vector<2xf32>\n%r = math.isinf %a : vector<2xf32>", Want: "dense<[true, false]> : vector<2xi1>"},
		{Name: "isfinite", Src: "%a = arith.constant 1.0 : f32\n%r = math.isfinite %a : f32", Want: "true"},
		{Name: "isnormal subnormal", Src: "%a = arith.constant 1.0e-40 : f32\n%r = math.isnormal %a : f32", Want: "false"},
	}
	irtest.CheckFolds(t, tests, foldLast)
}

func TestDiagnostics(t *testing.T) {
	tests := []irtest.Invalid{
		{In: "%a = \"test.def\"() : () -> i32\n%r = math.sqrt %a : i32",
			Err: "t.mlir:2:6: error: 'math.sqrt' op operand #0 must be floating-point-like, but got 'i32'"},
		{In: "%a = \"test.def\"() : () -> f32\n%r = math.ctlz %a : f32",
			Err: "t.mlir:2:6: error: 'math.ctlz' op operand #0 must be signless-integer-like, but got 'f32'"},
		{In: "%a = \"test.def\"() : () -> f32\n%n = \"test.def\"() : () -> f32\n%r = math.fpowi %a, %n : f32, f32",
			Err: "t.mlir:3:6: error: 'math.fpowi' op operand #1 must be signless-integer-like, but got 'f32'"},
		{In: "%a = \"test.def\"() : () -> vector<4xf32>\n%n = \"test.def\"() : () -> i32\n%r = math.fpowi %a, %n : vector<4xf32>, i32",
			Err: "t.mlir:3:6: error: 'math.fpowi' op requires the same shape for all operands and results"},
		{In: "%a = \"test.def\"() : () -> f32\n%r = \"math.isnan\"(%a) : (f32) -> i32",
			Err: "t.mlir:2:6: error: 'math.isnan' op result #0 must be bool-like, but got 'i32'"},
		{In: "%a = \"test.def\"() : () -> f32\n%r = math.exp %a fastmath<slow> : f32",
			Err: "t.mlir:2:27: error: expected one of [none, reassoc, nnan, ninf, nsz, arcp, contract, afn] for fastmath flags, got 'slow'"},
	}
	irtest.CheckInvalid(t, newContext, "t.mlir", tests, irtest.FirstLine)
}

func ExampleEvalFloat() {
	// Exact functions round once to the type; sqrt of a negative value does not fold.
	r, ok := EvalFloat("math.sqrt", ir.F16, 2)
	fmt.Println(r, ok)
	_, ok = EvalFloat("math.sqrt", ir.F32, -1)
	fmt.Println(ok)
	// Output:
	// 1.4140625 true
	// false
}
