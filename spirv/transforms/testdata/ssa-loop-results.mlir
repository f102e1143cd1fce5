// spirv-ssa-loop-results: the Function variables through which
// convert-scf-to-spirv passes a loop's final values (scf.for's iter_args,
// scf.while's results) become results of spirv.mlir.loop, and blocks with
// one predecessor (scf.for's continue block, scf.while's body) take its
// values directly; the result serializes
// to the header's OpPhi and passes spirv-val.
// RUN: kiln opt %s --spirv-ssa-loop-results | FileCheck %s
// RUN: kiln opt %s --spirv-ssa-loop-results | kiln translate --serialize-spirv - -o %t.spv
// RUN: spirv-val %t.spv

// CHECK-LABEL: spirv.func @nested
// CHECK-NOT:   spirv.Variable
// CHECK:       %[[OUTER:.*]] = spirv.mlir.loop -> f32 {
// CHECK:       ^bb1(%{{.*}}: i32, %[[A:.*]]: f32):
// CHECK-NOT:     spirv.Store
// CHECK:         %[[INNER:.*]] = spirv.mlir.loop -> f32 {
// CHECK:         ^bb1(%{{.*}}: i32, %[[B:.*]]: f32):
// CHECK:           %[[T:.*]] = spirv.FAdd %[[B]], %arg1 : f32
// CHECK-NEXT:      spirv.Branch ^bb3{{$}}
// CHECK-NEXT:    ^bb3:
// CHECK:           spirv.Branch ^bb1(%{{.*}}, %[[T]] : i32, f32)
// CHECK:           spirv.mlir.merge %[[B]] : f32
// CHECK-NEXT:    }
// CHECK-NEXT:    spirv.FMul %[[INNER]], %arg1 : f32
// CHECK:         spirv.mlir.merge %[[A]] : f32
// CHECK-NEXT:  }
// CHECK-NEXT:  spirv.ReturnValue %[[OUTER]] : f32

// scf.while's body takes the header's value without an OpPhi.
// CHECK-LABEL: spirv.func @while
// CHECK:       %[[R:.*]] = spirv.mlir.loop -> i32 {
// CHECK:       ^bb1(%[[X:.*]]: i32):
// CHECK:         spirv.BranchConditional %{{.*}}, ^bb2, ^bb3
// CHECK-NEXT:  ^bb2:
// CHECK-NEXT:    spirv.IMul %[[X]], %{{.*}} : i32
// CHECK:         spirv.mlir.merge %[[X]] : i32
// CHECK:       spirv.ReturnValue %[[R]] : i32

// The outer header's OpPhi names the inner loop's result, which the
// serializer gives the id of the inner header's OpPhi.
// CHECK-LABEL: spirv.func @direct
// CHECK:       spirv.mlir.loop -> f32 {
// CHECK:         %[[IN:.*]] = spirv.mlir.loop -> f32 {
// CHECK:         spirv.Branch ^bb1(%{{.*}}, %[[IN]] : i32, f32)

