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

// Signed divisions wrap as APInt does: ceildivs(INT32_MIN, -1) is 2^31 at
// 64 bits and wraps to the same low 32 bits at 32, so it folds; divs of
// INT64_MIN by -1 is 0 at 32 bits, the low half of the wrapped 64-bit result.
// CHECK-LABEL: func.func @signed_division_wraps
func.func @signed_division_wraps() -> (index, index, index, index) {
  %min32 = index.constant -2147483648
  %min64 = index.constant -9223372036854775808
  %m1 = index.constant -1
  %c7 = index.constant 7
  %m2 = index.constant -2
  %0 = index.ceildivs %min32, %m1
  %1 = index.divs %min64, %m1
  %2 = index.floordivs %c7, %m2
  %3 = index.ceildivs %c7, %m2
  // CHECK-DAG: %[[A:.*]] = index.constant 2147483648
  // CHECK-DAG: %[[B:.*]] = index.constant -9223372036854775808
  // CHECK-DAG: %[[C:.*]] = index.constant -4
  // CHECK-DAG: %[[D:.*]] = index.constant -3
  // CHECK: return %[[A]], %[[B]], %[[C]], %[[D]]
  return %0, %1, %2, %3 : index, index, index, index
}

// x * 0 folds to the 0 and x * 1 to x.
// CHECK-LABEL: func.func @mul_by_zero_and_one
// CHECK-SAME: (%[[X:.*]]: index)
func.func @mul_by_zero_and_one(%x: index) -> (index, index) {
  %c0 = index.constant 0
  %c1 = index.constant 1
  %0 = index.mul %x, %c0
  %1 = index.mul %x, %c1
  // CHECK: %[[Z:.*]] = index.constant 0
  // CHECK-NEXT: return %[[Z]], %[[X]]
  return %0, %1 : index, index
}

// casts sign-extends a constant narrower than 64 bits, castu zero-extends it.
// CHECK-LABEL: func.func @cast_extension
func.func @cast_extension() -> (index, index) {
  %c = arith.constant -1000 : i48
  %0 = index.casts %c : i48 to index
  %1 = index.castu %c : i48 to index
  // CHECK-DAG: %[[S:.*]] = index.constant -1000
  // CHECK-DAG: %[[U:.*]] = index.constant 281474976709656
  // CHECK: return %[[S]], %[[U]]
  return %0, %1 : index, index
}

// A max or min with a constant bounds its result: comparisons the bound
// decides at both index widths fold, the others stay.
// CHECK-LABEL: func.func @cmp_of_max_min
func.func @cmp_of_max_min(%x: index) -> (i1, i1, i1, i1, i1) {
  %c0 = index.constant 0
  %c5 = index.constant 5
  %c9 = index.constant 9
  %max = index.maxs %x, %c5
  %min = index.minu %x, %c5
  %0 = index.cmp sge(%max, %c5)
  %1 = index.cmp ult(%min, %c9)
  %2 = index.cmp eq(%max, %c0)
  %3 = index.cmp sgt(%max, %c9)
  %4 = index.cmp ne(%min, %c9)
  // CHECK-DAG: %[[T:.*]] = index.bool.constant true
  // CHECK-DAG: %[[F:.*]] = index.bool.constant false
  // CHECK-DAG: %[[UNDECIDED:.*]] = index.cmp sgt(
  // CHECK: return %[[T]], %[[T]], %[[F]], %[[UNDECIDED]], %[[T]]
  return %0, %1, %2, %3, %4 : i1, i1, i1, i1, i1
}

// Comparing a difference with zero compares its operands.
// CHECK-LABEL: func.func @cmp_of_sub_zero
// CHECK-SAME: (%[[A:.*]]: index, %[[B:.*]]: index)
func.func @cmp_of_sub_zero(%a: index, %b: index) -> (i1, i1) {
  %c0 = index.constant 0
  %d = index.sub %a, %b
  %0 = index.cmp slt(%d, %c0)
  %1 = index.cmp ult(%c0, %d)
  // CHECK-DAG: %[[L:.*]] = index.cmp slt(%[[A]], %[[B]])
  // CHECK-DAG: %[[R:.*]] = index.cmp ult(%[[B]], %[[A]])
  // CHECK: return %[[L]], %[[R]]
  return %0, %1 : i1, i1
}
