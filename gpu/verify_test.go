package gpu

import (
	"strings"
	"testing"

	"github.com/kiln-gpu/kiln/ir"
	"github.com/kiln-gpu/kiln/ir/irtest"
)

func TestDiagnostics(t *testing.T) {
	// Each source's first problem, located as MLIR locates it.
	tests := []struct{ src, want string }{
		{"%0 = gpu.thread_id w",
			"t.mlir:1:20: error: expected ::mlir::gpu::Dimension to be one of: x, y, z"},
		{"%0 = gpu.subgroup_reduce foo %0 : (f32) -> f32",
			"t.mlir:1:26: error: invalid op kind"},
		{"%a = \"test.def\"() : () -> f32\n%0 = gpu.all_reduce and %a {} : (f32) -> f32",
			"t.mlir:2:6: error: `and` reduction operation is not compatible with type 'f32'"},
		{"%a = \"test.def\"() : () -> index\ngpu.launch_func async @m::@k blocks in (%a, %a, %a) threads in (%a, %a, %a)",
			"t.mlir:2:17: error: custom op 'gpu.launch_func' needs to be named when marked 'async'"},
		{"%a = \"test.def\"() : () -> index\ngpu.launch_func @m::@k blocks in (%a, %a) threads in (%a, %a, %a)",
			"t.mlir:2:34: error: expected 3 operands, got 2"},
		{"module attributes {gpu.container_module} {\n  func.func @f(%a: index) {\n    gpu.launch_func @m::@k blocks in (%a, %a, %a) threads in (%a, %a, %a)\n    return\n  }\n}",
			"t.mlir:3:5: error: 'gpu.launch_func' op kernel container 'm' is undefined"},
		{"%a = \"test.def\"() : () -> index\ngpu.launch_func @m::@k blocks in (%a, %a, %a) threads in (%a, %a, %a)",
			"t.mlir:2:1: error: 'gpu.launch_func' op expected the closest surrounding module to have the 'gpu.container_module' attribute"},
		{"gpu.module @m {\n  gpu.func @k(i32) {\n    gpu.return\n  }\n}",
			"t.mlir:2:14: error: custom op 'gpu.func' gpu.func requires named arguments"},
		{"gpu.module @m {\n  gpu.func @k() -> i32 {\n    gpu.return\n  }\n}",
			"t.mlir:3:5: error: 'gpu.return' op expected 1 result operands\nt.mlir:2:3: note: return type declared here"},
		{"\"gpu.launch_func\"() <{kernel = @m::@k, operandSegmentSizes = array<i32: 0>}> : () -> ()",
			"t.mlir:1:1: error: 'gpu.launch_func' op expected 6 or more operands, but found 0"},
		{"%a = \"test.def\"() : () -> index\n\"gpu.launch\"(%a, %a, %a, %a, %a, %a) <{operandSegmentSizes = array<i32: 0, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0>}> ({\n^bb0:\n  gpu.terminator\n}) : (index, index, index, index, index, index) -> ()",
			"t.mlir:2:1: error: 'gpu.launch' op unexpected number of region arguments"},
		{"%a = \"test.def\"() : () -> index\n\"gpu.launch\"(%a, %a, %a, %a, %a, %a) <{operandSegmentSizes = array<i32: 0, 1, 1, 1, 1, 1, 1>}> ({\n^bb0:\n  gpu.terminator\n}) : (index, index, index, index, index, index) -> ()",
			"t.mlir:2:1: error: 'gpu.launch' op 'operandSegmentSizes' attribute for specifying operand segments must have 11 elements, but got 7"},
		{"%0 = \"gpu.block_id\"() : () -> index",
			"t.mlir:1:6: error: 'gpu.block_id' op requires attribute 'dimension'"},
		{"%0 = gpu.alloc () : memref<4xf32, #gpu.address_space<local>>",
			"t.mlir:1:54: error: expected ::mlir::gpu::AddressSpace to be one of: global, workgroup, private"},
		{"%a:3 = \"test.defs\"() : () -> (!gpu.sparse.spmat_handle, !gpu.sparse.spgemmop_handle, memref<0xi8>)\n%c = \"test.def\"() : () -> index\n%s = gpu.spgemm_work_estimation_or_compute {ESTIMATE} %a#0, %a#0, %a#0, %a#1, %c, %a#2 : f32 into memref<0xi8>",
			"t.mlir:3:45: error: expected ::mlir::gpu::SpGEMMWorkEstimationOrComputeKind to be one of: WORK_ESTIMATION, COMPUTE"},
		{"%a:3 = \"test.defs\"() : () -> (!gpu.sparse.spmat_handle, !gpu.sparse.spgemmop_handle, memref<0xi8>)\n%c = \"test.def\"() : () -> index\n%s = \"gpu.spgemm_work_estimation_or_compute\"(%a#1, %a#0, %a#0, %a#0, %c, %a#2) {computeType = f32} : (!gpu.sparse.spgemmop_handle, !gpu.sparse.spmat_handle, !gpu.sparse.spmat_handle, !gpu.sparse.spmat_handle, index, memref<0xi8>) -> index",
			"t.mlir:3:6: error: 'gpu.spgemm_work_estimation_or_compute' op requires attribute 'kind'"},
		{"%a = \"test.def\"() : () -> !gpu.sparse.spmat_handle\n%t = gpu.spgemm_destroy_descr async %a",
			"t.mlir:2:37: error: use of value '%a' expects different type than prior uses: '!gpu.sparse.spgemmop_handle' vs '!gpu.sparse.spmat_handle'"},
		{"%a:2 = \"test.defs\"() : () -> (index, memref<?xf64>)\n%h = \"gpu.create_2to4_spmat\"(%a#0, %a#0, %a#1) {pruneFlag = #gpu<mat_transpose_mode TRANSPOSE>} : (index, index, memref<?xf64>) -> !gpu.sparse.spmat_handle",
			"t.mlir:2:6: error: 'gpu.create_2to4_spmat' op attribute 'pruneFlag' failed to satisfy constraint: pruning strategy for 2:4 sparse matrix"},
		{"%a = \"test.def\"() : () -> !gpu.sparse.spmat_handle\n%s = gpu.spmv_buffer_size %a{FLIP}, %a, %a into f32",
			"t.mlir:2:30: error: expected ::mlir::gpu::TransposeMode to be one of: NON_TRANSPOSE, TRANSPOSE, CONJUGATE_TRANSPOSE"},
		{"%a = \"test.def\"() : () -> !gpu.sparse.spmat_handle\n%s = gpu.spmv_buffer_size %a, %a, %a into f32",
			"t.mlir:2:31: error: use of value '%a' expects different type than prior uses: '!gpu.sparse.dntensor_handle' vs '!gpu.sparse.spmat_handle'"},
		{"%a = \"test.def\"() : () -> !gpu.sparse.dntensor_handle\n%s = gpu.sddmm_buffer_size %a, %a, %a",
			"t.mlir:2:38: error: unexpected end of input: expected 'into'"},
		{"%a:2 = \"test.defs\"() : () -> (!gpu.sparse.dntensor_handle, !gpu.sparse.spmat_handle)\n%s = \"gpu.sddmm_buffer_size\"(%a#0, %a#0, %a#1) : (!gpu.sparse.dntensor_handle, !gpu.sparse.dntensor_handle, !gpu.sparse.spmat_handle) -> index",
			"t.mlir:2:6: error: 'gpu.sddmm_buffer_size' op requires attribute 'computeType'"},
		{"%a = \"test.def\"() : () -> index\n%h = gpu.create_dn_tensor %a, %a : index into index",
			"t.mlir:2:6: error: 'gpu.create_dn_tensor' op operand #0 must be memref of any type values, but got 'index'"},
		{"%a = \"test.def\"() : () -> index\n%h, %t = gpu.destroy_sp_mat async %a",
			"t.mlir:2:35: error: use of value '%a' expects different type than prior uses: '!gpu.sparse.spmat_handle' vs 'index'"},
		{"%a = \"test.def\"() : () -> !gpu.sparse.spmat_handle\ngpu.destroy_sp_mat async %a",
			"t.mlir:2:20: error: custom op 'gpu.destroy_sp_mat' needs to be named when marked 'async'"},
		{"%a = \"test.def\"() : () -> index\n%h = \"gpu.create_coo\"(%a, %a, %a, %a, %a, %a) : (index, index, index, index, index, index) -> index",
			"t.mlir:2:6: error: 'gpu.create_coo' op operand #3 must be memref of any type values, but got 'index'"},
		{"%a = \"test.def\"() : () -> !gpu.sparse.dntensor_handle\n%h = \"gpu.spmv_buffer_size\"(%a, %a, %a) {computeType = f32, modeA = #gpu<mat_transpose_mode TRANSPOSE>} : (!gpu.sparse.dntensor_handle, !gpu.sparse.dntensor_handle, !gpu.sparse.dntensor_handle) -> index",
			"t.mlir:2:6: error: 'gpu.spmv_buffer_size' op operand #0 must be sparse matrix handle type, but got '!gpu.sparse.dntensor_handle'"},
		{"%a = \"test.def\"() : () -> !gpu.sparse.spmat_handle\n%h = \"gpu.destroy_sp_mat\"(%a) : (!gpu.sparse.spmat_handle) -> index",
			"t.mlir:2:6: error: 'gpu.destroy_sp_mat' op result #0 must be async token type, but got 'index'"},
		{"%a = \"test.def\"() : () -> !gpu.sparse.spmat_handle\n%h = \"gpu.spmv_buffer_size\"(%a, %a, %a) {computeType = f32, modeA = 1 : i32} : (!gpu.sparse.spmat_handle, !gpu.sparse.spmat_handle, !gpu.sparse.spmat_handle) -> index",
			"t.mlir:2:6: error: 'gpu.spmv_buffer_size' op operand #1 must be dense tensor handle type, but got '!gpu.sparse.spmat_handle'"},
		{"gpu.binary @b [#gpu.object<#spirv.resource_limits<>, kernels = #gpu.kernel_table<[#gpu.kernel_metadata<\"k\", () -> ()>, #gpu.kernel_metadata<\"k\", (i32) -> ()>]>, \"x\">]",
			"t.mlir:1:82: error: expected all kernels to be uniquely named"},
		{"gpu.binary @b [#gpu.object<#spirv.resource_limits<>, kernels = #gpu.kernel_table<[1]>, \"x\">]",
			"t.mlir:1:83: error: expected a #gpu.kernel_metadata attribute"},
		{"gpu.binary @b [#gpu.object<#spirv.resource_limits<>, kernels = {}, \"x\">]",
			"t.mlir:1:64: error: expected a #gpu.kernel_table attribute"},
		{"gpu.binary @b [#gpu.object<#spirv.resource_limits<>, kernels = #gpu.kernel_table<[#gpu.kernel_metadata<\"k\", i32>]>, \"x\">]",
			"t.mlir:1:109: error: expected a function type, got 'i32'"},
		{"gpu.binary @b [#gpu.object<#spirv.resource_limits<>, kernels = #gpu.kernel_table<[#gpu.kernel_metadata<\"k\", () -> (), arg_attrs = [1]>]>, \"x\">]",
			"t.mlir:1:131: error: expected an array of dictionaries for 'arg_attrs'"},
		{"gpu.binary @b [#gpu.object<#spirv.resource_limits<>, kernels = #gpu.kernel_table<[#gpu.kernel_metadata<\"k\", () -> (), metadata = []>]>, \"x\">]",
			"t.mlir:1:130: error: expected a dictionary for 'metadata'"},
		{"gpu.binary @b [#gpu.object<#spirv.resource_limits<>, kernels = #gpu.kernel_table<[#gpu.kernel_metadata<\"k\", () -> (), regs = 1>]>, \"x\">]",
			"t.mlir:1:119: error: expected a parameter name in struct"},
	}
	for _, tt := range tests {
		ctx := newContext()
		m, err := ir.Parse(ctx, tt.src, "t.mlir")
		if err == nil {
			err = ir.Verify(m)
		}
		if err == nil {
			t.Errorf("%q: no error, want %s", tt.src, tt.want)
			continue
		}
		got := err.Error()
		if d, ok := err.(*ir.Diagnostic); ok {
			got = strings.TrimSpace(d.Error())
		}
		if !strings.HasPrefix(got, tt.want) {
			t.Errorf("%q:\ngot  %s\nwant %s", tt.src, got, tt.want)
		}
	}
}

