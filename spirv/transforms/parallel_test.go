package transforms

import (
	"fmt"
	"strings"
	"testing"

	"github.com/kiln-gpu/kiln/ir"
)

// manyFuncs returns a spirv.module of n spirv.func in a target env made of
// vce: entry points with scalar and pointer arguments, some using a
// built-in variable, and, at the positions of helpers, helperFunc's
// functions.
func manyFuncs(vce string, n int, helpers map[int]string) string {
	const buf = "!spirv.ptr<!spirv.struct<(!spirv.rtarray<f32>)>, StorageBuffer>"
	var b strings.Builder
	fmt.Fprintf(&b, "spirv.module Logical GLSL450 attributes {spirv.target_env = #spirv.target_env<%s, #spirv.resource_limits<>>} {\n", vce)
	b.WriteString("  spirv.GlobalVariable @id built_in(\"LocalInvocationId\") : !spirv.ptr<vector<3xi32>, Input>\n")
	// Taken names: two variables are renamed.
	b.WriteString("  spirv.GlobalVariable @k3_arg_0 : !spirv.ptr<i32, Private>\n")
	b.WriteString("  spirv.GlobalVariable @k2_arg_1 : !spirv.ptr<i32, Private>\n")
	for k := range n {
		if kind, ok := helpers[k]; ok {
			b.WriteString(helperFunc(k, kind))
			continue
		}
		abi := func(set, binding int, class string) string {
			return fmt.Sprintf("{spirv.interface_var_abi = #spirv.interface_var_abi<(%d, %d)%s>}", set, binding, class)
		}
		var args []string
		switch k % 3 {
		case 0:
			args = []string{"%a: f32 " + abi(0, 0, ", StorageBuffer"), "%b: " + buf + " " + abi(0, 1, "")}
		case 1:
			args = []string{"%b: " + buf + " " + abi(1, 0, "")}
		case 2:
			args = []string{"%a: i32 " + abi(0, 0, ", Uniform"), "%c: vector<4xf32> " + abi(0, 1, ", StorageBuffer"), "%b: " + buf + " " + abi(0, 2, "")}
		}
		fmt.Fprintf(&b, "  spirv.func @k%d(%s) \"None\"\n      attributes {spirv.entry_point_abi = #spirv.entry_point_abi<workgroup_size = [%d, 1, 1]>} {\n",
			k, strings.Join(args, ", "), 1+k%64)
		if k%4 == 0 {
			b.WriteString("    %id = spirv.mlir.addressof @id : !spirv.ptr<vector<3xi32>, Input>\n")
		}
		b.WriteString("    %c0 = spirv.Constant 0 : i32\n")
		b.WriteString("    %p = spirv.AccessChain %b[%c0, %c0] : " + buf + ", i32, i32\n")
		if k%3 == 0 {
			b.WriteString("    spirv.Store \"StorageBuffer\" %p, %a : f32\n")
		}
		b.WriteString("    spirv.Return\n  }\n")
	}
	b.WriteString("}\n")
	return b.String()
}

// helperFunc returns function @h<k>, whose value type (i64, f16, ...)
// needs a capability, or which holds a group op ("ballot", "elect").
func helperFunc(k int, kind string) string {
	switch kind {
	case "ballot":
		return fmt.Sprintf("  spirv.func @h%d(%%p: i1) -> vector<4xi32> \"None\" {\n    %%0 = spirv.GroupNonUniformBallot <Subgroup> %%p : vector<4xi32>\n    spirv.ReturnValue %%0 : vector<4xi32>\n  }\n", k)
	case "elect":
		return fmt.Sprintf("  spirv.func @h%d() -> i1 \"None\" {\n    %%0 = spirv.GroupNonUniformElect <Subgroup> : i1\n    spirv.ReturnValue %%0 : i1\n  }\n", k)
	}
	add := "IAdd"
	if strings.HasPrefix(kind, "f") {
		add = "FAdd"
	}
	return fmt.Sprintf("  spirv.func @h%d(%%v: %s) -> %s \"None\" {\n    %%0 = spirv.%s %%v, %%v : %s\n    spirv.ReturnValue %%0 : %s\n  }\n",
		k, kind, kind, add, kind, kind)
}

