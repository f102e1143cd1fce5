package vector

import (
	"fmt"
	"math/rand"
	"strings"
	"testing"

	"github.com/kiln-gpu/kiln/ir"
	"github.com/kiln-gpu/kiln/ir/irtest"
)

func TestDiagnostics(t *testing.T) {
	// Each source's first problem, located as MLIR locates it.
	tests := []irtest.Invalid{
		{In: "%a = \"test.def\"() : () -> f32\n%r = vector.broadcast %a : f32 to f32",
			Err: "t.mlir:2:35: error: custom op 'vector.broadcast' invalid kind of type specified: expected builtin.vector, but found 'f32'"},
		{In: "%a = \"test.def\"() : () -> vector<4x8xf32>\n%r = vector.extract %a[0] : f32 from vector<4x8xf32>",
			Err: "t.mlir:2:6: error: 'vector.extract' op inferred type(s) 'vector<8xf32>' are incompatible with return type(s) of operation 'f32'"},
		{In: "%a = \"test.def\"() : () -> vector<4x8xf32>\n%r = vector.extract %a[0, 0, 0] : vector<4x8xf32>",
			Err: "t.mlir:2:35: error: custom op 'vector.extract' expected position attribute of rank no greater than vector rank"},
		{In: "%a = \"test.def\"() : () -> vector<4xf32>\n%r = \"vector.extract\"(%a) <{static_position = array<i64: -9223372036854775808>}> : (vector<4xf32>) -> f32",
			Err: "t.mlir:2:6: error: 'vector.extract' op mismatch between dynamic and static positions (kDynamic marker but no corresponding dynamic position) -- this can only happen due to an incorrect fold/rewrite"},
		{In: "%a = \"test.def\"() : () -> vector<4xf32>\n%r = vector.reduction <add>, %a, %a, %a : vector<4xf32> into f32",
			Err: "t.mlir:2:36: error: expected ':'"},
		{In: "%a = \"test.def\"() : () -> vector<4xf32>\n%r = \"vector.reduction\"(%a) : (vector<4xf32>) -> f32",
			Err: "t.mlir:2:6: error: 'vector.reduction' op requires attribute 'kind'"},
		{In: "%a = \"test.def\"() : () -> vector<2x3xf32>\n%r = vector.shape_cast %a : vector<2x3xf32> to vector<5xf32>",
			Err: "t.mlir:2:6: error: 'vector.shape_cast' op has different number of elements at source (6) and result (5)"},
		{In: "%a = \"test.def\"() : () -> vector<4xf32>\n%r = \"vector.shape_cast\"(%a) : (vector<4xf32>) -> f32",
			Err: "t.mlir:2:6: error: 'vector.shape_cast' op result #0 must be vector of any type values, but got 'f32'"},
		{In: "%r = vector.constant_mask [5] : vector<4xi1>",
			Err: "t.mlir:1:6: error: 'vector.constant_mask' op array attr of size out of bounds of vector result dimension size"},
		{In: "%r = vector.step : vector<[4]x2xindex>",
			Err: "t.mlir:1:6: error: 'vector.step' op result #0 must be vector of index values of ranks 1, but got 'vector<[4]x2xindex>'"},
		{In: "%r = vector.step : vector<4xi4>",
			Err: "t.mlir:1:6: error: 'vector.step' op result #0 must be vector of index values of ranks 1, but got 'vector<4xi4>'"},
		{In: "%r = vector.step : vector<4xf32>",
			Err: "t.mlir:1:6: error: 'vector.step' op result #0 must be vector of index values of ranks 1, but got 'vector<4xf32>'"},
		{In: "%a = \"test.def\"() : () -> vector<4xf32>\n%r = vector.multi_reduction <xor>, %a, %a [] : vector<4xf32> to vector<4xf32>",
			Err: "t.mlir:2:6: error: 'vector.multi_reduction' op unsupported reduction type 'f32' for kind 'xor'"},
		{In: "%m = \"test.def\"() : () -> memref<4xf32>\n%i = \"test.def\"() : () -> index\n%p = \"test.def\"() : () -> f32\n%r = vector.transfer_read %m[%i], %p {in_bounds = [true, true]} : memref<4xf32>, vector<4xf32>",
			Err: "t.mlir:4:6: error: 'vector.transfer_read' op expects the in_bounds attr of same rank as permutation_map results: affine_map<(d0) -> (d0)> vs inBounds of size: 2"},
		{In: "%a = \"test.def\"() : () -> vector<4xf32>\n%b = \"test.def\"() : () -> vector<8xf32>\n%r = \"vector.outerproduct\"(%a, %b) : (vector<4xf32>, vector<8xf32>) -> vector<8xf32>",
			Err: "t.mlir:3:6: error: 'vector.outerproduct' op expected 2-d vector result"},
		{In: "%m = \"test.def\"() : () -> memref<4xf32>\n%i = \"test.def\"() : () -> index\n%p = \"test.def\"() : () -> f32\n%k = \"test.def\"() : () -> vector<4x4xi1>\n%r = vector.transfer_read %m[%i], %p, %k {permutation_map = affine_map<(d0) -> (d0)>} : memref<4xf32>, vector<4x4xf32>",
			Err: "t.mlir:5:87: error: expected the same rank for the vector and the results of the permutation map"},
		{In: "%m = \"test.def\"() : () -> memref<4xvector<4xf32>>\n%i = \"test.def\"() : () -> index\n%k = \"test.def\"() : () -> vector<4xi1>\n%v = \"test.def\"() : () -> vector<4xf32>\nvector.transfer_write %v, %m[%i], %k : vector<4xf32>, memref<4xvector<4xf32>>",
			Err: "t.mlir:5:35: error: does not support masks with vector element type"},
		{In: "%m = \"test.def\"() : () -> memref<4xf32>\n%i = \"test.def\"() : () -> index\nvector.transfer_write %m, %m[%i] : memref<4xf32>, memref<4xf32>",
			Err: "t.mlir:3:34: error: custom op 'vector.transfer_write' requires vector type"},
		{In: "%m = \"test.def\"() : () -> memref<4xf32>\n%i = \"test.def\"() : () -> index\n%k = \"test.def\"() : () -> vector<4xi1>\n%v = \"test.def\"() : () -> vector<4xf32>\nvector.maskedstore %m[%i], %k, %v {alignment = 3} : memref<4xf32>, vector<4xi1>, vector<4xf32> into",
			Err: "t.mlir:5:35: error: custom op 'vector.maskedstore' 'vector.maskedstore' op attribute 'alignment' failed to satisfy constraint: 64-bit signless integer attribute whose value is positive and whose value is a power of two > 0"},
		{In: "%m = \"test.def\"() : () -> memref<?xf32>\n%i = \"test.def\"() : () -> index\n%k = \"test.def\"() : () -> vector<[4]xi1>\n%v = \"test.def\"() : () -> vector<4xf32>\nvector.compressstore %m[%i], %k, %v : memref<?xf32>, vector<[4]xi1>, vector<4xf32>",
			Err: "t.mlir:5:1: error: 'vector.compressstore' op expected valueToStore dim to match mask dim"},
		{In: "%m = \"test.def\"() : () -> memref<?xf32>\n%i = \"test.def\"() : () -> index\n%k = \"test.def\"() : () -> vector<4xi8>\n%v = \"test.def\"() : () -> vector<4xf32>\nvector.compressstore %m[%i], %k, %v : memref<?xf32>, vector<4xi8>, vector<4xf32>",
			Err: "t.mlir:5:1: error: 'vector.compressstore' op operand #2 must be vector of 1-bit signless integer values, but got 'vector<4xi8>'"},
		{In: "%k = \"test.def\"() : () -> vector<i1>\nvector.mask %k { } : vector<i1>",
			Err: "t.mlir:2:1: error: 'vector.mask' op operand #0 must be vector of 1-bit signless integer values, but got 'vector<i1>'"},
		{In: "%k = \"test.def\"() : () -> vector<4xi1>\n%p = \"test.def\"() : () -> vector<4xf32>\nvector.mask %k, %p { } : vector<4xi1>",
			Err: "t.mlir:3:1: error: custom op 'vector.mask' expects a result if passthru operand is provided"},
		{In: "%k = \"test.def\"() : () -> vector<4xi1>\n%v = \"test.def\"() : () -> vector<4xf32>\n%r = vector.mask %k {\n  %s = vector.reduction <add>, %v : vector<4xf32> into f32\n  %t = \"test.def\"() : () -> f32\n  vector.yield %t : f32\n} : vector<4xi1> -> f32",
			Err: "t.mlir:3:6: error: 'vector.mask' op expects only one operation to mask"},
		{In: "%k = \"test.def\"() : () -> vector<4xi1>\n%v = \"test.def\"() : () -> vector<4xf32>\n%t = \"test.def\"() : () -> f32\n%r = vector.mask %k {\n  %s = vector.reduction <add>, %v : vector<4xf32> into f32\n  vector.yield %t : f32\n} : vector<4xi1> -> f32",
			Err: "t.mlir:4:6: error: 'vector.mask' op expects all the results from the MaskableOpInterface to match all the values returned by the terminator"},
		{In: "%l = \"test.def\"() : () -> index\n%v = \"test.def\"() : () -> vector<4xf32>\n%r = vector.warp_execute_on_lane_0(%l)[32] args(%v : vector<4xf32>) -> (vector<1xf32>) {\n^bb0(%a: vector<64xf32>):\n  %x = \"test.def\"() : () -> vector<32xf32>\n  vector.yield %x : vector<32xf32>\n}",
			Err: "t.mlir:3:6: error: 'vector.warp_execute_on_lane_0' op incompatible distribution dimensions from 'vector<64xf32>' to 'vector<4xf32>' with warp size = 32"},
		{In: "%v = \"test.def\"() : () -> vector<4xf32>\n%r = vector.flat_transpose %v {rows = 2 : i32} : vector<4xf32> -> vector<4xf32>",
			Err: "t.mlir:2:6: error: 'vector.flat_transpose' op requires attribute 'columns'"},
		{In: "%v = \"test.def\"() : () -> vector<4xf32>\n%r = vector.flat_transpose %v {rows = 2 : i32, columns = 2 : i32} : vector<4xf32> -> vector<4xi32>",
			Err: "t.mlir:2:6: error: 'vector.flat_transpose' op failed to verify that source operand and result have same element type"},
		{In: "%x = \"test.def\"() : () -> f32\nvector.yield %x : f32",
			Err: "t.mlir:2:1: error: 'vector.yield' op expects parent op to be one of 'vector.mask, vector.warp_execute_on_lane_0'"},
		{In: "%m = \"test.def\"() : () -> memref<4x4xf32, strided<[1, 4]>>\n%i = \"test.def\"() : () -> index\n%r = vector.load %m[%i, %i] : memref<4x4xf32, strided<[1, 4]>>, vector<2xf32>",
			Err: "t.mlir:3:6: error: 'vector.load' op most minor memref dim must have unit stride"},
		{In: "%a = \"test.def\"() : () -> vector<2xf32>\n%r = \"vector.shuffle\"(%a, %a) {mask = [0, 1 : i32]} : (vector<2xf32>, vector<2xf32>) -> vector<2xf32>",
			Err: "t.mlir:2:6: error: 'vector.shuffle' op requires attribute 'mask'"},
	}
	irtest.CheckInvalid(t, newContext, "t.mlir", tests, irtest.FirstLine)
}