// TestMalformedNeverPanics verifies and prints ops whose generic form
// breaks their invariants: each must give a diagnostic, and printing the
// unverified IR must not panic.
func TestMalformedNeverPanics(t *testing.T) {
	srcs := []string{
		`"gpu.thread_id"() : () -> ()`,
		`"gpu.thread_id"() {dimension = 3 : i32} : () -> index`,
		`%0 = "test.def"() : () -> f32` + "\n" + `"gpu.all_reduce"(%0) ({}) : (f32) -> f32`,
		`%0 = "test.def"() : () -> f32` + "\n" + `"gpu.subgroup_reduce"(%0) : (f32) -> f32`,
		`%0 = "test.def"() : () -> f32` + "\n" + `"gpu.shuffle"(%0, %0, %0) : (f32, f32, f32) -> (f32, i1)`,
		`"gpu.launch_func"() : () -> ()`,
		`%0 = "test.def"() : () -> index` + "\n" + `"gpu.launch_func"(%0, %0, %0, %0, %0, %0) <{operandSegmentSizes = array<i32: 0, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0, 0, 0>}> : (index, index, index, index, index, index) -> ()`,
		`"gpu.module"() ({}) : () -> ()`,
		`"gpu.module"() <{sym_name = "m"}> ({` + "\n" + `"gpu.func"() ({}) : () -> ()` + "\n" + `}) : () -> ()`,
		`"gpu.module"() <{sym_name = "m"}> ({` + "\n" + `"gpu.func"() <{function_type = (i32) -> ()}> ({` + "\n" + `^bb0:` + "\n" + `"gpu.return"() : () -> ()` + "\n" + `}) {sym_name = "f"} : () -> ()` + "\n" + `}) : () -> ()`,
		`"gpu.alloc"() : () -> memref<4xf32>`,
		`%0 = "test.def"() : () -> f32` + "\n" + `"gpu.memcpy"(%0) : (f32) -> ()`,
		`"gpu.printf"() : () -> ()`,
		`%0 = "test.def"() : () -> f32` + "\n" + `"gpu.subgroup_broadcast"(%0) : (f32) -> f32`,
		`"gpu.return"() : () -> ()`,
		`"gpu.dynamic_shared_memory"() : () -> memref<?xf32>`,
	}
	for _, src := range srcs {
		ctx := newContext()
		m, err := ir.Parse(ctx, src, "t.mlir")
		if err != nil {
			t.Errorf("%q: parse: %v", src, err)
			continue
		}
		if err := ir.Verify(m); err == nil {
			t.Errorf("%q: verified", src)
		}
		func() {
			defer func() {
				if r := recover(); r != nil {
					t.Errorf("%q: printing panicked: %v", src, r)
				}
			}()
			ir.PrintBytes(m, ir.PrintOptions{})
		}()
	}
}

