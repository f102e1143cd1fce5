// RUN: kiln opt %s --canonicalize | FileCheck %s

// CHECK-LABEL: func.func @fold_float
func.func @fold_float() -> (f32, f32, f32, f32, f16, f32) {
  %four = arith.constant 4.0 : f32
  %neg = arith.constant -4.0 : f32
  %x = arith.constant -2.5 : f32
  %h = arith.constant 1.0 : f16
  %0 = math.sqrt %four : f32
  // The square root of a negative number is not folded.
  // CHECK-DAG: %[[SQRTNEG:.*]] = math.sqrt
  %1 = math.sqrt %neg : f32
  %2 = math.round %x : f32
  %3 = math.roundeven %x : f32
  // Transcendental functions fold only for f32 and f64.
  // CHECK-DAG: %[[EXPH:.*]] = math.exp %{{.*}} : f16
  %4 = math.exp %h : f16
  %5 = math.absf %x : f32
  // CHECK-DAG: %[[TWO:.*]] = arith.constant 2.000000e+00 : f32
  // CHECK-DAG: %[[M3:.*]] = arith.constant -3.000000e+00 : f32
  // CHECK-DAG: %[[M2:.*]] = arith.constant -2.000000e+00 : f32
  // CHECK-DAG: %[[ABS:.*]] = arith.constant 2.500000e+00 : f32
  // CHECK: return %[[TWO]], %[[SQRTNEG]], %[[M3]], %[[M2]], %[[EXPH]], %[[ABS]]
  return %0, %1, %2, %3, %4, %5 : f32, f32, f32, f32, f16, f32
}

// CHECK-LABEL: func.func @fold_int
func.func @fold_int() -> (i32, i8, i8, vector<2xi1>, i32) {
  %zero = arith.constant 0 : i32
  %min = arith.constant -128 : i8
  %three = arith.constant 3 : i8
  %five = arith.constant 5 : i8
  %v = arith.constant dense<[0x7FC00000, 1.0]> : vector<2xf32>
  %m1 = arith.constant -1 : i32
  %0 = math.ctlz %zero : i32
  %1 = math.absi %min : i8
  %2 = math.ipowi %three, %five : i8
  %3 = math.isnan %v : vector<2xf32>
  // Zero to a negative power is not folded.
  // CHECK-DAG: %[[IPOW:.*]] = math.ipowi
  %4 = math.ipowi %zero, %m1 : i32
  // CHECK-DAG: %[[C32:.*]] = arith.constant 32 : i32
  // CHECK-DAG: %[[MIN:.*]] = arith.constant -128 : i8
  // CHECK-DAG: %[[POW:.*]] = arith.constant -13 : i8
  // CHECK-DAG: %[[NAN:.*]] = arith.constant dense<[true, false]> : vector<2xi1>
  // CHECK: return %[[C32]], %[[MIN]], %[[POW]], %[[NAN]], %[[IPOW]]
  return %0, %1, %2, %3, %4 : i32, i8, i8, vector<2xi1>, i32
}

// CHECK-LABEL: func.func @fold_clampf_sincos
func.func @fold_clampf_sincos() -> (f32, f32, f32) {
  %x = arith.constant 7.0 : f32
  %lo = arith.constant 0.0 : f32
  %hi = arith.constant 2.5 : f32
  %0 = math.clampf %x to [%lo, %hi] : f32
  %1:2 = math.sincos %lo : f32
  // CHECK-DAG: %[[HI:.*]] = arith.constant 2.500000e+00 : f32
  // CHECK-DAG: %[[ZERO:.*]] = arith.constant 0.000000e+00 : f32
  // CHECK-DAG: %[[ONE:.*]] = arith.constant 1.000000e+00 : f32
  // CHECK: return %[[HI]], %[[ZERO]], %[[ONE]]
  return %0, %1#0, %1#1 : f32, f32, f32
}

// A rounding mode other than to_nearest_even keeps math.fma from folding.
// CHECK-LABEL: func.func @fold_fma_rounding
// CHECK-DAG: %[[R:.*]] = arith.constant 7.000000e+00 : f32
// CHECK-DAG: %[[D:.*]] = math.fma %{{.*}}, %{{.*}}, %{{.*}} downward : f32
// CHECK: return %[[R]], %[[D]]
func.func @fold_fma_rounding() -> (f32, f32) {
  %a = arith.constant 2.0 : f32
  %b = arith.constant 3.0 : f32
  %c = arith.constant 1.0 : f32
  %0 = math.fma %a, %b, %c to_nearest_even : f32
  %1 = math.fma %a, %b, %c downward : f32
  return %0, %1 : f32, f32
}
