package gpu

import (
	"strings"
	"testing"

	"github.com/kiln-gpu/kiln/ir"
)

// TestTypeConstraints checks one violation of each operand and result
// type constraint, in generic form, with MLIR's message and operand
// number (counted past variadic segments).
func TestTypeConstraints(t *testing.T) {
	const defs = "%f, %i, %x, %b, %m, %u, %t = \"test.defs\"() : () -> (f32, i32, index, i1, memref<4xf32>, memref<*xf32>, !gpu.async.token)\n"
	tests := []struct{ src, want string }{
		{`%r, %p = "gpu.shuffle"(%f, %x, %i) <{mode = #gpu<shuffle_mode xor>}> : (f32, index, i32) -> (f32, i1)`,
			"'gpu.shuffle' op operand #1 must be 32-bit signless integer, but got 'index'"},
		{`%r, %p = "gpu.shuffle"(%f, %i, %i) <{mode = #gpu<shuffle_mode xor>}> : (f32, i32, i32) -> (f32, i32)`,
			"'gpu.shuffle' op result #1 must be 1-bit signless integer, but got 'i32'"},
		{`%r = "gpu.subgroup_broadcast"(%f, %x) <{broadcast_type = #gpu<broadcast specific_lane>}> : (f32, index) -> f32`,
			"'gpu.subgroup_broadcast' op operand #1 must be 32-bit signless integer, but got 'index'"},
		{`%r = "gpu.all_reduce"(%m) <{op = #gpu<all_reduce_op add>}> ({}) : (memref<4xf32>) -> memref<4xf32>`,
			"'gpu.all_reduce' op operand #0 must be Integer or Float, but got 'memref<4xf32>'"},
		{`%r = "gpu.subgroup_reduce"(%m) <{op = #gpu<all_reduce_op add>}> : (memref<4xf32>) -> memref<4xf32>`,
			"'gpu.subgroup_reduce' op operand #0 must be Integer or Float or vector of Integer or Float values of ranks 1, but got 'memref<4xf32>'"},
		{`%r = "gpu.thread_id"() <{dimension = #gpu<dim x>}> : () -> i32`,
			"'gpu.thread_id' op result #0 must be index, but got 'i32'"},
		{`%r = "gpu.dynamic_shared_memory"() : () -> memref<?xi16, #gpu.address_space<workgroup>>`,
			"'gpu.dynamic_shared_memory' op result #0 must be 1D memref of 8-bit signless integer values, but got 'memref<?xi16, #gpu.address_space<workgroup>>'"},
		{`%r = "gpu.alloc"(%t, %i) <{operandSegmentSizes = array<i32: 1, 1, 0>}> : (!gpu.async.token, i32) -> memref<?xf32>`,
			"'gpu.alloc' op operand #1 must be variadic of index, but got 'i32'"},
		{`%r = "gpu.alloc"(%f) <{operandSegmentSizes = array<i32: 1, 0, 0>}> : (f32) -> memref<4xf32>`,
			"'gpu.alloc' op operand #0 must be variadic of async token type, but got 'f32'"},
		{`%r = "gpu.alloc"() <{operandSegmentSizes = array<i32: 0, 0, 0>}> : () -> memref<*xf32>`,
			"'gpu.alloc' op result #0 must be memref of any type values, but got 'memref<*xf32>'"},
		{`"gpu.memcpy"(%t, %f, %m) : (!gpu.async.token, f32, memref<4xf32>) -> ()`,
			"'gpu.memcpy' op operand #1 must be memref of any type values, but got 'f32'"},
		{`"gpu.memset"(%f, %f) : (f32, f32) -> ()`,
			"'gpu.memset' op operand #0 must be memref of any type values, but got 'f32'"},
		{`%r = "gpu.wait"() : () -> f32`,
			"'gpu.wait' op result #0 must be async token type, but got 'f32'"},
		{`"gpu.host_register"(%m) : (memref<4xf32>) -> ()`,
			"'gpu.host_register' op operand #0 must be unranked.memref of any type values, but got 'memref<4xf32>'"},
		{`"gpu.printf"(%i, %m) <{format = "%d"}> : (i32, memref<4xf32>) -> ()`,
			"'gpu.printf' op operand #1 must be variadic of integer or index or floating-point, but got 'memref<4xf32>'"},
		{`"gpu.set_default_device"(%x) : (index) -> ()`,
			"'gpu.set_default_device' op operand #0 must be 32-bit signless integer, but got 'index'"},
		{`%r = "gpu.ballot"(%i) : (i32) -> i32`,
			"'gpu.ballot' op operand #0 must be 1-bit signless integer, but got 'i32'"},
		{`%r = "gpu.ballot"(%b) : (i1) -> f32`,
			"'gpu.ballot' op result #0 must be signless integer, but got 'f32'"},
		{`%r = "gpu.subgroup_mma_load_matrix"(%m, %x) <{leadDimension = 4 : index}> : (memref<4xf32>, index) -> f32`,
			"'gpu.subgroup_mma_load_matrix' op result #0 must be gpu.mma_matrix of 8-bit signed integer or 8-bit unsigned integer or 32-bit signless integer or 16-bit float or 32-bit float values, but got 'f32'"},
		{`%r = "gpu.subgroup_mma_load_matrix"(%u, %x) <{leadDimension = 4 : index}> : (memref<*xf32>, index) -> !gpu.mma_matrix<16x16xf32, "COp">`,
			"'gpu.subgroup_mma_load_matrix' op operand #0 must be memref of 8-bit signless integer or 32-bit signless integer or 16-bit float or 32-bit float or vector of 8-bit signless integer or 32-bit signless integer or 16-bit float or 32-bit float values of ranks 1 values, but got 'memref<*xf32>'"},
		{`%r = "gpu.subgroup_mma_load_matrix"(%m, %i) <{leadDimension = 4 : index}> : (memref<4xf32>, i32) -> !gpu.mma_matrix<16x16xf32, "COp">`,
			"'gpu.subgroup_mma_load_matrix' op operand #1 must be variadic of index, but got 'i32'"},
		{`%r = "gpu.subgroup_mma_elementwise"(%f) <{opType = #gpu<mma_element_wise addf>}> : (f32) -> f32`,
			"'gpu.subgroup_mma_elementwise' op operand #0 must be gpu.mma_matrix of 8-bit signed integer or 8-bit unsigned integer or 32-bit signless integer or 16-bit float or 32-bit float values, but got 'f32'"},
	}
	for _, tt := range tests {
		src := defs + tt.src
		m, err := ir.Parse(newContext(), src, "t.mlir")
		if err == nil {
			err = ir.Verify(m)
		}
		if err == nil {
			t.Errorf("%s: no error, want %s", tt.src, tt.want)
			continue
		}
		if got := err.Error(); !strings.Contains(got, "t.mlir:2:") || !strings.Contains(got, tt.want) {
			t.Errorf("%s:\ngot  %s\nwant t.mlir:2:...: %s", tt.src, got, tt.want)
		}
	}
}
