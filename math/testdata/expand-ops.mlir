// RUN: kiln opt %s --math-expand-ops --split-input-file | FileCheck %s
// RUN: kiln opt %s --math-expand-ops="ops=tan,fma" --split-input-file | FileCheck %s --check-prefix=ONLY

// The ops option names the ops to expand by mnemonic; by default every
// expansion applies, and ops the expansions build (math.fma from asinh)
// expand in turn.
// CHECK-LABEL: func.func @filter
// CHECK-SAME: (%[[X:.*]]: f32, %[[Y:.*]]: f32)
// CHECK-NOT: math.
// CHECK: %[[SIN:.*]] = math.sin %[[X]] : f32
// CHECK: %[[COS:.*]] = math.cos %[[X]] : f32
// CHECK: arith.divf %[[SIN]], %[[COS]] : f32
// CHECK: arith.mulf %[[Y]], %[[Y]] : f32
// CHECK: math.sqrt
// CHECK: math.log
// CHECK-NOT: math.fma
// ONLY-LABEL: func.func @filter
// ONLY: math.sin
// ONLY: math.cos
// ONLY: math.asinh
// ONLY-NOT: math.fma
func.func @filter(%x: f32, %y: f32) -> (f32, f32) {
  %0 = math.tan %x : f32
  %1 = math.asinh %y : f32
  return %0, %1 : f32, f32
}

// -----

// tanh multiplies by sign(x) so that exp only sees a non-positive argument.
// CHECK-LABEL: func.func @tanh
// CHECK-SAME: (%[[X:.*]]: vector<4xf32>)
// CHECK-DAG: %[[ZERO:.*]] = arith.constant dense<0.000000e+00> : vector<4xf32>
// CHECK-DAG: %[[ONE:.*]] = arith.constant dense<1.000000e+00> : vector<4xf32>
// CHECK-DAG: %[[NEG2:.*]] = arith.constant dense<-2.000000e+00> : vector<4xf32>
// CHECK: %[[NEG:.*]] = arith.cmpf olt, %[[X]], %[[ZERO]] : vector<4xf32>
// CHECK: %[[NEGF:.*]] = arith.uitofp %[[NEG]] : vector<4xi1> to vector<4xf32>
// CHECK: %[[M:.*]] = arith.mulf %[[NEGF]], %[[NEG2]]
// CHECK: %[[SIGN:.*]] = arith.addf %[[M]], %[[ONE]]
// CHECK: %[[POS:.*]] = arith.mulf %[[SIGN]], %[[X]]
// CHECK: %[[M2:.*]] = arith.mulf %[[POS]], %[[NEG2]]
// CHECK: %[[E:.*]] = math.exp %[[M2]]
// CHECK: %[[N:.*]] = arith.subf %[[ONE]], %[[E]]
// CHECK: %[[D:.*]] = arith.addf %[[E]], %[[ONE]]
// CHECK: %[[Q:.*]] = arith.divf %[[N]], %[[D]]
// CHECK: %[[R:.*]] = arith.mulf %[[SIGN]], %[[Q]]
// CHECK: return %[[R]]
func.func @tanh(%x: vector<4xf32>) -> vector<4xf32> {
  %0 = math.tanh %x : vector<4xf32>
  return %0 : vector<4xf32>
}

// -----

