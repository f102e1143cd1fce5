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
// An arith.addi of poison folds to poison, so a compare (which does not)
// carries the poison operand into the conversion.
// ALL-LABEL: spirv.func @cmp_poison
// ALL: %[[U:.*]] = spirv.Undef : i32
// ALL: spirv.IEqual %{{.*}}, %[[U]] : i32
func.func @cmp_poison(%arg0: i32) -> i1 {
  %0 = ub.poison : i32
  %1 = arith.cmpi eq, %arg0, %0 : i32
  return %1 : i1
}
}

// -----

// ub.unreachable becomes spirv.Unreachable (MLIR's UBToSPIRV). The block is
// only dynamically unreachable: a branch leads to it, so the conversion
// visits it.
module attributes {spirv.target_env = #spirv.target_env<#spirv.vce<v1.0, [Shader], []>, #spirv.resource_limits<>>} {
// CHECK-LABEL: func.func @unreachable
// CHECK: cf.cond_br %{{.*}}, ^[[BB1:.*]], ^[[BB2:.*]]
// CHECK: ^[[BB1]]:
// CHECK-NEXT: spirv.Unreachable
// CHECK: ^[[BB2]]:
// CHECK-NEXT: return
// Kiln's convert-to-spirv structures the branch; the block keeps its
// spirv.Unreachable in its selection.
// ALL-LABEL: spirv.func @unreachable
// ALL: spirv.mlir.selection
// ALL: spirv.mlir.selection
// ALL: spirv.BranchConditional %{{.*}}, ^[[BB1:.*]], ^[[BB2:.*]]
// ALL-NEXT: ^[[BB1]]:
// ALL-NEXT: spirv.Unreachable
// ALL-NEXT: ^[[BB2]]:
// ALL-NEXT: spirv.mlir.merge
func.func @unreachable(%c: i1) {
  cf.cond_br %c, ^bb1, ^bb2
^bb1:
  ub.unreachable
^bb2:
  return
}
}
