// spirv-ssa-selection-results (Kiln only): the Function variables through
// which convert-scf-to-spirv passes scf.if's results (a store at the end of
// each case, a load after the construct) become arguments of the merge
// block and results of spirv.mlir.selection; a case left with only its
// branch to the merge block goes, the header branching there itself. The
// result serializes to the merge block's OpPhi and passes spirv-val.
// RUN: kiln opt %s --spirv-ssa-selection-results | FileCheck %s
// RUN: kiln opt %s --spirv-ssa-selection-results | kiln translate --serialize-spirv - -o %t.spv
// RUN: spirv-val %t.spv
// RUN: spirv-dis %t.spv | FileCheck %s --check-prefix=SPV

// An else that yields a value from before the if: the header passes it.
// CHECK-LABEL: spirv.func @if_else
// CHECK-NOT:   spirv.Variable
// CHECK:       %[[R:.*]] = spirv.mlir.selection -> f32 {
// CHECK-NEXT:    spirv.BranchConditional %{{.*}}, ^bb1, ^bb2(%arg1 : f32)
// CHECK-NEXT:  ^bb1:
// CHECK-NEXT:    %[[S:.*]] = spirv.FAdd %arg1, %arg2 : f32
// CHECK-NEXT:    spirv.Branch ^bb2(%[[S]] : f32)
// CHECK-NEXT:  ^bb2(%[[M:.*]]: f32):
// CHECK-NEXT:    spirv.mlir.merge %[[M]] : f32
// CHECK-NEXT:  }
// CHECK-NEXT:  %[[D:.*]] = spirv.FMul %[[R]], %[[R]] : f32
// CHECK-NEXT:  spirv.ReturnValue %[[D]] : f32
// SPV:       %if_else = OpFunction
// SPV:       OpBranch %[[HDR:[0-9]+]]
// SPV-NEXT:  %[[HDR]] = OpLabel
// SPV-NEXT:  OpSelectionMerge %[[MERGE:[0-9]+]] None
// SPV-NEXT:  OpBranchConditional %{{[0-9]+}} %[[THEN:[0-9]+]] %[[MERGE]]
// SPV-NEXT:  %[[THEN]] = OpLabel
// SPV-NEXT:  %[[SUM:[0-9]+]] = OpFAdd %float
// SPV-NEXT:  OpBranch %[[MERGE]]
// SPV-NEXT:  %[[MERGE]] = OpLabel
// SPV-NEXT:  %{{[0-9]+}} = OpPhi %float %{{[0-9]+}} %[[HDR]] %[[SUM]] %[[THEN]]

// Two results, computed in both cases; a selection nested in a case.
// CHECK-LABEL: spirv.func @two
// CHECK-NOT:   spirv.Variable
// CHECK:       %[[R:.*]]:2 = spirv.mlir.selection -> (f32, i32) {
// CHECK-NEXT:    spirv.BranchConditional %{{.*}}, ^bb1, ^bb2
// CHECK-NEXT:  ^bb1:
// CHECK-NEXT:    %[[IN:.*]] = spirv.mlir.selection -> f32 {
// CHECK:         spirv.Branch ^bb3(%[[IN]], %arg0 : f32, i32)
// CHECK-NEXT:  ^bb2:
// CHECK-NEXT:    %[[N:.*]] = spirv.FNegate %arg1 : f32
// CHECK-NEXT:    %[[K:.*]] = spirv.IAdd %arg0, %arg0 : i32
// CHECK-NEXT:    spirv.Branch ^bb3(%[[N]], %[[K]] : f32, i32)
// CHECK-NEXT:  ^bb3(%[[A:.*]]: f32, %[[B:.*]]: i32):
// CHECK-NEXT:    spirv.mlir.merge %[[A]], %[[B]] : f32, i32
// CHECK-NEXT:  }
// CHECK-NEXT:  %{{.*}} = spirv.ConvertSToF %[[R]]#1 : i32 to f32

