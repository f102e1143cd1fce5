package runner

import (
	"math"
	"strings"
	"testing"

	"github.com/kiln-gpu/kiln"
	"github.com/kiln-gpu/kiln/interp"
	"github.com/kiln-gpu/kiln/ir"
)

// TestKernelTolerance checks the bound a kernel gets from its loosest
// operation and how values are matched with it.
func TestKernelTolerance(t *testing.T) {
	ctx := kiln.NewContext()
	f32 := ir.Type(ctx.F32())
	kernel := func(body string) *ir.Operation {
		src := `gpu.module @m { gpu.func @k(%a: f32, %b: f32) kernel attributes {spirv.entry_point_abi = #spirv.entry_point_abi<workgroup_size = [4, 2, 1]>} {
` + body + `
  gpu.return
} }`
		mod, err := ir.Parse(ctx, src, "k.mlir")
		if err != nil {
			t.Fatal(err)
		}
		var fn *ir.Operation
		mod.Walk(func(op *ir.Operation) bool {
			if op.Name() == "gpu.func" {
				fn = op
			}
			return true
		})
		return fn
	}
	one := math.Float32frombits(math.Float32bits(1) + 1) // 1 + 1 ULP
	for _, tc := range []struct {
		body      string
		got, want float64
		ok        bool
		why       string
	}{
		{"%x = arith.addf %a, %b : f32", 1, 1, true, ""},
		{"%x = arith.addf %a, %b : f32", float64(one), 1, false, "exact: the kernel's float operations are correctly rounded"},
		{"%x = arith.divf %a, %b : f32", 1 + 2*(float64(one)-1), 1, true, ""},
		{"%x = arith.divf %a, %b : f32", 1 + 3*(float64(one)-1), 1, false, "tolerance 2.5 ULP (divide)"},
		{"%x = math.exp %a : f32", 1024 * (1 + 20*0x1p-23), 1024, true, ""}, // 3 + 2*10 ULP
		{"%x = math.exp %a : f32\n%y = arith.divf %a, %b : f32", 1024 * (1 + 24*0x1p-23), 1024, false, "tolerance 3+2|x| ULP (exp)"},
		{"%x = math.sin %a : f32", 0.5 + 0x1p-12, 0.5, true, ""},
		{"%x = math.sin %a : f32", 0.5 + 0x1p-10, 0.5, false, "tolerance 2^-11 absolute (sin)"},
		{"%x = gpu.all_reduce add %a uniform {} : (f32) -> f32", 1 + 8*(float64(one)-1), 1, true, ""},
		{"%x = gpu.all_reduce add %a uniform {} : (f32) -> f32", 1 + 9*(float64(one)-1), 1, false, "tolerance 8 ULP (a reduction over 8 invocations, in any order)"},
	} {
		tol := kernelTolerance(kernel(tc.body))
		ok, why := tol.match(f32, interp.Scalar{F: tc.got}, interp.Scalar{F: tc.want})
		if ok != tc.ok || !tc.ok && why != tc.why {
			t.Errorf("%s: %g vs %g: got %v %q, want %v %q", strings.ReplaceAll(tc.body, "\n", "; "), tc.got, tc.want, ok, why, tc.ok, tc.why)
		}
	}
	tol := kernelTolerance(kernel(""))
	i32 := ir.Type(ctx.I(32))
	if ok, _ := tol.match(i32, interp.Scalar{Bits: 3}, interp.Scalar{Bits: 4}); ok {
		t.Error("integers 3 and 4 match")
	}
	if ok, _ := tol.match(f32, interp.Scalar{F: 7}, interp.Scalar{Poison: true}); !ok {
		t.Error("a poison reference does not accept any value")
	}
	if ok, _ := tol.match(f32, interp.Scalar{F: math.NaN()}, interp.Scalar{F: math.NaN()}); !ok {
		t.Error("NaN does not match NaN")
	}
}
