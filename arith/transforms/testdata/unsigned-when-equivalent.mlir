// RUN: kiln opt %s --arith-unsigned-when-equivalent | FileCheck %s

// Signed ops whose operands and results are all known non-negative become
// unsigned; floordivsi becomes divui. Each op is rewritten once, without
// folding: unused ops stay.
// CHECK-LABEL: func.func @non_negative
// CHECK:         arith.divui
// CHECK-NEXT:    arith.ceildivui
// CHECK-NEXT:    arith.divui
// CHECK-NEXT:    arith.remui
// CHECK-NEXT:    arith.minui
// CHECK-NEXT:    arith.maxui
// CHECK-NEXT:    arith.extui
// CHECK-NEXT:    arith.cmpi ule
// CHECK-NEXT:    arith.cmpi ult
// CHECK-NEXT:    arith.cmpi uge
// CHECK-NEXT:    arith.cmpi ugt
// CHECK-NEXT:    arith.cmpi eq
func.func @non_negative(%x: i32) {
  %c4 = arith.constant 4 : i32
  %c1023 = arith.constant 1023 : i32
  %v = arith.andi %x, %c1023 : i32
  %0 = arith.divsi %v, %c4 : i32
  %1 = arith.ceildivsi %v, %c4 : i32
  %2 = arith.floordivsi %v, %c4 : i32
  %3 = arith.remsi %v, %c4 : i32
  %4 = arith.minsi %v, %c4 : i32
  %5 = arith.maxsi %v, %c4 : i32
  %6 = arith.extsi %v : i32 to i64
  %7 = arith.cmpi sle, %v, %c4 : i32
  %8 = arith.cmpi slt, %v, %c4 : i32
  %9 = arith.cmpi sge, %v, %c4 : i32
  %10 = arith.cmpi sgt, %v, %c4 : i32
  %11 = arith.cmpi eq, %v, %c4 : i32
  return
}

// A value that may be negative, or one that may wrap to negative, keeps
// its signed ops; so do the results of calls, which are unknown.
// CHECK-LABEL: func.func @maybe_negative
// CHECK:         arith.divsi
// CHECK-NEXT:    arith.extsi
// CHECK-NEXT:    arith.cmpi slt
// CHECK:         arith.remsi
func.func @maybe_negative(%x: i8) -> (i8, i16, i1, i8) {
  %c0 = arith.constant 0 : i8
  %c1 = arith.constant 1 : i8
  %c2 = arith.constant 2 : i8
  %lo = arith.maxsi %x, %c0 : i8
  %w = arith.addi %lo, %c1 : i8
  %0 = arith.divsi %w, %c2 : i8
  %1 = arith.extsi %w : i8 to i16
  %2 = arith.cmpi slt, %w, %c2 : i8
  %y = call @get() : () -> i8
  %3 = arith.remsi %y, %c2 : i8
  return %0, %1, %2, %3 : i8, i16, i1, i8
}
func.func private @get() -> i8

// Inside a loop, the induction variable is non-negative. A value an
// op rewritten here defines has no range (as in MLIR, whose rewrite gives
// the new op's result none), so the comparison of it stays signed.
// CHECK-LABEL: func.func @loop
// CHECK:         scf.for %[[I:.*]] =
// CHECK-NEXT:      %[[R:.*]] = arith.remui %[[I]]
// CHECK-NEXT:      arith.cmpi slt, %[[R]]
// CHECK-NEXT:      arith.cmpi ule, %[[I]]
func.func @loop(%m: memref<8xi1>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c8 = arith.constant 8 : index
  scf.for %i = %c0 to %c8 step %c1 {
    %r = arith.remsi %i, %c3 : index
    %t = arith.cmpi slt, %r, %c1 : index
    %u = arith.cmpi sle, %i, %c3 : index
    %b = arith.andi %t, %u : i1
    memref.store %b, %m[%i] : memref<8xi1>
  }
  return
}
