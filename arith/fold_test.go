package arith

import (
	"strconv"
	"strings"
	"testing"

	"github.com/kiln-gpu/kiln/ir"
)

// foldLast parses src, folds its last op once and describes the outcome:
// the folded constant's text, "operand N" for one of the op's operands,
// "value OP" for a value defined by op OP, "in place: <op>" for an update,
// or "none".
func foldLast(t *testing.T, src string) string {
	t.Helper()
	ctx := newContext()
	m, err := ir.Parse(ctx, src, "fold.mlir")
	if err != nil {
		t.Fatalf("parse: %v", err)
	}
	if err := ir.Verify(m); err != nil {
		t.Fatalf("verify: %v", err)
	}
	op := ir.ModuleBody(m).Last()
	operands := make([]ir.Attribute, op.NumOperands())
	for i, v := range op.Operands() {
		operands[i] = ConstantValue(v)
	}
	res, ok := op.Def().Fold(op, operands)
	switch {
	case !ok:
		return "none"
	case len(res) == 0:
		return "in place: " + lastLine(m, ir.PrintOptions{})
	}
	var parts []string
	for _, r := range res {
		if r.Attr != nil {
			parts = append(parts, ir.AttrString(r.Attr))
			continue
		}
		found := false
		for i, v := range op.Operands() {
			if v == r.Value && !found {
				parts = append(parts, "operand "+strconv.Itoa(i))
				found = true
			}
		}
		if !found {
			parts = append(parts, "value "+r.Value.DefiningOp().Name())
		}
	}
	return strings.Join(parts, "; ")
}

