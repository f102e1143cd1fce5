// RUN: kiln opt %s --canonicalize | FileCheck %s

// CHECK-LABEL: func.func @fold_int
func.func @fold_int() -> (i8, i32, i32, i8, i1) {
  %c127 = arith.constant 127 : i8
  %c1 = arith.constant 1 : i8
  %min = arith.constant -2147483648 : i32
  %m1 = arith.constant -1 : i32
  %c8 = arith.constant 8 : i8
  // Two's complement wrap-around at the type's width.
  %0 = arith.addi %c127, %c1 : i8
  // Signed division overflow is not folded.
  %1 = arith.divsi %min, %m1 : i32
  %2 = arith.remsi %min, %m1 : i32
  // Shifts by the width or more are poison: not folded.
  %3 = arith.shli %c1, %c8 : i8
  %4 = arith.cmpi ult, %m1, %min : i32
  // CHECK-DAG: %[[WRAP:.*]] = arith.constant -128 : i8
  // CHECK-DAG: %[[ZERO:.*]] = arith.constant 0 : i32
  // CHECK-DAG: %[[FALSE:.*]] = arith.constant false
  // CHECK-DAG: %[[DIV:.*]] = arith.divsi
  // CHECK-DAG: %[[SHL:.*]] = arith.shli
  // CHECK: return %[[WRAP]], %[[DIV]], %[[ZERO]], %[[SHL]], %[[FALSE]]
  return %0, %1, %2, %3, %4 : i8, i32, i32, i8, i1
}

// CHECK-LABEL: func.func @identities
// CHECK-SAME: (%[[X:.*]]: i32, %[[Y:.*]]: i32)
func.func @identities(%x: i32, %y: i32) -> (i32, i32, i32, i32, i32, i1) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %0 = arith.addi %x, %c0 : i32
  %1 = arith.muli %c1, %x : i32
  %2 = arith.subi %y, %y : i32
  %s = arith.addi %x, %y : i32
  %3 = arith.subi %s, %y : i32
  %4 = arith.andi %x, %x : i32
  %5 = arith.cmpi sle, %y, %y : i32
  // CHECK-DAG: %[[C0:.*]] = arith.constant 0 : i32
  // CHECK-DAG: %[[TRUE:.*]] = arith.constant true
  // CHECK: return %[[X]], %[[X]], %[[C0]], %[[X]], %[[X]], %[[TRUE]]
  return %0, %1, %2, %3, %4, %5 : i32, i32, i32, i32, i32, i1
}

// CHECK-LABEL: func.func @constant_to_the_right
func.func @constant_to_the_right(%x: i32) -> (i32, i1) {
  %c5 = arith.constant 5 : i32
  // CHECK: arith.addi %{{.*}}, %c5_i32 : i32
  %0 = arith.addi %c5, %x : i32
  // CHECK: arith.cmpi sgt, %{{.*}}, %c5_i32 : i32
  %1 = arith.cmpi slt, %c5, %x : i32
  return %0, %1 : i32, i1
}

// CHECK-LABEL: func.func @add_constants
func.func @add_constants(%x: i32) -> i32 {
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  %0 = arith.addi %x, %c1 : i32
  %1 = arith.addi %0, %c2 : i32
  // CHECK: %[[C3:.*]] = arith.constant 3 : i32
  // CHECK: %[[R:.*]] = arith.addi %{{.*}}, %[[C3]] : i32
  // CHECK: return %[[R]]
  return %1 : i32
}

// CHECK-LABEL: func.func @fold_float
func.func @fold_float() -> (f32, f32, f32, f32) {
  %nan = arith.constant 0x7FC00000 : f32
  %one = arith.constant 1.0 : f32
  %pz = arith.constant 0.0 : f32
  %nz = arith.constant -0.0 : f32
  %0 = arith.maximumf %nan, %one : f32
  %1 = arith.maxnumf %nan, %one : f32
  %2 = arith.minimumf %pz, %nz : f32
  %3 = arith.addf %one, %one : f32
  // CHECK-DAG: %[[NAN:.*]] = arith.constant 0x7FC00000 : f32
  // CHECK-DAG: %[[ONE:.*]] = arith.constant 1.000000e+00 : f32
  // CHECK-DAG: %[[NZ:.*]] = arith.constant -0.000000e+00 : f32
  // CHECK-DAG: %[[TWO:.*]] = arith.constant 2.000000e+00 : f32
  // CHECK: return %[[NAN]], %[[ONE]], %[[NZ]], %[[TWO]]
  return %0, %1, %2, %3 : f32, f32, f32, f32
}

// CHECK-LABEL: func.func @fold_vector
func.func @fold_vector() -> (vector<4xi32>, vector<2xi8>) {
  %a = arith.constant dense<1> : vector<4xi32>
  %b = arith.constant dense<2> : vector<4xi32>
  %c = arith.constant dense<[1, 2]> : vector<2xi8>
  %d = arith.constant dense<127> : vector<2xi8>
  // CHECK-DAG: arith.constant dense<3> : vector<4xi32>
  %0 = arith.addi %a, %b : vector<4xi32>
  // CHECK-DAG: arith.constant dense<[-128, -127]> : vector<2xi8>
  %1 = arith.addi %c, %d : vector<2xi8>
  return %0, %1 : vector<4xi32>, vector<2xi8>
}

// CHECK-LABEL: func.func @select
// CHECK-SAME: (%[[C:.*]]: i1, %[[A:.*]]: i32, %[[B:.*]]: i32)
func.func @select(%c: i1, %a: i32, %b: i32) -> (i32, i32, i1, i1, i32) {
  %true = arith.constant true
  %false = arith.constant false
  %0 = arith.select %true, %a, %b : i32
  %1 = arith.select %c, %a, %a : i32
  %2 = arith.select %c, %true, %false : i1
  // CHECK: %[[NOT:.*]] = arith.xori %[[C]], %true
  %3 = arith.select %c, %false, %true : i1
  %eq = arith.cmpi eq, %a, %b : i32
  %4 = arith.select %eq, %a, %b : i32
  // CHECK: return %[[A]], %[[A]], %[[C]], %[[NOT]], %[[B]]
  return %0, %1, %2, %3, %4 : i32, i32, i1, i1, i32
}