// A variable read before the selection, one that a case does not store,
// one stored with memory operands, one stored twice in a case: all stay.
// CHECK-LABEL: spirv.func @kept
// CHECK-COUNT-4: spirv.Variable
// CHECK:       spirv.mlir.selection {
// CHECK:         spirv.BranchConditional %{{.*}}, ^bb1, ^bb2{{$}}
// CHECK:       ^bb2:
// CHECK-NEXT:    spirv.Store "Function"
// CHECK:       ^bb3:
// CHECK-NEXT:    spirv.mlir.merge{{$}}
spirv.module Logical GLSL450 requires #spirv.vce<v1.0, [Shader, Linkage], []> {
  spirv.func @if_else(%arg0: i1, %arg1: f32, %arg2: f32) -> f32 "None" {
    %0 = spirv.Variable : !spirv.ptr<f32, Function>
    spirv.mlir.selection {
      spirv.BranchConditional %arg0, ^bb1, ^bb2
    ^bb1:
      %1 = spirv.FAdd %arg1, %arg2 : f32
      spirv.Store "Function" %0, %1 : f32
      spirv.Branch ^bb3
    ^bb2:
      spirv.Store "Function" %0, %arg1 : f32
      spirv.Branch ^bb3
    ^bb3:
      spirv.mlir.merge
    }
    %2 = spirv.Load "Function" %0 : f32
    %3 = spirv.FMul %2, %2 : f32
    spirv.ReturnValue %3 : f32
  }
  spirv.func @two(%arg0: i32, %arg1: f32, %arg2: i1) -> f32 "None" {
    %0 = spirv.Variable : !spirv.ptr<f32, Function>
    %1 = spirv.Variable : !spirv.ptr<i32, Function>
    %2 = spirv.Variable : !spirv.ptr<f32, Function>
    %c0 = spirv.Constant 0 : i32
    %3 = spirv.SLessThan %arg0, %c0 : i32
    spirv.mlir.selection {
      spirv.BranchConditional %3, ^bb1, ^bb2
    ^bb1:
      spirv.mlir.selection {
        spirv.BranchConditional %arg2, ^bb1, ^bb2
      ^bb1:
        %4 = spirv.FAdd %arg1, %arg1 : f32
        spirv.Store "Function" %2, %4 : f32
        spirv.Branch ^bb3
      ^bb2:
        spirv.Store "Function" %2, %arg1 : f32
        spirv.Branch ^bb3
      ^bb3:
        spirv.mlir.merge
      }
      %5 = spirv.Load "Function" %2 : f32
      spirv.Store "Function" %0, %5 : f32
      spirv.Store "Function" %1, %arg0 : i32
      spirv.Branch ^bb3
    ^bb2:
      %6 = spirv.FNegate %arg1 : f32
      %7 = spirv.IAdd %arg0, %arg0 : i32
      spirv.Store "Function" %1, %7 : i32
      spirv.Store "Function" %0, %6 : f32
      spirv.Branch ^bb3
    ^bb3:
      spirv.mlir.merge
    }
    %8 = spirv.Load "Function" %0 : f32
    %9 = spirv.Load "Function" %1 : i32
    %10 = spirv.ConvertSToF %9 : i32 to f32
    %11 = spirv.FAdd %8, %10 : f32
    spirv.ReturnValue %11 : f32
  }
  spirv.func @kept(%arg0: i1, %arg1: f32) -> f32 "None" {
    %0 = spirv.Variable : !spirv.ptr<f32, Function>
    %1 = spirv.Variable : !spirv.ptr<f32, Function>
    %2 = spirv.Variable : !spirv.ptr<f32, Function>
    %3 = spirv.Variable : !spirv.ptr<f32, Function>
    spirv.Store "Function" %1, %arg1 : f32
    %4 = spirv.Load "Function" %0 : f32
    spirv.mlir.selection {
      spirv.BranchConditional %arg0, ^bb1, ^bb2
    ^bb1:
      spirv.Store "Function" %0, %arg1 : f32
      spirv.Store "Function" %1, %arg1 : f32
      spirv.Store "Function" %2, %arg1 ["Volatile"] : f32
      spirv.Store "Function" %3, %arg1 : f32
      spirv.Store "Function" %3, %4 : f32
      spirv.Branch ^bb3
    ^bb2:
      spirv.Store "Function" %0, %4 : f32
      spirv.Store "Function" %2, %4 : f32
      spirv.Store "Function" %3, %4 : f32
      spirv.Branch ^bb3
    ^bb3:
      spirv.mlir.merge
    }
    %5 = spirv.Load "Function" %0 : f32
    %6 = spirv.Load "Function" %1 : f32
    %7 = spirv.Load "Function" %2 : f32
    %8 = spirv.Load "Function" %3 : f32
    %9 = spirv.FAdd %5, %6 : f32
    %10 = spirv.FAdd %7, %8 : f32
    %11 = spirv.FAdd %9, %10 : f32
    spirv.ReturnValue %11 : f32
  }
}
