// RUN: kiln opt %s --split-input-file --convert-ub-to-spirv | FileCheck %s
// RUN: kiln opt %s --split-input-file --convert-to-spirv | FileCheck %s --check-prefix=ALL

// ub.poison becomes spirv.Undef of the converted type (MLIR's UBToSPIRV).

module attributes {spirv.target_env = #spirv.target_env<#spirv.vce<v1.0, [Shader], []>, #spirv.resource_limits<>>} {
// CHECK-LABEL: func.func @poison
// CHECK: %[[A:.*]] = spirv.Undef : i32
// CHECK: %[[B:.*]] = spirv.Undef : vector<4xf32>
// CHECK: %[[C:.*]] = spirv.Undef : i32
// ALL-LABEL: spirv.func @poison
// ALL-COUNT-3: spirv.Undef
func.func @poison() {
  %0 = ub.poison : i32
  %1 = ub.poison : vector<4xf32>
  %2 = ub.poison : index
  return
}
}

// -----

module attributes {spirv.target_env = #spirv.target_env<#spirv.vce<v1.0, [Shader], []>, #spirv.resource_limits<>>} {
// ALL-LABEL: spirv.func @add_poison
// ALL: %[[U:.*]] = spirv.Undef : i32
// ALL: spirv.IAdd %{{.*}}, %[[U]] : i32
func.func @add_poison(%arg0: i32) -> i32 {
  %0 = ub.poison : i32
  %1 = arith.addi %arg0, %0 : i32
  return %1 : i32
}
}