// CHECK-LABEL: func.func @casts
// CHECK-SAME: (%[[X:.*]]: i8, %[[Y:.*]]: i32)
func.func @casts(%x: i8, %y: i32) -> (i32, i8, i32, i32, i32, f32) {
  %c = arith.constant -1 : i8
  %0 = arith.extui %c : i8 to i32
  %e = arith.extsi %x : i8 to i32
  %1 = arith.trunci %e : i32 to i8
  %i = arith.index_cast %y : i32 to index
  %2 = arith.index_cast %i : index to i32
  %f = arith.constant 1.0 : f32
  %3 = arith.bitcast %f : f32 to i32
  %bad = arith.constant 1.0e10 : f32
  %4 = arith.fptosi %bad : f32 to i32
  %b = arith.bitcast %y : i32 to f32
  %5 = arith.bitcast %b : f32 to i32
  %6 = arith.bitcast %5 : i32 to f32
  // CHECK-DAG: %[[C255:.*]] = arith.constant 255 : i32
  // CHECK-DAG: %[[FPTOSI:.*]] = arith.fptosi
  // CHECK-DAG: %[[BITS:.*]] = arith.constant 1065353216 : i32
  // CHECK-DAG: %[[B:.*]] = arith.bitcast %[[Y]] : i32 to f32
  // CHECK: return %[[C255]], %[[X]], %[[Y]], %[[BITS]], %[[FPTOSI]], %[[B]]
  return %0, %1, %2, %3, %4, %6 : i32, i8, i32, i32, i32, f32
}

// CHECK-LABEL: func.func @extended
func.func @extended() -> (i32, i1, i32, i32) {
  %max = arith.constant -1 : i32
  %one = arith.constant 1 : i32
  %sum, %carry = arith.addui_extended %max, %one : i32, i1
  %low, %high = arith.mului_extended %max, %max : i32
  // CHECK-DAG: %[[C0:.*]] = arith.constant 0 : i32
  // CHECK-DAG: %[[TRUE:.*]] = arith.constant true
  // CHECK-DAG: %[[C1:.*]] = arith.constant 1 : i32
  // CHECK-DAG: %[[CM2:.*]] = arith.constant -2 : i32
  // CHECK: return %[[C0]], %[[TRUE]], %[[C1]], %[[CM2]]
  return %sum, %carry, %low, %high : i32, i1, i32, i32
}

// CHECK-LABEL: func.func @not_cmpi
func.func @not_cmpi(%a: i32, %b: i32) -> i1 {
  %true = arith.constant true
  %c = arith.cmpi ult, %a, %b : i32
  // CHECK: %[[R:.*]] = arith.cmpi uge, %{{.*}}, %{{.*}} : i32
  // CHECK: return %[[R]]
  %r = arith.xori %c, %true : i1
  return %r : i1
}

// CHECK-LABEL: func.func @select_patterns
// CHECK-SAME: (%[[C:.*]]: i1, %[[A:.*]]: f32, %[[B:.*]]: f32)
func.func @select_patterns(%c: i1, %a: f32, %b: f32) -> (i32, f32) {
  %one = arith.constant 1 : i32
  %zero = arith.constant 0 : i32
  %true = arith.constant true
  // CHECK: %[[EXT:.*]] = arith.extui %[[C]] : i1 to i32
  %0 = arith.select %c, %one, %zero : i32
  %n = arith.xori %c, %true : i1
  // CHECK: %[[SEL:.*]] = arith.select %[[C]], %[[B]], %[[A]] : f32
  %1 = arith.select %n, %a, %b : f32
  // CHECK: return %[[EXT]], %[[SEL]]
  return %0, %1 : i32, f32
}

// CHECK-LABEL: func.func @cmpi_of_ext
// CHECK-SAME: (%[[A:.*]]: i8, %[[B:.*]]: i8)
func.func @cmpi_of_ext(%a: i8, %b: i8) -> i1 {
  %x = arith.extui %a : i8 to i32
  %y = arith.extui %b : i8 to i32
  // CHECK: %[[R:.*]] = arith.cmpi eq, %[[A]], %[[B]] : i8
  %r = arith.cmpi eq, %x, %y : i32
  // CHECK: return %[[R]]
  return %r : i1
}

// CHECK-LABEL: func.func @bitwise_of_ext
// CHECK-SAME: (%[[A:.*]]: i8, %[[B:.*]]: i8, %[[C:.*]]: i16)
func.func @bitwise_of_ext(%a: i8, %b: i8, %c: i16) -> (i32, i32, i32, i32) {
  %0 = arith.extui %a : i8 to i32
  %1 = arith.extui %b : i8 to i32
  %2 = arith.extsi %a : i8 to i32
  %3 = arith.extsi %b : i8 to i32
  %4 = arith.extsi %c : i16 to i32
  // CHECK: %[[AND:.*]] = arith.andi %[[A]], %[[B]] : i8
  // CHECK: %[[R0:.*]] = arith.extui %[[AND]] : i8 to i32
  %r0 = arith.andi %0, %1 : i32
  // CHECK: %[[OR:.*]] = arith.ori %[[A]], %[[B]] : i8
  // CHECK: %[[R1:.*]] = arith.extsi %[[OR]] : i8 to i32
  %r1 = arith.ori %2, %3 : i32
  // CHECK: %[[XOR:.*]] = arith.xori %[[A]], %[[B]] : i8
  // CHECK: %[[R2:.*]] = arith.extsi %[[XOR]] : i8 to i32
  %r2 = arith.xori %2, %3 : i32
  // Different source types: unchanged.
  // CHECK: %[[R3:.*]] = arith.andi %{{.*}}, %{{.*}} : i32
  %r3 = arith.andi %2, %4 : i32
  // CHECK: return %[[R0]], %[[R1]], %[[R2]], %[[R3]]
  return %r0, %r1, %r2, %r3 : i32, i32, i32, i32
}

