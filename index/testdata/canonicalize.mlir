// RUN: kiln opt %s --canonicalize | FileCheck %s

// Constants fold only where a 32-bit and a 64-bit index agree.
// CHECK-LABEL: func.func @fold
func.func @fold() -> (index, index, index, index, i1, i1, i32, index) {
  %c6 = index.constant 6
  %c4 = index.constant 4
  %m1 = index.constant -1
  %big = index.constant 4294967296
  %0 = index.add %c6, %c4
  %1 = index.divu %m1, %c4
  %2 = index.shl %c6, %c4
  %3 = index.add %big, %c6
  %4 = index.cmp ult(%c4, %c6)
  %5 = index.cmp ugt(%big, %c6)
  %6 = index.castu %m1 : index to i32
  %7 = index.castu %6 : i32 to index
  // Truncation commutes with add, so this folds although it overflows i32.
  // CHECK-DAG: %[[ADD:.*]] = index.constant 4294967302
  // CHECK-DAG: %[[TEN:.*]] = index.constant 10
  // CHECK-DAG: %[[SHL:.*]] = index.constant 96
  // CHECK-DAG: %[[TRUE:.*]] = index.bool.constant true
  // CHECK-DAG: %[[DIV:.*]] = index.divu
  // CHECK-DAG: %[[UGT:.*]] = index.cmp ugt
  // Only index and i1 constants materialize in this dialect, as in MLIR.
  // CHECK-DAG: %[[TRUNC:.*]] = index.castu %{{.*}} : index to i32
  // CHECK-DAG: %[[CAST:.*]] = index.castu %[[TRUNC]] : i32 to index
  // CHECK: return %[[TEN]], %[[DIV]], %[[SHL]], %[[ADD]], %[[TRUE]], %[[UGT]], %[[TRUNC]], %[[CAST]]
  return %0, %1, %2, %3, %4, %5, %6, %7 : index, index, index, index, i1, i1, i32, index
}

// CHECK-LABEL: func.func @identities
// CHECK-SAME: (%[[A:.*]]: index)
func.func @identities(%a: index) -> (index, index, index, i1) {
  %c0 = index.constant 0
  %c1 = index.constant 1
  %0 = index.add %a, %c0
  %1 = index.mul %a, %c1
  %2 = index.maxs %a, %a
  %3 = index.cmp sle(%a, %a)
  // CHECK: %[[T:.*]] = index.bool.constant true
  // CHECK: return %[[A]], %[[A]], %[[A]], %[[T]]
  return %0, %1, %2, %3 : index, index, index, i1
}
