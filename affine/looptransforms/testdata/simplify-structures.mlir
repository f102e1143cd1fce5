// RUN: kiln opt -allow-unregistered-dialect %s -split-input-file -affine-simplify-structures | FileCheck %s

// Sets without integer points become 1 == 0, and the affine.if goes
// (with its else block in its place when it has one): a contradiction
// through an equality, GCD tightening (no multiple of 3 in [1, 2]), a mod
// whose local pins the value, a constant false constraint.
// CHECK-LABEL: func.func @empty
// CHECK-NEXT:    affine.for %[[I:.*]] = 0 to 8 {
// CHECK-NEXT:      "else"(%[[I]])
// CHECK-NEXT:    }
// CHECK-NEXT:    return
func.func @empty() {
  affine.for %i = 0 to 8 {
    affine.if affine_set<(d0, d1) : (d0 - d1 == 0, d0 - d1 - 2 >= 0)>(%i, %i) {
      "a"() : () -> ()
    }
    affine.if affine_set<(d0) : (d0 * 3 - 1 >= 0, -(d0 * 3) + 2 >= 0)>(%i) {
      "b"() : () -> ()
    }
    affine.if affine_set<(d0) : (d0 mod 4 - 4 == 0)>(%i) {
      "c"() : () -> ()
    }
    affine.if affine_set<(d0) : (d0 >= 0, -3 >= 0)>(%i) {
      "then"() : () -> ()
    } else {
      "else"(%i) : (index) -> ()
    }
  }
  return
}

// -----

// Trivially redundant constraints go: constant true ones, repeated ones
// (after division by the GCD) and, of those differing only in their
// constant, all but the tightest; equalities stay, even repeated. A set
// left without constraints is 0 == 0, and its affine.if is inlined.
// CHECK-DAG: #[[$SET:.*]] = affine_set<(d0, d1) : (d0 - d1 == 0, d0 - d1 == 0, d0 >= 0, -d0 + 10 >= 0, d1 - 2 >= 0)>
// CHECK-LABEL: func.func @redundant
// CHECK:         affine.for %[[I:.*]] = 0 to 8 {
// CHECK-NEXT:      affine.for %[[J:.*]] = 0 to 8 {
// CHECK-NEXT:        affine.if #[[$SET]](%[[I]], %[[J]]) {
// CHECK-NEXT:          "a"()
// CHECK-NEXT:        }
// CHECK-NEXT:        "b"()
// CHECK-NEXT:      }
// CHECK-NEXT:    }
func.func @redundant() {
  affine.for %i = 0 to 8 {
    affine.for %j = 0 to 8 {
      affine.if affine_set<(d0, d1) : (d0 * 2 - d1 * 2 == 0, 5 >= 0, d0 - d1 == 0, d0 * 3 >= 0, -d0 + 12 >= 0, d0 >= 0, -d0 + 10 >= 0, d1 * 2 - 3 >= 0)>(%i, %j) {
        "a"() : () -> ()
      }
      affine.if affine_set<(d0) : (1 >= 0, 7 >= 0)>(%i) {
        "b"() : () -> ()
      }
    }
  }
  return
}

// -----

// A floordiv or mod adds a local whose bounds come after the set's own
// constraints, the local written back as its floordiv (d0 + q * -2 then
// reads d0 mod 2, -d0 + q * 2 + 1 does not).
// CHECK-DAG: #[[$SET:.*]] = affine_set<(d0) : (d0 mod 2 == 0, d0 mod 2 >= 0, -d0 + (d0 floordiv 2) * 2 + 1 >= 0)>
// CHECK-LABEL: func.func @local
// CHECK:         affine.if #[[$SET]]
func.func @local(%n: index) {
  affine.for %i = 0 to %n {
    affine.if affine_set<(d0) : (d0 mod 2 == 0)>(%i) {
      "even"() : () -> ()
    }
  }
  return
}

// -----

// Maps are simplified as simplifyAffineExpr does, on every op, then
// affine.apply is canonicalized; ops that are no affine.apply, affine.for
// or affine.if are neither folded nor erased, even when dead.
// CHECK-DAG: #[[$MAP:.*]] = affine_map<()[s0] -> (s0 * 3 + 2)>
// CHECK-DAG: #[[$FIVE:.*]] = affine_map<(d0) -> (d0 * 5)>
// CHECK-LABEL: func.func @maps
// CHECK-SAME:    (%[[N:.*]]: index)
// CHECK-NEXT:    %[[C:.*]] = arith.constant 4 : index
// CHECK-NEXT:    %[[DEAD:.*]] = arith.addi %[[C]], %[[C]] : index
// CHECK-NEXT:    "use"() {m = #[[$FIVE]]}
// CHECK-NEXT:    %[[A:.*]] = affine.apply #[[$MAP]]()[%[[N]]]
// CHECK-NEXT:    return %[[A]]
func.func @maps(%n: index) -> index {
  %c = arith.constant 4 : index
  %dead = arith.addi %c, %c : index
  "use"() {m = affine_map<(d0) -> (d0 + d0 * 2 + (d0 * 4) floordiv 2)>} : () -> ()
  %a = affine.apply affine_map<(d0, d1) -> (d0 + d1 * 2 + 2)>(%n, %n)
  return %a : index
}

// -----