// passOutputs runs spirv-lower-abi-attrs and spirv-update-vce on src, on
// one goroutine (the context's threading off) and then on several, and
// returns each printed result or error text.
func passOutputs(t *testing.T, src string) []string {
	t.Helper()
	var outs []string
	try := func(f func(m *ir.Operation) error, multithreading bool) {
		ctx := newContext()
		ctx.SetMultithreading(multithreading)
		m, err := ir.Parse(ctx, src, "test.mlir")
		if err != nil {
			t.Fatalf("parse: %v", err)
		}
		// The module as the error left it follows the error.
		if err := f(m); err != nil {
			outs = append(outs, err.Error()+"\n"+string(ir.PrintBytes(m, ir.PrintOptions{})))
			return
		}
		if err := ir.Verify(m); err != nil {
			t.Fatalf("verify: %v", err)
		}
		outs = append(outs, string(ir.PrintBytes(m, ir.PrintOptions{})))
	}
	passes := func(m *ir.Operation) error {
		if err := LowerABI(m); err != nil {
			return err
		}
		return DeduceVCE(m)
	}
	try(passes, false)
	try(passes, true)
	// More goroutines than cores, whatever GOMAXPROCS is.
	for _, w := range []int{2, 3, 8} {
		try(func(m *ir.Operation) error {
			if err := eachModule(m, func(m *ir.Operation) error { return lowerABIWith(m, w) }); err != nil {
				return err
			}
			return eachModule(m, func(m *ir.Operation) error { return deduceVCEWith(m, w) })
		}, true)
	}
	for i, out := range outs[1:] {
		if out != outs[0] {
			t.Errorf("run %d differs from the sequential one:\n%s\nwant:\n%s", i+1, out, outs[0])
		}
	}
	return outs
}

func TestParallelPassesMatchSequential(t *testing.T) {
	// The first use of each capability is in a different chunk, in an
	// order that is not the capabilities' own.
	helpers := map[int]string{5: "f64", 21: "i64", 33: "i8", 47: "f16", 58: "i16"}
	out := passOutputs(t, manyFuncs("#spirv.vce<v1.5, [Shader, Int8, Int16, Int64, Float16, Float64], []>", 64, helpers))[0]
	wantAll(t, out,
		"requires #spirv.vce<v1.4, [Int8, Shader, Matrix, Float64, Int64, Float16, Int16], []>",
		"spirv.GlobalVariable @k3_arg_0_1 bind(0, 0) : !spirv.ptr<!spirv.struct<(f32 [0])>, StorageBuffer>",
		"spirv.GlobalVariable @k2_arg_1_1 bind(0, 1) : !spirv.ptr<!spirv.struct<(vector<4xf32> [0])>, StorageBuffer>",
		`spirv.EntryPoint "GLCompute" @k0, @k0_arg_1, @k0_arg_0, @id`,
		`spirv.EntryPoint "GLCompute" @k63, @k63_arg_1, @k63_arg_0`+"\n",
		`spirv.ExecutionMode @k63 "LocalSize", 64, 1, 1`,
	)
	if strings.Contains(out, "spirv.interface_var_abi") || strings.Contains(out, "spirv.entry_point_abi") {
		t.Errorf("ABI attributes left:\n%s", out)
	}
}

