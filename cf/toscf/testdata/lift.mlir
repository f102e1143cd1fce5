// RUN: kiln opt %s --allow-unregistered-dialect --lift-cf-to-scf --split-input-file | FileCheck %s

// A loop becomes a do-while scf.while: the header's blocks are the before
// region, an scf.if picks between the back edge (flag 1) and the exit (0),
// and a value of the loop used after it becomes an iteration value, poison
// on entry.
// CHECK-LABEL: func.func @loop_value_after(
// CHECK-SAME:    %[[N:.*]]: index) -> index {
// CHECK-DAG:     %[[P:.*]] = ub.poison : index
// CHECK-DAG:     %[[T1:.*]] = arith.constant 1 : i32
// CHECK-DAG:     %[[T0:.*]] = arith.constant 0 : i32
// CHECK-DAG:     %[[C0:.*]] = arith.constant 0 : index
// CHECK-DAG:     %[[C1:.*]] = arith.constant 1 : index
// CHECK:         %[[W:.*]]:2 = scf.while (%[[I:.*]] = %[[C0]], %{{.*}} = %[[P]]) : (index, index) -> (index, index) {
// CHECK-NEXT:      %[[SQ:.*]] = arith.muli %[[I]], %[[I]] : index
// CHECK-NEXT:      %[[C:.*]] = arith.cmpi slt, %[[SQ]], %[[N]] : index
// CHECK-NEXT:      %[[IF:.*]]:3 = scf.if %[[C]] -> (index, i32, i32) {
// CHECK-NEXT:        %[[I2:.*]] = arith.addi %[[I]], %[[C1]] : index
// CHECK-NEXT:        scf.yield %[[I2]], %[[T0]], %[[T1]] : index, i32, i32
// CHECK-NEXT:      } else {
// CHECK-NEXT:        scf.yield %[[P]], %[[T1]], %[[T0]] : index, i32, i32
// CHECK-NEXT:      }
// CHECK-NEXT:      %[[R:.*]] = arith.trunci %[[IF]]#2 : i32 to i1
// CHECK-NEXT:      scf.condition(%[[R]]) %[[IF]]#0, %[[SQ]] : index, index
// CHECK-NEXT:    } do {
// CHECK-NEXT:    ^bb0(%[[A:.*]]: index, %[[B:.*]]: index):
// CHECK-NEXT:      scf.yield %[[A]], %[[B]] : index, index
// CHECK-NEXT:    }
// CHECK-NEXT:    return %[[W]]#1 : index
func.func @loop_value_after(%n: index) -> index {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  cf.br ^head(%c0 : index)
^head(%i: index):
  %sq = arith.muli %i, %i : index
  %c = arith.cmpi slt, %sq, %n : index
  cf.cond_br %c, ^body, ^exit
^body:
  %i2 = arith.addi %i, %c1 : index
  cf.br ^head(%i2 : index)
^exit:
  return %sq : index
}

// -----

// Two kinds of return-like op: the branch to their blocks stays.
// CHECK-LABEL: func.func @two_kinds(
// CHECK:         cf.cond_br %{{.*}}, ^bb1, ^bb2
// CHECK:       ^bb1:
// CHECK-NEXT:    "test.ret"() : () -> ()
// CHECK:       ^bb2:
// CHECK-NEXT:    return
func.func @two_kinds(%c: i1) {
  cf.cond_br %c, ^a, ^b
^a:
  "test.ret"() : () -> ()
^b:
  return
}

// -----

// A cf.switch becomes an scf.index_switch on the flag cast to index, the
// default region first in the op and last in the text; case values are
// read zero-extended, as MLIR does.
// CHECK-LABEL: func.func @switch(
// CHECK-SAME:    %[[F:.*]]: i8, %[[X:.*]]: f32, %[[Y:.*]]: f32) -> f32 {
// CHECK:         %[[IDX:.*]] = arith.index_castui %[[F]] : i8 to index
// CHECK-NEXT:    %[[S:.*]] = scf.index_switch %[[IDX]] -> f32
// CHECK-NEXT:    case 3 {
// CHECK-NEXT:      scf.yield %[[Y]] : f32
// CHECK-NEXT:    }
// CHECK-NEXT:    case 255 {
// CHECK-NEXT:      %[[N:.*]] = "test.neg"(%[[X]]) : (f32) -> f32
// CHECK-NEXT:      scf.yield %[[N]] : f32
// CHECK-NEXT:    }
// CHECK-NEXT:    default {
// CHECK-NEXT:      scf.yield %[[X]] : f32
// CHECK-NEXT:    }
// CHECK-NEXT:    return %[[S]] : f32
func.func @switch(%f: i8, %x: f32, %y: f32) -> f32 {
  cf.switch %f : i8, [
    default: ^join(%x : f32),
    3: ^join(%y : f32),
    -1: ^neg
  ]
^neg:
  %n = "test.neg"(%x) : (f32) -> f32
  cf.br ^join(%n : f32)
^join(%r: f32):
  return %r : f32
}

// -----

// A loop without an exit ends the function with a return of poison.
// CHECK-LABEL: func.func @forever(
// CHECK:         scf.while
// CHECK:           "test.tick"() : () -> ()
// CHECK:         %[[P:.*]] = ub.poison : i32
// CHECK-NEXT:    return %[[P]] : i32
func.func @forever() -> i32 {
  cf.br ^bb1
^bb1:
  "test.tick"() : () -> ()
  cf.br ^bb1
}
