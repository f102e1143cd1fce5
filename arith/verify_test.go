package arith

import (
	"testing"

	"github.com/kiln-gpu/kiln/ir"
	"github.com/kiln-gpu/kiln/ir/irtest"
)

func TestDiagnostics(t *testing.T) {
	// Each source's first problem, located as MLIR locates it.
	tests := []irtest.Invalid{
		{In: "%a = \"test.def\"() : () -> f32\n%r = arith.addi %a, %a : f32",
			Err: "t.mlir:2:6: error: 'arith.addi' op operand #0 must be signless-integer-like, but got 'f32'"},
		{In: "%a = \"test.def\"() : () -> i32\n%r = arith.addf %a, %a : i32",
			Err: "t.mlir:2:6: error: 'arith.addf' op operand #0 must be floating-point-like, but got 'i32'"},
		{In: "%a = \"test.def\"() : () -> f32\n%r = arith.addf %a, %a, %a : f32",
			Err: "t.mlir:2:23: error: expected ':'"},
		{In: "%a = \"test.def\"() : () -> f32\n%r = arith.addf(%a, %a) : f32",
			Err: "t.mlir:2:16: error: expected SSA operand"},
		{In: "%a = \"test.def\"() : () -> i32\n%b = \"test.def\"() : () -> i64\n%r = \"arith.addi\"(%a, %b) : (i32, i64) -> i32",
			Err: "t.mlir:3:6: error: 'arith.addi' op requires the same type for all operands and results"},
		{In: "%a = \"test.def\"() : () -> i32\n%r = \"arith.cmpi\"(%a, %a) {predicate = 42} : (i32, i32) -> i1",
			Err: "t.mlir:2:6: error: 'arith.cmpi' op attribute 'predicate' failed to satisfy constraint: allowed 64-bit signless integer cases: 0, 1, 2, 3, 4, 5, 6, 7, 8, 9"},
		{In: "%a = \"test.def\"() : () -> i32\n%r = \"arith.cmpi\"(%a, %a) {foo = 1} : (i32, i32) -> i1",
			Err: "t.mlir:2:6: error: 'arith.cmpi' op requires attribute 'predicate'"},
		{In: "%a = \"test.def\"() : () -> i32\n%r = arith.cmpi %a, %a : i32",
			Err: "t.mlir:2:17: error: expected string or keyword containing one of the following enum values for attribute 'predicate' [eq, ne, slt, sle, sgt, sge, ult, ule, ugt, uge]"},
		{In: "%a = \"test.def\"() : () -> f32\n%r = arith.cmpf sge, %a, %a : f32",
			Err: "t.mlir:2:17: error: expected string or keyword containing one of the following enum values for attribute 'predicate' [false, oeq, ogt, oge, olt, ole, one, ord, ueq, ugt, uge, ult, ule, une, uno, true]"},
		{In: "%a = \"test.def\"() : () -> f32\n%r = arith.cmpi eq, %a, %a : f32",
			Err: "t.mlir:2:30: error: 'lhs' must be signless-integer-like, but got 'f32'"},
		{In: "%a = \"test.def\"() : () -> i32\n%r = \"arith.cmpi\"(%a, %a) {predicate = 0} : (i32, i32) -> i32",
			Err: "t.mlir:2:6: error: 'arith.cmpi' op result #0 must be bool-like, but got 'i32'"},
		{In: "%a = \"test.def\"() : () -> vector<42xi32>\n%r = \"arith.cmpi\"(%a, %a) {predicate = 0} : (vector<42xi32>, vector<42xi32>) -> vector<41xi1>",
			Err: "t.mlir:2:6: error: 'arith.cmpi' op failed to verify that result type has i1 element type and same shape as operands"},
		{In: "%r = arith.constant 0 : ui32",
			Err: "t.mlir:1:6: error: 'arith.constant' op integer return type must be signless"},
		{In: "%r = \"arith.constant\"() {value = \"xyz\"} : () -> i32",
			Err: "t.mlir:1:6: error: 'arith.constant' op failed to verify that all of {value, result} have same type"},
		{In: "%r = \"arith.constant\"() {value = 10.0 : f64} : () -> f32",
			Err: "t.mlir:1:6: error: 'arith.constant' op failed to verify that all of {value, result} have same type"},
		{In: "%r = arith.constant dense<[0, 1]> : vector<[2]xi32>",
			Err: "t.mlir:1:6: error: 'arith.constant' op intializing scalable vectors with elements attribute is not supported unless it's a vector splat"},
		{In: "%a = \"test.def\"() : () -> f16\n%r = arith.bitcast %a : f16 to f32",
			Err: "t.mlir:2:6: error: 'arith.bitcast' op operand type 'f16' and result type 'f32' are cast incompatible"},
		{In: "%a = \"test.def\"() : () -> i16\n%r = arith.extsi %a : i16 to i15",
			Err: "t.mlir:2:6: error: 'arith.extsi' op operand type 'i16' and result type 'i15' are cast incompatible"},
		{In: "%a = \"test.def\"() : () -> index\n%r = arith.extsi %a : index to i128",
			Err: "t.mlir:2:6: error: 'arith.extsi' op operand #0 must be signless-fixed-width-integer-like, but got 'index'"},
		{In: "%a = \"test.def\"() : () -> index\n%r = arith.index_cast %a : index to index",
			Err: "t.mlir:2:6: error: 'arith.index_cast' op operand type 'index' and result type 'index' are cast incompatible"},
		{In: "%a = \"test.def\"() : () -> index\n%r = arith.index_cast %a : index to f32",
			Err: "t.mlir:2:6: error: 'arith.index_cast' op result #0 must be signless-integer-like or memref of signless-integer, but got 'f32'"},
		{In: "%a = \"test.def\"() : () -> vector<2xf16>\n%r = arith.extf %a : vector<2xf16> to vector<3xf32>",
			Err: "t.mlir:2:6: error: 'arith.extf' op requires the same shape for all operands and results"},
		{In: "%a = \"test.def\"() : () -> vector<[4]xi32>\n%r = arith.trunci %a : vector<[4]xi32> to vector<4xi8>",
			Err: "t.mlir:2:6: error: 'arith.trunci' op requires the same shape for all operands and results"},
		{In: "%a = \"test.def\"() : () -> tensor<4xi32>\n%r = arith.extsi %a : tensor<4xi32> to tensor<?xi64>",
			Err: "t.mlir:2:6: error: 'arith.extsi' op failed to verify that input and output have the same tensor dimensions"},
		{In: "%a = \"test.def\"() : () -> tensor<2xf32, \"foo\">\n%r = arith.extf %a : tensor<2xf32, \"foo\"> to tensor<2xf64, \"bar\">",
			Err: "t.mlir:2:6: error: 'arith.extf' op operand type 'tensor<2xf32, \"foo\">' and result type 'tensor<2xf64, \"bar\">' are cast incompatible"},
		{In: "%c = \"test.def\"() : () -> tensor<i1>\n%a = \"test.def\"() : () -> tensor<2xi64>\n%r = arith.select %c, %a, %a : tensor<i1>, tensor<2xi64>",
			Err: "t.mlir:3:6: error: 'arith.select' op failed to verify that condition is scalar or has matching shape"},
		{In: "%c = \"test.def\"() : () -> tensor<8xi1, \"bar\">\n%a = \"test.def\"() : () -> tensor<8xi32, \"foo\">\n%r = arith.select %c, %a, %a : tensor<8xi1, \"bar\">, tensor<8xi32, \"foo\">",
			Err: "t.mlir:3:6: error: 'arith.select' op expected condition type to have the same shape as the result type, expected 'tensor<8xi1, \"foo\">', but got 'tensor<8xi1, \"bar\">'"},
		{In: "%a = \"test.def\"() : () -> f32\n%r:2 = arith.addui_extended %a, %a : f32, i32",
			Err: "t.mlir:2:8: error: 'arith.addui_extended' op operand #0 must be signless-integer-like, but got 'f32'"},
		{In: "%a = \"test.def\"() : () -> i32\n%r:2 = arith.addui_extended %a, %a : i32, i32",
			Err: "t.mlir:2:8: error: 'arith.addui_extended' op result #1 must be bool-like, but got 'i32'"},
		{In: "%a = \"test.def\"() : () -> vector<8xi32>\n%r:2 = arith.addui_extended %a, %a : vector<8xi32>, i1",
			Err: "t.mlir:2:8: error: 'arith.addui_extended' op if an operand is non-scalar, then all results must be non-scalar"},
		{In: "%a = \"test.def\"() : () -> vector<8xi32>\n%r:2 = arith.addui_extended %a, %a : vector<8xi32>, tensor<8xi1>",
			Err: "t.mlir:2:8: error: 'arith.addui_extended' op all non-scalar operands/results must have the same shape and base type"},
		{In: "%a = \"test.def\"() : () -> f32\n%r = arith.addf %a, %a fastmath<quick> : f32",
			Err: "t.mlir:2:33: error: expected one of [none, reassoc, nnan, ninf, nsz, arcp, contract, afn] for fastmath flags, got 'quick'"},
		{In: "%a = \"test.def\"() : () -> i32\n%r = \"arith.addi\"(%a, %a) <{overflowFlags = 1 : i32}> : (i32, i32) -> i32",
			Err: "t.mlir:2:6: error: 'arith.addi' op attribute 'overflowFlags' failed to satisfy constraint: Integer overflow arith flags"},
		{In: "%a = \"test.def\"() : () -> f32\n%r = \"arith.truncf\"(%a) <{roundingmode = 9 : i32}> : (f32) -> f16",
			Err: "t.mlir:2:6: error: 'arith.truncf' op attribute 'roundingmode' failed to satisfy constraint: allowed 32-bit signless integer cases: 0, 1, 2, 3, 4"},
		{In: "%r = arith.constant \"s\"",
			Err: "t.mlir:1:21: error: custom op 'arith.constant' invalid kind of attribute specified"},
		{In: "%r = arith.constant #arith.fastmath<fast>",
			Err: "t.mlir:1:21: error: custom op 'arith.constant' invalid kind of attribute specified"},
	}
	irtest.CheckInvalid(t, newContext, "t.mlir", tests, irtest.FirstLine)
}

