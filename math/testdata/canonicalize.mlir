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

// fpowi folds only when its power converts exactly to the base's type.
// CHECK-LABEL: func.func @fpowi_exact_power
func.func @fpowi_exact_power() -> (f32, f32, f16) {
  %two = arith.constant 2.0 : f32
  %c3 = arith.constant 3 : i32
  // CHECK-DAG: %[[EIGHT:.*]] = arith.constant 8.000000e+00 : f32
  %0 = math.fpowi %two, %c3 : f32, i32
  // 2^24 + 1 has no f32.
  %big = arith.constant 16777217 : i32
  // CHECK-DAG: %[[KEEP:.*]] = math.fpowi %{{.*}}, %{{.*}} : f32, i32
  %1 = math.fpowi %two, %big : f32, i32
  // 2049 has no f16.
  %one = arith.constant 1.0 : f16
  %c2049 = arith.constant 2049 : i32
  // CHECK-DAG: %[[KEEP16:.*]] = math.fpowi %{{.*}}, %{{.*}} : f16, i32
  %2 = math.fpowi %one, %c2049 : f16, i32
  // CHECK: return %[[EIGHT]], %[[KEEP]], %[[KEEP16]]
  return %0, %1, %2 : f32, f32, f16
}

// A math op of poison is poison.
// CHECK-LABEL: func.func @math_of_poison
func.func @math_of_poison() -> (f32, vector<2xf16>, i32, f32) {
  %p = ub.poison : f32
  %v = ub.poison : vector<2xf16>
  %i = ub.poison : i32
  // CHECK-DAG: %[[P:.*]] = ub.poison : f32
  // CHECK-DAG: %[[V:.*]] = ub.poison : vector<2xf16>
  // CHECK-DAG: %[[I:.*]] = ub.poison : i32
  %0 = math.rsqrt %p : f32
  %1 = math.absf %v : vector<2xf16>
  %2 = math.ctpop %i : i32
  %n = arith.constant 2 : i32
  %3 = math.fpowi %p, %n : f32, i32
  // CHECK: return %[[P]], %[[V]], %[[I]], %[[P]]
  return %0, %1, %2, %3 : f32, vector<2xf16>, i32, f32
}
