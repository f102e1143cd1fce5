package transforms

import (
	"fmt"
	"testing"

	"github.com/kiln-gpu/kiln/ir"
)

// TestWebGPUPrepareArithmetic evaluates the expansions of the extended
// arithmetic ops on operand pairs and compares them with 64-bit
// arithmetic.
func TestWebGPUPrepareArithmetic(t *testing.T) {
	vals := []int32{0, 1, -1, 7, -7, 65535, 65536, -65536, 123456789, -2147483648, 2147483647}
	for _, name := range []string{"UMulExtended", "SMulExtended", "IAddCarry"} {
		for _, a := range vals {
			for _, b := range vals {
				src := fmt.Sprintf(`spirv.module Logical GLSL450 {
  spirv.func @f() -> !spirv.struct<(i32, i32)> "None" {
    %%a = spirv.Constant %d : i32
    %%b = spirv.Constant %d : i32
    %%0 = spirv.%s %%a, %%b : !spirv.struct<(i32, i32)>
    spirv.ReturnValue %%0 : !spirv.struct<(i32, i32)>
  }
}`, a, b, name)
				m, err := ir.Parse(newContext(), src, "test.mlir")
				if err != nil {
					t.Fatal(err)
				}
				if err := webGPUPrepare(m.Region(0).Entry().First()); err != nil {
					t.Fatal(err)
				}
				lo, hi := evalResult(t, m)
				var wlo, whi uint32
				switch name {
				case "UMulExtended":
					p := uint64(uint32(a)) * uint64(uint32(b))
					wlo, whi = uint32(p), uint32(p>>32)
				case "SMulExtended":
					p := uint64(int64(a) * int64(b))
					wlo, whi = uint32(p), uint32(p>>32)
				default:
					s := uint64(uint32(a)) + uint64(uint32(b))
					wlo, whi = uint32(s), uint32(s>>32)
				}
				if lo != wlo || hi != whi {
					t.Errorf("%s(%d, %d) = (%#x, %#x), want (%#x, %#x)", name, a, b, lo, hi, wlo, whi)
				}
			}
		}
	}
}

// evalResult runs the straight-line body of the one function of m on
// 32-bit values and returns the two members it returns.
func evalResult(t *testing.T, m *ir.Operation) (uint32, uint32) {
	t.Helper()
	vals := map[*ir.Value][]uint32{}
	var out []uint32
	m.Walk(func(op *ir.Operation) bool {
		arg := func(i int) uint32 { return vals[op.Operand(i)][0] }
		var r uint32
		switch op.Name() {
		case "spirv.Constant":
			r = uint32(op.Attr("value").(*ir.IntegerAttr).Int())
		case "spirv.IAdd":
			r = arg(0) + arg(1)
		case "spirv.IMul":
			r = arg(0) * arg(1)
		case "spirv.BitwiseAnd":
			r = arg(0) & arg(1)
		case "spirv.BitwiseOr":
			r = arg(0) | arg(1)
		case "spirv.ShiftLeftLogical":
			r = arg(0) << arg(1)
		case "spirv.ShiftRightLogical":
			r = arg(0) >> arg(1)
		case "spirv.ShiftRightArithmetic":
			r = uint32(int32(arg(0)) >> arg(1))
		case "spirv.ULessThan":
			if arg(0) < arg(1) {
				r = 1
			}
		case "spirv.Select":
			r = arg(2)
			if arg(0) != 0 {
				r = arg(1)
			}
		case "spirv.CompositeConstruct":
			vals[op.Result(0)] = []uint32{arg(0), arg(1)}
			return true
		case "spirv.ReturnValue":
			out = vals[op.Operand(0)]
			return true
		default:
			if op.NumResults() > 0 {
				t.Fatalf("unexpected op %s", op.Name())
			}
			return true
		}
		vals[op.Result(0)] = []uint32{r}
		return true
	})
	if len(out) != 2 {
		t.Fatal("no two-member result")
	}
	return out[0], out[1]
}