// CHECK-LABEL: func.func @and_or_of_not
// CHECK-SAME: (%[[X:.*]]: i32, %[[Y:.*]]: i32)
func.func @and_or_of_not(%x: i32, %y: i32) -> (i32, i32, i32, i32) {
  %m1 = arith.constant -1 : i32
  %n = arith.xori %x, %m1 : i32
  // CHECK-DAG: %[[Z:.*]] = arith.constant 0 : i32
  // CHECK-DAG: %[[M1:.*]] = arith.constant -1 : i32
  %0 = arith.andi %x, %n : i32
  %1 = arith.ori %n, %x : i32
  // and(x, and(x, y)) is and(x, y).
  // CHECK: %[[XY:.*]] = arith.andi %[[X]], %[[Y]] : i32
  %xy = arith.andi %x, %y : i32
  %2 = arith.andi %xy, %x : i32
  // CHECK: %[[OXY:.*]] = arith.ori %[[X]], %[[Y]] : i32
  %oxy = arith.ori %x, %y : i32
  %3 = arith.ori %y, %oxy : i32
  // CHECK: return %[[Z]], %[[M1]], %[[XY]], %[[OXY]]
  return %0, %1, %2, %3 : i32, i32, i32, i32
}

// CHECK-LABEL: func.func @trunc_patterns
// CHECK-SAME: (%[[A:.*]]: i8, %[[W:.*]]: i64, %[[P:.*]]: i32, %[[Q:.*]]: i32)
func.func @trunc_patterns(%a: i8, %w: i64, %p: i32, %q: i32) -> (i16, i32, i32, i32, i32, f32) {
  // CHECK-DAG: %[[C32:.*]] = arith.constant 32 : i64
  // CHECK-DAG: %[[CF:.*]] = arith.constant 1.000000e-01 : f64
  // trunci(extui(x)) keeps only extension bits: extui.
  // CHECK: %[[E:.*]] = arith.extui %[[A]] : i8 to i16
  %0 = arith.extui %a : i8 to i32
  %r0 = arith.trunci %0 : i32 to i16
  // trunci(shrsi(x, 32)) : i64 to i32 drops the bits that differ from shrui.
  // CHECK: %[[SH:.*]] = arith.shrui %[[W]], %[[C32]] : i64
  // CHECK: %[[T:.*]] = arith.trunci %[[SH]] : i64 to i32
  %c32 = arith.constant 32 : i64
  %s = arith.shrsi %w, %c32 : i64
  %r1 = arith.trunci %s : i64 to i32
  // The high half of a widened product.
  // CHECK: %[[LOW:.*]], %[[HIGH:.*]] = arith.mulsi_extended %[[P]], %[[Q]] : i32
  %pe = arith.extsi %p : i32 to i64
  %qe = arith.extsi %q : i32 to i64
  %m = arith.muli %pe, %qe : i64
  %mh = arith.shrui %m, %c32 : i64
  %r2 = arith.trunci %mh : i64 to i32
  // CHECK: %[[LOWU:.*]], %[[HIGHU:.*]] = arith.mului_extended %[[P]], %[[Q]] : i32
  %pu = arith.extui %p : i32 to i64
  %qu = arith.extui %q : i32 to i64
  %mu = arith.muli %pu, %qu : i64
  %muh = arith.shrui %mu, %c32 : i64
  %r3 = arith.trunci %muh : i64 to i32
  // A shift that is not the dropped width: unchanged.
  // CHECK: arith.shrsi %[[W]], %{{.*}} : i64
  %c31 = arith.constant 31 : i64
  %s2 = arith.shrsi %w, %c31 : i64
  %r4 = arith.trunci %s2 : i64 to i32
  // A truncf that rounds is not folded.
  // CHECK: %[[F:.*]] = arith.truncf %[[CF]] : f64 to f32
  %cf = arith.constant 0.1 : f64
  %r5 = arith.truncf %cf : f64 to f32
  // CHECK: return %[[E]], %[[T]], %[[HIGH]], %[[HIGHU]], %{{.*}}, %[[F]]
  return %r0, %r1, %r2, %r3, %r4, %r5 : i16, i32, i32, i32, i32, f32
}

// CHECK-LABEL: func.func @add_sub_constants
// CHECK-SAME: (%[[X:.*]]: index)
func.func @add_sub_constants(%x: index) -> (index, index, index, index, index, index, index, index, index) {
  %c17 = arith.constant 17 : index
  %c42 = arith.constant 42 : index
  %a = arith.addi %x, %c17 : index
  %s = arith.subi %x, %c17 : index
  %n = arith.subi %c17, %x : index
  // CHECK-DAG: %[[C59:.*]] = arith.constant 59 : index
  // CHECK-DAG: %[[C25:.*]] = arith.constant 25 : index
  // CHECK-DAG: %[[CM25:.*]] = arith.constant -25 : index
  // CHECK-DAG: %[[R0:.*]] = arith.addi %[[X]], %[[C59]] : index
  %r0 = arith.addi %a, %c42 : index
  // CHECK-DAG: %[[R1:.*]] = arith.addi %[[X]], %[[CM25]] : index
  %r1 = arith.subi %a, %c42 : index
  // CHECK-DAG: %[[R2:.*]] = arith.subi %[[C25]], %[[X]] : index
  %r2 = arith.subi %c42, %a : index
  // CHECK-DAG: %[[R3:.*]] = arith.addi %[[X]], %[[C25]] : index
  %r3 = arith.addi %s, %c42 : index
  // CHECK-DAG: %[[R4:.*]] = arith.subi %[[X]], %[[C59]] : index
  %r4 = arith.subi %s, %c42 : index
  // CHECK-DAG: %[[R5:.*]] = arith.subi %[[C59]], %[[X]] : index
  %r5 = arith.subi %c42, %s : index
  // CHECK-DAG: %[[R6:.*]] = arith.subi %[[C59]], %[[X]] : index
  %r6 = arith.addi %n, %c42 : index
  // CHECK-DAG: %[[R7:.*]] = arith.subi %[[CM25]], %[[X]] : index
  %r7 = arith.subi %n, %c42 : index
  // CHECK-DAG: %[[R8:.*]] = arith.addi %[[X]], %[[C25]] : index
  %r8 = arith.subi %c42, %n : index
  return %r0, %r1, %r2, %r3, %r4, %r5, %r6, %r7, %r8 : index, index, index, index, index, index, index, index, index
}

