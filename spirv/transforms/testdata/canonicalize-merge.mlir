// RUN: kiln opt %s -pass-pipeline='builtin.module(func.func(canonicalize{region-simplify=aggressive}))' | FileCheck %s
// RUN: kiln opt %s -pass-pipeline='builtin.module(func.func(canonicalize))' | FileCheck %s --check-prefix=NORMAL

// Block merging is canonicalize's aggressive region simplification: the two
// stores become one block taking the pointer and the value as arguments.

// CHECK-LABEL: func.func @merge_stores
// CHECK-SAME: (%[[C:.*]]: i1, %[[P:.*]]: !spirv.ptr<i32, Function>, %[[Q:.*]]: !spirv.ptr<i32, Function>, %[[A:.*]]: i32, %[[B:.*]]: i32)
// CHECK: spirv.BranchConditional %[[C]], ^bb1(%[[P]], %[[A]] : !spirv.ptr<i32, Function>, i32), ^bb1(%[[Q]], %[[B]] : !spirv.ptr<i32, Function>, i32)
// CHECK-NEXT: ^bb1(%[[PTR:.*]]: !spirv.ptr<i32, Function>, %[[V:.*]]: i32):
// CHECK-NEXT: spirv.Store "Function" %[[PTR]], %[[V]] : i32
// CHECK-NEXT: spirv.Branch ^bb2
// CHECK-NEXT: ^bb2:
// CHECK-NEXT: spirv.mlir.merge
// NORMAL-LABEL: func.func @merge_stores
// NORMAL: spirv.BranchConditional %{{.*}}, ^bb1, ^bb2
// NORMAL-COUNT-2: spirv.Store
func.func @merge_stores(%c: i1, %p: !spirv.ptr<i32, Function>, %q: !spirv.ptr<i32, Function>, %a: i32, %b: i32) {
  spirv.mlir.selection {
    spirv.BranchConditional %c, ^then, ^else
  ^then:
    spirv.Store "Function" %p, %a : i32
    spirv.Branch ^merge
  ^else:
    spirv.Store "Function" %q, %b : i32
    spirv.Branch ^merge
  ^merge:
    spirv.mlir.merge
  }
  spirv.Return
}
