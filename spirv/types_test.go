package spirv

import (
	"testing"

	"github.com/kiln-gpu/kiln/ir"
)

func TestTypesRoundTrip(t *testing.T) {
	ctx := ir.NewContext(Dialect())
	for _, src := range []string{
		"!spirv.ptr<i32, StorageBuffer>",
		"!spirv.ptr<!spirv.struct<(!spirv.rtarray<f32, stride=4> [0])>, StorageBuffer>",
		"!spirv.array<4 x f32, stride=4>",
		"!spirv.array<16 x vector<4xf16>>",
		"!spirv.rtarray<i32>",
		"!spirv.struct<()>",
		"!spirv.struct<(f32 [0], i32 [4, NonWritable])>",
		"!spirv.struct<(f32 [NonWritable], i32)>",
		"!spirv.struct<(f32 [0, NonWritable], !spirv.matrix<3 x vector<3xf32>> [16, ColMajor, MatrixStride=16])>",
		"!spirv.struct<node, (i32, !spirv.ptr<!spirv.struct<node>, StorageBuffer>)>",
		"!spirv.struct<empty, ()>",
		"!spirv.struct<(f32), Block>",
		"!spirv.struct<(f32 [0], i32 [4, NonWritable]), Block, Location=2>",
		"!spirv.struct<blk, (f32, !spirv.ptr<!spirv.struct<blk>, StorageBuffer>), BufferBlock>",
		"!spirv.ptr<!spirv.struct<(), Block>, StorageBuffer>",
		"!spirv.matrix<4 x vector<4xf32>>",
		"!spirv.coopmatrix<8x16xf32, Subgroup, MatrixA>",
		"!spirv.image<f32, Dim2D, NoDepth, NonArrayed, SingleSampled, SamplerUnknown, Rgba8>",
		"!spirv.sampled_image<!spirv.image<f32, Buffer, NoDepth, NonArrayed, SingleSampled, NeedSampler, Unknown>>",
		"!spirv.sampler",
	} {
		ty, err := ir.ParseTypeString(ctx, src)
		if err != nil {
			t.Errorf("%s: %v", src, err)
			continue
		}
		if got := ir.TypeString(ty); got != src {
			t.Errorf("round trip: got %s, want %s", got, src)
		}
	}
	old, err := ir.ParseTypeString(ctx, "!spv.ptr<f32, Workgroup>")
	if err != nil || ir.TypeString(old) != "!spirv.ptr<f32, Workgroup>" {
		t.Errorf("spv prefix: %v %v", old, err)
	}
}

