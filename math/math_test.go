package mathd

import (
	"fmt"
	"strings"
	"testing"

	"github.com/kiln-gpu/kiln/arith"
	"github.com/kiln-gpu/kiln/ir"
)

func foldLast(t *testing.T, src string) string {
	t.Helper()
	m, err := ir.Parse(newContext(), src, "fold.mlir")
	if err != nil {
		t.Fatalf("parse: %v", err)
	}
	if err := ir.Verify(m); err != nil {
		t.Fatalf("verify: %v", err)
	}
	op := ir.ModuleBody(m).Last()
	operands := make([]ir.Attribute, op.NumOperands())
	for i, v := range op.Operands() {
		operands[i] = arith.ConstantValue(v)
	}
	res, ok := op.Def().Fold(op, operands)
	if !ok {
		return "none"
	}
	return ir.AttrString(res[0].Attr)
}

func TestFold(t *testing.T) {
	tests := []struct{ name, src, want string }{
		{"sqrt", "%a = arith.constant 4.0 : f32\n%r = math.sqrt %a : f32", "2.000000e+00 : f32"},
		{"sqrt negative", "%a = arith.constant -4.0 : f32\n%r = math.sqrt %a : f32", "none"},
		{"sqrt f16", "%a = arith.constant 2.0 : f16\n%r = math.sqrt %a : f16", "1.414062e+00 : f16"},
		{"exp f16 not folded", "%a = arith.constant 1.0 : f16\n%r = math.exp %a : f16", "none"},
		{"exp f32", "%a = arith.constant 0.0 : f32\n%r = math.exp %a : f32", "1.000000e+00 : f32"},
		{"log negative", "%a = arith.constant -1.0 : f64\n%r = math.log %a : f64", "none"},
		{"log2 splat", "%a = arith.constant dense<8.0> : vector<4xf32>\n%r = math.log2 %a : vector<4xf32>", "dense<3.000000e+00> : vector<4xf32>"},
		{"absf -0", "%a = arith.constant -0.0 : f32\n%r = math.absf %a : f32", "0.000000e+00 : f32"},
		{"round half away", "%a = arith.constant -2.5 : f32\n%r = math.round %a : f32", "-3.000000e+00 : f32"},
		{"roundeven", "%a = arith.constant -2.5 : f32\n%r = math.roundeven %a : f32", "-2.000000e+00 : f32"},
		{"copysign", "%a = arith.constant 1.0 : f32\n%b = arith.constant -0.0 : f32\n%r = math.copysign %a, %b : f32", "-1.000000e+00 : f32"},
		{"powf", "%a = arith.constant 2.0 : f64\n%b = arith.constant 10.0 : f64\n%r = math.powf %a, %b : f64", "1.024000e+03 : f64"},
		{"fma", "%a = arith.constant 2.0 : f32\n%b = arith.constant 3.0 : f32\n%c = arith.constant 1.0 : f32\n%r = math.fma %a, %b, %c : f32", "7.000000e+00 : f32"},
		{"fpowi", "%a = arith.constant 2.0 : f32\n%n = arith.constant -2 : i32\n%r = math.fpowi %a, %n : f32, i32", "2.500000e-01 : f32"},
		{"ipowi", "%a = arith.constant 3 : i8\n%n = arith.constant 5 : i8\n%r = math.ipowi %a, %n : i8", "-13 : i8"},
		{"ipowi 0^-1", "%a = arith.constant 0 : i32\n%n = arith.constant -1 : i32\n%r = math.ipowi %a, %n : i32", "none"},
		{"ipowi -1^-3", "%a = arith.constant -1 : i32\n%n = arith.constant -3 : i32\n%r = math.ipowi %a, %n : i32", "-1 : i32"},
		{"absi INT_MIN", "%a = arith.constant -128 : i8\n%r = math.absi %a : i8", "-128 : i8"},
		{"ctlz zero", "%a = arith.constant 0 : i32\n%r = math.ctlz %a : i32", "32 : i32"},
		{"ctlz", "%a = arith.constant 1 : i16\n%r = math.ctlz %a : i16", "15 : i16"},
		{"cttz zero", "%a = arith.constant 0 : i8\n%r = math.cttz %a : i8", "8 : i8"},
		{"ctpop", "%a = arith.constant -1 : i8\n%r = math.ctpop %a : i8", "8 : i8"},
		{"isnan", "%a = arith.constant 0x7FC00000 : f32\n%r = math.isnan %a : f32", "true"},
		{"isinf", "%a = arith.constant dense<[0x7F800000, 1.0]> : vector<2xf32>\n%r = math.isinf %a : vector<2xf32>", "dense<[true, false]> : vector<2xi1>"},
		{"isfinite", "%a = arith.constant 1.0 : f32\n%r = math.isfinite %a : f32", "true"},
		{"isnormal subnormal", "%a = arith.constant 1.0e-40 : f32\n%r = math.isnormal %a : f32", "false"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := foldLast(t, tc.src); got != tc.want {
				t.Errorf("folded to %q, want %q", got, tc.want)
			}
		})
	}
}

func TestDiagnostics(t *testing.T) {
	tests := []struct{ src, want string }{
		{"%a = \"test.def\"() : () -> i32\n%r = math.sqrt %a : i32",
			"t.mlir:2:6: error: 'math.sqrt' op operand #0 must be floating-point-like, but got 'i32'"},
		{"%a = \"test.def\"() : () -> f32\n%r = math.ctlz %a : f32",
			"t.mlir:2:6: error: 'math.ctlz' op operand #0 must be signless-integer-like, but got 'f32'"},
		{"%a = \"test.def\"() : () -> f32\n%n = \"test.def\"() : () -> f32\n%r = math.fpowi %a, %n : f32, f32",
			"t.mlir:3:6: error: 'math.fpowi' op operand #1 must be signless-integer-like, but got 'f32'"},
		{"%a = \"test.def\"() : () -> vector<4xf32>\n%n = \"test.def\"() : () -> i32\n%r = math.fpowi %a, %n : vector<4xf32>, i32",
			"t.mlir:3:6: error: 'math.fpowi' op requires the same shape for all operands and results"},
		{"%a = \"test.def\"() : () -> f32\n%r = \"math.isnan\"(%a) : (f32) -> i32",
			"t.mlir:2:6: error: 'math.isnan' op result #0 must be bool-like, but got 'i32'"},
		{"%a = \"test.def\"() : () -> f32\n%r = math.exp %a fastmath<slow> : f32",
			"t.mlir:2:27: error: expected one of [none, reassoc, nnan, ninf, nsz, arcp, contract, afn] for fastmath flags, got 'slow'"},
	}
	for _, tc := range tests {
		m, err := ir.Parse(newContext(), tc.src, "t.mlir")
		if err == nil {
			err = ir.Verify(m)
		}
		if err == nil {
			t.Errorf("%s\n: no error, want %s", tc.src, tc.want)
			continue
		}
		if got := strings.SplitN(err.Error(), "\n", 2)[0]; got != tc.want {
			t.Errorf("%s\n: got  %s\n    want %s", tc.src, got, tc.want)
		}
	}
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
