// RUN: kiln translate --no-implicit-module --test-spirv-roundtrip %s | FileCheck %s
// RUN: rm -rf %t && mkdir %t
// RUN: kiln translate --no-implicit-module --serialize-spirv --spirv-save-validation-files-with-prefix=%t/m %s > /dev/null
// RUN: spirv-val %t/m_0.spv

// spirv.Switch is OpSwitch, read back inside its spirv.mlir.selection:
// literals in the selector's width (a signed byte's sign-extended, a
// 64-bit one in two words), values passed to targets through OpPhi, the
// merge block as a target, and a switch nested in a loop.
spirv.module Logical GLSL450 requires #spirv.vce<v1.0, [Shader, Int8, Int64, Linkage], []> {
  // CHECK-LABEL: @narrow
  spirv.func @narrow(%sel: si8, %a: i32, %b: i32) -> i32 "None" {
    %var = spirv.Variable : !spirv.ptr<i32, Function>
    // CHECK:      spirv.mlir.selection {
    // CHECK-NEXT:   spirv.Switch %{{.*}} : si8, [
    // CHECK-NEXT:     default: ^bb1(%{{.*}} : i32),
    // CHECK-NEXT:     -1: ^bb2(%{{.*}} : i32),
    // CHECK-NEXT:     -128: ^bb3
    // CHECK-NEXT:   ]
    // CHECK-NEXT: ^bb1(%[[X:.*]]: i32):
    // CHECK-NEXT:   spirv.Store "Function" %{{.*}}, %[[X]] : i32
    // CHECK-NEXT:   spirv.Branch ^bb3
    // CHECK-NEXT: ^bb2(%[[Y:.*]]: i32):
    // CHECK-NEXT:   spirv.Store "Function" %{{.*}}, %[[Y]] : i32
    // CHECK-NEXT:   spirv.Branch ^bb3
    // CHECK-NEXT: ^bb3:
    // CHECK-NEXT:   spirv.mlir.merge
    spirv.mlir.selection {
      spirv.Switch %sel : si8, [
        default: ^pick(%a : i32),
        -1: ^other(%b : i32),
        128: ^merge
      ]
    ^pick(%x: i32):
      spirv.Store "Function" %var, %x : i32
      spirv.Branch ^merge
    ^other(%y: i32):
      spirv.Store "Function" %var, %y : i32
      spirv.Branch ^merge
    ^merge:
      spirv.mlir.merge
    }
    %r = spirv.Load "Function" %var : i32
    spirv.ReturnValue %r : i32
  }

  // Literals sharing a target that takes values (one OpPhi entry).
  // CHECK-LABEL: @shared
  spirv.func @shared(%sel: i32, %a: i32) -> i32 "None" {
    // CHECK:      spirv.Switch %{{.*}} : i32, [
    // CHECK-NEXT:   default: ^bb2,
    // CHECK-NEXT:   1: ^bb1(%[[A:.*]] : i32),
    // CHECK-NEXT:   2: ^bb1(%[[A]] : i32)
    // CHECK-NEXT: ]
    %var = spirv.Variable : !spirv.ptr<i32, Function>
    spirv.mlir.selection {
      spirv.Switch %sel : i32, [
        default: ^merge,
        1: ^set(%a : i32),
        2: ^set(%a : i32)
      ]
    ^set(%x: i32):
      spirv.Store "Function" %var, %x : i32
      spirv.Branch ^merge
    ^merge:
      spirv.mlir.merge
    }
    %r = spirv.Load "Function" %var : i32
    spirv.ReturnValue %r : i32
  }

  // CHECK-LABEL: @wide
  spirv.func @wide(%sel: i64, %p: !spirv.ptr<i32, Function>) "None" {
    // CHECK:      spirv.Switch %{{.*}} : i64, [
    // CHECK-NEXT:   default: ^bb2,
    // CHECK-NEXT:   -4294967296: ^bb1,
    // CHECK-NEXT:   9223372036854775807: ^bb1
    // CHECK-NEXT: ]
    spirv.mlir.selection {
      spirv.Switch %sel : i64, [
        default: ^merge,
        18446744069414584320: ^set,
        9223372036854775807: ^set
      ]
    ^set:
      %one = spirv.Constant 1 : i32
      spirv.Store "Function" %p, %one : i32
      spirv.Branch ^merge
    ^merge:
      spirv.mlir.merge
    }
    spirv.Return
  }

  // A case that breaks out of the loop around the switch.
  // CHECK-LABEL: @in_loop
  spirv.func @in_loop(%n: i32, %p: !spirv.ptr<i32, Function>) "None" {
    %zero = spirv.Constant 0 : i32
    %one = spirv.Constant 1 : i32
    // CHECK: spirv.mlir.loop
    // CHECK: spirv.mlir.selection
    // CHECK: spirv.Switch %{{.*}} : i32, [
    spirv.mlir.loop {
      spirv.Branch ^header(%zero : i32)
    ^header(%i: i32):
      %c = spirv.SLessThan %i, %n : i32
      spirv.BranchConditional %c, ^body, ^merge
    ^body:
      spirv.mlir.selection {
        spirv.Switch %i : i32, [
          default: ^next,
          3: ^stop
        ]
      ^stop:
        spirv.Store "Function" %p, %i : i32
        spirv.Branch ^next
      ^next:
        spirv.mlir.merge
      }
      %j = spirv.IAdd %i, %one : i32
      spirv.Branch ^header(%j : i32)
    ^merge:
      spirv.mlir.merge
    }
    spirv.Return
  }
}