func TestAttributesRoundTrip(t *testing.T) {
	ctx := newContext()
	for _, s := range []string{
		"#arith.fastmath<none>", "#arith.fastmath<fast>", "#arith.fastmath<nnan,contract>",
		"#arith.overflow<none>", "#arith.overflow<nsw>", "#arith.overflow<nsw, nuw>",
	} {
		a, err := ir.ParseAttrString(ctx, s)
		if err != nil {
			t.Errorf("%s: %v", s, err)
			continue
		}
		if got := ir.AttrString(a); got != s {
			t.Errorf("%s printed as %s", s, got)
		}
		if b, _ := ir.ParseAttrString(ctx, s); b != a {
			t.Errorf("%s is not uniqued", s)
		}
	}
	if a, err := ir.ParseAttrString(ctx, "#arith.fastmath<reassoc,nnan,ninf,nsz,arcp,contract,afn>"); err != nil || ir.AttrString(a) != "#arith.fastmath<fast>" {
		t.Errorf("all flags: %v, %v", a, err)
	}
}

func TestResultNames(t *testing.T) {
	src := "%0 = arith.constant 0 : index\n%1 = arith.constant -1 : i64\n%2 = arith.constant 1 : i32\n" +
		"%3 = arith.constant true\n%4 = arith.constant false\n%5 = arith.constant 1.0 : f32\n" +
		"%6 = arith.constant dense<0> : vector<4xi32>\n%7 = arith.constant 1 : i32\n"
	m, err := ir.Parse(newContext(), src, "t.mlir")
	if err != nil {
		t.Fatal(err)
	}
	want := `module {
  %c0 = arith.constant 0 : index
  %c-1_i64 = arith.constant -1 : i64
  %c1_i32 = arith.constant 1 : i32
  %true = arith.constant true
  %false = arith.constant false
  %cst = arith.constant 1.000000e+00 : f32
  %cst_0 = arith.constant dense<0> : vector<4xi32>
  %c1_i32_1 = arith.constant 1 : i32
}
`
	if got := string(ir.PrintBytes(m, ir.PrintOptions{})); got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
}
