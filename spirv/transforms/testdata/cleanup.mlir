// The SPIR-V clean-up passes of kiln compile's pipeline, each alone, then all
// of them with the result serialized and checked by spirv-val. The input is
// the lowering of a row-times-vector kernel (scf.for with iter_args) that
// also stores and counts atomically.
// RUN: kiln opt %s --spirv-reuse-input-loads | FileCheck %s --check-prefix=INPUT
// RUN: kiln opt %s --spirv-licm | FileCheck %s --check-prefix=LICM
// RUN: kiln opt %s --spirv-unsigned-loop-compares | FileCheck %s --check-prefix=UNSIGNED
// RUN: kiln opt %s --spirv-decorate-buffer-access | FileCheck %s --check-prefix=ACCESS
// RUN: kiln opt %s --spirv-reuse-input-loads --spirv-licm --spirv-unsigned-loop-compares --cse --spirv-decorate-buffer-access \
// RUN:   | kiln translate --serialize-spirv - -o %t.spv
// RUN: spirv-val --target-env vulkan1.0 %t.spv

// ACCESS-DAG: spirv.GlobalVariable @rowdot_arg_0 bind(0, 0) {non_writable}
// ACCESS-DAG: spirv.GlobalVariable @rowdot_arg_1 bind(0, 1) {non_writable}
// ACCESS-DAG: spirv.GlobalVariable @rowdot_arg_2 bind(0, 2) {non_readable}
// ACCESS-DAG: spirv.GlobalVariable @rowdot_arg_3 bind(0, 3) :
// ACCESS-DAG: spirv.GlobalVariable @__builtin__GlobalInvocationId__ built_in("GlobalInvocationId") :

// INPUT:      %[[ID:.*]] = spirv.Load "Input"
// INPUT-NEXT: %[[X:.*]] = spirv.CompositeExtract %[[ID]][0 : i32]
// INPUT-NOT:  spirv.Load "Input"
// INPUT:      spirv.CompositeExtract %[[ID]][0 : i32]
// INPUT-NOT:  spirv.Load "Input"

// The row offset leaves the loop; the access chains and loads stay.
// LICM:      %[[X:.*]] = spirv.CompositeExtract
// LICM-NEXT: %[[ROW:.*]] = spirv.IMul %[[X]], %cst16_i32 : i32
// LICM-NEXT: spirv.mlir.loop {
// LICM:      ^bb2:
// LICM-NEXT:   %{{.*}} = spirv.IAdd %[[ROW]], %{{.*}} : i32
// LICM-NEXT:   spirv.AccessChain