// CHECK-LABEL: func.func @misc_int
// CHECK-SAME: (%[[A:.*]]: i32, %[[B:.*]]: i32, %[[F:.*]]: f32)
func.func @misc_int(%a: i32, %b: i32, %f: f32) -> (i32, i32, i32, i32, f32) {
  // subi(subi(a, b), a) is 0 - b.
  // CHECK-DAG: %[[C0:.*]] = arith.constant 0 : i32
  // CHECK: %[[NEG:.*]] = arith.subi %[[C0]], %[[B]] : i32
  %s = arith.subi %a, %b : i32
  %r0 = arith.subi %s, %a : i32
  // mulsi_extended(x, 1) is (x, extsi(x < 0)); mului_extended(x, 1) is (x, 0).
  // CHECK: %[[LT:.*]] = arith.cmpi slt, %[[A]], %[[C0]] : i32
  // CHECK: %[[SIGN:.*]] = arith.extsi %[[LT]] : i1 to i32
  %one = arith.constant 1 : i32
  %l, %h = arith.mulsi_extended %a, %one : i32
  %lu, %hu = arith.mului_extended %a, %one : i32
  // A cast to its own type is its operand.
  %c = arith.bitcast %f : f32 to f32
  // CHECK: return %[[NEG]], %[[A]], %[[SIGN]], %[[C0]], %[[F]]
  return %r0, %l, %h, %hu, %c : i32, i32, i32, i32, f32
}

// CHECK-LABEL: func.func @cmpf_int_to_fp_const
// CHECK-SAME: (%[[A:.*]]: i32, %[[B:.*]]: i8)
func.func @cmpf_int_to_fp_const(%a: i32, %b: i8) -> (i1, i1, i1, i1, i1) {
  // CHECK-DAG: %[[TRUE:.*]] = arith.constant true
  // CHECK-DAG: %[[FALSE:.*]] = arith.constant false
  // CHECK-DAG: %[[C3:.*]] = arith.constant 3 : i32
  // CHECK-DAG: %[[CM4:.*]] = arith.constant -4 : i8
  %u = arith.uitofp %a : i32 to f64
  %s = arith.sitofp %b : i8 to f32
  %c32 = arith.constant 3.2 : f64
  %cneg = arith.constant -4.4 : f64
  %cneg32 = arith.constant -4.4 : f32
  %big = arith.constant 300.0 : f32
  // A fractional constant: u >= 3.2 is u > 3.
  // CHECK: %[[R0:.*]] = arith.cmpi ugt, %[[A]], %[[C3]] : i32
  %0 = arith.cmpf oge, %u, %c32 : f64
  // An unsigned value is never below a negative constant.
  %1 = arith.cmpf olt, %u, %cneg : f64
  // s > -4.4 is s >= -4.
  // CHECK: %[[R2:.*]] = arith.cmpi sge, %[[B]], %[[CM4]] : i8
  %2 = arith.cmpf ogt, %s, %cneg32 : f32
  // Beyond the i8 range.
  %3 = arith.cmpf ult, %s, %big : f32
  // A converted integer is never NaN.
  %4 = arith.cmpf ord, %s, %big : f32
  // CHECK: return %[[R0]], %[[FALSE]], %[[R2]], %[[TRUE]], %[[TRUE]]
  return %0, %1, %2, %3, %4 : i1, i1, i1, i1, i1
}

// Under nnan and nsz, x * 0 is the zero; without both flags it stays, and
// two constants fold with IEEE's signed zero.
// CHECK-LABEL: func @mulf_zero_fastmath(
func.func @mulf_zero_fastmath(%x : f32, %v : vector<4xf32>) -> (f32, vector<4xf32>, f32, f32) {
  // CHECK-DAG: %[[Z:.*]] = arith.constant 0.000000e+00 : f32
  // CHECK-DAG: %[[NZ:.*]] = arith.constant -0.000000e+00 : f32
  // CHECK-DAG: %[[VZ:.*]] = arith.constant dense<-0.000000e+00> : vector<4xf32>
  // CHECK: %[[KEPT:.*]] = arith.mulf %arg0, %[[Z]] fastmath<nnan> : f32
  // CHECK: return %[[Z]], %[[VZ]], %[[KEPT]], %[[NZ]]
  %z = arith.constant 0.0 : f32
  %vz = arith.constant dense<-0.0> : vector<4xf32>
  %neg = arith.constant -4.5 : f32
  %0 = arith.mulf %x, %z fastmath<nnan,nsz> : f32
  %1 = arith.mulf %v, %vz fastmath<fast> : vector<4xf32>
  %2 = arith.mulf %x, %z fastmath<nnan> : f32
  %3 = arith.mulf %neg, %z fastmath<nnan,nsz> : f32
  return %0, %1, %2, %3 : f32, vector<4xf32>, f32, f32
}

// minnumf(x, +inf) is +inf when x is NaN, so only a NaN operand folds.
// CHECK-LABEL: func @minnum_maxnum_inf(
// CHECK-DAG: %[[INF:.*]] = arith.constant 0x7F800000 : f32
// CHECK-DAG: %[[NINF:.*]] = arith.constant 0xFF800000 : f32
// CHECK: %[[MIN:.*]] = arith.minnumf %arg0, %[[INF]] : f32
// CHECK: %[[MAX:.*]] = arith.maxnumf %arg0, %[[NINF]] : f32
// CHECK: return %[[MIN]], %[[MAX]], %arg0, %arg0
func.func @minnum_maxnum_inf(%x : f32) -> (f32, f32, f32, f32) {
  %inf = arith.constant 0x7F800000 : f32
  %ninf = arith.constant 0xFF800000 : f32
  %nan = arith.constant 0x7FC00000 : f32
  %0 = arith.minnumf %inf, %x : f32
  %1 = arith.maxnumf %x, %ninf : f32
  %2 = arith.minnumf %x, %nan : f32
  %3 = arith.maxnumf %nan, %x : f32
  return %0, %1, %2, %3 : f32, f32, f32, f32
}

