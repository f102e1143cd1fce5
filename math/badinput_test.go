package mathd

import (
	"fmt"
	"math/rand"
	"strings"
	"testing"

	"github.com/kiln-gpu/kiln/arith"
	"github.com/kiln-gpu/kiln/ir"
)

// checkNoPanic builds generic forms of each op with random operand and
// result counts, types and attributes: parsing and verifying must give a
// diagnostic or succeed, and ops that verify must print, re-parse and fold
// without panicking.
func checkNoPanic(t *testing.T, ctx func() *ir.Context, defs []*ir.OpDef) {
	rng := rand.New(rand.NewSource(3))
	types := []string{"i1", "i8", "i32", "i64", "i128", "index", "f16", "f32", "f64", "bf16", "f80", "none",
		"vector<2xi32>", "vector<2xi1>", "vector<2xf32>", "vector<[2]xi32>", "tensor<?xf32>", "tensor<2xi32>",
		"tensor<2xi1>", "tensor<*xi8>", "memref<4xi32>", "memref<4xindex>", "ui32", "complex<f32>"}
	attrs := []string{"", "{value = 1 : i32}", "{value = 1.5 : f32}", "{value = dense<1> : vector<2xi32>}",
		"{predicate = 3 : i64}", "{predicate = 3}", "{predicate = 99 : i64}", "{predicate = \"x\"}",
		"<{fastmath = #arith.fastmath<fast>}>", "<{overflowFlags = #arith.overflow<nsw>}>",
		"<{roundingmode = 2 : i32}>", "<{fastmath = 3 : i32}>", "{isExact}", "{value = \"s\"}"}
	for _, d := range defs {
		for range 600 {
			nOps, nRes := rng.Intn(4), rng.Intn(3)
			if rng.Intn(5) > 0 { // mostly the counts the op wants
				nOps, nRes = d.Operands.Min, d.Results.Min
			}
			base := types[rng.Intn(len(types))]
			pick := func() string {
				if rng.Intn(3) > 0 {
					return base
				}
				return types[rng.Intn(len(types))]
			}
			var src strings.Builder
			var opTypes, operands, resTypes []string
			for i := range nOps {
				ty := pick()
				if v := constantText(rng, ty); v != "" && rng.Intn(2) == 0 {
					fmt.Fprintf(&src, "%%a%d = \"arith.constant\"() {value = %s} : () -> %s\n", i, v, ty)
				} else {
					fmt.Fprintf(&src, "%%a%d = \"test.def\"() : () -> %s\n", i, ty)
				}
				opTypes = append(opTypes, ty)
				operands = append(operands, fmt.Sprintf("%%a%d", i))
			}
			for range nRes {
				resTypes = append(resTypes, pick())
			}
			res := ""
			if nRes > 0 {
				res = "%r:" + fmt.Sprint(nRes) + " = "
			}
			fmt.Fprintf(&src, "%s\"%s\"(%s) %s : (%s) -> (%s)\n", res, d.Name, strings.Join(operands, ", "),
				attrs[rng.Intn(len(attrs))], strings.Join(opTypes, ", "), strings.Join(resTypes, ", "))
			c := ctx()
			m, err := ir.Parse(c, src.String(), "bad.mlir")
			if err != nil || ir.Verify(m) != nil {
				continue
			}
			text := string(ir.PrintBytes(m, ir.PrintOptions{}))
			if _, err := ir.Parse(c, text, "again.mlir"); err != nil {
				t.Errorf("verified op does not re-parse: %v\n%s", err, text)
			}
			op := ir.ModuleBody(m).Last()
			if op.Def().Fold != nil {
				operands := make([]ir.Attribute, op.NumOperands())
				for i, v := range op.Operands() {
					operands[i] = arith.ConstantValue(v)
				}
				op.Def().Fold(op, operands)
			}
		}
	}
}

// constantText returns a random constant of type ty in attribute syntax,
// or "" for types arith.constant cannot hold.
func constantText(rng *rand.Rand, ty string) string {
	ints, floats := []string{"0", "1", "-1", "7"}, []string{"0.0", "-0.0", "1.5", "-3.0"}
	elem := ty
	if i := strings.LastIndex(ty, "x"); i >= 0 && strings.HasSuffix(ty, ">") {
		if strings.Contains(ty, "?") || strings.Contains(ty, "*") || strings.Contains(ty, "[") || strings.HasPrefix(ty, "memref") {
			return ""
		}
		elem = ty[i+1 : len(ty)-1]
	}
	var v string
	switch {
	case elem == "i1":
		v = []string{"true", "false"}[rng.Intn(2)]
	case strings.HasPrefix(elem, "i") || elem == "index":
		v = ints[rng.Intn(len(ints))]
	case strings.HasPrefix(elem, "f") || elem == "bf16":
		v = floats[rng.Intn(len(floats))]
	default:
		return ""
	}
	if elem != ty {
		return "dense<" + v + "> : " + ty
	}
	if elem == "i1" {
		return v
	}
	return v + " : " + ty
}

func TestBadInputNoPanic(t *testing.T) { checkNoPanic(t, newContext, Dialect().Ops) }