// TestTruncatedInputNeverPanics parses every prefix of a program.
func TestTruncatedInputNeverPanics(t *testing.T) {
	src := Dialect().Ops[0].Example
	for _, d := range Dialect().Ops {
		src += "\n" + d.Example
	}
	for i := range len(src) {
		func() {
			defer func() {
				if r := recover(); r != nil {
					t.Fatalf("prefix %d panicked: %v\n%s", i, r, src[:i])
				}
			}()
			if m, err := ir.Parse(newContext(), src[:i], "t.mlir"); err == nil {
				_ = ir.Verify(m)
			}
		}()
	}
}

// TestPrintBareOpsNeverPanics prints every op built with no operands,
// results, attributes or regions in custom form.
func TestPrintBareOpsNeverPanics(t *testing.T) {
	for _, d := range Dialect().Ops {
		ctx := newContext()
		m, err := ir.Parse(ctx, `"`+d.Name+`"() : () -> ()`, "t.mlir")
		if err != nil {
			t.Errorf("%s: %v", d.Name, err)
			continue
		}
		func() {
			defer func() {
				if r := recover(); r != nil {
					t.Errorf("%s: printing panicked: %v", d.Name, r)
				}
			}()
			ir.PrintBytes(m, ir.PrintOptions{})
		}()
	}
}

// TestSparseModesPrintUnverified prints sparse ops whose mode attributes
// have the wrong kind (IR that does not verify) in both forms.
func TestSparseModesPrintUnverified(t *testing.T) {
	irtest.CheckParseNoPanic(t, newContext, []string{
		`%a = "test.def"() : () -> !gpu.sparse.spmat_handle` + "\n" +
			`%h = "gpu.spmv_buffer_size"(%a, %a, %a) {computeType = f32, modeA = 1 : i32} : (!gpu.sparse.spmat_handle, !gpu.sparse.spmat_handle, !gpu.sparse.spmat_handle) -> index`,
		`%a = "test.def"() : () -> !gpu.sparse.dntensor_handle` + "\n" +
			`"gpu.sddmm"(%a, %a, %a, %a) {modeB = "x"} : (!gpu.sparse.dntensor_handle, !gpu.sparse.dntensor_handle, !gpu.sparse.dntensor_handle, !gpu.sparse.dntensor_handle) -> ()`,
	})
}