// Constant exponents take exact forms; fpowi multiplies by squaring and
// guards 1/x^n against zeros; a non-constant fpowi goes through powf.
// CHECK-LABEL: func.func @powers
// CHECK-SAME: (%[[X:.*]]: f64, %[[N:.*]]: i32)
// CHECK-DAG: %[[ONE:.*]] = arith.constant 1.000000e+00 : f64
// CHECK-DAG: %[[PINF:.*]] = arith.constant 0x7FF0000000000000 : f64
// CHECK-DAG: %[[NINF:.*]] = arith.constant 0xFFF0000000000000 : f64
// CHECK: %[[SQRT:.*]] = math.sqrt %[[X]]
// CHECK: %[[RSQRT:.*]] = arith.divf %[[ONE]], %{{.*}} : f64
// CHECK: %[[X2:.*]] = arith.mulf %[[X]], %[[X]]
// CHECK: %[[X3:.*]] = arith.mulf %[[X2]], %[[X]]
// CHECK: %[[Z:.*]] = arith.cmpf oeq, %[[X3]], %{{.*}}
// CHECK: %[[NZ:.*]] = arith.cmpf oeq, %[[X3]], %{{.*}}
// CHECK: %[[INV:.*]] = arith.divf %[[ONE]], %[[X3]]
// CHECK: %[[S1:.*]] = arith.select %[[Z]], %[[PINF]], %[[INV]]
// CHECK: %[[S2:.*]] = arith.select %[[NZ]], %[[NINF]], %[[S1]]
// CHECK: %[[NF:.*]] = arith.sitofp %[[N]] : i32 to f64
// CHECK: %[[LOG:.*]] = math.log %[[X]]
// CHECK: %[[P:.*]] = arith.mulf %[[NF]], %[[LOG]]
// CHECK: %[[E:.*]] = math.exp %[[P]]
// CHECK: return %[[SQRT]], %[[RSQRT]], %[[ONE]], %[[S2]], %[[E]]
func.func @powers(%x: f64, %n: i32) -> (f64, f64, f64, f64, f64) {
  %half = arith.constant 0.5 : f64
  %mhalf = arith.constant -0.5 : f64
  %zero = arith.constant 0.0 : f64
  %m3 = arith.constant -3 : i32
  %0 = math.powf %x, %half : f64
  %1 = math.powf %x, %mhalf : f64
  %2 = math.powf %x, %zero : f64
  %3 = math.fpowi %x, %m3 : f64, i32
  %4 = math.fpowi %x, %n : f64, i32
  return %0, %1, %2, %3, %4 : f64, f64, f64, f64, f64
}

// -----

// clampf keeps its fast-math flags: min against the upper bound, then max
// against the lower one.
// CHECK-LABEL: func.func @clampf
// CHECK-SAME: (%[[X:.*]]: f16, %[[LO:.*]]: f16, %[[HI:.*]]: f16)
// CHECK: %[[M:.*]] = arith.minimumf %[[X]], %[[HI]] fastmath<nnan> : f16
// CHECK: %[[R:.*]] = arith.maximumf %[[M]], %[[LO]] fastmath<nnan> : f16
// CHECK: return %[[R]]
func.func @clampf(%x: f16, %lo: f16, %hi: f16) -> f16 {
  %0 = math.clampf %x to [%lo, %hi] fastmath<nnan> : f16
  return %0 : f16
}

// -----

// round expands for f32 only; roundeven builds a math.round, which expands
// in turn for f32 and stays for f64. ctlz is a binary search on the bits.
// CHECK-LABEL: func.func @rounding
// CHECK-SAME: (%[[X:.*]]: f32, %[[Y:.*]]: f64, %[[I:.*]]: i8)
// CHECK-NOT: math.round %[[X]]
// CHECK: arith.bitcast %[[X]] : f32 to i32
// CHECK: %[[RY:.*]] = math.round %[[Y]] : f64
// CHECK: arith.bitcast %[[RY]] : f64 to i64
// CHECK: arith.cmpi ule, %[[I]], %{{.*}} : i8
// CHECK: arith.shli %[[I]], %{{.*}} : i8
// CHECK-NOT: math.ctlz
// CHECK: return
func.func @rounding(%x: f32, %y: f64, %i: i8) -> (f32, f64, i8) {
  %0 = math.roundeven %x : f32
  %1 = math.roundeven %y : f64
  %2 = math.ctlz %i : i8
  return %0, %1, %2 : f32, f64, i8
}
