// RUN: kiln opt %s --allow-unregistered-dialect --canonicalize --split-input-file | FileCheck %s

// affine.apply, min and max of constants fold; an apply that forwards an
// operand is that operand; a loop without results and with an empty body
// is erased.
// CHECK-LABEL: func.func @folds
// CHECK-SAME: (%[[N:.*]]: index)
// CHECK-DAG: %[[C2:.*]] = arith.constant 2 : index
// CHECK-DAG: %[[C9:.*]] = arith.constant 9 : index
// CHECK-DAG: %[[C10:.*]] = arith.constant 10 : index
// CHECK-NOT: affine.for
// CHECK: "test.use"(%[[C9]], %[[N]], %[[C2]], %[[C9]], %[[C10]])
func.func @folds(%n: index) {
  %c3 = arith.constant 3 : index
  %a = affine.apply affine_map<(d0)[s0] -> (d0 * 2 + s0)>(%c3)[%c3]
  %a1 = affine.apply affine_map<(d0) -> (d0 + 1)>(%a)
  %b = affine.apply affine_map<()[s0] -> (s0)>()[%n]
  %lo = affine.min affine_map<(d0) -> (d0 - 1, 4)>(%c3)
  %hi = affine.max affine_map<(d0) -> (d0 * 3, 4)>(%c3)
  %z = affine.apply affine_map<(d0) -> (d0 floordiv 0)>(%c3)
  affine.for %i = 0 to 10 {
  }
  "test.use"(%a, %b, %lo, %hi, %a1) : (index, index, index, index, index) -> ()
  return
}

// -----

// A division by zero is not folded.
// CHECK-LABEL: func.func @no_fold_div_zero
// CHECK: affine.apply
func.func @no_fold_div_zero() -> index {
  %c3 = arith.constant 3 : index
  %z = affine.apply affine_map<(d0) -> (d0 floordiv 0)>(%c3)
  return %z : index
}

// -----

// Bounds whose operands are constant become constants (the largest lower
// and the smallest upper result); a loop that then runs zero times is its
// inits.
// CHECK-LABEL: func.func @for_bounds
// CHECK-SAME: (%[[N:.*]]: index, %[[X:.*]]: f32)
// CHECK: affine.for %{{.*}} = 5 to %[[N]] step 2 {
// CHECK: affine.for %{{.*}} = 3 to 4 {
// CHECK-NOT: affine.for
// CHECK: return %[[X]]
func.func @for_bounds(%n: index, %x: f32) -> f32 {
  %c3 = arith.constant 3 : index
  %c5 = arith.constant 5 : index
  affine.for %i = max affine_map<()[s0, s1] -> (s0, s1)>()[%c3, %c5] to %n step 2 {
    "test.use"(%i) : (index) -> ()
  }
  affine.for %i = %c3 to min affine_map<(d0) -> (d0 + 1, 9)>(%c3) {
    "test.use"(%i) : (index) -> ()
  }
  %r = affine.for %i = %c5 to %c3 iter_args(%a = %x) -> (f32) {
    %b = "test.step"(%a) : (f32) -> f32
    affine.yield %b : f32
  }
  return %r : f32
}

// -----