func TestAttrsRoundTrip(t *testing.T) {
	ctx := ir.NewContext(Dialect())
	for _, c := range []struct{ in, want string }{
		{"#spirv.vce<v1.0, [Shader], [SPV_KHR_storage_buffer_storage_class]>", ""},
		{"#spirv.vce<v1.5, [Shader, Int8, Float16], []>", ""},
		// The SPIRV_ spelling MLIR's extensions had after the 2022 rename.
		{"#spirv.vce<v1.0, [JointMatrixINTEL], [SPIRV_INTEL_joint_matrix, SPIRV_KHR_storage_buffer_storage_class]>",
			"#spirv.vce<v1.0, [JointMatrixINTEL], [SPV_INTEL_joint_matrix, SPV_KHR_storage_buffer_storage_class]>"},
		{"#spirv.resource_limits<>", ""},
		{"#spirv.resource_limits<max_compute_workgroup_size = [128, 128, 64], subgroup_size = 16>",
			"#spirv.resource_limits<subgroup_size = 16>"},
		{"#spirv.target_env<#spirv.vce<v1.0, [Shader], []>, #spirv.resource_limits<>>", ""},
		{"#spirv.target_env<#spirv.vce<v1.3, [Shader, GroupNonUniform], [SPV_KHR_storage_buffer_storage_class]>, api=Vulkan, NVIDIA:DiscreteGPU:8, #spirv.resource_limits<max_compute_workgroup_invocations = 1024, max_compute_workgroup_size = [1024, 1024, 64], min_subgroup_size = 32, max_subgroup_size = 32>>", ""},
		{"#spirv.target_env<#spirv.vce<v1.0, [Shader], []>, api=OpenCL, Intel, #spirv.resource_limits<>>", ""},
		{"#spirv.entry_point_abi<workgroup_size = [32, 4, 1]>", ""},
		{"#spirv.entry_point_abi<local_size = dense<[32, 4, 1]> : vector<3xi32>>", "#spirv.entry_point_abi<workgroup_size = [32, 4, 1]>"},
		{"#spirv.entry_point_abi<workgroup_size = [64, 1, 1], subgroup_size = 32, target_width = 32>", ""},
		{"#spirv.entry_point_abi<>", ""},
		{"#spirv.interface_var_abi<(0, 1), StorageBuffer>", ""},
		{"#spirv.interface_var_abi<(1, 2)>", ""},
		{"#spirv.storage_class<StorageBuffer>", ""},
		{"#spirv.function_control<Inline>", ""},
		{"#spirv.memory_access<Volatile|Aligned>", ""},
		{"#spirv.decoration<RelaxedPrecision>", ""},
		{"#spirv.scope<Workgroup>", ""},
		{"#spirv.memory_semantics<AcquireRelease|UniformMemory>", ""},
		{"#spirv.group_operation<Reduce>", ""},
		{"#spirv.built_in<GlobalInvocationId>", ""},
		{"#spirv.linkage_attributes<linkage_name = outside, linkage_type = <Import>>",
			"#spirv.linkage_attributes<linkage_name = \"outside\", linkage_type = <Import>>"},
		{"#spirv.linkage_attributes<linkage_name = \"a-b\", linkage_type = <Export>>", ""},
		{"#spirv.memory_semantics<None>", ""},
		{"#spv.storage_class<Workgroup>", "#spirv.storage_class<Workgroup>"},
		{"#spirv.coop_matrix_props_nv<m_size = 8, n_size = 8, k_size = 32, a_type = i8, b_type = i8, c_type = i32, result_type = i32, scope = <Subgroup>>", ""},
		{"#spirv.cache_control_load_intel<cache_level = 2, load_cache_control = InvalidateAfterR>", ""},
		{"#spirv.cache_control_store_intel<store_cache_control = WriteBack, cache_level = 0>", "#spirv.cache_control_store_intel<cache_level = 0, store_cache_control = WriteBack>"},
		{"#spirv.matrix_layout<PackedA>", ""},
		{"#spirv.coop_matrix_props_khr<m_size = 16, n_size = 16, k_size = 16, a_type = f16, b_type = f16, c_type = f32, result_type = f32, acc_sat = true, scope = #spirv.scope<Subgroup>>",
			"#spirv.coop_matrix_props_khr<m_size = 16, n_size = 16, k_size = 16, a_type = f16, b_type = f16, c_type = f32, result_type = f32, acc_sat = true, scope = <Subgroup>>"},
	} {
		a, err := ir.ParseAttrString(ctx, c.in)
		if err != nil {
			t.Errorf("%s: %v", c.in, err)
			continue
		}
		want := c.want
		if want == "" {
			want = c.in
		}
		if got := ir.AttrString(a); got != want {
			t.Errorf("round trip: got %s, want %s", got, want)
		}
	}
}

func TestTypeErrors(t *testing.T) {
	ctx := ir.NewContext(Dialect())
	for _, c := range []struct{ in, want string }{
		{"!spirv.ptr<i32, Bogus>", "unknown storage class: Bogus"},
		{"!spirv.array<0 x f32>", "expected array length greater than 0"},
		{"!spirv.array<4 x tf32>", "cannot use 'tf32' to compose SPIR-V types"},
		{"!spirv.array<4 x i7>", "only 1/8/16/32/64-bit integer type allowed but found 'i7'"},
		{"!spirv.rtarray<f32, stride=0>", "ArrayStride must be greater than zero"},
		{"!spirv.struct<s>", "recursive struct reference not nested in struct definition"},
		{"!spirv.struct<(f32 [0], i32)>", "offset specification must be given for all members"},
		{"!spirv.struct<(f32), Bogus>", "1:22: error: unknown decoration: Bogus"},
		{"!spirv.struct<(f32), Block=>", "1:28: error: expected integer value"},
		{"!spirv.struct<(f32) Block>", "1:20: error: expected '>'"},
		{"!spirv.matrix<5 x vector<4xf32>>", "matrix is expected to have 2, 3, or 4 columns"},
		{"!spirv.matrix<3 x vector<4xi32>>", "matrix columns' elements must be of Float type, got 'i32'"},
		{"!spirv.foo", "unknown SPIR-V type: foo"},
		{"!spirv.jointmatrix<8xi32, RowMajor, Subgroup>", "1:20: error: expected row and column count"},
		{"!spirv.jointmatrix<8x8xi32, Diagonal, Subgroup>", "unknown attribute: 'Diagonal'"},
		{"!spirv.jointmatrix<8x8xi32, RowMajor, Galaxy>", "unknown scope: Galaxy"},
	} {
		_, err := ir.ParseTypeString(ctx, c.in)
		if err == nil || !contains(err.Error(), c.want) {
			t.Errorf("%s: got %v, want %q", c.in, err, c.want)
		}
	}
}