// TestUnknownKind checks both errors MLIR reports for a combining kind that
// names no case, in the custom form (naming the op) and in the full form.
func TestUnknownKind(t *testing.T) {
	tests := []irtest.Invalid{
		{In: "%a = \"test.def\"() : () -> vector<4xf32>\n%r = vector.reduction <addf>, %a : vector<4xf32> into f32",
			Err: "t.mlir:2:24: error: custom op 'vector.reduction' expected ::mlir::vector::CombiningKind to be one of: add, mul, minui, minsi, minnumf, maxui, maxsi, maxnumf, and, or, xor, maximumf, minimumf\n" +
				"t.mlir:2:24: error: custom op 'vector.reduction' failed to parse Vector_CombiningKindAttr parameter 'value' which is to be a `::mlir::vector::CombiningKind`"},
		{In: "%a = \"test.def\"() : () -> vector<4xf32>\n%r = \"vector.reduction\"(%a) {kind = #vector.kind<addf>} : (vector<4xf32>) -> f32",
			Err: "t.mlir:2:50: error: expected ::mlir::vector::CombiningKind to be one of: add, mul, minui, minsi, minnumf, maxui, maxsi, maxnumf, and, or, xor, maximumf, minimumf\n" +
				"t.mlir:2:50: error: failed to parse Vector_CombiningKindAttr parameter 'value' which is to be a `::mlir::vector::CombiningKind`"},
	}
	irtest.CheckInvalid(t, newContext, "t.mlir", tests, nil)
}

