// RUN: kiln opt %s -split-input-file -control-flow-sink | FileCheck %s

// Pure ops used only in one branch of scf.if move to the start of that
// branch, producers before their users; what both branches or the op
// itself use stays.
// CHECK-LABEL: func.func @sink(
// CHECK-SAME:    %[[C:.*]]: i1, %[[A:.*]]: i32, %[[B:.*]]: i32
// CHECK-NEXT:    %[[BOTH:.*]] = arith.subi %[[A]], %[[B]] : i32
// CHECK-NEXT:    %[[R:.*]] = scf.if %[[C]] -> (i32) {
// CHECK-NEXT:      %[[X:.*]] = arith.addi %[[A]], %[[B]] : i32
// CHECK-NEXT:      %[[Y:.*]] = arith.muli %[[X]], %[[X]] : i32
// CHECK-NEXT:      %[[Z:.*]] = arith.addi %[[Y]], %[[BOTH]] : i32
// CHECK-NEXT:      scf.yield %[[Z]] : i32
// CHECK-NEXT:    } else {
// CHECK-NEXT:      %[[W:.*]] = arith.xori %[[A]], %[[B]] : i32
// CHECK-NEXT:      %[[V:.*]] = arith.addi %[[W]], %[[BOTH]] : i32
// CHECK-NEXT:      scf.yield %[[V]] : i32
// CHECK-NEXT:    }
// CHECK-NEXT:    return %[[R]] : i32
func.func @sink(%c: i1, %a: i32, %b: i32) -> i32 {
  %both = arith.subi %a, %b : i32
  %x = arith.addi %a, %b : i32
  %y = arith.muli %x, %x : i32
  %w = arith.xori %a, %b : i32
  %r = scf.if %c -> (i32) {
    %z = arith.addi %y, %both : i32
    scf.yield %z : i32
  } else {
    %v = arith.addi %w, %both : i32
    scf.yield %v : i32
  }
  return %r : i32
}

// -----

// Loop bodies run many times: nothing sinks into them. Loads and stores
// have effects and stay.
// CHECK-LABEL: func.func @no_sink(
// CHECK:         arith.addi
// CHECK-NEXT:    memref.load
// CHECK-NEXT:    scf.for
// CHECK:         scf.if
// CHECK-NEXT:      memref.store
func.func @no_sink(%m: memref<4xi32>, %n: index, %c: i1, %a: i32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %x = arith.addi %a, %a : i32
  %l = memref.load %m[%c0] : memref<4xi32>
  scf.for %i = %c0 to %n step %c1 {
    memref.store %x, %m[%i] : memref<4xi32>
  }
  scf.if %c {
    memref.store %l, %m[%c0] : memref<4xi32>
  }
  return
}

// -----

// affine.if does not bound how often its regions run (MLIR's AffineIfOp has
// no getRegionInvocationBounds), nor does affine.for: nothing sinks.
// CHECK-LABEL: func.func @affine_no_sink(
// CHECK-NEXT:    %[[S:.*]] = arith.addi %arg1, %arg1 : i32
// CHECK-NEXT:    %[[T:.*]] = arith.muli %arg1, %arg1 : i32
// CHECK-NEXT:    affine.if
func.func @affine_no_sink(%i: index, %x: i32, %m: memref<i32>) {
  %s = arith.addi %x, %x : i32
  %t = arith.muli %x, %x : i32
  affine.if affine_set<(d0) : (d0 - 10 >= 0)>(%i) {
    memref.store %s, %m[] : memref<i32>
  }
  affine.for %j = 0 to 4 {
    memref.store %t, %m[] : memref<i32>
  }
  return
}

// -----

// A producer used only in a loop inside the then region sinks into that
// region, though not into the loop, whose body may run many times.
// CHECK-LABEL: func.func @through_loop(
// CHECK-NEXT:    scf.if %arg0 {
// CHECK-DAG:       %[[M:.*]] = arith.muli %arg2, %arg2 : i32
// CHECK-DAG:       %[[C0:.*]] = arith.constant 0 : index
// CHECK-DAG:       %[[C1:.*]] = arith.constant 1 : index
// CHECK:           scf.for %{{.*}} = %[[C0]] to %arg1 step %[[C1]] {
// CHECK-NEXT:        "test.use"(%[[M]]) : (i32) -> ()
func.func @through_loop(%c: i1, %n: index, %x: i32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %m = arith.muli %x, %x : i32
  scf.if %c {
    scf.for %i = %c0 to %n step %c1 {
      "test.use"(%m) : (i32) -> ()
    }
  }
  return
}

// -----

// index.remu has no memory effects but is not speculatable (a zero divisor
// is undefined behaviour): it stays where the program runs it, and so does
// the constant only it uses; index.add, which is pure, sinks.
// CHECK-LABEL: func.func @not_speculatable
// CHECK-NEXT:    %[[C8:.*]] = index.constant 8
// CHECK-NEXT:    %[[R:.*]] = index.remu %arg0, %[[C8]]
// CHECK-NEXT:    %[[V:.*]] = scf.if %arg1 -> (index) {
// CHECK-NEXT:      scf.yield %[[R]] : index
// CHECK-NEXT:    } else {
// CHECK-NEXT:      %[[A:.*]] = index.add %arg0, %arg0
// CHECK-NEXT:      scf.yield %[[A]] : index
// CHECK-NEXT:    }
func.func @not_speculatable(%a: index, %c: i1) -> index {
  %c8 = index.constant 8
  %r = index.remu %a, %c8
  %s = index.add %a, %a
  %v = scf.if %c -> (index) {
    scf.yield %r : index
  } else {
    scf.yield %s : index
  }
  return %v : index
}
