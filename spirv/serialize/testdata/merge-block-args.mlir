// RUN: kiln translate --no-implicit-module --serialize-spirv %s -o %t.spv
// RUN: spirv-val %t.spv
// RUN: spirv-dis %t.spv | FileCheck %s
// RUN: kiln translate --no-implicit-module --test-spirv-roundtrip %s | FileCheck %s --check-prefix=BACK

// Arguments of a selection's or a loop's merge block are its OpPhi, each
// with the value a branch to the merge block passes and the label of the
// block that branch ends; the construct's results are the values its
// spirv.mlir.merge yields. Read back, the OpPhi is MLIR's Function
// variable, stored on each edge into the merge block.

// CHECK:      %select = OpFunction
// CHECK:      OpBranch %[[HDR:[0-9]+]]
// CHECK-NEXT: %[[HDR]] = OpLabel
// CHECK-NEXT: OpSelectionMerge %[[M:[0-9]+]] None
// CHECK-NEXT: OpBranchConditional %{{[0-9]+}} %[[THEN:[0-9]+]] %[[M]]
// CHECK-NEXT: %[[THEN]] = OpLabel
// CHECK-NEXT: %[[S:[0-9]+]] = OpIAdd %uint
// CHECK-NEXT: OpBranch %[[M]]
// CHECK-NEXT: %[[M]] = OpLabel
// CHECK-NEXT: %[[R:[0-9]+]] = OpPhi %uint %{{[0-9]+}} %[[HDR]] %[[S]] %[[THEN]]
// CHECK-NEXT: OpReturnValue %[[R]]

// CHECK:      %loop = OpFunction
// CHECK:      OpBranch %[[LH:[0-9]+]]
// CHECK-NEXT: %[[LH]] = OpLabel
// CHECK-NEXT: %[[I:[0-9]+]] = OpPhi %uint
// CHECK:      OpLoopMerge %[[LM:[0-9]+]]
// CHECK-NEXT: OpBranchConditional %{{[0-9]+}} %{{[0-9]+}} %[[LM]]
// CHECK:      %[[LM]] = OpLabel
// CHECK-NEXT: %[[X:[0-9]+]] = OpPhi %uint %[[I]] %[[LH]]
// CHECK-NEXT: OpReturnValue %[[X]]
// BACK-LABEL: spirv.func @select
// BACK:        %[[V:.*]] = spirv.Variable : !spirv.ptr<i32, Function>
// BACK:        spirv.Store "Function" %[[V]], %arg1 : i32
// BACK:        spirv.mlir.selection {
// BACK:          %[[S:.*]] = spirv.IAdd %arg1, %arg1 : i32
// BACK-NEXT:     spirv.Store "Function" %[[V]], %[[S]] : i32
// BACK:        %[[R:.*]] = spirv.Load "Function" %[[V]] : i32
// BACK-NEXT:   spirv.ReturnValue %[[R]] : i32
spirv.module Logical GLSL450 requires #spirv.vce<v1.0, [Shader, Linkage], []> {
  spirv.func @select(%c: i1, %a: i32) -> i32 "None" {
    %r = spirv.mlir.selection -> i32 {
      spirv.BranchConditional %c, ^bb1, ^bb2(%a : i32)
    ^bb1:
      %s = spirv.IAdd %a, %a : i32
      spirv.Branch ^bb2(%s : i32)
    ^bb2(%m: i32):
      spirv.mlir.merge %m : i32
    }
    spirv.ReturnValue %r : i32
  }
  spirv.func @loop(%n: i32) -> i32 "None" {
    %c0 = spirv.Constant 0 : i32
    %c1 = spirv.Constant 1 : i32
    %r = spirv.mlir.loop -> i32 {
      spirv.Branch ^bb1(%c0 : i32)
    ^bb1(%i: i32):
      %lt = spirv.SLessThan %i, %n : i32
      spirv.BranchConditional %lt, ^bb2, ^bb3(%i : i32)
    ^bb2:
      %j = spirv.IAdd %i, %c1 : i32
      spirv.Branch ^bb1(%j : i32)
    ^bb3(%x: i32):
      spirv.mlir.merge %x : i32
    }
    spirv.ReturnValue %r : i32
  }
}
