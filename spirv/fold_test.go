package spirv

import (
	"testing"

	"github.com/kiln-gpu/kiln/ir"
)

func TestFold(t *testing.T) {
	for _, c := range []struct{ src, want string }{
		{`%a = spirv.Constant 7 : i32
		  %b = spirv.Constant -3 : i32
		  %r = spirv.IAdd %a, %b : i32`, "4 : i32"},
		{`%a = spirv.Constant 7 : i32
		  %b = spirv.Constant -3 : i32
		  %r = spirv.SLessThan %b, %a : i32`, "true"},
		{`%a = spirv.Constant 7 : i32
		  %b = spirv.Constant -3 : i32
		  %r = spirv.ULessThan %b, %a : i32`, "false"},
		{`%a = spirv.Constant 5 : i8
		  %r = spirv.Not %a : i8`, "-6 : i8"},
		{`%a = spirv.Constant 5 : i8
		  %r = spirv.SNegate %a : i8`, "-5 : i8"},
		{`%a = spirv.Constant dense<[1.5, 2.0]> : vector<2xf32>
		  %r = spirv.FMul %a, %a : vector<2xf32>`, "dense<[2.250000e+00, 4.000000e+00]> : vector<2xf32>"},
		{`%a = spirv.Constant 1.0 : f32
		  %r = spirv.FOrdLessThan %a, %a : f32`, "false"},
		{`%a = spirv.Constant true
		  %r = spirv.LogicalNot %a : i1`, "false"},
		{`%a = spirv.Constant 1 : i32
		  %z = spirv.Constant 0 : i32
		  %r = spirv.SDiv %a, %z : i32`, ""},
	} {
		op := lastOp(t, c.src)
		operands := make([]ir.Attribute, op.NumOperands())
		for i, v := range op.Operands() {
			operands[i] = ConstantValue(v)
		}
		res, ok := op.Def().Fold(op, operands)
		got := ""
		if ok && len(res) == 1 && res[0].Attr != nil {
			got = ir.AttrString(res[0].Attr)
		}
		if got != c.want {
			t.Errorf("%s: folded to %q, want %q", c.src, got, c.want)
		}
	}
}