// An i1 true is -1 signed: mulsi_extended(x, true) is not x * 1.
// CHECK-LABEL: func @mulsi_extended_i1_true(
// CHECK: %[[L:.*]], %[[H:.*]] = arith.mulsi_extended %arg0, %{{.*}} : i1
// CHECK: return %[[L]], %[[H]]
func.func @mulsi_extended_i1_true(%x : i1) -> (i1, i1) {
  %t = arith.constant true
  %l, %h = arith.mulsi_extended %x, %t : i1
  return %l, %h : i1, i1
}

// (a * b) / a is b when the product cannot wrap in the division's sense.
// CHECK-LABEL: func @div_of_mul(
// CHECK: %[[M:.*]] = arith.muli %arg0, %arg1 : index
// CHECK: %[[D:.*]] = arith.divsi %[[M]], %arg0 : index
// CHECK: return %arg1, %arg0, %[[D]]
func.func @div_of_mul(%a : index, %b : index) -> (index, index, index) {
  %0 = arith.muli %a, %b overflow<nuw> : index
  %1 = arith.divui %0, %a : index
  %2 = arith.muli %a, %b overflow<nsw> : index
  %3 = arith.divsi %2, %b : index
  %4 = arith.muli %a, %b : index
  %5 = arith.divsi %4, %a : index
  return %1, %3, %5 : index, index, index
}

// An arith op of poison is poison; a select may pick the other value.
// CHECK-LABEL: func @poison_folds(
// CHECK-DAG: %[[P32:.*]] = ub.poison : i32
// CHECK-DAG: %[[P64:.*]] = ub.poison : i64
// CHECK-DAG: %[[PF:.*]] = ub.poison : f32
// CHECK: return %[[P32]], %[[P64]], %[[PF]], %[[PF]], %arg0, %arg0
func.func @poison_folds(%x : i32, %c : i1, %f : f32) -> (i32, i64, f32, f32, i32, i32) {
  %p = ub.poison : i32
  %pf = ub.poison : f32
  %0 = arith.addi %p, %x : i32
  %1 = arith.extsi %p : i32 to i64
  %2 = arith.mulf %f, %pf : f32
  %3 = arith.bitcast %p : i32 to f32
  %4 = arith.select %c, %p, %x : i32
  %5 = arith.select %c, %x, %p : i32
  return %0, %1, %2, %3, %4, %5 : i32, i64, f32, f32, i32, i32
}

// Reassociating constants keeps the overflow flags both ops carry.
// CHECK-LABEL: func @reassociate_overflow(
// CHECK-DAG: %[[C59:.*]] = arith.constant 59 : index
// CHECK: %[[A:.*]] = arith.subi %[[C59]], %arg0 overflow<nsw, nuw> : index
// CHECK: %[[B:.*]] = arith.addi %arg0, %[[C59]] : index
// CHECK: %[[C:.*]] = arith.addi %arg0, %[[C59]] overflow<nsw> : index
// CHECK: return %[[A]], %[[B]], %[[C]]
func.func @reassociate_overflow(%x: index) -> (index, index, index) {
  %c17 = arith.constant 17 : index
  %c42 = arith.constant 42 : index
  %0 = arith.subi %c17, %x overflow<nsw, nuw> : index
  %1 = arith.addi %c42, %0 overflow<nsw, nuw> : index
  %2 = arith.addi %c17, %x overflow<nsw> : index
  %3 = arith.addi %c42, %2 overflow<nuw> : index
  %4 = arith.addi %x, %c17 overflow<nsw, nuw> : index
  %5 = arith.addi %4, %c42 overflow<nsw> : index
  return %1, %3, %5 : index, index, index
}

// truncf(extf(x)) to a narrower type is truncf(x); truncf(sitofp(x)) is
// sitofp(x) unless the truncf names a rounding mode; extf(truncf(x)) is x
// when both allow contraction.
// CHECK-LABEL: func @float_cast_chains(
// CHECK-DAG: %[[T:.*]] = arith.truncf %arg0 : f32 to f16
// CHECK-DAG: %[[S:.*]] = arith.sitofp %arg1 : i32 to f32
// CHECK-DAG: %[[W:.*]] = arith.sitofp %arg1 : i32 to f64
// CHECK-DAG: %[[R:.*]] = arith.truncf %[[W]] to_nearest_even : f64 to f32
// CHECK-DAG: %[[N:.*]] = arith.truncf %arg0 : f32 to bf16
// CHECK-DAG: %[[E:.*]] = arith.extf %[[N]] : bf16 to f32
// CHECK: return %[[T]], %[[S]], %[[R]], %arg0, %[[E]]
func.func @float_cast_chains(%x: f32, %i: i32) -> (f16, f32, f32, f32, f32) {
  %0 = arith.extf %x : f32 to f64
  %1 = arith.truncf %0 : f64 to f16
  %2 = arith.sitofp %i : i32 to f64
  %3 = arith.truncf %2 : f64 to f32
  %4 = arith.truncf %2 to_nearest_even : f64 to f32
  %5 = arith.truncf %x fastmath<contract> : f32 to bf16
  %6 = arith.extf %5 fastmath<contract> : bf16 to f32
  %7 = arith.truncf %x : f32 to bf16
  %8 = arith.extf %7 : bf16 to f32
  return %1, %3, %4, %6, %8 : f16, f32, f32, f32, f32
}

// Constants fold in the op's rounding mode; rounding downward keeps
// x + -0 and x - +0 (+0 + -0 is -0 there).
// CHECK-LABEL: func @fold_rounding_modes(
// CHECK-DAG: %[[T:.*]] = arith.constant 0.333333343 : f32
// CHECK-DAG: %[[D:.*]] = arith.constant 0.333333313 : f32
// CHECK-DAG: %[[A:.*]] = arith.addf %arg0, %{{.*}} downward : f32
// CHECK-DAG: %[[S:.*]] = arith.subf %arg0, %{{.*}} downward : f32
// CHECK: return %[[T]], %[[D]], %[[A]], %[[S]], %arg0, %arg0
func.func @fold_rounding_modes(%x: f32) -> (f32, f32, f32, f32, f32, f32) {
  %one = arith.constant 1.0 : f32
  %three = arith.constant 3.0 : f32
  %nz = arith.constant -0.0 : f32
  %pz = arith.constant 0.0 : f32
  %0 = arith.divf %one, %three to_nearest_even : f32
  %1 = arith.divf %one, %three downward : f32
  %2 = arith.addf %x, %nz downward : f32
  %3 = arith.subf %x, %pz downward : f32
  %4 = arith.addf %x, %nz upward : f32
  %5 = arith.mulf %x, %one toward_zero : f32
  return %0, %1, %2, %3, %4, %5 : f32, f32, f32, f32, f32, f32
}

