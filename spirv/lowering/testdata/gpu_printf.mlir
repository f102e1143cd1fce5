// RUN: kiln opt %s --split-input-file --convert-gpu-to-spirv | FileCheck %s

// gpu.printf becomes spirv.CL.printf (MLIR's GPUPrintfConversion): the
// NUL-terminated format string is a Constant UniformConstant global
// initialized by one i8 spec constant per byte, at the start of the
// spirv.module; each printf gets fresh names. TestOpenCLKernelsValidate runs
// spirv-val on this file's kernels.
module attributes {gpu.container_module, spirv.target_env = #spirv.target_env<#spirv.vce<v1.0, [Addresses, Int8, Kernel], []>, #spirv.resource_limits<>>} {
  gpu.module @kernels {
    // CHECK: spirv.module @__spv__kernels Physical32 OpenCL
    // CHECK-NEXT: spirv.SpecConstant @printfMsg1_sc0 = 37 : i8
    // CHECK-NEXT: spirv.SpecConstant @printfMsg1_sc1 = 100 : i8
    // CHECK-NEXT: spirv.SpecConstant @printfMsg1_sc2 = 0 : i8
    // CHECK-NEXT: spirv.SpecConstantComposite @printfMsg1_scc (@printfMsg1_sc0, @printfMsg1_sc1, @printfMsg1_sc2) : !spirv.array<3 x i8>
    // CHECK-NEXT: spirv.GlobalVariable @printfMsg1 initializer(@printfMsg1_scc) {Constant} : !spirv.ptr<!spirv.array<3 x i8>, UniformConstant>
    // CHECK-NEXT: spirv.SpecConstant @printfMsg0_sc0 = 10 : i8
    // CHECK-NEXT: spirv.SpecConstant @printfMsg0_sc1 = 72 : i8
    // CHECK-NEXT: spirv.SpecConstant @printfMsg0_sc2 = 105 : i8
    // CHECK-NEXT: spirv.SpecConstant @printfMsg0_sc3 = -61 : i8
    // CHECK-NEXT: spirv.SpecConstant @printfMsg0_sc4 = -87 : i8
    // CHECK-NEXT: spirv.SpecConstant @printfMsg0_sc5 = 10 : i8
    // CHECK-NEXT: spirv.SpecConstant @printfMsg0_sc6 = 0 : i8
    // CHECK-NEXT: spirv.SpecConstantComposite @printfMsg0_scc ({{.*}}) : !spirv.array<7 x i8>
    // CHECK-NEXT: spirv.GlobalVariable @printfMsg0 initializer(@printfMsg0_scc) {Constant} : !spirv.ptr<!spirv.array<7 x i8>, UniformConstant>
    // CHECK-LABEL: spirv.func @hello
    // CHECK: %[[ADDR:.*]] = spirv.mlir.addressof @printfMsg0 : !spirv.ptr<!spirv.array<7 x i8>, UniformConstant>
    // CHECK-NEXT: %[[FMT:.*]] = spirv.Bitcast %[[ADDR]] : !spirv.ptr<!spirv.array<7 x i8>, UniformConstant> to !spirv.ptr<i8, UniformConstant>
    // CHECK-NEXT: %{{.*}} = spirv.CL.printf %[[FMT]] : !spirv.ptr<i8, UniformConstant> -> i32
    // CHECK: %[[ADDR1:.*]] = spirv.mlir.addressof @printfMsg1 : !spirv.ptr<!spirv.array<3 x i8>, UniformConstant>
    // CHECK-NEXT: %[[FMT1:.*]] = spirv.Bitcast %[[ADDR1]]
    // CHECK-NEXT: %{{.*}} = spirv.CL.printf %[[FMT1]] %{{.*}} : !spirv.ptr<i8, UniformConstant>, i32 -> i32
    // CHECK-NEXT: spirv.Return
    gpu.func @hello(%n: i32) kernel attributes {spirv.entry_point_abi = #spirv.entry_point_abi<workgroup_size = [1, 1, 1]>} {
      gpu.printf "\nHi\C3\A9\n"
      gpu.printf "%d", %n : i32
      gpu.return
    }
  }
}

// -----

// The arguments convert as the op's other operands do: an index is the
// target's i32.
module attributes {gpu.container_module, spirv.target_env = #spirv.target_env<#spirv.vce<v1.0, [Addresses, Int8, Kernel], []>, #spirv.resource_limits<>>} {
  gpu.module @kernels {
    // CHECK-LABEL: spirv.func @args
    // CHECK: %[[X:.*]] = spirv.CompositeExtract %{{.*}}[0 : i32] : vector<3xi32>
    // CHECK: spirv.CL.printf %{{.*}} %{{.*}}, %{{.*}}, %[[X]] : !spirv.ptr<i8, UniformConstant>, i32, f32, i32 -> i32
    gpu.func @args(%a: i32, %b: f32) kernel attributes {spirv.entry_point_abi = #spirv.entry_point_abi<workgroup_size = [1, 1, 1]>} {
      %x = gpu.thread_id x
      gpu.printf "%d %f %d\n", %a, %b, %x : i32, f32, index
      gpu.return
    }
  }
}