// UNSIGNED: ^bb1(%[[I:.*]]: i32, %{{.*}}: f32):
// UNSIGNED: spirv.ULessThan %[[I]], %cst16_i32 : i32
// UNSIGNED-NOT: SLessThan
spirv.module @__spv__k Logical GLSL450 requires #spirv.vce<v1.0, [Shader], [SPV_KHR_storage_buffer_storage_class]> {
  spirv.GlobalVariable @__builtin__GlobalInvocationId__ built_in("GlobalInvocationId") : !spirv.ptr<vector<3xi32>, Input>
  spirv.GlobalVariable @rowdot_arg_0 bind(0, 0) : !spirv.ptr<!spirv.struct<(!spirv.array<256 x f32, stride=4> [0])>, StorageBuffer>
  spirv.GlobalVariable @rowdot_arg_1 bind(0, 1) : !spirv.ptr<!spirv.struct<(!spirv.array<16 x f32, stride=4> [0])>, StorageBuffer>
  spirv.GlobalVariable @rowdot_arg_2 bind(0, 2) : !spirv.ptr<!spirv.struct<(!spirv.array<16 x f32, stride=4> [0])>, StorageBuffer>
  spirv.GlobalVariable @rowdot_arg_3 bind(0, 3) : !spirv.ptr<!spirv.struct<(!spirv.array<4 x i32, stride=4> [0])>, StorageBuffer>
  spirv.func @rowdot() "None" {
    %cst_f32 = spirv.Constant 0.000000e+00 : f32
    %cst16_i32 = spirv.Constant 16 : i32
    %cst1_i32 = spirv.Constant 1 : i32
    %cst0_i32 = spirv.Constant 0 : i32
    %0 = spirv.mlir.addressof @rowdot_arg_0 : !spirv.ptr<!spirv.struct<(!spirv.array<256 x f32, stride=4> [0])>, StorageBuffer>
    %1 = spirv.mlir.addressof @rowdot_arg_1 : !spirv.ptr<!spirv.struct<(!spirv.array<16 x f32, stride=4> [0])>, StorageBuffer>
    %2 = spirv.mlir.addressof @rowdot_arg_2 : !spirv.ptr<!spirv.struct<(!spirv.array<16 x f32, stride=4> [0])>, StorageBuffer>
    %3 = spirv.mlir.addressof @rowdot_arg_3 : !spirv.ptr<!spirv.struct<(!spirv.array<4 x i32, stride=4> [0])>, StorageBuffer>
    %4 = spirv.Variable : !spirv.ptr<f32, Function>
    %5 = spirv.mlir.addressof @__builtin__GlobalInvocationId__ : !spirv.ptr<vector<3xi32>, Input>
    %6 = spirv.Load "Input" %5 : vector<3xi32>
    %7 = spirv.CompositeExtract %6[0 : i32] : vector<3xi32>
    spirv.mlir.loop {
      spirv.Branch ^bb1(%cst0_i32, %cst_f32 : i32, f32)
    ^bb1(%15: i32, %16: f32):  // 2 preds: ^bb0, ^bb3
      spirv.Store "Function" %4, %16 : f32
      %17 = spirv.SLessThan %15, %cst16_i32 : i32
      spirv.BranchConditional %17, ^bb2, ^bb4
    ^bb2:  // pred: ^bb1
      %18 = spirv.IMul %7, %cst16_i32 : i32
      %19 = spirv.IAdd %18, %15 : i32
      %20 = spirv.AccessChain %0[%cst0_i32, %19] : !spirv.ptr<!spirv.struct<(!spirv.array<256 x f32, stride=4> [0])>, StorageBuffer>, i32, i32
      %21 = spirv.Load "StorageBuffer" %20 : f32
      %22 = spirv.AccessChain %1[%cst0_i32, %15] : !spirv.ptr<!spirv.struct<(!spirv.array<16 x f32, stride=4> [0])>, StorageBuffer>, i32, i32
      %23 = spirv.Load "StorageBuffer" %22 : f32
      %24 = spirv.FMul %21, %23 : f32
      %25 = spirv.FAdd %16, %24 : f32
      spirv.Branch ^bb3(%25 : f32)
    ^bb3(%26: f32):  // pred: ^bb2
      %27 = spirv.IAdd %15, %cst1_i32 : i32
      spirv.Branch ^bb1(%27, %26 : i32, f32)
    ^bb4:  // pred: ^bb1
      spirv.mlir.merge
    }
    %8 = spirv.Load "Function" %4 : f32
    %9 = spirv.mlir.addressof @__builtin__GlobalInvocationId__ : !spirv.ptr<vector<3xi32>, Input>
    %10 = spirv.Load "Input" %9 : vector<3xi32>
    %11 = spirv.CompositeExtract %10[0 : i32] : vector<3xi32>
    %12 = spirv.AccessChain %2[%cst0_i32, %11] : !spirv.ptr<!spirv.struct<(!spirv.array<16 x f32, stride=4> [0])>, StorageBuffer>, i32, i32
    spirv.Store "StorageBuffer" %12, %8 : f32
    %13 = spirv.AccessChain %3[%cst0_i32, %cst0_i32] : !spirv.ptr<!spirv.struct<(!spirv.array<4 x i32, stride=4> [0])>, StorageBuffer>, i32, i32
    %14 = spirv.AtomicIAdd <Device> <None> %13, %cst1_i32 : !spirv.ptr<i32, StorageBuffer>
    spirv.Return
  }
  spirv.EntryPoint "GLCompute" @rowdot, @__builtin__GlobalInvocationId__
  spirv.ExecutionMode @rowdot "LocalSize", 16, 1, 1
}
