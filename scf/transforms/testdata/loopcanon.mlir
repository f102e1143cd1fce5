// RUN: kiln opt %s --split-input-file --allow-unregistered-dialect --scf-for-loop-canonicalization | FileCheck %s

// The ranges of the loops decide these min/max ops: iv in [1, 241] by 16
// makes 256 - iv the smaller; the nest's values are constants; the
// parallel loop's iv in {0, 2} keeps 4 - iv >= 2.
// CHECK-LABEL: func.func @decided(
// CHECK-DAG:     %[[C2:.*]] = arith.constant 2 : index
// CHECK-DAG:     %[[C5:.*]] = arith.constant 5 : index
// CHECK:         scf.for %[[I:.*]] =
// CHECK-NEXT:      %[[A:.*]] = affine.apply #{{.*}}(%[[I]])
// CHECK-NEXT:      "test.use"(%[[A]])
// CHECK:         scf.for
// CHECK-NEXT:      scf.for
// CHECK-NEXT:        "test.use"(%[[C5]])
// CHECK:         scf.parallel
// CHECK-NEXT:      "test.use"(%[[C2]])
func.func @decided() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %c6 = arith.constant 6 : index
  %c16 = arith.constant 16 : index
  %c256 = arith.constant 256 : index
  scf.for %i = %c1 to %c256 step %c16 {
    %m = affine.min affine_map<(d0) -> (256, 256 - d0)>(%i)
    "test.use"(%m) : (index) -> ()
  }
  scf.for %i = %c0 to %c4 step %c2 {
    scf.for %j = %c0 to %c6 step %c3 {
      %m = affine.max affine_map<(d0, d1) -> (5, d0 + d1 - 4)>(%i, %j)
      "test.use"(%m) : (index) -> ()
    }
  }
  scf.parallel (%i) = (%c0) to (%c4) step (%c2) {
    %m = affine.min affine_map<(d0) -> (2, 4 - d0)>(%i)
    "test.use"(%m) : (index) -> ()
  }
  return
}

// -----

// scf.forall ranges count too, static bounds included: %i in [2, 8] by 3
// (static lower bound and step, dynamic upper bound 10) keeps 12 - i >= 4
// and 3 <= i + 1 <= 9; a single-iteration forall fixes j at 5, so
// j + 1 is the smaller.
// CHECK-LABEL: func.func @forall(
// CHECK-DAG:     %[[C4:.*]] = arith.constant 4 : index
// CHECK-DAG:     %[[C9:.*]] = arith.constant 9 : index
// CHECK:         scf.forall (%{{.*}}) = (2) to (%{{.*}}) step (3) {
// CHECK-NEXT:      "test.use"(%[[C4]], %[[C9]])
// CHECK:         scf.forall (%{{.*}}) = (5) to (6) step (1) {
// CHECK-NEXT:      %[[A:.*]] = affine.apply #{{.*}}(%{{.*}})
// CHECK-NEXT:      "test.use"(%[[A]])
// CHECK-NOT:     affine.min
func.func @forall() {
  %c10 = arith.constant 10 : index
  scf.forall (%i) = (2) to (%c10) step (3) {
    %m = affine.min affine_map<(d0) -> (4, 12 - d0)>(%i)
    %x = affine.max affine_map<(d0) -> (9, d0 + 1)>(%i)
    "test.use"(%m, %x) : (index, index) -> ()
  }
  scf.forall (%j) = (5) to (6) step (1) {
    %y = affine.min affine_map<(d0) -> (d0 + 1, 7)>(%j)
    "test.use"(%y) : (index) -> ()
  }
  return
}

// -----

// Left alone: a range that lets either result be the smaller, a dynamic
// step, a loop that never runs, and a semi-affine map.
// CHECK-LABEL: func.func @undecided(
// CHECK-COUNT-4: affine.min
// CHECK-NOT:     affine.apply
func.func @undecided(%s: index, %n: index) {
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %c256 = arith.constant 256 : index
  scf.for %i = %c1 to %c4 step %c2 {
    %m = affine.min affine_map<(d0) -> (2, 4 - d0)>(%i)
    "test.use"(%m) : (index) -> ()
  }
  scf.for %i = %c1 to %c4 step %s {
    %m = affine.min affine_map<(d0) -> (8, 4 - d0)>(%i)
    "test.use"(%m) : (index) -> ()
  }
  scf.for %i = %c256 to %c1 step %c1 {
    %m = affine.min affine_map<(d0) -> (d0 + 7, 0)>(%i)
    "test.use"(%m) : (index) -> ()
  }
  scf.for %i = %c1 to %n step %c1 {
    %m = affine.min affine_map<(d0)[s0] -> (d0 * (5 ceildiv s0), 3)>(%i)[%n]
    "test.use"(%m) : (index) -> ()
  }
  return
}

// -----

// A dim of an iter_arg or result of a loop that yields the iter_arg (or an
// insert_slice into it) reads the init; one that yields another value
// does not.
// CHECK-LABEL: func.func @dims(
// CHECK-SAME:    %[[T:[^:]*]]: tensor<?xf32>, %[[U:[^:]*]]: tensor<?xf32>
// CHECK:         %[[R:.*]]:2 = scf.for {{.*}} iter_args(%[[A:.*]] = %[[T]], %[[B:.*]] = %[[T]]
// CHECK-NEXT:      tensor.dim %[[T]]
// CHECK-NEXT:      tensor.dim %[[B]]
// CHECK:         tensor.dim %[[T]]
// CHECK-NEXT:    tensor.dim %[[R]]#1
func.func @dims(%t: tensor<?xf32>, %u: tensor<?xf32>, %v: tensor<2xf32>) -> (index, index, index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c10 = arith.constant 10 : index
  %r:2 = scf.for %i = %c0 to %c10 step %c1 iter_args(%a = %t, %b = %t) -> (tensor<?xf32>, tensor<?xf32>) {
    %d0 = tensor.dim %a, %c0 : tensor<?xf32>
    %d1 = tensor.dim %b, %c0 : tensor<?xf32>
    "test.use"(%d0, %d1) : (index, index) -> ()
    %x = tensor.insert_slice %v into %a[0] [2] [1] : tensor<2xf32> into tensor<?xf32>
    scf.yield %x, %u : tensor<?xf32>, tensor<?xf32>
  }
  %e = tensor.dim %r#0, %c0 : tensor<?xf32>
  %f = tensor.dim %r#1, %c0 : tensor<?xf32>
  return %e, %f, %e : index, index, index
}
