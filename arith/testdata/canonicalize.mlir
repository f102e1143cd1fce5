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