// The identities come before constant folding, as in MLIR's folders: a
// signaling NaN times 1.0 is the operand itself, not the quieted product.
// CHECK-LABEL: func @float_identities_first(
// CHECK-DAG: %[[SNAN:.*]] = arith.constant 0x7FA00000 : f32
// CHECK-DAG: %[[QNAN:.*]] = arith.constant 0x7FE00000 : f32
// CHECK: return %[[SNAN]], %[[SNAN]], %[[SNAN]], %[[SNAN]], %[[QNAN]]
func.func @float_identities_first() -> (f32, f32, f32, f32, f32) {
  %snan = arith.constant 0x7FA00000 : f32
  %one = arith.constant 1.0 : f32
  %two = arith.constant 2.0 : f32
  %nz = arith.constant -0.0 : f32
  %pz = arith.constant 0.0 : f32
  %0 = arith.mulf %snan, %one : f32
  %1 = arith.divf %snan, %one : f32
  %2 = arith.addf %snan, %nz : f32
  %3 = arith.subf %snan, %pz : f32
  %4 = arith.mulf %snan, %two : f32
  return %0, %1, %2, %3, %4 : f32, f32, f32, f32, f32
}

// extui(extui(x)) keeps nneg only when the inner extension has it: the
// outer flag holds for every zero-extended value.
// CHECK-LABEL: func.func @extui_of_extui_nneg
// CHECK-SAME: (%[[X:.*]]: i1, %[[Y:.*]]: i8)
func.func @extui_of_extui_nneg(%x: i1, %y: i8) -> (i32, i32, i32) {
  %w = arith.extui %x : i1 to i8
  // CHECK: %[[A:.*]] = arith.extui %[[X]] : i1 to i32
  %0 = arith.extui %w nneg : i8 to i32
  %z = arith.extui %y nneg : i8 to i16
  // CHECK: %[[B:.*]] = arith.extui %[[Y]] nneg : i8 to i32
  %1 = arith.extui %z nneg : i16 to i32
  // CHECK: %[[C:.*]] = arith.extui %[[Y]] : i8 to i32
  %2 = arith.extui %z : i16 to i32
  // CHECK: return %[[A]], %[[B]], %[[C]]
  return %0, %1, %2 : i32, i32, i32
}

// index_castui(extui(x)) likewise: nneg from the extui.
// CHECK-LABEL: func.func @index_castui_of_extui_nneg
// CHECK-SAME: (%[[X:.*]]: i8)
func.func @index_castui_of_extui_nneg(%x: i8) -> (index, index) {
  %e = arith.extui %x : i8 to i16
  // CHECK: %[[A:.*]] = arith.index_castui %[[X]] : i8 to index
  %0 = arith.index_castui %e nneg : i16 to index
  %n = arith.extui %x nneg : i8 to i16
  // CHECK: %[[B:.*]] = arith.index_castui %[[X]] nneg : i8 to index
  %1 = arith.index_castui %n : i16 to index
  // CHECK: return %[[A]], %[[B]]
  return %0, %1 : index, index
}

// An extension the next op undoes passes nneg on from an extui.
// CHECK-LABEL: func.func @nneg_through_extensions
// CHECK-SAME: (%[[X:.*]]: i8, %[[Y:.*]]: i8)
func.func @nneg_through_extensions(%x: i8, %y: i8) -> (i64, i16, i32, i32, i32, i32) {
  %e = arith.extui %x nneg : i8 to i32
  // CHECK-DAG: %[[S:.*]] = arith.extui %[[X]] nneg : i8 to i64
  %0 = arith.extsi %e : i32 to i64
  // CHECK-DAG: %[[T:.*]] = arith.extui %[[X]] nneg : i8 to i16
  %1 = arith.trunci %e : i32 to i16
  %f = arith.extui %y : i8 to i32
  // andi is non-negative when one side is; ori and xori need both.
  // CHECK-DAG: %[[AND:.*]] = arith.andi %[[X]], %[[Y]] : i8
  // CHECK-DAG: %[[A:.*]] = arith.extui %[[AND]] nneg : i8 to i32
  %2 = arith.andi %e, %f : i32
  // CHECK-DAG: %[[OR:.*]] = arith.ori %[[X]], %[[Y]] : i8
  // CHECK-DAG: %[[O:.*]] = arith.extui %[[OR]] : i8 to i32
  %3 = arith.ori %e, %f : i32
  %g = arith.extui %y nneg : i8 to i32
  // CHECK-DAG: %[[OR2:.*]] = arith.ori %[[X]], %[[Y]] : i8
  // CHECK-DAG: %[[O2:.*]] = arith.extui %[[OR2]] nneg : i8 to i32
  %4 = arith.ori %e, %g : i32
  // CHECK-DAG: %[[XOR:.*]] = arith.xori %[[X]], %[[Y]] : i8
  // CHECK-DAG: %[[XO:.*]] = arith.extui %[[XOR]] : i8 to i32
  %5 = arith.xori %e, %f : i32
  // CHECK: return %[[S]], %[[T]], %[[A]], %[[O]], %[[O2]], %[[XO]]
  return %0, %1, %2, %3, %4, %5 : i64, i16, i32, i32, i32, i32
}

