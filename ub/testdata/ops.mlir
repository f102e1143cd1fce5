// RUN: kiln opt %s | FileCheck %s
// RUN: kiln opt %s --mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC
// RUN: kiln opt %s --canonicalize | FileCheck %s --check-prefix=CANON

// CHECK-LABEL: func.func @poison
// CHECK: %[[A:.*]] = ub.poison : i32
// CHECK: %[[B:.*]] = ub.poison : vector<4xf32>
// CHECK: %[[C:.*]] = ub.poison {tag} : index
// GENERIC: "ub.poison"() <{value = #ub.poison}> : () -> i32
// GENERIC: "ub.poison"() <{value = #ub.poison}> : () -> vector<4xf32>
// CANON-LABEL: func.func @poison
// CANON-NEXT: %[[P:.*]] = ub.poison : i32
// CANON-NOT: ub.poison : i32
func.func @poison() -> (i32, vector<4xf32>, index, i32) {
  %0 = ub.poison : i32
  %1 = ub.poison <#ub.poison> : vector<4xf32>
  %2 = ub.poison {tag} : index
  %3 = ub.poison : i32
  return %0, %1, %2, %3 : i32, vector<4xf32>, index, i32
}

// The value may be left out of the generic form: it defaults to #ub.poison.
// CHECK-LABEL: func.func @generic
// CHECK: ub.poison : f16
func.func @generic() -> f16 {
  %0 = "ub.poison"() : () -> f16
  return %0 : f16
}

// The ops before ub.unreachable never matter: canonicalization erases them.
// CHECK-LABEL: func.func @unreachable
// CHECK: cf.assert
// CHECK-NEXT: ub.unreachable
// CANON-LABEL: func.func @unreachable
// CANON-NEXT: ub.unreachable
func.func @unreachable(%c: i1) {
  cf.assert %c, "not reached"
  ub.unreachable
}
