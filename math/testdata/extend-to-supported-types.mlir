// RUN: kiln opt %s --math-extend-to-supported-types | FileCheck %s
// RUN: kiln opt %s --math-extend-to-supported-types="extra-types=f16,bf16 target-type=f64" | FileCheck %s --check-prefix=EXTRA
// RUN: not kiln opt %s --math-extend-to-supported-types="target-type=i8" 2>&1 | FileCheck %s --check-prefix=BADTARGET
// RUN: not kiln opt %s --math-extend-to-supported-types="extra-types=f16,vector<2xf16>" 2>&1 | FileCheck %s --check-prefix=BADEXTRA

// BADTARGET: error: could not map target type 'i8' to a known floating-point type
// BADEXTRA: error: could not map source type 'vector<2xf16>' to a known floating-point type

// Math ops on floats other than f32, f64 and the extra types compute in the
// target type: each operand is extended once, after its definition, and
// each result truncated back (fastmath<contract> on both); math.fma, f32
// and non-float operands stay.
// CHECK-LABEL: func.func @extend
// CHECK-SAME: (%[[X:.*]]: f16, %[[V:.*]]: vector<4xbf16>, %[[N:.*]]: i32, %[[Y:.*]]: f32)
// CHECK-DAG: %[[XE:.*]] = arith.extf %[[X]] fastmath<contract> : f16 to f32
// CHECK-DAG: %[[VE:.*]] = arith.extf %[[V]] fastmath<contract> : vector<4xbf16> to vector<4xf32>
// CHECK: %[[P:.*]] = math.fpowi %[[XE]], %[[N]] : f32, i32
// CHECK: %[[PT:.*]] = arith.truncf %[[P]] fastmath<contract> : f32 to f16
// CHECK: %[[SIN:.*]], %[[COS:.*]] = math.sincos %[[VE]] fastmath<afn> : vector<4xf32>
// CHECK: %[[ST:.*]] = arith.truncf %[[SIN]] fastmath<contract> : vector<4xf32> to vector<4xbf16>
// CHECK: %[[CT:.*]] = arith.truncf %[[COS]] fastmath<contract> : vector<4xf32> to vector<4xbf16>
// CHECK: %[[NAN:.*]] = math.isnan %[[XE]] : f32
// CHECK: %[[F:.*]] = math.fma %[[X]], %[[X]], %[[PT]] : f16
// CHECK: %[[E:.*]] = math.exp %[[Y]] : f32
// CHECK: return %[[PT]], %[[ST]], %[[CT]], %[[NAN]], %[[F]], %[[E]]
// EXTRA-LABEL: func.func @extend
// EXTRA-NOT: arith.extf
// EXTRA-NOT: arith.truncf
// EXTRA: return
func.func @extend(%x: f16, %v: vector<4xbf16>, %n: i32, %y: f32) -> (f16, vector<4xbf16>, vector<4xbf16>, i1, f16, f32) {
  %p = math.fpowi %x, %n : f16, i32
  %s, %c = math.sincos %v fastmath<afn> : vector<4xbf16>
  %nan = math.isnan %x : f16
  %f = math.fma %x, %x, %p : f16
  %e = math.exp %y : f32
  return %p, %s, %c, %nan, %f, %e : f16, vector<4xbf16>, vector<4xbf16>, i1, f16, f32
}

// A target type other than f32 is what the unsupported types compute in.
// EXTRA-LABEL: func.func @to_f64
// EXTRA: %[[E:.*]] = arith.extf %{{.*}} fastmath<contract> : f8E4M3FN to f64
// EXTRA: %[[R:.*]] = math.sqrt %[[E]] : f64
// EXTRA: arith.truncf %[[R]] fastmath<contract> : f64 to f8E4M3FN
func.func @to_f64(%x: f8E4M3FN) -> f8E4M3FN {
  %0 = math.sqrt %x : f8E4M3FN
  return %0 : f8E4M3FN
}