// affine.min and max fold when every result is constant once the constant
// operands are substituted, even with other operands unknown; otherwise
// the map and operands are canonicalized (function arguments are symbols,
// constant symbols constants) and the results sorted by their flat forms.
// A single result becomes affine.apply, repeated results go, and
// ()[s0] -> (s0) is its operand.
// CHECK-DAG: #[[$PART:.*]] = affine_map<()[s0] -> (4, s0 + 2)>
// CHECK-DAG: #[[$DEDUP:.*]] = affine_map<()[s0, s1] -> (s1, s0)>
// CHECK-DAG: #[[$ONE:.*]] = affine_map<()[s0] -> (s0 + 5)>
// CHECK-LABEL: func.func @min_max
// CHECK-SAME: (%[[A:.*]]: index, %[[B:.*]]: index)
// CHECK-DAG:   %[[C5:.*]] = arith.constant 5 : index
// CHECK:       %[[P:.*]] = affine.min #[[$PART]]()[%[[A]]]
// CHECK-NEXT:  %[[D:.*]] = affine.max #[[$DEDUP]]()[%[[B]], %[[A]]]
// CHECK-NEXT:  %[[O:.*]] = affine.apply #[[$ONE]]()[%[[A]]]
// CHECK-NEXT:  "test.use"(%[[C5]], %[[P]], %[[D]], %[[O]], %[[B]])
func.func @min_max(%a: index, %b: index) {
  %c2 = arith.constant 2 : index
  %0 = affine.max affine_map<(d0, d1) -> (d1 + 3, 4)>(%a, %c2)
  %1 = affine.min affine_map<(d0, d1) -> (d0 + d1, 4)>(%a, %c2)
  %2 = affine.max affine_map<(d0)[s0] -> (d0, s0, d0)>(%a)[%b]
  %3 = affine.min affine_map<(d0) -> (d0 + 5)>(%a)
  %4 = affine.max affine_map<()[s0] -> (s0)>()[%b]
  "test.use"(%0, %1, %2, %3, %4) : (index, index, index, index, index) -> ()
  return
}

// -----

