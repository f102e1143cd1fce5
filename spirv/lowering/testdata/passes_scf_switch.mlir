// RUN: kiln opt %s --convert-scf-to-spirv | FileCheck %s

// scf.index_switch is a spirv.mlir.selection headed by a spirv.Switch on
// the converted selector: case blocks in case order, then the default, all
// branching to the merge block; results go through Function variables
// (at the start of the function when the switch is nested). The
// spirv.selection_control and spirv.loop_control of scf ops become their
// constructs' controls, as in MLIR.
module attributes {spirv.target_env = #spirv.target_env<#spirv.vce<v1.0, [Shader], []>, #spirv.resource_limits<>>} {
  // CHECK-LABEL: spirv.func @nested
  // CHECK-NEXT:    %[[V:.*]] = spirv.Variable : !spirv.ptr<i32, Function>
  // CHECK:         spirv.mlir.loop control(Unroll) {
  // CHECK:           spirv.mlir.selection control(Flatten) {
  // CHECK-NEXT:        spirv.Switch %{{.*}} : i32, [
  // CHECK-NEXT:          default: ^[[D:bb[0-9]+]],
  // CHECK-NEXT:          -7: ^[[A:bb[0-9]+]],
  // CHECK-NEXT:          0: ^[[B:bb[0-9]+]]
  // CHECK-NEXT:        ]
  // CHECK-NEXT:      ^[[A]]:
  // CHECK-NEXT:        spirv.Store "Function" %[[V]], %{{.*}} : i32
  // CHECK-NEXT:        spirv.Branch ^[[M:bb[0-9]+]]
  // CHECK-NEXT:      ^[[B]]:
  // CHECK:             spirv.Branch ^[[M]]
  // CHECK-NEXT:      ^[[D]]:
  // CHECK:             spirv.Branch ^[[M]]
  // CHECK-NEXT:      ^[[M]]:
  // CHECK-NEXT:        spirv.mlir.merge
  // CHECK-NEXT:      }
  // CHECK-NEXT:      spirv.Load "Function" %[[V]] : i32
  func.func @nested(%n: index, %x: i32) -> i32 {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %x) -> (i32) {
      %s = scf.index_switch %i {spirv.selection_control = #spirv.selection_control<Flatten>} -> i32
      case -7 {
        scf.yield %acc : i32
      }
      case 0 {
        %one = arith.constant 1 : i32
        %a = arith.addi %acc, %one : i32
        scf.yield %a : i32
      }
      default {
        %two = arith.constant 2 : i32
        %a = arith.muli %acc, %two : i32
        scf.yield %a : i32
      }
      scf.yield %s : i32
    } {spirv.loop_control = #spirv.loop_control<Unroll>}
    return %r : i32
  }

  // A switch with only a default.
  // CHECK-LABEL: spirv.func @only_default
  // CHECK:         spirv.mlir.selection {
  // CHECK-NEXT:      spirv.Switch %{{.*}} : i32, [
  // CHECK-NEXT:        default: ^bb1]
  // CHECK-NEXT:    ^bb1:
  // CHECK-NEXT:      spirv.Branch ^bb2
  func.func @only_default(%i: index) {
    scf.index_switch %i
    default {
      scf.yield
    }
    return
  }

  // CHECK-LABEL: spirv.func @controls
  // CHECK: spirv.mlir.selection control(DontFlatten)
  // CHECK: spirv.mlir.loop control(DontUnroll)
  func.func @controls(%c: i1, %x: i32) {
    scf.if %c {
      scf.yield
    } {spirv.selection_control = #spirv.selection_control<DontFlatten>}
    %r = scf.while (%a = %x) : (i32) -> i32 {
      scf.condition(%c) %a : i32
    } do {
    ^bb0(%b: i32):
      scf.yield %b : i32
    } attributes {spirv.loop_control = #spirv.loop_control<DontUnroll>}
    return
  }
}
