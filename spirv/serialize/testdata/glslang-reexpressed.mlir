// glslang's binaries (testdata/glsl, see gen.sh) whose shapes the spirv
// dialect cannot say as they are, read back re-expressed. TestGlslang
// round-trips and validates them, TestGlslangOnVulkan runs them.

// Buffer references to structs that point at each other, through
// OpTypeForwardPointer: identified structs.
// RUN: kiln translate --deserialize-spirv "$(dirname %s)/glsl/bufref.spv" --no-implicit-module | FileCheck %s --check-prefix=BUFREF
// BUFREF: spirv.GlobalVariable @r bind(0, 0) : !spirv.ptr<!spirv.struct<Root, (!spirv.ptr<!spirv.struct<A, (!spirv.ptr<!spirv.struct<B, (!spirv.ptr<!spirv.struct<A>, PhysicalStorageBuffer> [0], si32 [8]), Block>, PhysicalStorageBuffer> [0], si32 [8]), Block>, PhysicalStorageBuffer> [0], !spirv.ptr<!spirv.struct<Node, (!spirv.ptr<!spirv.struct<Node>, PhysicalStorageBuffer> [0], si32 [8]), Block>, PhysicalStorageBuffer> [8], si32 [16]), Block>, StorageBuffer>

// OpExecutionModeId LocalSizeId of constants is LocalSize.
// RUN: kiln translate --deserialize-spirv "$(dirname %s)/glsl/localsizeid.spv" --no-implicit-module | FileCheck %s --check-prefix=LSID
// LSID: spirv.module Logical GLSL450 requires #spirv.vce<v1.6, [Shader], []>
// LSID-NOT: LocalSizeId
// LSID: spirv.ExecutionMode @main "LocalSize", 8, 2, 1

// With a spec constant, LocalSize takes its default value and a spec
// constant composite decorated WorkgroupSize the spec constant itself.
// RUN: kiln translate --deserialize-spirv "$(dirname %s)/glsl/localsizeid_spec.spv" --no-implicit-module | FileCheck %s --check-prefix=SPEC
// SPEC-DAG: spirv.SpecConstant @[[Y:spirv_spec_const_8]] spec_id(3) = 1 : i32
// SPEC-DAG: spirv.SpecConstant @[[X:[a-z_0-9]+]] = 8 : i32
// SPEC-DAG: spirv.SpecConstant @[[Z:[a-z_0-9]+]] = 1 : i32
// SPEC-DAG: spirv.SpecConstantComposite @spirv_workgroup_size_main (@[[X]], @[[Y]], @[[Z]]) : vector<3xi32> {built_in = "WorkgroupSize"}
// SPEC-DAG: spirv.ExecutionMode @main "LocalSize", 8, 1, 1

// A default that falls through into case 2: in the chain of tests, the
// default's (none of the case values) comes right before case 2's, which
// takes the default's values too; case 3, which case 2 falls into, ends
// the chain untested.
// RUN: kiln translate --deserialize-spirv "$(dirname %s)/glsl/fallthrough2.spv" --no-implicit-module | FileCheck %s --check-prefix=FT
// FT-LABEL: spirv.func @main
// FT:         %[[SEL:.*]] = spirv.BitwiseAnd %{{.*}}, %cst7_si32 : si32
// FT:         spirv.mlir.loop {
// FT:           spirv.IEqual %[[SEL]], %cst1_si32 : si32
// FT:           spirv.IEqual %[[SEL]], %cst4_si32 : si32
// FT:           %[[N1:.*]] = spirv.INotEqual %[[SEL]], %{{.*}} : si32
// FT:           %[[N2:.*]] = spirv.INotEqual %[[SEL]], %{{.*}} : si32
// FT-NEXT:      %[[A1:.*]] = spirv.LogicalAnd %[[N1]], %[[N2]] : i1
// FT:           %[[A2:.*]] = spirv.LogicalAnd %[[A1]], %{{.*}} : i1
// FT:           %[[DFLT:.*]] = spirv.LogicalAnd %[[A2]], %{{.*}} : i1
// FT:           spirv.mlir.selection {
// FT-NEXT:        spirv.BranchConditional %[[DFLT]], ^bb1, ^bb3
// FT:             spirv.Constant 100 : si32
// FT:           %[[IS2:.*]] = spirv.IEqual %[[SEL]], %cst2_si32{{.*}} : si32
// FT:           %[[CASE2:.*]] = spirv.LogicalOr %[[IS2]], %{{.*}} : i1
// FT:           spirv.mlir.selection {
// FT-NEXT:        spirv.BranchConditional %[[CASE2]], ^bb1, ^bb2
// FT:             spirv.Constant 3 : si32
// FT:           spirv.Constant 2 : si32
// FT-NEXT:      spirv.IMul