// TestGenericNeverPanics builds random generic forms of every op (random
// operand and result types, random inherent attributes) and checks that
// verification, printing and folding report errors instead of panicking.
func TestGenericNeverPanics(t *testing.T) {
	types := []string{"f32", "i32", "index", "i1", "vector<4xf32>", "vector<f32>", "vector<2x4xf32>", "vector<[4]xf32>",
		"vector<4xi1>", "vector<1xf32>", "vector<4xindex>", "vector<4xi32>", "memref<4xf32>", "memref<?x4xf32>", "memref<vector<4xf32>>",
		"tensor<4xf32>", "memref<4xvector<f32>>", "vector<0xf32>"}
	attrs := []string{
		"static_position = array<i64: 0>", "static_position = array<i64: -9223372036854775808>", "static_position = array<i64>",
		"static_position = array<i64: -1, 7>", "mask = array<i64: 0, 1>", "mask = array<i64: 9>",
		"kind = #vector.kind<add>", "kind = #vector.kind<xor>", "kind = 1 : i32", "reduction_dims = array<i64: 0>", "reduction_dims = array<i64: 5>",
		"permutation = array<i64: 1, 0>", "permutation = array<i64: 7>", "offsets = [0]", "sizes = [1]", "strides = [1]", "offsets = [0, 9]",
		"mask_dim_sizes = array<i64: 1>", "mask_dim_sizes = array<i64>", "permutation_map = affine_map<(d0) -> (d0)>",
		"permutation_map = affine_map<(d0, d1) -> (0)>", "permutation_map = affine_map<() -> ()>", "in_bounds = [false]", "in_bounds = [1, 2]",
		"indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>, affine_map<(d0) -> ()>]",
		"iterator_types = [#vector.iterator_type<reduction>]", "operandSegmentSizes = array<i32: 1, 1, 1, 0>",
		"operandSegmentSizes = array<i32: 1, 0, 1, 1>", "operandSegmentSizes = array<i32: 1, 1, 0, 0>", "punctuation = #vector.punctuation<comma>",
		"stringLiteral = \"x\"", "alignment = 4 : i64", "alignment = 3 : i64",
	}
	rng := rand.New(rand.NewSource(1))
	for _, d := range Dialect().Ops {
		for range 300 {
			nOps := d.Operands.Min + rng.Intn(3)
			if d.Operands.Max >= 0 && nOps > d.Operands.Max {
				nOps = d.Operands.Max
			}
			nRes := d.Results.Min
			if d.Results.Max > nRes || d.Results.Max < 0 {
				nRes += rng.Intn(2)
			}
			var src strings.Builder
			var ops, opTypes, resTypes, as []string
			for i := range nOps {
				ty := types[rng.Intn(len(types))]
				fmt.Fprintf(&src, "%%a%d = \"test.def\"() : () -> %s\n", i, ty)
				ops = append(ops, fmt.Sprintf("%%a%d", i))
				opTypes = append(opTypes, ty)
			}
			for range nRes {
				resTypes = append(resTypes, types[rng.Intn(len(types))])
			}
			seen := map[string]bool{}
			for range rng.Intn(5) {
				a := attrs[rng.Intn(len(attrs))]
				name, _, _ := strings.Cut(a, " =")
				if !seen[name] {
					seen[name] = true
					as = append(as, a)
				}
			}
			res := ""
			if nRes > 0 {
				res = "%r:" + fmt.Sprint(nRes) + " = "
			}
			fmt.Fprintf(&src, "%s\"%s\"(%s) <{%s}> : (%s) -> (%s)\n", res, d.Name, strings.Join(ops, ", "),
				strings.Join(as, ", "), strings.Join(opTypes, ", "), strings.Join(resTypes, ", "))
			checkNoPanic(t, src.String())
		}
	}
}

func checkNoPanic(t *testing.T, src string) {
	t.Helper()
	defer func() {
		if r := recover(); r != nil {
			t.Fatalf("panic on\n%s\n%v", src, r)
		}
	}()
	ctx := newContext()
	m, err := ir.Parse(ctx, src, "fuzz.mlir")
	if err != nil || ir.Verify(m) != nil {
		return
	}
	custom := string(ir.PrintBytes(m, ir.PrintOptions{}))
	m2, err := ir.Parse(ctx, custom, "custom.mlir")
	if err != nil {
		t.Fatalf("custom form of\n%s\ndoes not parse: %v\n%s", src, err, custom)
	}
	if err := ir.Verify(m2); err != nil {
		t.Fatalf("custom form of\n%s\ndoes not verify: %v", src, err)
	}
	for op := range m.Ops() {
		if d := op.Def(); d != nil && d.Fold != nil {
			d.Fold(op, make([]ir.Attribute, op.NumOperands()))
		}
	}
}