func TestAttrErrors(t *testing.T) {
	ctx := ir.NewContext(Dialect())
	for _, c := range []struct{ in, want string }{
		{"#spirv.coop_matrix_props_nv<m_size = 8>", "1:28: error: struct is missing required parameter: n_size"},
		{"#spirv.coop_matrix_props_nv<m_size = 8, acc_sat = true>", "1:41: error: struct has no parameter named 'acc_sat'"},
		{"#spirv.coop_matrix_props_khr<m_size = 8, m_size = 8>", "1:42: error: duplicate parameter 'm_size'"},
		{"#spirv.coop_matrix_props_khr<scope = <Bogus>>", "failed to parse SPIRV_ScopeAttr parameter 'value' which is to be a `::mlir::spirv::Scope`"},
		{"#spirv.vce<v1.0, [Shader], [SPV_KHR_storage_buffer_storage_class, SPIRV_Something]>", "1:67: error: unknown extension: SPIRV_Something"},
		{"#spirv.cache_control_load_intel<cache_level = 0>", "1:32: error: struct is missing required parameter: load_cache_control"},
		{"#spirv.cache_control_load_intel<cache_level = 0, store_cache_control = WriteBack>", "1:50: error: struct has no parameter named 'store_cache_control'"},
		{"#spirv.cache_control_store_intel<cache_level = 0, store_cache_control = Cached>", "unknown attribute: 'Cached'"},
	} {
		_, err := ir.ParseAttrString(ctx, c.in)
		if err == nil || !contains(err.Error(), c.want) {
			t.Errorf("%s: got %v, want %q", c.in, err, c.want)
		}
	}
}

func TestSizeInBytes(t *testing.T) {
	ctx := ir.NewContext(Dialect())
	for _, c := range []struct {
		src  string
		size int64
		ok   bool
	}{
		{"f16", 2, true},
		{"vector<3xf32>", 12, true},
		{"!spirv.array<4 x f32>", 16, true},
		{"!spirv.array<4 x f32, stride=16>", 64, true},
		{"!spirv.struct<(f32 [0], vector<3xf32> [16])>", 28, true},
		{"!spirv.struct<(f32, i64)>", 12, true},
		{"!spirv.matrix<3 x vector<3xf32>>", 36, true},
		{"!spirv.rtarray<f32>", 0, false},
		{"i1", 0, false},
	} {
		ty, err := ir.ParseTypeString(ctx, c.src)
		if err != nil {
			t.Fatal(err)
		}
		if size, ok := SizeInBytes(ty); size != c.size || ok != c.ok {
			t.Errorf("SizeInBytes(%s) = %d, %v; want %d, %v", c.src, size, ok, c.size, c.ok)
		}
	}
}

// Capability 4434 prints as MLIR spells it, StorageUniform16; the grammar's
// UniformAndStorageBuffer16BitAccess still reads.
func TestStorageUniform16Spelling(t *testing.T) {
	ctx := ir.NewContext(Dialect())
	for _, in := range []string{"#spirv.vce<v1.0, [StorageUniform16], []>", "#spirv.vce<v1.0, [UniformAndStorageBuffer16BitAccess], []>"} {
		a, err := ir.ParseAttrString(ctx, in)
		if err != nil {
			t.Fatalf("%s: %v", in, err)
		}
		if got := ir.AttrString(a); got != "#spirv.vce<v1.0, [StorageUniform16], []>" {
			t.Errorf("%s prints %s", in, got)
		}
	}
}