func TestFold(t *testing.T) {
	// Each case defines its operands, then the op to fold.
	tests := []struct{ name, src, want string }{
		{"addi i8 wraps", "%a = arith.constant 127 : i8\n%b = arith.constant 1 : i8\n%r = arith.addi %a, %b : i8", "-128 : i8"},
		{"subi i8 wraps", "%a = arith.constant -128 : i8\n%b = arith.constant 1 : i8\n%r = arith.subi %a, %b : i8", "127 : i8"},
		{"muli i16 wraps", "%a = arith.constant 300 : i16\n%b = arith.constant 300 : i16\n%r = arith.muli %a, %b : i16", "24464 : i16"},
		{"divsi INT_MIN/-1", "%a = arith.constant -2147483648 : i32\n%b = arith.constant -1 : i32\n%r = arith.divsi %a, %b : i32", "none"},
		{"divsi by zero", "%a = arith.constant 7 : i32\n%b = arith.constant 0 : i32\n%r = arith.divsi %a, %b : i32", "none"},
		{"divui by zero", "%a = arith.constant 7 : i32\n%b = arith.constant 0 : i32\n%r = arith.divui %a, %b : i32", "none"},
		{"divsi rounds to zero", "%a = arith.constant -7 : i32\n%b = arith.constant 2 : i32\n%r = arith.divsi %a, %b : i32", "-3 : i32"},
		{"divui unsigned", "%a = arith.constant -1 : i8\n%b = arith.constant 2 : i8\n%r = arith.divui %a, %b : i8", "127 : i8"},
		{"remsi sign of dividend", "%a = arith.constant -7 : i32\n%b = arith.constant 2 : i32\n%r = arith.remsi %a, %b : i32", "-1 : i32"},
		{"remsi INT_MIN%-1", "%a = arith.constant -128 : i8\n%b = arith.constant -1 : i8\n%r = arith.remsi %a, %b : i8", "0 : i8"},
		{"remui by zero", "%a = arith.constant 7 : i32\n%b = arith.constant 0 : i32\n%r = arith.remui %a, %b : i32", "none"},
		{"ceildivsi", "%a = arith.constant 7 : i32\n%b = arith.constant -2 : i32\n%r = arith.ceildivsi %a, %b : i32", "-3 : i32"},
		{"ceildivsi up", "%a = arith.constant 7 : i32\n%b = arith.constant 2 : i32\n%r = arith.ceildivsi %a, %b : i32", "4 : i32"},
		{"ceildivsi INT_MIN/-1", "%a = arith.constant -128 : i8\n%b = arith.constant -1 : i8\n%r = arith.ceildivsi %a, %b : i8", "none"},
		{"ceildivui", "%a = arith.constant 7 : i32\n%b = arith.constant 2 : i32\n%r = arith.ceildivui %a, %b : i32", "4 : i32"},
		{"floordivsi", "%a = arith.constant 5 : i32\n%b = arith.constant -2 : i32\n%r = arith.floordivsi %a, %b : i32", "-3 : i32"},
		{"floordivsi INT_MIN/-1", "%a = arith.constant -128 : i8\n%b = arith.constant -1 : i8\n%r = arith.floordivsi %a, %b : i8", "none"},
		{"shli by width", "%a = arith.constant 1 : i8\n%b = arith.constant 8 : i8\n%r = arith.shli %a, %b : i8", "none"},
		{"shli", "%a = arith.constant 3 : i8\n%b = arith.constant 6 : i8\n%r = arith.shli %a, %b : i8", "-64 : i8"},
		{"shrsi", "%a = arith.constant -128 : i8\n%b = arith.constant 7 : i8\n%r = arith.shrsi %a, %b : i8", "-1 : i8"},
		{"shrui", "%a = arith.constant -128 : i8\n%b = arith.constant 7 : i8\n%r = arith.shrui %a, %b : i8", "1 : i8"},
		{"shrui amount unsigned", "%a = arith.constant 1 : i8\n%b = arith.constant -1 : i8\n%r = arith.shrui %a, %b : i8", "none"},
		{"maxsi", "%a = arith.constant -1 : i8\n%b = arith.constant 1 : i8\n%r = arith.maxsi %a, %b : i8", "1 : i8"},
		{"maxui", "%a = arith.constant -1 : i8\n%b = arith.constant 1 : i8\n%r = arith.maxui %a, %b : i8", "-1 : i8"},
		{"minui", "%a = arith.constant -1 : i8\n%b = arith.constant 1 : i8\n%r = arith.minui %a, %b : i8", "1 : i8"},
		{"andi index", "%a = arith.constant 12 : index\n%b = arith.constant 10 : index\n%r = arith.andi %a, %b : index", "8 : index"},
		{"xori i1", "%a = arith.constant true\n%b = arith.constant true\n%r = arith.xori %a, %b : i1", "false"},
		{"addi splat", "%a = arith.constant dense<1> : vector<4xi32>\n%b = arith.constant dense<2> : vector<4xi32>\n%r = arith.addi %a, %b : vector<4xi32>", "dense<3> : vector<4xi32>"},
		{"addi dense", "%a = arith.constant dense<[1, 2]> : vector<2xi8>\n%b = arith.constant dense<127> : vector<2xi8>\n%r = arith.addi %a, %b : vector<2xi8>", "dense<[-128, -127]> : vector<2xi8>"},
		{"divsi dense with zero", "%a = arith.constant dense<[1, 2]> : vector<2xi8>\n%b = arith.constant dense<[1, 0]> : vector<2xi8>\n%r = arith.divsi %a, %b : vector<2xi8>", "none"},

		{"addi x+0", "%x = \"test.def\"() : () -> i32\n%z = arith.constant 0 : i32\n%r = arith.addi %x, %z : i32", "operand 0"},
		{"addi const moves right", "%x = \"test.def\"() : () -> i32\n%c = arith.constant 5 : i32\n%r = arith.addi %c, %x : i32", "in place: %1 = arith.addi %0, %c5_i32 : i32"},
		{"muli x*0", "%x = \"test.def\"() : () -> i32\n%z = arith.constant 0 : i32\n%r = arith.muli %x, %z : i32", "operand 1"},
		{"muli x*1", "%x = \"test.def\"() : () -> i32\n%z = arith.constant 1 : i32\n%r = arith.muli %x, %z : i32", "operand 0"},
		{"subi x-x", "%x = \"test.def\"() : () -> vector<2xi32>\n%r = arith.subi %x, %x : vector<2xi32>", "dense<0> : vector<2xi32>"},
		{"subi (a+b)-b", "%a = \"test.def\"() : () -> i32\n%b = \"test.def\"() : () -> i32\n%s = arith.addi %a, %b : i32\n%r = arith.subi %s, %b : i32", "value test.def"},
		{"andi x&x", "%x = \"test.def\"() : () -> i32\n%r = arith.andi %x, %x : i32", "operand 0"},
		{"ori x|-1", "%x = \"test.def\"() : () -> i32\n%m = arith.constant -1 : i32\n%r = arith.ori %x, %m : i32", "operand 1"},
		{"xori x^x", "%x = \"test.def\"() : () -> i32\n%r = arith.xori %x, %x : i32", "0 : i32"},
		{"remui x%1", "%x = \"test.def\"() : () -> i32\n%o = arith.constant 1 : i32\n%r = arith.remui %x, %o : i32", "0 : i32"},
		{"maxsi x,INT_MAX", "%x = \"test.def\"() : () -> i8\n%m = arith.constant 127 : i8\n%r = arith.maxsi %x, %m : i8", "operand 1"},
		{"minui x,0", "%x = \"test.def\"() : () -> i8\n%m = arith.constant 0 : i8\n%r = arith.minui %x, %m : i8", "operand 1"},

		{"addf f32 rounds", "%a = arith.constant 1.0e8 : f32\n%b = arith.constant 3.0 : f32\n%r = arith.addf %a, %b : f32", "1.000000e+08 : f32"},
		{"divf by zero", "%a = arith.constant 1.0 : f32\n%b = arith.constant 0.0 : f32\n%r = arith.divf %a, %b : f32", "0x7F800000 : f32"},
		{"maximumf NaN", "%a = arith.constant 0x7FC00000 : f32\n%b = arith.constant 1.0 : f32\n%r = arith.maximumf %a, %b : f32", "0x7FC00000 : f32"},
		{"maxnumf NaN", "%a = arith.constant 0x7FC00000 : f32\n%b = arith.constant 1.0 : f32\n%r = arith.maxnumf %a, %b : f32", "1.000000e+00 : f32"},
		{"minimumf -0", "%a = arith.constant 0.0 : f32\n%b = arith.constant -0.0 : f32\n%r = arith.minimumf %a, %b : f32", "-0.000000e+00 : f32"},
		{"maximumf -0", "%a = arith.constant -0.0 : f32\n%b = arith.constant 0.0 : f32\n%r = arith.maximumf %a, %b : f32", "0.000000e+00 : f32"},
		{"minnumf NaN", "%a = arith.constant 2.0 : f16\n%b = arith.constant 0x7E00 : f16\n%r = arith.minnumf %a, %b : f16", "2.000000e+00 : f16"},
		{"negf -0", "%a = arith.constant 0.0 : f64\n%r = arith.negf %a : f64", "-0.000000e+00 : f64"},
		{"remf", "%a = arith.constant -5.5 : f32\n%b = arith.constant 2.0 : f32\n%r = arith.remf %a, %b : f32", "-1.500000e+00 : f32"},
		{"addf x+-0", "%x = \"test.def\"() : () -> f32\n%z = arith.constant -0.0 : f32\n%r = arith.addf %x, %z : f32", "operand 0"},
		{"addf x+0 kept", "%x = \"test.def\"() : () -> f32\n%z = arith.constant 0.0 : f32\n%r = arith.addf %x, %z : f32", "none"},
		{"negf negf", "%x = \"test.def\"() : () -> f32\n%n = arith.negf %x : f32\n%r = arith.negf %n : f32", "value test.def"},

		{"cmpi slt", "%a = arith.constant -1 : i32\n%b = arith.constant 0 : i32\n%r = arith.cmpi slt, %a, %b : i32", "true"},
		{"cmpi ult", "%a = arith.constant -1 : i32\n%b = arith.constant 0 : i32\n%r = arith.cmpi ult, %a, %b : i32", "false"},
		{"cmpi equal operands", "%x = \"test.def\"() : () -> vector<2xi32>\n%r = arith.cmpi sge, %x, %x : vector<2xi32>", "dense<true> : vector<2xi1>"},
		{"cmpi swaps constant", "%x = \"test.def\"() : () -> i32\n%c = arith.constant 5 : i32\n%r = arith.cmpi slt, %c, %x : i32", "in place: %1 = arith.cmpi sgt, %0, %c5_i32 : i32"},
		{"cmpf olt NaN", "%a = arith.constant 0x7FC00000 : f32\n%b = arith.constant 1.0 : f32\n%r = arith.cmpf olt, %a, %b : f32", "false"},
		{"cmpf ult NaN", "%a = arith.constant 0x7FC00000 : f32\n%b = arith.constant 1.0 : f32\n%r = arith.cmpf ult, %a, %b : f32", "true"},
		{"cmpf NaN operand", "%x = \"test.def\"() : () -> f32\n%n = arith.constant 0x7FC00000 : f32\n%r = arith.cmpf une, %x, %n : f32", "true"},
		{"cmpf oeq -0", "%a = arith.constant -0.0 : f32\n%b = arith.constant 0.0 : f32\n%r = arith.cmpf oeq, %a, %b : f32", "true"},

		{"select true", "%c = arith.constant true\n%a = \"test.def\"() : () -> i32\n%b = \"test.def\"() : () -> i32\n%r = arith.select %c, %a, %b : i32", "operand 1"},
		{"select same", "%c = \"test.def\"() : () -> i1\n%a = \"test.def\"() : () -> i32\n%r = arith.select %c, %a, %a : i32", "operand 1"},
		{"select mask", "%c = arith.constant dense<[true, false]> : vector<2xi1>\n%a = arith.constant dense<1> : vector<2xi32>\n%b = arith.constant dense<2> : vector<2xi32>\n%r = arith.select %c, %a, %b : vector<2xi1>, vector<2xi32>", "dense<[1, 2]> : vector<2xi32>"},
		{"select cmpi eq", "%a = \"test.def\"() : () -> i32\n%b = \"test.def\"() : () -> i32\n%c = arith.cmpi eq, %a, %b : i32\n%r = arith.select %c, %a, %b : i32", "operand 2"},

		{"extsi", "%a = arith.constant -1 : i8\n%r = arith.extsi %a : i8 to i32", "-1 : i32"},
		{"extui", "%a = arith.constant -1 : i8\n%r = arith.extui %a : i8 to i32", "255 : i32"},
		{"trunci", "%a = arith.constant 257 : i32\n%r = arith.trunci %a : i32 to i8", "1 : i8"},
		{"trunci of extsi", "%x = \"test.def\"() : () -> i8\n%e = arith.extsi %x : i8 to i32\n%r = arith.trunci %e : i32 to i8", "value test.def"},
		{"extsi of extsi", "%x = \"test.def\"() : () -> i8\n%e = arith.extsi %x : i8 to i16\n%r = arith.extsi %e : i16 to i32", "in place: %2 = arith.extsi %0 : i8 to i32"},
		{"index_cast", "%a = arith.constant -1 : i32\n%r = arith.index_cast %a : i32 to index", "-1 : index"},
		{"index_castui", "%a = arith.constant -1 : i32\n%r = arith.index_castui %a : i32 to index", "4294967295 : index"},
		{"index_cast chain", "%x = \"test.def\"() : () -> i32\n%i = arith.index_cast %x : i32 to index\n%r = arith.index_cast %i : index to i32", "value test.def"},
		{"bitcast", "%a = arith.constant 1.0 : f32\n%r = arith.bitcast %a : f32 to i32", "1065353216 : i32"},
		{"bitcast back", "%a = arith.constant 15360 : i16\n%r = arith.bitcast %a : i16 to f16", "1.000000e+00 : f16"},
		{"bitcast keeps NaN payload", "%a = arith.constant -1 : i16\n%r = arith.bitcast %a : i16 to f16", "none"},
		{"sitofp", "%a = arith.constant -3 : i32\n%r = arith.sitofp %a : i32 to f32", "-3.000000e+00 : f32"},
		{"sitofp rounds once", "%a = arith.constant 9007199791611905 : i64\n%r = arith.sitofp %a : i64 to f32", "9.007200e+15 : f32"},
		{"uitofp", "%a = arith.constant -1 : i8\n%r = arith.uitofp %a : i8 to f32", "2.550000e+02 : f32"},
		{"fptosi truncates", "%a = arith.constant -3.9 : f32\n%r = arith.fptosi %a : f32 to i32", "-3 : i32"},
		{"fptosi out of range", "%a = arith.constant 1.0e10 : f32\n%r = arith.fptosi %a : f32 to i32", "none"},
		{"fptosi NaN", "%a = arith.constant 0x7FC00000 : f32\n%r = arith.fptosi %a : f32 to i32", "none"},
		{"fptoui negative", "%a = arith.constant -1.0 : f32\n%r = arith.fptoui %a : f32 to i8", "none"},
		{"fptoui max", "%a = arith.constant 255.5 : f32\n%r = arith.fptoui %a : f32 to i8", "-1 : i8"},
		{"truncf", "%a = arith.constant 0.1 : f64\n%r = arith.truncf %a : f64 to f32", "1.000000e-01 : f32"},
		{"truncf other rounding", "%a = arith.constant 0.1 : f64\n%r = arith.truncf %a upward : f64 to f32", "none"},
		{"extf", "%a = arith.constant 0.5 : f16\n%r = arith.extf %a : f16 to f32", "5.000000e-01 : f32"},

		{"addui_extended", "%a = arith.constant -1 : i32\n%b = arith.constant 1 : i32\n%r:2 = arith.addui_extended %a, %b : i32, i1", "0 : i32; true"},
		{"subui_extended", "%a = arith.constant 1 : i32\n%b = arith.constant 2 : i32\n%r:2 = arith.subui_extended %a, %b : i32, i1", "-1 : i32; true"},
		{"mulsi_extended", "%a = arith.constant -1 : i32\n%b = arith.constant -1 : i32\n%r:2 = arith.mulsi_extended %a, %b : i32", "1 : i32; 0 : i32"},
		{"mului_extended", "%a = arith.constant -1 : i32\n%b = arith.constant -1 : i32\n%r:2 = arith.mului_extended %a, %b : i32", "1 : i32; -2 : i32"},
		{"mulsi_extended i64", "%a = arith.constant -9223372036854775808 : i64\n%b = arith.constant 2 : i64\n%r:2 = arith.mulsi_extended %a, %b : i64", "0 : i64; -1 : i64"},
		{"addui_extended x+0", "%x = \"test.def\"() : () -> i32\n%z = arith.constant 0 : i32\n%r:2 = arith.addui_extended %x, %z : i32, i1", "operand 0; false"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := foldLast(t, tc.src); got != tc.want {
				t.Errorf("folded to %q, want %q", got, tc.want)
			}
		})
	}
}