func TestParallelFirstErrorMatchesSequential(t *testing.T) {
	lineOf := func(src, s string) int {
		return strings.Count(src[:strings.Index(src, s)], "\n") + 1
	}
	for _, tc := range []struct {
		name, vce string
		helpers   map[int]string
		at, want  string
	}{
		{"capability", "#spirv.vce<v1.5, [Shader], []>", map[int]string{10: "i64", 50: "i16"},
			"spirv.IAdd %v, %v : i64", "'spirv.IAdd' op type i64 needs capability Int64"},
		{"version", "#spirv.vce<v1.0, [Shader, GroupNonUniformBallot], [SPV_KHR_storage_buffer_storage_class]>", map[int]string{10: "elect", 50: "ballot"},
			"spirv.GroupNonUniformElect", "'spirv.GroupNonUniformElect' op opcode OpGroupNonUniformElect needs SPIR-V 1.3"},
		// The first function of the two lacks Float16, the later Int8.
		{"later chunk", "#spirv.vce<v1.5, [Shader, Int64], []>", map[int]string{3: "i64", 40: "f16", 55: "i8"},
			"spirv.FAdd %v, %v : f16", "'spirv.FAdd' op type f16 needs capability Float16"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			src := manyFuncs(tc.vce, 64, tc.helpers)
			got := passOutputs(t, src)[0]
			wantAll(t, got, fmt.Sprintf("test.mlir:%d:", lineOf(src, tc.at)), tc.want)
		})
	}
}

func TestParallelLowerABIFirstError(t *testing.T) {
	src := manyFuncs("#spirv.vce<v1.0, [Shader], [SPV_KHR_storage_buffer_storage_class]>", 64, nil)
	// @k20 and @k54 fail; the first is reported, with the module as a
	// walk in order leaves it.
	src = strings.Replace(src, `%a: f32 {spirv.interface_var_abi = #spirv.interface_var_abi<(0, 0), StorageBuffer>}) "None"
      attributes {spirv.entry_point_abi = #spirv.entry_point_abi<workgroup_size = [55, 1, 1]>}`,
		`%a: f32 {spirv.interface_var_abi = #spirv.interface_var_abi<(0, 0)>}) "None"
      attributes {spirv.entry_point_abi = #spirv.entry_point_abi<workgroup_size = [55, 1, 1]>}`, 1)
	src = strings.Replace(src, `%c: vector<4xf32> {spirv.interface_var_abi = #spirv.interface_var_abi<(0, 1), StorageBuffer>}, %b: !spirv.ptr<!spirv.struct<(!spirv.rtarray<f32>)>, StorageBuffer> {spirv.interface_var_abi = #spirv.interface_var_abi<(0, 2)>}) "None"
      attributes {spirv.entry_point_abi = #spirv.entry_point_abi<workgroup_size = [21, 1, 1]>}`,
		`%c: vector<4xf32>, %b: !spirv.ptr<!spirv.struct<(!spirv.rtarray<f32>)>, StorageBuffer> {spirv.interface_var_abi = #spirv.interface_var_abi<(0, 2)>}) "None"
      attributes {spirv.entry_point_abi = #spirv.entry_point_abi<workgroup_size = [21, 1, 1]>}`, 1)
	got := passOutputs(t, src)[0]
	wantAll(t, got,
		"error: 'spirv.func' op argument #1 has no 'spirv.interface_var_abi' attribute",
		// @k19 is lowered, @k20 has the variable of its first argument.
		`spirv.func @k19() "None"`,
		"spirv.GlobalVariable @k20_arg_0 ",
	)
	for _, no := range []string{"@k20_arg_1", "spirv.EntryPoint", "@k21_arg_0", "@k54_arg_0"} {
		if strings.Contains(got, no) {
			t.Errorf("output has %s:\n%s", no, got)
		}
	}
}

// Without an execution model for the target every function is rewritten
// before the error, which names the first entry point.
func TestParallelLowerABIModelError(t *testing.T) {
	src := manyFuncs("#spirv.vce<v1.0, [Int64], []>", 64, nil)
	got := passOutputs(t, src)[0]
	wantAll(t, got,
		fmt.Sprintf("test.mlir:%d:3: error: 'spirv.func' op lower entry point failure", strings.Count(src[:strings.Index(src, "spirv.func @k0(")], "\n")+1),
		`spirv.func @k63() "None" attributes {spirv.entry_point_abi`,
	)
	if strings.Contains(got, "spirv.EntryPoint") {
		t.Errorf("output has an entry point:\n%s", got)
	}
}