// sitofp and uitofp read through an extension that keeps their value
// (MLIR PR 185386); sitofp of an extui is a uitofp.
// CHECK-LABEL: func.func @int_to_float_of_ext
// CHECK-SAME: (%[[X:.*]]: i4)
func.func @int_to_float_of_ext(%x: i4) -> (f32, f32, f32, bf16) {
  %s = arith.extsi %x : i4 to i8
  // CHECK-DAG: %[[A:.*]] = arith.sitofp %[[X]] : i4 to f32
  %0 = arith.sitofp %s : i8 to f32
  %u = arith.extui %x : i4 to i8
  // CHECK-DAG: %[[B:.*]] = arith.uitofp %[[X]] : i4 to f32
  %1 = arith.uitofp %u : i8 to f32
  // CHECK-DAG: %[[C:.*]] = arith.uitofp %[[X]] : i4 to f32
  %2 = arith.sitofp %u : i8 to f32
  %n = arith.extui %x nneg : i4 to i8
  // CHECK-DAG: %[[D:.*]] = arith.uitofp %[[X]] nneg : i4 to bf16
  %3 = arith.sitofp %n : i8 to bf16
  // CHECK: return %[[A]], %[[B]], %[[C]], %[[D]]
  return %0, %1, %2, %3 : f32, f32, f32, bf16
}

// index_cast(index_cast(x)) is x only when the middle type holds x (index
// counts as 64 bits): narrowing first loses bits (MLIR PR 189042).
// CHECK-LABEL: func.func @index_cast_round_trips
// CHECK-SAME: (%[[I:.*]]: index, %[[X:.*]]: i8, %[[Y:.*]]: i64)
func.func @index_cast_round_trips(%i: index, %x: i8, %y: i64) -> (index, i8, i64, index) {
  // CHECK: %[[N:.*]] = arith.index_cast %[[I]] : index to i8
  %n = arith.index_cast %i : index to i8
  // CHECK: %[[BACK:.*]] = arith.index_cast %[[N]] : i8 to index
  %0 = arith.index_cast %n : i8 to index
  %w = arith.index_cast %x : i8 to index
  %1 = arith.index_cast %w : index to i8
  %v = arith.index_castui %y : i64 to index
  %2 = arith.index_castui %v : index to i64
  %u = arith.index_castui %i : index to i64
  %3 = arith.index_castui %u : i64 to index
  // CHECK: return %[[BACK]], %[[X]], %[[Y]], %[[I]]
  return %0, %1, %2, %3 : index, i8, i64, index
}

// addf of a negation is a subtraction, in the addf's rounding mode and with
// its fast-math flags (MLIR PR 209277).
// CHECK-LABEL: func.func @addf_of_negf
// CHECK-SAME: (%[[X:.*]]: f32, %[[Y:.*]]: f32)
func.func @addf_of_negf(%x: f32, %y: f32) -> (f32, f32) {
  %n = arith.negf %x : f32
  // CHECK: %[[A:.*]] = arith.subf %[[Y]], %[[X]] : f32
  %0 = arith.addf %n, %y : f32
  // CHECK: %[[B:.*]] = arith.subf %[[Y]], %[[X]] upward fastmath<nsz> : f32
  %1 = arith.addf %y, %n upward fastmath<nsz> : f32
  // CHECK: return %[[A]], %[[B]]
  return %0, %1 : f32, f32
}

// -0 - x is -x, but not in another rounding mode (rounding downward,
// -0 - -0 is -0) nor from +0 (+0 - +0 is +0).
// CHECK-LABEL: func.func @subf_from_zero
// CHECK-SAME: (%[[X:.*]]: vector<4xf16>)
func.func @subf_from_zero(%x: vector<4xf16>) -> (vector<4xf16>, vector<4xf16>, vector<4xf16>) {
  %nz = arith.constant dense<-0.0> : vector<4xf16>
  %pz = arith.constant dense<0.0> : vector<4xf16>
  // CHECK-DAG: %[[A:.*]] = arith.negf %[[X]] fastmath<nnan> : vector<4xf16>
  %0 = arith.subf %nz, %x fastmath<nnan> : vector<4xf16>
  // CHECK-DAG: %[[B:.*]] = arith.subf %{{.*}}, %[[X]] downward : vector<4xf16>
  %1 = arith.subf %nz, %x downward : vector<4xf16>
  // CHECK-DAG: %[[C:.*]] = arith.subf %{{.*}}, %[[X]] : vector<4xf16>
  %2 = arith.subf %pz, %x : vector<4xf16>
  // CHECK: return %[[A]], %[[B]], %[[C]]
  return %0, %1, %2 : vector<4xf16>, vector<4xf16>, vector<4xf16>
}

// Under nsz either zero is the identity of addf and subf, in any rounding
// mode (MLIR PR 217031); without it only x + -0 and x - +0 are x.
// CHECK-LABEL: func.func @nsz_zero_identity
// CHECK-SAME: (%[[X:.*]]: f32)
func.func @nsz_zero_identity(%x: f32) -> (f32, f32, f32, f32) {
  %pz = arith.constant 0.0 : f32
  %nz = arith.constant -0.0 : f32
  %0 = arith.addf %x, %pz fastmath<nsz> : f32
  %1 = arith.subf %x, %nz downward fastmath<nsz> : f32
  // CHECK-DAG: %[[A:.*]] = arith.addf %[[X]], %{{.*}} : f32
  %2 = arith.addf %x, %pz : f32
  // CHECK-DAG: %[[S:.*]] = arith.subf %[[X]], %{{.*}} : f32
  %3 = arith.subf %x, %nz : f32
  // CHECK: return %[[X]], %[[X]], %[[A]], %[[S]]
  return %0, %1, %2, %3 : f32, f32, f32, f32
}

// subui_extended(x, x) is (0, false); without its borrow it is a subi.
// CHECK-LABEL: func.func @subui_extended_folds
// CHECK-SAME: (%[[X:.*]]: vector<2xi32>, %[[Y:.*]]: vector<2xi32>)
func.func @subui_extended_folds(%x: vector<2xi32>, %y: vector<2xi32>) -> (vector<2xi32>, vector<2xi1>, vector<2xi32>) {
  // CHECK-DAG: %[[Z:.*]] = arith.constant dense<0> : vector<2xi32>
  // CHECK-DAG: %[[F:.*]] = arith.constant dense<false> : vector<2xi1>
  %d, %b = arith.subui_extended %x, %x : vector<2xi32>, vector<2xi1>
  // CHECK-DAG: %[[S:.*]] = arith.subi %[[X]], %[[Y]] : vector<2xi32>
  %e, %unused = arith.subui_extended %x, %y : vector<2xi32>, vector<2xi1>
  // CHECK: return %[[Z]], %[[F]], %[[S]]
  return %d, %b, %e : vector<2xi32>, vector<2xi1>, vector<2xi32>
}

