// RUN: kiln opt %s -allow-unregistered-dialect -split-input-file -trivial-dce | FileCheck %s
// RUN: kiln opt %s -allow-unregistered-dialect -split-input-file -trivial-dce='recursive=false remove-blocks=false' | FileCheck %s --check-prefix=SHALLOW

// Unused ops without effects go, and then the ops only they used, even in
// another block; an op with effects stays, and so does a dead cycle through
// a block argument, which only a liveness analysis would see.
// CHECK-LABEL: func.func @ops
// CHECK-NEXT:    %[[S:.*]] = arith.subi %arg0, %arg1
// CHECK-NEXT:    "u.effect"(%[[S]])
// CHECK-NEXT:    cf.br ^bb1(%arg0 : i32)
// CHECK-NEXT:  ^bb1(%[[L:.*]]: i32):
// CHECK-NEXT:    %[[N:.*]] = arith.addi %[[L]], %arg1
// CHECK-NEXT:    cf.cond_br %arg2, ^bb1(%[[N]] : i32), ^bb2
// CHECK-NEXT:  ^bb2:
// CHECK-NEXT:    return
func.func @ops(%a: i32, %b: i32, %c: i1) {
  %0 = arith.addi %a, %b : i32
  %s = arith.subi %a, %b : i32
  "u.effect"(%s) : (i32) -> ()
  cf.br ^loop(%a : i32)
^loop(%l: i32):
  %1 = arith.muli %0, %0 : i32
  %n = arith.addi %l, %b : i32
  cf.cond_br %c, ^loop(%n : i32), ^exit
^exit:
  return
}

// -----

// Blocks no path from the entry reaches go, a cycle of them included; so do
// the unused ops in nested regions and ops whose regions hold nothing with
// effects. Run without recursion, only the function's own blocks change;
// with remove-blocks=false, unreachable blocks stay.
// CHECK-LABEL: func.func @blocks
// CHECK-NEXT:    scf.for
// CHECK-NEXT:      "u.effect"
// CHECK-NEXT:    }
// CHECK-NEXT:    cf.br ^bb1
// CHECK-NEXT:  ^bb1:
// CHECK-NEXT:    return
// SHALLOW-LABEL: func.func @blocks
// SHALLOW:         scf.for
// SHALLOW-NEXT:      arith.constant 1
// SHALLOW:         ^bb1:
// SHALLOW:         ^bb2:
// SHALLOW:         ^bb3:
func.func @blocks(%lb: index, %ub: index, %step: index) {
  scf.for %i = %lb to %ub step %step {
    %k = arith.constant 1 : i32
    "u.effect"() : () -> ()
  }
  %c0 = arith.constant 0 : i32
  %r = scf.for %i = %lb to %ub step %step iter_args(%acc = %c0) -> i32 {
    %k = arith.constant 2 : i32
    %n = arith.addi %acc, %k : i32
    scf.yield %n : i32
  }
  cf.br ^exit
^dead1:
  "u.effect"() : () -> ()
  cf.br ^dead2
^dead2:
  cf.br ^dead1
^exit:
  return
}

// -----

// A module's body is a graph region: its ops stay, but the functions in it
// are visited.
// CHECK-LABEL: module attributes {t.graph}
// CHECK-NEXT:    "u.pure"
// CHECK-NEXT:    func.func @f
// CHECK-NEXT:      return
module attributes {t.graph} {
  %0 = "u.pure"() : () -> i32
  func.func @f(%a: i32) {
    %1 = arith.addi %a, %a : i32
    return
  }
}
