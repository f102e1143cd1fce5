// RUN: kiln opt %s -split-input-file -hoist-pure-ops | FileCheck %s

// A pure op moves right after the latest definition it uses, out of the
// branch it was in, or to the start of the block whose argument that is.
// An op that may trap (index.divu) stays, and so does a constant, which
// uses nothing. An op with regions counts the values its regions use; the
// ops in them, visited after it, move out too when they can.
// CHECK-LABEL: func.func @hoist
// CHECK-NEXT:    %[[M:.*]] = arith.muli %arg0, %arg0
// CHECK-NEXT:    %[[A:.*]] = arith.addi %arg0, %arg1
// CHECK-NEXT:    %[[T:.*]] = arith.subi %[[A]], %arg1
// CHECK-NEXT:    %[[IF:.*]] = scf.if %arg2 -> (i32) {
// CHECK-NEXT:      scf.yield %[[T]]
// CHECK:         %[[S:.*]] = arith.select %arg2, %[[A]], %arg1
// CHECK-NEXT:    cf.cond_br %arg2, ^bb1, ^bb2
// CHECK:       ^bb1:
// CHECK-NEXT:    %[[C:.*]] = arith.constant 3 : i32
// CHECK-NEXT:    %[[D:.*]] = index.divu
// CHECK-NEXT:    return %[[M]]
// CHECK:       ^bb2:
// CHECK-NEXT:    return %[[IF]]
func.func @hoist(%x: i32, %y: i32, %c: i1, %i: index) -> i32 {
  %a = arith.addi %x, %y : i32
  cf.cond_br %c, ^bb1, ^bb2
^bb1:
  %k = arith.constant 3 : i32
  %d = index.divu %i, %i
  %m = arith.muli %x, %x : i32
  %s = arith.select %c, %a, %y : i32
  return %m : i32
^bb2:
  %r = scf.if %c -> (i32) {
    %t = arith.subi %a, %y : i32
    scf.yield %t : i32
  } else {
    scf.yield %x : i32
  }
  return %r : i32
}

// -----

// Out of nested loops, as far as its operands allow: the sum of the two
// outer induction variables goes to the middle loop's body.
// CHECK-LABEL: func.func @loops
// CHECK:         scf.for %[[I:.*]] =
// CHECK-NEXT:      scf.for %[[J:.*]] =
// CHECK-NEXT:        %[[IJ:.*]] = arith.addi %[[I]], %[[J]]
// CHECK-NEXT:        scf.for %[[K:.*]] =
// CHECK-NEXT:          arith.addi %[[IJ]], %[[K]]
func.func @loops(%lb: index, %ub: index, %st: index, %m: memref<?xindex>) {
  scf.for %i = %lb to %ub step %st {
    scf.for %j = %lb to %ub step %st {
      scf.for %k = %lb to %ub step %st {
        %ij = arith.addi %i, %j : index
        %ijk = arith.addi %ij, %k : index
        memref.store %ijk, %m[%k] : memref<?xindex>
      }
    }
  }
  return
}