// delinearize_index and linearize_index fold constant basis values into
// the static basis, a single index to itself, and constant inputs over a
// static basis to constants (floor division and non-negative remainders
// for negative inputs).
// CHECK-LABEL: func.func @index_op_folds
// CHECK-SAME: (%[[I:.*]]: index, %[[J:.*]]: index, %[[N:.*]]: index)
// CHECK-DAG:   %[[CM2:.*]] = arith.constant -2 : index
// CHECK-DAG:   %[[C1:.*]] = arith.constant 1 : index
// CHECK-DAG:   %[[C57:.*]] = arith.constant 57 : index
// CHECK-DAG:   %[[C0:.*]] = arith.constant 0 : index
// CHECK:       %[[D:.*]]:2 = affine.delinearize_index %[[I]] into (%[[N]], 16) : index, index
// CHECK:       %[[L:.*]] = affine.linearize_index disjoint [%[[I]], %[[J]]] by (16) : index
// CHECK:       "test.use"(%[[D]]#0, %[[D]]#1, %[[L]], %[[I]], %[[I]], %[[CM2]], %[[C1]], %[[C57]], %[[C0]])
func.func @index_op_folds(%i: index, %j: index, %n: index) {
  %c16 = arith.constant 16 : index
  %cm3 = arith.constant -3 : index
  %c5 = arith.constant 5 : index
  %c7 = arith.constant 7 : index
  %d:2 = affine.delinearize_index %i into (%n, %c16) : index, index
  %l = affine.linearize_index disjoint [%i, %j] by (%c16) : index
  %one = affine.delinearize_index %i into (8) : index
  %same = affine.linearize_index [%i] by (8) : index
  %neg:2 = affine.delinearize_index %cm3 into (2) : index, index
  %lin = affine.linearize_index [%c5, %c7] by (4, 10) : index
  %none = affine.linearize_index [] by () : index
  "test.use"(%d#0, %d#1, %l, %one, %same, %neg#0, %neg#1, %lin, %none) : (index, index, index, index, index, index, index, index, index) -> ()
  return
}

// -----

// A delinearize drops its unit basis entries (those results are zero); a
// delinearize of a disjoint linearize cancels the common tail of their
// bases (all of it when the bases are equal), or splits off the last input
// when the delinearize's last sizes multiply to its bound.
// CHECK-LABEL: func.func @delinearize_canonicalizations
// CHECK-SAME: (%[[X:.*]]: index, %[[Y:.*]]: index, %[[Z:.*]]: index, %[[N:.*]]: index)
// CHECK-DAG:   %[[C0:.*]] = arith.constant 0 : index
// CHECK:       %[[U:.*]]:2 = affine.delinearize_index %[[X]] into (%[[N]], 7) : index, index
// CHECK:       %[[L:.*]] = affine.linearize_index disjoint [%[[X]], %[[Y]]] by (3, 2) : index
// CHECK:       %[[T:.*]]:2 = affine.delinearize_index %[[L]] into (6) : index, index
// CHECK:       %[[L2:.*]] = affine.linearize_index disjoint [%[[X]], %[[Y]]] by (3, 2) : index
// CHECK:       %[[H:.*]]:2 = affine.delinearize_index %[[L2]] into (2, 3) : index, index
// CHECK:       %[[S:.*]]:2 = affine.delinearize_index %[[Z]] into (8, 4) : index, index
// CHECK:       "test.use"(%[[C0]], %[[U]]#0, %[[C0]], %[[U]]#1, %[[X]], %[[Y]], %[[T]]#0, %[[T]]#1, %[[Z]], %[[H]]#0, %[[H]]#1, %[[S]]#0, %[[S]]#1)
func.func @delinearize_canonicalizations(%x: index, %y: index, %z: index, %n: index) {
  %c1 = arith.constant 1 : index
  %u:4 = affine.delinearize_index %x into (%c1, %n, 1, 7) : index, index, index, index
  %same = affine.linearize_index disjoint [%x, %y] by (4, %n) : index
  %s:2 = affine.delinearize_index %same into (4, %n) : index, index
  %lin = affine.linearize_index disjoint [%x, %y, %z] by (3, 2, 32) : index
  %t:3 = affine.delinearize_index %lin into (6, 32) : index, index, index
  %h:4 = affine.delinearize_index %lin into (2, 3, 8, 4) : index, index, index, index
  "test.use"(%u#0, %u#1, %u#2, %u#3, %s#0, %s#1, %t#0, %t#1, %t#2, %h#0, %h#1, %h#2, %h#3) : (index, index, index, index, index, index, index, index, index, index, index, index, index) -> ()
  return
}

// -----

// A delinearize of a linearize that is not disjoint stays: its inputs may
// be out of bounds.
// CHECK-LABEL: func.func @delinearize_of_linearize_not_disjoint
// CHECK:       %[[L:.*]] = affine.linearize_index [%{{.*}}, %{{.*}}] by (4, 8) : index
// CHECK:       affine.delinearize_index %[[L]] into (4, 8) : index, index
func.func @delinearize_of_linearize_not_disjoint(%x: index, %y: index) -> (index, index) {
  %l = affine.linearize_index [%x, %y] by (4, 8) : index
  %d:2 = affine.delinearize_index %l into (4, 8) : index, index
  return %d#0, %d#1 : index, index
}

// -----

// A linearize of a run of a delinearize's results over the same bounds
// takes their product instead (the delinearize's other users get a
// residual delinearize of the merged result); all results of it cancel
// the delinearize; a leading zero index goes with its bound; a unit basis
// entry goes when the linearize is disjoint or its index is zero.
// CHECK-DAG:   #[[PROD:.*]] = affine_map<()[s0] -> (s0 * 4)>
// CHECK-LABEL: func.func @linearize_canonicalizations
// CHECK-SAME: (%[[X:.*]]: index, %[[Y:.*]]: index, %[[N:.*]]: index)
// CHECK-DAG:   %[[C0:.*]] = arith.constant 0 : index
// CHECK-DAG:   %[[C1:.*]] = arith.constant 1 : index
// CHECK:       %[[ALL:.*]] = affine.linearize_index [%[[X]], %[[C0]]] by (64, 16) : index
// CHECK:       %[[P:.*]] = affine.apply #[[PROD]]()[%[[N]]]
// CHECK:       %[[M:.*]]:2 = affine.delinearize_index %[[X]] into (%[[P]], 8) : index, index
// CHECK:       %[[R:.*]]:2 = affine.delinearize_index %[[M]]#0 into (%[[N]], 4) : index, index
// CHECK:       %[[PART:.*]] = affine.linearize_index [%[[Y]], %[[M]]#0] by (%[[P]]) : index
// CHECK:       %[[Z:.*]] = affine.linearize_index [%[[X]], %[[Y]]] by (1, 16) : index
// CHECK:       %[[D:.*]] = affine.linearize_index disjoint [%[[X]], %[[C1]], %[[Y]]] by (3, 2, 16) : index
// CHECK:       "test.use"(%[[ALL]], %[[PART]], %[[R]]#1, %[[M]]#1, %[[Z]], %[[D]], %[[Y]])
func.func @linearize_canonicalizations(%x: index, %y: index, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %s:3 = affine.delinearize_index %x into (2, 4, 8) : index, index, index
  %all = affine.linearize_index [%s#0, %s#1, %s#2, %c0] by (2, 4, 8, 16) : index
  %p:3 = affine.delinearize_index %x into (%n, 4, 8) : index, index, index
  %part = affine.linearize_index [%y, %p#0, %p#1] by (%n, 4) : index
  %zero = affine.linearize_index [%c0, %x, %y] by (%n, 1, 16) : index
  %dis = affine.linearize_index disjoint [%x, %y, %c1, %y] by (3, 1, 2, 16) : index
  %lone = affine.linearize_index [%c0, %y] by (%n, 5) : index
  "test.use"(%all, %part, %p#1, %p#2, %zero, %dis, %lone) : (index, index, index, index, index, index, index) -> ()
  return
}

// -----

// affine.apply ops that feed an affine op are composed into its map; the
// map's operands are then canonicalized (a constant symbol becomes a
// constant, a dim that is a valid symbol a symbol, repeated operands one,
// unused ones gone) and the map simplified: equal terms merge, products
// distribute over sums, common factors of a division cancel, and
// e - (e floordiv c) * c reads e mod c.
// CHECK-DAG: #[[$SUM:.*]] = affine_map<()[s0, s1] -> (s0 * 42 + s1 + 6)>
// CHECK-DAG: #[[$DIST:.*]] = affine_map<(d0) -> ((d0 * 4 - 4) floordiv 3)>
// CHECK-DAG: #[[$CANCEL:.*]] = affine_map<(d0) -> ((d0 * 3) floordiv 2 + 1)>
// CHECK-DAG: #[[$MOD:.*]] = affine_map<()[s0] -> (s0 mod 8)>
// CHECK-DAG: #[[$MIN:.*]] = affine_map<(d0)[s0] -> (s0, d0 * 2)>
// CHECK-LABEL: func.func @compose
// CHECK-SAME: (%[[A:.*]]: index, %[[B:.*]]: index, %[[M:.*]]: memref<16xf32>)
// CHECK:       affine.for %[[I:.*]] = 0 to 8 {
// CHECK-NEXT:    %[[S:.*]] = affine.apply #[[$SUM]]()[%[[B]], %[[A]]]
// CHECK-NEXT:    %[[D:.*]] = affine.apply #[[$DIST]](%[[I]])
// CHECK-NEXT:    %[[C:.*]] = affine.apply #[[$CANCEL]](%[[I]])
// CHECK-NEXT:    %[[O:.*]] = affine.apply #[[$MOD]]()[%[[A]]]
// CHECK-NEXT:    %[[L:.*]] = affine.load %[[M]][%[[I]] + 4] : memref<16xf32>
// CHECK-NEXT:    affine.store %[[L]], %[[M]][%[[I]] + 4] : memref<16xf32>
// CHECK-NEXT:    %[[N:.*]] = affine.min #[[$MIN]](%[[I]])[%[[A]]]
// CHECK-NEXT:    "test.use"(%[[S]], %[[D]], %[[C]], %[[O]], %[[N]])
func.func @compose(%a: index, %b: index, %m: memref<16xf32>) {
  %c3 = arith.constant 3 : index
  affine.for %i = 0 to 8 {
    %x = affine.apply affine_map<(d0)[s0] -> (d0 - 1 + 42 * s0)>(%a)[%b]
    %s = affine.apply affine_map<(d0) -> (d0 + 7)>(%x)
    %p = affine.apply affine_map<(d0) -> (d0 - 1)>(%i)
    %d = affine.apply affine_map<(d0) -> ((d0 * 4) floordiv 3)>(%p)
    %q = affine.apply affine_map<(d0, d1) -> ((d0 * 3 + d1 * 3 + 4) floordiv 4)>(%i, %i)
    %o = affine.apply affine_map<(d0) -> (d0 - (d0 floordiv 8) * 8)>(%a)
    %k = affine.apply affine_map<(d0)[s0] -> (d0 + s0 + 1)>(%i)[%c3]
    %v = affine.load %m[%k] : memref<16xf32>
    affine.store %v, %m[%k] : memref<16xf32>
    %t = affine.apply affine_map<(d0) -> (d0 * 2)>(%i)
    %n = affine.min affine_map<(d0, d1) -> (d0, d1)>(%t, %a)
    "test.use"(%s, %d, %q, %o, %n) : (index, index, index, index, index) -> ()
  }
  return
}

// -----

// affine.parallel folds constant and symbol bound operands into its maps.
// CHECK-LABEL: func.func @parallel_bounds
// CHECK:         affine.parallel (%{{.*}}) = (0) to (symbol(%arg0) + 2)
func.func @parallel_bounds(%n: index) {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  affine.parallel (%i) = (%c0) to (%n + %c2) {
    "test.op"() : () -> ()
  }
  return
}

// -----

// affine.for composes the affine.apply ops that feed its bounds into its
// maps (and drops repeated results); affine.if does so for its set.
// CHECK-DAG: #[[$LB:.*]] = affine_map<()[s0] -> (s0 + 4)>
// CHECK-DAG: #[[$UB:.*]] = affine_map<()[s0] -> (s0 * 2, 64)>
// CHECK-DAG: #[[$SET:.*]] = affine_set<(d0)[s0] : (d0 - s0 - 1 >= 0)>
// CHECK-LABEL: func.func @for_if_compose
// CHECK-SAME: (%[[N:.*]]: index)
// CHECK:       affine.for %[[I:.*]] = #[[$LB]]()[%[[N]]] to min #[[$UB]]()[%[[N]]] {
// CHECK-NEXT:    affine.if #[[$SET]](%[[I]])[%[[N]]] {
func.func @for_if_compose(%n: index) {
  %a = affine.apply affine_map<(d0) -> (d0 + 4)>(%n)
  %b = affine.apply affine_map<(d0) -> (d0 * 2)>(%n)
  affine.for %i = %a to min affine_map<(d0) -> (d0, 64, d0)>(%b) {
    %c = affine.apply affine_map<(d0) -> (d0 + 1)>(%n)
    affine.if affine_set<(d0, d1) : (d0 - d1 >= 0)>(%i, %c) {
      "test.op"() : () -> ()
    }
  }
  return
}

// -----

// A loop whose body only yields is replaced by what it yields: the inits of
// the iter_args yielded, values from outside. Not with an unknown trip
// count and a value from outside, nor when it yields its induction
// variable. A bound folds as soon as its results are constant with the
// constant operands substituted.
// CHECK-LABEL: func.func @empty_loops
// CHECK-SAME: (%[[N:.*]]: index)
// CHECK-DAG:   %[[C0:.*]] = arith.constant 0 : index
// CHECK-DAG:   %[[C2:.*]] = arith.constant 2 : index
// CHECK:       %[[KEEP:.*]] = affine.for %{{.*}} = 0 to %[[N]] iter_args(%{{.*}} = %[[C0]]) -> (index) {
// CHECK:       %[[IV:.*]] = affine.for %[[I:.*]] = 0 to 4 iter_args(%{{.*}} = %[[C0]]) -> (index) {
// CHECK-NEXT:    affine.yield %[[I]] : index
// CHECK:       affine.for %{{.*}} = 1 to 7 {
// CHECK:       "test.use"(%[[C0]], %[[C2]], %[[C0]], %[[KEEP]], %[[IV]])
func.func @empty_loops(%n: index) {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %a = affine.for %i = 0 to %n iter_args(%x = %c0) -> index {
    affine.yield %x : index
  }
  %b:2 = affine.for %i = 0 to 10 iter_args(%x = %c0, %y = %c0) -> (index, index) {
    affine.yield %c2, %y : index, index
  }
  %c = affine.for %i = 0 to %n iter_args(%x = %c0) -> index {
    affine.yield %c2 : index
  }
  %d = affine.for %i = 0 to 4 iter_args(%x = %c0) -> index {
    affine.yield %i : index
  }
  affine.for %i = max affine_map<(d0) -> (0, 1)>(%n) to min affine_map<(d0, d1) -> (7, 9)>(%n, %n) {
    "test.op"() : () -> ()
  }
  "test.use"(%a, %b#0, %b#1, %c, %d) : (index, index, index, index, index) -> ()
  return
}

// -----

// A min whose result is a dim or symbol bound to another min takes that
// min's results (max likewise); the merged results are then sorted.
// CHECK-DAG: #[[$MERGED:.*]] = affine_map<()[s0, s1] -> (s1 + 8, s1 * 4, s0 + 7)>
// CHECK-DAG: #[[$KEPT:.*]] = affine_map<()[s0, s1] -> (s1 + 7, s0 + 4)>
// CHECK-LABEL: func.func @merge_min_max
// CHECK-SAME: (%[[A:.*]]: index, %[[B:.*]]: index)
// CHECK:       %[[M:.*]] = affine.min #[[$MERGED]]()[%[[B]], %[[A]]]
// CHECK:       %[[X:.*]] = affine.max
// CHECK:       %[[K:.*]] = affine.max #[[$KEPT]]()[%[[B]], %[[X]]]
func.func @merge_min_max(%a: index, %b: index) -> (index, index) {
  %0 = affine.min affine_map<()[s0] -> (s0 + 8, s0 * 4)>()[%a]
  %1 = affine.min affine_map<()[s0, s1] -> (s0, 7 + s1)>()[%0, %b]
  %2 = affine.max affine_map<()[s0] -> (s0 + 8, s0 * 4)>()[%a]
  %3 = affine.max affine_map<()[s0, s1] -> (s0 + 4, 7 + s1)>()[%b, %2]
  return %1, %3 : index, index
}

// -----

// A load from a constant global folds to the element: any of a splat, the
// one at constant subscripts otherwise.
// CHECK-LABEL: func.func @load_constant_global
// CHECK-DAG:   %[[A:.*]] = arith.constant 5 : i32
// CHECK-DAG:   %[[B:.*]] = arith.constant 7 : i32
// CHECK:       %[[V:.*]] = affine.load %{{.*}}[symbol(%arg0), 1] : memref<2x2xi32>
// CHECK:       return %[[A]], %[[B]], %[[V]]
memref.global "private" constant @splat : memref<4xi32> = dense<5>
memref.global "private" constant @table : memref<2x2xi32> = dense<[[1, 2], [7, 8]]>
func.func @load_constant_global(%i: index) -> (i32, i32, i32) {
  %s = memref.get_global @splat : memref<4xi32>
  %t = memref.get_global @table : memref<2x2xi32>
  %a = affine.load %s[%i] : memref<4xi32>
  %b = affine.load %t[1, 0] : memref<2x2xi32>
  %c = affine.load %t[%i, 1] : memref<2x2xi32>
  return %a, %b, %c : i32, i32, i32
}

// -----

// An empty else of an affine.if without results goes; with the set 0 == 0
// the then block takes the op's place, with 1 == 0 the else block (or
// nothing).
// CHECK-LABEL: func.func @if_patterns
// CHECK-SAME: (%[[I:.*]]: index, %[[A:.*]]: f32, %[[B:.*]]: f32)
// CHECK-NEXT:    affine.if #{{.*}}()[%[[I]]] {
// CHECK-NEXT:      "test.op"() : () -> ()
// CHECK-NEXT:    }
// CHECK-NEXT:    "test.always"() : () -> ()
// CHECK-NEXT:    return %[[A]], %[[B]] : f32, f32
func.func @if_patterns(%i: index, %a: f32, %b: f32) -> (f32, f32) {
  affine.if affine_set<(d0) : (d0 >= 0)>(%i) {
    "test.op"() : () -> ()
  } else {
  }
  affine.if affine_set<(d0) : (1 == 0)>(%i) {
    "test.never"() : () -> ()
  }
  %r = affine.if affine_set<() : (0 == 0)>() -> f32 {
    "test.always"() : () -> ()
    affine.yield %a : f32
  } else {
    affine.yield %b : f32
  }
  %s = affine.if affine_set<(d0) : (1 == 0)>(%i) -> f32 {
    affine.yield %a : f32
  } else {
    affine.yield %b : f32
  }
  return %r, %s : f32, f32
}

// -----

// What the enclosing loops' constant bounds say of an induction variable
// simplifies maps: a floordiv or mod whose operand stays in one interval,
// a loop bound's result another result always beats.
// CHECK-LABEL: func.func @with_bounds
// CHECK:       affine.for %[[I:.*]] = 0 to 32 {
// CHECK-NEXT:    affine.store %{{.*}}, %{{.*}}[0] : memref<64xf32>
// CHECK-NEXT:    affine.store %{{.*}}, %{{.*}}[%[[I]]] : memref<64xf32>
// CHECK-NEXT:    affine.store %{{.*}}, %{{.*}}[%[[I]] floordiv 16] : memref<64xf32>
// CHECK:       affine.for %[[J:.*]] = 0 to 2 {
// CHECK-NEXT:    affine.for %{{.*}} = 5 to 10 {
func.func @with_bounds(%A: memref<64xf32>, %f: f32) {
  affine.for %i = 0 to 32 {
    affine.store %f, %A[%i floordiv 32] : memref<64xf32>
    affine.store %f, %A[%i mod 32] : memref<64xf32>
    affine.store %f, %A[%i floordiv 16] : memref<64xf32>
  }
  affine.for %j = 0 to 2 {
    affine.for %k = max affine_map<(d0) -> (5, 4 * d0)>(%j) to 10 {
      "test.op"() : () -> ()
    }
  }
  return
}

// -----

// On vectors of index, a unit basis entry's result is a zero vector and the
// linearize of a disjoint unit entry drops it; the cancellations apply as on
// indices.
// CHECK-LABEL: func.func @vector_index_canonicalizations
// CHECK-SAME:    (%[[V:.*]]: vector<4xindex>, %{{.*}}: vector<4xindex>)
// CHECK-DAG:     %[[ZERO:.*]] = arith.constant dense<0> : vector<4xindex>
// CHECK-DAG:     %[[D:.*]]:2 = affine.delinearize_index %[[V]] into (4, 8) : vector<4xindex>, vector<4xindex>
// CHECK:         return %[[D]]#0, %[[ZERO]], %[[D]]#1, %[[V]], %[[V]] :
func.func @vector_index_canonicalizations(%v: vector<4xindex>, %w: vector<4xindex>) -> (vector<4xindex>, vector<4xindex>, vector<4xindex>, vector<4xindex>, vector<4xindex>) {
  %0:3 = affine.delinearize_index %v into (4, 1, 8) : vector<4xindex>, vector<4xindex>, vector<4xindex>
  %1 = affine.linearize_index disjoint [%v, %w] by (4, 1) : vector<4xindex>
  %2 = affine.linearize_index disjoint [%v, %w] by (8) : vector<4xindex>
  %3:2 = affine.delinearize_index %2 into (8) : vector<4xindex>, vector<4xindex>
  return %0#0, %0#1, %0#2, %3#0, %1 : vector<4xindex>, vector<4xindex>, vector<4xindex>, vector<4xindex>, vector<4xindex>
}