// A variable also read before the loop, or stored outside its header,
// stays.
// CHECK-LABEL: spirv.func @kept
// CHECK-COUNT-2: spirv.Variable
// CHECK:       spirv.mlir.loop {
// CHECK:       spirv.mlir.loop {
spirv.module Logical GLSL450 requires #spirv.vce<v1.0, [Shader, Linkage], []> {
  spirv.func @nested(%arg0: i32, %arg1: f32) -> f32 "None" {
    %0 = spirv.Variable : !spirv.ptr<f32, Function>
    %1 = spirv.Variable : !spirv.ptr<f32, Function>
    %cst0_i32 = spirv.Constant 0 : i32
    %cst1_i32 = spirv.Constant 1 : i32
    %cst_f32 = spirv.Constant 0.000000e+00 : f32
    spirv.mlir.loop {
      spirv.Branch ^bb1(%cst0_i32, %cst_f32 : i32, f32)
    ^bb1(%3: i32, %4: f32):  // 2 preds: ^bb0, ^bb3
      spirv.Store "Function" %1, %4 : f32
      %5 = spirv.SLessThan %3, %arg0 : i32
      spirv.BranchConditional %5, ^bb2, ^bb4
    ^bb2:  // pred: ^bb1
      spirv.mlir.loop {
        spirv.Branch ^bb1(%cst0_i32, %4 : i32, f32)
      ^bb1(%10: i32, %11: f32):  // 2 preds: ^bb0, ^bb3
        spirv.Store "Function" %0, %11 : f32
        %12 = spirv.SLessThan %10, %arg0 : i32
        spirv.BranchConditional %12, ^bb2, ^bb4
      ^bb2:  // pred: ^bb1
        %13 = spirv.FAdd %11, %arg1 : f32
        spirv.Branch ^bb3(%13 : f32)
      ^bb3(%14: f32):  // pred: ^bb2
        %15 = spirv.IAdd %10, %cst1_i32 : i32
        spirv.Branch ^bb1(%15, %14 : i32, f32)
      ^bb4:  // pred: ^bb1
        spirv.mlir.merge
      }
      %6 = spirv.Load "Function" %0 : f32
      %7 = spirv.FMul %6, %arg1 : f32
      spirv.Branch ^bb3(%7 : f32)
    ^bb3(%8: f32):  // pred: ^bb2
      %9 = spirv.IAdd %3, %cst1_i32 : i32
      spirv.Branch ^bb1(%9, %8 : i32, f32)
    ^bb4:  // pred: ^bb1
      spirv.mlir.merge
    }
    %2 = spirv.Load "Function" %1 : f32
    spirv.ReturnValue %2 : f32
  }
  spirv.func @while(%arg0: i32, %arg1: i32) -> i32 "None" {
    %0 = spirv.Variable : !spirv.ptr<i32, Function>
    %cst2_i32 = spirv.Constant 2 : i32
    spirv.mlir.loop {
      spirv.Branch ^bb1(%arg0 : i32)
    ^bb1(%2: i32):  // 2 preds: ^bb0, ^bb2
      %3 = spirv.SLessThan %2, %arg1 : i32
      spirv.Store "Function" %0, %2 : i32
      spirv.BranchConditional %3, ^bb2(%2 : i32), ^bb3
    ^bb2(%4: i32):  // pred: ^bb1
      %5 = spirv.IMul %4, %cst2_i32 : i32
      spirv.Branch ^bb1(%5 : i32)
    ^bb3:  // pred: ^bb1
      spirv.mlir.merge
    }
    %1 = spirv.Load "Function" %0 : i32
    spirv.ReturnValue %1 : i32
  }
  spirv.func @direct(%arg0: i32, %arg1: f32) -> f32 "None" {
    %0 = spirv.Variable : !spirv.ptr<f32, Function>
    %1 = spirv.Variable : !spirv.ptr<f32, Function>
    %cst0_i32 = spirv.Constant 0 : i32
    %cst1_i32 = spirv.Constant 1 : i32
    %cst_f32 = spirv.Constant 0.000000e+00 : f32
    spirv.mlir.loop {
      spirv.Branch ^bb1(%cst0_i32, %cst_f32 : i32, f32)
    ^bb1(%3: i32, %4: f32):  // 2 preds: ^bb0, ^bb3
      spirv.Store "Function" %1, %4 : f32
      %5 = spirv.SLessThan %3, %arg0 : i32
      spirv.BranchConditional %5, ^bb2, ^bb4
    ^bb2:  // pred: ^bb1
      spirv.mlir.loop {
        spirv.Branch ^bb1(%cst0_i32, %4 : i32, f32)
      ^bb1(%9: i32, %10: f32):  // 2 preds: ^bb0, ^bb3
        spirv.Store "Function" %0, %10 : f32
        %11 = spirv.SLessThan %9, %arg0 : i32
        spirv.BranchConditional %11, ^bb2, ^bb4
      ^bb2:  // pred: ^bb1
        %12 = spirv.FAdd %10, %arg1 : f32
        spirv.Branch ^bb3(%12 : f32)
      ^bb3(%13: f32):  // pred: ^bb2
        %14 = spirv.IAdd %9, %cst1_i32 : i32
        spirv.Branch ^bb1(%14, %13 : i32, f32)
      ^bb4:  // pred: ^bb1
        spirv.mlir.merge
      }
      %6 = spirv.Load "Function" %0 : f32
      spirv.Branch ^bb3(%6 : f32)
    ^bb3(%7: f32):  // pred: ^bb2
      %8 = spirv.IAdd %3, %cst1_i32 : i32
      spirv.Branch ^bb1(%8, %7 : i32, f32)
    ^bb4:  // pred: ^bb1
      spirv.mlir.merge
    }
    %2 = spirv.Load "Function" %1 : f32
    spirv.ReturnValue %2 : f32
  }
  spirv.func @kept(%arg0: i32, %arg1: i32) -> i32 "None" {
    %0 = spirv.Variable : !spirv.ptr<i32, Function>
    %1 = spirv.Variable : !spirv.ptr<i32, Function>
    %c1 = spirv.Constant 1 : i32
    %before = spirv.Load "Function" %0 : i32
    spirv.mlir.loop {
      spirv.Branch ^bb1(%arg0 : i32)
    ^bb1(%2: i32):
      spirv.Store "Function" %0, %2 : i32
      %3 = spirv.SLessThan %2, %arg1 : i32
      spirv.BranchConditional %3, ^bb2, ^bb3
    ^bb2:
      %4 = spirv.IAdd %2, %c1 : i32
      spirv.Branch ^bb1(%4 : i32)
    ^bb3:
      spirv.mlir.merge
    }
    spirv.Store "Function" %1, %c1 : i32
    spirv.mlir.loop {
      spirv.Branch ^bb1(%arg0 : i32)
    ^bb1(%5: i32):
      spirv.Store "Function" %1, %5 : i32
      %6 = spirv.SLessThan %5, %arg1 : i32
      spirv.BranchConditional %6, ^bb2, ^bb3
    ^bb2:
      %7 = spirv.IAdd %5, %c1 : i32
      spirv.Branch ^bb1(%7 : i32)
    ^bb3:
      spirv.mlir.merge
    }
    %8 = spirv.Load "Function" %0 : i32
    %9 = spirv.Load "Function" %1 : i32
    %10 = spirv.IAdd %8, %9 : i32
    %11 = spirv.IAdd %10, %before : i32
    spirv.ReturnValue %11 : i32
  }
}