// An affine.if whose set always holds gives way to its then block; the
// ops it moves are processed too, so the dead one goes, while the op that
// was there before stays, though dead now.
// CHECK-LABEL: func.func @inline
// CHECK-NEXT:    %[[C5:.*]] = arith.constant 5 : index
// CHECK-NEXT:    %[[C7:.*]] = arith.constant 7 : index
// CHECK-NEXT:    return %[[C7]]
func.func @inline() -> index {
  %c5 = arith.constant 5 : index
  %r = affine.if affine_set<(d0) : (2 >= 0)>(%c5) -> index {
    %dead = arith.constant 9 : index
    %c7 = arith.constant 7 : index
    affine.yield %c7 : index
  } else {
    affine.yield %c5 : index
  }
  return %r : index
}

// -----

// An affine.apply that folds leaves its constant right where it was, in
// the loop: the pass's strict-mode driver, as MLIR's, hoists nothing.
// CHECK-LABEL: func.func @fold
// CHECK-NEXT:    affine.for %{{.*}} = 0 to 4 {
// CHECK-NEXT:      %[[C:.*]] = arith.constant 3 : index
// CHECK-NEXT:      "use"(%[[C]])
// CHECK-NEXT:    }
// CHECK-NEXT:    return
func.func @fold() {
  affine.for %i = 0 to 4 {
    %a = affine.apply affine_map<(d0) -> (d0 * 2 - d0 * 2 + 3)>(%i)
    "use"(%a) : (index) -> ()
  }
  return
}

// -----

// Semi-affine results: a remainder by a symbol dividing its dividend is 0,
// a quotient by it the symbolic quotient; a quotient of a quotient only
// commutes when of the same kind and not a factor of a product; (x - x mod
// q) mod q is 0 for a symbolic q; products by symbols distribute, and the
// terms of the rebuilt sum are ordered by dimension and symbol position.
// Each folded result's constant is made right before its op, one per fold.
// CHECK-DAG: #[[$NEG:.*]] = affine_map<()[s0, s1] -> (-(s1 floordiv s0) + 7)>
// CHECK-DAG: #[[$MIXED:.*]] = affine_map<()[s0] -> (((s0 * 3) floordiv 2) ceildiv s0)>
// CHECK-DAG: #[[$PRODUCT:.*]] = affine_map<()[s0] -> ((s0 + (s0 floordiv 2) * 3) floordiv s0)>
// CHECK-DAG: #[[$INNER:.*]] = affine_map<()[s0] -> (2 floordiv s0)>
// CHECK-DAG: #[[$SUM:.*]] = affine_map<()[s0, s1, s2, s3] -> (s0 * s2 + s0 * s3 + s1 * s3 + s2 + s3)>
// CHECK-LABEL: func.func @semi_affine
// CHECK-SAME:    (%[[A:.*]]: index, %[[B:.*]]: index, %[[C:.*]]: index, %[[D:.*]]: index)
// CHECK-NEXT:    %[[C0:.*]] = arith.constant 0 : index
// CHECK-NEXT:    %[[R1:.*]] = affine.apply #[[$NEG]]()[%[[B]], %[[A]]]
// CHECK-NEXT:    %[[C6:.*]] = arith.constant 6 : index
// CHECK-NEXT:    %[[R3:.*]] = affine.apply #[[$MIXED]]()[%[[B]]]
// CHECK-NEXT:    %[[R4:.*]] = affine.apply #[[$PRODUCT]]()[%[[B]]]
// CHECK-NEXT:    %[[C0B:.*]] = arith.constant 0 : index
// CHECK-NEXT:    %[[R6:.*]] = affine.apply #[[$SUM]]()[%[[C]], %[[D]], %[[A]], %[[B]]]
// CHECK-NEXT:    %[[R7:.*]] = affine.apply #[[$INNER]]()[%[[B]]]
// CHECK-NEXT:    return %[[C0]], %[[R1]], %[[C6]], %[[R3]], %[[R4]], %[[C0B]], %[[R6]], %[[R7]]
func.func @semi_affine(%a: index, %b: index, %c: index, %d: index) -> (index, index, index, index, index, index, index, index) {
  %0 = affine.apply affine_map<(d0)[s0] -> (((d0 floordiv s0) * s0 * 3 + s0 * s0) mod s0)>(%a)[%b]
  %1 = affine.apply affine_map<(d0)[s0] -> ((-((d0 floordiv s0) * s0) + s0 * 7) floordiv s0)>(%a)[%b]
  %2 = affine.apply affine_map<(d0)[s0] -> ((((s0 * 4) ceildiv 8) + s0 * 5) ceildiv s0)>(%a)[%b]
  %3 = affine.apply affine_map<(d0)[s0] -> (((s0 * 3) floordiv 2) ceildiv s0)>(%a)[%b]
  %4 = affine.apply affine_map<(d0)[s0] -> ((((s0 floordiv 2) * 3) + s0) floordiv s0)>(%a)[%b]
  %5 = affine.apply affine_map<()[s0, s1] -> ((s0 - s0 mod s1) mod s1)>()[%a, %b]
  %6 = affine.apply affine_map<(d0, d1)[s0, s1] -> (d0 + d0 * s0 + d1 * s0 + d1 * s1 + d1)>(%a, %b)[%c, %d]
  // The inner quotient divides; the outer one's dividend, 2, does not.
  %7 = affine.apply affine_map<()[s0] -> ((s0 * 2 floordiv s0) floordiv s0)>()[%b]
  return %0, %1, %2, %3, %4, %5, %6, %7 : index, index, index, index, index, index, index, index
}