// A flushed value has no denormal left to flush.
// CHECK-LABEL: func.func @flush_of_flush
// CHECK-SAME: (%[[X:.*]]: f32)
func.func @flush_of_flush(%x: f32) -> f32 {
  // CHECK: %[[F:.*]] = arith.flush_denormals %[[X]] : f32
  %0 = arith.flush_denormals %x : f32
  %1 = arith.flush_denormals %0 : f32
  // CHECK: return %[[F]]
  return %1 : f32
}

// convertf folds a constant the result type holds exactly, as truncf does.
// CHECK-LABEL: func.func @convertf_fold
func.func @convertf_fold() -> (f8E5M2, bf16) {
  // CHECK-DAG: %[[TWO:.*]] = arith.constant 2.000000e+00 : f8E5M2
  %c = arith.constant 2.0 : f8E4M3FN
  %0 = arith.convertf %c : f8E4M3FN to f8E5M2
  // 1 + 2^-10 needs f16's mantissa: bf16 rounds it, so it stays.
  // CHECK-DAG: %[[R:.*]] = arith.convertf %{{.*}} : f16 to bf16
  %h = arith.constant 1.0009765625 : f16
  %1 = arith.convertf %h : f16 to bf16
  // CHECK: return %[[TWO]], %[[R]]
  return %0, %1 : f8E5M2, bf16
}

// 0 / x is 0, x / x is 1, 0 % x and x % x are 0 for every integer division
// and remainder: a zero divisor is undefined (MLIR PR 212074). Not for a
// dynamic shape, which has no constant.
// CHECK-LABEL: func.func @trivial_div_rem
// CHECK-SAME: (%[[X:.*]]: vector<2xi32>, %[[T:.*]]: tensor<?xi32>)
func.func @trivial_div_rem(%x: vector<2xi32>, %t: tensor<?xi32>) -> (vector<2xi32>, vector<2xi32>, vector<2xi32>, vector<2xi32>, vector<2xi32>, vector<2xi32>, vector<2xi32>, vector<2xi32>, tensor<?xi32>) {
  %z = arith.constant dense<0> : vector<2xi32>
  // CHECK-DAG: %[[ONE:.*]] = arith.constant dense<1> : vector<2xi32>
  // CHECK-DAG: %[[ZERO:.*]] = arith.constant dense<0> : vector<2xi32>
  %0 = arith.divui %x, %x : vector<2xi32>
  %1 = arith.divsi %z, %x : vector<2xi32>
  %2 = arith.ceildivui %x, %x : vector<2xi32>
  %3 = arith.ceildivsi %z, %x : vector<2xi32>
  %4 = arith.floordivsi %x, %x : vector<2xi32>
  %5 = arith.remui %x, %x : vector<2xi32>
  %6 = arith.remsi %z, %x : vector<2xi32>
  %7 = arith.divsi %x, %x : vector<2xi32>
  // CHECK-DAG: %[[DYN:.*]] = arith.divui %[[T]], %[[T]] : tensor<?xi32>
  %8 = arith.divui %t, %t : tensor<?xi32>
  // CHECK: return %[[ONE]], %[[ZERO]], %[[ONE]], %[[ZERO]], %[[ONE]], %[[ZERO]], %[[ZERO]], %[[ONE]], %[[DYN]]
  return %0, %1, %2, %3, %4, %5, %6, %7, %8 : vector<2xi32>, vector<2xi32>, vector<2xi32>, vector<2xi32>, vector<2xi32>, vector<2xi32>, vector<2xi32>, vector<2xi32>, tensor<?xi32>
}

// Scaled casts of constants fold when every step of their expansion is
// exact, with an f8E8M0FNU scale only (MLIR PR 215123).
// CHECK-LABEL: func.func @scaling_folds
func.func @scaling_folds() -> (f32, f4E2M1FN, f4E2M1FN, f16, f16) {
  %x = arith.constant 1.5 : f4E2M1FN
  %s = arith.constant 4.0 : f8E8M0FNU
  // CHECK-DAG: %[[A:.*]] = arith.constant 6.000000e+00 : f32
  %0 = arith.scaling_extf %x, %s : f4E2M1FN, f8E8M0FNU to f32
  %y = arith.constant 12.0 : f32
  // CHECK-DAG: %[[B:.*]] = arith.constant 3.000000e+00 : f4E2M1FN
  %1 = arith.scaling_truncf %y, %s : f32, f8E8M0FNU to f4E2M1FN
  // 13 / 4 rounds in f4E2M1FN: kept.
  %z = arith.constant 13.0 : f32
  // CHECK-DAG: %[[C:.*]] = arith.scaling_truncf %{{.*}}, %{{.*}} : f32, f8E8M0FNU to f4E2M1FN
  %2 = arith.scaling_truncf %z, %s : f32, f8E8M0FNU to f4E2M1FN
  // 2^-100 has no f16: kept.
  %tiny = arith.constant 7.88860905E-31 : f8E8M0FNU
  // CHECK-DAG: %[[D:.*]] = arith.scaling_extf %{{.*}}, %{{.*}} : f4E2M1FN, f8E8M0FNU to f16
  %3 = arith.scaling_extf %x, %tiny : f4E2M1FN, f8E8M0FNU to f16
  // A scale of another type: kept.
  %h = arith.constant 3.0 : f16
  // CHECK-DAG: %[[E:.*]] = arith.scaling_extf %{{.*}}, %{{.*}} : f16, f16 to f16
  %4 = arith.scaling_extf %h, %h : f16, f16 to f16
  // CHECK: return %[[A]], %[[B]], %[[C]], %[[D]], %[[E]]
  return %0, %1, %2, %3, %4 : f32, f4E2M1FN, f4E2M1FN, f16, f16
}
